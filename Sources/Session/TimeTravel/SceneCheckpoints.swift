import Animation

/// The running scene's checkpoints (docs/ARCHITECTURE.md § Time travel): its state after some
/// of its history's frames, so that a seek restores the nearest one at or before the frame it
/// needs and replays from there, not from the scene's start.
///
/// One is taken after the first frame of every `interval` of scene time; those older than
/// `recentSpan` before the newest are thinned to one every `olderInterval`. An hour then keeps
/// 60 + 354 = 414 of them, and a seek replays at most 10 s (2 s within the last two minutes).
struct SceneCheckpoints {
    struct Checkpoint {
        /// The history's frame after which it was taken; -1: before the first, the scene as
        /// built and laid out.
        let frame: Int
        /// That frame's scene time (0 before the first).
        let time: MediaTime
        /// Puts the scene, its timeline and what the session holds for it back as they were.
        let restore: () -> Void
    }

    /// Seconds of scene time between two checkpoints.
    static let interval: MediaTime = 2
    /// Seconds before the newest checkpoint within which every one is kept.
    static let recentSpan: MediaTime = 120
    /// Seconds between two of the checkpoints kept before that.
    static let olderInterval: MediaTime = 10

    /// By frame (and so by time).
    private(set) var all: [Checkpoint] = []
    /// Off: every seek back replays from the start (`bench --seek --no-checkpoints`).
    var isEnabled = true
    /// The scene has state its history does not have (laid out for a size no frame
    /// recorded, while paused), so none is taken until it is rebuilt or restored.
    var isSuspended = false

    /// Drops them all, for a new instance of the scene.
    mutating func removeAll() {
        all.removeAll()
        isSuspended = false
    }

    /// Drops the checkpoints taken after frame `frame` or later (the history changed from
    /// there).
    mutating func remove(fromFrame frame: Int) {
        all.removeSubrange(firstIndex(afterFrame: frame - 1)...)
    }

    /// The latest checkpoint taken after a frame at or before `frame` and at or before scene
    /// time `time`.
    func latest(atOrBefore frame: Int, time: MediaTime) -> Checkpoint? {
        var index = firstIndex(afterFrame: frame) - 1
        while index >= 0 && all[index].time > time { index -= 1 }
        return index >= 0 ? all[index] : nil
    }

    /// Whether a checkpoint after the frame at scene time `time` (frame `frame`) would be
    /// kept: none yet in its interval (its older interval, if it is older than the span).
    func wants(frame: Int, time: MediaTime) -> Bool {
        let newest = max(all.last?.time ?? time, time)
        let step = time >= newest - Self.recentSpan ? Self.interval : Self.olderInterval
        let bucket = (time / step).rounded(.down)
        let index = firstIndex(afterFrame: frame)
        if index > 0, (all[index - 1].time / step).rounded(.down) == bucket { return false }
        if index < all.count, (all[index].time / step).rounded(.down) == bucket { return false }
        if index > 0 && all[index - 1].frame == frame { return false }
        return true
    }

    /// Adds `checkpoint` in its place, then thins those that fell out of the recent span.
    mutating func insert(_ checkpoint: Checkpoint) {
        let index = firstIndex(afterFrame: checkpoint.frame)
        if index > 0 && all[index - 1].frame == checkpoint.frame { return }
        all.insert(checkpoint, at: index)
        guard let newest = all.last?.time else { return }
        var kept: [Checkpoint] = []
        kept.reserveCapacity(all.count)
        for checkpoint in all {
            if checkpoint.time < newest - Self.recentSpan, let previous = kept.last,
                (previous.time / Self.olderInterval).rounded(.down)
                    == (checkpoint.time / Self.olderInterval).rounded(.down)
            {
                continue
            }
            kept.append(checkpoint)
        }
        all = kept
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
