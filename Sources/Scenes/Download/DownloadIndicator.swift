// DownloadIndicator — the tutorial's library, RMDownloadIndicator (Mahesh Shanbhag,
// github.com/MaheshRS/Download-Indicator), as "Shaping up with CAShapeLayer" uses it: a shape layer
// whose path runs through paths computed ahead, one per 1/60 s of the animation.
//
// How the library draws, and how we do (the one place where the port must differ):
// - Every keyframe is a UIBezierPath arc from −90° (12 o'clock) to the frame's end angle. Core
//   Graphics cuts an arc into one cubic per started quarter turn, so an arc of 80° has one
//   cubic and one of 100° has two: the element count changes three times on the way round.
//   Core Animation interpolates two paths point by point only when their elements match;
//   otherwise it jumps. The library gets away with it because its keyframes are only 1/60 s
//   apart: a jump between neighbours is at most one frame's worth of angle.
// - Frames do not land on keyframes (easeOut warps time, and the host's frames fall anywhere
//   between two keyframes), so the in-between values are drawn and must be right. We build
//   every arc from exactly `arcPieceCount` equal cubics, even an empty one (its pieces then
//   have zero length). All keyframes of one type have the same elements, so the engine
//   interpolates each pair point by point. Neighbours differ by at most 6° (+50 % over 30
//   steps, or 360° over the 60 of a One Time Animation); half-way between them the arc's end
//   cuts the chord, 0.0014·r inside the circle: 0.05 points at r = 38, 0.14 px at 2.67 px a
//   point (0.005 px for a 1.2° step), far below what antialiasing shows.
// - Handles are 4/3·tan(φ/4)·r per piece (φ ≤ 90°): radial error ≤ 2.7e-4·r, 0.01 points here.
//
// Deliberate differences from the library, with reasons:
// - A class owning a layer rather than a UIView subclass; `drawRect:`'s cover ring is a
//   shape layer (`coverPathLayer`), since our layers have no drawing callback.
// - The closed type's initial path uses the radius rule; the library passes min(w, h) there
//   (a zero-length arc, so nothing visible changes).
// - A percentage label under the indicator, hidden unless `showsPercentage` (the download
//   scene's `percentage` knob, off by default): the library's RMDisplayLabel is commented out
//   (`//[self addDisplayLabel]`), so the demo shows none; when shown, it shows the new value at
//   once rather than counting up on a timer as RMDisplayLabel would.
// - A resize recomputes the paths for the new radius and restarts the running animation with
//   its old begin time, so that it continues where it was (the library has a fixed frame).
import Animation
import Foundation

/// A circular download indicator (RMDownloadIndicator): a ring, a pie or a pie in a ring that
/// fills clockwise from 12 o'clock as `update(totalBytes:downloadedBytes:)` reports progress.
///
/// The caller sets the colours and `radiusPercent`, adds `layer` to its tree, calls
/// `loadIndicator()` and lays it out with `layout(in:)`; then each update animates from the last
/// angle to the new one over `animationDuration`, easeOut (docs/SEMANTICS.md § Download (RMDownloadIndicator)
/// libraries).
final class DownloadIndicator {
    /// The kinds of indicator (RMIndicatorType).
    enum IndicatorType: String, CaseIterable {
        /// kRMClosedIndicator: a ring stroked over a background ring.
        case closed
        /// kRMFilledIndicator: a pie.
        case filled
        /// kRMMixedIndicator: a pie inside a ring.
        case mixed
    }

    // MARK: - The library's constants (RMDownloadIndicator.m)

    /// Keyframe paths per second of animation: `ceil(duration * 60)` steps.
    static let keyframePathsPerSecond = 60.0
    /// Seconds an update animates (`_animationDuration = 0.5`).
    static let defaultAnimationDuration = 0.5
    /// Width of every stroke, pixels (`_coverWidth = 2.0`).
    static let defaultCoverWidth = 2.0
    /// Where every arc starts: 12 o'clock in y-down space (`degreeToRadian(-90)`).
    static let startAngle = degreeToRadian(-90)
    /// radiusPercent by type (`initAttributes`); the closed type always keeps 0.5.
    static func defaultRadiusPercent(for type: IndicatorType) -> Double {
        type == .mixed ? 0.4 : 0.5
    }
    /// Colour of the closed type's background ring when none is set (`[UIColor grayColor]`).
    static let defaultClosedBackgroundStrokeColor = Color(white: 0.5)

