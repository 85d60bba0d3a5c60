import Animation
import Foundation

/// Draws a layer tree as the screen shows it: every layer's presentation values at its
/// timeline's current time, back to front.
///
/// Per layer: its transform about the anchor point; opacity < 1 as one group (the layer and
/// its sublayers together), never otherwise; the background, rounded by cornerRadius; the
/// image contents; a shape's fill, then its stroke trimmed to strokeStart…strokeEnd; text;
/// the sublayers (clipped to the rounded bounds with masksToBounds); the border on top.
final class LayerRenderer {
    private let images: ImageStore
    private let scaledImages = ScaledImageCache()
    let rasters = MovingLayerCache()
    /// Whether layers that only move are painted from rasters (`MovingLayerCache`): a raster
    /// painted at a fractional position is resampled, so its edges differ from a direct draw
    /// by up to a few tens of 255ths; off, every layer is drawn directly, exactly.
    var usesMovingLayerCache = true
    /// Where rasters were painted since `takeRasterBoxes()`, device pixels: a frame drawn
    /// exactly must paint those places again.
    private var rasterBoxes: [Rect] = []

    /// The boxes where rasters were painted since the last call.
    func takeRasterBoxes() -> [Rect] {
        defer { rasterBoxes = [] }
        return rasterBoxes
    }

    /// What the draws since the last `resetStatistics()` did; composites are timed only when
    /// `isTimingComposites` (the benchmark), as the clock costs a little on every image.
    private(set) var statistics = RenderStatistics()
    var isTimingComposites = false

    func resetStatistics() {
        statistics = RenderStatistics()
    }

