import Animation

/// A knob declared once and read by type, as `LayerProperty<Value>` names an animatable
/// property: its name, tutorial value, range, unit and description (`knob`), where its tutorial
/// value is declared (`knob.declaration`), and the type a scene reads it as.
///
/// ```swift
/// static let bounceDampingRatioDefault = 0.57
/// enum Knobs {
///     static let dampingRatio = KnobKey<Double>(
///         "dampingRatio", KnobDeclaration("static let bounceDampingRatioDefault"),
///         tutorial: ElasticScene.bounceDampingRatioDefault, in: 0.05...1, step: 0.01, unit: "",
///         "the bounce: usingSpringWithDamping")
/// }
/// let ratio = knobs[Knobs.dampingRatio]  // a Double, the tutorial's until turned
/// ```
///
/// The shell still names knobs by string (`--set dampingRatio=0.4`, the panel, recorded
/// changes): `knob.name` is that name.
public struct KnobKey<Value: KnobReadable>: Sendable {
    /// The declaration the shell lists, sets by name and prints.
    public let knob: Knob
    /// The tutorial's value, as read.
    public let tutorialValue: Value

    /// The knob's name (`dampingRatio`).
    public var name: String { knob.name }

    private init(knob: Knob, tutorialValue: Value) {
        self.knob = knob
        self.tutorialValue = tutorialValue
    }
}

extension KnobKey where Value == Double {
    /// A number knob: `tutorial` in `range`, stepped by `step` in the panel, in `unit` (`s`,
    /// `pt`, `×` or empty), declared in the source by `declaration`.
    public init(
        _ name: String, _ declaration: KnobDeclaration, tutorial: Double, in range: ClosedRange<Double>,
        step: Double, unit: String, _ description: String, plot: Knob.Plot? = nil
    ) {
        var knob = Knob(name, number: tutorial, in: range, step: step, unit: unit, description, plot: plot)
        var declaration = declaration
        declaration.literal = .double
        knob.declaration = declaration
        self.init(knob: knob, tutorialValue: tutorial)
    }
}

extension KnobKey where Value == TimingFunction {
    /// A curve knob: a named curve or any cubic Bézier, `tutorial` to start with.
    public init(
        _ name: String, _ declaration: KnobDeclaration, tutorial: TimingFunction, _ description: String
    ) {
        var knob = Knob(name, curve: tutorial, description)
        var declaration = declaration
        declaration.literal = .timingFunction
        knob.declaration = declaration
        self.init(knob: knob, tutorialValue: tutorial)
    }
}

extension KnobKey where Value == Bool {
    /// An off/on knob (`--set NAME=on`).
    public init(_ name: String, _ declaration: KnobDeclaration, tutorial: Bool, _ description: String) {
        var knob = Knob(name, choice: tutorial ? 1 : 0, of: ["off", "on"], description)
        var declaration = declaration
        declaration.literal = .bool
        knob.declaration = declaration
        self.init(knob: knob, tutorialValue: tutorial)
    }
}

extension KnobKey where Value: KnobChoice {
    /// A choice knob over the cases of `Value`, by their raw values.
    public init(_ name: String, _ declaration: KnobDeclaration, tutorial: Value, _ description: String) {
        let cases = Array(Value.allCases)
        let index = cases.firstIndex { $0.rawValue == tutorial.rawValue } ?? 0
        var knob = Knob(name, choice: index, of: cases.map(\.rawValue), description)
        var declaration = declaration
        declaration.literal = .enumCase
        knob.declaration = declaration
        self.init(knob: knob, tutorialValue: tutorial)
    }
}
