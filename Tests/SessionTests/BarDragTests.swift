import Animation
import Foundation
import Scenes
import Session
import TestSupport
import Testing

/// The inspector's bar ends dragged as a person drags them: a row's name clicked, then the right
/// end of its bar held and moved. The download's path animation runs for the knob
/// `animationDuration`, so the drag turns that knob.
@Suite("The inspector's bar ends set the duration")
struct BarDragTests {
    /// The download scene, 800×600, paused at 1 s with the inspector open.
    static let paused = "0.1 key i; 1.0 key space"
    static let row = "animatingLayer.path"

    /// The script that selects the row, and its described row then.
    static func selected() throws -> (script: String, row: SessionDescription.InspectorRow) {
        let probe = try SceneTester(scene: "download", events: paused)
        try probe.advance(to: 1.02)
        let rect = try #require(probe.session.describe().inspector.first { $0.name == row }?.rect)
        let script = paused + "; 1.03 tap 40 \(rect[1] + rect[3] / 2)"
        let tester = try SceneTester(scene: "download", events: script)
        try tester.advance(to: 1.06)
        return (script, try #require(tester.session.describe().inspector.first { $0.name == row }))
    }

    @Test("the right end dragged right: a longer duration, to hundredths, through the knob that sets it")
    func rightEndSetsDuration() throws {
        let (script, row) = try Self.selected()
        let bar = try #require(row.bar)
        let rect = try #require(row.rect)
        let y = rect[1] + rect[3] / 2
        let tester = try SceneTester(
            scene: "download", events: script + "; 1.1 drag \(bar[1]) \(y) \(bar[1] + 30) \(y) 0.1")
        try tester.advance(to: 1.3)
        let described = tester.session.describe()
        #expect(described.changedKnobs == ["animationDuration"], "\(described.changedKnobs)")
        guard case .number(let seconds)? = tester.session.knobs.value(of: "animationDuration") else {
            Issue.record("animationDuration is not a number")
            return
        }
        #expect(seconds > row.duration, "\(seconds) vs \(row.duration)")
        #expect(seconds == (seconds * 100).rounded() / 100, "snapped to 0.01 s")
        // The end follows the pointer (within the hundredth's width on a 6 s axis: < 1 px).
        let after = try #require(described.inspector.first { $0.name == Self.row })
        #expect(after.duration == seconds, "the row runs the new duration")
        let end = try #require(after.bar?[1])
        #expect(abs(end - (bar[1] + 30)) <= 1.5, "\(end) vs \(bar[1] + 30)")
    }

    @Test("the dragged duration is saved: the session resumed shows the same pixels")
    func savedSessionReplaysTheDrag() throws {
        let (script, row) = try Self.selected()
        let bar = try #require(row.bar)
        let rect = try #require(row.rect)
        let y = rect[1] + rect[3] / 2
        let tester = try SceneTester(
            scene: "download", events: script + "; 1.1 drag \(bar[1]) \(y) \(bar[1] + 30) \(y) 0.1")
        try tester.advance(to: 1.3)
        let shown = try tester.render()
        let (state, resumed) = try tester.savedAndResumed()
        #expect(state.version == 1, "a knob turn: a file earlier programs read")
        let again = try resumed.render()
        #expect(resumed.session.describe().changedKnobs == ["animationDuration"])
        #expect(
            zip(shown.pixels, again.pixels).filter { $0 != $1 }.isEmpty
                && shown.pixels.count == again.pixels.count)
    }

    @Test("while dragging, the last line shows the value")
    func showsValueWhileDragging() throws {
        let (script, row) = try Self.selected()
        let bar = try #require(row.bar)
        let rect = try #require(row.rect)
        let y = rect[1] + rect[3] / 2
        // Held: pressed and moved, not let go.
        let tester = try SceneTester(
            scene: "download",
            events: script + "; 1.1 down \(bar[1]) \(y); 1.15 move \(bar[1] + 20) \(y)")
        try tester.advance(to: 1.25)
        let texts = tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
        #expect(
            texts.contains {
                $0.hasPrefix("\(Self.row): duration ") && $0.contains("(knob animationDuration)")
            },
            "\(texts.filter { $0.contains(Self.row) })")
    }
}
