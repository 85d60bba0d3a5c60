import Animation
import Foundation
import Render
import Scenes
import Session
import Testing

/// Live reload's pieces without a window (README § Write your own scene): the state a window
/// hands to the next build, a session taking it up at the same moment, the compiler's first
/// error, the panel that shows it.
@Suite("Watch state")
struct WatchStateTests {
    func session(_ scene: String, size: Size = Size(width: 800, height: 600)) throws -> SceneSession {
        let index = try #require(SceneCatalog.index(of: scene))
        return SceneSession(
            catalog: SceneCatalog.all, index: index, size: size, seed: 1, images: FrameRenderer().images,
            showsHints: false)
    }

    /// The window's pixels (the toast and the status line left out, as `render` does).
    func picture(_ session: SceneSession) throws -> RenderedFrame {
        try FrameRenderer().render(session.rootLayer, size: session.size, omitting: session.windowOnlyLayers)
    }

    /// A checkmark session with input of every kind: taps, a knob turned, a key, a resize, and
    /// quiet frames on the grid between them.
    func playedSession() throws -> SceneSession {
        let session = try session("checkmark")
        for frame in 0...150 {
            var input: [InputEvent] = []
            if frame == 10 { input = [.down(Point(x: 400, y: 300)), .up(Point(x: 400, y: 300))] }
            if frame == 40 { input = [.key(.character("x"))] }
            if frame == 70 { session.setKnob("d", to: .number(1.5)) }
            if frame == 90 { input = [.move(Point(x: 10, y: 12.5)), .scroll(dy: -3, at: Point(x: 1, y: 2))] }
            if frame == 100 { input = [.down(Point(x: 400, y: 300)), .up(Point(x: 400, y: 300))] }
            let size: Size? = frame == 120 ? Size(width: 700, height: 500) : nil
            try session.runFrame(at: Double(frame) / 60, input: input, resize: size)
        }
        return session
    }

    @Test("the state goes through JSON unchanged: every frame's time, input, size and knobs")
    func roundTrip() throws {
        let session = try playedSession()
        let state = session.watchState(window: WindowGeometry(x: 40, y: 60, width: 700, height: 500))
        let read = try WatchState(json: try state.encoded())
        #expect(read == state)
        let history = try #require(read.history.history())
        #expect(Array(history.frames) == Array(session.history.frames))
        #expect(history.initialSize == session.history.initialSize)
        // 151 frames, most of them quiet runs on the grid: a handful of entries, not one a frame.
        #expect(session.history.frames.count == 151)
        #expect(read.history.frames.count < 20, "\(read.history.frames.count) entries")
        #expect(read.window == WindowGeometry(x: 40, y: 60, width: 700, height: 500))
    }

    @Test(
        "every key and event survives the state's text form",
        arguments: [
            InputEvent.key(.character("?")), .key(.character(" ")), .key(.space), .key(.function(12)),
            .key(.backTab),
            .key(.unidentified), .down(Point(x: 0.1, y: 1e-7)), .scroll(dy: -2.5, at: Point(x: 3, y: 4)),
        ])
    func eventsSurvive(event: InputEvent) throws {
        #expect(StoredHistory.event(StoredHistory.line(event)) == event, "\(StoredHistory.line(event))")
    }

    @Test("a session resumed from the state shows the same moment, paused, with the same panels")
    func resumeShowsTheSameMoment() throws {
        let played = try playedSession()
        try played.runFrame(at: 151.0 / 60, input: [.key(.space), .key(.character("k"))])  // pause, knobs
        #expect(played.isPaused && played.isKnobPanelVisible)
        let state = try WatchState(json: try played.watchState(window: nil).encoded())

        let resumed = try session("checkmark", size: Size(width: 700, height: 500))
        let frames = try #require(resumed.resume(from: state, at: 0))
        try resumed.runFrame(at: 0, input: [])
        try played.runFrame(at: 152.0 / 60, input: [])
        #expect(frames == played.history.frames.count)
        #expect(resumed.isPaused && resumed.isKnobPanelVisible)
        #expect(resumed.sceneTimeline.currentTime == played.sceneTimeline.currentTime)
        #expect(resumed.knobs.value(of: "d") == .number(1.5))
        // Same code, same history, same time: the same pixels, exactly (Cairo draws the same tree).
        let expected = try picture(played)
        let actual = try picture(resumed)
        #expect(actual.pixels == expected.pixels)
    }

    @Test("the replay of a resume takes time travel's checkpoints, as the played session had them")
    func resumeTakesCheckpoints() throws {
        let played = try playedSession()  // 2.5 s of checkmark, which checkpoints
        let resumed = try session("checkmark", size: Size(width: 700, height: 500))
        try #require(resumed.resume(from: played.watchState(window: nil), at: 0) != nil)
        #expect(resumed.checkpointCount > 1, "only \(resumed.checkpointCount) checkpoints")
        #expect(resumed.checkpointFrames == played.checkpointFrames)
    }

