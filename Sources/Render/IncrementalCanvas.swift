import Animation

/// A frame that stays between draws, so each frame repaints only what changed: the damaged
/// rectangles are cleared and the layers that touch them drawn again, clipped to them
/// (`DamageTracker`). The window draws into its shared-memory image this way and sends only
/// the damaged rectangles; `isFullRedraw` turns tracking off for comparison.
public final class IncrementalCanvas {
    public let width: Int
    public let height: Int
    public let background: Color
    /// Repaint everything every frame (the benchmark's `--full-redraw`).
    public var isFullRedraw = false
    private let surface: CairoSurface
    private let context: CairoContext
    private let renderer: LayerRenderer
    private let tracker = DamageTracker()
    private var hasDrawn = false

    /// A canvas with pixels of its own.
    public init(width: Int, height: Int, images: ImageStore, background: Color = .black) throws(RenderError) {
        surface = try CairoSurface(width: width, height: height)
        self.width = width
        self.height = height
        self.background = background
        context = CairoContext(surface: surface)
        renderer = LayerRenderer(images: images)
    }

    /// A canvas over memory the caller owns (xRGB rows of `stride` bytes) for as long as the
    /// canvas lives; the memory must keep its pixels between draws.
    public init(
        wrapping buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int, images: ImageStore,
        background: Color = .black
    ) throws(RenderError) {
        surface = try CairoSurface(wrapping: buffer, width: width, height: height, stride: stride)
        self.width = width
        self.height = height
        self.background = background
        context = CairoContext(surface: surface)
        renderer = LayerRenderer(images: images)
    }

    /// Forgets what was drawn: the next draw repaints everything (after Expose, say).
    public func invalidate() {
        hasDrawn = false
        tracker.reset()
    }

    /// Draws the frame of `root` and returns the rectangles that were repainted (window
    /// pixels, integral); empty when nothing changed.
    @discardableResult
    public func draw(_ root: Layer) -> [Rect] {
        let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let damage = isFullRedraw || !hasDrawn ? [whole] : tracker.damage(for: root, in: whole)
        if isFullRedraw { tracker.reset() } else if !hasDrawn { _ = tracker.damage(for: root, in: whole) }
        hasDrawn = true
        guard !damage.isEmpty else { return [] }
        let isWhole = damage == [whole]
        context.save()
        if !isWhole { context.clip(to: damage) }  // a clip, even the whole frame, slows Cairo down
        context.clear(to: background)
        let culling = isWhole ? nil : LayerRenderer.Culling(damage: damage, tracker: tracker)
        renderer.draw(root, in: context, culling: culling)
        context.restore()
        surface.withHandleFlush()
        return damage
    }

    /// A copy of the whole frame as it is now (for screenshots).
    public func snapshot() throws(RenderError) -> RenderedFrame {
        let copy = try CairoSurface(width: width, height: height)
        CairoContext(surface: copy).paint(surface)
        return RenderedFrame(surface: copy)
    }

    /// The number of pixels in `rects`.
    public static func area(of rects: [Rect]) -> Int {
        rects.reduce(0) { $0 + Int($1.width * $1.height) }
    }
}
