import Animation

/// Draws layer trees into whole new frames (`render`, screenshots); the window draws with an
/// `IncrementalCanvas` instead.
public final class FrameRenderer {
    let renderer: LayerRenderer
    public let images: ImageStore

    public init(images: ImageStore = ImageStore()) {
        self.images = images
        renderer = LayerRenderer(images: images)
        // Whole frames are exact (docs/ARCHITECTURE.md § Window and render).
        renderer.usesMovingLayerCache = false
    }

    /// Draws `root` over `background` into a new image of `size`.
    /// - Parameter omitted: layers left out with their sublayers, as if hidden for this draw
    ///   only (a screenshot leaves out the window's toast and recording dot; the model and
    ///   other renderers see no change).
    public func render(_ root: Layer, size: Size, background: Color = .black, omitting omitted: [Layer] = [])
        throws(RenderError) -> RenderedFrame
    {
        let surface = try CairoSurface(width: Int(size.width.rounded()), height: Int(size.height.rounded()))
        let context = CairoContext(surface: surface)
        context.clear(to: background)
        renderer.omitted = Set(omitted.map(ObjectIdentifier.init))
        defer { renderer.omitted = [] }
        renderer.draw(
            root, in: context, compositor: SpriteCompositor(target: surface),
            clip: [Rect(x: 0, y: 0, width: Double(surface.width), height: Double(surface.height))])
        return RenderedFrame(surface: surface)
    }
}
