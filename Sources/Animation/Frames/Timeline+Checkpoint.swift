extension Timeline {
    /// A checkpoint of everything this timeline runs for the trees under `roots`, as values,
    /// and the function that puts it back: time travel restores it instead of replaying a
    /// scene from its start (docs/ARCHITECTURE.md § Time travel).
    ///
    /// It holds the clock, the list of animated layers in its order (the order completions run
    /// in), the timers and display links with their grid and phase, and for every layer of the
    /// trees and every animated layer its model values, sublayers, animations (with their
    /// resolved begin times, finished flags and the transactions waiting for them) and gesture
    /// recognizers. Objects are kept by reference and their state as values, so putting it
    /// back on the same objects needs no copy of a closure: every callback (a timer's, a
    /// completion block, a recognizer's action) is the one the run made, and reaches the
    /// objects it captured, which the checkpoint keeps alive and restores too. What an object
    /// outside the engine holds (a scene's own properties) is its owner's to save.
    ///
    /// `rebuilt`: a layer whose sublayers (and what is under them) the checkpoint leaves out,
    /// for its scene to make again on a restore (`TimelineCheckpoint.restore(rebuilding:)`):
    /// neither they, nor their animations, transactions and the closures those hold stay alive
    /// in it (issue 39: the fish's 2,000 bubbles, which share nothing from one checkpoint to the
    /// next). It saves `rebuilt` without them and keeps their places in the list of animated
    /// layers, by where each sits under `rebuilt`. An animated layer out of every tree with no
    /// animation left (one that left `rebuilt` this frame) is left out too, its place empty, as
    /// the next frame's end would leave it.
    ///
    /// Nil between a frame's phases (callbacks due or a transaction open): take it after a
    /// frame, as `FrameLoop.runFrame` leaves the timeline.
    public func checkpoint(of roots: [Layer], rebuilding rebuilt: Layer? = nil) -> TimelineCheckpoint? {
        guard dueCallbacks.isEmpty, transactionStack.isEmpty else { return nil }
        var own: Checkpoint
        // The places of the animated layers under `rebuilt`: by their index among its
        // sublayers (two numbers each: an array a place was 64 bytes more), or, deeper down,
        // by their index path from it.
        var holes: [(slot: Int32, index: Int32)] = []
        var deepHoles: [(slot: Int, path: [Int])] = []
        if let rebuilt {
            // The sublayers of `rebuilt` with places first, by the place each knows
            // (`timelineSlot`): a dictionary of them by object, and a weak load or two of
            // every layer's superlayer, were most of the engine's part of a checkpoint of the
            // fish's 2,000 bubbles (issue 39).
            var isHole = [Bool](repeating: false, count: animatedLayers.count)
            holes.reserveCapacity(min(rebuilt.sublayers.count, animatedLayers.count))
            for (index, layer) in rebuilt.sublayers.enumerated() {
                let slot = layer.timelineSlot
                guard animatedLayers.indices.contains(slot), animatedLayers[slot] === layer else { continue }
                holes.append((Int32(slot), Int32(index)))
                isHole[slot] = true
            }
            var ends = animatedLayerEnds.checkpointCopy
            var left = leftLayerCount
            var list: [Layer?] = []
            list.reserveCapacity(animatedLayers.count)
            for (slot, layer) in animatedLayers.enumerated() {
                guard let layer, !isHole[slot] else {
                    list.append(nil)
                    continue
                }
                if layer.superlayer == nil && !layer.hasAnimations && !roots.contains(where: { $0 === layer })
                {
                    // Out of every tree with no animation left (a bubble that popped, its
                    // snapshot): the next frame's end empties its place, so it is empty here,
                    // and the layer, which the scene let go of, is not kept.
                    (ends[slot], left) = (.infinity, left + 1)
                    list.append(nil)
                    continue
                }
                if let path = layer.indexPath(under: rebuilt) {
                    deepHoles.append((slot, path))
                    list.append(nil)
                } else {
                    list.append(layer)
                }
            }
            own = checkpoint(animatedLayers: list, ends: ends, leftLayerCount: left)
            holes = holes.checkpointCopy
        } else {
            own = checkpoint
        }
        var seen = Set<ObjectIdentifier>()
        var layers: [Layer] = []
        var pending = roots + own.animatedLayers.compactMap { $0 }
        while let layer = pending.popLast() {
            guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
            layers.append(layer)
            if layer !== rebuilt { pending += layer.sublayers }
        }
        // Saved states unchanged since the last checkpoint are shared with it (`isNew` false).
        var newLayerCount = 0
        let layerSaves = layers.map { layer in
            if layer === rebuilt {
                // Saved without its sublayers, and not shared: a checkpoint that keeps them (or
                // not) may have the same revision.
                newLayerCount += 1
                return Layer.SharedLayerSave(of: layer, restore: layer.savedStateLeavingOutSublayers())
            }
            let (save, isNew) = layer.sharedSavedState()
            if isNew { newLayerCount += 1 }
            return save
        }
        var animationSaves: [LayerAnimation.SharedRunSave] = []
        animationSaves.reserveCapacity(layers.reduce(0) { $0 + $1.animationEntries.count })
        var newAnimationCount = 0
        var restores: [() -> Void] = []
        var seenTransactions = Set<ObjectIdentifier>()
        for layer in layers {
            for entry in layer.animationEntries {
                let (save, isNew) = entry.animation.sharedRunState()
                if isNew { newAnimationCount += 1 }
                animationSaves.append(save)
                for transaction in entry.animation.transactions
                where seenTransactions.insert(ObjectIdentifier(transaction)).inserted {
                    restores.append(transaction.savedState())
                }
            }
            restores += layer.gestureRecognizers.map { $0.savedState() }
        }
        restores += timers.map { $0.savedState() }
        restores += displayLinks.map { $0.savedState() }
        return TimelineCheckpoint(
            layerCount: layers.count, animationCount: animationSaves.count, newLayerCount: newLayerCount,
            newAnimationCount: newAnimationCount, rebuiltAnimatedLayerCount: holes.count + deepHoles.count
        ) { [self] rebuild in
            // Made again rather than kept: a set of thousands of layers in each of hundreds of
            // checkpoints took more memory than their shared saved states.
            let saved = Set(layerSaves.lazy.map { ObjectIdentifier($0.layer) })
            // Layers made or animated since and not in the checkpoint leave the trees and the
            // list with it. They also lose their animations: a completion block that captures
            // its own layer (a bubble that pops itself) is a cycle that only the animation's
            // end would have broken, and it will not end now.
            var orphans: [Layer] = []
            var reached = Set<ObjectIdentifier>()
            var pending = roots + animatedLayers.compactMap { $0 }
            while let layer = pending.popLast() {
                guard reached.insert(ObjectIdentifier(layer)).inserted else { continue }
                if !saved.contains(ObjectIdentifier(layer)) { orphans.append(layer) }
                pending += layer.sublayers
            }
            for case let layer? in animatedLayers where !saved.contains(ObjectIdentifier(layer)) {
                layer.timelineSlot = -1
            }
            for orphan in orphans {
                orphan.animationEntries = []
                orphan.revision &+= 1  // not what a saved state of it holds any more
            }
            transaction { transaction in
                transaction.disableActions = true
                for save in layerSaves { save.restore() }
                for save in animationSaves { save.restore() }
                for restore in restores { restore() }
            }
            restore(own)
            dueCallbacks = []
            transactionStack = []
            if let rebuilt {
                // The scene makes the left-out layers again, then each takes its place back.
                transaction { transaction in
                    transaction.disableActions = true
                    rebuild()
                }
                let sublayers = rebuilt.sublayers
                let places =
                    holes.lazy.map {
                        (
                            slot: Int($0.slot),
                            layer: sublayers.indices.contains(Int($0.index)) ? sublayers[Int($0.index)] : nil
                        )
                    }
                    + deepHoles.lazy.map { (slot: $0.slot, layer: rebuilt.layer(at: $0.path)) }
                for place in places {
                    guard let layer = place.layer else {
                        preconditionFailure(
                            "the scene did not make again the animated layer of place \(place.slot)")
                    }
                    animatedLayers[place.slot] = layer
                    animatedLayerEnds[place.slot] = -.infinity
                    layer.timelineSlot = place.slot
                }
                assert(
                    !rebuilt.sublayers.contains { $0.hasAnimations && $0.timelineSlot < 0 },
                    "a layer made again got animations it had no place for")
            }
            noteAttachEverywhere()
            noteModelChange()
        }
    }
}

