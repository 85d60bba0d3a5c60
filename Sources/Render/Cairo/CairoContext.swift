import Animation
internal import CCairo

/// How a stroke looks: the shape layer's line settings.
public struct StrokeStyle: Hashable, Sendable {
    public var color: Color
    public var width: Double
    public var cap: LineCap
    public var join: LineJoin
    public var miterLimit: Double
    public var dashes: [Double]
    public var dashPhase: Double

    public init(
        color: Color, width: Double, cap: LineCap, join: LineJoin, miterLimit: Double, dashes: [Double],
        dashPhase: Double
    ) {
        self.color = color
        self.width = width
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}

/// Owns a Cairo drawing context on a surface and speaks the engine's types. Public for the
/// direct-Cairo baseline of the benchmarks, which draws through it as the renderer does.
public final class CairoContext {
    private let handle: OpaquePointer
    private let surface: CairoSurface

    public init(surface: CairoSurface) {
        self.surface = surface
        handle = surface.withHandle { cairo_create($0) }
        cairo_set_antialias(handle, CAIRO_ANTIALIAS_DEFAULT)
    }

    deinit { cairo_destroy(handle) }

    func withHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(handle) }

    public func save() { cairo_save(handle) }
    public func restore() { cairo_restore(handle) }

    /// Maps later drawing through `t` (then through what was there before).
    public func concatenate(_ t: AffineTransform) {
        guard !t.isIdentity else { return }
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(handle, &matrix)
    }