    /// Runs `body` (an image or raster paint), counting it and timing it when asked.
    private func composite<R>(_ body: () -> R) -> R {
        statistics.composites += 1
        guard isTimingComposites else { return body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer { statistics.compositeNanos += DispatchTime.now().uptimeNanoseconds - start }
        return body()
    }

    /// Does the sprite copies queued so far (timed as composites).
    private func flushSprites() {
        guard let compositor = compositor?.takeUnretainedValue() else { return }
        guard isTimingComposites else { return compositor.flush() }
        let start = DispatchTime.now().uptimeNanoseconds
        compositor.flush()
        statistics.compositeNanos += DispatchTime.now().uptimeNanoseconds - start
    }

    /// Layers not drawn, with their sublayers (`FrameRenderer.render(_:size:background:omitting:)`).
    var omitted: Set<ObjectIdentifier> = []

    init(images: ImageStore) {
        self.images = images
    }

    /// The damaged region of a frame and the boxes of the layers, to skip what lies outside.
    struct Culling {
        var damage: [Rect]
        var tracker: DamageTracker

        func touches(_ box: Rect?) -> Bool {
            guard let box else { return true }
            return damage.contains { $0.intersects(box) }
        }
    }

    /// Where a layer's drawing lands, known without asking Cairo: the transform to device
    /// pixels, the whole-pixel rectangles drawing is clipped to (nil once a clip is not such
    /// rectangles: rounded, turned, fractional), and whether it lands on the frame itself
    /// rather than in an opacity group. Where all three are known, a sprite is copied by
    /// `SpriteCompositor` without Cairo.
    private struct Destination {
        var toDevice: Animation.AffineTransform
        var clip: [Rect]?
        var isFrame: Bool
    }

    /// Copies sprites during a draw that has one (`draw(_:in:culling:compositor:clip:)`, whose
    /// argument holds it): not retained, as every sprite reads it.
    private var compositor: Unmanaged<SpriteCompositor>?

    /// Draws `root` and its sublayers; `root`'s own position and transform place it in the
    /// surface. With `culling`, layers whose boxes miss the damage are skipped. With a
    /// `compositor` over the context's surface, sprites are copied by it; `clip` is then the
    /// context's clip (whole device pixels).
    func draw(
        _ root: Layer, in context: CairoContext, culling: Culling? = nil, compositor: SpriteCompositor? = nil,
        clip: [Rect] = []
    ) {
        self.compositor = compositor.map(Unmanaged.passUnretained)
        defer {
            flushSprites()
            compositor?.finish()
            self.compositor = nil
            scaledImages.endFrame()  // the copies from its sprites are done
        }
        let destination = Destination(
            toDevice: Animation.AffineTransform.identity, clip: clip, isFrame: compositor != nil)
        drawLayer(root, in: context, culling: culling, destination: destination)
    }

    private func drawLayer(
        _ model: Layer, in context: CairoContext, culling: Culling?, destination: Destination
    ) {
        if !omitted.isEmpty && omitted.contains(ObjectIdentifier(model)) { return }
        let boxes = culling?.tracker.boxes(of: model)
        if let culling, !culling.touches(boxes?.subtree) { return }
        model.withPresentation {
            drawLayer(model, shown: $0, boxes: boxes, in: context, culling: culling, destination: destination)
        }
    }

    /// `drawLayer(_:in:culling:destination:)` with `layer`, the presentation of `model`, and the
    /// boxes of `model` the culling found.
    private func drawLayer(
        _ model: Layer, shown layer: Layer, boxes: (own: Rect, subtree: Rect)?, in context: CairoContext,
        culling: Culling?, destination: Destination
    ) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let drawsOwnContent = culling?.touches(boxes?.own) ?? true
        statistics.layersDrawn += 1
        let toDevice = layer.transformToSuperlayer.concatenating(destination.toDevice)
        if model.sublayers.isEmpty, drawsOwnContent,
            copySprite(
                of: layer, of: model, by: toDevice, clip: destination.clip, isFrame: destination.isFrame)
        {
            return
        }
        var inner = destination
        inner.toDevice = toDevice
        flushSprites()  // the sprites queued so far go under what Cairo draws now
        context.save()
        defer { context.restore() }
        context.concatenate(layer.transformToSuperlayer)
        let bounds = layer.bounds
        // Opacity < 1 needs a group (the layer and its sublayers fade as one), clipped to what
        // the layer can touch so the group surface stays small; a leaf with nothing but an
        // image fades the image directly, which is the same picture without a group.
        let fadesImageOnly =
            layer.opacity < 1 && model.sublayers.isEmpty && layer.contents != nil
            && !(layer is ShapeLayer) && !(layer is TextLayer) && layer.backgroundColor.alpha == 0
            && layer.borderWidth == 0
        let isGroup = layer.opacity < 1 && !fadesImageOnly
        if isGroup {
            let reach = layer.masksToBounds ? bounds : Self.extent(of: model)
            guard !reach.isNull else { return }  // nothing in it draws anything
            context.clip(to: reach)
            context.beginGroup()
            inner.isFrame = false
        }
        let outline = Self.outline(of: layer)
        if drawsOwnContent {
            let alpha = fadesImageOnly ? layer.opacity : 1
            let isRaster =
                usesMovingLayerCache && model.isAnimatingNow && (layer is ShapeLayer || layer is TextLayer)
            let drewRaster =
                isRaster
                && composite {
                    rasters.draw(
                        layer, of: model, in: context,
                        drawing: {
                            drawContent(of: $0, outline: outline, alpha: 1, snapsToPixels: true, in: $1)
                        })
                }
            if drewRaster {
                rasterBoxes.append(DamageTracker.extent(of: layer).applying(toDevice).insetBy(dx: -1, dy: -1))
            } else {
                drawContent(
                    of: layer, outline: outline, alpha: alpha, snapsToPixels: !model.isAnimatingNow,
                    in: context)
            }
        }
        if !model.sublayers.isEmpty {
            context.save()
            if layer.masksToBounds {
                if layer.cornerRadius > 0 { context.clip(to: outline()) } else { context.clip(to: bounds) }
                inner.clip =
                    layer.cornerRadius > 0 ? nil : Self.clip(inner.clip, to: bounds, by: inner.toDevice)
            }
            model.forEachSublayer {
                drawLayer($0, in: context, culling: culling, destination: inner)
            }
            context.restore()
        }
        if layer.borderWidth > 0 && drawsOwnContent {
            flushSprites()  // the sublayers' sprites go under the border
            let inset = layer.borderWidth / 2
            let border = BezierPath(
                roundedRect: bounds.insetBy(dx: inset, dy: inset),
                cornerRadius: max(layer.cornerRadius - inset, 0))
            context.stroke(
                border,
                style: StrokeStyle(
                    color: layer.borderColor, width: layer.borderWidth, cap: .butt, join: .miter,
                    miterLimit: 10,
                    dashes: [], dashPhase: 0))
        }
        if isGroup { context.endGroup(alpha: layer.opacity) }
    }

