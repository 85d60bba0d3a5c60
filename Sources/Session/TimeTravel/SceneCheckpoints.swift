import Animation

/// The running scene's checkpoints (docs/ARCHITECTURE.md § Time travel): its state after some
/// of its history's frames, so that a seek restores the nearest one at or before the frame it
/// needs and replays from there, not from the scene's start.
///
/// One is taken after the first frame of every 2 s of scene time; older ones are thinned
/// (`tiers`): every 2 s over the last two minutes before the newest, every 10 s up to ten
/// minutes before it, every 30 s before that. An hour then keeps 1 + 60 + 48 + 100 = 209 of
/// them, and a seek replays at most 2, 10 or 30 s (more past `byteBudget`).
struct SceneCheckpoints {
    struct Checkpoint {
        /// The history's frame after which it was taken; -1: before the first, the scene as
        /// built and laid out.
        let frame: Int
        /// That frame's scene time (0 before the first).
        let time: MediaTime
        /// Its memory, estimated (`estimatedBytes`).
        let estimatedBytes: Int
        /// The inspector's log then, which `restore` brings back (nil: it observed nothing).
        var observation: ObservationMark? = nil
        /// Whether the scene makes some of its layers again on its restore, as other objects
        /// (`CheckpointingScene.rebuiltLayer`): not restored while an inspector knows
        /// animations by object.
        var rebuildsLayers = false
        /// Whether it makes a heavy load again (`isDense(rebuilding:)`): kept every 2 s at any
        /// age, within `heavyByteBudget`.
        var isDense = false
        /// Puts the scene, its timeline and what the session holds for it back as they were.
        let restore: () -> Void
    }

    /// Seconds of scene time between two checkpoints kept, by how long before the newest they
    /// were taken (the first tier whose age is more): 2 s over the last 120 s, then 10 s up to
    /// 600 s, then 30 s.
    static let tiers: [(age: MediaTime, interval: MediaTime)] = [(120, 2), (600, 10), (.infinity, 30)]

    /// Layers made again on a restore from which a checkpoint is dense: the scene saves a
    /// heavy load as the few numbers it is made from (the fish's bubbles, issue 39), whose
    /// replay is slow (2,000 bubbles: 10 ms a second of scene time). The fish's own 20 or so
    /// bubbles replay fast, and keep the tiers (a replay from the start taking one every 2 s
    /// made a knob's reshape at 600 s 25 % slower).
    static let denseLayerCount = 500

    /// Whether a checkpoint that makes `count` layers again is dense.
    static func isDense(rebuilding count: Int) -> Bool { count >= denseLayerCount }

    /// The interval between checkpoints kept at `time` when the newest is at `newest`; for
    /// `dense` ones the first tier's at any age: their load is slow to replay, and the budget
    /// thins them evenly instead.
    static func interval(at time: MediaTime, newest: MediaTime, dense: Bool = false) -> MediaTime {
        if dense { return tiers[0].interval }
        let age = newest - time
        return (tiers.first { age <= $0.age } ?? tiers[tiers.count - 1]).interval
    }

    /// Whether `a` and `b` fall in the same interval of `step` seconds.
    static func sameBucket(_ a: MediaTime, _ b: MediaTime, step: MediaTime) -> Bool {
        (a / step).rounded(.down) == (b / step).rounded(.down)
    }

    /// The most memory the checkpoints kept may take, together, as `estimatedBytes` counts it
    /// (`heavyByteBudget` for heavy ones): past it, the ones whose going leaves the shortest gap
    /// go, until they fit, and new ones come less often (`spacing`). The scenes take 2–15 MB an hour; only a heavy load meets
    /// it: the fish's 2,000 bubbles, or the floating demo's balloons, which stay, one more a
    /// second.
    static let byteBudget = 48 << 20

