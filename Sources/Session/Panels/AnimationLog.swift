import Animation

/// One row of the inspector: an animation of one layer, a display link or a timer, with its
/// timing in scene time.
struct InspectorRow {
    enum Kind: Equatable {
        case animation
        case displayLink
        case timer
    }

    var kind: Kind
    /// The animation, link or timer, held so that its identity is not reused while it has a row.
    var object: AnyObject
    /// `b1.strokeEnd`, `bubble 17.position`, `displayLink`, `bubbleTimer (every 0.1 s)`.
    var label: String
    /// The layer it animates, to outline on hover.
    weak var layer: Layer?
    /// When the row first appeared: the frame its transaction or block ran.
    var addedAt: MediaTime
    /// When it starts changing values (after its delay).
    var begin: MediaTime
    /// One duration, seconds (a timer's interval).
    var duration: MediaTime
    /// Every repeat and reversal, seconds; `.infinity` for ever.
    var activeDuration: MediaTime
    /// Its repeat count (0: once) and whether each cycle runs back after it runs forward: an
    /// autoreversed cycle is two durations, the curve plotted forward then mirrored.
    var repeatCount = 0.0
    var autoreverses = false
    /// Holds its end value after the active interval (fill mode forwards or both, kept).
    var fillsForwards: Bool
    /// The timing curve or spring over one duration, 0…1 in, sampled evenly.
    var curve: [Double]
    /// The last scene time it was seen attached or scheduled.
    var lastSeen: MediaTime
    /// Rows added on the same frame share a group (one transaction or block).
    var group: Int
    /// The line of the scene's source that started it (`Layer.add`, a block or transaction,
    /// `schedule`, `delay`, `addDisplayLink`; CallSite); nil for an implicit animation of
    /// the frame's implicit transaction.
    var location: CallSite? = nil

    /// `FishScene.swift:309`: the file's name without its module, and the line; what the
    /// inspector and `render --describe` show as the row's `source`.
    var source: String? { location?.description }
}

/// What the inspector shows: every animation, display link and timer of the scene seen in
/// the frames it observed, with the scene's own names. Observed once a frame, after the
/// commit, while the inspector is open (and during time-travel replays).
final class AnimationLog {
    private(set) var rows: [InspectorRow] = []
    private var rowIndex: [ObjectIdentifier: Int] = [:]
    /// Numbered names for layers that share a name (`bubble`, `bubble 2`, …).
    /// Each layer held weakly with its label: a layer freed and another allocated at its address
    /// (which the renderer's threads make happen at different moments from run to run) must not
    /// inherit its label, or two runs of one script would draw different rows.
    private var layerLabels: [ObjectIdentifier: LabelledLayer] = [:]

    private struct LabelledLayer {
        weak var layer: Layer?
        var label: String
    }
    private var nameCounts: [String: Int] = [:]
    private var lastGroupTime = -MediaTime.infinity
    private var groupCount = 0
    /// Labels given to rows so far, to keep them unique (`b1.strokeStart (2)`).
    private var labelCounts: [String: Int] = [:]
    /// Changes whenever a row is added or dropped, for the panel to redraw only then.
    private(set) var revision = 0
    /// Samples of each curve plot.
    static let curveSamples = 24
    /// The most rows kept: past it the oldest that ended are dropped (a fish's bubbles add
    /// ten a second).
    static let capacity = 400

    func reset() {
        rows = []
        rowIndex = [:]
        layerLabels = [:]
        nameCounts = [:]
        lastGroupTime = -.infinity
        groupCount = 0
        labelCounts = [:]
        revision += 1
    }

