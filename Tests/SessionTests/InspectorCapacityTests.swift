import Animation
import Foundation
import Scenes
import TestSupport
import Testing

@testable import Session

/// The inspector under a heavy load (issue 39m): a seek shows the rows an unbroken run to the
/// moment has, with the fish's bubbles in flight; checkpoints that make the bubbles again serve a
/// seek whose log starts anew; the log keeps at most its capacity, dropping the oldest rows and
/// saying so, whole.
@Suite("Inspector under a heavy load")
struct InspectorCapacityTests {
    static func summary(_ row: SessionDescription.InspectorRow) -> String {
        InspectorTimeTravelTests.summary(row)
    }

    /// The tester's rows, and an unbroken run's paused at the moment the tester shows.
    static func rowsAndUnbroken(
        _ tester: SceneTester, events: String, bubbleLoad: Int
    ) throws -> (shown: [String], unbroken: [String]) {
        let shown = tester.session.sceneTimeline.currentTime
        let unbroken = try SceneTester(scene: "fish", events: events, bubbleLoad: bubbleLoad)
        while unbroken.session.sceneTimeline.currentTime < shown - 1e-9 { try unbroken.tick() }
        try #require(unbroken.session.sceneTimeline.currentTime == shown)
        return (
            tester.session.describe().inspector.map(Self.summary),
            unbroken.session.describe().inspector.map(Self.summary)
        )
    }

    @Test(
        "with --bubbles 300 and the inspector open, two Page Ups from 5 s show an unbroken run's rows at 3 s")
    func seekUnderLoad() throws {
        let played = "0.05 key i; 0.3 tap 400 150; 5 key space"
        let tester = try SceneTester(
            scene: "fish", events: played + "; 5.1 key Prior; 5.2 key Prior", bubbleLoad: 300)
        _ = try tester.render(at: 5.05)
        let before = tester.session.describe().inspector.count
        _ = try tester.render(at: 5.3)
        #expect(tester.session.isPaused)
        let shown = tester.session.sceneTimeline.currentTime
        #expect(abs(shown - 3) <= 1.0 / 60 + 1e-9, "\(shown)")
        let (rows, unbroken) = try Self.rowsAndUnbroken(tester, events: played, bubbleLoad: 300)
        #expect(rows.count > 500, "the bubbles' rows: \(rows.count)")
        #expect(rows.count < before, "the rows after 3 s are gone: \(rows.count) of \(before)")
        #expect(rows == unbroken)
    }

    @Test(
        "a seek to before the inspector opened restores a checkpoint that makes the bubbles again, and shows the rows a replay from the start shows"
    )
    func rebuildingCheckpoint() throws {
        // Opened at 16 s, played to 17 s, then clicked back to 15 s: the log starts anew 12 s
        // before, at 3 s, after the checkpoint at 2 s, which makes the bubbles again.
        let events = "16 key i; 17 key space; 17.1 key Prior; 17.2 key Prior"
        func seekBack(checkpoints: Bool) throws -> (
            rows: [String], rebuilt: [Int], restoredCheckpoint: Int?
        ) {
            let tester = try SceneTester(scene: "fish", events: events, bubbleLoad: 100)
            tester.session.usesCheckpoints = checkpoints
            _ = try tester.render(at: 17.05)
            let rebuilt = tester.session.checkpointFramesRebuildingLayers
            _ = try tester.render(at: 17.3)
            #expect(abs(tester.session.sceneTimeline.currentTime - 15) <= 1.0 / 60 + 1e-9)
            return (
                tester.session.describe().inspector.map(Self.summary), rebuilt,
                tester.session.machine.lastRestoredCheckpoint
            )
        }
        let restored = try seekBack(checkpoints: true)
        #expect(
            restored.rebuilt.contains { $0 > 60 && $0 <= 180 },
            "a checkpoint at 1–3 s makes the bubbles again")
        let taken = try #require(restored.restoredCheckpoint, "the seek restored a checkpoint")
        #expect(restored.rebuilt.contains(taken), "checkpoint \(taken) makes the bubbles again")
        #expect(taken >= 60, "not the scene as built: \(taken)")
        let replayed = try seekBack(checkpoints: false)
        #expect(restored.rows.count > 100, "\(restored.rows.count) rows")
        #expect(restored.rows == replayed.rows)
    }

    @Test("past its capacity the log drops its oldest rows and says so, whole, at 800×600")
    func capacity() throws {
        let tester = try SceneTester(scene: "fish", events: "0.05 key i; 6 key space", bubbleLoad: 100)
        tester.session.inspector.logCapacity = 300
        _ = try tester.render(at: 6.1)
        let rows = tester.session.describe().inspector
        #expect(rows.count <= 300 && rows.count > 200, "\(rows.count) rows")
        let dropped = tester.session.inspector.droppedNote
        let note = try #require(dropped, "the log dropped rows")
        #expect(note.short.hasSuffix("older rows dropped"))
        // The oldest went: an unbroken run with room for every row has rows that began earlier.
        let whole = try SceneTester(scene: "fish", events: "0.05 key i; 6 key space", bubbleLoad: 100)
        _ = try whole.render(at: 6.1)
        let all = whole.session.describe().inspector
        #expect(all.count > rows.count)
        let earliest = rows.filter { $0.kind == "animation" }.map(\.start).min() ?? 0
        #expect(all.contains { $0.kind == "animation" && $0.start < earliest - 0.5 }, "older rows dropped")
        #expect(
            Set(all.suffix(50).map(Self.summary)).isSubset(of: Set(rows.map(Self.summary))),
            "the newest kept")
        // Said in the header and in the footer, whole: nothing of the inspector elided.
        let texts = WholeTextTests.texts(in: "inspector", of: tester.session).map(\.string)
        #expect(texts.contains { $0.contains(note.short) }, "\(texts)")
        #expect(texts.joined(separator: " ").contains("the inspector keeps the newest 300"), "\(texts)")
        let elided = tester.session.describe().elided.filter { $0.place == "inspector" }
        let names = Set(rows.map(\.name))
        #expect(elided.filter { !names.contains($0.text) }.isEmpty, "\(elided.map(\.text))")
    }

    /// A long session in the narrowest window: rows counted in five digits. The header's
    /// words go before its count is cut: "rows 11022–11028 of 11028 · wheel scro…" was drawn.
    @Test("at 375×667 with 11,000 rows, the inspector's header keeps its count whole")
    func narrowHeader() throws {
        let tester = try SceneTester(
            scene: "fish", size: Size(width: 375, height: 667), events: "1 key i", bubbleLoad: 1000)
        _ = try tester.render(at: 8)
        let described = tester.session.describe()
        #expect(described.inspector.count >= 10_000, "\(described.inspector.count) rows")
        let header = try #require(
            WholeTextTests.texts(in: "inspector", of: tester.session).map(\.string).first {
                $0.hasPrefix("inspector ·")
            })
        let count = described.inspector.count
        #expect(header.hasSuffix("of \(count)") || header.contains("of \(count) ·"), "\(header)")
        let elided = described.elided.filter { $0.place == "inspector" && $0.text.hasPrefix("inspector ·") }
        #expect(elided.isEmpty, "\(elided.map(\.shown))")
    }
}
