/// What every scene gives the hosts: a layer tree, a layout for a window size, keys.
///
/// A scene is built from a `SceneContext` (its timeline, its seeded random numbers, image
/// sizes), lays its layers out in `layout(in:)` (called again on every resize, inside a
/// transaction with actions disabled) and takes pointer input through gesture recognizers
/// attached to its layers. Nothing in a scene is platform-specific.
public protocol Scene: AnyObject {
    /// The window title's second half ("animdemo — <title>").
    var title: String { get }
    /// The scene's layers; the host sizes it to the window.
    var rootLayer: Layer { get }
    /// Lays the scene out for a window of `bounds` (origin zero).
    func layout(in bounds: Rect)
    /// A key the host does not use itself; returns whether the scene used it.
    func handleKey(_ key: String) -> Bool
    /// The scene's own keys for the help overlay: (key, what it does).
    var keyHelp: [(key: String, action: String)] { get }
    /// Shows or hides the scene's debug marks (control points, keyframe paths).
    func setDebugOverlay(visible: Bool)
}

extension Scene {
    public func handleKey(_ key: String) -> Bool { false }
    public var keyHelp: [(key: String, action: String)] { [] }
    public func setDebugOverlay(visible: Bool) {}
}

/// Pixel sizes of the image assets, from the renderer, so that scenes can lay images out
/// without knowing how they are loaded.
public protocol ImageCatalog {
    /// The natural size of the image `name`, or nil if there is no such asset.
    func size(ofImage name: String) -> Size?
}

/// Everything a scene is built from.
public struct SceneContext {
    /// The scene's clock; a new one on every restart.
    public let timeline: Timeline
    /// Random numbers from `--seed`; pass it on with `using: &random`.
    public var random: SeededRandom
    public let images: ImageCatalog

    public init(timeline: Timeline, random: SeededRandom, images: ImageCatalog) {
        self.timeline = timeline
        self.random = random
        self.images = images
    }
}

/// A scene's name, description and constructor, for `--list` and scene switching.
public struct SceneDescriptor: Sendable {
    /// The `--scene` name (`fish`).
    public let name: String
    /// One line for `--list`.
    public let summary: String
    public let make: @Sendable (SceneContext) -> Scene

    public init(name: String, summary: String, make: @escaping @Sendable (SceneContext) -> Scene) {
        self.name = name
        self.summary = summary
        self.make = make
    }
}
