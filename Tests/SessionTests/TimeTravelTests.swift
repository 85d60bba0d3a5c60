import Animation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// Time travel (docs/ARCHITECTURE.md § Time travel): paused, the arrow keys and Home move the
/// scene to any frame it has run, and the frame reached is byte for byte the frame an
/// uninterrupted run shows at that scene time.
@Suite("Time travel")
struct TimeTravelTests {
    /// Scenes with every kind of motion, the input that sets it going, and when to pause
    /// (seconds, on the 60 fps grid): view animations (checkmark), keyframes, timers and
    /// seeded randomness (fish swimming, bubbles in flight), a game's state (tictactoe),
    /// a display link and a spring after a drag (elastic), the simulated download, and a pull
    /// to refresh bouncing into its loading state (pull: a scroll view's offset, two links).
    /// One entry per scene of the catalogue (`everySceneHasACase`).
    static let input: [String: (events: String, pause: Double)] = [
        "checkmark": ("0.1 tap 400 300", 0.5),
        "fish": ("", 2.5),
        "tictactoe": (
            "0.1 tap 300 200; 0.3 tap 400 200; 0.5 tap 300 300; 0.7 tap 400 300; 0.9 tap 300 400", 1.6
        ),
        "elastic": ("0.1 drag 400 100 420 400 0.5", 0.9),
        "download": ("", 2.2),
        "pull": ("0.1 drag 400 100 400 400 0.5", 1.2),
        "floating": ("0.1 key n; 0.1 key n; 0.1 key n", 2.5),
    ]

    /// The catalogue's scene names, in its order.
    static let scenes = SceneCatalog.all.map(\.name)

    @Test("every scene of the catalogue has its input here, and nothing else does")
    func everySceneHasACase() {
        #expect(Set(Self.input.keys) == Set(Self.scenes))
    }

    /// The scene's input and pause, or a failed expectation.
    static func input(for scene: String) throws -> (events: String, pause: Double) {
        try #require(input[scene], "no input for \(scene) in TimeTravelTests.input")
    }

    /// Whether two pictures are byte for byte the same (without printing a million pixels).
    func same(_ a: RenderedFrame, _ b: RenderedFrame) -> Bool {
        a.width == b.width && a.height == b.height && a.pixels == b.pixels
    }

    /// The picture of an uninterrupted run at `frame`.
    func uninterrupted(_ scene: String, events: String, frame: Int) throws -> RenderedFrame {
        let tester = try SceneTester(scene: scene, events: events)
        return try tester.host.render(frame: frame)
    }

    /// `keys` pressed one per frame after the pause at `pause`, then one more frame drawn.
    func travelled(_ scene: String, events: String, pause: Double, keys: [String]) throws -> RenderedFrame {
        var script = events + (events.isEmpty ? "" : "; ") + "\(pause) key space"
        let pauseFrame = Int((pause * 60).rounded())
        for (index, key) in keys.enumerated() {
            script += "; \(Double(pauseFrame + 1 + index) / 60) key \(key)"
        }
        let tester = try SceneTester(scene: scene, events: script)
        return try tester.host.render(frame: pauseFrame + keys.count + 1)
    }

    @Test("paused, Left steps back one frame at a time, byte-identical", arguments: scenes)
    func stepBack(scene: String) throws {
        let (events, pause) = try Self.input(for: scene)
        let pauseFrame = Int((pause * 60).rounded())
        for steps in [1, 2, 7] {
            let shown = try travelled(
                scene, events: events, pause: pause, keys: Array(repeating: "Left", count: steps))
            let expected = try uninterrupted(scene, events: events, frame: pauseFrame - steps)
            #expect(same(shown, expected), "\(scene): \(steps) back from frame \(pauseFrame)")
        }
    }

    @Test("Home shows frame 0; Right replays the recorded input frame by frame", arguments: scenes)
    func homeAndForward(scene: String) throws {
        let (events, pause) = try Self.input(for: scene)
        let home = try travelled(scene, events: events, pause: pause, keys: ["Home"])
        #expect(same(home, try uninterrupted(scene, events: events, frame: 0)))
        // Up is ten frames forward: past the first input (a tap at 0.1 s is frame 6).
        let forward = try travelled(scene, events: events, pause: pause, keys: ["Home", "Up", "Right"])
        #expect(same(forward, try uninterrupted(scene, events: events, frame: 11)))
    }

    @Test("stepping back and forth lands on the same frame as stepping once")
    func backAndForth() throws {
        let (scene, events) = ("elastic", "0.1 drag 400 100 420 400 0.5; 1 down 300 80; 1.2 move 250 300")
        // Paused at frame 90; a second back is 30, then +1, −10, +10, −1, −1: frame 29.
        let wandering = try travelled(
            scene, events: events, pause: 1.5, keys: ["Page_Up", "Right", "Down", "Up", "Left", "Left"])
        let expected = try uninterrupted(scene, events: events, frame: 29)
        #expect(same(wandering, expected))
    }

    @Test("Right past the last frame runs new frames on the grid, as playing would")
    func forwardPastTheEnd() throws {
        let scene = "fish"  // timers and random bubbles
        let (events, pause) = try Self.input(for: scene)
        let pauseFrame = Int((pause * 60).rounded())
        let shown = try travelled(scene, events: events, pause: pause, keys: ["Right", "Right", "Right"])
        #expect(same(shown, try uninterrupted(scene, events: events, frame: pauseFrame + 3)))
    }

    @Test("new input after going back starts a new future: the old input is not replayed")
    func newFuture() throws {
        // Tapped at 0.1 s, paused at 1 s, back to the start, resumed: no tap any more, so two
        // seconds on it shows what a run without input shows at the same scene time.
        let script = "0.1 tap 400 300; 1 key space; 1.05 key Home; 1.1 key space"
        let tester = try SceneTester(scene: "checkmark", events: script)
        let resumedFrame = Int((1.1 * 60).rounded())
        let shown = try tester.host.render(frame: resumedFrame + 120)
        #expect(same(shown, try uninterrupted("checkmark", events: "", frame: 120)))
        #expect(!same(shown, try uninterrupted("checkmark", events: "0.1 tap 400 300", frame: 120)))
    }

    @Test("the history records every frame once and drops the future on new input")
    func history() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 tap 400 300")
        try tester.tick(30)
        #expect(tester.session.history.frames.count == 30)
        #expect(tester.session.history.shown == 29)
        try tester.key("space")
        try tester.tick()
        try tester.key("Down")
        try tester.tick()
        #expect(tester.session.history.shown == 20)
        #expect(tester.session.history.frames.count == 31)
        tester.tap(Point(x: 10, y: 10))
        try tester.tick()
        #expect(tester.session.history.frames.count == 22)  // frames 0…20, then the tap's
        #expect(tester.session.history.frames.last?.input.count == 2)
    }
}
