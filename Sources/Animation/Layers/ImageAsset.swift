/// An image for `Layer.contents`, named by asset (`"fish"`); the renderer finds the pixels.
public struct ImageAsset: Hashable, Sendable {
    public var name: String
    public init(named name: String) { self.name = name }
}
