internal import CCairo
import Foundation

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

    deinit {
        cairo_surface_destroy(handle)
    }

    /// The address of row `row` and the bytes from one row to the next (for a band of rows).
    func rows(from row: Int) -> (base: UnsafeMutablePointer<UInt32>, stride: Int32)? {
        guard let firstRow else { return nil }
        return (firstRow.base + row * Int(firstRow.stride / 4), firstRow.stride)
    }

    /// The first row and the stride, asked of Cairo once: an image surface keeps its memory,
    /// and the sprite compositor asks for every copy.
    private lazy var firstRow: (base: UnsafeMutablePointer<UInt32>, stride: Int32)? = {
        guard let data = cairo_image_surface_get_data(handle) else { return nil }
        return (
            UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
            cairo_image_surface_get_stride(handle)
        )
    }()

    func withHandle<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(handle) }

    /// The pixels as a PNG file's bytes (byte-identical for identical pixels).
    ///
    /// Encoded in memory rather than by `cairo_surface_write_to_png`, whose only error for a
    /// failed write is "error while writing to output stream": the caller writes the bytes and
    /// can say why that failed (no space left on device).
    func pngBytes() throws(RenderError) -> [UInt8] {
        cairo_surface_flush(handle)
        var bytes: [UInt8] = []
        let status = withUnsafeMutablePointer(to: &bytes) { output in
            cairo_surface_write_to_png_stream(
                handle,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    let output = closure.assumingMemoryBound(to: [UInt8].self)
                    output.pointee.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, output)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .cannotEncodePNG(reason: String(cString: cairo_status_to_string(status)))
        }
        return bytes
    }

    /// Writes the pixels as a PNG; the same pixels give the same bytes. A failed write says
    /// why in the system's words ("No space left on device") and leaves no file behind.
    func writePNG(to path: String) throws(RenderError) {
        let bytes = try pngBytes()
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWritePNG(path: path, reason: Self.lastError()) }
        var written = 0
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count, let base = buffer.baseAddress {
                let count = write(descriptor, base + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? Self.lastError() : "the file system took no bytes"
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0 && failure == nil { failure = Self.lastError() }
        if let failure {
            unlink(path)
            throw .cannotWritePNG(path: path, reason: failure)
        }
    }

    /// `strerror(errno)`: the system's words for the last failure.
    private static func lastError() -> String { String(cString: strerror(errno)) }

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
