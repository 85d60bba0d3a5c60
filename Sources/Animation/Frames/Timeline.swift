/// The engine's clock and bookkeeping: the current frame time, transactions, the layers
/// with animations, timers and display links.
///
/// Nothing in the engine reads a wall clock. A host (the window, `render`, a test) calls
/// `beginFrame(at:)` with each frame's target time; "now" is that value until the next frame
/// (docs/ARCHITECTURE.md § Time is an input). `FrameLoop` runs the steps of one frame in order.
public final class Timeline {
    /// The current frame's time, seconds since the timeline started.
    public internal(set) var currentTime: MediaTime
    /// The previous frame's time (the display link's `timestamp`).
    public internal(set) var previousFrameTime: MediaTime
    /// Bumped when a model value or the tree changes (the renderer's cue to redraw).
    public internal(set) var changeCount = 0
    /// Bumped when an animation is added to a layer of this timeline, a layer joins a tree, or
    /// a checkpoint is restored: what can attach animations that were not there before (an
    /// inspector that lists them looks again only then, `AnimationLog`).
    public internal(set) var attachCount = 0
    /// The layers of the bumps of `attachCount` since it was `journalStart`, one a bump, held
    /// weakly (`layersAttached(since:)`); emptied by a restore and kept to `journalLimit`.
    var attachJournal: [WeakLayer] = []
    var journalStart = 0
    /// Whether `attachJournal` notes the layers at all: an inspector that reads
    /// `layersAttached(since:)` turns it on. Off (the default), the journal stays empty and
    /// `layersAttached(since:)` says it does not know: a weak reference to every layer that
    /// gets an animation gave each its own side table to make and free, about 3 % of a replay
    /// of the fish, which nothing read unless an inspector watched. Configuration, not state.
    public var journalsAttaches = false {
        didSet { if !journalsAttaches { noteAttachEverywhere() } }
    }
    /// The most layers `attachJournal` keeps: past it, the older half goes.
    static let journalLimit = 1024

    struct WeakLayer {
        weak var layer: Layer?
    }

    var transactionStack: [Transaction] = []
    /// Layers with animations, in the order they got their first one (dictionaries iterate
    /// in a random order, and callbacks must run in the same order on every run); nil where
    /// a layer left, until the list is compacted. A layer knows its place (`timelineSlot`).
    var animatedLayers: [Layer?] = []
    /// For each place of `animatedLayers`, the time from which its layer must be looked at
    /// at the end of a frame: its earliest end as last computed, `-infinity` once its
    /// animations changed, `infinity` for an empty place. Kept apart from the layers so that
    /// the end of a frame reads one array of numbers, not thousands of layer objects.
    var animatedLayerEnds: [MediaTime] = []
    /// At most the least of `animatedLayerEnds` (`-infinity`: not known): until then no layer
    /// needs looking at, and the end of a frame skips the list (most frames of a replay).
    var firstAnimatedLayerEnd = -MediaTime.infinity
    /// Empty places in `animatedLayers`.
    var leftLayerCount = 0
    var dueCallbacks: [() -> Void] = []
    var timers: [ScheduledTimer] = []
    /// What ran the scene's code lately besides its input, for inspectors that group what it
    /// started: the timers fired in the frame at `currentTime` (empty in a frame that fired
    /// none), and the last frame time whose end ran completion blocks (nil: none yet).
    public internal(set) var firedTimers: [ScheduledTimer] = []
    public internal(set) var lastCompletionTime: MediaTime?
    var displayLinks: [DisplayLink] = []
    /// The shell's curve edits (docs/ARCHITECTURE.md § Curve edits): given the source of an
    /// animation being added and its own timing function, the timing function it runs with.
    /// `Layer.add` asks it for every animation with a source but a spring's, so that an edit
    /// applies to each animation started at that line. Nil (the default): each runs its own.
    /// Set by the timeline's owner before the scene is made; it is configuration, not state.
    public var timingFunctionEdit: ((_ source: CallSite, _ own: TimingFunction?) -> TimingFunction?)?
    /// The shell's duration and delay edits, as `timingFunctionEdit`: given the source of an
    /// animation being added (not a spring's), its own duration (`effectiveDuration`) and delay
    /// (its `beginTime` after the time it is added), the ones it runs with. Nil: its own.
    public var durationEdit:
        (
            (_ source: CallSite, _ duration: MediaTime, _ delay: MediaTime) -> (
                duration: MediaTime, delay: MediaTime
            )
        )?

    public init(startTime: MediaTime = 0) {
        currentTime = startTime
        previousFrameTime = startTime
    }

    /// Moves "now" to `time` (never backwards).
    public func beginFrame(at time: MediaTime) {
        precondition(time >= currentTime, "time runs forwards: \(time) < \(currentTime)")
        previousFrameTime = currentTime
        currentTime = time
    }

    // MARK: - Transactions

