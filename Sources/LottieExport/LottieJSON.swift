import Foundation

/// A JSON value whose objects keep their keys in the order written, printed compactly and
/// always the same way: what makes an export the same bytes for the same arguments.
indirect enum LottieJSON: Equatable {
    case number(Double, decimals: Int)
    case string(String)
    case bool(Bool)
    case array([LottieJSON])
    case object([(String, LottieJSON)])

    static func == (lhs: LottieJSON, rhs: LottieJSON) -> Bool { lhs.text == rhs.text }

    /// A number with three decimals (a thousandth of a point, of a percent, of a degree).
    static func num(_ value: Double) -> LottieJSON { .number(value, decimals: 3) }
    static func int(_ value: Int) -> LottieJSON { .number(Double(value), decimals: 0) }
    static func nums(_ values: [Double]) -> LottieJSON { .array(values.map(num)) }

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .number(let value, let decimals): out += Self.format(value, decimals: decimals)
        case .string(let value): Self.quote(value, into: &out)
        case .bool(let value): out += value ? "true" : "false"
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// `value` rounded to `decimals`, without trailing zeros; -0 is 0, and what is not finite
    /// is 0 (JSON has no NaN).
    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let scale = pow(10, Double(decimals))
        var rounded = (value * scale).rounded() / scale
        if rounded == 0 { rounded = 0 }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func quote(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
