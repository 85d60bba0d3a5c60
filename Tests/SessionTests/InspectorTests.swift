import Animation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The timeline inspector (`i`): a strip along the bottom of the window, its own, with a row
/// per animation, display link and timer, named after the scene's layers; its axis seeks.
@Suite("Timeline inspector")
struct InspectorTests {
    /// The texts the window shows now.
    func texts(_ tester: SceneTester) -> [String] {
        tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
    }

    @Test("i docks the panel along the bottom, opaque, and the scene keeps the rest")
    func panel() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150")
        let frame = try tester.render(at: 0.6)
        let described = tester.session.describe()
        let panel = try #require(described.panels.first { $0.name == "inspector" })
        // 40 % of 600 px at most; the scene's rect ends where the panel starts.
        #expect(panel.rect[1] >= 360 && panel.rect[1] + panel.rect[3] == 600, "\(panel.rect)")
        #expect(described.sceneRect == [0, 0, 800, panel.rect[1]])
        for row in ["b1.strokeStart", "b3.strokeStart", "b3.strokeEnd", "b1.strokeColor"] {
            #expect(described.inspector.contains { $0.name == row }, "no row \(row)")
        }
        // Opaque: the panel's ground exactly, no navy showing through (exact colour, 1/255).
        let ground = Color(red: 0.08, green: 0.09, blue: 0.12)
        #expect(frame.color(x: 795, y: 598)?.isClose(to: ground, within: 1.0 / 255) == true)
    }

    @Test("a click on the axis pauses and shows that moment, as an uninterrupted run does")
    func clickSeeks() throws {
        let probe = try SceneTester(scene: "checkmark", events: "0.1 key i")
        try probe.tick(10)
        let panel = try #require(probe.session.describe().panels.first { $0.name == "inspector" })
        // The track runs from 28 % of the width to 24 px before the edge: 0.5 s of its 6 s.
        let x = 224 + 0.5 / 6 * (800 - 24 - 224)
        let y = panel.rect[1] + 30  // on the axis
        let script = "0.1 key i; 0.3 tap 400 150; 1.5 tap \(x) \(y)"
        let tester = try SceneTester(scene: "checkmark", events: script)
        _ = try tester.render(at: 1.6)
        #expect(tester.session.isPaused)
        #expect(abs(tester.session.sceneTimeline.currentTime - 0.5) <= 1.0 / 60 + 1e-9)
        // The scene's input is the tap alone: the click on the axis never reached it.
        let input = tester.session.history.frames.flatMap(\.input)
        #expect(input.count == 2, "\(input)")
    }

    @Test("display links and timers have rows too")
    func linksAndTimers() throws {
        let elastic = try SceneTester(scene: "elastic", events: "0.05 key i; 0.1 drag 400 100 420 330 0.5")
        _ = try elastic.render(at: 0.8)
        let rows = elastic.session.describe().inspector.map(\.name)
        #expect(rows.contains("displayLink"))
        #expect(rows.contains("l3.position"))
        let fish = try SceneTester(scene: "fish", events: "0.05 key i")
        _ = try fish.render(at: 1)
        let fishRows = fish.session.describe().inspector.map(\.name)
        #expect(fishRows.contains("timer (every 0.1 s)"), "\(fishRows)")
        #expect(fishRows.contains { $0.hasPrefix("bubble") && $0.hasSuffix(".position") })
    }

    @Test("i again hides it; closed, nothing of it is drawn")
    func closes() throws {
        let open = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.2 key i")
        let closed = try SceneTester(scene: "checkmark")
        #expect(try open.render(at: 0.5).pixels == (try closed.render(at: 0.5)).pixels)
    }

    @Test("rows are unique, and kept after their animations end")
    func rowsKept() throws {
        let tester = try SceneTester(
            scene: "checkmark", events: "0.1 key i; 0.3 tap 200 150; 1.5 tap 200 150")
        _ = try tester.render(at: 12)
        let names = tester.session.describe().inspector.map(\.name)
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.contains("b1.strokeStart") && names.contains("b1.strokeStart (2)"), "\(names)")
    }

    @Test("hovering a row tells its timing and value, and outlines its own layer")
    func hover() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.3 tap 200 150; 0.8 key space")
        try tester.advance(to: 0.9)
        let panel = try #require(tester.session.describe().panels.first { $0.name == "inspector" })
        #expect(panel.rect[3] > 100)
        var outlines: [String: Rect] = [:]
        for name in ["b1.strokeStart", "b2.strokeStart", "b3.strokeStart"] {
            let row = tester.session.describe().inspector.first { $0.name == name }
            let rect = try #require(row?.rect, "\(name) is not shown")
            tester.send([.move(Point(x: 60, y: rect[1] + rect[3] / 2))])
            try tester.tick()
            let shown = texts(tester)
            #expect(
                shown.contains { $0.hasPrefix(name) && $0.contains("duration 0.5 s") && $0.contains("now") },
                "\(shown)")
            outlines[name] = tester.session.inspectorOutline
        }
        #expect(outlines.count == 3)
        #expect(
            Set(outlines.values.map { "\($0)" }).count == 3, "b1, b2, b3 outline different boxes: \(outlines)"
        )
    }

    /// Seed 2026's sequence 84 of the property test: the window outlined nothing where `render
    /// --session` outlined a layer the screen's rebuild had taken out of the tree.
    @Test("a hovered row whose layer a layout took out of the scene outlines nothing, its layer while there")
    func outlineOnlyInTheTree() throws {
        // floating's step 3 with the help open (the scene 400 wide), paused over the fourth
        // balloon's row; closing the help lays the scene out at 800 and builds its screen afresh.
        let tester = try SceneTester(
            scene: "floating", events: "0 key h; 0 key i; 4.37 key space", step: 3)
        try tester.advance(to: 4.5)
        let row = try #require(tester.session.describe().inspector.first { $0.name == "balloon1 4.position" })
        let rect = try #require(row.rect)
        tester.send([.move(Point(x: 600, y: rect[1] + rect[3] / 2))])
        try tester.tick()
        #expect(tester.session.describe().hover?.row == "balloon1 4.position")
        #expect(tester.session.inspectorOutline != nil, "the balloon is on screen: outlined")
        tester.send([.key(.character("h"))])
        try tester.tick()
        try tester.tick()
        #expect(tester.session.describe().sceneRect[2] == 800)
        #expect(
            tester.session.describe().hover?.row == "balloon1 4.position", "the row stays, for its history")
        #expect(tester.session.inspectorOutline == nil, "its layer is gone from the scene: no outline")
        #expect(tester.session.describe().hover?.outline == nil)
    }

    @Test(
        "an autoreversed repeat is drawn cycle by cycle, forward and then mirrored; describe gives its count, reversal and the axis"
    )
    func autoreversedCycles() throws {
        let catalog = [
            SceneDescriptor(name: "motions", summary: "") { GraphPanelTests.MotionScene(context: $0) }
        ]
        let tester = try SceneTester(
            scene: "motions", in: catalog, events: "0.05 key i; 0.2 tap 100 100; 1.5 key space")
        let frame = try tester.render(at: 1.6)
        let described = tester.session.describe()
        #expect(described.inspectorAxis == [0, 6])
        // The pulse fades 1 → 0.2 in 0.2 s, back, twice: four halves of 0.2 s.
        let row = try #require(described.inspector.first { $0.name == "pulse.opacity" })
        #expect(row.autoreverses == true)
        guard case .number(let count) = row.repeatCount else {
            Issue.record("repeatCount \(String(describing: row.repeatCount))")
            return
        }
        #expect(count == 2)
        #expect(described.inspector.first { $0.name == "box.position" }?.autoreverses == false)
        #expect(row.curve == "linear")
        #expect(described.inspector.first { $0.name == "box.position" }?.curve == "linear")
        let rect = try #require(row.rect)
        /// The highest pixel of the row's white curve at scene time `t` (the track runs from
        /// 28 % of the width to 24 px before the edge; 6 s on it): higher is nearer the end value.
        /// The 1-px line is antialiased over the orange bar, so "white" is its blue channel above
        /// half: the bar's is 0.16 and the panel's 0.12.
        func curveY(at t: Double) throws -> Int {
            let track = 800.0 - 24 - 224
            let x = Int((224 + t / 6 * track).rounded())
            let rows = Int(rect[1])..<Int(rect[1] + rect[3])
            let white = rows.first { y in
                (frame.color(x: x, y: y)?.blue ?? 0) > 0.5
            }
            return try #require(white, "no curve at \(t) s (x \(x))")
        }
        // A quarter into the way back the curve is still near the end value; three quarters in,
        // near the start (5 px between them at 92 px a second: both away from the ticks at
        // each turn). Drawn as a second rising ramp, it was the other way round.
        let start = row.start
        let (back1, back3) = (try curveY(at: start + 0.25), try curveY(at: start + 0.35))
        #expect(back1 < back3, "the way back falls")
        let (up1, up3) = (try curveY(at: start + 0.05), try curveY(at: start + 0.15))
        #expect(up1 > up3, "the first half rises")
        let (last1, last3) = (try curveY(at: start + 0.65), try curveY(at: start + 0.75))
        #expect(last1 < last3, "the last half falls")
    }

    @Test("+ and - zoom the axis, 0 fits every row on it; the zoom comes back from a session file")
    func zoomAndFit() throws {
        let played = "0.05 key i; 0.3 tap 400 150; 1.2 tap 400 150; 3 key space"
        func axis(_ keys: String) throws -> (SessionDescription, SceneTester) {
            let tester = try SceneTester(scene: "checkmark", events: played + keys)
            _ = try tester.render(at: 3.5)
            return (tester.session.describe(), tester)
        }
        #expect(try axis("").0.inspectorAxis == [0, 6])
        #expect(try axis("; 3.1 key minus; 3.2 key minus").0.inspectorAxis == [0, 30], "6 → 12 → 30 s")
        // 1.5 s, paged as the 6-s axis is: the playhead at 3 s in its second half.
        let zoomedIn = try axis("; 3.1 key equal; 3.2 key plus").0
        #expect(zoomedIn.inspectorAxis == [2.25, 3.75])
        // Fitted, the axis holds every row, from the first's start to the last's end.
        let (fitted, tester) = try axis("; 3.1 key 0")
        let span = try #require(fitted.inspectorAxis)
        #expect(!fitted.inspector.isEmpty)
        for row in fitted.inspector {
            #expect(row.start - row.delay >= span[0] && row.start + row.duration <= span[1], "\(row.name)")
        }
        #expect(span[1] - span[0] < 6, "fitted, not just left at the 6 s it opened with: \(span)")
        // A session file keeps the zoom: the same axis and pixels.
        let before = try tester.render()
        let state = try WatchState(json: try tester.session.watchState(window: nil).encoded())
        let resumed = try SceneTester(scene: "checkmark")
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        let after = try resumed.render()
        #expect(resumed.session.describe().inspectorAxis == span)
        #expect(after.pixels == before.pixels)
    }

}
