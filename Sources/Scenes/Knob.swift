import Animation

/// One of a scene's tutorial constants that people may turn (`animdemo knobs`, `--set`, the
/// knob panel): its name in the tutorial, its default (the tutorial's value), the values it
/// takes, what it means, and where the tutorial value is declared in the scene's source.
///
/// Scenes declare knobs as typed keys (`KnobKey<Double>`, …), whose `knob` this is, and read
/// them with `KnobSettings[key]`; the shell lists and sets them by `name`.
public struct Knob: Sendable {
    /// What values a knob takes.
    public enum Kind: Sendable, Equatable {
        /// A number in `range`, in steps of `step`.
        case number(range: ClosedRange<Double>, step: Double)
        /// One of `names` (the value is its index).
        case choice(names: [String])
        /// A timing curve: a named one, or any cubic Bézier with x in 0…1.
        case curve
    }

    /// What the knob panel plots beside a knob.
    public enum Plot: Sendable, Equatable {
        /// The knob's own timing curve.
        case timingCurve
        /// A UIKit spring block of this damping ratio and the duration knob named here.
        case springDampingRatio(durationKnob: String)
        /// A UIKit spring block of the damping-ratio knob named here and this duration.
        case springDuration(dampingRatioKnob: String)
    }

    /// The tutorial's name for it (`d`, `dampingRatio`).
    public let name: String
    /// The values it takes.
    public let kind: Kind
    /// The tutorial's value.
    public let defaultValue: KnobValue
    /// `s`, `pt`, `×`, or empty.
    public let unit: String
    /// One line: what it changes.
    public let description: String
    /// What the knob panel plots beside it, if anything.
    public let plot: Plot?
    /// Where the tutorial value is declared (`static let bounceDampingRatioDefault` in
    /// `ElasticScene.swift`); nil for a knob made without a `KnobKey`.
    public internal(set) var declaration: KnobDeclaration?

    /// A number knob: `defaultValue` (the tutorial's) in `range`, stepped by `step` in the
    /// panel, in `unit` (`s`, `pt`, `×` or empty). Scenes declare a `KnobKey<Double>` instead.
    public init(
        _ name: String, number defaultValue: Double, in range: ClosedRange<Double>, step: Double,
        unit: String, _ description: String, plot: Plot? = nil
    ) {
        precondition(range.contains(defaultValue), "knob \(name): default \(defaultValue) outside \(range)")
        self.name = name
        kind = .number(range: range, step: step)
        self.defaultValue = .number(defaultValue)
        self.unit = unit
        self.description = description
        self.plot = plot
    }

    /// A choice knob: one of `names`, the tutorial's at `defaultIndex`.
    public init(_ name: String, choice defaultIndex: Int, of names: [String], _ description: String) {
        precondition(names.indices.contains(defaultIndex), "knob \(name): default index \(defaultIndex)")
        self.name = name
        kind = .choice(names: names)
        defaultValue = .choice(defaultIndex)
        unit = ""
        self.description = description
        plot = nil
    }

    /// A timing-curve knob, the tutorial's `defaultValue`.
    public init(_ name: String, curve defaultValue: TimingFunction, _ description: String) {
        self.name = name
        kind = .curve
        self.defaultValue = .curve(defaultValue)
        unit = ""
        self.description = description
        plot = .timingCurve
    }

    /// The Swift line that makes `value` the tutorial's, to paste into `declaration.file`
    /// (`static let bounceDampingRatioDefault = 0.44`); nil without a declaration.
    public func swiftDeclaration(for value: KnobValue) -> String? {
        guard let declaration else { return nil }
        let names: [String]
        if case .choice(let choices) = kind { names = choices } else { names = [] }
        return declaration.line(for: value, names: names)
    }

    /// Whether `value` is the tutorial's: numbers within a millionth of a step (a value
    /// stepped away and back, or typed as `0.57`, rounds differently in the last bits), curve
    /// control points within 1e-9, choices exactly.
    public func isTutorialValue(_ value: KnobValue) -> Bool {
        switch (value, defaultValue) {
        case (.number(let a), .number(let b)):
            let step: Double
            if case .number(_, let s) = kind { step = s } else { step = 0 }
            return abs(a - b) <= max(step, abs(b) * 1e-9, 1e-12) * 1e-6
        case (.curve(let a), .curve(let b)):
            return [
                a.controlPoint1.x - b.controlPoint1.x, a.controlPoint1.y - b.controlPoint1.y,
                a.controlPoint2.x - b.controlPoint2.x, a.controlPoint2.y - b.controlPoint2.y,
            ].allSatisfy { abs($0) <= 1e-9 }
        default:
            return value == defaultValue
        }
    }

    /// The named curves a curve knob offers, in the order Left / Right step through them.
    public static let namedCurves: [(name: String, curve: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut),
        ("default", .default),
    ]
}

/// A knob's value.
public enum KnobValue: Sendable, Equatable {
    case number(Double)
    case choice(Int)
    case curve(TimingFunction)
}
