/// A scene's name, description and constructor, for `--list` and scene switching.
public struct SceneDescriptor: Sendable {
    /// The `--scene` name (`fish`).
    public let name: String
    /// One line for `--list`.
    public let summary: String
    /// What to do first, shown over the scene for a few seconds when it opens ("drag down on
    /// the wave").
    public let hint: String
    /// The scene's gestures and what they do, for the help (`("drag down", "the wave follows")`).
    public let gestures: [(gesture: String, action: String)]
    /// The tutorial's constants people may turn (`animdemo knobs`).
    public let knobs: [Knob]
    /// Builds the scene; called again on every restart (`r`), seek and knob change.
    public let make: @Sendable (SceneContext) -> Scene
    /// The tutorial's stages in order, the last the scene itself; empty for a scene without.
    public let steps: [SceneStep]
    /// The tutorial (or library demo) the scene ports; nil for a scene of one's own.
    public let tutorial: SceneTutorial?
    /// The step this descriptor builds (`atStep`), from 1; nil for the scene as it is.
    public private(set) var step: Int?

    /// A scene for the shell: `name` is its `--scene` name (lower case, no spaces).
    public init(
        name: String, summary: String, hint: String = "", gestures: [(gesture: String, action: String)] = [],
        knobs: [Knob] = [], steps: [SceneStep] = [], tutorial: SceneTutorial? = nil,
        make: @escaping @Sendable (SceneContext) -> Scene
    ) {
        self.steps = steps
        self.tutorial = tutorial
        self.name = name
        self.summary = summary
        self.hint = hint
        self.gestures = gestures
        self.knobs = knobs
        self.make = make
    }

    /// This scene at step `number` (from 1): its `make` builds that stage; nil if the scene has
    /// no such step.
    public func atStep(_ number: Int) -> SceneDescriptor? {
        guard steps.indices.contains(number - 1) else { return nil }
        var descriptor = SceneDescriptor(
            name: name, summary: summary, hint: hint, gestures: gestures, knobs: knobs, steps: steps,
            tutorial: tutorial, make: steps[number - 1].make)
        descriptor.step = number
        return descriptor
    }
}
