import Animation
import TestSupport
import Testing

@testable import Session

/// The footer's size is decided from the rows in view (`settleFooter`): each row's details are
/// formatted and measured once, not again each time the log gains a row and every row in view
/// moves up (issue 39).
@Suite("Inspector footer: a row measured once")
struct InspectorFooterNeedTests {
    @Test("the fish's rows move up as its log grows; each row in view is measured once")
    func rowsThatMoveUpAreNotMeasuredAgain() throws {
        let tester = try SceneTester(scene: "fish", events: "0.05 key i")
        let inspector = tester.session.inspector
        var seen = Set<String>()
        var views: [[String]] = []
        try tester.advance(seconds: 6) { _ in
            let view = inspector.rowLabelsInView
            seen.formUnion(view)
            if views.last != view { views.append(view) }
        }
        // The list moved with rows that stayed in view (a row shown in two different lists).
        let moved = zip(views, views.dropFirst()).contains { before, after in
            before != after && !Set(before).isDisjoint(with: after)
        }
        #expect(views.count > 2, "the list changed: \(views.count)")
        #expect(moved, "rows stayed in view while the list changed")
        #expect(inspector.rowsMeasured > 0)
        #expect(
            inspector.rowsMeasured <= seen.count,
            "\(inspector.rowsMeasured) rows measured for \(seen.count) rows in view over \(views.count) lists"
        )
    }
}