    /// The innermost open transaction, opening the implicit one if none is open.
    public var currentTransaction: Transaction {
        if let top = transactionStack.last { return top }
        let implicit = Transaction(inheriting: nil, isImplicit: true)
        transactionStack.append(implicit)
        return implicit
    }

    /// Opens a transaction nested in the current one and returns it to configure; its
    /// implicit animations' `source` is the caller's line (CallSite).
    @discardableResult
    public func beginTransaction(fileID: String = #fileID, line: Int = #line) -> Transaction {
        beginTransaction(source: CallSite(fileID: fileID, line: line))
    }

    /// `beginTransaction()` with the source given.
    func beginTransaction(source: CallSite) -> Transaction {
        let transaction = Transaction(inheriting: transactionStack.last, isImplicit: false, source: source)
        transactionStack.append(transaction)
        return transaction
    }

    /// Closes the innermost explicit transaction; its completion block runs now if no
    /// animation is pending.
    public func commitTransaction() {
        guard let index = transactionStack.lastIndex(where: { !$0.isImplicit }) else {
            preconditionFailure("commitTransaction without beginTransaction")
        }
        let transaction = transactionStack.remove(at: index)
        commit(transaction)
    }

    /// `begin`, `body`, `commit`: `timeline.transaction { $0.disableActions = true; … }`.
    public func transaction<R>(
        fileID: String = #fileID, line: Int = #line, _ body: (Transaction) throws -> R
    ) rethrows -> R {
        let transaction = beginTransaction(source: CallSite(fileID: fileID, line: line))
        defer { commitTransaction() }
        return try body(transaction)
    }

    /// Commits the implicit transaction (the frame loop does this once a frame).
    public func commitImplicitTransaction() {
        guard let first = transactionStack.first, first.isImplicit else { return }
        transactionStack.removeFirst()
        commit(first)
    }

    private func commit(_ transaction: Transaction) {
        transaction.isCommitted = true
        transaction.dueCompletion()?()
    }

    // MARK: - Implicit actions

    /// Adds the implicit animation for a model change of `property`, unless actions are off.
    func runImplicitAction<Value>(for property: LayerProperty<Value>, of layer: Layer, from oldValue: Value) {
        let transaction = currentTransaction
        guard !transaction.disableActions, layer.actions[property.name] != LayerAction.none else { return }
        let from = layer.presentationValue(of: property, withModelValue: oldValue)
        let animation: BasicAnimation<Value>
        if let spring = transaction.blockStyle?.spring {
            let springAnimation = SpringAnimation(keyPath: property)
            springAnimation.mass = spring.mass
            springAnimation.stiffness = spring.stiffness
            springAnimation.damping = spring.damping
            springAnimation.initialVelocity = spring.initialVelocity
            animation = springAnimation
        } else {
            animation = BasicAnimation(keyPath: property)
            animation.timingFunction = transaction.animationTimingFunction
        }
        animation.fromValue = from
        animation.duration = transaction.animationDuration
        if let block = transaction.blockStyle {
            // UIView-style blocks hold their values on both sides (docs/SEMANTICS.md).
            animation.fillMode = .both
            animation.beginTime = currentTime + block.delay
        }
        layer.add(animation, forKey: property.name, source: transaction.source, copies: false)
    }

    // MARK: - Animation bookkeeping

    func didAdd(_ animation: LayerAnimation, to layer: Layer) {
        if layer.timelineSlot < 0 {
            layer.timelineSlot = animatedLayers.count
            animatedLayers.append(layer)
            animatedLayerEnds.append(-.infinity)
        } else {
            animatedLayerEnds[layer.timelineSlot] = -.infinity
        }
        firstAnimatedLayerEnd = -.infinity
        for transaction in transactionStack { transaction.track(animation) }
        noteAttach(layer)
        noteModelChange()
    }

    /// An animation was added to `layer`, or it (with its sublayers) joined a tree.
    func noteAttach(_ layer: Layer) {
        attachCount &+= 1
        guard journalsAttaches else {
            journalStart = attachCount  // the journal knows nothing before this
            return
        }
        attachJournal.append(WeakLayer(layer: layer))
        if attachJournal.count > Self.journalLimit {
            let dropped = attachJournal.count - Self.journalLimit / 2
            attachJournal.removeFirst(dropped)
            journalStart &+= dropped
        }
    }

    /// Forgets which layers got animations: a restore may have changed any of them.
    func noteAttachEverywhere() {
        attachCount &+= 1
        attachJournal = []
        journalStart = attachCount
    }

    /// The layers that got an animation or joined a tree since `attachCount` was `count`, in
    /// that order (one may come more than once); a layer that joined a tree brings its
    /// sublayers with it. Nil when the timeline no longer knows (a checkpoint restored since,
    /// or more than `journalLimit` of them, or `journalsAttaches` off then): then any layer
    /// may have new animations.
    public func layersAttached(since count: Int) -> [Layer]? {
        guard count >= journalStart, count <= attachCount else { return nil }
        return attachJournal[(count - journalStart)...].compactMap(\.layer)
    }

