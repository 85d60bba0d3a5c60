import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// Time travel from checkpoints (docs/ARCHITECTURE.md § Time travel): a seek back restores the
/// scene as it was after a checkpoint's frame and replays from there; every frame reached, and
/// every frame after it, is byte for byte the frame of a run that was never interrupted.
@Suite("Time travel from checkpoints")
struct CheckpointTests {
    static let size = CheckpointReplay.size
    static let fps = CheckpointReplay.fps
    /// Each scene's input before, across and after its checkpoints (every 2 s), and how long to
    /// run, seconds: the fish's option keys and mode (a bubble tapped in tap mode, keys held
    /// across 4 s and 6 s), drags on the elastic wave and the pull to refresh, some held down
    /// across a checkpoint (the recognizer mid-pan), some released just before one (a bounce,
    /// a load under way). One entry per scene of the catalogue (`everySceneHasInput`).
    static let input: [String: (events: String, seconds: Double)] = [
        "fish": (
            "0.5 key f; 1.9 key a; 2.4 key v; 3.99 key m; 4.2 tap 200 150; 4.5 tap 200 150; "
                + "5.98 key m; 6.5 key n; 7.9 key f; 8.02 key a",
            10
        ),
        "elastic": (
            "0.5 drag 200 20 210 200 0.5; 1.8 drag 150 20 100 250 0.4; 3.7 drag 200 20 260 180 0.6; "
                + "5.9 drag 200 20 200 120 0.05; 7.95 drag 300 20 250 280 0.3",
            10
        ),
        "pull": (
            "0.5 drag 200 80 200 280 0.5; 2.9 drag 200 250 200 60 0.3; 3.8 drag 200 80 200 290 0.4; "
                + "5.95 drag 200 90 200 200 0.2; 7.9 drag 200 80 200 280 0.3",
            10
        ),
        "checkmark": (
            "0.5 tap 200 150; 1.95 tap 200 150; 2.6 tap 200 150; 5.9 tap 200 150; 6.05 tap 200 150", 8
        ),
        "tictactoe": (
            "0.5 tap 150 100; 1.9 tap 200 100; 2.05 tap 150 150; 2.5 tap 200 150; 3.9 tap 150 200; "
                + "5.5 key c; 6.2 tap 150 250",
            8
        ),
        "download": ("1.9 key o; 3.98 tap 200 150; 4.5 key o", 8),
        "floating": ("1.5 key n; 3.95 key n; 4.3 key n; 5.99 key n", 8),
    ]

    /// The catalogue's scene names, in its order.
    static let scenes = SceneCatalog.all.map(\.name)

    /// Every tutorial step of every scene of the catalogue (from its descriptor), and each
    /// scene without steps as it is.
    static let steps: [(scene: String, step: Int?)] = SceneCatalog.all.flatMap { descriptor in
        descriptor.steps.isEmpty
            ? [(descriptor.name, nil)] : descriptor.steps.indices.map { (descriptor.name, $0 + 1) }
    }

    @Test("every scene of the catalogue has its input here, and nothing else does")
    func everySceneHasInput() {
        #expect(Set(Self.input.keys) == Set(Self.scenes))
    }

    /// The scene's input, or a failed expectation.
    static func input(for scene: String) throws -> (events: String, seconds: Double) {
        try #require(input[scene], "no input for \(scene) in CheckpointTests.input")
    }

    static func fingerprint(_ frame: RenderedFrame) -> Int { CheckpointReplay.fingerprint(frame) }
    static func drawFrame(_ tester: SceneTester) throws -> Int { try CheckpointReplay.drawFrame(tester) }

    /// The fingerprints of frames 0… `count − 1` of a run without interruption.
    static func uninterrupted(_ scene: String, events: String, count: Int) throws -> [Int] {
        let tester = try SceneTester(scene: scene, size: size, fps: fps, events: events)
        return try (0..<count).map { _ in try drawFrame(tester) }
    }

