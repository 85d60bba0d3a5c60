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
    /// The group of rows it belongs to: those one input, timer or callback started
    /// (`AnimationLog.groups`, by index).
    var group: Int
    /// The line of the scene's source that started it (`Layer.add`, a block or transaction,
    /// `schedule`, `delay`, `addDisplayLink`; CallSite); nil for an implicit animation of
    /// the frame's implicit transaction.
    var location: CallSite? = nil
    /// While two settings are compared: the half it runs in, `A` or `B` (its label starts
    /// with the letter), and whether that half is the copy (`ShownRows.halves`).
    var half: String? = nil
    var isCopy = false
    /// Its label before the log numbered it (`b1.strokeStart` for `b1.strokeStart (2)`).
    var labelKey = ""

    /// `FishScene.swift:309`: the file's name without its module, and the line; what the
    /// inspector and `render --describe` show as the row's `source`.
    var source: String? { location?.description }
}

/// Rows that one cause started: a press, tap, drag or key of the scene's input, a timer's
/// firing, the completion blocks of a frame, a display link, or the scene itself; a header row
/// in the inspector that collapses them.
struct RowGroup {
    /// `tap at 1.2 s`, `key space at 3 s`, `timer bubbleTimer`, `completion at 0.75 s`: unique
    /// in a log, and the same in every replay of a session (collapsed groups are kept by it).
    var label: String
    /// What started it, in words, for the footer: `a tap at (120, 300) at 1.2 s`, the place
    /// (window pixels) put in by `cause(scale:)`.
    var words: Words
    typealias Words = (before: String, place: Point?, after: String)
    /// What makes a later row join it (`AnimationLog.Cause`), and what it holds so that the
    /// identity it is found by is not reused (a timer, a display link).
    fileprivate var key: AnimationLog.Cause
    fileprivate var anchor: AnyObject?
    /// Its label before the log numbered it.
    fileprivate var labelKey: String
    /// How many rows it has.
    var rowCount = 0

    /// What started it, a place in the window in pixels / `scale` (the `--size` units).
    func cause(scale: Double) -> String {
        guard let place = words.place else { return words.before + words.after }
        let at = "(\(AnimationLog.format(place.x / scale)), \(AnimationLog.format(place.y / scale)))"
        return "\(words.before) at \(at)\(words.after)"
    }
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
    /// The layers given labels, in order: what a roll back (`rollBack(to:)`) forgets.
    private var labelledLayers: [ObjectIdentifier] = []
    /// Drops of rows over `capacity`: a mark taken before a drop cannot be rolled back to.
    private var dropCount = 0
    /// The scene time of the first frame observed since the log was last emptied.
    private var firstObserved: MediaTime?

    /// Whether the log, gaining rows at the pace it has since its first frame, would pass its
    /// capacity before scene time `time` (now `now`): a replay that far would observe rows only
    /// to drop them (TimeMachine+Travel.swift).
    func wouldOverflow(before time: MediaTime, now: MediaTime) -> Bool {
        guard let first = firstObserved, now > first, time > now else { return false }
        let pace = Double(rows.count + droppedRows) / (now - first)
        return Double(rows.count) + pace * (time - now) > Double(capacity)
    }

