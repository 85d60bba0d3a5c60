import Animation
internal import CCairo

/// Images scaled once to the sizes layers show them at (a bubble keeps its size for its
/// whole float), so that drawing one is a plain copy rather than a filtered scale.
///
/// Memory follows the working set: the sizes drawn lately, not every size ever drawn (the
/// fish's bubbles each have a random size, so a cache keyed on size alone grows for minutes).
/// Entries live in two generations. A lookup finds its entry in the current one, or moves it
/// there from the previous one; after `16 ×` as many lookups as the previous generation held
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
///
/// The sprite compositor copies from a sprite's pixels after the lookup, on another thread,
/// without holding the surface (`sprite(of:in:placement:snapsToPixels:)`): a dropped generation is
/// kept until `endFrame()`, which the renderer calls once the frame's copies are done.
final class ScaledImageCache {
    private typealias Key = SpriteKey

    /// An entry: the sprite's pixels, and where its surface is in the generation's array.
    /// Plain values, so that a lookup reads the dictionary alone: no surface object to load
    /// and retain for every bubble every frame.
    private struct Slot {
        var pixels: SpritePixels
        var index: Int
    }

    private var current = SpriteTable<Slot>()
    private var previous = SpriteTable<Slot>()
    /// The surfaces of each generation, which own the pixels its slots point to.
    private var currentSurfaces: [CairoSurface] = []
    private var previousSurfaces: [CairoSurface] = []
    /// The surfaces of dropped generations, which copies queued this frame may still read.
    private var retired: [[CairoSurface]] = []
    /// Lookups since the current generation began.
    private var lookups = 0
    /// Lookups the current generation lasts: 16 × the entries the previous one started with.
    private var generationLength = ScaledImageCache.minimumGenerationLookups
    /// Pixels held by the current generation.
    private var currentPixels = 0
    /// Pixels of the current generation's placed copies of larger images (`imageStep`).
    private(set) var placedLargePixels = 0

    /// A generation lasts this many lookups per entry of the previous one: a sprite shared by
    /// a dozen bubbles at one of 16 places is looked up less than once a frame, and must
    /// last the generation to be kept (4 dropped a fifth of them every few frames).
    static let generationFactor = 16
    /// The fewest lookups in a generation (a handful of frames when few images are drawn).
    static let minimumGenerationLookups = 64
    /// A generation ends early past this many entries or pixels (32 MiB of ARGB32), whatever
    /// the lookups: a bound on memory when every lookup asks for a new size. The fish's 2,000
    /// bubbles at 800 × 600 keep about 3,000 sprites (sizes × placements) of 14 MiB in use.
    static let maxGenerationEntries = 16384
    static let maxGenerationPixels = 8 << 20
    /// Larger images are scaled directly each time; caching them would cost more memory than
    /// it saves.
    static let maxPixels = 256 * 256

    /// How many scaled images the cache holds now (both generations).
    var count: Int { current.count + previous.count }
    /// How many images it has scaled so far (lookups that found nothing to reuse).
    private(set) var scaledCount = 0

    /// Images at most this many device pixels are sprites: scaled into their place to a
    /// quarter of a pixel (`spriteStep`) and copied, rather than resampled at their exact
    /// place every frame. A bubble is one; the fish is not.
    static let spritePixels = 64.0 * 64.0
    /// Device pixels: the step of a sprite's place. 1/4 px keeps a sprite within 1/8 px of its
    /// place (as glyph caches place text) with 16 placements per size.
    static let spriteStep = 0.25
    /// Device pixels: the step of a larger image's place while it moves. Placed within 1/32 px,
    /// a steady speed moves its pixels' centroid the same amount every frame to 1/16 px
    /// (`SubpixelMotionTests`); a horizontal swim uses 16 copies, made as the phases come.
    static let imageStep = 1.0 / 16
    /// The most pixels of larger images' placed copies a generation makes (8 MiB): a swim
    /// along one axis needs 16 a size (the fish under the panels: 0.5 M pixels), a drift across
    /// both up to 256, and the floating scene's balloons grew the window by 29 MB with them
    /// unbounded. Past it, a larger image is painted at its exact place through a bilinear
    /// filter, as before.
    static let maxPlacedLargePixels = 2 << 20
    /// Device pixels: the step of a sprite's size; within 1/4 px of its size, 80 sizes cover
    /// the bubbles' 8…48 px at 800 × 600.
    static let spriteSizeStep = 0.5

