import Animation
import Scenes

/// The changed knobs as Swift to paste into the scene's file (`p` in the knob panel).
enum KnobCode {
    /// Whether `value` is the knob's tutorial value: a number within a millionth of a step
    /// of it counts, so that thirty steps down and thirty back are "not changed" whatever the
    /// floating-point sums left over.
    static func isTutorialValue(_ value: KnobValue, of knob: Knob) -> Bool {
        switch (knob.kind, value, knob.defaultValue) {
        case (.number(_, let step), .number(let number), .number(let tutorial)):
            return abs(number - tutorial) <= step * 1e-6
        default:
            return value == knob.defaultValue
        }
    }

    /// The Swift of `changed`, in the knobs' order, with the file it belongs to.
    static func swift(for changed: [String: KnobValue], knobs: [Knob], sceneType: String) -> (text: String, file: String) {
        let file = "\(sceneType).swift"
        var lines = ["// \(file): knobs changed in animdemo; paste over these constants"]
        for knob in knobs {
            guard let value = changed[knob.name] else { continue }
            let identifier = knob.name.replacingOccurrences(of: ".", with: "_")
            let unit = knob.unit.isEmpty ? "" : " \(knob.unit)"
            lines.append(
                "static let \(identifier) = \(code(for: value, of: knob))  // tutorial: \(KnobAssignment.text(of: knob.defaultValue, for: knob))\(unit)")
        }
        return (lines.joined(separator: "\n"), file)
    }

    /// A value as a Swift expression.
    static func code(for value: KnobValue, of knob: Knob) -> String {
        switch value {
        case .number(let number): return KnobAssignment.formatNumber(number)
        case .choice: return "\"\(KnobAssignment.text(of: value, for: knob))\""
        case .curve(let curve):
            if let named = Knob.namedCurves.first(where: { $0.curve == curve }) { return "TimingFunction.\(named.name)" }
            let points = [curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y]
            return "TimingFunction(controlPoints: \(points.map(KnobAssignment.formatNumber).joined(separator: ", ")))"
        }
    }
}
