import Animation
internal import CCairo

/// Images scaled once to the sizes layers show them at (a bubble keeps its size for its
/// whole float), so that drawing one is a plain copy rather than a filtered scale.
///
/// Memory follows the working set: the sizes drawn lately, not every size ever drawn (the
/// fish's bubbles each have a random size, so a cache keyed on size alone grows for minutes).
/// Entries live in two generations. A lookup finds its entry in the current one, or moves it
/// there from the previous one; after `4 ×` as many lookups as the previous generation held
/// entries (a few frames: each frame looks up every image it draws), the current generation
/// becomes the previous one and the one before is dropped:
/// ```
///  lookups ──────────────────────────────────────────────────────────▶
///  [ generation n-1 ][ generation n: what n-1 still used + new sizes ][ n+1 … ]
///    dropped when n+1 starts: sizes unused for a whole generation
/// ```
/// A size in use is looked up every frame, so it is always kept; a bubble that popped is gone
/// within two generations. Scaling is deterministic, so what is dropped and made again draws
/// the same pixels.
final class ScaledImageCache {
    private struct Key: Hashable {
        var image: ObjectIdentifier
        var width: Double
        var height: Double
    }

    private var current: [Key: CairoSurface] = [:]
    private var previous: [Key: CairoSurface] = [:]
    /// Lookups since the current generation began.
    private var lookups = 0
    /// Lookups the current generation lasts: 4 × the entries the previous one started with.
    private var generationLength = ScaledImageCache.minimumGenerationLookups
    /// Pixels held by the current generation.
    private var currentPixels = 0

    /// The fewest lookups in a generation (a handful of frames when few images are drawn).
    static let minimumGenerationLookups = 64
    /// A generation ends early past this many entries or pixels (16 MiB of ARGB32), whatever
    /// the lookups: a bound on memory when every lookup asks for a new size.
    static let maxGenerationEntries = 4096
    static let maxGenerationPixels = 4 << 20
    /// Larger images are scaled directly each time; caching them would cost more memory than
    /// it saves.
    static let maxPixels = 256 * 256

    /// How many scaled images the cache holds now (both generations).
    var count: Int { current.count + previous.count }
    /// How many images it has scaled so far (lookups that found nothing to reuse).
    private(set) var scaledCount = 0

    /// `image` scaled to `size` on a surface of the whole pixels that hold it; nil when it is
    /// too large to cache.
    func scaled(_ image: CairoSurface, to size: Size) -> CairoSurface? {
        guard size.width * size.height <= Double(Self.maxPixels) else { return nil }
        let key = Key(image: ObjectIdentifier(image), width: size.width, height: size.height)
        lookups += 1
        if lookups >= generationLength || current.count >= Self.maxGenerationEntries
            || currentPixels >= Self.maxGenerationPixels
        {
            previous = current
            current = [:]
            lookups = 0
            currentPixels = 0
            generationLength = max(Self.minimumGenerationLookups, 4 * previous.count)
        }
        if let cached = current[key] { return cached }
        if let kept = previous.removeValue(forKey: key) {
            keep(kept, for: key)
            return kept
        }
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
        keep(surface, for: key)
        scaledCount += 1
        return surface
    }

    private func keep(_ surface: CairoSurface, for key: Key) {
        current[key] = surface
        currentPixels += surface.width * surface.height
    }
}
