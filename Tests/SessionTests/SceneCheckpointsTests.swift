import Animation
import Testing

@testable import Session

/// Which checkpoints time travel keeps (`SceneCheckpoints`): one every 2 s of scene time,
/// thinned by age to every 10 s and then every 30 s, and fewer when they save too many layers;
/// a seek's replay is bounded by the gaps this leaves.
@Suite("Scene checkpoints kept")
struct SceneCheckpointsTests {
    /// The checkpoints a scene playing for `seconds` at 60 fps takes, `bytes` each: one before
    /// the first frame, then after the first frame of every 2 s, as the session does.
    /// `dense`: they make a heavy load again (`SceneCheckpoints.isDense`), but the first, of
    /// the scene as built, which has none yet (a few kilobytes).
    static func played(seconds: Int, bytes: Int, dense: Bool = false) -> SceneCheckpoints {
        var checkpoints = SceneCheckpoints()
        checkpoints.insert(.init(frame: -1, time: 0, estimatedBytes: dense ? 4_000 : bytes, restore: {}))
        for frame in 0..<(seconds * 60) {
            let time = Double(frame) / 60
            if checkpoints.wants(frame: frame, time: time, dense: dense) {
                checkpoints.insert(
                    .init(frame: frame, time: time, estimatedBytes: bytes, isDense: dense, restore: {}))
            }
        }
        return checkpoints
    }

    @Test(
        "checkpoints that make a heavy load again are kept every 2 s at any age, then thinned evenly by the heavy budget"
    )
    func dense() {
        #expect(SceneCheckpoints.isDense(rebuilding: 2_000))
        #expect(!SceneCheckpoints.isDense(rebuilding: 25))
        // Ten minutes of the fish's 2,000 bubbles as numbers: about 0.26 MB each, all kept.
        let tenMinutes = Self.played(seconds: 600, bytes: 260_000, dense: true)
        #expect(tenMinutes.all.count == 300)  // before the first frame, then 2 s … 598 s
        #expect(Self.longestGap(tenMinutes, in: 0...600) <= 2)
        // The same without `dense`: the tiers and the normal budget keep a third as many.
        #expect(Self.played(seconds: 600, bytes: 260_000).all.count < 120)
        // Twenty minutes: the heavy budget thins them evenly, the gaps twice as long at most.
        let twenty = Self.played(seconds: 1200, bytes: 260_000, dense: true)
        #expect(twenty.estimatedBytes <= SceneCheckpoints.heavyByteBudget)
        #expect(Self.longestGap(twenty, in: 0...1200) <= 4 + 1e-9)
    }

    /// The longest stretch of scene time between two checkpoints kept in `range` (seconds).
    static func longestGap(_ checkpoints: SceneCheckpoints, in range: ClosedRange<Double>) -> Double {
        let times = checkpoints.all.map(\.time).filter { range.contains($0) }
        return zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0
    }

    @Test("an hour keeps 209: every 2 s over its last 2 minutes, every 10 s up to 10 minutes back, then 30 s")
    func tiers() {
        let checkpoints = Self.played(seconds: 3600, bytes: 70_000)
        #expect(checkpoints.all.count == 1 + 60 + 48 + 100)  // before the first frame, then by tier
        #expect(checkpoints.all.first?.frame == -1)
        #expect(Self.longestGap(checkpoints, in: 3480...3600) <= 2)
        #expect(Self.longestGap(checkpoints, in: 3000...3480) <= 10)
        #expect(Self.longestGap(checkpoints, in: 0...3000) <= 30)
        #expect(checkpoints.estimatedBytes == 209 * 70_000)
        // A seek needing frame 100,000 (1,666.7 s) restores the one at 1,650 s.
        #expect(checkpoints.latest(atOrBefore: 100_000, time: .infinity)?.time == 1650)
        // Watched by the inspector, it must be 12 s before the goal too.
        #expect(checkpoints.latest(atOrBefore: 99_840, time: 1652)?.time == 1650)
        #expect(checkpoints.latest(atOrBefore: 99_840, time: 1649)?.time == 1620)
    }