    /// The budget of checkpoints that share almost nothing with the one before (each more than
    /// `heavyThreshold`): a heavy load whose objects all come and go between two of them, the
    /// fish's 2,000 bubbles (6 MB a checkpoint, 2 s a bubble). 48 MB kept 8 of them in ten
    /// minutes, a seek replaying up to 75 s; 80 MB keeps 13, the process at 92 MB, within the
    /// 128 MB issue 39 gives that row (a checkpoint's resident memory is about 1.1 times its
    /// estimate since a bubble's presentation copy and path segments no longer outlive it
    /// there; it was 1.3 times). The floating demo's checkpoints share their balloons
    /// (0.1–0.3 MB each) and keep `byteBudget`; its row allows 96 MB.
    static let heavyByteBudget = 80 << 20

    /// A checkpoint past this estimate counts against `heavyByteBudget`: 3 MB, twelve times the
    /// floating demo's at an hour and half the fish's 2,000 bubbles'.
    static let heavyThreshold = byteBudget / 16

    /// The budget that checkpoints of `bytes` each are thinned to (`byteBudget`, or
    /// `heavyByteBudget` past `heavyThreshold` and for `dense` ones, which share nothing with the
    /// one before either).
    static func budget(bytes: Int, dense: Bool = false) -> Int {
        bytes > heavyThreshold || dense ? heavyByteBudget : byteBudget
    }

    /// A checkpoint's memory, estimated from what it saved: about 0.5 kB a layer (its values,
    /// and the objects it keeps alive) and 2.5 kB an animation (with its path, the completion
    /// and what that keeps alive), from `bench --seek`'s resident memory against
    /// `--no-checkpoints` at an hour: the pull scene's table (114 layers, few animations) and
    /// the fish's bubbles (docs/performance-recording.md). A layer or animation whose saved
    /// state the checkpoint shares with the one before (unchanged since, `TimelineCheckpoint`)
    /// costs references instead: 48 and 16 bytes (its entry, the timeline's list of animated
    /// layers, and the scene's own arrays of them). The shared states are counted in the checkpoint that first
    /// took them; when thinning drops that one, the later ones holding them are undercounted,
    /// by little: what stays unchanged for long (the floating demo's balloons) is few a checkpoint.
    static func estimatedBytes(layers: Int, animations: Int, sharedLayers: Int = 0, sharedAnimations: Int = 0)
        -> Int
    {
        512 * (layers - sharedLayers) + 2560 * (animations - sharedAnimations) + 48 * sharedLayers + 16
            * sharedAnimations
    }

    /// By frame (and so by time).
    private(set) var all: [Checkpoint] = []
    /// The memory of those kept, estimated, together.
    private(set) var estimatedBytes = 0
    /// Off: every seek back replays from the start (`bench --seek --no-checkpoints`).
    var isEnabled = true
    /// The scene has state its history does not have (laid out for a size no frame
    /// recorded, while paused), so none is taken until it is rebuilt or restored.
    var isSuspended = false
    /// The scene instance and clock they were taken of (they keep both alive, so the
    /// identifiers cannot be reused while they are here).
    var owner: (scene: ObjectIdentifier, timeline: ObjectIdentifier)?

    /// The two checkpoints (by frame) between which the budget dropped a new one as soon as
    /// it was taken (the shortest gap it leaves is theirs, wherever it falls between them):
    /// none is taken there again while they stand. Else a replay through that gap took one
    /// every frame, 2,000 bubbles each, to drop it (one seek of 20 took 14–30 s).
    private var refusedGap: (after: Int, before: Int)?

    /// Drops them all, for a new instance of the scene.
    mutating func removeAll() {
        refusedGap = nil
        all.removeAll()
        estimatedBytes = 0
        isSuspended = false
        owner = nil
    }

    /// Drops the checkpoints taken after frame `frame` or later (the history changed from
    /// there).
    mutating func remove(fromFrame frame: Int) {
        let first = firstIndex(afterFrame: frame - 1)
        refusedGap = nil
        estimatedBytes -= all[first...].reduce(0) { $0 + $1.estimatedBytes }
        all.removeSubrange(first...)
    }

    /// The latest checkpoint taken after a frame at or before `frame` and at or before scene
    /// time `time` that `isUsable`.
    func latest(
        atOrBefore frame: Int, time: MediaTime, where isUsable: (Checkpoint) -> Bool = { _ in true }
    ) -> Checkpoint? {
        var index = firstIndex(afterFrame: frame) - 1
        while index >= 0 && (all[index].time > time || !isUsable(all[index])) { index -= 1 }
        return index >= 0 ? all[index] : nil
    }