    // MARK: - Our constants

    /// Cubics per arc, whatever its angle: four quarter turns at most (see the file header).
    static let arcPieceCount = 4
    /// The label's font size as a fraction of the indicator's size, and its gap above, pixels.
    static let labelFontPercent = 0.11
    static let labelGap = 8.0

    // MARK: - Properties

    /// The indicator's own layer (the library's UIView); its bounds are the indicator's.
    let layer: Layer
    let type: IndicatorType
    /// The layer whose path animates (`_animatingLayer`).
    let animatingLayer: ShapeLayer
    /// The ring `drawRect:` strokes under the indicator (closed: background; mixed: the cover).
    let coverPathLayer: ShapeLayer
    /// The percentage under the indicator (RMDisplayLabel, moved below it); hidden unless
    /// `showsPercentage`.
    let displayLabel: TextLayer
    /// Ticks at the keyframes' end angles, shown by the debug overlay.
    let debugLayer: ShapeLayer

    var strokeColor = Color.white
    /// The pie's fill; always clear for the closed type (`setFillColor:`).
    var fillColor: Color {
        get { storedFillColor }
        set { storedFillColor = type == .closed ? .clear : newValue }
    }
    private var storedFillColor: Color
    var closedIndicatorBackgroundStrokeColor: Color
    /// Radius as a fraction of min(width, height), before `coverWidth` is taken off
    /// (`setRadiusPercent:`): the closed type keeps 0.5; others ignore values outside 0…0.5.
    var radiusPercent: Double {
        get { storedRadiusPercent }
        set {
            guard type != .closed else { return }
            guard newValue >= 0, newValue <= 0.5 else { return }
            storedRadiusPercent = newValue
        }
    }
    private var storedRadiusPercent: Double
    var coverWidth = DownloadIndicator.defaultCoverWidth
    /// Seconds per update (`setIndicatorAnimationDuration:`).
    var animationDuration = DownloadIndicator.defaultAnimationDuration
    /// Whether the percentage shows under the indicator (ours; off, as in the library).
    /// Whether an update animates through its keyframe paths (false: the tutorial's step
    /// before the animation, DownloadSteps.swift, which shows the last path at once).
    var animatesUpdates = true
    var showsPercentage = false {
        didSet { displayLabel.isHidden = !showsPercentage }
    }

    /// The paths of the last update, first to last (`_paths`).
    private(set) var paths: [BezierPath] = []
    /// The end angle of the last update, radians (`lastSourceAngle`).
    private(set) var lastSourceAngle = DownloadIndicator.startAngle
    /// The last update's angles and start, to rebuild its animation on a resize.
    private var lastUpdate: (from: Double, to: Double, beginTime: MediaTime)?
    /// The last ratio reported, 0…1.
    private(set) var downloadedRatio = 0.0

    /// An indicator of `type` (`initWithFrame:type:`), white on clear as the library's defaults.
    init(type: IndicatorType, timeline: Timeline) {
        self.type = type
        layer = Layer(timeline: timeline)
        animatingLayer = ShapeLayer(timeline: timeline)
        coverPathLayer = ShapeLayer(timeline: timeline)
        displayLabel = TextLayer(timeline: timeline)
        debugLayer = ShapeLayer(timeline: timeline)
        animatingLayer.name = "animatingLayer"
        displayLabel.name = "displayLabel"
        storedRadiusPercent = Self.defaultRadiusPercent(for: type)
        storedFillColor = type == .closed ? .clear : .white
        closedIndicatorBackgroundStrokeColor =
            switch type {
            case .closed: Self.defaultClosedBackgroundStrokeColor
            case .filled: .clear
            case .mixed: .white
            }

        coverPathLayer.fillColor = .clear
        coverPathLayer.isHidden = type == .filled
        debugLayer.fillColor = .clear
        debugLayer.strokeColor = Color(red: 0.9, green: 0.1, blue: 0.1)
        debugLayer.isHidden = true
        displayLabel.isBold = true
        displayLabel.foregroundColor = Color(white: 0.5)  // RMDisplayLabel: grayColor, bold
        displayLabel.isHidden = true
        for sublayer in [coverPathLayer, animatingLayer, debugLayer, displayLabel] {
            layer.addSublayer(sublayer)
        }
    }

