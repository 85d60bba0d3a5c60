import Animation
import Scenes

/// The changed knobs as Swift to paste into the scene's file (`p` in the knob panel).
enum KnobCode {
    /// Whether `value` is the knob's tutorial value (`Knob.isTutorialValue`: a number within a
    /// millionth of a step of it counts, so that thirty steps down and thirty back are "not
    /// changed" whatever the floating-point sums left over).
    static func isTutorialValue(_ value: KnobValue, of knob: Knob) -> Bool { knob.isTutorialValue(value) }

    /// The Swift of `changed`, in the knobs' order: each knob as the scene's own declaration
    /// of its tutorial value (`static let bounceDampingRatioDefault = 0.44`), with the file that
    /// holds it; a knob without a declaration as a `let` of its name.
    static func swift(for changed: [String: KnobValue], knobs: [Knob], sceneType: String) -> (
        text: String, file: String
    ) {
        let declared = knobs.filter { changed[$0.name] != nil }
        let files = Set(declared.compactMap { $0.declaration?.file })
        let file =
            files.count == 1
            ? files.first ?? ""
            : files.isEmpty ? "\(sceneType).swift" : files.sorted().joined(separator: ", ")
        var lines = ["// \(file): knobs changed in animdemo; paste over these declarations"]
        for knob in declared {
            guard let value = changed[knob.name] else { continue }
            let unit = knob.unit.isEmpty ? "" : " \(knob.unit)"
            let tutorial = "  // tutorial: \(tutorialText(of: knob))\(unit)"
            if let declaration = knob.swiftDeclaration(for: value) {
                lines.append(declaration + tutorial)
            } else {
                let identifier = knob.name.replacingOccurrences(of: ".", with: "_")
                lines.append("let \(identifier) = \(code(for: value, of: knob))" + tutorial)
            }
        }
        return (lines.joined(separator: "\n"), file)
    }

    /// The tutorial's value as the comment after a changed knob gives it: a number or a curve
    /// as the knob shows it (`0.6`), a choice as the Swift it is in the declaration
    /// (`.tutorial`, `false`), not its bare name, which for `finishLineColor` read
    /// `// tutorial: tutorial`.
    static func tutorialText(of knob: Knob) -> String {
        guard case .choice = knob.defaultValue else {
            return KnobAssignment.text(of: knob.defaultValue, for: knob)
        }
        if let line = knob.swiftDeclaration(for: knob.defaultValue), let equals = line.range(of: " = ") {
            return String(line[equals.upperBound...])
        }
        return code(for: knob.defaultValue, of: knob)
    }

    /// A value as a Swift expression.
    static func code(for value: KnobValue, of knob: Knob) -> String {
        switch value {
        case .number(let number): return KnobAssignment.formatNumber(number)
        case .choice: return "\"\(KnobAssignment.text(of: value, for: knob))\""
        case .curve(let curve):
            if let named = Knob.namedCurves.first(where: { $0.curve == curve }) {
                return "TimingFunction.\(named.name)"
            }
            let points = [
                curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
            ]
            return
                "TimingFunction(controlPoints: \(points.map(KnobAssignment.formatNumber).joined(separator: ", ")))"
        }
    }
}
