import Animation
internal import CCairo

/// Copies sprites (images already scaled into their place, `ScaledImageCache.copy`) onto a
/// frame with pixman directly: Cairo would save its state, build a pattern, clip and restore
/// for each, which costs more than copying a bubble's few hundred pixels
/// (docs/ARCHITECTURE.md § Rendering many layers). The pixels are the ones Cairo's
/// `paint_with_alpha` gives: OVER with the same 8-bit alpha.
final class SpriteCompositor {
    private let target: CairoSurface
    /// Solid masks by 8-bit alpha, made as they are needed.
    private var masks: [OpaquePointer?] = Array(repeating: nil, count: 256)
    /// Whether anything was copied since `finish()`.
    private var hasCopied = false

    /// A compositor drawing onto `target`, which Cairo may draw on in between.
    init(target: CairoSurface) {
        self.target = target
        target.withHandle { cairo_surface_flush($0) }
    }

    deinit {
        for mask in masks { if let mask { pixman_image_unref(mask) } }
    }

    /// Copies `sprite` with its top-left pixel at (`x`, `y`) over the frame, faded by `alpha`,
    /// within the device rectangles `clip` (whole pixels).
    func copy(_ sprite: CairoSurface, x: Int, y: Int, alpha: Double, clip: [Rect]) {
        // Cairo turns alpha into 16 bits (× 65535.99…, truncated); pixman keeps the top 8.
        let alpha8 = alpha >= 1 ? 255 : max(0, Int(alpha * 65535.999_999) >> 8)
        guard alpha8 > 0 else { return }
        let mask = alpha8 < 255 ? self.mask(alpha8) : nil
        _ = target.withPixmanImage { destination in
            sprite.withPixmanImage { source in
                for rect in clip {
                    let minX = max(x, Int(rect.minX))
                    let minY = max(y, Int(rect.minY))
                    let maxX = min(x + sprite.width, Int(rect.maxX))
                    let maxY = min(y + sprite.height, Int(rect.maxY))
                    guard minX < maxX, minY < maxY else { continue }
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, source, mask, destination, Int32(minX - x), Int32(minY - y), 0, 0,
                        Int32(minX), Int32(minY), Int32(maxX - minX), Int32(maxY - minY))
                    hasCopied = true
                }
            }
        }
    }

    /// Tells Cairo that the frame's pixels changed behind its back (call before Cairo reads it).
    func finish() {
        guard hasCopied else { return }
        target.withHandle { cairo_surface_mark_dirty($0) }
        hasCopied = false
    }

    private func mask(_ alpha8: Int) -> OpaquePointer? {
        if let mask = masks[alpha8] { return mask }
        // 8-bit alpha widened back to 16 bits the way pixman narrows it: the same 8 bits.
        var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16(alpha8 << 8 | alpha8))
        let mask = pixman_image_create_solid_fill(&color)
        masks[alpha8] = mask
        return mask
    }
}