    /// How many drops were made since the log was last emptied (`canRollBack`).
    var drops: Int { dropCount }
    /// How many rows the drops took, for the panel to say so.
    private(set) var droppedRows = 0
    /// The rows left by the last drop: the next waits for a tenth of the capacity more (when
    /// too few rows had ended to drop, it would otherwise go through them all every frame).
    private var dropTriedAt = 0
    /// The groups, in the order they started (`InspectorRow.group` indexes it), and each one's
    /// index by what started it.
    private(set) var groups: [RowGroup] = []
    private var groupIndex: [Cause: Int] = [:]
    private var groupLabelCounts: [String: Int] = [:]
    /// The scene input seen so far: the gesture under way (a press and what follows it, a
    /// key, a wheel turn), numbered, with where and when it began.
    private var gesture: Gesture?
    private var gestureCount = 0
    private var isPressed = false
    /// The frame time before the last one observed: completion blocks ran at the end of the
    /// frame before, for animations that ended after the one before that.
    private var previousObserved: MediaTime?
    private var hasObserved = false
    /// The tree and timeline last walked for animations, and the timeline's `attachCount`
    /// then: while it stays, no animation was added, and a frame's observation skips the walk
    /// (docs/PERFORMANCE.md), noting only that the endless rows' animations still run.
    private var walked: (root: ObjectIdentifier, timeline: ObjectIdentifier, count: Int)?
    /// The rows that never end (timers, display links, endless repeats), by index: their last
    /// sightings are what a mark keeps, and a frame without the walk updates the animations'.
    private var endlessRows: [Int] = []
    /// Numbers the marks taken (`Mark.serial`), and the runs of them that a roll back left
    /// behind: a mark taken after the one rolled back to describes frames the log has since
    /// observed again, in a replay whose animations are other objects, so it is no longer a
    /// state of this log (a checkpoint's restore to it would see them as new rows).
    private var marksTaken = 0
    private var abandonedMarks: [ClosedRange<Int>] = []

    fileprivate struct Gesture {
        var number: Int
        var kind: String
        var time: MediaTime
        var point: Point?
    }

    /// What a group's rows have in common.
    fileprivate enum Cause: Hashable {
        case gesture(Int)
        case timer(ObjectIdentifier)
        case completion(MediaTime)
        case displayLink(ObjectIdentifier)
        case start
        case frame(MediaTime)
    }
    /// Labels given to rows so far, to keep them unique (`b1.strokeStart (2)`).
    private var labelCounts: [String: Int] = [:]
    /// Changes whenever a row is added or dropped, for the panel to redraw only then.
    private(set) var revision = 0
    /// Samples of each curve plot.
    static let curveSamples = 24
    /// The most rows kept (`defaultCapacity`; a test sets fewer): past it the oldest that ended
    /// are dropped, a tenth of it at once (`dropOldest`).
    var capacity = AnimationLog.defaultCapacity
    /// A row costs about 1.6 KB with the animation it holds (measured: `render` of the fish at
    /// 150 s and 600 s, 4 490 and 18 080 rows, 46 and 68 MB), so this is some 100 MB at most;
    /// the fish, the busiest scene (its bubbles add some 30 rows a second), fills it in about
    /// half an hour, the others in hours; the fish's heavy load (`--bubbles 2000`, some 3,000
    /// rows a second) in 20 s.
    static let defaultCapacity = 60_000

    func reset() {
        rows = []
        rowIndex = [:]
        layerLabels = [:]
        nameCounts = [:]
        groups = []
        groupIndex = [:]
        groupLabelCounts = [:]
        gesture = nil
        gestureCount = 0
        isPressed = false
        previousObserved = nil
        hasObserved = false
        labelCounts = [:]
        labelledLayers = []
        dropCount = 0
        droppedRows = 0
        dropTriedAt = 0
        firstObserved = nil
        walked = nil
        endlessRows = []
        abandonedMarks = []
        revision += 1
    }

    // MARK: - Marks

    /// The log as it was after some frame, kept by a time-travel checkpoint taken then
    /// (docs/ARCHITECTURE.md § Time travel): rows and groups are only ever added (but past
    /// `capacity`), so a mark is their counts and the little else that changes; a few numbers
    /// and the last sightings of the rows that run for ever, not a copy of the rows.
    struct Mark {
        /// Which mark of the log it is, in the order taken (`abandonedMarks`).
        fileprivate var serial: Int
        fileprivate var rowCount: Int
        fileprivate var groupCount: Int
        fileprivate var labelledCount: Int
        fileprivate var dropCount: Int
        /// The scene time of the frame last observed: no row was seen later.
        fileprivate var time: MediaTime
        /// When the rows that never end (timers, display links, endless repeats) were last seen.
        fileprivate var endlessLastSeen: [(index: Int, time: MediaTime)]
        fileprivate var nameCounts: [String: Int]
        fileprivate var gesture: Gesture?
        fileprivate var gestureCount: Int
        fileprivate var isPressed: Bool
        fileprivate var previousObserved: MediaTime?
        fileprivate var hasObserved: Bool
        fileprivate var firstObserved: MediaTime?
    }

