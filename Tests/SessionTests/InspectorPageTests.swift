import Animation
import Render
import TestSupport
import Testing

@testable import Session

/// The inspector's axis turns pages, so that a playing scene moves one line of the panel a
/// frame (the playhead) instead of the whole panel (issue 39).
@Suite("Inspector pages")
struct InspectorPageTests {
    @Test("the axis starts at 0 until the playhead is at ¾ of it, then turns half a span at a time")
    func pages() {
        let span = InspectorPanel.axisSpan
        #expect(InspectorPanel.axisStart(at: 0) == 0)
        #expect(InspectorPanel.axisStart(at: 4.49) == 0)
        #expect(InspectorPanel.axisStart(at: 4.5) == 3)
        #expect(InspectorPanel.axisStart(at: 7.49) == 3)
        #expect(InspectorPanel.axisStart(at: 7.5) == 6)
        // Wherever the time, the playhead is on the axis, from ¼ (after the first page) to ¾.
        for tenth in 0...1200 {
            let now = Double(tenth) / 10
            let share = (now - InspectorPanel.axisStart(at: now)) / span
            #expect(share >= (now < 4.5 ? 0 : 0.25) - 1e-9 && share < 0.75 + 1e-9, "at \(now): \(share)")
        }
    }

    @Test("within a page only the playhead's columns change; a page later the axis has moved")
    func onlyThePlayheadMoves() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 key i; 0.3 tap 400 150")
        let early = try tester.render(at: 5)
        let panel = try #require(tester.session.describe().panels.first { $0.name == "inspector" })
        let late = try tester.render(at: 5.5)
        // The track runs from 28 % of the width (224 px) to 24 px before the edge, over 6 s
        // from the page's start, 3 s: the playhead at 5 s and at 5.5 s, ± its 1.5 px line and
        // the anti-aliasing on either side.
        func x(_ time: Double) -> Double { 224 + (time - 3) / 6 * (800 - 24 - 224) }
        let top = Int(panel.rect[1])
        var changedColumns = Set<Int>()
        for y in top..<600 {
            for column in 0..<800 where early.color(x: column, y: y) != late.color(x: column, y: y) {
                changedColumns.insert(column)
            }
        }
        #expect(!changedColumns.isEmpty, "the playhead moved")
        let allowed = { (column: Int) in
            [x(5), x(5.5)].contains { abs(Double(column) + 0.5 - $0) <= 2.5 }
        }
        #expect(changedColumns.allSatisfy(allowed), "columns changed: \(changedColumns.sorted())")
        // A page later (7.5 s) the axis starts at 6 s: its track differs far from the playhead.
        let turned = try tester.render(at: 7.5)
        var farChanges = 0
        for y in top..<600 {
            for column in 230..<400 where late.color(x: column, y: y) != turned.color(x: column, y: y) {
                farChanges += 1
            }
        }
        #expect(farChanges > 0, "the axis turned its page")
    }
}
