/// What a layer draws of its own, apart from where and how large: one value, so that the
/// presentation copy and the renderer's damage signature follow from it and cannot forget a
/// property. `Layer`'s properties (`backgroundColor`, …) read and write it.
public struct LayerDrawing: Hashable, Sendable {
    // In the order the renderer asks them of every sprite (the image, no background, no
    // border), so that they share a cache line.
    /// An image drawn to fill the bounds; named by asset, resolved by the renderer.
    public var contents: ImageAsset?
    /// Fills the bounds (rounded by `cornerRadius`); clear by default.
    public var backgroundColor = Color.clear
    /// Drawn inside the bounds, above the content and the sublayers.
    public var borderWidth = 0.0
    /// Rounds the background, the border and, with `masksToBounds`, the clip.
    public var cornerRadius = 0.0
    /// Clips the sublayers (and contents) to the rounded bounds.
    public var masksToBounds = false
    public var borderColor = Color.black

    public init() {}
}
