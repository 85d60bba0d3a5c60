import Animation

/// Draws layer trees into a whole frame: a surface of its own (`render`, screenshots) or
/// memory the window host owns (a shared-memory segment).
public final class FrameCanvas {
    private let renderer: LayerRenderer
    public let images: ImageStore

    public init(images: ImageStore = ImageStore()) {
        self.images = images
        renderer = LayerRenderer(images: images)
    }

    /// Draws `root` over `background` into a new image of `size`.
    public func render(_ root: Layer, size: Size, background: Color = .black) throws(RenderError)
        -> RenderedFrame
    {
        let surface = try CairoSurface(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        let context = CairoContext(surface: surface)
        context.clear(to: background)
        renderer.draw(root, in: context)
        return RenderedFrame(surface: surface)
    }

    /// Draws `root` into `buffer` (32-bit native-endian xRGB rows of `stride` bytes), valid
    /// only during the call.
    public func render(
        _ root: Layer, into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int,
        background: Color = .black
    ) throws(RenderError) {
        let surface = try CairoSurface(wrapping: buffer, width: width, height: height, stride: stride)
        let context = CairoContext(surface: surface)
        context.clear(to: background)
        renderer.draw(root, in: context)
        surface.withHandleFlush()
    }
}
