/// Where a sprite's pixels are: what the compositor copies from, read without touching the
/// surface object that owns them (a cache line and an atomic retain per bubble per frame).
/// Valid while that surface lives; `ScaledImageCache` keeps its sprites alive until
/// `endFrame()`, after the frame's copies are done.
struct SpritePixels {
    let base: UnsafePointer<UInt32>
    /// Pixels from one row to the next.
    let stride: Int32
    let width: Int32
    let height: Int32

    /// The pixels of `surface`, which must outlive every use of them; nil when Cairo has none.
    init?(_ surface: CairoSurface) {
        guard let rows = surface.rows(from: 0) else { return nil }
        base = UnsafePointer(rows.base)
        stride = rows.stride / 4
        width = Int32(surface.width)
        height = Int32(surface.height)
    }

    var pixelCount: Int { Int(width) * Int(height) }
}
