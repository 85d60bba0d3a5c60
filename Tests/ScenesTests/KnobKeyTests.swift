import Animation
import Foundation
import Testing

@testable import Scenes

/// Typed knob keys (`KnobKey`), the Swift lines they print, and `KnobSettings.changed`.
@Suite("Knob keys")
struct KnobKeyTests {
    enum Shown: String, KnobChoice { case all, closed, filled, mixed }

    static let ratio = KnobKey<Double>(
        "dampingRatio",
        KnobDeclaration("static let bounceDampingRatioDefault", file: "Scenes/ElasticScene.swift"),
        tutorial: 0.57, in: 0.05...1, step: 0.01, unit: "", "the bounce")
    static let height = KnobKey<Double>(
        "maxWaveHeight", KnobDeclaration("static let maxWaveHeightDefault"), tutorial: 100, in: 0...400,
        step: 10, unit: "pt", "the largest wave")
    static let curve = KnobKey<TimingFunction>(
        "b1ToX.curve", KnobDeclaration("private let b1ToXCurve: TimingFunction"), tutorial: .easeIn,
        "b1's curve")
    static let percentage = KnobKey<Bool>(
        "percentage", KnobDeclaration("static let showsPercentageDefault"), tutorial: false, "the label")
    static let shown = KnobKey<Shown>(
        "type", KnobDeclaration("static let shownTypesDefault: ShownTypes"), tutorial: .all, "which show")

    static var settings: KnobSettings {
        KnobSettings(knobs: [ratio.knob, height.knob, curve.knob, percentage.knob, shown.knob])
    }

    @Test("a key reads its knob as its type: the tutorial's value, then what the shell sets by name")
    func typedReads() {
        let knobs = Self.settings
        #expect(knobs[Self.ratio] == 0.57)
        #expect(knobs[Self.curve] == .easeIn)
        #expect(knobs[Self.percentage] == false)
        #expect(knobs[Self.shown] == .all)
        knobs.set("dampingRatio", to: .number(0.43))
        knobs.set("b1ToX.curve", to: .curve(.linear))
        knobs.set("percentage", to: .choice(1))
        knobs.set("type", to: .choice(2))
        #expect(knobs[Self.ratio] == 0.43)
        #expect(knobs[Self.curve] == .linear)
        #expect(knobs[Self.percentage] == true)
        #expect(knobs[Self.shown] == .filled)
        knobs.set(Self.shown, to: .mixed)
        #expect(knobs.value(of: "type") == .choice(3))
        // A key the scene did not declare reads as its tutorial value.
        #expect(KnobSettings(knobs: [])[Self.ratio] == 0.57)
    }

    @Test("the shell's names and choices come from the key: --set type=closed, percentage=on")
    func byName() throws {
        let knobs = Self.settings.knobs
        #expect(try KnobAssignment.parse("type=closed", knobs: knobs) == ("type", .choice(1)))
        #expect(try KnobAssignment.parse("percentage=on", knobs: knobs) == ("percentage", .choice(1)))
        #expect(Self.shown.knob.kind == .choice(names: ["all", "closed", "filled", "mixed"]))
        #expect(Self.ratio.knob.defaultValue == .number(0.57) && Self.ratio.knob.unit == "")
    }

    @Test(
        "a changed knob prints as the scene's own declaration, with its file",
        arguments: [
            (
                ratio.knob, KnobValue.number(0.44), "static let bounceDampingRatioDefault = 0.44",
                "ElasticScene.swift"
            ),
            (height.knob, .number(120), "static let maxWaveHeightDefault = 120.0", "KnobKeyTests.swift"),
            (
                curve.knob, .curve(.easeOut), "private let b1ToXCurve: TimingFunction = .easeOut",
                "KnobKeyTests.swift"
            ),
            (
                curve.knob, .curve(TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1)),
                "private let b1ToXCurve: TimingFunction = TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1.0)",
                "KnobKeyTests.swift"
            ),
            (percentage.knob, .choice(1), "static let showsPercentageDefault = true", "KnobKeyTests.swift"),
            (
                shown.knob, .choice(1), "static let shownTypesDefault: ShownTypes = .closed",
                "KnobKeyTests.swift"
            ),
        ])
    func swiftDeclaration(knob: Knob, value: KnobValue, line: String, file: String) {
        #expect(knob.swiftDeclaration(for: value) == line)
        #expect(knob.declaration?.file == file)
    }

    @Test("a number stepped 30 down and 30 back up, or typed as the tutorial's, is not changed")
    func changedWithTolerance() {
        let knobs = Self.settings
        // The knob panel's step: (value + n·step) / step, rounded, times step.
        var value = 0.57
        for _ in 0..<30 { value = ((value - 0.01) / 0.01).rounded() * 0.01 }
        for _ in 0..<30 { value = ((value + 0.01) / 0.01).rounded() * 0.01 }
        #expect(value != 0.57)  // 0.5700000000000001: why a tolerance is needed
        knobs.set("dampingRatio", to: .number(value))
        #expect(knobs.changed.isEmpty)
        // Stepping by plain sums drifts too.
        var summed = 0.57
        for _ in 0..<30 { summed -= 0.01 }
        for _ in 0..<30 { summed += 0.01 }
        knobs.set("dampingRatio", to: .number(summed))
        #expect(knobs.changed.isEmpty)
        // One step away is changed; so is a curve or a choice.
        knobs.set("dampingRatio", to: .number(0.56))
        #expect(knobs.changed == ["dampingRatio": .number(0.56)])
        knobs.set("dampingRatio", to: .number(0.57))
        knobs.set("b1ToX.curve", to: .curve(.easeOut))
        knobs.set("type", to: .choice(1))
        #expect(Set(knobs.changed.keys) == ["b1ToX.curve", "type"])
        knobs.set("b1ToX.curve", to: .curve(TimingFunction(controlPoints: 0.42, 0, 1, 1)))
        knobs.set("type", to: .choice(0))
        #expect(knobs.changed.isEmpty)
    }

    /// Every scene of the catalogue: all declare their knobs by `KnobKey` (there is no other
    /// way to read one).
    static let typedScenes = SceneCatalog.all.map(\.name)

    @Test(
        "every knob of a typed scene names a declaration that is in its file with the tutorial's value",
        arguments: typedScenes)
    func declarationsAreInTheSource(scene: String) throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Scenes")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap {
            $0 as? String
        }
        for knob in descriptor.knobs {
            let declaration = try #require(knob.declaration, "\(scene).\(knob.name) has no declaration")
            let path = try #require(
                files.first { $0.hasSuffix("/" + declaration.file) }, "\(declaration.file)")
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let line = try #require(knob.swiftDeclaration(for: knob.defaultValue))
            #expect(source.contains(line), "\(scene).\(knob.name): \"\(line)\" not in \(declaration.file)")
        }
    }
}
