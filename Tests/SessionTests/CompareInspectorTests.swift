import Animation
import Render
import Scenes
import TestSupport
import Testing

@testable import Session

/// The inspector while two settings are compared: both halves' rows, A's groups then B's,
/// each row and group named with its half's letter (`render --describe` gives `half`), a copy's
/// row outlining the copy's layer; driven by `render`'s events as a person presses and clicks.
@Suite("Compare: the inspector shows both halves' rows")
struct CompareInspectorTests {
    /// The checkmark with the inspector open, compared with `|` (the copy A, the tutorial's
    /// knobs; the running scene B), the button tapped in A's half (both halves get the tap).
    static let barred = "0.05 key i; 0.1 key bar; 0.3 tap 200 200"

    /// A headless session of `scene` at `size` comparing `compare` (`--compare`: the copy is
    /// B), playing `events`.
    static func compared(
        _ scene: String, size: Size, compare: [String: KnobValue], events: String, scale: Double = 1
    ) throws -> HeadlessHost {
        try CompareTests.host(scene, size: size, compare: compare, events: events, scale: scale)
    }

    /// Runs `host` up to scene time `time` (its frames on the 60 fps grid).
    static func advance(_ host: HeadlessHost, to time: MediaTime) throws {
        while host.time(ofFrame: host.frame) < time - 1e-9 { try host.step() }
    }

    /// The rows' names without their half's letter.
    static func plain(_ rows: [SessionDescription.InspectorRow]) -> [String] {
        rows.map { ShownRows.unnamed($0.name) }
    }