    /// The log now, to roll back to after later frames were observed.
    func mark(at time: MediaTime) -> Mark {
        marksTaken += 1
        return Mark(
            serial: marksTaken, rowCount: rows.count, groupCount: groups.count,
            labelledCount: labelledLayers.count,
            dropCount: dropCount, time: time,
            endlessLastSeen: endlessRows.map { ($0, rows[$0].lastSeen) }, nameCounts: nameCounts,
            gesture: gesture, gestureCount: gestureCount, isPressed: isPressed,
            previousObserved: previousObserved, hasObserved: hasObserved, firstObserved: firstObserved)
    }

    /// Whether the log can go back to `mark`: it was taken of this log since it was last
    /// emptied, not after a mark the log has rolled back to since, and no row was dropped since.
    func canRollBack(to mark: Mark) -> Bool {
        mark.dropCount == dropCount && mark.rowCount <= rows.count && mark.groupCount <= groups.count
            && mark.labelledCount <= labelledLayers.count
            && !abandonedMarks.contains { $0.contains(mark.serial) }
    }

    /// Goes back to the log as it was at `mark`: the rows, groups and layer labels added since
    /// are forgotten, as if the frames after it had not been observed. Returns false (the log
    /// unchanged) when it cannot (`canRollBack`).
    @discardableResult
    func rollBack(to mark: Mark) -> Bool {
        guard canRollBack(to: mark) else { return false }
        if marksTaken > mark.serial { abandonedMarks.append((mark.serial + 1)...marksTaken) }
        for row in rows[mark.rowCount...] {
            rowIndex[ObjectIdentifier(row.object)] = nil
            let count = (labelCounts[row.labelKey] ?? 1) - 1
            labelCounts[row.labelKey] = count > 0 ? count : nil
            if row.group < mark.groupCount { groups[row.group].rowCount -= 1 }
        }
        rows.removeSubrange(mark.rowCount...)
        for group in groups[mark.groupCount...] {
            groupIndex[group.key] = nil
            let count = (groupLabelCounts[group.labelKey] ?? 1) - 1
            groupLabelCounts[group.labelKey] = count > 0 ? count : nil
        }
        groups.removeSubrange(mark.groupCount...)
        for id in labelledLayers[mark.labelledCount...] { layerLabels[id] = nil }
        labelledLayers.removeSubrange(mark.labelledCount...)
        nameCounts = mark.nameCounts
        for index in rows.indices where rows[index].lastSeen > mark.time { rows[index].lastSeen = mark.time }
        for (index, time) in mark.endlessLastSeen where rows.indices.contains(index) {
            rows[index].lastSeen = time
        }
        gesture = mark.gesture
        gestureCount = mark.gestureCount
        isPressed = mark.isPressed
        previousObserved = mark.previousObserved
        hasObserved = mark.hasObserved
        firstObserved = mark.firstObserved
        walked = nil
        endlessRows.removeAll { $0 >= rows.count }
        revision += 1
        return true
    }

    /// Notes what runs in `scene` on `timeline` now, after a frame whose scene input was
    /// `input` (pointer events in window pixels, keys).
    func observe(scene: Layer, timeline: Timeline, input: [InputEvent] = []) {
        let now = timeline.currentTime
        if firstObserved == nil { firstObserved = now }
        let isInput = follow(input, at: now)
        var cause: (() -> (Cause, String, RowGroup.Words, AnyObject?))? = { [self] in
            self.cause(at: now, isInput: isInput, timeline: timeline)
        }
        defer {
            hasObserved = true
            previousObserved = timeline.previousFrameTime
        }
        var group: Int?
        /// The group of the rows added this frame, found when the first one is.
        func groupNow() -> Int {
            if let group { return group }
            if !isInput, let inherited = inheritedGroup(timeline: timeline) {
                group = inherited
                return inherited
            }
            let made = cause?() ?? (.frame(now), "", ("", nil, ""), nil)
            cause = nil
            let index = self.group(for: made)
            group = index
            return index
        }
        let tree = (root: ObjectIdentifier(scene), timeline: ObjectIdentifier(timeline))
        if let walked, walked.root == tree.root, walked.timeline == tree.timeline,
            let attached = walked.count == timeline.attachCount
                ? [] : timeline.layersAttached(since: walked.count)
        {
            // Only the layers that got animations (or joined the tree) since the last frame
            // observed can have new rows; the endless rows elsewhere need their last sighting.
            walkAttached(attached, in: scene, now: now, group: groupNow)
            for index in endlessRows where rows[index].kind == .animation {
                guard let layer = rows[index].layer, Self.isInTree(layer, of: scene) else { continue }
                let object = rows[index].object
                if layer.animationKeys.contains(where: { layer.animation(forKey: $0) === object }) {
                    rows[index].lastSeen = now
                }
            }
        } else {
            for layer in scene.allLayers { noteAnimations(of: layer, now: now, group: groupNow) }
        }
        walked = (tree.root, tree.timeline, timeline.attachCount)
        timeline.journalsAttaches = true  // from now on the next frame's walk can be of those alone
        noteLinksAndTimers(timeline, now: now, group: groupNow)
        if rows.count > max(capacity, dropTriedAt + capacity / 10) { dropOldest(now: now) }
    }

