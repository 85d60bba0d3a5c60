// The marks on the board. Our own drawing: the tutorial does not show its game's marks.

import Animation

/// X's colour: a blue, far from the finish line's orange and from O's red.
let xMarkColor = Color(red: 0.16, green: 0.40, blue: 0.85)
/// O's colour: a crimson, far from the finish line's orange and from X's blue.
let oMarkColor = Color(red: 0.84, green: 0.19, blue: 0.31)
/// Seconds a new mark takes to draw its strokes.
let markDrawDuration: MediaTime = 0.3
/// The stroke width of a mark, as a fraction of the field's side.
let markLineWidthRatio = 0.09
/// How far an X's strokes stay from the field's edges, as a fraction of the field's side.
let xMarkInsetRatio = 0.26
/// The radius of an O, as a fraction of the field's side.
let oMarkRadiusRatio = 0.30

/// One X or O in a field: a shape layer whose strokes draw themselves in when it is placed.
///
/// X is two strokes, top-left to bottom-right then top-right to bottom-left; O is one circle
/// from the top, clockwise. Both are one path, so `strokeEnd` draws them stroke by stroke.
final class MarkView {
    let mark: Mark
    let layer: ShapeLayer

    init(mark: Mark, timeline: Timeline) {
        self.mark = mark
        layer = ShapeLayer(timeline: timeline)
        layer.name = "mark \(mark)"
        layer.fillColor = .clear
        layer.strokeColor = mark == .x ? xMarkColor : oMarkColor
        layer.lineCap = .round
        layer.lineJoin = .round
    }

    /// Places the mark in `field` (a square in its superlayer's space).
    func layout(in field: Rect) {
        layer.frame = field
        let side = field.width
        layer.lineWidth = side * markLineWidthRatio
        var path = BezierPath()
        switch mark {
        case .x:
            let near = side * xMarkInsetRatio
            let far = side - near
            path.move(to: Point(x: near, y: near))
            path.addLine(to: Point(x: far, y: far))
            path.move(to: Point(x: far, y: near))
            path.addLine(to: Point(x: near, y: far))
        case .o:
            path.addArc(
                withCenter: Point(x: side / 2, y: side / 2), radius: side * oMarkRadiusRatio,
                startAngle: -.pi / 2, endAngle: .pi * 3 / 2, clockwise: true)
        }
        layer.path = path
    }

    /// Draws the strokes in from nothing, easing out, over `markDrawDuration`.
    func drawIn(duration: MediaTime = markDrawDuration) {
        let draw = BasicAnimation(keyPath: .strokeEnd)
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = duration
        draw.timingFunction = .easeOut
        layer.add(draw, forKey: "draw")
    }
}

// MARK: - Checkpoints

extension MarkView: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants (its layer is the engine's).
    static let notCheckpointed: Set = ["mark", "layer"]
}