    @Test(
        "| with the inspector open: A's rows then B's, each named and grouped with its letter; | again: one set"
    )
    func barListsBothHalves() throws {
        let tester = try SceneTester(scene: "checkmark", events: Self.barred + "; 0.8 key bar")
        try tester.advance(to: 0.08)
        let before = tester.session.describe().inspector
        #expect(before.allSatisfy { $0.half == nil }, "\(before.map(\.name))")
        try tester.advance(to: 0.7)
        let rows = tester.session.describe().inspector
        let a = rows.filter { $0.half == "A" }
        let b = rows.filter { $0.half == "B" }
        #expect(!a.isEmpty && !b.isEmpty, "\(rows.map(\.name))")
        #expect(a.count + b.count == rows.count, "a row of no half: \(rows.map(\.name))")
        // Grouped per half: every A row before every B row.
        #expect(rows.prefix(a.count).allSatisfy { $0.half == "A" }, "\(rows.map(\.name))")
        for row in rows {
            let half = try #require(row.half)
            #expect(row.name.hasPrefix(half + " "), "\(row.name) in \(half)")
            #expect(row.group?.hasPrefix(half + " ") == true, "\(row.name)'s group \(row.group ?? "none")")
        }
        // Both halves have the tutorial's knobs and the same tap: the same rows.
        #expect(Self.plain(a) == Self.plain(b), "A \(Self.plain(a)) B \(Self.plain(b))")
        #expect(Self.plain(a).contains("b1.strokeStart"), "\(Self.plain(a))")
        let groups = try #require(tester.session.describe().inspectorGroups)
        #expect(
            groups.allSatisfy { $0.name.hasPrefix("A ") || $0.name.hasPrefix("B ") }, "\(groups.map(\.name))")
        try tester.advance(to: 0.9)
        let after = tester.session.describe().inspector
        #expect(!tester.session.isComparing)
        #expect(!after.isEmpty && after.allSatisfy { $0.half == nil }, "\(after.map(\.name))")
        #expect(
            after.allSatisfy { !$0.name.hasPrefix("A ") && !$0.name.hasPrefix("B ") }, "\(after.map(\.name))")
    }

    /// The script that selects the first shown animation row of half `half` in a `--compare`
    /// checkmark (copy B), and that row's name; the pointer stays on it.
    static func selecting(half: String) throws -> (events: String, row: String) {
        // The list follows the newest rows, B's, the last: A's are a few wheel turns up.
        let wheel = (0..<6).map { "0.\(80 + $0) wheel 400 500 -40" }.joined(separator: "; ")
        let events = "0.1 key i; 0.5 tap 200 200" + (half == "A" ? "; " + wheel : "")
        let probe = try Self.compared(
            "checkmark", size: Size(width: 800, height: 600), compare: ["d": .number(1.5)], events: events)
        try Self.advance(probe, to: 0.9)
        let rows = probe.session.describe().inspector
        let row = try #require(
            rows.first {
                $0.half == half && $0.kind == "animation" && $0.rect != nil && $0.name.contains(".stroke")
            },
            "no row of \(half) shown: \(rows.map { "\($0.name) \($0.rect ?? [])" })")
        let rect = try #require(row.rect)
        return (events + "; 0.9 tap 40 \(rect[1] + rect[3] / 2)", row.name)
    }

    @Test(
        "--compare: a click on a B row (the copy's) selects it and outlines the copy's layer in B's half; an A row's, in A's",
        arguments: ["A", "B"])
    func rowOutlinesItsHalf(half: String) throws {
        let (events, name) = try Self.selecting(half: half)
        let host = try Self.compared(
            "checkmark", size: Size(width: 800, height: 600), compare: ["d": .number(1.5)], events: events)
        try Self.advance(host, to: 1.0)
        let described = host.session.describe()
        #expect(described.selectedRow == name)
        let halves = try #require(host.session.compareRects)
        let outline = try #require(host.session.inspectorOutline, "\(name): no outline")
        let centre = Point(x: outline.midX, y: outline.midY)
        let mine = half == "A" ? halves.a : halves.b
        let other = half == "A" ? halves.b : halves.a
        #expect(mine.contains(centre), "\(name): outline \(outline) not in its half \(mine)")
        #expect(!other.contains(centre), "\(name): outline \(outline) in the other half \(other)")
        // The copy's row is not edited: no curve editor target, no graph of the running scene.
        let isCopy = host.session.compareTwin.map { $0.isA == (half == "A") } ?? false
        #expect(isCopy == (half == "B"))
        if isCopy {
            #expect(host.session.curveTarget() == nil)
        }
    }

    @Test(
        "both halves' rows are whole, with the letters, at 800×600 and 375×667 (×1 and ×2): elided is empty",
        arguments: [Size(width: 800, height: 600), Size(width: 375, height: 667)], [1.0, 2.0])
    func textWhole(size: Size, scale: Double) throws {
        let host = try Self.compared(
            "checkmark", size: Size(width: size.width * scale, height: size.height * scale),
            compare: ["d": .number(1.5)], events: "0.1 key i; 0.5 tap 100 100", scale: scale)
        try Self.advance(host, to: 1.2)
        _ = try host.render(frame: host.frame)
        let described = host.session.describe()
        #expect(
            described.inspector.contains { $0.half == "A" } && described.inspector.contains { $0.half == "B" }
        )
        #expect(described.elided.isEmpty, "\(size) ×\(scale): \(described.elided.map(\.text))")
    }

    @Test(
        "a moment saved while comparing with the inspector open: the replay lists the same rows of both halves"
    )
    func savedMomentSameRows() throws {
        let tester = try SceneTester(scene: "checkmark", events: Self.barred + "; 0.7 key space")
        try tester.advance(to: 0.75)
        let shown = try SavedMomentTests.picture(tester)
        let rows = tester.session.describe().inspector
        #expect(rows.contains { $0.half == "A" } && rows.contains { $0.half == "B" })
        let saved = tester.session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        let replayed = try SceneTester(scene: "checkmark")
        try #require(replayed.session.resume(from: saved, at: 0) != nil)
        #expect(try SavedMomentTests.picture(replayed) == shown, "the replay draws another window")
        let again = replayed.session.describe().inspector
        #expect(again.map(\.name) == rows.map(\.name))
        #expect(again.map(\.half) == rows.map(\.half))
        #expect(again.map(\.group) == rows.map(\.group))
    }
}
