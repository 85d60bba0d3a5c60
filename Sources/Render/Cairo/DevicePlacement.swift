import Animation
internal import CCairo

/// Where the current transform puts layer coordinates on the device, when it only scales
/// (by positive factors, no rotation or shear) and translates: device = offset + scale · p.
struct DevicePlacement: Hashable {
    /// Device pixels per layer unit, x and y.
    var scale: Size
    /// Where the layer's origin lands, device pixels (fractional).
    var offset: Point

    /// Device coordinates of the layer point `p`.
    func device(_ p: Point) -> Point {
        Point(x: offset.x + scale.width * p.x, y: offset.y + scale.height * p.y)
    }
}

extension CairoContext {
    /// The placement of the current transform when it is a positive scale and a translation,
    /// else nil (rotations and shears are drawn directly).
    var devicePlacement: DevicePlacement? {
        withHandle { handle in
            var matrix = cairo_matrix_t()
            cairo_get_matrix(handle, &matrix)
            guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.yy > 0 else { return nil }
            return DevicePlacement(
                scale: Size(width: matrix.xx, height: matrix.yy), offset: Point(x: matrix.x0, y: matrix.y0))
        }
    }

    /// Paints `surface` with its top-left at device point `point`: a plain copy on whole
    /// pixels, a bilinear resample at a fractional point (the pixels' centroid lands exactly on
    /// the point); `alpha` below 1 fades it. Only the whole pixels it can touch are painted.
    func paintSurface(_ surface: CairoSurface, atDevice point: Point, alpha: Double) {
        withHandle { handle in
            cairo_save(handle)
            cairo_identity_matrix(handle)
            surface.withHandle { cairo_set_source_surface(handle, $0, point.x, point.y) }
            let isWhole = point.x == point.x.rounded() && point.y == point.y.rounded()
            if let pattern = cairo_get_source(handle) {
                cairo_pattern_set_filter(pattern, isWhole ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
            }
            let minX = point.x.rounded(.down)
            let minY = point.y.rounded(.down)
            cairo_rectangle(
                handle, minX, minY, (point.x + Double(surface.width)).rounded(.up) - minX,
                (point.y + Double(surface.height)).rounded(.up) - minY)
            if alpha >= 1 {
                cairo_fill(handle)
            } else {
                cairo_clip(handle)
                cairo_paint_with_alpha(handle, alpha)
            }
            cairo_restore(handle)
        }
    }
}