    @Test("playing, the resumed session goes on from the next frame of the grid")
    func resumePlaying() throws {
        let played = try playedSession()
        let state = played.watchState(window: nil)
        let resumed = try session("checkmark", size: Size(width: 700, height: 500))
        try #require(resumed.resume(from: state, at: 0) != nil)
        try resumed.runFrame(at: 0, input: [])
        #expect(!resumed.isPaused)
        #expect(resumed.sceneTimeline.currentTime == 151.0 / 60)  // frame 150 was the last
    }

    @Test("the tutorial step is kept: a step chosen with [ comes back at that step")
    func stepKept() throws {
        let played = try session("checkmark")
        try played.runFrame(at: 0, input: [])
        // [: the step before the scene as it is.
        try played.runFrame(at: 1.0 / 60, input: [.key(.character("["))])
        let step = try #require(played.catalog[played.sceneIndex].step)
        let state = try WatchState(json: try played.watchState(window: nil).encoded())
        #expect(state.step == step)
        let resumed = try session("checkmark")
        try #require(resumed.resume(from: state, at: 0) != nil)
        #expect(resumed.catalog[resumed.sceneIndex].step == step)
        #expect(resumed.scene.title == played.scene.title)
    }

    @Test("a state naming a scene this build does not have is refused, the session untouched")
    func unknownScene() throws {
        var state = try playedSession().watchState(window: nil)
        state.scene = "nosuchscene"
        let fresh = try session("fish")
        #expect(fresh.resume(from: state, at: 0) == nil)
        #expect(fresh.sceneName == "fish")
    }

    @Test(
        "the first compiler error: file:line:column relative to the package, and its message",
        arguments: [
            (
                """
                [8/9] Compiling SceneSources EmbeddedSceneSources.swift
                error: emit-module command failed with exit code 1 (use -v to see invocation)
                [10/13] Emitting module OrbitScene
                /tmp/p/Orbit/Sources/OrbitScene/OrbitScene.swift:66:1: error: expressions are not allowed at the top level
                64 |     }
                /tmp/p/Orbit/Sources/OrbitScene/OrbitScene.swift:70:3: error: a second one
                """,
                "Sources/OrbitScene/OrbitScene.swift:66:1", "expressions are not allowed at the top level"
            ),
            (
                "/elsewhere/Lib.swift:12: error: no column\n", "/elsewhere/Lib.swift:12", "no column"
            ),
            (
                "warning: something\nerror: link command failed with exit code 1\n", nil,
                "link command failed with exit code 1"
            ),
        ] as [(String, String?, String)])
    func firstError(output: String, location: String?, message: String) throws {
        let problem = try #require(
            BuildProblem.firstError(inCompilerOutput: output, packageFolder: "/tmp/p/Orbit"))
        #expect(problem.location == location)
        #expect(problem.message == message)
        #expect(problem.headline == BuildProblem.buildFailedHeadline)
    }

    @Test("output without an error line has no problem")
    func noError() {
        #expect(BuildProblem.firstError(inCompilerOutput: "Build complete!\n", packageFolder: "/p") == nil)
    }

    @Test(
        "the build panel docks at the bottom with the error while the scene shows above it; a good build closes it",
        arguments: [(375, 667), (1920, 1080)])
    func panel(width: Int, height: Int) throws {
        let size = Size(width: Double(width), height: Double(height))
        let session = try session("checkmark", size: size)
        try session.runFrame(at: 0, input: [])
        let before = try picture(session)
        session.showBuildProblem(
            BuildProblem(
                headline: BuildProblem.buildFailedHeadline,
                location: "Sources/OrbitScene/OrbitScene.swift:66:1",
                message: "expressions are not allowed at the top level; this message is long enough to wrap "
                    + "over two lines in a narrow window, which the panel does between words"))
        try session.runFrame(at: 1.0 / 60, input: [])
        let shown = try picture(session)
        let folder = ProgramRunFolder.path("build-panel")
        try shown.writePNG(to: "\(folder)/build-panel-\(width)x\(height).png")
        // The panel's ground at the bottom left corner, the scene's ground at the top.
        let ground = try #require(shown.color(x: 2, y: height - 3))
        #expect(abs(ground.red - 0.08) < 0.01 && abs(ground.blue - 0.12) < 0.01, "\(ground)")
        #expect(shown.color(x: width / 2, y: 5) == before.color(x: width / 2, y: 5))
        #expect(session.buildProblem?.location == "Sources/OrbitScene/OrbitScene.swift:66:1")
        // Red headline text somewhere in the panel's first line.
        let top = height - (5 * 18 + 16)
        let reds = (0..<width).filter { x in
            (top..<(top + 30)).contains { y in
                guard let color = shown.color(x: x, y: y) else { return false }
                return color.red > 0.8 && color.green < 0.6
            }
        }
        #expect(reds.count > 20, "no red headline in rows \(top)…\(top + 30)")

        session.showBuildProblem(nil)
        try session.runFrame(at: 2.0 / 60, input: [])
        #expect(session.buildProblem == nil)
        #expect(try picture(session).pixels == before.pixels)
    }
}

/// A folder under `.build` for pictures the tests leave to look at.
enum ProgramRunFolder {
    static func path(_ name: String) -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent(".build/\(name)").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