    @Test(
        "a replay that knows where it ends takes only the checkpoints kept there, the same ones",
        arguments: [90, 600, 3600])
    func replayTakesOnlyKept(seconds: Int) {
        let played = Self.played(seconds: seconds, bytes: 70_000)
        var replayed = SceneCheckpoints()
        replayed.insert(.init(frame: -1, time: 0, estimatedBytes: 70_000, restore: {}))
        let end = Double(seconds * 60 - 1) / 60
        var taken = 1
        for frame in 0..<(seconds * 60) {
            let time = Double(frame) / 60
            if replayed.wants(frame: frame, time: time, keptUntil: end) {
                replayed.insert(.init(frame: frame, time: time, estimatedBytes: 70_000, restore: {}))
                taken += 1
            }
        }
        // Every one taken is kept: none made only to be dropped.
        #expect(taken == replayed.all.count, "took \(taken), kept \(replayed.all.count)")
        // As many as playing keeps, as dense by tier (where a tier ends, one may fall a frame
        // either side: the replay thins against its last frame, playing against its newest
        // checkpoint, up to 2 s earlier).
        #expect(
            abs(replayed.all.count - played.all.count) <= 2,
            "\(replayed.all.count) against \(played.all.count)")
        let newest = Double(seconds)
        #expect(Self.longestGap(replayed, in: max(newest - 120, 0)...newest) <= 2)
        #expect(Self.longestGap(replayed, in: max(newest - 600, 0)...max(newest - 120, 0)) <= 10)
        #expect(Self.longestGap(replayed, in: 0...max(newest - 600, 0)) <= 30)
    }

    @Test("past the memory budget, fewer, spread evenly: 6 MB each (2,000 bubbles), 13 of them in 80 MB")
    func budget() {
        let heavy = SceneCheckpoints.estimatedBytes(layers: 2000, animations: 2000)
        #expect(heavy == 6_144_000)
        #expect(SceneCheckpoints.budget(bytes: heavy) == 80 << 20)
        #expect(SceneCheckpoints.spacing(bytes: 70_000) == 0)
        #expect(SceneCheckpoints.spacing(bytes: heavy) == 600 * 6_144_000 / Double(80 << 20))  // 44 s
        // Ten minutes: one every 44–88 s, not 3 (one every 440 s, spaced for an hour).
        let tenMinutes = Self.played(seconds: 600, bytes: heavy)
        #expect(tenMinutes.estimatedBytes <= SceneCheckpoints.heavyByteBudget)
        #expect(tenMinutes.all.count == SceneCheckpoints.heavyByteBudget / heavy)
        #expect(Self.longestGap(tenMinutes, in: 0...600) <= 2 * 44)
        // An hour: as many, spread over it.
        let checkpoints = Self.played(seconds: 3600, bytes: heavy)
        #expect(checkpoints.estimatedBytes <= SceneCheckpoints.heavyByteBudget)
        #expect(checkpoints.all.count == SceneCheckpoints.heavyByteBudget / heavy)
        #expect(checkpoints.all.first?.frame == -1)
        #expect(Self.longestGap(checkpoints, in: 0...3600) <= 2 * 3600 / 12)
    }

    @Test("checkpoints that share their objects keep the 48 MB budget; a heavy one, past 3 MB, 80 MB")
    func budgetBySize() {
        // The floating demo at an hour: 3,600 balloons, two changed since the checkpoint before.
        let shared = SceneCheckpoints.estimatedBytes(
            layers: 3600, animations: 3600, sharedLayers: 3598, sharedAnimations: 3598)
        #expect(SceneCheckpoints.budget(bytes: shared) == 48 << 20)
        #expect(SceneCheckpoints.budget(bytes: 3 << 20) == 48 << 20)
        #expect(SceneCheckpoints.budget(bytes: (3 << 20) + 1) == 80 << 20)
        // A small checkpoint inserted after heavy ones thins them back to the 48 MB budget.
        var checkpoints = Self.played(seconds: 600, bytes: 6_144_000)
        #expect(checkpoints.estimatedBytes > SceneCheckpoints.byteBudget)
        checkpoints.insert(.init(frame: 600 * 60, time: 600, estimatedBytes: 70_000, restore: {}))
        #expect(checkpoints.estimatedBytes <= SceneCheckpoints.byteBudget)
    }

    @Test("a replay through a gap where the budget drops a new one at once takes one there, not one a frame")
    func refusedGap() {
        let heavy = SceneCheckpoints.estimatedBytes(layers: 2000, animations: 2000)
        // Ten minutes of 2,000 bubbles, the first checkpoint small (the scene as built).
        var checkpoints = SceneCheckpoints()
        checkpoints.insert(.init(frame: -1, time: 0, estimatedBytes: 70_000, restore: {}))
        for frame in 0..<(600 * 60) {
            let time = Double(frame) / 60
            if checkpoints.wants(frame: frame, time: time) {
                checkpoints.insert(.init(frame: frame, time: time, estimatedBytes: heavy, restore: {}))
            }
        }
        let before = checkpoints.all.map(\.frame)
        #expect(before.count >= 7, "\(before)")
        // A seek into the first gap replays from the first checkpoint.
        var taken = 0
        for frame in 0..<(before[1]) {
            let time = Double(frame) / 60
            if checkpoints.wants(frame: frame, time: time) {
                checkpoints.insert(.init(frame: frame, time: time, estimatedBytes: heavy, restore: {}))
                taken += 1
            }
        }
        #expect(taken <= 1, "took \(taken) in one gap")
        #expect(checkpoints.estimatedBytes <= SceneCheckpoints.heavyByteBudget)
        #expect(checkpoints.all.count == before.count)
    }

    @Test("a layer or animation shared with the checkpoint before costs a reference, not its values")
    func sharedCost() {
        // An hour of the floating demo: 3,600 balloons, two of them changed since the one before.
        let bytes = SceneCheckpoints.estimatedBytes(
            layers: 3600, animations: 3600, sharedLayers: 3598, sharedAnimations: 3598)
        #expect(bytes == 2 * 512 + 2 * 2560 + 3598 * (48 + 16))
        #expect(SceneCheckpoints.spacing(bytes: bytes) == 0)  // every tier's checkpoint fits
    }

    @Test("a change of the history drops the checkpoints from it on, and their layers")
    func removeFromFrame() {
        var checkpoints = Self.played(seconds: 20, bytes: 7)
        #expect(checkpoints.all.map(\.frame) == [-1, 120, 240, 360, 480, 600, 720, 840, 960, 1080])
        checkpoints.remove(fromFrame: 600)
        #expect(checkpoints.all.map(\.frame) == [-1, 120, 240, 360, 480])
        #expect(checkpoints.estimatedBytes == 5 * 7)
        // The new future takes its own again.
        #expect(checkpoints.wants(frame: 600, time: 10))
        #expect(!checkpoints.wants(frame: 601, time: 8.5))  // 8…10 s has one
    }
}
