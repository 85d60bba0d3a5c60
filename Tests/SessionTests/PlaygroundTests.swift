import Animation
import Render
import SceneSources
import Scenes
import Session
import TestSupport
import Testing

/// The playground a learner can trust (docs/ARCHITECTURE.md § Panels, § Time travel): each
/// test is one of the defects a new user met, driven as the window drives the session.
@Suite("Playground")
struct PlaygroundTests {
    /// The key with X keysym name `name`, as the hosts deliver it.
    func key(_ name: String) -> InputEvent {
        guard let key = Key(keysymName: name) else { preconditionFailure("no key \(name)") }
        return .key(key)
    }

    /// A session of `scene` at 800 × 600 driven by hand: frames only at the host times given,
    /// as the window host runs them (none while nothing moves).
    func session(_ scene: String, size: Size = Size(width: 800, height: 600)) throws -> SceneSession {
        let index = try #require(SceneCatalog.index(of: scene))
        return SceneSession(
            catalog: SceneCatalog.all, index: index, size: size, seed: 1, images: FrameRenderer().images)
    }

    /// Runs frame `frame` of the 60 fps grid with `input`; returns its commands.
    @discardableResult
    func run(_ session: SceneSession, frame: Int, _ input: [InputEvent] = []) throws -> [HostCommand] {
        try session.runFrame(at: Double(frame) / 60, input: input).commands
    }

    /// Runs every frame in `frames` while the scene asks for frames, as the window does.
    func play(_ session: SceneSession, _ frames: ClosedRange<Int>) throws {
        for frame in frames {
            guard let wake = session.nextWakeTime, wake <= Double(frame) / 60 + 1e-9 else { continue }
            try run(session, frame: frame)
        }
    }

    /// The scene alone at its time: an uninterrupted headless run's picture at `frame`.
    func uninterrupted(_ scene: String, events: String, frame: Int) throws -> RenderedFrame {
        try SceneTester(scene: scene, events: events).host.render(frame: frame)
    }

    func draw(_ session: SceneSession) throws -> RenderedFrame {
        try FrameRenderer().render(session.rootLayer, size: session.size, omitting: session.windowOnlyLayers)
    }

    @Test("checkmark: clicks on the inspector's axis seek, never tap the scene, and the axis stays put")
    func axisClicksStayInThePanel() throws {
        let session = try session("checkmark")
        try run(session, frame: 0, [key("i")])
        try play(session, 1...77)
        try run(session, frame: 78, [.down(Point(x: 400, y: 150)), .up(Point(x: 400, y: 150))])  // 1.3 s
        try play(session, 79...233)
        try run(session, frame: 234, [key("space")])  // 3.9 s
        let panel = try #require(session.describe().panels.first { $0.name == "inspector" })
        let axisY = panel.rect[1] + 28
        let axis = session.describe()
        // The axis shows 6 s from max(0, t − 4.5 s): at 3.9 s it starts at 0.
        func x(_ time: Double) -> Double { 224 + time / 6 * (800 - 24 - 224) }
        try run(session, frame: 240, [.down(Point(x: x(0.5), y: axisY)), .up(Point(x: x(0.5), y: axisY))])
        #expect(abs(session.sceneTimeline.currentTime - 0.5) <= 1.0 / 60 + 1e-9)
        let after = try #require(session.describe().panels.first { $0.name == "inspector" })
        #expect(after.rect == panel.rect, "the panel moved: \(panel.rect) → \(after.rect)")
        try run(session, frame: 250, [.down(Point(x: x(2), y: axisY)), .up(Point(x: x(2), y: axisY))])
        #expect(abs(session.sceneTimeline.currentTime - 2) <= 1.0 / 60 + 1e-9)
        // The scene's only input is the one tap at 1.3 s, and it is still in the history.
        let taps = session.history.frames.filter { !$0.input.isEmpty }
        #expect(taps.count == 1 && abs(taps[0].time - 1.3) < 1e-9, "\(taps.map(\.time))")
        #expect(axis.sceneRect[3] == panel.rect[1])
    }

