import Animation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// A knob turned while paused replays the scene from the last checkpoint before the first
/// frame that read the knob, not from its start (docs/ARCHITECTURE.md § Time travel): the
/// picture is the same as a run with the knob set from the start.
@Suite("Reshaping from where the knob matters")
struct ReshapeFromReadTests {
    /// The elastic scene pulled at 5 s (its spring, which reads `dampingRatio` and `duration`,
    /// starts on the release), paused at 5.9 s, shown at 6 s.
    static let script = "5.0 drag 400 60 400 360 0.5; 5.9 key space"

    @Test("the knob's first read is noted at the frame that read it, after the checkpoints before it")
    func firstReadNoted() throws {
        let tester = try SceneTester(scene: "elastic", events: Self.script)
        try tester.advance(to: 6.0)
        let reads = tester.session.knobs.firstReads
        let release = Int((5.5 * Double(tester.session.fps)).rounded())
        let first = try #require(reads["dampingRatio"], "dampingRatio was never read: \(reads)")
        // Read when the drag lets go (5.5 s), give or take the frame the release lands on.
        #expect(abs(first - release) <= 1, "first read at frame \(first), release at \(release): \(reads)")
    }

    @Test(
        "turned while paused, a knob read late replays from a checkpoint before the read and shows what a run with it set from the start shows",
        arguments: [("dampingRatio", 0.2), ("duration", 2.5)])
    func reshapedFromCheckpoint(knob: String, value: Double) throws {
        let tester = try SceneTester(scene: "elastic", events: Self.script)
        try tester.advance(to: 6.0)
        let timeline = ObjectIdentifier(tester.session.sceneTimeline)
        #expect(tester.session.checkpointCount >= 2, "too few checkpoints to start from")
        tester.session.setKnob(knob, to: .number(value))
        let reshaped = try tester.render()
        // Restored from a checkpoint: the same scene instance and clock, not a rebuilt one.
        #expect(
            ObjectIdentifier(tester.session.sceneTimeline) == timeline,
            "the scene was rebuilt: replayed from its start")

        let always = try SceneTester(scene: "elastic", events: Self.script, knobs: ["\(knob)=\(value)"])
        try always.advance(to: 6.0)
        let expected = try always.render()
        #expect(
            reshaped.pixels == expected.pixels, "the reshaped moment differs from a run with \(knob)=\(value)"
        )
        let untouched = try SceneTester(scene: "elastic", events: Self.script)
        try untouched.advance(to: 6.0)
        #expect(reshaped.pixels != (try untouched.render()).pixels, "\(knob)=\(value) changed nothing at 6 s")
    }

    @Test("a knob the scene read as it was built still replays from the start, as before")
    func readAtBuildReplaysFromStart() throws {
        let tester = try SceneTester(scene: "elastic", events: Self.script)
        try tester.advance(to: 6.0)
        let built = tester.session.knobs.firstReads.filter { $0.value == -1 }.keys.sorted()
        try #require(
            !built.isEmpty, "no knob is read as the scene is built: \(tester.session.knobs.firstReads)")
        let timeline = ObjectIdentifier(tester.session.sceneTimeline)
        let knob = try #require(tester.session.knobs.knob(named: built[0]))
        guard case .number(let value) = knob.defaultValue else { return }
        tester.session.setKnob(knob.name, to: .number(value * 1.2))
        _ = try tester.render()
        #expect(
            ObjectIdentifier(tester.session.sceneTimeline) != timeline, "\(knob.name) was read at the build")
    }

    @Test(
        "the fish's bubble timer, read as it is built, turned after two minutes paused: the picture and the checkpoints of a run with it set from the start"
    )
    func readAtBuildAfterMinutes() throws {
        let script = "130 key space"
        let tester = try SceneTester(scene: "fish", events: script)
        try tester.advance(to: 131)
        tester.session.setKnob("timerInterval", to: .number(0.3))
        let reshaped = try tester.render()
        let always = try SceneTester(scene: "fish", events: script, knobs: ["timerInterval=0.3"])
        try always.advance(to: 131)
        let expected = try always.render()
        #expect(
            reshaped.pixels == expected.pixels,
            "the reshaped moment differs from a run with timerInterval=0.3")
        // The replay took only the checkpoints the tiers keep at its end: those of the run,
        // 2 s apart over the last two minutes and 10 s before (frame -1: as built).
        let frames = tester.session.checkpointFrames
        #expect(frames == always.session.checkpointFrames)
        #expect(frames.count >= 60, "\(frames.count) checkpoints")
    }

    @Test(
        "knob changes that arrive together (a drag while a replay runs) make one replay, to the latest value")
    func changesCoalesce() throws {
        let script = "20 key space"
        let tester = try SceneTester(scene: "fish", events: script)
        try tester.advance(to: 21)
        for value in [0.3, 0.5, 0.7] { tester.session.setKnob("timerInterval", to: .number(value)) }
        let reshaped = try tester.render()
        let always = try SceneTester(scene: "fish", events: script, knobs: ["timerInterval=0.7"])
        try always.advance(to: 21)
        #expect(reshaped.pixels == (try always.render()).pixels, "not the picture of timerInterval=0.7")
        #expect(tester.session.history.initialKnobs["timerInterval"] == .number(0.7))
    }
}