    /// Paints everything with `color`, replacing what was there.
    public func clear(to color: Color) {
        cairo_save(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(handle)
        cairo_restore(handle)
    }

    /// Limits drawing to `rect` (in the current space).
    public func clip(to rect: Rect) {
        cairo_rectangle(handle, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(handle)
    }

    /// Copies `other`'s pixels over everything.
    func paint(_ other: CairoSurface) {
        cairo_save(handle)
        cairo_set_operator(handle, CAIRO_OPERATOR_SOURCE)
        other.withHandle { cairo_set_source_surface(handle, $0, 0, 0) }
        cairo_paint(handle)
        cairo_restore(handle)
    }

    /// Limits drawing to the union of `rects`.
    public func clip(to rects: [Rect]) {
        cairo_new_path(handle)
        for rect in rects { cairo_rectangle(handle, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_clip(handle)
    }

    /// Limits drawing to the inside of `path`.
    func clip(to path: BezierPath) {
        addPath(path)
        cairo_clip(handle)
    }

    /// Starts an offscreen group (for opacity applied to a layer and its sublayers at once).
    func beginGroup() { cairo_push_group(handle) }

    /// Composites the group with `alpha`.
    func endGroup(alpha: Double) {
        cairo_pop_group_to_source(handle)
        cairo_paint_with_alpha(handle, alpha)
    }

    public func fill(_ path: BezierPath, color: Color, rule: FillRule = .nonZero) {
        guard color.alpha > 0, !path.isEmpty else { return }
        addPath(path)
        cairo_set_fill_rule(handle, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        setSource(color)
        cairo_fill(handle)
    }

    public func stroke(_ path: BezierPath, style: StrokeStyle) {
        guard style.color.alpha > 0, style.width > 0, !path.isEmpty else { return }
        addPath(path)
        setSource(style.color)
        cairo_set_line_width(handle, style.width)
        switch style.cap {
        case .butt: cairo_set_line_cap(handle, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(handle, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(handle, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.join {
        case .miter: cairo_set_line_join(handle, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(handle, CAIRO_LINE_JOIN_BEVEL)
        }
        cairo_set_miter_limit(handle, style.miterLimit)
        let dashes = style.dashes.filter { $0 >= 0 }
        if !dashes.isEmpty && dashes.contains(where: { $0 > 0 }) {
            dashes.withUnsafeBufferPointer { buffer in
                cairo_set_dash(handle, buffer.baseAddress, Int32(buffer.count), style.dashPhase)
            }
        } else {
            cairo_set_dash(handle, nil, 0, 0)
        }
        cairo_stroke(handle)
    }

    /// Draws `image` scaled to fill `rect`, with `alpha`.
    public func draw(_ image: CairoSurface, in rect: Rect, alpha: Double) {
        draw(image, in: rect, alpha: alpha, cache: nil)
    }

    /// Draws `image` as above. Where the current transform only scales and translates, a copy
    /// scaled once to its size in device pixels (from `cache`, `ScaledImageCache.copy`) is
    /// painted instead of scaling the image again every frame.
    func draw(
        _ image: CairoSurface, in rect: Rect, alpha: Double, cache: ScaledImageCache?,
        snapsToPixels: Bool = true
    ) {
        guard rect.width > 0, rect.height > 0, image.width > 0, image.height > 0 else { return }
        if let cache, let placement = devicePlacement {
            // Wholly outside the surface (a bubble not yet on screen): nothing to scale or paint.
            let box = Rect(
                origin: placement.device(rect.origin),
                size: Size(
                    width: rect.width * placement.scale.width, height: rect.height * placement.scale.height))
            let surfaceBox = Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))
            guard box.intersects(surfaceBox) else { return }
            if let copy = cache.copy(of: image, in: rect, placement: placement, snapsToPixels: snapsToPixels)
            {
                paintSurface(copy.surface, atDevice: copy.origin, alpha: alpha)
                return
            }
        }
        cairo_save(handle)
        defer { cairo_restore(handle) }
        cairo_rectangle(handle, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(handle)
        cairo_translate(handle, rect.minX, rect.minY)
        cairo_scale(handle, rect.width / Double(image.width), rect.height / Double(image.height))
        image.withHandle { cairo_set_source_surface(handle, $0, 0, 0) }
        if let pattern = cairo_get_source(handle) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        if alpha >= 1 { cairo_paint(handle) } else { cairo_paint_with_alpha(handle, alpha) }
    }

    /// Draws one line of text in `rect`, centred vertically, aligned horizontally. Public for
    /// the direct-Cairo baseline of the benchmarks, which draws text as the renderer does.
    public func draw(
        text: String, in rect: Rect, fontSize: Double, bold: Bool, color: Color, alignment: TextAlignment
    ) {
        guard !text.isEmpty, color.alpha > 0 else { return }
        setFont(bold: bold, size: fontSize)
        guard let run = GlyphRuns.shared.run(of: text, fontSize: fontSize, bold: bold, in: handle) else {
            return
        }
        let x: Double
        switch alignment {
        case .left: x = rect.minX
        case .center: x = rect.midX - run.width / 2
        case .right: x = rect.maxX - run.width
        }
        setSource(color)
        run.show(atX: x, y: rect.midY + (run.ascent - run.descent) / 2, in: handle)
    }

    /// The outlines of the glyphs `draw(text:…)` draws, placed as it places them (for export
    /// to formats whose players draw no text: docs/LOTTIE.md).
    ///
    /// `deviceTransform` is the layer's transform to the frame: hinting rounds metrics in
    /// device pixels, so the glyphs are set under its scale and rotation, as drawn.
    public func outline(
        ofText text: String, in rect: Rect, fontSize: Double, bold: Bool, alignment: TextAlignment,
        deviceTransform: Animation.AffineTransform = .identity
    ) -> BezierPath {
        guard !text.isEmpty else { return BezierPath() }
        var matrix = cairo_matrix_t(
            xx: deviceTransform.a, yx: deviceTransform.b, xy: deviceTransform.c, yy: deviceTransform.d, x0: 0,
            y0: 0)
        guard deviceTransform.determinant != 0 else { return BezierPath() }
        cairo_set_matrix(handle, &matrix)
        defer { cairo_identity_matrix(handle) }
        setFont(bold: bold, size: fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(handle, text, &extents)
        var font = cairo_font_extents_t()
        cairo_font_extents(handle, &font)
        let x: Double
        switch alignment {
        case .left: x = rect.minX
        case .center: x = rect.midX - extents.x_advance / 2
        case .right: x = rect.maxX - extents.x_advance
        }
        // Glyph by glyph, each drawn at the origin and moved in place here: Cairo leaves out
        // glyphs far outside the surface, and this one is a pixel.
        var path = BezierPath()
        guard let scaledFont = cairo_get_scaled_font(handle) else { return path }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let status = cairo_scaled_font_text_to_glyphs(
            scaledFont, x, rect.midY + (font.ascent - font.descent) / 2, text, -1, &glyphs, &count, nil, nil,
            nil)
        guard status == CAIRO_STATUS_SUCCESS, let glyphs else { return path }
        defer { cairo_glyph_free(glyphs) }
        for index in 0..<Int(count) {
            var glyph = glyphs[index]
            let origin = Point(x: glyph.x, y: glyph.y)
            glyph.x = 0
            glyph.y = 0
            cairo_new_path(handle)
            cairo_glyph_path(handle, &glyph, 1)
            guard let copied = cairo_copy_path(handle) else { continue }
            defer { cairo_path_destroy(copied) }
            let elements = Int(copied.pointee.num_data)
            var offset = 0
            while offset < elements, let data = copied.pointee.data {
                let header = data[offset].header
                func point(_ at: Int) -> Point {
                    Point(x: data[offset + at].point.x + origin.x, y: data[offset + at].point.y + origin.y)
                }
                switch header.type {
                case CAIRO_PATH_MOVE_TO: path.move(to: point(1))
                case CAIRO_PATH_LINE_TO: path.addLine(to: point(1))
                case CAIRO_PATH_CURVE_TO:
                    path.addCurve(to: point(3), controlPoint1: point(1), controlPoint2: point(2))
                case CAIRO_PATH_CLOSE_PATH: path.close()
                default: break
                }
                offset += max(Int(header.length), 1)
            }
        }
        cairo_new_path(handle)
        return path
    }

    /// How far `text` advances in one line, in pixels, as `draw(text:…)` sets it.
    public func advance(of text: String, fontSize: Double, bold: Bool) -> Double {
        guard !text.isEmpty else { return 0 }
        setFont(bold: bold, size: fontSize)
        var extents = cairo_text_extents_t()
        cairo_text_extents(handle, text, &extents)
        return extents.x_advance
    }

    /// DejaVu Sans (bold or not) at `size` pixels, in the faces every text of the process uses
    /// (`FontFaces`: why not `cairo_select_font_face`).
    private func setFont(bold: Bool, size: Double) {
        cairo_set_font_face(handle, FontFaces.face(bold: bold))
        cairo_set_font_size(handle, size)
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(handle, color.red, color.green, color.blue, color.alpha)
    }

    private func addPath(_ path: BezierPath) {
        cairo_new_path(handle)
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(handle, p.x, p.y)
            case .line(let p): cairo_line_to(handle, p.x, p.y)
            case .quadCurve(let p, let c):
                var x0 = 0.0
                var y0 = 0.0
                if cairo_has_current_point(handle) != 0 {
                    cairo_get_current_point(handle, &x0, &y0)
                } else {
                    cairo_move_to(handle, c.x, c.y)
                    x0 = c.x
                    y0 = c.y
                }
                // A quadratic is the cubic with controls 2/3 of the way to its control point.
                cairo_curve_to(
                    handle, x0 + 2 / 3 * (c.x - x0), y0 + 2 / 3 * (c.y - y0),
                    p.x + 2 / 3 * (c.x - p.x), p.y + 2 / 3 * (c.y - p.y), p.x, p.y)
            case .curve(let p, let c1, let c2): cairo_curve_to(handle, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .close: cairo_close_path(handle)
            }
        }
    }
}
