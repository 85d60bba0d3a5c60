import Animation
internal import CCairo

/// A layer's drawing rasterised once into a surface of its box (layer coordinates, whole
/// pixels), to be painted again where the layer moves.
final class CachedRaster {
    private let surface: CairoSurface?
    private let box: Rect

    /// Rasterises `draw` (which draws in layer coordinates) over the pixels of `box`.
    init(box: Rect, draw: (CairoContext) -> Void) {
        self.box = box
        surface = try? CairoSurface(width: Int(box.width), height: Int(box.height))
        guard let surface else { return }
        let context = CairoContext(surface: surface)
        context.concatenate(AffineTransform(translationX: -box.minX, y: -box.minY))
        draw(context)
        surface.withHandleFlush()
    }

    /// Paints the raster with its layer's origin at device `offset`, on whole pixels.
    func paint(in context: CairoContext, at offset: Point) {
        guard let surface else { return }
        context.paintRaster(
            surface, atDevice: Point(x: (offset.x + box.minX).rounded(), y: (offset.y + box.minY).rounded()))
    }
}

extension CairoContext {
    /// The device translation when the current transform is a pure translation, else nil.
    var translationOnly: Point? {
        withHandle { handle in
            var matrix = cairo_matrix_t()
            cairo_get_matrix(handle, &matrix)
            guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 else { return nil }
            return Point(x: matrix.x0, y: matrix.y0)
        }
    }

    /// Paints `surface` with its top-left at device pixel `point`.
    func paintRaster(_ surface: CairoSurface, atDevice point: Point) {
        withHandle { handle in
            cairo_save(handle)
            cairo_identity_matrix(handle)
            surface.withHandle { cairo_set_source_surface(handle, $0, point.x, point.y) }
            cairo_rectangle(handle, point.x, point.y, Double(surface.width), Double(surface.height))
            cairo_fill(handle)
            cairo_restore(handle)
        }
    }
}