    /// The layer's own pixels: background, image, shape, text. An image is placed on whole
    /// pixels when `snapsToPixels` (at rest), at its exact place otherwise (moving).
    private func drawContent(
        of layer: Layer, outline: () -> BezierPath, alpha: Double, snapsToPixels: Bool,
        in context: CairoContext
    ) {
        let bounds = layer.bounds
        if layer.backgroundColor.alpha > 0 { context.fill(outline(), color: layer.backgroundColor) }
        if let contents = layer.contents, let image = images.image(named: contents.name) {
            let scaledBefore = scaledImages.scaledCount
            composite {
                context.draw(
                    image, in: bounds, alpha: alpha, cache: scaledImages, snapsToPixels: snapsToPixels)
            }
            statistics.imagesScaled += scaledImages.scaledCount - scaledBefore
        }
        if let shape = layer as? ShapeLayer {
            context.fill(shape.path, color: shape.fillColor, rule: shape.fillRule)
            context.stroke(
                shape.trimmedPath,
                style: StrokeStyle(
                    color: shape.strokeColor, width: shape.lineWidth, cap: shape.lineCap,
                    join: shape.lineJoin,
                    miterLimit: shape.miterLimit, dashes: shape.lineDashPattern,
                    dashPhase: shape.lineDashPhase))
        }
        if let text = layer as? TextLayer {
            context.draw(
                text: text.string, in: bounds, fontSize: text.fontSize, bold: text.isBold,
                color: text.foregroundColor, alignment: text.alignment)
        }
    }

    /// Copies `layer`'s image (the presentation of `model`, a leaf) with the compositor when
    /// the layer draws nothing else and lands on whole pixels of the frame (the `Destination`
    /// `t`, `clip`, `isFrame`, passed apart so that no copy of it is made per leaf); false
    /// when it must be drawn through Cairo.
    private func copySprite(
        of layer: Layer, of model: Layer, by t: Animation.AffineTransform, clip: [Rect]?, isFrame: Bool
    ) -> Bool {
        guard let compositor, isFrame, let clip, let contents = layer.contents,
            t.b == 0, t.c == 0, t.a > 0, t.d > 0, layer.backgroundColor.alpha == 0, layer.borderWidth == 0,
            !(layer is ShapeLayer), !(layer is TextLayer)
        else { return false }
        guard let image = image(named: contents.name) else { return false }
        return image._withUnsafeGuaranteedRef { image in
            compositor._withUnsafeGuaranteedRef {
                copySprite(of: layer, of: model, image: image, by: t, clip: clip, compositor: $0)
            }
        }
    }

    /// `copySprite(of:of:by:clip:isFrame:)` once the image is known.
    private func copySprite(
        of layer: Layer, of model: Layer, image: CairoSurface, by t: Animation.AffineTransform, clip: [Rect],
        compositor: SpriteCompositor
    ) -> Bool {
        let bounds = layer.bounds
        guard bounds.width > 0, bounds.height > 0 else { return true }  // nothing to draw
        let placement = DevicePlacement(scale: Size(width: t.a, height: t.d), offset: Point(x: t.tx, y: t.ty))
        // Outside the clip (a bubble not yet on screen): nothing to scale or copy.
        let box = bounds.applying(t)
        guard clip.contains(where: { $0.intersects(box) }) else { return true }
        let scaledBefore = scaledImages.scaledCount
        defer { statistics.imagesScaled += scaledImages.scaledCount - scaledBefore }
        guard
            let copy = scaledImages.sprite(
                of: image, in: bounds, placement: placement, snapsToPixels: !model.isAnimatingNow),
            copy.origin.x == copy.origin.x.rounded(), copy.origin.y == copy.origin.y.rounded(),
            abs(copy.origin.x) < 1e6, abs(copy.origin.y) < 1e6
        else { return false }
        // Queued: the copying itself is timed when the queue is flushed.
        compositor.copy(
            copy.pixels, x: Int(copy.origin.x), y: Int(copy.origin.y), alpha: layer.opacity, clip: clip)
        statistics.composites += 1
        return true
    }