extension Layer {
    /// Where this layer sits under `ancestor`: the index of each layer on the way down from it
    /// (nil if it is not under it).
    func indexPath(under ancestor: Layer) -> [Int]? {
        var path: [Int] = []
        var layer = self
        while let parent = layer.superlayer {
            guard let index = parent.sublayers.firstIndex(where: { $0 === layer }) else { return nil }
            path.append(index)
            if parent === ancestor { return path.reversed() }
            layer = parent
        }
        return nil
    }

    /// The layer at `path` under this one (`indexPath(under:)`).
    func layer(at path: [Int]) -> Layer? {
        var layer = self
        for index in path {
            guard layer.sublayers.indices.contains(index) else { return nil }
            layer = layer.sublayers[index]
        }
        return layer
    }
}

/// What `Timeline.checkpoint(of:)` saved: `restore()` puts it back.
public struct TimelineCheckpoint {
    /// How many layers it saved, and animations on them (a measure of its memory).
    public let layerCount: Int
    public let animationCount: Int
    /// How many of those it saved anew: the others had not changed since the checkpoint
    /// before, whose saved state it shares (a reference each, `Layer.sharedSavedState()`).
    public let newLayerCount: Int
    public let newAnimationCount: Int
    /// How many animated layers it left out for the scene to make again (`rebuilding`).
    public let rebuiltAnimatedLayerCount: Int
    /// Puts the saved state back on the same objects, with actions disabled; then, for a
    /// checkpoint that left out the sublayers of a layer (`Timeline.checkpoint(of:rebuilding:)`),
    /// runs `rebuild`, in a transaction with actions disabled, which must make them again as they
    /// were, in the same order (`Layer.addRestored` for their animations), and gives each
    /// animated one its place back in the timeline's list, so that completions run in the
    /// order they did.
    let restoreRebuilding: (_ rebuild: () -> Void) -> Void

