/// One stage of a scene's tutorial (`animdemo steps --scene NAME`, `--step N`): a caption in
/// our own words and the scene as the tutorial's reader has it at that point
/// (docs/ARCHITECTURE.md § Tutorial steps).
public struct SceneStep: Sendable {
    /// One or two sentences: what this step adds and why.
    public let caption: String
    /// The stage, built as the descriptor's `make` builds the scene.
    public let make: @Sendable (SceneContext) -> Scene

    public init(_ caption: String, make: @escaping @Sendable (SceneContext) -> Scene) {
        self.caption = caption
        self.make = make
    }
}