    @Test("checkmark: after an idle stretch, Page Up goes back one second of scene time, byte-identical")
    func pageUpAfterIdle() throws {
        let session = try session("checkmark")
        try run(session, frame: 0)
        try run(session, frame: 6, [.down(Point(x: 400, y: 300)), .up(Point(x: 400, y: 300))])
        try play(session, 7...334)
        #expect(session.history.frames.count < 200, "the window ran no frames while idle")
        try run(session, frame: 335, [key("space")])  // 5.583 s
        try run(session, frame: 336, [key("Prior")])
        #expect(
            abs(session.sceneTimeline.currentTime - 4.583_333) < 1e-5, "\(session.sceneTimeline.currentTime)")
        let expected = try uninterrupted("checkmark", events: "0.1 tap 400 300", frame: 275)
        #expect(try draw(session).pixels == expected.pixels)
        try run(session, frame: 337, [key("Left")])
        #expect(abs(session.sceneTimeline.currentTime - (4.583_333 - 1.0 / 60)) < 1e-5)
    }

    @Test("tictactoe: Left and Page Up after waiting land on the clock's time, not on an empty board")
    func tictactoeAfterIdle() throws {
        let session = try session("tictactoe")
        try run(session, frame: 0)
        try run(session, frame: 6, [.down(Point(x: 300, y: 200)), .up(Point(x: 300, y: 200))])
        try play(session, 7...29)
        try run(session, frame: 30, [.down(Point(x: 400, y: 200)), .up(Point(x: 400, y: 200))])
        try play(session, 31...401)
        try run(session, frame: 402, [key("space")])  // 6.7 s
        try run(session, frame: 403, [key("Left")])
        #expect(abs(session.sceneTimeline.currentTime - (6.7 - 1.0 / 60)) < 1e-6)
        try run(session, frame: 404, [key("Prior")])
        #expect(abs(session.sceneTimeline.currentTime - (5.7 - 1.0 / 60)) < 1e-6)
        let expected = try uninterrupted("tictactoe", events: "0.1 tap 300 200; 0.5 tap 400 200", frame: 341)
        #expect(try draw(session).pixels == expected.pixels, "both marks, as at 5.683 s")
    }

    @Test("elastic: after steps, resets and a drag, every knob row keeps its slider")
    func slidersStay() throws {
        let script =
            "0.1 drag 400 100 420 330 0.5; 1 key k; "
            + (0..<8).map { "1.\($0 + 1) key Down" }.joined(separator: "; ")
            + "; 2 key Left; 2.1 key Left; 2.2 key Left; 2.3 key Page_Down; 2.5 drag 200 100 220 330 0.4"
        let tester = try SceneTester(scene: "elastic", events: script)
        let frame = try tester.render(at: 4.4)
        let panel = try #require(tester.session.describe().panels.first { $0.name == "knobs" })
        let rows = tester.session.knobs.knobs.count
        let shownRows = min(rows, Int((panel.rect[3] - 24 - 2 * 18 - 8) / 24))
        #expect(shownRows >= 5)
        for row in 0..<shownRows {
            let y = Int(panel.rect[1] + 24 + Double(row) * 24 + 12)
            // The slider's track (grey 0.35) or its thumb is on the row's right third.
            let left = Int(panel.rect[0] + panel.rect[2] * 0.66) + 2
            let right = Int(panel.rect[0] + panel.rect[2]) - 16
            let hasSlider = (left..<right).contains { x in
                guard let color = frame.color(x: x, y: y) else { return false }
                return color.isClose(to: Color(white: 0.35), within: 0.02)
                    || color.isClose(to: Color(white: 0.85), within: 0.02)
                    || color.isClose(to: Color(red: 1, green: 0.75, blue: 0.2), within: 0.02)
            }
            #expect(hasSlider, "row \(row) has no slider")
        }
    }

    @Test("a press on a slider, a scene switch and a move in one frame: no crash, the move goes nowhere")
    func knobPanelSwitchInOneFrame() throws {
        let tester = try SceneTester(
            scene: "fish", events: "0.1 key k; 0.2 down 730 376; 0.2 key 3; 0.2 move 740 376; 0.3 up 740 376")
        _ = try tester.render(at: 0.5)
        #expect(tester.session.sceneName == "tictactoe")
        #expect(tester.session.knobs.changed.isEmpty)
    }

    @Test("Escape closes the topmost panel; only with none open does it quit")
    func escape() throws {
        let session = try session("elastic")
        try run(session, frame: 0, [key("k"), key("h")])
        #expect(session.isKnobPanelVisible && session.isHelpVisible)
        #expect(try run(session, frame: 1, [key("Escape")]).isEmpty)
        #expect(session.isKnobPanelVisible && !session.isHelpVisible)
        #expect(try run(session, frame: 2, [key("Escape")]).isEmpty)
        #expect(!session.isKnobPanelVisible)
        #expect(try run(session, frame: 3, [key("Escape")]) == [.quit])
    }

    @Test(
        "panels are opaque, never over the scene, and their text fits, from 375 × 667 to 1920 × 1080",
        arguments: [(375.0, 667.0, 1.0), (800, 600, 1), (777, 333, 1), (1920, 1080, 1), (1600, 1200, 2)])
    func panelsFit(width: Double, height: Double, scale: Double) throws {
        for scene in SceneCatalog.all.map(\.name) {
            let index = try #require(SceneCatalog.index(of: scene))
            let session = SceneSession(
                catalog: SceneCatalog.all, index: index, size: Size(width: width, height: height), seed: 1,
                images: FrameRenderer().images, scale: scale)
            try run(session, frame: 0, [key("i"), key("k"), key("h")])
            try run(session, frame: 1)
            let described = session.describe()
            #expect(described.panels.count == 3)
            let sceneRect = described.sceneRect
            for panel in described.panels {
                let r = panel.rect
                #expect(
                    r[0] >= 0 && r[1] >= 0 && r[0] + r[2] <= width / scale + 1e-9
                        && r[1] + r[3] <= height / scale + 1e-9)
                let overlaps =
                    r[0] < sceneRect[0] + sceneRect[2] && sceneRect[0] < r[0] + r[2]
                    && r[1] < sceneRect[1] + sceneRect[3] && sceneRect[1] < r[1] + r[3]
                #expect(
                    !overlaps, "\(scene) \(width)×\(height): \(panel.name) \(r) over the scene \(sceneRect)")
            }
            for name in ["inspector", "knobs", "help"] {
                let layer = try #require(session.rootLayer.allLayers.first { $0.name == name })
                #expect(layer.backgroundColor.alpha == 1)
                for text in layer.allLayers.compactMap({ $0 as? TextLayer }) {
                    let textWidth = TextMetrics.width(
                        of: text.string, fontSize: text.fontSize, bold: text.isBold)
                    #expect(
                        textWidth <= text.frame.width + 0.5,
                        "\(scene) \(width)×\(height) \(name): \"\(text.string)\" cut")
                    #expect(
                        text.frame.maxX <= layer.bounds.width + 0.5
                            && text.frame.maxY <= layer.bounds.height + 0.5)
                    #expect(text.fontSize >= 12 * scale, "\(name) text at \(text.fontSize) px")
                }
            }
        }
    }

    @Test("the status line says paused and the time, then the rate; the hint shows, then fades")
    func statusAndHint() throws {
        let tester = try SceneTester(
            scene: "elastic", events: "1 key space; 2 key space; 2.1 key less", showsHints: true)
        try tester.advance(to: 0.5)
        #expect(tester.session.describe().hint == "drag down on the wave, then let go")
        try tester.advance(to: 1.5)
        #expect(tester.session.describe().status == "paused · 1.000 s")
        try tester.advance(to: 2.5)
        #expect(tester.session.describe().status.hasPrefix("50 % · "))
        try tester.advance(to: 6)
        #expect(tester.session.describe().hint == nil)
    }

    @Test("thirty steps down and thirty back is the tutorial's value again: not changed")
    func knobBackIsUnchanged() throws {
        let steps =
            (0..<30).map { "0.\(String(format: "%02d", $0 + 10)) key Left" }
            + (0..<30).map { "0.\(String(format: "%02d", $0 + 50)) key Right" }
        let tester = try SceneTester(
            scene: "elastic",
            events: "0.05 key k; 0.07 key Down; 0.08 key Down; " + steps.joined(separator: "; "))
        try tester.advance(to: 0.9)
        #expect(tester.session.describe().changedKnobs.isEmpty, "\(tester.session.describe().changedKnobs)")
    }

    @Test("p copies the changed knobs as the scene's declarations, naming its file")
    func printKnobs() throws {
        let session = try session("elastic")
        try run(session, frame: 0, [key("k"), key("Left")])
        try run(session, frame: 1)
        let commands = try run(session, frame: 2, [key("p")])
        guard case .output(let code)? = commands.first else {
            Issue.record("no output: \(commands)")
            return
        }
        #expect(code.contains("ElasticScene.swift"))
        // The first knob is the wave's height, one step (10 pt) down from the tutorial's 100.
        #expect(code.contains("static let maxWaveHeightDefault = 90.0  // ElasticScene.swift:"), "\(code)")
        #expect(code.contains(" (tutorial: 100 pt)"), "\(code)")
        #expect(commands.contains(.copyToClipboard(code)))
    }

    @Test("e shows the scene's source with the lines running at the playhead marked")
    func codePanel() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 key e; 0.2 tap 200 150; 0.4 key space")
        try tester.advance(to: 0.5)
        let described = tester.session.describe()
        #expect(described.panels.contains { $0.name == "code" })
        let code = try #require(described.code)
        #expect(code.file == "CheckmarkScene.swift")
        #expect(!code.running.isEmpty)
        // Every marked line is one of the sources of the animations running then.
        let lines = try #require(SceneSources.lines(ofFile: code.file))
        for line in code.running {
            let text = lines[line - 1]
            #expect(
                text.contains("animate") || text.contains("delay") || text.contains("add("),
                "line \(line): \(text)")
        }
        let texts = tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
        #expect(texts.contains { $0.hasPrefix("code · CheckmarkScene.swift") })
        #expect(
            texts.contains("▶\(code.running[code.running.count - 1])"), "the newest running line is shown")
    }

    @Test("a scene's key says what it did in a toast, as the shell's keys do")
    func sceneKeyToast() throws {
        let tester = try SceneTester(scene: "fish", events: "0.1 key m; 0.5 key 3")
        try tester.advance(to: 0.2)
        let toast = try #require(tester.session.describe().toast)
        #expect(toast.hasPrefix("m: "), "\(toast)")
        try tester.advance(to: 0.6)
        #expect(tester.session.describe().toast == "scene 3: \(tester.session.scene.title)")
    }

    @Test("[ and ] move through the tutorial's steps, restarting the scene at each, and say which")
    func stepKeys() throws {
        let tester = try SceneTester(
            scene: "elastic",
            events: "0.1 key bracketright; 0.2 key bracketleft; 0.3 key bracketleft; 0.4 key bracketright")
        try tester.advance(to: 0.15)
        #expect(tester.session.describe().step == nil)
        #expect(tester.session.describe().toast == "the last step already: the scene as it is")
        try tester.advance(to: 0.25)
        let steps = try #require(SceneCatalog.all.first { $0.name == "elastic" }?.steps)
        #expect(tester.session.describe().step == steps.count - 1)
        #expect(
            tester.session.describe().toast?.hasPrefix("step \(steps.count - 1) of \(steps.count): ") == true)
        try tester.advance(to: 0.45)
        #expect(tester.session.describe().step == steps.count - 1)
        #expect(tester.session.sceneTimeline.currentTime < 0.1, "the scene restarted at the step")
    }
}