    // MARK: - Loading and layout

    // step 1 {
    /// Sets the initial, empty path and the colours, and starts again from 12 o'clock
    /// (`loadIndicator`); also clears the label.
    func loadIndicator() {
        animatingLayer.removeAllAnimations()
        lastUpdate = nil
        paths = []
        lastSourceAngle = Self.startAngle
        downloadedRatio = 0
        animatingLayer.path = initialPath()
        animatingLayer.strokeColor = strokeColor
        animatingLayer.fillColor = fillColor
        animatingLayer.lineWidth = coverWidth
        coverPathLayer.strokeColor = closedIndicatorBackgroundStrokeColor
        coverPathLayer.lineWidth = coverWidth
        displayLabel.string = Self.labelText(forRatio: 0)
        updateDebugTicks()
    }
    // } step 1

    /// Places the indicator in `frame` (in its superlayer) and redraws everything for its size;
    /// call inside a transaction with actions disabled.
    func layout(in frame: Rect) {
        layer.frame = frame
        let bounds = Rect(origin: .zero, size: frame.size)
        for shape in [animatingLayer, coverPathLayer, debugLayer] {
            shape.frame = bounds
        }
        let fontSize = max(12, frame.width * Self.labelFontPercent)
        displayLabel.fontSize = fontSize
        displayLabel.frame = Rect(
            x: 0, y: bounds.maxY + Self.labelGap, width: bounds.width, height: fontSize * 1.5)

        // drawRect:'s cover ring: radius min(w, h)/2 − coverWidth, all the way round.
        var coverPath = BezierPath()
        coverPath.addArc(
            withCenter: center, radius: minSide / 2 - coverWidth, startAngle: 0, endAngle: 2 * .pi,
            clockwise: true)
        coverPathLayer.path = coverPath

        animatingLayer.path = initialPath()
        // step 2 {
        if lastSourceAngle != Self.startAngle {
            animatingLayer.path = path(
                startAngle: Self.startAngle, endAngle: lastSourceAngle, radius: radius, type: type)
        }
        if let lastUpdate {
            paths = keyframePaths(
                duration: animationDuration, lastUpdatedAngle: lastUpdate.from, newAngle: lastUpdate.to,
                radius: radius, type: type)
            // step 3 {
            if animatingLayer.animation(forKey: "path") != nil {
                addPathAnimation(beginTime: lastUpdate.beginTime)
            }
            // } step 3
        }
        // } step 2
        updateDebugTicks()
    }

    // MARK: - Updating

    // step 2 {
    /// Animates to `downloadedBytes / bytes` of a turn (`updateWithTotalBytes:downloadedBytes:`):
    /// the paths from the last angle to the new one are computed ahead, the model path is set to
    /// the last of them, and a keyframe animation runs through them all, easeOut.
    func update(totalBytes bytes: Double, downloadedBytes: Double) {
        guard bytes > 0 else { return }
        let ratio = downloadedBytes / bytes
        let destinationAngle = destinationAngle(forRatio: ratio)
        paths = keyframePaths(
            duration: animationDuration, lastUpdatedAngle: lastSourceAngle, newAngle: destinationAngle,
            radius: radius, type: type)
        animatingLayer.path = paths[paths.count - 1]
        lastUpdate = (lastSourceAngle, destinationAngle, layer.timeline.currentTime)
        lastSourceAngle = destinationAngle
        downloadedRatio = ratio
        // step 3 {
        if animatesUpdates { addPathAnimation(beginTime: 0) }  // 0: now, as Core Animation
        // } step 3
        displayLabel.string = Self.labelText(forRatio: ratio)
        updateDebugTicks()
    }
    // } step 2

