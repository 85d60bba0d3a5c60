import Animation
import Scenes
import Session
import Testing

/// The session's keys and clock (docs/ARCHITECTURE.md § Keys), without a window.
@Suite("Scene session")
struct SceneSessionTests {
    /// A scene with one layer that fades out over 1 s from its start, and a key of its own.
    final class FadeScene: Scene {
        let title: String
        let rootLayer: Layer
        let dot: Layer
        var keys: [Key] = []
        var taps = 0

        init(context: SceneContext, title: String) {
            self.title = title
            rootLayer = Layer(timeline: context.timeline)
            dot = Layer(timeline: context.timeline)
            dot.frame = Rect(x: 0, y: 0, width: 50, height: 50)
            rootLayer.addSublayer(dot)
            let fade = BasicAnimation(keyPath: .opacity)
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1
            dot.add(fade, forKey: "fade")
            rootLayer.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in taps += 1 })
        }

        func layout(in bounds: Rect) {}
        func handleKey(_ key: Key) -> Bool {
            keys.append(key)
            return key == .character("m")
        }
        var keyHelp: [(key: Key, action: String)] { [(.character("m"), "switch mode")] }
    }

    struct NoImages: ImageCatalog {
        func size(ofImage name: String) -> Size? { nil }
    }

    func makeSession() -> SceneSession {
        let catalog = ["one", "two", "three"].map { name in
            SceneDescriptor(name: name, summary: name) { FadeScene(context: $0, title: name.capitalized) }
        }
        return SceneSession(
            catalog: catalog, index: 0, size: Size(width: 400, height: 300), seed: 1, images: NoImages())
    }

    func opacity(_ session: SceneSession) -> Double {
        guard let scene = session.scene as? FadeScene else { return .nan }
        return scene.dot.presentation().opacity
    }

    /// Runs frames at 60 fps from `from` to `to` seconds of host time.
    func run(_ session: SceneSession, frames range: ClosedRange<Int>, events: [Int: [InputEvent]] = [:])
        throws -> [HostCommand]
    {
        var commands: [HostCommand] = []
        for frame in range {
            commands += try session.runFrame(at: Double(frame) / 60, input: events[frame] ?? []).commands
        }
        return commands
    }

    /// The key with X keysym name `name`, as the hosts deliver it.
    func key(_ name: String) -> InputEvent {
        guard let key = Key(keysymName: name) else { preconditionFailure("no key \(name)") }
        return .key(key)
    }

    // Frame times are k/60 and the fade is linear: 1e-9 covers rounding.
    let tolerance = 1e-9

    @Test("space pauses the scene clock and resumes it where it stopped")
    func pause() throws {
        let session = makeSession()
        _ = try run(session, frames: 0...15, events: [15: [key("space")]])
        let paused = opacity(session)
        _ = try run(session, frames: 16...45)
        #expect(opacity(session) == paused)
        _ = try run(session, frames: 46...60, events: [46: [key("space")]])
        // 15 frames before the pause and 14 after it: 29/60 of the fade.
        #expect(abs(opacity(session) - (1 - 29.0 / 60)) <= tolerance)
    }

    @Test("t runs the scene 10× slower")
    func slowMotion() throws {
        let session = makeSession()
        _ = try run(session, frames: 0...60, events: [0: [key("t")]])
        #expect(abs(opacity(session) - (1 - 0.1)) <= tolerance)
    }

    @Test("keys switch scenes (1…5, Tab, Shift+Tab), r restarts, the title follows")
    func switching() throws {
        let session = makeSession()
        #expect(session.windowTitle == "animdemo — One")
        _ = try run(session, frames: 0...1, events: [1: [key("Tab")]])
        #expect(session.sceneName == "two" && session.windowTitle == "animdemo — Two")
        _ = try run(session, frames: 2...3, events: [3: [key("ISO_Left_Tab")], 2: [key("ISO_Left_Tab")]])
        #expect(session.sceneName == "three")
        _ = try run(session, frames: 4...4, events: [4: [key("1")]])
        #expect(session.sceneName == "one")
        _ = try run(session, frames: 5...30)
        _ = try run(session, frames: 31...31, events: [31: [key("r")]])
        #expect(opacity(session) == 1)  // restarted: the fade begins again
        _ = try run(session, frames: 32...32, events: [32: [key("9")]])
        #expect(session.sceneName == "one")  // no ninth scene: nothing happens
    }

    @Test("s and F12 ask for a screenshot, q and Escape to quit; other keys go to the scene")
    func hostKeys() throws {
        let session = makeSession()
        let commands = try run(
            session, frames: 0...0,
            events: [0: [key("s"), key("F12"), key("q"), key("Escape"), key("m")]])
        #expect(commands == [.screenshot, .screenshot, .quit, .quit])
        #expect((session.scene as? FadeScene)?.keys == [.character("m")])
    }

    @Test("h and ? toggle a help panel that lists every key, the scene's too; Escape closes it first")
    func help() throws {
        let session = makeSession()
        _ = try run(session, frames: 0...0, events: [0: [key("h")]])
        #expect(session.isHelpVisible)
        let keys = session.helpLines.map(\.key)
        for key in ["1 … 9, Tab, Shift+Tab", "s, F12", "space", "t", "d", "r", "h, ?", "q", "Escape", "m"] {
            #expect(keys.contains(key), "help lacks \(key)")
        }
        let texts = session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
        #expect(texts.contains("m") && texts.contains("switch mode"), "the scene's key comes first: \(texts)")
        _ = try run(session, frames: 1...1, events: [1: [key("question")]])
        #expect(!session.isHelpVisible)
        let commands = try run(session, frames: 2...3, events: [2: [key("h")], 3: [key("Escape")]])
        #expect(!session.isHelpVisible && commands.isEmpty, "Escape closed the help, and did not quit")
        #expect(try run(session, frames: 4...4, events: [4: [key("Escape")]]) == [.quit])
    }

    @Test("pointer events reach the scene's recognizers; nothing is due when idle")
    func pointerAndIdle() throws {
        let session = makeSession()
        _ = try run(
            session, frames: 0...2, events: [1: [.down(Point(x: 10, y: 10))], 2: [.up(Point(x: 10, y: 10))]])
        #expect((session.scene as? FadeScene)?.taps == 1)
        #expect(session.nextWakeTime != nil)  // the fade runs
        _ = try run(session, frames: 3...70)
        // The fade ended; the scene's hint fades at 5 s of host time, then nothing is due.
        #expect(session.nextWakeTime == SceneSession.hintDuration)
        _ = try run(session, frames: 71...340)
        #expect(session.nextWakeTime == nil)  // the host may sleep
    }

    @Test("a message shows for about two seconds of host time, even while paused")
    func message() throws {
        let session = makeSession()
        _ = try run(session, frames: 0...0, events: [0: [key("space")]])
        session.showMessage("saved /tmp/x.png")
        func shown() -> Bool {
            // The toast is a box of lines: the line and its box both shown.
            session.rootLayer.allLayers.contains {
                ($0 as? TextLayer)?.string == "saved /tmp/x.png" && !$0.isHidden
                    && $0.superlayer?.isHidden == false
            }
        }
        _ = try run(session, frames: 1...100)
        #expect(shown())
        _ = try run(session, frames: 101...125)
        #expect(!shown())
    }
}
