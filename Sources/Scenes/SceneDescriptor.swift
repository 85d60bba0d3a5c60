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

    /// A scene for the shell: `name` is its `--scene` name (lower case, no spaces).
    public init(
        name: String, summary: String, hint: String = "", gestures: [(gesture: String, action: String)] = [],
        knobs: [Knob] = [], make: @escaping @Sendable (SceneContext) -> Scene
    ) {
        self.name = name
        self.summary = summary
        self.hint = hint
        self.gestures = gestures
        self.knobs = knobs
        self.make = make
    }
}
