import Animation
import Scenes

/// How motion trails are drawn (`u`; docs/ARCHITECTURE.md § Motion trails): how many ghosts on
/// each side of the moment, and how many frames of the grid apart.
public struct TrailSettings: Equatable, Sendable, Codable {
    /// Ghosts before the moment (and, paused, as many after it).
    public var count: Int
    /// Frames of the `--fps` grid between two ghosts (at 60 fps, 4 is 1/15 s).
    public var spacing: Int

    public init(count: Int = Self.standard.count, spacing: Int = Self.standard.spacing) {
        self.count = count
        self.spacing = spacing
    }

    /// 6 ghosts, 4 frames apart: at 60 fps, the last 0.4 s.
    public static let standard = TrailSettings(count: 6, spacing: 4)
    public static let counts = 1...16
    public static let spacings = 1...60

    /// What is wrong with these settings, in one line; nil when they are good.
    public var problem: String? {
        if !Self.counts.contains(count) {
            return "a trail's ghost count must be a whole number from 1 to 16 (got \(count))"
        }
        if !Self.spacings.contains(spacing) {
            return "a trail's spacing must be a whole number of frames from 1 to 60 (got \(spacing))"
        }
        return nil
    }

    /// The times of the ghosts around scene time `now`, oldest first: `count` before it, each
    /// `spacing` frames of `fps` from the next (none before the scene's start), and when
    /// `paused` as many after it.
    func times(around now: MediaTime, fps: Int, paused: Bool) -> [MediaTime] {
        let step = Double(spacing) / Double(fps)
        let before = (1...count).reversed().map { now - Double($0) * step }.filter { $0 >= -1e-9 }
        let after = paused ? (1...count).map { now + Double($0) * step } : []
        return before.map { max($0, 0) } + after
    }
}

/// Motion trails (`u`): ghosts of each moving layer at earlier (and, paused, later) frames,
/// evenly spaced in time and fading, drawn just above the scene (docs/ARCHITECTURE.md § Motion
/// trails).
///
/// A ghost at time `t` is the scene a seek to `t` shows, replayed from the history by a
/// replica (`TrailReplica`): exact, as time travel is. Of that scene only the layers whose
/// drawing differs from the scene's now are drawn (the same place, content and opacity on
/// screen now is not motion): copies of their presentation values, frozen, in a layer of their
/// own whose opacity fades with the ghost's distance from now. Off, there is no layer and no
/// replica; paused, nothing is made again until the moment, the history or the settings
/// change.
final class MotionTrails {
    /// The trails' layer, in the window's tree just above the scene's root while on.
    let layer: Layer
    private(set) var isOn = false
    var settings = TrailSettings.standard {
        didSet { if settings != oldValue { drawn = nil } }
    }
    /// The times of the ghosts drawn now, oldest first.
    private(set) var drawnTimes: [MediaTime] = []
    /// How many times the ghosts were made, for tests that a paused moment is not made again.
    private(set) var buildCount = 0
    private var replicas: [TrailReplica] = []
    private var drawn: DrawnState?

    /// The opacity of the ghost nearest the moment; the others fade in proportion to their
    /// distance. Ghosts after the moment (paused) are drawn at `futureFactor` of it.
    static let nearestOpacity = 0.55
    static let futureFactor = 0.6

    /// What the ghosts were made from: when none of it changes, nothing is made again.
    private struct DrawnState: Equatable {
        var time: MediaTime
        var paused: Bool
        var settings: TrailSettings
        var stamp: HistoryStamp
        var historyCount: Int
        var size: Size
        var scene: ObjectIdentifier
    }

    init(timeline: Timeline) {
        layer = Layer(timeline: timeline)
        layer.name = "trails"
        layer.anchorPoint = .zero
        layer.isUserInteractionEnabled = false
    }

