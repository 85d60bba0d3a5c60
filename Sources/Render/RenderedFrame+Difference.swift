import Animation

extension RenderedFrame {
    /// A frame of `width` × `height` holding `pixels` (premultiplied ARGB words, row by row).
    public convenience init(width: Int, height: Int, pixels: [UInt32]) throws(RenderError) {
        self.init(surface: try CairoSurface(width: width, height: height, pixels: pixels))
    }

    /// A picture of where `a` and `b` differ: pixels whose channels differ by more than
    /// `threshold` (of 255) in red, the rest a faded grey copy of `b`. Same sizes required.
    public static func difference(_ a: RenderedFrame, _ b: RenderedFrame, threshold: Int) throws(RenderError)
        -> RenderedFrame
    {
        guard a.width == b.width, a.height == b.height else {
            throw .cannotCreateSurface(width: a.width, height: a.height)
        }
        let pa = a.pixels
        let pb = b.pixels
        var out = [UInt32](repeating: 0, count: pa.count)
        for index in pa.indices {
            var delta: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let ca = (pa[index] >> shift) & 0xFF
                let cb = (pb[index] >> shift) & 0xFF
                delta = max(delta, ca > cb ? ca - cb : cb - ca)
            }
            if delta > UInt32(threshold) {
                out[index] = 0xFFFF_0000
            } else {
                let grey =
                    160 + (((pb[index] >> 16) & 0xFF) + ((pb[index] >> 8) & 0xFF) + (pb[index] & 0xFF)) / 12
                out[index] = 0xFF00_0000 | grey << 16 | grey << 8 | grey
            }
        }
        return try RenderedFrame(width: a.width, height: a.height, pixels: out)
    }
}