    /// Pauses `tester` on recorded frame `frame` and returns that frame's fingerprint.
    static func seek(_ tester: SceneTester, to frame: Int) throws -> Int {
        let print = try CheckpointReplay.seek(tester, to: frame)
        #expect(print != nil, "the session shows another frame than \(frame)")
        return print ?? 0
    }

    @Test(
        "seeks land one frame before, on and after every checkpoint, and the frames after it match",
        arguments: scenes)
    func aroundCheckpoints(scene: String) throws {
        let (events, seconds) = try Self.input(for: scene)
        let count = Int(seconds * Double(Self.fps))
        let expected = try Self.uninterrupted(scene, events: events, count: count)
        let tester = try SceneTester(scene: scene, size: Self.size, fps: Self.fps, events: events)
        for _ in 0..<count { try tester.host.step(panelWork: .none) }
        let checkpoints = tester.session.checkpointFrames
        // One before the first frame, then the first frame of every 2 s.
        #expect(checkpoints == [-1] + stride(from: 120, to: count, by: 120).map { $0 }, "\(scene)")
        for checkpoint in checkpoints where checkpoint >= 0 {
            // Frame c is replayed from the checkpoint before; c + 1 is the first frame run from
            // c's state, with nothing replayed; c + 2 replays one frame from it.
            for target in [checkpoint, checkpoint + 1, checkpoint + 2] where target < count {
                _ = try Self.seek(tester, to: count - 1)
                let shown = try Self.seek(tester, to: target)
                #expect(
                    shown == expected[target], "\(scene): seek to frame \(target), checkpoint \(checkpoint)")
            }
            // Then Right, frame by frame, for 2.5 s: past the next checkpoint, through the
            // input recorded after this one, on the state restored from it.
            _ = try Self.seek(tester, to: count - 1)
            _ = try Self.seek(tester, to: checkpoint + 1)
            var mismatches: [Int] = []
            for target in (checkpoint + 2)..<min(checkpoint + 152, count) {
                if try Self.seek(tester, to: target) != expected[target] { mismatches.append(target) }
            }
            #expect(
                mismatches.isEmpty, "\(scene): after checkpoint \(checkpoint), frames \(mismatches) differ")
        }
    }

    @Test(
        "at every tutorial step of every scene, seeks around each checkpoint land on an uninterrupted run's frames",
        arguments: steps)
    func tutorialSteps(scene: String, step: Int?) throws {
        try expectCheckpointsReplayExactly(
            scene: scene, events: try Self.input(for: scene).events, step: step)
    }

    @Test(
        "paused after 7 s of input, Page Up and Left as a person presses them land on an uninterrupted run's frame",
        arguments: ["fish", "elastic", "pull"])
    func keysAsAPersonPresses(scene: String) throws {
        let events = try Self.input(for: scene).events
        // Paused at frame 420 (7 s); three seconds back and one frame: frame 239, from the
        // checkpoint after frame 120 (4 s is frame 240: its checkpoint is after it).
        var script = events + "; 7 key space"
        for (offset, key) in ["Page_Up", "Page_Up", "Page_Up", "Left"].enumerated() {
            script += "; \(Double(421 + offset) / 60) key \(key)"
        }
        let tester = try SceneTester(scene: scene, size: Self.size, fps: Self.fps, events: script)
        let shown = try tester.host.render(frame: 425)
        let expected = try SceneTester(scene: scene, size: Self.size, fps: Self.fps, events: events)
            .host.render(frame: 239)
        #expect(tester.session.history.shown == 239)
        #expect(shown.pixels == expected.pixels, "\(scene)")
    }

    @Test("with the inspector open, a seek back restores a checkpoint 12 s before: its rows are a rebuild's")
    func inspectorRows() throws {
        var descriptions: [String] = []
        for usesCheckpoints in [true, false] {
            let tester = try SceneTester(scene: "fish", size: Self.size, fps: Self.fps, events: "0.05 key i")
            tester.session.usesCheckpoints = usesCheckpoints
            for _ in 0..<1800 { try tester.host.step(panelWork: .none) }  // 30 s
            _ = try Self.seek(tester, to: 1500)  // 25 s: from the checkpoint at 12 s or before
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            descriptions.append(
                String(decoding: try encoder.encode(tester.session.describe()), as: UTF8.self))
        }
        #expect(descriptions[0].contains("bubble"))
        #expect(descriptions[0] == descriptions[1])
    }

    @Test(
        "a seek back restores a checkpoint: it replays at most one interval",
        arguments: ["fish", "elastic", "pull"])
    func restoresInsteadOfReplaying(scene: String) throws {
        let tester = try SceneTester(scene: scene, size: Self.size, fps: Self.fps)
        for _ in 0..<600 { try tester.host.step(panelWork: .none) }
        let checkpoints = tester.session.checkpointFrames
        #expect(checkpoints == [-1, 120, 240, 360, 480])
        // A restore leaves the checkpoints as they are; a rebuild from the start would take
        // them all again (they would still be there, but made anew): the live scene's root is
        // the same object after a seek back, which a rebuild replaces.
        let root = tester.session.scene.rootLayer
        _ = try Self.seek(tester, to: 250)
        #expect(tester.session.scene.rootLayer === root)
        #expect(tester.session.checkpointFrames == checkpoints)
    }

    @Test("without checkpoints a seek back rebuilds the scene, and lands on the same frame")
    func withoutCheckpoints() throws {
        let scene = "fish"
        let events = try Self.input(for: scene).events
        let expected = try Self.uninterrupted(scene, events: events, count: 300)
        let tester = try SceneTester(scene: scene, size: Self.size, fps: Self.fps, events: events)
        tester.session.usesCheckpoints = false
        for _ in 0..<300 { try tester.host.step(panelWork: .none) }
        #expect(tester.session.checkpointFrames.isEmpty)
        let root = tester.session.scene.rootLayer
        #expect(try Self.seek(tester, to: 250) == expected[250])
        #expect(tester.session.scene.rootLayer !== root)
    }

    @Test("new input after going back drops the checkpoints after it; the new future takes its own")
    func newFutureDropsLaterCheckpoints() throws {
        let tester = try SceneTester(scene: "elastic", size: Self.size, fps: Self.fps)
        for _ in 0..<600 { try tester.host.step(panelWork: .none) }
        _ = try Self.seek(tester, to: 300)
        #expect(tester.session.checkpointFrames == [-1, 120, 240, 360, 480])
        try tester.drag(from: Point(x: 200, y: 20), to: Point(x: 200, y: 200), seconds: 0.3)
        #expect(tester.session.checkpointFrames == [-1, 120, 240])
        try tester.key("space")  // play on: the new future's checkpoints
        try tester.advance(seconds: 2)
        // Paused, the drag's frames kept the scene time: the next is at 6 s, frames later.
        let frames = tester.session.checkpointFrames
        #expect(frames.count == 4)
        if let last = frames.last { #expect(tester.session.history.frames[last].time == 6) }
    }

    /// The pull at step 1 with a drag scripted at 5.95 s: in a 5-s run that drag comes while
    /// the check seeks, paused, and starts a new future (the frames after 253 differ; it was
    /// 23 failures of `tutorialSteps`). The check runs past the input by default.
    static let inputPastFiveSeconds = "0.5 drag 200 80 200 280 0.5; 5.95 drag 200 90 200 200 0.2"

    @Test(
        "the replay check runs until after the input: input scripted past a 5-s run would reach the paused scene"
    )
    func replayCheckRunsPastTheInput() throws {
        #expect(abs(try CheckpointReplay.inputEnd(of: Self.inputPastFiveSeconds) - 6.15) < 1e-9)
        #expect(try CheckpointReplay.inputEnd(of: "") == 0)
        // The input past the run reaches the paused scene: seeks land elsewhere.
        let cut = try CheckpointReplay.mismatches(
            scene: "pull", events: Self.inputPastFiveSeconds, step: 1, seconds: 5)
        #expect(!cut.isEmpty)
        // By default the run lasts until 2 s after it, and every seek lands exactly.
        try expectCheckpointsReplayExactly(scene: "pull", events: Self.inputPastFiveSeconds, step: 1)
    }
}
