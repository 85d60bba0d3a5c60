import Animation
import Render

/// The benchmarks' baseline: the same frames drawn straight through `CairoContext` with no
/// engine, from a flat list of what each frame shows (fills, strokes, borders, images and
/// text, taken from the presentation tree beforehand, outside the timing). What the engine
/// costs on top is frame time / baseline.
public final class DirectCairoBaseline {
    /// One frame as plain drawing commands in window coordinates.
    public struct Frame {
        enum Item {
            case fill(transform: AffineTransform, path: BezierPath, color: Color, alpha: Double)
            case stroke(transform: AffineTransform, path: BezierPath, style: StrokeStyle, alpha: Double)
            case image(transform: AffineTransform, name: String, rect: Rect, alpha: Double)
            case text(
                transform: AffineTransform, string: String, rect: Rect, size: Double, bold: Bool,
                color: Color,
                alignment: TextAlignment)
        }
        var items: [Item] = []
        /// Each item's box in window pixels, to leave out what a region does not touch.
        var boxes: [Rect] = []
        /// Where the first item is an opaque rectangle (a scene's background), its box in window
        /// pixels: what it covers need not be cleared first, as the renderer does not.
        var opaqueFirstBox: Rect?

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
            if items.isEmpty, layer.backgroundColor.alpha >= 1, alpha >= 1, layer.cornerRadius == 0,
                transform.b == 0, transform.c == 0
            {
                opaqueFirstBox = layer.bounds.applying(transform)
            }
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
            if let text = layer as? TextLayer, !text.string.isEmpty {
                items.append(
                    .text(
                        transform: transform, string: text.string, rect: layer.bounds, size: text.fontSize,
                        bold: text.isBold,
                        color: text.foregroundColor.withAlpha(text.foregroundColor.alpha * alpha),
                        alignment: text.alignment))
            }
            if layer.borderWidth > 0 && layer.borderColor.alpha > 0 {
                let inset = layer.borderWidth / 2
                let border = BezierPath(
                    roundedRect: layer.bounds.insetBy(dx: inset, dy: inset),
                    cornerRadius: max(layer.cornerRadius - inset, 0))
                let style = StrokeStyle(
                    color: layer.borderColor, width: layer.borderWidth, cap: .butt, join: .miter,
                    miterLimit: 10,
                    dashes: [], dashPhase: 0)
                items.append(.stroke(transform: transform, path: border, style: style, alpha: alpha))
            }
            for sublayer in model.sublayers { collect(sublayer, transform: transform, alpha: alpha) }
        }
    }

    private let surface: CairoSurface
    private let context: CairoContext
    private let images = ImageStore()

    public init(width: Int, height: Int) throws(RenderError) {
        surface = try CairoSurface(width: width, height: height)
        context = CairoContext(surface: surface)
    }

    /// Draws `frame` over black: the whole surface, or only `region` (clipped to it).
    public func draw(_ frame: Frame, in region: Rect? = nil) {
        context.save()
        defer { context.restore() }
        if let region { context.clip(to: region) }
        let drawn = region ?? Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
        // A background over all of it paints every pixel: no clear, as the renderer does not.
        if !(frame.opaqueFirstBox?.contains(drawn) ?? false) { context.clear(to: .black) }
        for (index, item) in frame.items.enumerated() {
            if let region, !frame.boxes[index].intersects(region) { continue }
            context.save()
            defer { context.restore() }
            switch item {
            case .fill(let transform, let path, let color, let alpha):
                context.concatenate(transform)
                context.fill(path, color: color.withAlpha(color.alpha * alpha))
            case .stroke(let transform, let path, var style, let alpha):
                context.concatenate(transform)
                style.color = style.color.withAlpha(style.color.alpha * alpha)
                context.stroke(path, style: style)
            case .image(let transform, let name, let rect, let alpha):
                guard let image = images.image(named: name) else { continue }
                context.concatenate(transform)
                context.draw(image, in: rect, alpha: alpha)
            case .text(let transform, let string, let rect, let size, let bold, let color, let alignment):
                context.concatenate(transform)
                context.draw(
                    text: string, in: rect, fontSize: size, bold: bold, color: color, alignment: alignment)
            }
        }
    }
}