    /// A copy of `image` to paint for a layer whose bounds `rect` lands on the device by
    /// `placement`, and the device point its top-left corner goes to; nil when it is too large
    /// to cache. A sprite (up to `spritePixels`) comes at its size to `spriteSizeStep`, scaled
    /// into its place to `spriteStep` while it moves, on whole pixels at rest (`snapsToPixels`),
    /// to be copied on whole pixels. A larger image comes at its size, on whole pixels at rest
    /// (at most half a pixel off), and scaled into its place to `imageStep` while it moves:
    /// painting it at its exact place through a bilinear filter every frame took a quarter of
    /// the fish window's instructions once the panels shrink the scene (issue 39).
    /// docs/ARCHITECTURE.md § Points.
    func copy(of image: CairoSurface, in rect: Rect, placement: DevicePlacement, snapsToPixels: Bool)
        -> (surface: CairoSurface, origin: Point)?
    {
        locate(image, in: rect, placement: placement, snapsToPixels: snapsToPixels).map {
            (currentSurfaces[$0.slot.index], $0.origin)
        }
    }

    /// As `copy(of:in:placement:snapsToPixels:)`, the pixels alone, valid until `endFrame()`.
    func sprite(of image: CairoSurface, in rect: Rect, placement: DevicePlacement, snapsToPixels: Bool)
        -> (pixels: SpritePixels, origin: Point)?
    {
        locate(image, in: rect, placement: placement, snapsToPixels: snapsToPixels).map {
            ($0.slot.pixels, $0.origin)
        }
    }

    /// Releases the generations dropped since the last call: call when no copy from them is
    /// pending (after the frame's sprite copies are done).
    func endFrame() {
        retired.removeAll()
    }

    /// The entry `copy(of:in:placement:snapsToPixels:)` describes, in the current generation.
    private func locate(_ image: CairoSurface, in rect: Rect, placement: DevicePlacement, snapsToPixels: Bool)
        -> (slot: Slot, origin: Point)?
    {
        let size = Size(
            width: rect.width * placement.scale.width, height: rect.height * placement.scale.height)
        let origin = placement.device(rect.origin)
        let isSprite = size.width * size.height <= Self.spritePixels
        let step = snapsToPixels ? 1 : isSprite ? Self.spriteStep : Self.imageStep
        let sizeStep = Self.spriteSizeStep
        let quantised =
            isSprite
            ? Size(
                width: max((size.width / sizeStep).rounded(), 1) * sizeStep,
                height: max((size.height / sizeStep).rounded(), 1) * sizeStep) : size
        let placed = Point(x: (origin.x / step).rounded() * step, y: (origin.y / step).rounded() * step)
        let whole = Point(x: placed.x.rounded(.down), y: placed.y.rounded(.down))
        let phase = Point(x: placed.x - whole.x, y: placed.y - whole.y)
        if let slot = slot(image, to: quantised, phase: phase) { return (slot, whole) }
        // A larger image's places past their budget: at its size, painted at its exact place.
        return isSprite ? nil : slot(image, to: size, phase: .zero).map { ($0, origin) }
    }

    /// `image` scaled to `size` with its top-left corner at `phase` (each within 0…1, device
    /// pixels) on a surface of the whole pixels that hold it; nil when it is too large to
    /// cache. Painted on whole pixels, it shows the image at that fraction of a pixel.
    func scaled(_ image: CairoSurface, to size: Size, phase: Point = .zero) -> CairoSurface? {
        slot(image, to: size, phase: phase).map { currentSurfaces[$0.index] }
    }

    /// The entry of `scaled(_:to:phase:)`, in the current generation.
    private func slot(_ image: CairoSurface, to size: Size, phase: Point) -> Slot? {
        guard size.width * size.height <= Double(Self.maxPixels) else { return nil }
        let key = Key(image: ObjectIdentifier(image), width: size.width, height: size.height, phase: phase)
        lookups += 1
        if lookups >= generationLength || current.count >= Self.maxGenerationEntries
            || currentPixels >= Self.maxGenerationPixels
        {
            // Copies queued from the dropped generation's sprites may be pending.
            if !previousSurfaces.isEmpty { retired.append(previousSurfaces) }
            previous = current
            previousSurfaces = currentSurfaces
            current = SpriteTable(minimumCapacity: previous.count)  // about as many again
            currentSurfaces = []
            lookups = 0
            currentPixels = 0
            placedLargePixels = 0
            generationLength = max(Self.minimumGenerationLookups, Self.generationFactor * previous.count)
        }
        if let cached = current[key] { return cached }
        if let kept = previous.removeValue(forKey: key) {
            return keep(previousSurfaces[kept.index], for: key)
        }
        // Every copy starts from the image at its size, scaled at most once (`bases`). On
        // whole pixels it is that (a bubble at rest, a popping bubble grown to a new size).
        guard let base = base(of: image, size: size) else { return nil }
        let surface: CairoSurface
        if phase == .zero {
            surface = base
        } else {
            // Placed: the base moved by the phase through a bilinear filter (a few
            // microseconds, where shrinking the image again reads all of its pixels).
            // The base's whole pixels moved: its last column and row, partly covered, spread
            // into the next ones.
            let width = max(Int((phase.x + Double(base.width)).rounded(.up)), 1)
            let height = max(Int((phase.y + Double(base.height)).rounded(.up)), 1)
            let isLarge = size.width * size.height > Self.spritePixels
            if isLarge {
                guard placedLargePixels + width * height <= Self.maxPlacedLargePixels else { return nil }
                placedLargePixels += width * height
            }
            guard let placed = try? CairoSurface(width: width, height: height) else { return nil }
            Self.shift(base, into: placed, by: phase)
            scaledCount += 1
            surface = placed
        }
        return keep(surface, for: key)
    }

