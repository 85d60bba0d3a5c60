import Animation

/// What every scene gives the shell: a layer tree, a layout for a window size, keys.
///
/// A scene is built from a `SceneContext` (its timeline, its seeded random numbers, image
/// sizes), lays its layers out in `layout(in:)` (called again on every resize, inside a
/// transaction with actions disabled) and takes pointer input through gesture recognizers
/// attached to its layers. Nothing in a scene is platform-specific.
public protocol Scene: AnyObject {
    /// The scene's name for people (the window title shows it).
    var title: String { get }
    /// The scene's layers; the shell sizes it to the window.
    var rootLayer: Layer { get }
    /// Lays the scene out for a window of `bounds` (origin zero).
    func layout(in bounds: Rect)
    /// A key the shell does not use itself; returns whether the scene used it.
    func handleKey(_ key: Key) -> Bool
    /// The scene's own keys for the help overlay: (key, what it does).
    var keyHelp: [(key: Key, action: String)] { get }
    /// Shows or hides the scene's debug marks (control points, keyframe paths).
    func setDebugOverlay(visible: Bool)
    /// The shell changed knobs (`SceneContext.knobs`): apply at once what is natural to apply
    /// at once (a line width, continuous motion); animations read their knobs when they start.
    func knobsDidChange()
}

extension Scene {
    public func handleKey(_ key: Key) -> Bool { false }
    public var keyHelp: [(key: Key, action: String)] { [] }
    public func setDebugOverlay(visible: Bool) {}
    public func knobsDidChange() {}
}
