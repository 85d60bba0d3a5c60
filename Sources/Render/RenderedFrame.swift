import Animation

/// A drawn frame: its pixels, and PNG output.
public final class RenderedFrame {
    let surface: CairoSurface
    public var width: Int { surface.width }
    public var height: Int { surface.height }
    private lazy var cachedPixels: [UInt32] = surface.pixels()

    init(surface: CairoSurface) {
        self.surface = surface
    }

    /// Reads a PNG (a golden image, a screenshot).
    public convenience init(contentsOfPNG path: String) throws(RenderError) {
        self.init(surface: try CairoSurface(contentsOfPNG: path))
    }

    /// Writes the frame as a PNG; the same pixels give the same bytes. A failed write says
    /// why in the system's words ("No space left on device") and leaves no file behind.
    public func writePNG(to path: String) throws(RenderError) {
        try surface.writePNG(to: path)
    }

    /// The frame as a PNG file's bytes.
    public func pngBytes() throws(RenderError) -> [UInt8] { try surface.pngBytes() }

    /// The colour of the pixel at (x, y) (whole pixels, top-left origin), not premultiplied;
    /// nil outside the image.
    public func color(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let argb = cachedPixels[y * width + x]
        let a = Double((argb >> 24) & 0xFF) / 255
        guard a > 0 else { return .clear }
        func channel(_ shift: UInt32) -> Double { min(Double((argb >> shift) & 0xFF) / 255 / a, 1) }
        return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: a)
    }

    /// The colour at the pixel containing `point`.
    public func color(at point: Point) -> Color? {
        color(x: Int(point.x.rounded(.down)), y: Int(point.y.rounded(.down)))
    }

    /// The raw premultiplied ARGB words, row by row.
    public var pixels: [UInt32] { cachedPixels }
}