    /// The last image looked up by name: sprites come in runs of the same image (a bubble
    /// after a bubble), and a name's lookup hashes the whole string. Not retained (the store
    /// keeps every image it loads), so that a sprite's lookup writes nothing to it.
    private var lastImageName: String?
    private var lastImage: Unmanaged<CairoSurface>?

    private func image(named name: String) -> Unmanaged<CairoSurface>? {
        if let lastImageName, lastImageName == name { return lastImage }
        lastImage = images.image(named: name).map(Unmanaged.passUnretained)
        lastImageName = name
        return lastImage
    }

    /// `clip` narrowed to `bounds` mapped by `t`, when that is a rectangle of whole pixels;
    /// else nil (not rectangles any more).
    private static func clip(_ clip: [Rect]?, to bounds: Rect, by t: Animation.AffineTransform) -> [Rect]? {
        guard let clip, t.b == 0, t.c == 0 else { return nil }
        // Whole pixels give or take a rounding error (a scene's bounds in points times its
        // point scale): Cairo takes such a clip on whole pixels too (its 1/256 px fixed point).
        let exact = bounds.applying(t)
        let (x0, y0, x1, y1) = (
            exact.minX.rounded(), exact.minY.rounded(), exact.maxX.rounded(), exact.maxY.rounded()
        )
        guard
            max(abs(exact.minX - x0), abs(exact.minY - y0), abs(exact.maxX - x1), abs(exact.maxY - y1)) < 1e-6
        else { return nil }
        let box = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return clip.compactMap { rect in
            let inside = rect.intersection(box)
            return inside.isNull || inside.isEmpty ? nil : inside
        }
    }

    /// Evaluates the presentation of `model` and every layer under it, walking as the draw
    /// does (sublayers borrowed, the first lines of those ahead asked for), without drawing.
    static func evaluatePresentations(of model: Layer) {
        model.withPresentation { _ in }
        model.forEachSublayer { evaluatePresentations(of: $0) }
    }

    /// The rounded bounds, built only when something needs them.
    private static func outline(of layer: Layer) -> () -> BezierPath {
        {
            layer.cornerRadius > 0
                ? BezierPath(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius)
                : BezierPath(rect: layer.bounds)
        }
    }

    /// Whether the first thing drawing `model` paints is an opaque rectangle over all of `rect`
    /// (device pixels): its background, or that of its first sublayer when it draws nothing of
    /// its own under them. What `rect` held before then never shows, and need not be cleared.
    static func paintsOpaquely(
        _ model: Layer, over rect: Rect, by toDevice: Animation.AffineTransform = .identity
    ) -> Bool {
        let layer = model.presentation()
        let t = layer.transformToSuperlayer.concatenating(toDevice)
        guard !layer.isHidden, layer.opacity >= 1, t.b == 0, t.c == 0 else { return false }
        if layer.backgroundColor.alpha >= 1 && layer.cornerRadius == 0 {
            return layer.bounds.applying(t).contains(rect)
        }
        guard layer.backgroundColor.alpha == 0, layer.contents == nil, !(layer is ShapeLayer),
            !(layer is TextLayer), !layer.masksToBounds, let first = model.sublayers.first
        else { return false }
        return paintsOpaquely(first, over: rect, by: t)
    }

    /// What `model` and its sublayers can touch, in its own coordinates (presentation values).
    static func extent(of model: Layer) -> Rect {
        var box = DamageTracker.extent(of: model.presentation())
        for sublayer in model.sublayers {
            let shown = sublayer.presentation()
            guard !shown.isHidden else { continue }
            box = box.union(extent(of: sublayer).applying(shown.transformToSuperlayer))
        }
        return box.insetBy(dx: -1, dy: -1)
    }
}
