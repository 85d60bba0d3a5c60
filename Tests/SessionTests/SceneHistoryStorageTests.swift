import Animation
import TestSupport
import Testing

@testable import Session

/// The time-travel history keeps frames compactly (`SceneFrames`): what it gives back is
/// exactly what was recorded, and a scene playing on its own costs a few runs, not a record
/// per frame, so memory stays flat over a long run.
@Suite("Scene history storage")
struct SceneHistoryStorageTests {
    @Test("ten minutes of the fish swimming at 60 fps: 36,000 frames in a handful of runs")
    func swimmingIsCompact() throws {
        let tester = try SceneTester(scene: "fish")
        try tester.advance(seconds: 600)
        let frames = tester.session.history.frames
        #expect(frames.count == 36_000)
        #expect(frames.segmentCount <= 4, "\(frames.segmentCount) pieces")
        #expect(frames[35_999].time == 35_999.0 / 60)
        #expect(frames[12_345].time == 12_345.0 / 60)
        #expect(frames[12_345].input.isEmpty)
    }

    @Test("random frames, appended and cut: the same frames as an array of them", arguments: [24, 60, 240])
    func sameAsArray(fps: Int) {
        var random = SplitMix(seed: UInt64(fps))
        var history = SceneHistory(initialSize: Size(width: 10, height: 10), fps: fps)
        var expected: [SceneFrame] = []
        var frame = 0
        for _ in 0..<5000 {
            let roll = random.next() % 100
            let time: MediaTime
            if roll < 80 {
                frame += 1
                time = Double(frame) / Double(fps)  // on the grid, as the hosts make it
            } else if roll < 90 {
                frame += 1
                time = (Double(frame) + 0.37) / Double(fps)  // slow motion: off the grid
            } else {
                time = Double(frame) / Double(fps)
            }
            let input: [InputEvent] = roll % 13 == 0 ? [.down(Point(x: Double(roll), y: 1))] : []
            let size: Size? = roll == 97 ? Size(width: 20, height: 30) : nil
            let new = SceneFrame(time: time, input: input, size: size)
            if random.next() % 50 == 0, !expected.isEmpty {
                let cut = Int(random.next() % UInt64(expected.count))
                history.shown = cut - 1
                expected.removeSubrange(cut...)
            } else {
                history.shown = expected.count - 1
            }
            history.record(new)
            expected.append(new)
        }
        #expect(history.frames.count == expected.count)
        #expect(Array(history.frames) == expected)
        #expect(history.frames.segmentCount < expected.count / 2, "\(history.frames.segmentCount) pieces")
    }
}
