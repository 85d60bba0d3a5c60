internal import CCairo

/// Owns one Cairo image surface (ARGB32, premultiplied, native-endian 32-bit pixels).
public final class CairoSurface {
    private let handle: OpaquePointer
    public let width: Int
    public let height: Int

    /// A new surface of `width` × `height` transparent pixels.
    public init(width: Int, height: Int) throws(RenderError) {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw .cannotCreateSurface(width: width, height: height)
        }
        let surface: OpaquePointer = cairo_image_surface_create(
            CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)  // cairo returns an error object, never NULL
            throw .cannotCreateSurface(width: width, height: height)
        }
        handle = surface
        self.width = width
        self.height = height
    }

    /// A surface over memory the caller owns (a shared-memory segment), valid while it lives.
    init(wrapping buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int)
        throws(RenderError)
    {
        guard let base = buffer.baseAddress, width > 0, height > 0, stride >= width * 4,
            buffer.count >= stride * height
        else { throw .cannotCreateSurface(width: width, height: height) }
        let surface: OpaquePointer = cairo_image_surface_create_for_data(
            base.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
            Int32(stride))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cannotCreateSurface(width: width, height: height)
        }
        handle = surface
        self.width = width
        self.height = height
    }

    /// A new surface holding `pixels` (premultiplied ARGB words, row by row).
    convenience init(width: Int, height: Int, pixels: [UInt32]) throws(RenderError) {
        guard pixels.count == width * height else { throw .cannotCreateSurface(width: width, height: height) }
        try self.init(width: width, height: height)
        cairo_surface_flush(handle)
        guard let data = cairo_image_surface_get_data(handle) else { return }
        let stride = Int(cairo_image_surface_get_stride(handle))
        pixels.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                UnsafeMutableRawPointer(data + row * stride).copyMemory(
                    from: base + row * width * 4, byteCount: width * 4)
            }
        }
        cairo_surface_mark_dirty(handle)
    }

    /// Reads a PNG file.
    init(contentsOfPNG path: String) throws(RenderError) {
        let surface: OpaquePointer = cairo_image_surface_create_from_png(path)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cannotReadPNG(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        handle = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(handle) }

    func withHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(handle) }

    /// Writes the pixels as a PNG (byte-identical for identical pixels).
    func writePNG(to path: String) throws(RenderError) {
        cairo_surface_flush(handle)
        let status = cairo_surface_write_to_png(handle, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotWritePNG(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// A copy of the pixels, row by row, premultiplied ARGB in native 32-bit words.
    func pixels() -> [UInt32] {
        cairo_surface_flush(handle)
        guard let data = cairo_image_surface_get_data(handle) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(handle))
        var result = [UInt32](repeating: 0, count: width * height)
        result.withUnsafeMutableBytes { out in
            for row in 0..<height {
                let source = UnsafeRawPointer(data + row * stride)
                out.baseAddress.map { ($0 + row * width * 4).copyMemory(from: source, byteCount: width * 4) }
            }
        }
        return result
    }
}

extension CairoSurface {
    /// Makes sure every drawing operation has reached the pixels.
    func withHandleFlush() { withHandle { cairo_surface_flush($0) } }
}
