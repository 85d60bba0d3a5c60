import Animation
import Scenes

/// The finish line's colour: the tutorial's `#colorLiteral(red: 0.9529411793,
/// green: 0.6862745285, blue: 0.1333333403, alpha: 1)`, exactly 243, 175, 34 of
/// 255.
let finishLineColor = Color(
    red: 0.9529411793, green: 0.6862745285, blue: 0.1333333403)
/// The radius of both circles, points (tutorial); the line is `finishLineWidth
/// * 2 + 1` wide, as wide as a circle with its 1-point stroke.
let finishLineWidth = 12.0
/// Seconds for the second circle to travel and for the line to draw (tutorial).
let finishLineAnimationDuration: MediaTime = 2.0
/// The background of `finishLineView`: the tutorial's `#colorLiteral(red: 0,
/// green: 0, blue: 0, alpha: 0.30)`, a veil that darkens the board to 70 %.
let finishLineViewColor = Color(red: 0, green: 0, blue: 0, alpha: 0.30)

/// The tutorial's finish line in its own full-window layer: a circle at the
/// start, a second circle that moves from the start to the end, and a line
/// between them that draws itself over the same time, so that the thick line
/// looks as if it had round ends.
///
/// ```
///  t = 0    ●                       start circle, moving circle on top of it
///  t = 1 s  ●━━━━━━━━━━●            line stroked half way, moving circle there
/// t = 2 s ●━━━━━━━━━━━━━━━━━━━━━━● both at the end; they stay (fillMode
/// forwards)
/// ```
/// All three animations are linear: the tutorial sets no timing function.
final class FinishLine {
    /// The tutorial's `finishLineView`: the whole window, black at 30 %, user
    /// interaction on.
    let finishLineView: Layer
    /// When the animations start, scene seconds.
    let beginTime: MediaTime
    let timeline: Timeline
    /// The tutorial's three constants, or the knobs' values for them.
    let width: Double
    let color: Color
    let duration: MediaTime
    /// How far along the tutorial the line is drawn (FinishLineSteps.swift).
    let stage: Stage

    /// A finish line for a window of `frameOfMainView` ("the whole screen")
    /// whose animations start at `beginTime` (nil: now).
    init(
        frameOfMainView: Rect, timeline: Timeline, beginTime: MediaTime? = nil,
        width: Double = finishLineWidth,
        color: Color = finishLineColor,
        duration: MediaTime = finishLineAnimationDuration,
        stage: Stage = .complete
    ) {
        self.stage = stage
        self.timeline = timeline
        self.width = width
        self.color = color
        self.duration = duration
        self.beginTime = beginTime ?? timeline.currentTime
        let view = Layer(timeline: timeline)
        view.backgroundColor = finishLineViewColor
        view.frame = frameOfMainView
        view.isUserInteractionEnabled = true
        view.name = "finishLineView"
        finishLineView = view
    }

    /// Draws the line from `startPoint` to `endPoint` (points of
    /// `finishLineView`, which are the scene's): the shape layers of the
    /// tutorial so far, added in its order.
    func draw(from startPoint: Point, to endPoint: Point) {
        if stage >= .startCircle { addStartCircle(at: startPoint) }
        if stage >= .movingCircle {
            addMovingCircle(from: startPoint, to: endPoint)
        }
    }

    /// Firstly, the starting circle; it stays where it is.
    func addStartCircle(at startPoint: Point) {
        var startPointPath = BezierPath()
        startPointPath.addArc(
            withCenter: startPoint, radius: width, startAngle: 0,
            endAngle: .pi * 2,
            clockwise: true)
        let startPointShapeLayer = ShapeLayer(timeline: timeline)
        startPointShapeLayer.name = "startPointShapeLayer"
        startPointShapeLayer.fillColor = color
        startPointShapeLayer.strokeColor = color
        startPointShapeLayer.path = startPointPath
        finishLineView.addSublayer(startPointShapeLayer)
    }

    /// Next, a circle drawn at the start too, whose layer moves by the offset
    /// to the end: its position runs from (0, 0) to `endPoint − startPoint`,
    /// relative coordinates, and holds there (fillMode forwards, not removed on
    /// completion).
    func addMovingCircle(from startPoint: Point, to endPoint: Point) {
        var linePath = BezierPath()
        linePath.addArc(
            withCenter: startPoint, radius: width, startAngle: 0,
            endAngle: .pi * 2,
            clockwise: true)
        let lineShapeLayer = ShapeLayer(timeline: timeline)
        lineShapeLayer.name = "lineShapeLayer"
        lineShapeLayer.fillColor = color
        lineShapeLayer.strokeColor = color
        lineShapeLayer.path = linePath
        let lineAnimation = BasicAnimation(keyPath: .position)
        lineAnimation.fromValue = Point(x: 0, y: 0)
        lineAnimation.toValue = Point(
            x: endPoint.x - startPoint.x, y: endPoint.y - startPoint.y)
        lineAnimation.isRemovedOnCompletion = false
        lineAnimation.duration = duration
        lineAnimation.fillMode = .forwards
        lineAnimation.beginTime = beginTime
        lineShapeLayer.add(lineAnimation, forKey: "animation")
        finishLineView.addSublayer(lineShapeLayer)
    }
}

// MARK: - Checkpoints

extension FinishLine: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants, with the tutorial step's stage (its layers are the engine's).
    static let notCheckpointed: Set = [
        "finishLineView", "beginTime", "timeline", "width", "color", "duration",
        "stage",
    ]
}
