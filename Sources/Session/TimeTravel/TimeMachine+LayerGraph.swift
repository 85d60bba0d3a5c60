import Animation
import Scenes

/// The graph panel's samples of a layer (docs/ARCHITECTURE.md § The graph of a layer): for motion no
/// animation row names (a display link's, as the elastic wave's control points and path), a
/// layer's presentation values at every recorded frame of a span, read from a replica of the
/// scene (`TrailReplica`) that travels the history as a seek does: exact, as time travel is.
struct LayerGraphSamples: Equatable {
    /// The layer's name in the tree (`shapeLayer`, `bubble 4`).
    var layer: String
    /// The span asked for (the inspector's axis), scene seconds.
    var start: MediaTime
    var end: MediaTime
    /// Scene seconds of each sample: the history's frames in the span where the layer was.
    var times: [MediaTime] = []
    /// Each property's components at each sample, in the layer tree's order.
    var properties: [Property] = []

    struct Property: Equatable {
        var name: String
        /// `value`, `x`, `y`, `width`, `red`, … (as a row's graph names them).
        var components: [String]
        var values: [[Double]]
    }

    /// The properties whose value changes within the span, in the layer tree's order.
    var changing: [String] {
        properties.filter { property in
            guard let first = property.values.first else { return false }
            return property.values.contains { values in
                zip(values, first).contains { abs($0 - $1) > 1e-9 }
            }
        }.map(\.name)
    }

    /// `property`'s samples as the graph draws them (a row's graph's form).
    func graph(of property: String) -> GraphSamples? {
        guard let found = properties.first(where: { $0.name == property }), !times.isEmpty else {
            return nil
        }
        return GraphSamples(
            property: property, components: found.components, times: times, values: found.values,
            start: times[0], end: times[times.count - 1])
    }

    /// The components of `layer`'s (a presentation copy's) properties, as `LayerProperties`
    /// lists them: a point's, a rect's, a transform's numbers, a colour's channels, and a path's
    /// bounding box (x, y, width, height).
    static func components(of layer: Layer) -> [(name: String, components: [String], values: [Double])] {
        let properties = LayerProperties(of: layer)
        return properties.values.compactMap { name, value in
            switch value {
            case .numbers(let numbers):
                let names: [String] =
                    switch numbers.count {
                    case 1: ["value"]
                    case 2: ["x", "y"]
                    case 4: ["x", "y", "width", "height"]
                    case 6: ["a", "b", "c", "d", "tx", "ty"]
                    default: numbers.indices.map { "\($0)" }
                    }
                return (name, names, numbers)
            case .color(let color):
                return (
                    name, ["red", "green", "blue", "alpha"],
                    [color.red, color.green, color.blue, color.alpha]
                )
            case .text:
                guard name == "path", let path = properties.path else { return nil }
                let box = path.isEmpty ? Rect.zero : path.bounds
                return (name, ["x", "y", "width", "height"], [box.minX, box.minY, box.width, box.height])
            }
        }
    }

    /// Adds the sample of `layer` (a presentation copy) at `time`.
    mutating func append(_ layer: Layer, at time: MediaTime) {
        let read = Self.components(of: layer)
        if properties.isEmpty {
            properties = read.map { Property(name: $0.name, components: $0.components, values: []) }
        }
        // The same layer name with other properties (another class after a rebuild): not this one.
        guard read.map(\.name) == properties.map(\.name) else { return }
        times.append(time)
        for (index, property) in read.enumerated() { properties[index].values.append(property.values) }
    }
}

/// Keeps a layer's graph up to date with the history: a replica that travels it (kept between
/// updates, so that while playing each new frame costs one replayed frame), and the samples
/// made so far. Nothing runs while the layer, the span, the history and its length are as
/// they were.
final class LayerGraphReplay {
    private var replica: TrailReplica?
    private(set) var samples: LayerGraphSamples?
    /// What the samples were made from.
    private var made: Made?
    /// The history's frames replayed so far (for tests that an idle graph costs nothing).
    private(set) var replayedFrames = 0

    private struct Made: Equatable {
        var stamp: HistoryStamp
        var frameCount: Int
        var layer: String
        var start: MediaTime
        var end: MediaTime
    }

    /// The samples of layer `name` at the recorded frames of `machine`'s history from `start`
    /// to `end` (clamped to the history), nil when the history has no frame there.
    func samples(
        of name: String, from start: MediaTime, to end: MediaTime, machine: TimeMachine,
        descriptor: SceneDescriptor
    ) -> LayerGraphSamples? {
        let made = Made(
            stamp: HistoryStamp(epoch: machine.historyEpoch, revision: machine.history.revision),
            frameCount: machine.history.frames.count, layer: name, start: start, end: end)
        if made == self.made { return samples }
        defer { self.made = made }
        // The frames to read: the history's in the span, a time once (the last frame of a time
        // is the one a seek there shows).
        var times: [MediaTime] = []
        for frame in machine.history.frames where frame.time >= start - 1e-9 && frame.time <= end + 1e-9 {
            if let last = times.last, abs(last - frame.time) < 1e-12 { continue }
            times.append(frame.time)
        }
        guard !times.isEmpty else {
            samples = nil
            replica = nil
            return nil
        }
        // Go on from the samples made so far when they are a start of these: the same layer and
        // span start, the replica's past still the history's.
        var sampled = LayerGraphSamples(layer: name, start: start, end: end)
        if let old = samples, let replica, let previous = self.made, previous.layer == name,
            abs(previous.start - start) < 1e-12, replica.follows(machine),
            let lastOld = old.times.last, times.contains(where: { abs($0 - lastOld) < 1e-12 })
        {
            sampled = old
            sampled.end = end
        } else {
            replica = TrailReplica(of: machine, descriptor: descriptor)
        }
        guard let replica else { return nil }
        let from =
            sampled.times.last.map { last in times.firstIndex { $0 > last + 1e-12 } ?? times.count } ?? 0
        for time in times[from...] {
            guard replica.go(to: time, from: machine, size: nil) else { break }
            replayedFrames += 1
            let root = replica.machine.scene.rootLayer
            guard let layer = LayerTreeEntry.entries(under: root).first(where: { $0.name == name })?.layer
            else { continue }
            sampled.append(layer.presentation(), at: time)
        }
        samples = sampled.times.isEmpty ? nil : sampled
        return samples
    }
}
