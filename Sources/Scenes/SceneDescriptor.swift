/// A scene's name, description and constructor, for `--list` and scene switching.
public struct SceneDescriptor: Sendable {
    /// The `--scene` name (`fish`).
    public let name: String
    /// One line for `--list`.
    public let summary: String
    /// The tutorial's constants people may turn (`animdemo knobs`).
    public let knobs: [Knob]
    public let make: @Sendable (SceneContext) -> Scene

    public init(
        name: String, summary: String, knobs: [Knob] = [], make: @escaping @Sendable (SceneContext) -> Scene
    ) {
        self.name = name
        self.summary = summary
        self.knobs = knobs
        self.make = make
    }
}
