import Animation
import Scenes
import Session
import TestSupport
import Testing

/// The knob panel's field (Return on the chosen knob): a value typed, applied with Return,
/// refused with a reason in the field, cancelled with Escape, driven by `render`'s events as a
/// person types them.
@Suite("Knob panel: typing a value")
struct KnobFieldTests {
    /// Key names for the characters a field takes, as the events script gives them (X keysyms).
    static func keys(typing text: String) -> [String] {
        text.map { character in
            switch character {
            case ".": "period"
            case "-": "minus"
            case ",": "comma"
            default: String(character)
            }
        }
    }

    /// `k`, Down to the knob named `knob` in `scene`'s list, then `keys`, a frame apart, and the
    /// tester run past the last of them.
    static func typed(_ keys: [String], knob: String, scene: String = "elastic") throws -> SceneTester {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        let index = try #require(
            descriptor.knobs.firstIndex { $0.name == knob }, "no knob \(knob) in \(scene)")
        let all = ["k"] + Array(repeating: "Down", count: index) + keys
        let lines = all.enumerated().map { "\(Double($0.offset + 1) / 30) key \($0.element)" }
        let tester = try SceneTester(scene: scene, events: lines.joined(separator: "; "))
        try tester.advance(to: Double(all.count + 2) / 30)
        return tester
    }

    @Test("a number typed and Return sets the knob to it, and the field closes")
    func typedNumberApplies() throws {
        let tester = try Self.typed(["Return"] + Self.keys(typing: "0.3") + ["Return"], knob: "dampingRatio")
        #expect(tester.session.knobs.value(of: "dampingRatio") == .number(0.3))
        #expect(tester.session.describe().knobField == nil)
        #expect(tester.session.describe().changedKnobs == ["dampingRatio"])
    }

    @Test("out of range: the old value stays, the field stays open and says why")
    func outOfRangeIsRefused() throws {
        let tester = try Self.typed(["Return"] + Self.keys(typing: "1.5") + ["Return"], knob: "dampingRatio")
        #expect(tester.session.knobs.value(of: "dampingRatio") == .number(0.57))
        let field = tester.session.describe().knobField
        #expect(field?.knob == "dampingRatio")
        #expect(field?.text == "1.5")
        // The reason names the knob's range, from its declaration.
        let knob = SceneCatalog.all.first { $0.name == "elastic" }?.knobs.first { $0.name == "dampingRatio" }
        guard case .number(let range, _)? = knob?.kind else {
            Issue.record("dampingRatio is not a number knob")
            return
        }
        #expect(field?.problem == "outside \(KnobAssignment.format(range))")
        #expect(tester.session.describe().elided.isEmpty, "\(tester.session.describe().elided)")
    }

    @Test("text that isn't a number is refused; Backspace takes back a character and the reason")
    func notANumber() throws {
        let refused = try Self.typed(["Return", "minus", "period", "Return"], knob: "duration")
        #expect(refused.session.describe().knobField?.problem == "not a number")
        #expect(refused.session.knobs.changed.isEmpty)
        let mended = try Self.typed(
            ["Return", "minus", "period", "Return", "BackSpace", "BackSpace", "2", "Return"], knob: "duration"
        )
        #expect(mended.session.knobs.value(of: "duration") == .number(2))
        #expect(mended.session.describe().knobField == nil)
    }

    @Test("Escape cancels the field and leaves the panel open")
    func escapeCancels() throws {
        let tester = try Self.typed(["Return", "2", "Escape"], knob: "duration")
        let description = tester.session.describe()
        #expect(description.knobField == nil)
        #expect(description.panels.map(\.name) == ["knobs"])
        #expect(tester.session.knobs.changed.isEmpty)
    }

    @Test("a key the field doesn't take closes it, unapplied, and does what it does (space pauses)")
    func otherKeysGoOn() throws {
        let tester = try Self.typed(["Return", "2", "space"], knob: "duration")
        #expect(tester.session.describe().knobField == nil)
        #expect(tester.session.isPaused)
        #expect(tester.session.knobs.changed.isEmpty)
    }

    @Test("a curve knob takes its four numbers")
    func curveTyped() throws {
        let tester = try Self.typed(
            ["Return"] + Self.keys(typing: "0.3,0,0.2,1") + ["Return"], knob: "b1ToX.curve",
            scene: "checkmark")
        #expect(
            tester.session.knobs.value(of: "b1ToX.curve")
                == .curve(TimingFunction(controlPoints: 0.3, 0, 0.2, 1)))
    }

    @Test("Return on a choice knob opens no field and says how to choose")
    func choiceKnob() throws {
        let (scene, knob) = try #require(
            SceneCatalog.all.lazy.compactMap { descriptor in
                descriptor.knobs.first { if case .choice = $0.kind { true } else { false } }
                    .map { (descriptor.name, $0.name) }
            }.first, "no scene has a choice knob")
        let tester = try Self.typed(["Return"], knob: knob, scene: scene)
        #expect(tester.session.describe().knobField == nil)
        #expect(
            tester.session.describe().toast?.contains("← → choose") == true, "\(tester.session.describe())")
    }
}