    /// Whether `layer` is `root` or below it.
    private static func isInTree(_ layer: Layer, of root: Layer) -> Bool {
        var ancestor: Layer? = layer
        while let current = ancestor, current !== root { ancestor = current.superlayer }
        return ancestor != nil
    }

    /// Where `layer` is under `root`: the index of each of its ancestors (and its own) among
    /// its siblings, from the top; nil when it is not in the tree.
    private static func treePath(of layer: Layer, under root: Layer) -> [Int]? {
        var path: [Int] = []
        var current = layer
        while current !== root {
            guard let parent = current.superlayer,
                let index = parent.sublayers.firstIndex(where: { $0 === current })
            else { return nil }
            path.append(index)
            current = parent
        }
        return path.reversed()
    }

    /// Notes the animations of `layers` (those `Timeline.layersAttached` gives) and their
    /// sublayers, in the tree's order, as a walk of the whole tree meets them: so the rows
    /// come in the same order, and the layers get the same numbers, whichever way a frame
    /// was observed (a restored checkpoint has the next frame walk the whole tree).
    private func walkAttached(_ layers: [Layer], in scene: Layer, now: MediaTime, group: () -> Int) {
        guard !layers.isEmpty else { return }
        var seen = Set<ObjectIdentifier>()
        var placed: [(path: [Int], layer: Layer)] = []
        for layer in layers where seen.insert(ObjectIdentifier(layer)).inserted {
            if let path = Self.treePath(of: layer, under: scene) { placed.append((path, layer)) }
        }
        placed.sort { $0.path.lexicographicallyPrecedes($1.path) }
        var last: [Int]?
        for (path, layer) in placed {
            // A layer below one already walked (its subtree) is not walked again.
            if let last, path.starts(with: last) { continue }
            last = path
            for member in layer.allLayers { noteAnimations(of: member, now: now, group: group) }
        }
    }