    // step 3 {
    /// The keyframe animation through `paths` (`pathAnimation`), from `beginTime` (0: now).
    private func addPathAnimation(beginTime: MediaTime) {
        let pathAnimation = KeyframeAnimation(keyPath: .path)
        pathAnimation.values = paths
        pathAnimation.duration = animationDuration
        pathAnimation.timingFunction = .easeOut
        pathAnimation.isRemovedOnCompletion = true
        pathAnimation.beginTime = beginTime
        animatingLayer.add(pathAnimation, forKey: "path")
    }
    // } step 3

    // step 2 {
    /// `ceil(duration · 60) + 1` paths from −90° to end angles evenly spaced from
    /// `lastUpdatedAngle` to `newAngle`, both included (`keyframePathsWithDuration:…`).
    func keyframePaths(
        duration: Double, lastUpdatedAngle: Double, newAngle: Double, radius: Double, type: IndicatorType
    ) -> [BezierPath] {
        let frameCount = max(1, Int((duration * Self.keyframePathsPerSecond).rounded(.up)))
        return (0...frameCount).map { frame in
            let endAngle =
                lastUpdatedAngle + (newAngle - lastUpdatedAngle) * Double(frame) / Double(frameCount)
            return path(startAngle: Self.startAngle, endAngle: endAngle, radius: radius, type: type)
        }
    }
    // } step 2

    // step 2 {
    /// The arc (closed) or the pie (filled, mixed) from `startAngle` to `endAngle`
    /// (`pathWithStartAngle:endAngle:radius:type:`), always of the same elements: closed a move
    /// and `arcPieceCount` cubics; a pie a move to the centre, a line, the cubics and a close.
    func path(startAngle: Double, endAngle: Double, radius: Double, type: IndicatorType) -> BezierPath {
        let clockwise = startAngle < endAngle
        var path = BezierPath()
        if type == .closed {
            path.addArc(
                withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: clockwise, pieces: Self.arcPieceCount)
        } else {
            path.move(to: center)
            path.addArc(
                withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                clockwise: clockwise, pieces: Self.arcPieceCount)
            path.close()
        }
        return path
    }
    // } step 2

    // step 2 {
    /// `ratio` of a turn past 12 o'clock, radians (`destinationAngleForRatio:`).
    func destinationAngle(forRatio ratio: Double) -> Double {
        degreeToRadian(360 * ratio - 90)
    }
    // } step 2

    // MARK: - Geometry

    /// The animating arc's radius: min(width, height) · radiusPercent − coverWidth, pixels.
    var radius: Double { minSide * radiusPercent - coverWidth }
    private var minSide: Double { min(layer.bounds.width, layer.bounds.height) }
    private var center: Point { Point(x: layer.bounds.width / 2, y: layer.bounds.height / 2) }

    // step 1 {
    /// The path before any update: an arc of no angle at 12 o'clock (`loadIndicator`).
    private func initialPath() -> BezierPath {
        var initialPath = BezierPath()
        initialPath.addArc(
            withCenter: center, radius: radius, startAngle: Self.startAngle, endAngle: Self.startAngle,
            clockwise: true)
        return initialPath
    }
    // } step 1

    // MARK: - Label and debug marks (ours)

    /// "40%" for 0.4 (RMDisplayLabel's `(int)(value * 100)`, rounded rather than cut).
    static func labelText(forRatio ratio: Double) -> String {
        "\(Int((ratio * 100).rounded()))%"
    }

    /// Shows or hides the debug ticks.
    func setDebugOverlay(visible: Bool) {
        debugLayer.isHidden = !visible
    }

