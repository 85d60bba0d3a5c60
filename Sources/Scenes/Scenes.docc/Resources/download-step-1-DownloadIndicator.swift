import Animation
import Foundation
import Scenes

/// A circular download indicator (RMDownloadIndicator): a ring, a pie or a pie
/// in a ring that fills clockwise from 12 o'clock as
/// `update(totalBytes:downloadedBytes:)` reports progress.
///
/// The caller sets the colours and `radiusPercent`, adds `layer` to its tree,
/// calls `loadIndicator()` and lays it out with `layout(in:)`; then each update
/// animates from the last angle to the new one over `animationDuration`,
/// easeOut (docs/SEMANTICS.md § Download (RMDownloadIndicator) libraries).
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
    /// Where every arc starts: 12 o'clock in y-down space
    /// (`degreeToRadian(-90)`).
    static let startAngle = degreeToRadian(-90)
    /// radiusPercent by type (`initAttributes`); the closed type always keeps
    /// 0.5.
    static func defaultRadiusPercent(for type: IndicatorType) -> Double {
        type == .mixed ? 0.4 : 0.5
    }
    /// Colour of the closed type's background ring when none is set (`[UIColor
    /// grayColor]`).
    static let defaultClosedBackgroundStrokeColor = Color(white: 0.5)

    // MARK: - Our constants

    /// Cubics per arc, whatever its angle: four quarter turns at most (see the
    /// file header).
    static let arcPieceCount = 4
    /// The label's font size as a fraction of the indicator's size, and its gap
    /// above, pixels.
    static let labelFontPercent = 0.11
    static let labelGap = 8.0

    // MARK: - Properties

    /// The indicator's own layer (the library's UIView); its bounds are the
    /// indicator's.
    let layer: Layer
    let type: IndicatorType
    /// The layer whose path animates (`_animatingLayer`).
    let animatingLayer: ShapeLayer
    /// The ring `drawRect:` strokes under the indicator (closed: background;
    /// mixed: the cover).
    let coverPathLayer: ShapeLayer
    /// The percentage under the indicator (RMDisplayLabel, moved below it);
    /// hidden unless `showsPercentage`.
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
    /// Radius as a fraction of min(width, height), before `coverWidth` is taken
    /// off (`setRadiusPercent:`): the closed type keeps 0.5; others ignore
    /// values outside 0…0.5.
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
    /// Whether the percentage shows under the indicator (ours; off, as in the
    /// library). Whether an update animates through its keyframe paths (false:
    /// the tutorial's step before the animation, DownloadSteps.swift, which
    /// shows the last path at once).
    var animatesUpdates = true
    var showsPercentage = false {
        didSet { displayLabel.isHidden = !showsPercentage }
    }

    /// The paths of the last update, first to last (`_paths`).
    private(set) var paths: [BezierPath] = []
    /// The end angle of the last update, radians (`lastSourceAngle`).
    private(set) var lastSourceAngle = DownloadIndicator.startAngle
    /// The last update's angles and start, to rebuild its animation on a
    /// resize.
    private var lastUpdate: (from: Double, to: Double, beginTime: MediaTime)?
    /// The last ratio reported, 0…1.
    private(set) var downloadedRatio = 0.0

    /// An indicator of `type` (`initWithFrame:type:`), white on clear as the
    /// library's defaults.
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
        // RMDisplayLabel: grayColor, bold
        displayLabel.foregroundColor = Color(white: 0.5)
        displayLabel.isHidden = true
        for sublayer in [
            coverPathLayer, animatingLayer, debugLayer, displayLabel] {
            layer.addSublayer(sublayer)
        }
    }

    // MARK: - Loading and layout

    /// Sets the initial, empty path and the colours, and starts again from 12
    /// o'clock (`loadIndicator`); also clears the label.
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

    /// Places the indicator in `frame` (in its superlayer) and redraws
    /// everything for its size; call inside a transaction with actions
    /// disabled.
    func layout(in frame: Rect) {
        layer.frame = frame
        let bounds = Rect(origin: .zero, size: frame.size)
        for shape in [animatingLayer, coverPathLayer, debugLayer] {
            shape.frame = bounds
        }
        let fontSize = max(12, frame.width * Self.labelFontPercent)
        displayLabel.fontSize = fontSize
        displayLabel.frame = Rect(
            x: 0, y: bounds.maxY + Self.labelGap, width: bounds.width,
            height: fontSize * 1.5)

        // drawRect:'s cover ring: radius min(w, h)/2 − coverWidth, all the way
        // round.
        var coverPath = BezierPath()
        coverPath.addArc(
            withCenter: center, radius: minSide / 2 - coverWidth, startAngle: 0,
            endAngle: 2 * .pi,
            clockwise: true)
        coverPathLayer.path = coverPath

        animatingLayer.path = initialPath()
        updateDebugTicks()
    }

    // MARK: - Updating

    // MARK: - Geometry

    /// The animating arc's radius: min(width, height) · radiusPercent −
    /// coverWidth, pixels.
    var radius: Double { minSide * radiusPercent - coverWidth }
    private var minSide: Double { min(layer.bounds.width, layer.bounds.height) }
    private var center: Point {
        Point(x: layer.bounds.width / 2, y: layer.bounds.height / 2)
    }

    /// The path before any update: an arc of no angle at 12 o'clock
    /// (`loadIndicator`).
    private func initialPath() -> BezierPath {
        var initialPath = BezierPath()
        initialPath.addArc(
            withCenter: center, radius: radius, startAngle: Self.startAngle,
            endAngle: Self.startAngle,
            clockwise: true)
        return initialPath
    }

    // MARK: - Label and debug marks (ours)

    /// "40%" for 0.4 (RMDisplayLabel's `(int)(value * 100)`, rounded rather
    /// than cut).
    static func labelText(forRatio ratio: Double) -> String {
        "\(Int((ratio * 100).rounded()))%"
    }

    /// Shows or hides the debug ticks.
    func setDebugOverlay(visible: Bool) {
        debugLayer.isHidden = !visible
    }

    /// One tick outside the indicator at the end angle of every keyframe path
    /// of the last update: evenly spaced, while easeOut makes the motion slow
    /// down among them.
    private func updateDebugTicks() {
        var ticks = BezierPath()
        if let lastUpdate, paths.count > 1 {
            let inner = minSide / 2 + 2
            let frameCount = Double(paths.count - 1)
            for frame in 0..<paths.count {
                let angle = lastUpdate.from + (
                    lastUpdate.to - lastUpdate.from) * Double(
                        frame) / frameCount
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
    /// Adds an arc as `addArc(withCenter:…)` does, but always as exactly
    /// `pieces` equal cubics (an arc of no angle gives cubics of no length), so
    /// that arcs of any angle have the same elements and interpolate point by
    /// point. With a current point, a line to the arc's start always comes
    /// first, even of no length. Each piece should span at most a quarter turn.
    fileprivate mutating func addArc(
        withCenter center: Point, radius: Double, startAngle: Double,
        endAngle: Double, clockwise: Bool,
        pieces: Int
    ) {
        let sweep = BezierPath.arcSweep(
            from: startAngle, to: endAngle, clockwise: clockwise)
        func onCircle(_ angle: Double) -> Point {
            Point(
                x: center.x + radius * cos(angle),
                y: center.y + radius * sin(angle))
        }
        func tangent(
            _ angle: Double) -> Point { Point(x: -sin(angle), y: cos(angle)) }

        let start = onCircle(startAngle)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        let step = sweep / Double(pieces)
        let handle = 4 / 3 * tan(step / 4) * radius
        for piece in 0..<pieces {
            let from = startAngle + step * Double(piece)
            let to = piece == pieces - 1 ? startAngle + sweep : from + step
            addCurve(
                to: onCircle(to),
                controlPoint1: onCircle(from) + tangent(from) * handle,
                controlPoint2: onCircle(to) - tangent(to) * handle)
        }
    }
}

// MARK: - Checkpoints

extension DownloadIndicator: CheckpointedObject {
    /// Its settings and the last update (its layers are the engine's):
    /// DownloadScene's checkpoints.
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
        "layer", "type", "animatingLayer", "coverPathLayer", "displayLabel",
        "debugLayer",
    ]

    var checkpoint: Checkpoint {
        Checkpoint(
            strokeColor: strokeColor, storedFillColor: storedFillColor,
            closedIndicatorBackgroundStrokeColor:
                closedIndicatorBackgroundStrokeColor,
            storedRadiusPercent: storedRadiusPercent, coverWidth: coverWidth,
            animationDuration: animationDuration,
            animatesUpdates: animatesUpdates,
            showsPercentage: showsPercentage, paths: paths,
            lastSourceAngle: lastSourceAngle,
            lastUpdate: lastUpdate, downloadedRatio: downloadedRatio)
    }

    func restore(_ saved: Checkpoint) {
        strokeColor = saved.strokeColor
        storedFillColor = saved.storedFillColor
        closedIndicatorBackgroundStrokeColor =
            saved.closedIndicatorBackgroundStrokeColor
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