    /// Notes what runs in `scene` on `timeline` now.
    func observe(scene: Layer, timeline: Timeline) {
        let now = timeline.currentTime
        for layer in scene.allLayers {
            for key in layer.animationKeys {
                guard let animation = layer.animation(forKey: key) else { continue }
                note(animation, of: layer, now: now) {
                    InspectorRow(
                        kind: .animation, object: animation,
                        label:
                            "\(label(of: layer)).\(animation.animatedPropertyNames.joined(separator: ","))",
                        layer: layer, addedAt: now, begin: animation.beginTime,
                        duration: animation.effectiveDuration,
                        activeDuration: animation.activeDuration,
                        repeatCount: animation.repeatCount, autoreverses: animation.autoreverses,
                        fillsForwards: !animation.isRemovedOnCompletion
                            && (animation.fillMode == .forwards || animation.fillMode == .both),
                        curve: (0...Self.curveSamples).map {
                            animation.curveValue(atFraction: Double($0) / Double(Self.curveSamples))
                        }, lastSeen: now, group: 0, location: animation.source)
                }
            }
        }
        for link in timeline.activeDisplayLinks where !link.isPaused {
            note(link, now: now) {
                InspectorRow(
                    kind: .displayLink, object: link, label: link.name ?? "displayLink", layer: nil,
                    addedAt: link.startTime,
                    begin: link.startTime, duration: 0, activeDuration: .infinity, fillsForwards: false,
                    curve: [], lastSeen: now, group: 0, location: link.source)
            }
        }
        for timer in timeline.activeTimers {
            note(timer, now: now) {
                let every =
                    timer.repeats
                    ? " (every \(Self.format(timer.interval)) s)" : " (\(Self.format(timer.interval)) s)"
                return InspectorRow(
                    kind: .timer, object: timer, label: (timer.name ?? "timer") + every, layer: nil,
                    addedAt: timer.scheduledAt,
                    begin: timer.scheduledAt, duration: timer.interval,
                    activeDuration: timer.repeats ? .infinity : timer.interval, fillsForwards: false,
                    curve: [],
                    lastSeen: now, group: 0, location: timer.source)
            }
        }
        if rows.count > Self.capacity {
            var excess = rows.count - Self.capacity
            rows.removeAll { row in
                let end = row.activeDuration.isFinite ? row.begin + row.activeDuration : .infinity
                guard excess > 0, row.kind == .animation, end < now else { return false }
                excess -= 1
                return true
            }
            revision += 1
            rowIndex = Dictionary(
                uniqueKeysWithValues: rows.enumerated().map { (ObjectIdentifier($1.object), $0) })
        }
    }

    /// Notes `object` (an animation of `layer`, a display link, a timer): a new row, or the
    /// row it has, seen again. A checkpoint restored into a rebuilt scene brings back the same
    /// animation objects on new layers: the row outlines the layer it animates now.
    private func note(_ object: AnyObject, of layer: Layer? = nil, now: MediaTime, make: () -> InspectorRow) {
        let id = ObjectIdentifier(object)
        if let index = rowIndex[id] {
            rows[index].lastSeen = now
            if let layer, rows[index].layer !== layer { rows[index].layer = layer }
            return
        }
        var row = make()
        if row.addedAt > lastGroupTime {
            groupCount += 1
            lastGroupTime = row.addedAt
        }
        row.group = groupCount
        let count = (labelCounts[row.label] ?? 0) + 1
        labelCounts[row.label] = count
        if count > 1 { row.label += " (\(count))" }
        rows.append(row)
        revision += 1
        rowIndex[id] = rows.count - 1
    }

    /// The row of `object` (an animation, link or timer), while the log has it.
    func row(of object: AnyObject) -> InspectorRow? {
        rowIndex[ObjectIdentifier(object)].flatMap { rows.indices.contains($0) ? rows[$0] : nil }
    }

    /// The layer's name for the inspector: its own, numbered when several share it, else its
    /// class.
    private func label(of layer: Layer) -> String {
        let id = ObjectIdentifier(layer)
        if let known = layerLabels[id], known.layer === layer { return known.label }
        let base = Self.baseName(of: layer)
        let count = (nameCounts[base] ?? 0) + 1
        nameCounts[base] = count
        let label = count == 1 ? base : "\(base) \(count)"
        layerLabels[id] = LabelledLayer(layer: layer, label: label)
        return label
    }

    /// A layer's name before the log numbers it: its own, else its class's.
    static func baseName(of layer: Layer) -> String {
        layer.name ?? String(describing: type(of: layer))
    }

    /// The graph's name for an animation row: its layer's name, properties and begin time, and
    /// which of the rows alike it is (`GraphRowKey`); nil for a display link or timer, or a
    /// row whose layer is gone.
    func graphKey(of row: InspectorRow) -> GraphRowKey? {
        guard row.kind == .animation, let layer = row.layer, let animation = row.object as? LayerAnimation
        else { return nil }
        let name = Self.baseName(of: layer)
        let properties = animation.animatedPropertyNames
        var ordinal = 0
        for other in rows where other.kind == .animation {
            if other.object === row.object { break }
            guard let otherLayer = other.layer, let otherAnimation = other.object as? LayerAnimation,
                Self.baseName(of: otherLayer) == name, otherAnimation.animatedPropertyNames == properties,
                abs(otherAnimation.beginTime - animation.beginTime) < 1e-6
            else { continue }
            ordinal += 1
        }
        return GraphRowKey(
            layerName: name, properties: properties, begin: animation.beginTime, ordinal: ordinal,
            label: row.label)
    }

    static func format(_ seconds: Double) -> String {
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
