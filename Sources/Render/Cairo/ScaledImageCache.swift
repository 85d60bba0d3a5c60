import Animation
internal import CCairo

/// Images scaled once to the sizes layers show them at (a bubble keeps its size for its
/// whole float), so that drawing one is a plain copy rather than a filtered scale.
final class ScaledImageCache {
    private struct Key: Hashable {
        var image: ObjectIdentifier
        var width: Double
        var height: Double
    }

    private var entries: [Key: CairoSurface] = [:]
    /// Past this many entries the cache starts again (sizes come and go with the bubbles).
    static let capacity = 4096
    /// Larger images are scaled directly each time; caching them would cost more memory than
    /// it saves.
    static let maxPixels = 256 * 256

    /// `image` scaled to `size` on a surface of the whole pixels that hold it; nil when it is
    /// too large to cache.
    func scaled(_ image: CairoSurface, to size: Size) -> CairoSurface? {
        guard size.width * size.height <= Double(Self.maxPixels) else { return nil }
        let key = Key(image: ObjectIdentifier(image), width: size.width, height: size.height)
        if let cached = entries[key] { return cached }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        guard
            let surface = try? CairoSurface(
                width: max(Int(size.width.rounded(.up)), 1), height: max(Int(size.height.rounded(.up)), 1))
        else { return nil }
        surface.withHandle { target in
            guard let cairo = cairo_create(target) else { return }
            cairo_scale(cairo, size.width / Double(image.width), size.height / Double(image.height))
            image.withHandle { cairo_set_source_surface(cairo, $0, 0, 0) }
            if let pattern = cairo_get_source(cairo) {
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            }
            cairo_rectangle(cairo, 0, 0, Double(image.width), Double(image.height))
            cairo_fill(cairo)
            cairo_destroy(cairo)
        }
        entries[key] = surface
        return surface
    }
}
