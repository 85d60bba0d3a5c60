internal import CSprites

/// Loads ahead of the walk (`LayerRenderer`).
enum Prefetch {
    /// Asks for the first two cache lines of `object` (a layer's per-frame state,
    /// docs/internals/rendering-many-layers.md) without waiting for them.
    @inline(__always)
    static func header(of object: AnyObject) {
        csprites_prefetch(Unmanaged.passUnretained(object).toOpaque())
    }

    /// How many sublayers ahead of the one walked `Layer.forEachSublayer(_:)` asks for a
    /// layer's first lines.
    static let distance = 4
}