    /// One tick outside the indicator at the end angle of every keyframe path of the last
    /// update: evenly spaced, while easeOut makes the motion slow down among them.
    private func updateDebugTicks() {
        var ticks = BezierPath()
        if let lastUpdate, paths.count > 1 {
            let inner = minSide / 2 + 2
            let frameCount = Double(paths.count - 1)
            for frame in 0..<paths.count {
                let angle = lastUpdate.from + (lastUpdate.to - lastUpdate.from) * Double(frame) / frameCount
                let direction = Point(x: cos(angle), y: sin(angle))
                ticks.move(to: center + direction * inner)
                ticks.addLine(to: center + direction * (inner + 6))
            }
        }
        debugLayer.path = ticks
    }
}

/// Degrees to radians (the library's `degreeToRadian`).
private func degreeToRadian(_ degree: Double) -> Double {
    degree * .pi / 180
}

extension BezierPath {
    /// Adds an arc as `addArc(withCenter:…)` does, but always as exactly `pieces` equal cubics
    /// (an arc of no angle gives cubics of no length), so that arcs of any angle have the same
    /// elements and interpolate point by point. With a current point, a line to the arc's start
    /// always comes first, even of no length. Each piece should span at most a quarter turn.
    fileprivate mutating func addArc(
        withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool,
        pieces: Int
    ) {
        let sweep = BezierPath.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        func onCircle(_ angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        func tangent(_ angle: Double) -> Point { Point(x: -sin(angle), y: cos(angle)) }

        let start = onCircle(startAngle)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let step = sweep / Double(pieces)
        let handle = 4 / 3 * tan(step / 4) * radius
        for piece in 0..<pieces {
            let from = startAngle + step * Double(piece)
            let to = piece == pieces - 1 ? startAngle + sweep : from + step
            addCurve(
                to: onCircle(to), controlPoint1: onCircle(from) + tangent(from) * handle,
                controlPoint2: onCircle(to) - tangent(to) * handle)
        }
    }
}

// MARK: - Checkpoints

extension DownloadIndicator: CheckpointedObject {
    /// Its settings and the last update (its layers are the engine's): DownloadScene's
    /// checkpoints.
    struct Checkpoint {
        let strokeColor: Color
        let storedFillColor: Color
        let closedIndicatorBackgroundStrokeColor: Color
        let storedRadiusPercent: Double
        let coverWidth: Double
        let animationDuration: MediaTime
        let animatesUpdates: Bool
        let showsPercentage: Bool
        let paths: [BezierPath]
        let lastSourceAngle: Double
        let lastUpdate: (from: Double, to: Double, beginTime: MediaTime)?
        let downloadedRatio: Double
    }

    /// Its layers (the engine saves them) and its kind.
    static let notCheckpointed: Set = [
        "layer", "type", "animatingLayer", "coverPathLayer", "displayLabel", "debugLayer",
    ]

    var checkpoint: Checkpoint {
        Checkpoint(
            strokeColor: strokeColor, storedFillColor: storedFillColor,
            closedIndicatorBackgroundStrokeColor:
                closedIndicatorBackgroundStrokeColor,
            storedRadiusPercent: storedRadiusPercent, coverWidth: coverWidth,
            animationDuration: animationDuration, animatesUpdates: animatesUpdates,
            showsPercentage: showsPercentage, paths: paths, lastSourceAngle: lastSourceAngle,
            lastUpdate: lastUpdate, downloadedRatio: downloadedRatio)
    }

    func restore(_ saved: Checkpoint) {
        strokeColor = saved.strokeColor
        storedFillColor = saved.storedFillColor
        closedIndicatorBackgroundStrokeColor = saved.closedIndicatorBackgroundStrokeColor
        storedRadiusPercent = saved.storedRadiusPercent
        coverWidth = saved.coverWidth
        animationDuration = saved.animationDuration
        animatesUpdates = saved.animatesUpdates
        showsPercentage = saved.showsPercentage
        paths = saved.paths
        lastSourceAngle = saved.lastSourceAngle
        lastUpdate = saved.lastUpdate
        downloadedRatio = saved.downloadedRatio
    }
}
