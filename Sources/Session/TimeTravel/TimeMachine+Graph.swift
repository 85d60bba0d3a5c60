import Animation
import Scenes

/// The graph panel's samples (docs/INSPECTOR.md § The graph): one animation's property as the
/// engine presented it at every frame of its span, read from a replica of the scene that
/// replays the history as time travel does. Nothing is derived from the animation's curve:
/// what the graph shows is what the frames showed.
extension TimeMachine {
    /// Samples the animation `key` names: a new instance of the running scene on its own clock
    /// and window root, fed the history's frames (past the last one, quiet frames on the grid,
    /// as playing on would run them), its presentation value read after each frame's commit from
    /// the frame the animation is first attached until it ends (one more frame, its settled
    /// value) or `GraphSamples.openEndedSpan` for one that repeats for ever. Nil when the
    /// scene never attaches such an animation or its value is not numbers (a path).
    func graphSamples(for key: GraphRowKey) -> GraphSamples? {
        guard let descriptor = host?.descriptor, !history.frames.isEmpty else { return nil }
        let windowRoot = Layer(timeline: Timeline())
        windowRoot.anchorPoint = .zero
        let replica = TimeMachine(
            descriptor: descriptor, size: history.initialSize, seed: seed, images: images,
            bubbleLoad: bubbleLoad, fps: fps, knobs: history.initialKnobs)
        windowRoot.addSublayer(replica.scene.rootLayer)
        replica.layOutScene(in: history.initialSize)
        var tracker = GraphTracker(key: key)
        let frames = history.frames
        var index = 0
        var gridFrame = Int((frames[frames.count - 1].time * Double(fps)).rounded(.down)) + 1
        let lastTime = frames[frames.count - 1].time
        // Past the history: at most the span after the later of the row's begin and the last frame.
        let limit = max(key.begin, lastTime) + GraphSamples.openEndedSpan + 1
        while !tracker.isDone {
            let frame: SceneFrame
            if index < frames.count {
                frame = frames[index]
                index += 1
            } else {
                let time = Double(gridFrame) / Double(fps)
                gridFrame += 1
                guard time <= limit else { break }
                frame = SceneFrame(time: time, input: [], size: nil)
            }
            replica.frameLoop.runFrame(
                [(replica.sceneTimeline, frame.time)], input: { replica.apply(frame) },
                draw: { tracker.observe(replica.scene.rootLayer, at: frame.time) }, present: {})
        }
        return tracker.samples
    }
}

/// Which animation a graph shows, in terms a replay of the scene finds it by: its layer's
/// name, its properties, its begin time, and which of the animations alike it is (in the
/// order they were first seen).
struct GraphRowKey: Equatable, Hashable {
    /// The layer's own name (its class's where it has none), without the inspector's number.
    var layerName: String
    var properties: [String]
    var begin: MediaTime
    var ordinal: Int
    /// The inspector's label of the row (`b3.strokeEnd`), what the graph calls it.
    var label: String
}

/// A graphed row: its property's components at each frame of its span, and their speed.
struct GraphSamples: Equatable {
    var property: String
    /// `value`, or `x`, `y`, … (`ValueComponent.name`).
    var components: [String]
    /// Scene seconds of each sample.
    var times: [MediaTime]
    /// Each sample's components, in the order of `components`.
    var values: [[Double]]
    /// The span's ends: from the frame the animation was first attached to its end.
    var start: MediaTime
    var end: MediaTime

    /// The span a row that repeats for ever is graphed over, at most, seconds: two cycles or
    /// this, whichever is shorter.
    static let openEndedSpan: MediaTime = 12

    /// The rate of change of each component at each sample, units per second: central
    /// differences of the samples (one-sided at the ends), 0 where two samples share a time.
    var speeds: [[Double]] {
        guard times.count > 1 else { return values.map { $0.map { _ in 0 } } }
        return times.indices.map { index in
            let before = max(index - 1, 0)
            let after = min(index + 1, times.count - 1)
            let span = times[after] - times[before]
            return values[index].indices.map { component in
                span > 0 ? (values[after][component] - values[before][component]) / span : 0
            }
        }
    }

    /// The value at scene time `time`: the last sample at or before it (what the frame on
    /// screen then showed), nil outside the span.
    func sample(at time: MediaTime) -> Int? {
        guard let firstTime = times.first, time >= firstTime - 1e-9 else { return nil }
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] <= time + 1e-9 { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}

/// Finds the animation a `GraphRowKey` names in a replayed scene, frame after frame, and reads
/// its layer's presentation value while it runs.
private struct GraphTracker {
    let key: GraphRowKey
    /// Animations like the key's seen so far, in the order they were first seen.
    private var seen: [ObjectIdentifier] = []
    private var found: (animation: LayerAnimation, layer: Layer, end: MediaTime)?
    private var times: [MediaTime] = []
    private var values: [[Double]] = []
    private var components: [String] = []
    private var start: MediaTime = 0
    private(set) var isDone = false
    private var isNumeric = true

    init(key: GraphRowKey) { self.key = key }

    var samples: GraphSamples? {
        guard let found, isNumeric, !times.isEmpty else { return nil }
        return GraphSamples(
            property: found.animation.graphedPropertyName ?? key.properties.joined(separator: ","),
            components: components, times: times, values: values, start: start, end: found.end)
    }

    mutating func observe(_ root: Layer, at time: MediaTime) {
        guard let found else {
            look(in: root, at: time)
            return
        }
        let attached = found.layer.animationKeys.contains {
            found.layer.animation(forKey: $0) === found.animation
        }
        // Removed before its end (interrupted: a resize, another animation under its key), the
        // frame after it shows something else: the samples stop with the last frame it ran.
        if attached || time >= found.end - 1e-9 { record(time) }
        if !attached || time >= found.end - 1e-9 { isDone = true }
    }

    private mutating func look(in root: Layer, at time: MediaTime) {
        // The animation must be attached by the frame it begins on; a little later, give up.
        if time > key.begin + 1 {
            isDone = true
            return
        }
        for layer in root.allLayers where AnimationLog.baseName(of: layer) == key.layerName {
            for name in layer.animationKeys {
                guard let animation = layer.animation(forKey: name),
                    animation.animatedPropertyNames == key.properties,
                    abs(animation.beginTime - key.begin) < 1e-6
                else { continue }
                let id = ObjectIdentifier(animation)
                if !seen.contains(id) { seen.append(id) }
                guard seen.count > key.ordinal, seen[key.ordinal] == id else { continue }
                let end =
                    animation.activeDuration.isFinite
                    ? animation.beginTime + animation.activeDuration
                    : animation.beginTime
                        + min(
                            2 * animation.effectiveDuration * (animation.autoreverses ? 2 : 1),
                            GraphSamples.openEndedSpan)
                found = (animation, layer, end)
                start = time
                record(time)
                return
            }
        }
    }

    private mutating func record(_ time: MediaTime) {
        guard let found, let read = found.animation.presentationComponents(of: found.layer) else {
            isNumeric = false
            isDone = true
            return
        }
        if components.isEmpty { components = read.map(\.name) }
        times.append(time)
        values.append(read.map(\.value))
    }
}
