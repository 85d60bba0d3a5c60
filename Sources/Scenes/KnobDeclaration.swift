/// Where a knob's tutorial value is written in the scene's source: the declaration up to its
/// `=` and the file, so that the shell can print a changed knob as the line to paste there
/// (`static let bounceDampingRatioDefault = 0.44`, in `ElasticScene.swift`).
///
/// ```swift
/// static let bounceDampingRatioDefault = 0.57
/// static let dampingRatio = KnobKey<Double>(
///     "dampingRatio", KnobDeclaration("static let bounceDampingRatioDefault"),
///     tutorial: bounceDampingRatioDefault, in: 0.05...1, step: 0.01, unit: "", "the bounce")
/// ```
///
/// `KnobTests` reads every declared line back from `Sources/Scenes`, with the tutorial value's
/// literal, so a declaration that drifts from its source fails there.
public struct KnobDeclaration: Sendable, Equatable {
    /// How a value is written as a Swift literal in the declaration.
    public enum Literal: Sendable, Equatable {
        /// A `Double`, always with a decimal point (`0.44`, `2.0`).
        case double
        /// A `TimingFunction`: `.easeIn`, or `TimingFunction(controlPoints: 0.1, 0.9, 0.2, 1.0)`.
        case timingFunction
        /// A `Bool` choice (`off`, `on`): `false`, `true`.
        case bool
        /// A case of a choice enum: `.closed`.
        case enumCase
    }

    /// The declaration up to its `=`: `static let bounceDampingRatioDefault`,
    /// `private let b1ToXCurve: TimingFunction`.
    public let declaration: String
    /// The file's name: `ElasticScene.swift`.
    public let file: String
    /// How the value is written; the typed `KnobKey` initialisers set it.
    public internal(set) var literal = Literal.double

    /// A declaration in `file`, by default the file that writes this (its `#fileID` without
    /// the module).
    public init(_ declaration: String, file: String = #fileID) {
        self.declaration = declaration
        self.file = String(file.split(separator: "/").last ?? Substring(file))
    }

    /// The line with `value` in place of the tutorial's: `static let x = 0.44`.
    public func line(for value: KnobValue, names: [String] = []) -> String {
        "\(declaration) = \(Self.literal(of: value, as: literal, names: names))"
    }

    /// `value` as a Swift literal of kind `literal`; `names` are a choice knob's names.
    static func literal(of value: KnobValue, as literal: Literal, names: [String]) -> String {
        switch value {
        case .number(let number):
            let text = KnobAssignment.formatNumber(number)
            return text.contains(".") || text.contains("e") ? text : text + ".0"
        case .curve(let curve):
            if let named = Knob.namedCurves.first(where: { $0.curve == curve }) {
                return "." + named.name
            }
            let points = [
                curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
            ]
            let numbers = points.map { Self.literal(of: .number($0), as: .double, names: []) }
            return "TimingFunction(controlPoints: \(numbers.joined(separator: ", ")))"
        case .choice(let index):
            if literal == .bool { return index == 0 ? "false" : "true" }
            return names.indices.contains(index) ? "." + names[index] : String(index)
        }
    }
}