    /// Puts the saved state back (`restore(rebuilding:)` with nothing left out to make).
    public func restore() { restoreRebuilding {} }

    /// Puts the saved state back, and `rebuild` makes again what the checkpoint left out.
    public func restore(rebuilding rebuild: () -> Void) { restoreRebuilding(rebuild) }

    init(
        layerCount: Int, animationCount: Int, newLayerCount: Int, newAnimationCount: Int,
        rebuiltAnimatedLayerCount: Int, restore: @escaping (_ rebuild: () -> Void) -> Void
    ) {
        (self.layerCount, self.animationCount) = (layerCount, animationCount)
        (self.newLayerCount, self.newAnimationCount) = (newLayerCount, newAnimationCount)
        self.rebuiltAnimatedLayerCount = rebuiltAnimatedLayerCount
        restoreRebuilding = restore
    }
}

extension Timeline {
    /// What a checkpoint keeps of the timeline itself, as one value: every stored property is
    /// either a field here, by its name, or in `notCheckpointed` (a test checks, with `Mirror`).
    struct Checkpoint {
        let currentTime: MediaTime
        let previousFrameTime: MediaTime
        let animatedLayers: [Layer?]
        let animatedLayerEnds: [MediaTime]
        let leftLayerCount: Int
        let timers: [ScheduledTimer]
        let displayLinks: [DisplayLink]
        let lastCompletionTime: MediaTime?

    }

