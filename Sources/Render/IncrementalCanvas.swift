import Animation
import Foundation

/// A frame that stays between draws, so each frame repaints only what changed: the damaged
/// rectangles are cleared and the layers that touch them drawn again, clipped to them
/// (`DamageTracker`). The window draws into its shared-memory image this way and sends only
/// the damaged rectangles; `isFullRedraw` turns tracking off for comparison.
///
/// The pixels live either in a surface of the canvas's own (`init(width:height:…)`, for the
/// benchmark) or in memory the caller lends to each `draw(_:into:…)` call (the window's
/// image, which keeps its pixels between frames).
public final class IncrementalCanvas {
    public private(set) var width: Int
    public private(set) var height: Int
    public let background: Color
    /// Repaint everything every frame (the benchmark's `--full-redraw`).
    public var isFullRedraw = false
    private var ownSurface: CairoSurface?
    private let renderer: LayerRenderer
    private let tracker = DamageTracker()
    /// Whether the tracker does not know what is on the canvas (nothing drawn yet, or frames
    /// drawn without it): the next frame is then repainted whole and shown to the tracker.
    private var trackerIsBehind = true
    /// Whether the last frame was repainted whole.
    private var lastDamageWasWhole = false
    /// Whether the canvas holds exactly a whole draw of the last frame, as `render` draws it:
    /// false after a repaint clipped to its damage or with the moving layers' rasters. Cairo
    /// rasterizes a path clipped to a rectangle apart from the same path drawn whole (up to
    /// 16/255 on antialiased edges, inside the clip too: docs/ARCHITECTURE.md § Window and
    /// render), so a paused window draws its frame once more, whole, when it is idle.
    public private(set) var isWholeDraw = false

    /// From this many layers under animation on, a frame after a whole repaint is repainted
    /// whole again without looking for its damage (`draw(_:on:)`).
    static let manyMovingLayers = 1000

    /// Layers under an animation on the timelines of `root` and its sublayers (the window's and
    /// the scene's).
    private static func animatedLayerCount(under root: Layer) -> Int {
        var timelines = [root.timeline]
        for sublayer in root.sublayers where !timelines.contains(where: { $0 === sublayer.timeline }) {
            timelines.append(sublayer.timeline)
        }
        return timelines.reduce(0) { $0 + $1.animatedLayerCount }
    }
    /// Where the last draw's time went.
    public private(set) var lastFrame = RenderStatistics()
    /// Times the image and raster copies of each draw (`lastFrame.compositeNanos`).
    public var isTimingComposites: Bool {
        get { renderer.isTimingComposites }
        set { renderer.isTimingComposites = newValue }
    }

    /// A canvas with pixels of its own.
    public init(width: Int, height: Int, images: ImageStore, background: Color = .black) throws(RenderError) {
        ownSurface = try CairoSurface(width: width, height: height)
        self.width = width
        self.height = height
        self.background = background
        renderer = LayerRenderer(images: images)
    }

    /// A canvas over memory lent to each draw.
    public init(images: ImageStore, background: Color = .black) {
        width = 0
        height = 0
        self.background = background
        renderer = LayerRenderer(images: images)
    }

    /// Forgets what was drawn: the next draw repaints everything (after Expose, say).
    public func invalidate() {
        trackerIsBehind = true
        lastDamageWasWhole = false
        tracker.reset()
    }

    /// Draws the frame of `root` on the canvas's own surface; returns the rectangles that
    /// were repainted (window pixels, integral), empty when nothing changed. `exact` as for
    /// `draw(_:into:width:height:stride:exact:)`.
    @discardableResult
    public func draw(_ root: Layer, exact: Bool = false) -> [Rect] {
        guard let ownSurface else { preconditionFailure("this canvas draws into lent memory") }
        return draw(root, on: ownSurface, exact: exact)
    }

