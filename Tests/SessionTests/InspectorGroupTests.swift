import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The inspector's rows grouped by what started them (a tap, a key, a timer), each group under
/// a header a click collapses; every row of the session kept; Control+wheel zooming the axis.
@Suite("Timeline inspector: groups, the whole session, Control+wheel")
struct InspectorGroupTests {
    /// The texts the window shows now.
    func texts(_ tester: SceneTester) -> [String] {
        tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
    }

    /// The middle of a described rect, `[x, y, width, height]`, at `x`.
    func point(in rect: [Double], x: Double = 40) -> Point { Point(x: x, y: rect[1] + rect[3] / 2) }

    /// Turns the wheel over the inspector's rows until the first line shows (the list follows
    /// the newest lines until then).
    func scrollToTop(_ tester: SceneTester) throws {
        let panel = try #require(tester.session.describe().panels.first { $0.name == "inspector" })
        let over = Point(x: 60, y: panel.rect[1] + panel.rect[3] / 2)
        tester.send(Array(repeating: .scroll(dy: -40, at: over), count: 10))
        try tester.tick()
    }

    @Test("each tap's animations form a group under a header that names the tap")
    func groupedByTap() throws {
        let tester = try SceneTester(
            scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150; 1.5 tap 400 150")
        try tester.advance(to: 2)
        try scrollToTop(tester)
        let described = tester.session.describe()
        let groups = try #require(described.inspectorGroups)
        // The strokes the tap's `delay`s and completion blocks start later are the tap's too.
        #expect(groups.map(\.name) == ["tap at 0.3 s", "tap at 1.5 s"], "\(groups.map(\.name))")
        #expect(
            groups.allSatisfy { !$0.collapsed && $0.rows > 0 && $0.cause.hasPrefix("a tap at (400, 150)") })
        // Every row is in a group, and each group counts its rows.
        for group in groups {
            #expect(
                described.inspector.filter { $0.group == group.name }.count == group.rows, "\(group.name)")
        }
        #expect(described.inspector.allSatisfy { $0.group != nil })
        // The first tap's strokes are in the first group (the hand-over to the check's long
        // stroke, which a completion block starts, too), the second's (numbered) in the second.
        for (row, group) in [
            ("b1.strokeStart", 0), ("b2.strokeStart", 0), ("b1.strokeStart (2)", 0),
            ("b1.strokeStart (3)", 1),
        ] {
            #expect(described.inspector.first { $0.name == row }?.group == groups[group].name, "\(row)")
        }
        #expect(described.inspector.contains { $0.kind == "timer" && $0.group == "tap at 0.3 s" })
        // The header is the line above its rows.
        let header = try #require(groups[0].rect)
        let rows = described.inspector.filter { $0.group == groups[0].name }.compactMap(\.rect)
        #expect(rows.map { $0[1] }.min() == header[1] + header[3], "rows start under the header")
    }

    @Test("a key's and a timer's rows are grouped by them; the scene's start is a group too")
    func keyAndTimer() throws {
        let fish = try SceneTester(scene: "fish", events: "0.05 key i")
        _ = try fish.render(at: 1)
        let names = try #require(fish.session.describe().inspectorGroups).map(\.name)
        #expect(names.contains { $0.hasPrefix("timer every 0.1 s") }, "\(names)")
        let bubbles = fish.session.describe().inspector.filter { $0.name.hasPrefix("bubble") }
        #expect(!bubbles.isEmpty && bubbles.allSatisfy { $0.group?.hasPrefix("timer every 0.1 s") == true })
        let checkmark = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.4 key space")
        _ = try checkmark.render(at: 0.5)
        let checkGroups = try #require(checkmark.session.describe().inspectorGroups)
        // The space key pauses the shell in checkmark; no scene key ran, no group of a key.
        #expect(!checkGroups.contains { $0.name.hasPrefix("key") })
    }

    @Test("a click on a header collapses its rows to one summary line; another expands them")
    func collapse() throws {
        let tester = try SceneTester(
            scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150; 1.5 tap 400 150")
        try tester.advance(to: 2)
        try scrollToTop(tester)
        let before = tester.session.describe()
        let header = try #require(before.inspectorGroups?.first?.rect)
        let shownBefore = before.inspector.filter { $0.rect != nil }.count
        tester.tap(point(in: header))
        let picturedBefore = try tester.render()
        let collapsed = tester.session.describe()
        let groups = try #require(collapsed.inspectorGroups)
        #expect(groups.map(\.collapsed) == [true, false])
        // Its rows are hidden; the next group's header moves up under it.
        #expect(collapsed.inspector.filter { $0.group == groups[0].name }.allSatisfy { $0.rect == nil })
        let second = try #require(groups[1].rect)
        #expect(second[1] == header[1] + header[3], "the second header is the next line")
        #expect(collapsed.inspector.filter { $0.rect != nil }.count < shownBefore)
        // Hovering the header: the footer tells what started it and how many rows it has.
        tester.send([.move(point(in: header))])
        try tester.tick()
        let footer = texts(tester).first { $0.hasPrefix("tap at 0.3 s · started by a tap") }
        #expect(
            footer?.contains("\(groups[0].rows) rows") == true && footer?.contains("expand") == true,
            "\(texts(tester))")
        // The summary bar is drawn across the group's span (grey, on the header's line).
        let y = Int(header[1] + header[3] / 2)
        let summary = (300..<700).filter { x in
            guard let color = picturedBefore.color(x: x, y: y) else { return false }
            return abs(color.red - color.blue) < 0.05 && color.red > 0.3
        }
        #expect(summary.count > 20, "no grey summary bar on the collapsed header")
        tester.tap(point(in: header))
        try tester.tick()
        #expect(tester.session.describe().inspectorGroups?.map(\.collapsed) == [false, false])
    }

    @Test("collapsed groups are kept in a session file: the same groups and pixels")
    func sessionFile() throws {
        let tester = try SceneTester(
            scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150; 1.5 tap 400 150; 1.9 key space")
        try tester.advance(to: 2)
        try scrollToTop(tester)
        let header = try #require(tester.session.describe().inspectorGroups?.first?.rect)
        tester.tap(point(in: header))
        let before = try tester.render()
        let groups = tester.session.describe().inspectorGroups?.map { "\($0.name) \($0.collapsed)" }
        #expect(groups == ["tap at 0.3 s true", "tap at 1.5 s false"])
        let encoded = try tester.session.watchState(window: nil).encoded()
        #expect(String(decoding: encoded, as: UTF8.self).contains(#""collapsed":["tap at 0.3 s"]"#))
        let resumed = try SceneTester(scene: "checkmark")
        #expect(resumed.session.resume(from: try WatchState(json: encoded), at: 0) != nil)
        let after = try resumed.render()
        #expect(resumed.session.describe().inspectorGroups?.map { "\($0.name) \($0.collapsed)" } == groups)
        #expect(after.pixels == before.pixels)
        // A file from before groups (no `collapsed`) still reads, every group expanded.
        var old = try WatchState(json: encoded)
        old.panelViews?["inspector"]?.collapsed = nil
        let oldText = String(decoding: try old.encoded(), as: UTF8.self)
        #expect(!oldText.contains("collapsed"))
        let reread = try SceneTester(scene: "checkmark")
        #expect(reread.session.resume(from: try WatchState(json: Data(oldText.utf8)), at: 0) != nil)
        _ = try reread.render()
        #expect(reread.session.describe().inspectorGroups?.allSatisfy { !$0.collapsed } == true)
    }

    @Test(
        "the log keeps every row of a session past the old 400, the wheel reaches the first, 0 fits them all")
    func wholeSession() throws {
        // The fish's timer adds a bubble's rows ten times a second: about 900 rows in 45 s.
        let tester = try SceneTester(scene: "fish", events: "0.05 key i")
        try tester.advance(to: 45)
        let described = tester.session.describe()
        #expect(described.inspector.count > 400, "\(described.inspector.count) rows")
        let first = try #require(described.inspector.first)
        #expect(first.rect == nil, "the newest rows are shown, the first scrolled away")
        let panel = try #require(described.panels.first { $0.name == "inspector" })
        let over = Point(x: 60, y: panel.rect[1] + panel.rect[3] / 2)
        for _ in 0..<(described.inspector.count / 3 + 2) { tester.send([.scroll(dy: -40, at: over)]) }
        try tester.tick()
        let scrolled = tester.session.describe()
        #expect(scrolled.inspector.first { $0.name == first.name }?.rect != nil, "the first row is reached")
        tester.send([.key(.character("0"))])
        try tester.tick()
        let axis = try #require(tester.session.describe().inspectorAxis)
        #expect(axis[0] <= first.start - first.delay && axis[1] >= 45, "\(axis)")
    }

    @Test("Control+wheel zooms the axis about the pointer; the plain wheel still scrolls")
    func controlWheel() throws {
        let tester = try SceneTester(
            scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150; 1.5 tap 400 150; 1.9 key space")
        try tester.advance(to: 2)
        let described = tester.session.describe()
        #expect(described.inspectorAxis == [0, 6])
        let panel = try #require(described.panels.first { $0.name == "inspector" })
        // The track runs from 28 % of the width (224 px) to 24 px before the edge.
        let x = 224 + 1.5 / 6 * (800 - 24 - 224)  // 1.5 s
        let over = Point(x: x, y: panel.rect[1] + 30)
        tester.send([.scroll(dy: -40, at: over, control: true)])
        try tester.tick()
        let zoomed = try #require(tester.session.describe().inspectorAxis)
        // 6 s / 1.25 = 4.8 s, and 1.5 s stays under the pointer (to the microsecond).
        #expect(abs((zoomed[1] - zoomed[0]) - 4.8) < 1e-6, "\(zoomed)")
        #expect(abs(zoomed[0] + (x - 224) / (800 - 24 - 224) * 4.8 - 1.5) < 1e-6, "\(zoomed)")
        tester.send([.scroll(dy: 40, at: over, control: true), .scroll(dy: 40, at: over, control: true)])
        try tester.tick()
        let out = try #require(tester.session.describe().inspectorAxis)
        #expect(abs((out[1] - out[0]) - 7.5) < 1e-6, "4.8 × 1.25² = 7.5 s: \(out)")
        // Without Control the wheel scrolls the rows and leaves the axis.
        tester.send([.scroll(dy: -40, at: over)])
        try tester.tick()
        #expect(tester.session.describe().inspectorAxis == out)
        // The events script writes it `wheel X Y DY ctrl`, as a session file does.
        let scripted = try SceneTester(
            scene: "checkmark",
            events:
                "0.1 key i; 0.3 tap 400 150; 1.5 tap 400 150; 1.9 key space; 1.95 wheel \(x) \(over.y) -40 ctrl"
        )
        try scripted.advance(to: 2)
        #expect(scripted.session.describe().inspectorAxis == zoomed)
        #expect(
            StoredHistory.event(StoredHistory.line(.scroll(dy: -40, at: over, control: true)))
                == .scroll(dy: -40, at: over, control: true))
    }

    @Test("the axis labels quarter seconds when it is wide enough for them")
    func quarterTicks() throws {
        let tester = try SceneTester(
            scene: "checkmark", size: Size(width: 1920, height: 1080), events: "0.1 key i")
        _ = try tester.render(at: 0.5)
        #expect(texts(tester).contains("0.25 s") && texts(tester).contains("1.75 s"), "\(texts(tester))")
        let narrow = try SceneTester(scene: "checkmark", events: "0.1 key i")
        _ = try narrow.render(at: 0.5)
        #expect(!texts(narrow).contains("0.25 s"))
    }
}
