import Animation
import Render
import Session
import TestSupport
import Testing

/// The timeline inspector (`i`): a panel in the bottom 40 % of the window with a row per
/// animation, display link and timer, named after the scene's layers; its axis seeks.
@Suite("Timeline inspector")
struct InspectorTests {
    /// The texts the window shows now.
    func texts(_ tester: SceneTester) -> [String] {
        tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
    }

    @Test("i shows the panel in the bottom 40 % of the window, with the scene's names")
    func panel() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150")
        let frame = try tester.render(at: 0.6)
        let labels = texts(tester)
        for row in ["b1.strokeStart", "b3.strokeStart", "b3.strokeEnd", "b1.strokeColor"] {
            #expect(labels.contains(row), "no row \(row) in \(labels)")
        }
        let panelColor = Color(red: 0.08, green: 0.09, blue: 0.12)
        // 40 % of 600 px: the panel starts at y ≥ 360; the scene (navy C4Purple) above it.
        // A tolerance of 0.02 covers the panel's 92 % opacity over the scene's navy.
        #expect(frame.color(x: 795, y: 595)?.isClose(to: panelColor, within: 0.04) == true)
        #expect(
            frame.color(x: 795, y: 355)?.isClose(to: Color(red: 0, green: 0, blue: 0.541), within: 0.02)
                == true)
        let top = (0..<600).first {
            frame.color(x: 795, y: $0)?.isClose(to: panelColor, within: 0.04) == true
        }
        #expect(top.map { $0 >= 360 } == true, "the panel starts at y \(String(describing: top))")
    }

    @Test("a click on the axis pauses and shows that moment, as an uninterrupted run does")
    func clickSeeks() throws {
        // At 1.5 s the axis starts at 0 (it shows the last 4.5 s); the track runs from 28 % of
        // the width to 10 px before the edge: x = 224 + t / 6 · 566.
        let x = 224 + 0.5 / 6 * 566
        let script = "0.1 key i; 0.3 tap 400 150; 1.5 tap \(x) 595"
        let tester = try SceneTester(scene: "checkmark", events: script)
        let shown = try tester.render(at: 1.6)
        #expect(tester.session.isPaused)
        // The click lands between frames 29 and 30 (0.5 s is frame 30 to rounding): one frame.
        #expect(abs(tester.session.sceneTimeline.currentTime - 0.5) <= 1.0 / 60 + 1e-9)
        let frame = Int((tester.session.sceneTimeline.currentTime * 60).rounded())
        let expected = try SceneTester(scene: "checkmark", events: "0.3 tap 400 150").host.render(
            frame: frame)
        // Above the panel the scene is byte for byte the uninterrupted frame.
        var same = true
        for y in 0..<340 {
            for x in stride(from: 0, to: 800, by: 3)
            where shown.color(x: x, y: y) != expected.color(x: x, y: y) {
                same = false
            }
        }
        #expect(same)
    }

    @Test("display links and timers have rows too")
    func linksAndTimers() throws {
        let elastic = try SceneTester(scene: "elastic", events: "0.05 key i; 0.1 drag 400 100 420 330 0.5")
        _ = try elastic.render(at: 0.8)
        #expect(texts(elastic).contains("displayLink"))
        #expect(texts(elastic).contains("l3.position"))
        let fish = try SceneTester(scene: "fish", events: "0.05 key i")
        _ = try fish.render(at: 1)
        #expect(texts(fish).contains("timer (every 0.1 s)"))
        #expect(texts(fish).contains { $0.hasPrefix("bubble") && $0.hasSuffix(".position") })
    }

    @Test("i again hides it; closed, nothing of it is drawn")
    func closes() throws {
        let open = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.2 key i")
        let closed = try SceneTester(scene: "checkmark")
        #expect(try open.render(at: 0.5).pixels == (try closed.render(at: 0.5)).pixels)
    }
}