    /// Draws the frame of `root` into `buffer` (xRGB rows of `stride` bytes), which must hold
    /// what this canvas drew last time unless the size changed; returns the repainted
    /// rectangles.
    /// - `exact`: draw every layer directly, as `render` does, and paint again where earlier
    ///   frames painted rasters of moving layers (`MovingLayerCache`): a frame that stays on
    ///   screen (the scene paused) shows exactly `render`'s pixels.
    public func draw(
        _ root: Layer, into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int,
        exact: Bool = false
    ) throws(RenderError) -> [Rect] {
        if width != self.width || height != self.height {
            self.width = width
            self.height = height
            invalidate()
        }
        let surface = try CairoSurface(wrapping: buffer, width: width, height: height, stride: stride)
        return draw(root, on: surface, exact: exact)
    }

    private func draw(_ root: Layer, on surface: CairoSurface, exact: Bool = false) -> [Rect] {
        let start = DispatchTime.now().uptimeNanoseconds
        renderer.resetStatistics()
        let whole = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let manyMoving = Self.animatedLayerCount(under: root) >= Self.manyMovingLayers
        var damage: [Rect]
        var skippedDamage = false
        if isFullRedraw {
            damage = [whole]
            tracker.reset()
            trackerIsBehind = true
        } else if manyMoving && lastDamageWasWhole {
            // Thousands of layers moving over most of the window (the fish's bubble loads):
            // repaint it whole without walking for the damage, which would cost more than it
            // could save; the tracker starts again when they are fewer.
            damage = [whole]
            tracker.reset()
            trackerIsBehind = true
            skippedDamage = true
        } else if trackerIsBehind {
            damage = [whole]
            _ = tracker.damage(for: root, in: whole)  // what is drawn now, for the next frame
            trackerIsBehind = false
        } else {
            damage = tracker.damage(for: root, in: whole)
        }
        renderer.usesMovingLayerCache = !exact
        let rasters = renderer.takeRasterBoxes()
        if exact && !rasters.isEmpty && damage != [whole] {
            let clipped = rasters.compactMap { box -> Rect? in
                let inside = box.intersection(whole)
                return inside.isNull ? nil : inside.integral
            }
            damage = DamageTracker.merge(damage + clipped)
        }
        lastDamageWasWhole = damage == [whole]
        let damaged = DispatchTime.now().uptimeNanoseconds
        defer {
            lastFrame = renderer.statistics
            lastFrame.damageNanos = damaged - start
            lastFrame.skippedDamage = skippedDamage
            let total = DispatchTime.now().uptimeNanoseconds - damaged
            lastFrame.drawNanos = total - min(lastFrame.compositeNanos, total)
        }
        guard !damage.isEmpty else { return [] }
        let isWhole = damage == [whole]
        isWholeDraw = isWhole && exact
        let context = CairoContext(surface: surface)
        if !isWhole { context.clip(to: damage) }  // a clip, even the whole frame, slows Cairo down
        // A scene's opaque background paints every pixel anyway (a whole frame's writes saved).
        if !LayerRenderer.paintsOpaquely(root, over: whole) { context.clear(to: background) }
        let culling = isWhole ? nil : LayerRenderer.Culling(damage: damage, tracker: tracker)
        renderer.draw(
            root, in: context, culling: culling, compositor: SpriteCompositor(target: surface),
            clip: isWhole ? [whole] : damage)
        surface.withHandleFlush()
        return damage
    }

    /// A copy of the canvas's own frame as it is now (for tests).
    public func snapshot() throws(RenderError) -> RenderedFrame {
        guard let ownSurface else { preconditionFailure("this canvas draws into lent memory") }
        let copy = try CairoSurface(width: width, height: height)
        CairoContext(surface: copy).paint(ownSurface)
        return RenderedFrame(surface: copy)
    }

    /// Evaluates the presentation of `root` and of every layer under it at its timeline's
    /// time, walking the tree as `draw(_:)` does, without drawing: the engine's share of a
    /// frame, which `animdemo bench` times on frames of its own.
    public static func evaluatePresentations(of root: Layer) {
        LayerRenderer.evaluatePresentations(of: root)
    }

    /// The number of pixels in `rects`.
    public static func area(of rects: [Rect]) -> Int {
        rects.reduce(0) { $0 + Int($1.width * $1.height) }
    }
}