    /// Turns the trails on (the layer goes just above `sceneRoot` in `windowRoot`) or off (the
    /// layer, its ghosts and the replicas go).
    func setOn(_ on: Bool, windowRoot: Layer, sceneRoot: Layer) {
        guard on != isOn else { return }
        isOn = on
        drawn = nil
        drawnTimes = []
        replicas = []
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            if on {
                let index = windowRoot.sublayers.firstIndex { $0 === sceneRoot } ?? 0
                windowRoot.insertSublayer(layer, at: index + 1)
            } else {
                layer.removeFromSuperlayer()
            }
        }
    }

    /// Brings the ghosts up to date for the live scene of `machine` at its time: nothing to do
    /// when nothing they show changed.
    func update(machine: TimeMachine, descriptor: SceneDescriptor, paused: Bool) {
        guard isOn else { return }
        let now = machine.sceneTimeline.currentTime
        let state = DrawnState(
            time: now, paused: paused, settings: settings,
            stamp: HistoryStamp(epoch: machine.historyEpoch, revision: machine.history.revision),
            historyCount: machine.history.frames.count, size: machine.sceneLayoutSize,
            scene: ObjectIdentifier(machine.scene))
        guard state != drawn else { return }
        drawn = state
        buildCount += 1
        let times = settings.times(around: now, fps: machine.fps, paused: paused)
        let liveScene = machine.scene.rootLayer
        let shownNow = Self.signatures(of: liveScene)
        replicas.removeAll { !$0.follows(machine) }
        var free = replicas
        var used: [TrailReplica] = []
        var ghosts: [(time: MediaTime, layer: Layer)] = []
        // The latest first: each takes the replica nearest before it, which only goes forward.
        for time in times.reversed() {
            let replica: TrailReplica
            if let index = Self.nearestBefore(time, in: free) {
                replica = free.remove(at: index)
            } else {
                replica = TrailReplica(of: machine, descriptor: descriptor)
            }
            guard replica.go(to: time, from: machine, size: machine.sceneLayoutSize) else { continue }
            used.append(replica)
            if let ghost = Self.ghost(
                of: replica.machine.scene.rootLayer, hiding: shownNow, on: layer.timeline)
            {
                ghosts.append((time, ghost))
            }
        }
        replicas = used
        ghosts.reverse()
        drawnTimes = ghosts.map(\.time)
        let step = Double(settings.spacing) / Double(machine.fps)
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            // The farthest at the back, the nearest on top.
            let ordered = ghosts.sorted { abs($0.time - now) > abs($1.time - now) }
            for (time, ghost) in ordered {
                let distance = max(((abs(time - now)) / step).rounded(), 1)
                let fade =
                    Self.nearestOpacity * (Double(settings.count) + 1 - distance) / Double(settings.count)
                // A layer of its own, so that the ghost fades as one picture.
                let container = Layer(timeline: layer.timeline)
                container.anchorPoint = .zero
                container.isUserInteractionEnabled = false
                container.opacity = max(fade, 0.05) * (time > now ? Self.futureFactor : 1)
                container.addSublayer(ghost)
                layer.addSublayer(container)
            }
        }
    }

    /// The replica among `replicas` that shows the latest time at or before `time`, if any.
    private static func nearestBefore(_ time: MediaTime, in replicas: [TrailReplica]) -> Int? {
        var best: Int?
        for (index, replica) in replicas.enumerated() {
            guard let shown = replica.time, shown <= time + 1e-9 else { continue }
            if let best, let bestTime = replicas[best].time, bestTime >= shown { continue }
            best = index
        }
        return best
    }

    // MARK: - Ghosts

    /// What a layer puts on screen, in the scene's space: its class of drawing, its place, its
    /// size, its opacity with its superlayers', and what it draws of its own.
    struct Signature: Hashable {
        var toScene: AffineTransform
        var bounds: Rect
        var opacity: Double
        var drawing: LayerDrawing
        var shape: ShapeDrawing?
        var text: TextDrawing?
    }

    /// The signatures of every layer of `root`'s tree that draws something of its own.
    static func signatures(of root: Layer) -> Set<Signature> {
        var found = Set<Signature>()
        func visit(_ model: Layer, toScene: AffineTransform, opacity: Double) {
            model.withPresentation { shown in
                guard !shown.isHidden, shown.opacity > 0 else { return }
                let transform = shown.transformToSuperlayer.concatenating(toScene)
                let total = opacity * shown.opacity
                if drawsOwnContent(shown) {
                    found.insert(signature(of: shown, toScene: transform, opacity: total))
                }
                for sublayer in model.sublayers { visit(sublayer, toScene: transform, opacity: total) }
            }
        }
        visit(root, toScene: .identity, opacity: 1)
        return found
    }

    private static func signature(of shown: Layer, toScene: AffineTransform, opacity: Double) -> Signature {
        Signature(
            toScene: toScene, bounds: shown.bounds, opacity: opacity, drawing: shown.drawing,
            shape: (shown as? ShapeLayer)?.shapeDrawing, text: (shown as? TextLayer)?.textDrawing)
    }

    /// Whether a layer (presentation) draws anything of its own: a background, an image, a
    /// border, a shape's fill or stroke, text.
    private static func drawsOwnContent(_ shown: Layer) -> Bool {
        if shown.backgroundColor.alpha > 0 || shown.contents != nil || shown.borderWidth > 0 { return true }
        if let shape = shown as? ShapeLayer {
            return shape.fillColor.alpha > 0 || (shape.strokeColor.alpha > 0 && shape.lineWidth > 0)
        }
        if let text = shown as? TextLayer { return !text.string.isEmpty }
        return false
    }

    /// A frozen copy of what `root`'s tree (a replica's scene at a ghost's time) draws that is
    /// not on screen now (`hiding`): the same tree of places, opacities and clips, with the
    /// drawing of those layers only; nil when nothing differs.
    static func ghost(of root: Layer, hiding shownNow: Set<Signature>, on timeline: Timeline) -> Layer? {
        func copy(_ model: Layer, toScene: AffineTransform, opacity: Double) -> Layer? {
            model.withPresentation { shown -> Layer? in
                guard !shown.isHidden, shown.opacity > 0 else { return nil }
                let transform = shown.transformToSuperlayer.concatenating(toScene)
                let total = opacity * shown.opacity
                let drawsOwn =
                    drawsOwnContent(shown)
                    && !shownNow.contains(signature(of: shown, toScene: transform, opacity: total))
                let children = model.sublayers.compactMap { copy($0, toScene: transform, opacity: total) }
                guard drawsOwn || !children.isEmpty else { return nil }
                let ghost: Layer
                if drawsOwn, let shape = shown as? ShapeLayer {
                    let copied = ShapeLayer(timeline: timeline)
                    copied.path = shape.path
                    copied.fillColor = shape.fillColor
                    copied.fillRule = shape.fillRule
                    copied.strokeColor = shape.strokeColor
                    copied.lineWidth = shape.lineWidth
                    copied.lineCap = shape.lineCap
                    copied.lineJoin = shape.lineJoin
                    copied.miterLimit = shape.miterLimit
                    copied.lineDashPattern = shape.lineDashPattern
                    copied.lineDashPhase = shape.lineDashPhase
                    copied.strokeStart = shape.strokeStart
                    copied.strokeEnd = shape.strokeEnd
                    ghost = copied
                } else if drawsOwn, let text = shown as? TextLayer {
                    let copied = TextLayer(timeline: timeline)
                    copied.string = text.string
                    copied.fontSize = text.fontSize
                    copied.isBold = text.isBold
                    copied.foregroundColor = text.foregroundColor
                    copied.alignment = text.alignment
                    ghost = copied
                } else {
                    ghost = Layer(timeline: timeline)
                }
                ghost.bounds = shown.bounds
                ghost.anchorPoint = shown.anchorPoint
                ghost.position = shown.position
                ghost.transform = shown.transform
                ghost.opacity = shown.opacity
                ghost.isUserInteractionEnabled = false
                if drawsOwn {
                    ghost.backgroundColor = shown.backgroundColor
                    ghost.contents = shown.contents
                    ghost.borderWidth = shown.borderWidth
                    ghost.borderColor = shown.borderColor
                }
                // The clip stays, for the sublayers drawn.
                ghost.cornerRadius = shown.cornerRadius
                ghost.masksToBounds = shown.masksToBounds
                for child in children { ghost.addSublayer(child) }
                return ghost
            }
        }
        var made: Layer?
        timeline.transaction { transaction in
            transaction.disableActions = true
            made = copy(root, toScene: .identity, opacity: 1)
        }
        return made
    }
}