    /// How many checkpoints the tiers keep over an hour.
    static let hourCount = 1 + 60 + 48 + 100

    /// Seconds of scene time at least between two checkpoints of `bytes` each: none while
    /// the tiers' hour of them fits in `byteBudget`; past that, so many that ten minutes of
    /// them would (a heavy load is then not saved every 2 s only to be dropped). Not an hour:
    /// ten minutes of the fish's 2,000 bubbles then kept 3, one every 440 s, and a seek
    /// replayed up to 4 s; the budget's thinning spreads them over a longer history.
    static func spacing(bytes: Int, dense: Bool = false) -> MediaTime {
        bytes * hourCount <= byteBudget || dense
            ? 0 : 600 * Double(bytes) / Double(budget(bytes: bytes))
    }

    /// Whether a checkpoint after the frame at scene time `time` (frame `frame`) would be
    /// kept: none yet in its interval (`tiers`), nor too near the one before for its size
    /// (`spacing`). `keptUntil`: the newest checkpoint will be at least that late (a replay
    /// going on to it), so the interval is the one the tiers give then: the tiers' intervals
    /// divide each other, so the first frame of each of those intervals is what thinning would
    /// keep of the checkpoints taken every 2 s.
    /// `dense`: the checkpoint would be dense (`interval`).
    func wants(
        frame: Int, time: MediaTime, keptUntil end: MediaTime = -.infinity, dense: Bool = false
    )
        -> Bool
    {
        let step = Self.interval(
            at: time, newest: max(all.last?.time ?? time, time, end), dense: dense)
        let index = firstIndex(afterFrame: frame)
        if let gap = refusedGap, index > 0, index < all.count, all[index - 1].frame == gap.after,
            all[index].frame == gap.before
        {
            return false
        }
        if index > 0 {
            let previous = all[index - 1]
            if previous.frame == frame || Self.sameBucket(previous.time, time, step: step)
                || time - previous.time
                    < Self.spacing(bytes: previous.estimatedBytes, dense: previous.isDense)
            {
                return false
            }
        }
        return index == all.count || !Self.sameBucket(all[index].time, time, step: step)
    }

    /// Adds `checkpoint` in its place, then thins the older ones to their tiers' intervals and
    /// the budget for its size (`budget(bytes:)`).
    mutating func insert(_ checkpoint: Checkpoint) {
        let index = firstIndex(afterFrame: checkpoint.frame)
        if index > 0 && all[index - 1].frame == checkpoint.frame { return }
        all.insert(checkpoint, at: index)
        guard let newest = all.last?.time else { return }
        var kept: [Checkpoint] = []
        kept.reserveCapacity(all.count)
        for checkpoint in all {
            let step = Self.interval(
                at: checkpoint.time, newest: newest, dense: checkpoint.isDense)
            if let previous = kept.last, Self.sameBucket(previous.time, checkpoint.time, step: step) {
                continue
            }
            kept.append(checkpoint)
        }
        all = kept
        estimatedBytes = all.reduce(0) { $0 + $1.estimatedBytes }
        // Over the budget: drop the one (not the first, nor the newest) between the two
        // nearest neighbours, until it fits.
        let budget = Self.budget(bytes: checkpoint.estimatedBytes, dense: checkpoint.isDense)
        while estimatedBytes > budget && all.count > 2 {
            var dropped = 1
            for index in 1..<(all.count - 1)
            where all[index + 1].time - all[index - 1].time < all[dropped + 1].time - all[dropped - 1].time {
                dropped = index
            }
            if all[dropped].frame == checkpoint.frame {
                refusedGap = (all[dropped - 1].frame, all[dropped + 1].frame)
            }
            estimatedBytes -= all[dropped].estimatedBytes
            all.remove(at: dropped)
        }
    }

    /// The index of the first checkpoint taken after a frame later than `frame`.
    private func firstIndex(afterFrame frame: Int) -> Int {
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].frame <= frame { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