    /// What a checkpoint leaves out: the renderer's and the inspector's change counters (a
    /// restore bumps them), and the
    /// transactions open and callbacks due, which are empty whenever a checkpoint is taken and
    /// emptied when one is restored; the owner's curve edits and whether the inspector journals
    /// attaches, configuration; and the
    /// timers fired, which each frame sets anew before anything reads them; the least end of
    /// the animated layers, a bound that a restore sets back to unknown.
    static let notCheckpointed: Set = [
        "changeCount", "attachCount", "attachJournal", "journalStart", "transactionStack", "dueCallbacks",
        "timingFunctionEdit", "durationEdit", "journalsAttaches", "firedTimers", "firstAnimatedLayerEnd",
    ]

    /// The timeline's own state now.
    var checkpoint: Checkpoint {
        checkpoint(
            animatedLayers: animatedLayers.checkpointCopy, ends: animatedLayerEnds.checkpointCopy,
            leftLayerCount: leftLayerCount)
    }

    /// The timeline's own state now with another list of animated layers (one that leaves
    /// out some places), made without copying the list it replaces.
    func checkpoint(animatedLayers list: [Layer?], ends: [MediaTime], leftLayerCount: Int) -> Checkpoint {
        Checkpoint(
            currentTime: currentTime, previousFrameTime: previousFrameTime, animatedLayers: list,
            animatedLayerEnds: ends, leftLayerCount: leftLayerCount, timers: timers,
            displayLinks: displayLinks, lastCompletionTime: lastCompletionTime)
    }

    private func restore(_ saved: Checkpoint) {
        (currentTime, previousFrameTime) = (saved.currentTime, saved.previousFrameTime)
        (animatedLayers, animatedLayerEnds, leftLayerCount) =
            (saved.animatedLayers, saved.animatedLayerEnds, saved.leftLayerCount)
        firstAnimatedLayerEnd = -.infinity  // looked at again at the next frame's end
        (timers, displayLinks) = (saved.timers, saved.displayLinks)
        lastCompletionTime = saved.lastCompletionTime
        firedTimers = []
    }
}

extension LayerAnimation {
    /// `savedRunState()` in a box, or the box the last checkpoint took while the animation
    /// has not changed since (shared: a reference, not a copy), and whether it is new.
    func sharedRunState() -> (save: SharedRunSave, isNew: Bool) {
        if let last = lastRunSave, last.hasFinished == hasFinished,
            last.transactions.elementsEqual(transactions, by: ===)
        {
            return (last, false)
        }
        let save = SharedRunSave(
            hasFinished: hasFinished, transactions: transactions, restore: savedRunState())
        lastRunSave = save
        return (save, true)
    }

    /// A saved run state and what it saved; the checkpoints keep it, and it the animation.
    final class SharedRunSave {
        let hasFinished: Bool
        let transactions: [Transaction]
        let restore: () -> Void

        init(hasFinished: Bool, transactions: [Transaction], restore: @escaping () -> Void) {
            (self.hasFinished, self.transactions, self.restore) = (hasFinished, transactions, restore)
        }
    }

    /// What changes on an animation once it runs (whether it finished, who waits for it), and
    /// what puts it back; its settings do not change once it is added (`Layer.add`).
    func savedRunState() -> () -> Void {
        let saved = runCheckpoint
        return { [self] in (hasFinished, transactions) = (saved.hasFinished, saved.transactions) }
    }

    /// What `savedRunState()` keeps, as one value: every stored property of `LayerAnimation` is
    /// either a field here, by its name, or in `notCheckpointed` (a test checks, with `Mirror`);
    /// the kinds' own properties are settings (pinned by the same test).
    struct RunCheckpoint {
        let hasFinished: Bool
        let transactions: [Transaction]
    }

    /// What a checkpoint leaves out: the settings, copied by `Layer.add` and not changed after.
    static let notCheckpointed: Set = [
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses",
        "fillMode",
        "timingFunction", "isRemovedOnCompletion", "completion", "source", "lastRunSave",
    ]

    /// The animation's run state now.
    var runCheckpoint: RunCheckpoint { RunCheckpoint(hasFinished: hasFinished, transactions: transactions) }
}
