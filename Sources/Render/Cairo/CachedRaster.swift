import Animation
internal import CCairo

/// A layer's drawing rasterised once, at the device scale it is shown at, over the whole
/// device pixels around it, to be painted again wherever the layer moves.
///
/// It is painted on whole pixels when the layer's origin falls on one, and otherwise at the
/// fractional offset through a bilinear filter: a layer moving at a steady speed then moves
/// by the same amount every frame (linear interpolation moves the centroid of the pixels by
/// exactly the offset), where rounding to whole pixels would step 1, 2, 1, 1, 2 pixels.
final class CachedRaster {
    private let surface: CairoSurface?
    /// The raster's pixels relative to the layer's origin on the device: whole pixels.
    private let deviceBox: Rect
    /// The device pixels per layer unit it was drawn at (x, y).
    let scale: Size

    /// Rasterises `draw` (which draws in layer coordinates) over the device pixels of `box`
    /// (layer coordinates) at `scale` device pixels per layer unit.
    init(box: Rect, scale: Size, draw: (CairoContext) -> Void) {
        self.scale = scale
        deviceBox = Rect(
            x: box.minX * scale.width, y: box.minY * scale.height, width: box.width * scale.width,
            height: box.height * scale.height
        ).integral.insetBy(dx: -1, dy: -1)
        surface = try? CairoSurface(width: Int(deviceBox.width), height: Int(deviceBox.height))
        guard let surface else { return }
        let context = CairoContext(surface: surface)
        context.concatenate(AffineTransform(translationX: -deviceBox.minX, y: -deviceBox.minY))
        context.concatenate(AffineTransform(scaleX: scale.width, y: scale.height))
        draw(context)
        surface.withHandleFlush()
    }

    /// The raster's size in device pixels.
    var pixelCount: Double { deviceBox.width * deviceBox.height }

    /// Paints the raster with its layer's origin at device point `origin` (fractional allowed).
    func paint(in context: CairoContext, at origin: Point) {
        guard let surface else { return }
        context.paintSurface(
            surface, atDevice: Point(x: origin.x + deviceBox.minX, y: origin.y + deviceBox.minY), alpha: 1)
    }
}
