import Animation
internal import CCairo

/// The benchmark's floor: the same frames drawn by direct Cairo calls with no engine, from a
/// flat list of what each frame shows (taken from the presentation tree beforehand, outside
/// the timing). What the engine costs on top is frame time / floor time.
public final class DirectCairoFloor {
    /// One frame as plain drawing commands in window coordinates.
    public struct Frame {
        enum Item {
            case fill(transform: AffineTransform, path: BezierPath, color: Color, alpha: Double)
            case stroke(transform: AffineTransform, path: BezierPath, style: StrokeStyle, alpha: Double)
            case image(transform: AffineTransform, name: String, rect: Rect, alpha: Double)
        }
        var items: [Item] = []
        /// Each item's box in window pixels, to leave out what a region does not touch.
        var boxes: [Rect] = []

        /// Flattens the tree as drawn now (trimmed strokes, resolved transforms); opacity is
        /// folded into each item, which is what a hand-written renderer would do.
        public init(_ root: Layer) {
            collect(root, transform: .identity, alpha: 1)
        }

        private mutating func collect(
            _ model: Layer, transform parent: AffineTransform, alpha parentAlpha: Double
        ) {
            let layer = model.presentation()
            guard !layer.isHidden, layer.opacity > 0 else { return }
            let transform = layer.transformToSuperlayer.concatenating(parent)
            let alpha = parentAlpha * layer.opacity
            let box = DamageTracker.extent(of: layer).applying(transform)
            let before = items.count
            defer { boxes += Array(repeating: box, count: items.count - before) }
            if layer.backgroundColor.alpha > 0 {
                let outline =
                    layer.cornerRadius > 0
                    ? BezierPath(roundedRect: layer.bounds, cornerRadius: layer.cornerRadius)
                    : BezierPath(rect: layer.bounds)
                items.append(
                    .fill(transform: transform, path: outline, color: layer.backgroundColor, alpha: alpha))
            }
            if let contents = layer.contents {
                items.append(
                    .image(transform: transform, name: contents.name, rect: layer.bounds, alpha: alpha))
            }
            if let shape = layer as? ShapeLayer {
                if shape.fillColor.alpha > 0 {
                    items.append(
                        .fill(transform: transform, path: shape.path, color: shape.fillColor, alpha: alpha))
                }
                if shape.strokeColor.alpha > 0 {
                    let style = StrokeStyle(
                        color: shape.strokeColor, width: shape.lineWidth, cap: shape.lineCap,
                        join: shape.lineJoin,
                        miterLimit: shape.miterLimit, dashes: shape.lineDashPattern,
                        dashPhase: shape.lineDashPhase)
                    items.append(
                        .stroke(transform: transform, path: shape.trimmedPath, style: style, alpha: alpha))
                }
            }
            for sublayer in model.sublayers { collect(sublayer, transform: transform, alpha: alpha) }
        }
    }

    private let surface: CairoSurface
    private let cairo: OpaquePointer
    private let images = ImageStore()

    public init(width: Int, height: Int) throws(RenderError) {
        surface = try CairoSurface(width: width, height: height)
        cairo = surface.withHandle { cairo_create($0) }
    }

    deinit { cairo_destroy(cairo) }

    /// Draws `frame` over black: the whole surface, or only `region` (clipped to it).
    public func draw(_ frame: Frame, in region: Rect? = nil) {
        cairo_reset_clip(cairo)
        cairo_identity_matrix(cairo)
        if let region {
            cairo_rectangle(cairo, region.minX, region.minY, region.width, region.height)
            cairo_clip(cairo)
        }
        cairo_set_source_rgb(cairo, 0, 0, 0)
        cairo_paint(cairo)
        for (index, item) in frame.items.enumerated() {
            if let region, !frame.boxes[index].intersects(region) { continue }
            switch item {
            case .fill(let t, let path, let color, let alpha):
                setMatrix(t)
                addPath(path)
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * alpha)
                cairo_fill(cairo)
            case .stroke(let t, let path, let style, let alpha):
                setMatrix(t)
                addPath(path)
                let color = style.color
                cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * alpha)
                cairo_set_line_width(cairo, style.width)
                cairo_set_line_cap(
                    cairo,
                    style.cap == .round
                        ? CAIRO_LINE_CAP_ROUND
                        : style.cap == .square
                            ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT)
                cairo_set_line_join(
                    cairo,
                    style.join == .round
                        ? CAIRO_LINE_JOIN_ROUND
                        : style.join == .bevel
                            ? CAIRO_LINE_JOIN_BEVEL : CAIRO_LINE_JOIN_MITER)
                cairo_stroke(cairo)
            case .image(let t, let name, let rect, let alpha):
                guard let image = images.image(named: name), rect.width > 0, rect.height > 0 else { continue }
                setMatrix(t)
                cairo_translate(cairo, rect.minX, rect.minY)
                cairo_scale(cairo, rect.width / Double(image.width), rect.height / Double(image.height))
                image.withHandle { cairo_set_source_surface(cairo, $0, 0, 0) }
                cairo_paint_with_alpha(cairo, alpha)
            }
        }
        cairo_surface_flush(surface.withHandle { $0 })
    }

    private func setMatrix(_ t: AffineTransform) {
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_set_matrix(cairo, &matrix)
    }

    private func addPath(_ path: BezierPath) {
        cairo_new_path(cairo)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cairo, p.x, p.y)
            case .line(let p): cairo_line_to(cairo, p.x, p.y)
            case .quadCurve(let p, let c):
                var x0 = 0.0
                var y0 = 0.0
                cairo_get_current_point(cairo, &x0, &y0)
                cairo_curve_to(
                    cairo, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0), p.x + 2 / 3 * (c.x - p.x),
                    p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(cairo)
            }
        }
    }
}
