import Animation

/// A type a knob's value is read as through a `KnobKey`: `Double` (a number knob),
/// `TimingFunction` (a curve knob), `Bool` (an off/on choice) or a `KnobChoice` enum.
public protocol KnobReadable: Sendable {
    /// The value stored as `knobValue`; nil when it is of another kind.
    init?(knobValue: KnobValue)
    /// The value as the shell stores it.
    var knobValue: KnobValue { get }
}

extension Double: KnobReadable {
    public init?(knobValue: KnobValue) {
        guard case .number(let number) = knobValue else { return nil }
        self = number
    }
    public var knobValue: KnobValue { .number(self) }
}

extension TimingFunction: KnobReadable {
    public init?(knobValue: KnobValue) {
        guard case .curve(let curve) = knobValue else { return nil }
        self = curve
    }
    public var knobValue: KnobValue { .curve(self) }
}

extension Bool: KnobReadable {
    /// A choice of `off` (index 0) and `on` (index 1).
    public init?(knobValue: KnobValue) {
        guard case .choice(let index) = knobValue, index == 0 || index == 1 else { return nil }
        self = index == 1
    }
    public var knobValue: KnobValue { .choice(self ? 1 : 0) }
}

/// A choice knob's values as an enum: its cases, in order, are the choices, and their raw
/// values the names people type (`--set type=closed`).
///
/// ```swift
/// enum ShownTypes: String, KnobChoice { case all, closed, filled, mixed }
/// ```
public protocol KnobChoice: KnobReadable, CaseIterable, RawRepresentable where RawValue == String {}

extension KnobChoice {
    public init?(knobValue: KnobValue) {
        guard case .choice(let index) = knobValue else { return nil }
        let cases = Array(Self.allCases)
        guard cases.indices.contains(index) else { return nil }
        self = cases[index]
    }
    public var knobValue: KnobValue {
        .choice(Array(Self.allCases).firstIndex { $0.rawValue == rawValue } ?? 0)
    }
}
