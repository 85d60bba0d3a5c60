import Animation
import Scenes
import TestSupport
import Testing

@testable import Session

/// The knob panel while two settings are compared (`|`): each knob's value in A beside B, the
/// keys turning the running half (B) and the copy (A) keeping the tutorial's, driven by
/// `render`'s events as a person presses them.
@Suite("Compare: the knob panel shows both sets")
struct CompareKnobPanelTests {
    /// `scene` at `size` with the knob panel open, its first knob turned one step, then `|`,
    /// then `after` (key names), a frame or two apart.
    static func compared(_ scene: String, size: Size, after: [String] = []) throws -> SceneTester {
        let keys = ["k", "Right", "bar"] + after
        let lines = keys.enumerated().map { "\(Double($0.offset + 1) / 30) key \($0.element)" }
        let tester = try SceneTester(scene: scene, size: size, events: lines.joined(separator: "; "))
        try tester.advance(to: Double(keys.count + 2) / 30)
        return tester
    }

    static func panelText(_ tester: SceneTester) -> [String] {
        WholeTextTests.texts(in: "knobs", of: tester.session).map(\.string)
    }

    @Test(
        "| with a knob turned: its row shows A the tutorial's value and B the turned one, every text whole",
        arguments: SceneCatalog.all.filter { !$0.knobs.isEmpty }.map(\.name),
        [Size(width: 800, height: 600), Size(width: 375, height: 667)])
    func rowsShowBothHalves(scene: String, size: Size) throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        let knob = descriptor.knobs[0]
        let tester = try Self.compared(scene, size: size)
        let session = tester.session
        #expect(session.isComparing)
        let turned = try #require(session.knobs.value(of: knob.name))
        #expect(turned != knob.defaultValue, "Right did not turn \(knob.name)")
        let texts = Self.panelText(tester)
        #expect(texts.contains("A  \(KnobPanel.valueText(knob.defaultValue, of: knob))"), "\(texts)")
        #expect(texts.contains("B  \(KnobPanel.valueText(turned, of: knob))"), "\(texts)")
        #expect(texts.contains { $0.contains("←→ change B") }, "the header does not say which half turns")
        #expect(session.describe().elided.isEmpty, "\(session.describe().elided)")
    }

    @Test("Right while comparing turns B, the running half; A keeps the tutorial's value; | again: one set")
    func keysTurnTheRunningHalf() throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "elastic" })
        let knob = descriptor.knobs[0]
        let tester = try Self.compared("elastic", size: Size(width: 800, height: 600), after: ["Right"])
        let twin = try #require(tester.session.compareTwin)
        #expect(twin.isA)
        let twice = KnobPanel.stepped(
            KnobPanel.stepped(knob.defaultValue, of: knob, by: 1), of: knob, by: 1)
        #expect(tester.session.knobs.value(of: knob.name) == twice)
        #expect(twin.machine.knobs.value(of: knob.name) == knob.defaultValue)
        #expect(Self.panelText(tester).contains("B  \(KnobPanel.valueText(twice, of: knob))"))
        let described = try #require(tester.session.describe().compare)
        #expect(described.count == 2)
        #expect(described.first?.knobs[knob.name] != described.last?.knobs[knob.name])
        // `|` again: the rows are one line, one value each, no halves.
        tester.send([.key(.character("|"))])
        try tester.tick()
        let texts = Self.panelText(tester)
        #expect(!texts.contains { $0.hasPrefix("A  ") || $0.hasPrefix("B  ") }, "\(texts)")
        #expect(texts.contains(KnobPanel.valueText(twice, of: knob)))
    }
}