    /// Notes every animation attached to `layer`.
    private func noteAnimations(of layer: Layer, now: MediaTime, group groupNow: () -> Int) {
        for key in layer.animationKeys {
            guard let animation = layer.animation(forKey: key) else { continue }
            note(animation, of: layer, now: now, group: groupNow) {
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

    /// Notes the running display links and the timers scheduled (a few: looked at every frame).
    private func noteLinksAndTimers(_ timeline: Timeline, now: MediaTime, group groupNow: () -> Int) {
        for link in timeline.activeDisplayLinks where !link.isPaused {
            note(link, now: now, group: groupNow) {
                InspectorRow(
                    kind: .displayLink, object: link, label: link.name ?? "displayLink", layer: nil,
                    addedAt: link.startTime,
                    begin: link.startTime, duration: 0, activeDuration: .infinity, fillsForwards: false,
                    curve: [], lastSeen: now, group: 0, location: link.source)
            }
        }
        for timer in timeline.activeTimers {
            note(timer, now: now, group: groupNow) {
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
    }

    /// Drops the oldest rows that ended, past `capacity`: down to nine tenths of it, so that
    /// the drop, which goes through every row, comes once in a tenth of the capacity's rows,
    /// not on every frame that adds one (a heavy load fills the log in seconds; issue 39m).
    private func dropOldest(now: MediaTime) {
        var excess = rows.count - (capacity - capacity / 10)
        let before = rows.count
        // Compacted in place by index, the rows kept moved, not copied (`removeAll(where:)`
        // hands each row to its closure as a copy: a dozen references counted, issue 39m).
        var kept = 0
        for index in rows.indices {
            let end =
                rows[index].activeDuration.isFinite
                ? rows[index].begin + rows[index].activeDuration : .infinity
            if excess > 0, rows[index].kind == .animation, end < now {
                excess -= 1
                groups[rows[index].group].rowCount -= 1
                continue
            }
            if kept != index { rows.swapAt(kept, index) }
            kept += 1
        }
        rows.removeSubrange(kept...)
        droppedRows += before - rows.count
        dropTriedAt = rows.count
        revision += 1
        dropCount += 1
        // By index, not by element: a row copied is a dozen references counted (issue 39m).
        rowIndex.removeAll(keepingCapacity: true)
        for index in rows.indices { rowIndex[ObjectIdentifier(rows[index].object)] = index }
        endlessRows = rows.indices.filter { !rows[$0].activeDuration.isFinite }
    }

    /// Notes `object` (an animation of `layer`, a display link, a timer): a new row, or the
    /// row it has, seen again. A checkpoint restored into a rebuilt scene brings back the same
    /// animation objects on new layers: the row outlines the layer it animates now.
    private func note(
        _ object: AnyObject, of layer: Layer? = nil, now: MediaTime, group: () -> Int,
        make: () -> InspectorRow
    ) {
        let id = ObjectIdentifier(object)
        if let index = rowIndex[id] {
            rows[index].lastSeen = now
            if let layer, rows[index].layer !== layer { rows[index].layer = layer }
            return
        }
        var row = make()
        row.labelKey = row.label
        row.group = group()
        groups[row.group].rowCount += 1
        let count = (labelCounts[row.label] ?? 0) + 1
        labelCounts[row.label] = count
        if count > 1 { row.label += " (\(count))" }
        rows.append(row)
        revision += 1
        rowIndex[id] = rows.count - 1
        if !row.activeDuration.isFinite { endlessRows.append(rows.count - 1) }
    }

    // MARK: - Groups

    /// Follows the scene's input: a press, a key or a wheel turn begins a gesture; a press
    /// that moves more than a few pixels is a drag. Returns whether any of it is part of a
    /// gesture (not the pointer passing over the scene, nor a key without a name, such as
    /// Control).
    private func follow(_ input: [InputEvent], at now: MediaTime) -> Bool {
        var isGesture = false
        for event in input {
            switch event {
            case .key(.unidentified):
                continue
            case .move where !isPressed:
                continue
            case .down(let point):
                gestureCount += 1
                gesture = Gesture(number: gestureCount, kind: "tap", time: now, point: point)
                isPressed = true
            case .move(let point), .up(let point):
                if case .up = event { isPressed = false }
                if var current = gesture, let start = current.point, current.kind == "tap",
                    ((point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y))
                        .squareRoot() > Self.dragDistance
                {
                    current.kind = "drag"
                    gesture = current
                }
            case .scroll(_, let point, _, _):
                gestureCount += 1
                gesture = Gesture(number: gestureCount, kind: "wheel", time: now, point: point)
            case .key(let key):
                gestureCount += 1
                gesture = Gesture(number: gestureCount, kind: "key \(key.label)", time: now, point: nil)
            }
            isGesture = true
        }
        return isGesture
    }

    /// Pixels a press moves before it is a drag rather than a tap.
    static let dragDistance = 10.0

    /// What started the rows first seen now: the frame's input (the gesture it belongs to), a
    /// timer fired this frame, completion blocks run at the end of the frame before, the
    /// scene's start (or what already ran when the log began), a display link; else the frame.
    private func cause(at now: MediaTime, isInput: Bool, timeline: Timeline)
        -> (Cause, String, RowGroup.Words, AnyObject?)
    {
        let time = "\(Self.format(now)) s"
        if isInput, let gesture {
            let at = "at \(Self.format(gesture.time)) s"
            let kind = gesture.kind.hasPrefix("key ") ? "the \(gesture.kind)" : "a \(gesture.kind)"
            return (.gesture(gesture.number), "\(gesture.kind) \(at)", (kind, gesture.point, " \(at)"), nil)
        }
        if let timer = timeline.firedTimers.first {
            let every = "every \(Self.format(timer.interval)) s"
            let own = timer.name.flatMap { $0 == "timer" ? nil : $0 }
            let name = own.map { $0 == "delay" ? "delay" : "timer \($0)" } ?? "timer"
            let label = timer.repeats ? (own == nil ? "timer \(every)" : name) : "\(name) at \(time)"
            let words =
                timer.repeats
                ? "the \(name == "timer" ? "timer" : name) \(every)"
                : "the \(name) of \(Self.format(timer.interval)) s"
            return (
                .timer(ObjectIdentifier(timer)), label,
                ("\(words), scheduled at \(Self.format(timer.scheduledAt)) s (\(timer.source))", nil, ""),
                timer
            )
        }
        if let completed = timeline.lastCompletionTime, abs(completed - timeline.previousFrameTime) < 1e-9 {
            return (
                .completion(completed), "completion at \(Self.format(completed)) s",
                ("completion blocks run as animations ended at \(Self.format(completed)) s", nil, ""), nil
            )
        }
        if !hasObserved {
            return now < 1e-9
                ? (.start, "scene start", ("the scene as it starts", nil, ""), nil)
                : (
                    .start, "running at \(time)",
                    ("what already ran when the inspector began at \(time)", nil, ""), nil
                )
        }
        if let link = timeline.activeDisplayLinks.first(where: { !$0.isPaused }) {
            let name = link.name ?? "displayLink"
            return (
                .displayLink(ObjectIdentifier(link)), name,
                ("the display link \(name) (\(link.source))", nil, ""), link
            )
        }
        return (.frame(now), "frame at \(time)", ("the frame at \(time)", nil, ""), nil)
    }

    /// The group of what made the rows first seen now, when the log has it: a one-shot timer
    /// fired this frame (a `delay` a tap scheduled: its rows are the tap's), else the animation
    /// whose end ran completion blocks at the end of the frame before (a stroke handing over to
    /// the next). Repeating timers make groups of their own.
    private func inheritedGroup(timeline: Timeline) -> Int? {
        if !timeline.firedTimers.isEmpty {
            return timeline.firedTimers.lazy.filter { !$0.repeats }.compactMap { self.row(of: $0)?.group }
                .first
        }
        guard let completed = timeline.lastCompletionTime, abs(completed - timeline.previousFrameTime) < 1e-9
        else { return nil }
        let frame = max(timeline.previousFrameTime - (previousObserved ?? -.infinity), 1e-6)
        // By index, not `rows.last(where:)`, which copies each row it looks at (a dozen
        // references counted; a heavy load's frame looks at thousands, issue 39m).
        var index = rows.endIndex
        while index > rows.startIndex {
            index -= 1
            guard rows[index].kind == .animation, rows[index].activeDuration.isFinite else { continue }
            let end = rows[index].begin + rows[index].activeDuration
            if end <= completed + 1e-9 && end > completed - frame - 1e-9 { return rows[index].group }
        }
        return nil
    }

    /// The group of rows started by `cause`: the one it has, or a new one.
    private func group(for cause: (key: Cause, label: String, words: RowGroup.Words, anchor: AnyObject?))
        -> Int
    {
        if let index = groupIndex[cause.key] { return index }
        let count = (groupLabelCounts[cause.label] ?? 0) + 1
        groupLabelCounts[cause.label] = count
        let label = count > 1 ? "\(cause.label) (\(count))" : cause.label
        groups.append(
            RowGroup(
                label: label, words: cause.words, key: cause.key, anchor: cause.anchor, labelKey: cause.label)
        )
        groupIndex[cause.key] = groups.count - 1
        return groups.count - 1
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
        labelledLayers.append(id)
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
        guard seconds.isFinite else { return "\(seconds)" }  // no Int of it (a forever's count)
        let rounded = (seconds * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