    func didRemove(_ animation: LayerAnimation, from layer: Layer) {
        if layer.timelineSlot >= 0 {
            animatedLayerEnds[layer.timelineSlot] = -.infinity
            firstAnimatedLayerEnd = -.infinity
        }
        noteModelChange()
        guard !animation.hasFinished else { return }
        animation.hasFinished = true
        end(animation, finished: false)
    }

    /// Queues the callbacks of an animation that ended.
    private func end(_ animation: LayerAnimation, finished: Bool) {
        if let completion = animation.completion { dueCallbacks.append { completion(finished) } }
        for transaction in animation.transactions {
            if let block = transaction.animationDidEnd() { dueCallbacks.append(block) }
        }
        animation.transactions = []
    }

    /// Ends the frame: animations whose active interval is over finish (and leave their
    /// layers unless told otherwise), then every due completion runs, in order.
    public func endFrame() {
        // Only layers whose animations changed or one of which may have ended are looked
        // at (`Layer.removeFinishedAnimations` would return nothing for the others), in the
        // list's order, which is the callbacks' order; a layer left without animations
        // leaves the list.
        let time = currentTime
        if time >= firstAnimatedLayerEnd - Layer.endMargin {
            // Anything the loop changes that is not its own slot's end marks it unknown again.
            firstAnimatedLayerEnd = .infinity
            var earliest = MediaTime.infinity
            for slot in animatedLayerEnds.indices {
                if time >= animatedLayerEnds[slot] - Layer.endMargin, let layer = animatedLayers[slot] {
                    for animation in layer.removeFinishedAnimations(at: time) {
                        end(animation, finished: true)
                    }
                    if layer.hasAnimations {
                        animatedLayerEnds[slot] = layer.earliestEnd
                    } else {
                        layer.timelineSlot = -1
                        animatedLayers[slot] = nil
                        animatedLayerEnds[slot] = .infinity
                        leftLayerCount += 1
                    }
                }
                earliest = min(earliest, animatedLayerEnds[slot])
            }
            firstAnimatedLayerEnd = min(firstAnimatedLayerEnd, earliest)
        }
        if leftLayerCount > max(animatedLayers.count / 2, 16) { compactAnimatedLayers() }
        if !dueCallbacks.isEmpty { lastCompletionTime = currentTime }
        while !dueCallbacks.isEmpty {
            let callbacks = dueCallbacks
            dueCallbacks = []
            for callback in callbacks { callback() }
        }
    }

    /// Closes the empty places of the animated layers' list, keeping the order: once they
    /// are more than half, so that each layer is moved a few times in its life, not once a
    /// frame.
    private func compactAnimatedLayers() {
        var kept = 0
        for slot in animatedLayers.indices {
            guard let layer = animatedLayers[slot] else { continue }
            layer.timelineSlot = kept
            animatedLayers[kept] = layer
            animatedLayerEnds[kept] = animatedLayerEnds[slot]
            kept += 1
        }
        animatedLayers.removeLast(animatedLayers.count - kept)
        animatedLayerEnds.removeLast(animatedLayerEnds.count - kept)
        leftLayerCount = 0
    }

    /// Whether some animation is still changing values (frames must keep coming).
    public var hasRunningAnimations: Bool {
        animatedLayers.contains { $0?.isAnimating(at: currentTime) ?? false }
    }

    /// The number of layers that have animations attached.
    public var animatedLayerCount: Int { animatedLayers.count - leftLayerCount }

    func noteModelChange() { changeCount &+= 1 }
    func noteTreeChange() { changeCount &+= 1 }

    // MARK: - The end

    /// Stops the timeline for good, as a host does with the clock of a scene it leaves
    /// behind: timers and display links are invalidated, animations are taken off their
    /// layers without running their completions, pending callbacks and open transactions
    /// are dropped.
    ///
    /// Layers hold their timeline and the timeline holds its animated layers, timers and
    /// callbacks (which hold the scene): until this breaks the circle, a scene left
    /// mid-animation would never be freed. Core Animation has no such call; its layers are
    /// not tied to a clock of their own.
    public func invalidate() {
        for timer in timers { timer.invalidate() }
        for link in displayLinks { link.invalidate() }
        timers.removeAll()
        // Last frame's fired timers too: a timer's callback that holds layers of this
        // timeline would keep it alive (the host's toast timer, in a session that ends).
        firedTimers.removeAll()
        displayLinks.removeAll()
        let layers = animatedLayers.compactMap { $0 }
        animatedLayers.removeAll()
        animatedLayerEnds.removeAll()
        leftLayerCount = 0
        for layer in layers {
            layer.timelineSlot = -1
            layer.removeAllAnimations()
        }
        dueCallbacks.removeAll()
        transactionStack.removeAll()
    }
}