    /// Draws `image` scaled to `size` at `origin` into `target`, through Cairo's GOOD filter
    /// (a box filter when shrinking), its edges padded.
    private static func draw(_ image: CairoSurface, into target: CairoSurface, at origin: Point, size: Size) {
        target.withHandle { target in
            guard let cairo = cairo_create(target) else { return }
            cairo_translate(cairo, origin.x, origin.y)
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
    }

    /// The sprites at their sizes that placed copies are moved from, kept apart from the
    /// generations: they are asked for only when a new place is copied, too seldom to last a
    /// generation, and scaling one again costs a filter's setup (~800,000 instructions).
    private var bases: [Key: CairoSurface] = [:]
    private var basePixels = 0
    /// The bases are dropped together past this many pixels (16 MiB): sizes are quantised, so
    /// a scene has a few hundred.
    static let maxBasePixels = 4 << 20

    /// `image` at `size` on whole pixels, from `bases` or scaled now.
    private func base(of image: CairoSurface, size: Size) -> CairoSurface? {
        let key = Key(image: ObjectIdentifier(image), width: size.width, height: size.height, phase: .zero)
        if let base = bases[key] { return base }
        guard
            let surface = try? CairoSurface(
                width: max(Int(size.width.rounded(.up)), 1), height: max(Int(size.height.rounded(.up)), 1))
        else { return nil }
        Self.draw(level(of: image, for: size), into: surface, at: .zero, size: size)
        scaledCount += 1
        if basePixels + surface.width * surface.height > Self.maxBasePixels {
            bases = [:]
            basePixels = 0
        }
        bases[key] = surface
        basePixels += surface.width * surface.height
        return surface
    }

    /// Paints `sprite` into `target` moved by `offset` (within 0…1 px), bilinear.
    private static func shift(_ sprite: CairoSurface, into target: CairoSurface, by offset: Point) {
        target.withHandle { target in
            guard let cairo = cairo_create(target) else { return }
            sprite.withHandle { cairo_set_source_surface(cairo, $0, offset.x, offset.y) }
            if let pattern = cairo_get_source(cairo) {
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            }
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }
    }

    /// Each image and its halvings (a mip chain), made as they are needed: shrinking a 128-px
    /// bubble to 20 px reads 16,384 pixels, shrinking its 32-px halving reads 1,024.
    private var halvings: [ObjectIdentifier: [CairoSurface]] = [:]

    /// The smallest of `image` and its halvings that is still at least `minimumShrink` times
    /// `size`: a box filter from there averages as many pixels per pixel as from the original.
    private func level(of image: CairoSurface, for size: Size) -> CairoSurface {
        let id = ObjectIdentifier(image)
        var levels = halvings[id] ?? []
        if levels.first !== image {  // a new image, or another one where a freed one was
            if halvings.count >= Self.maxHalvedImages { halvings = [:] }
            levels = [image]
        }
        func isLargeEnough(_ surface: CairoSurface, shrink: Double) -> Bool {
            Double(surface.width) >= shrink * size.width && Double(surface.height) >= shrink * size.height
        }
        while let last = levels.last, isLargeEnough(last, shrink: 2 * Self.minimumShrink), last.width > 1,
            last.height > 1,
            let half = try? CairoSurface(width: (last.width + 1) / 2, height: (last.height + 1) / 2)
        {
            Self.draw(
                last, into: half, at: .zero,
                size: Size(width: Double(half.width), height: Double(half.height)))
            levels.append(half)
        }
        halvings[id] = levels
        return levels.last { isLargeEnough($0, shrink: Self.minimumShrink) } ?? image
    }

    /// A halving is used when the image is still this many times larger than the size drawn.
    static let minimumShrink = 1.5
    /// Halvings are kept for this many images at most (scenes show a handful).
    static let maxHalvedImages = 16

    private func keep(_ surface: CairoSurface, for key: Key) -> Slot? {
        guard let pixels = SpritePixels(surface) else { return nil }
        let slot = Slot(pixels: pixels, index: currentSurfaces.count)
        currentSurfaces.append(surface)
        current[key] = slot
        currentPixels += surface.width * surface.height
        return slot
    }
}
