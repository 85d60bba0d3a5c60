internal import CWebP
import Foundation

/// Encodes each frame with libwebp (`WebPEncode`) as it arrives and writes it to the output
/// with `AnimatedWebPWriter`, so the recording holds one encoded frame and one frame of
/// pixels, never the file: streamed into a `PartialFile`, its memory does not grow with its
/// length.
///
/// - Lossless by default (`quality` nil): opaque pixels come back identical. Lossy with a
///   quality of 0…100.
/// - `effort`: libwebp's defaults (`.smallestFile`), or its fastest method (`.fast`, lossless
///   level 0 of `WebPConfigLosslessPreset`: method 0, effort 0), whose pixels are the same.
/// - Frame `n` starts at round(n × 1000 / fps) milliseconds (`FrameTiming`); the last frame
///   ends at the recording's length, rounded.
/// - Only what changed is encoded: the smallest rectangle holding every pixel that differs
///   from the frame before, its corner moved to even coordinates (the container stores half
///   offsets). Lossless, when every changed pixel is opaque, the unchanged pixels inside it go
///   in as transparent and the frame is blended over the last one (they compress to almost
///   nothing), as libwebp's own animation encoder does; otherwise the rectangle replaces
///   what was there.
/// - A frame identical to its predecessor makes that one longer instead of adding a frame, so
///   a file can hold fewer frames than were appended; the total duration is unchanged. That is
///   why one encoded frame waits: its duration is known when the next different frame (or the
///   end) comes.
/// - Frames are premultiplied; WebP stores straight alpha, so partly transparent pixels are
///   divided by their alpha first (exact for opaque pixels, which is what scenes draw).
final class WebPAnimationEncoder: FrameEncoder {
    /// An encoded frame waiting for its duration.
    private struct Pending {
        var start: Int  // milliseconds
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var blending: AnimatedWebPWriter.Blending
        var hasAlpha: Bool
        var bitstream: [UInt8]
    }

    private var config = WebPConfig()
    private let width: Int
    private let height: Int
    private let fps: Int
    private var writer: AnimatedWebPWriter
    private var frame = 0
    /// The last frame appended (premultiplied), what the canvas shows once it is drawn.
    private var previous: [UInt32] = []
    private var pending: Pending?

    init(
        output: any RecordingOutput, width: Int, height: Int, fps: Int, loopCount: Int, quality: Int?,
        effort: EncodingEffort
    ) throws(RecordingError) {
        guard WebPConfigInit(&config) != 0 else {
            throw .encoderFailed(format: .webp, reason: "libwebp version mismatch")
        }
        if let quality {
            config.lossless = 0
            config.quality = Float(quality)
            if effort == .fast { config.method = 0 }
        } else if effort == .fast {
            guard WebPConfigLosslessPreset(&config, 0) != 0 else {
                throw .encoderFailed(format: .webp, reason: "libwebp refused lossless level 0")
            }
        } else {
            config.lossless = 1
        }
        guard WebPValidateConfig(&config) != 0 else {
            throw .encoderFailed(format: .webp, reason: "invalid configuration")
        }
        self.width = width
        self.height = height
        self.fps = fps
        writer = try AnimatedWebPWriter(output: output, width: width, height: height, loopCount: loopCount)
    }

    func append(_ pixels: [UInt32]) throws(RecordingError) {
        let start = FrameTiming.start(of: frame, fps: fps, unitsPerSecond: FrameTiming.millisecondsPerSecond)
        let rectangle: Rectangle
        if previous.isEmpty {
            rectangle = Rectangle(x: 0, y: 0, width: width, height: height)
        } else if let changed = changedRectangle(from: previous, to: pixels) {
            rectangle = changed
        } else {
            frame += 1  // the same picture: the pending frame lasts longer
            return
        }
        let next = try encode(pixels, in: rectangle, start: start)
        try writePending(until: start)
        pending = next
        previous = pixels
        frame += 1
    }

    func finish() throws(RecordingError) {
        try writePending(
            until: FrameTiming.start(of: frame, fps: fps, unitsPerSecond: FrameTiming.millisecondsPerSecond))
        try writer.finish()
    }

    func finishAfterWriteError() throws(RecordingError) -> Int? {
        guard writer.frameCount > 0 else { return nil }
        try writer.finishAtLastWholeFrame()
        return writer.milliseconds
    }

    /// Writes the pending frame, which lasts until `end` milliseconds.
    private func writePending(until end: Int) throws(RecordingError) {
        guard let pending else { return }
        guard end - pending.start <= AnimatedWebPWriter.maxDuration else {
            throw .encoderFailed(format: .webp, reason: "a frame shows longer than WebP can time (4.6 hours)")
        }
        try writer.appendFrame(
            x: pending.x, y: pending.y, width: pending.width, height: pending.height,
            duration: end - pending.start, blending: pending.blending, hasAlpha: pending.hasAlpha,
            bitstream: pending.bitstream)
        self.pending = nil
    }

    // MARK: - One frame

    /// A frame's rectangle on the canvas, its corner at even coordinates.
    struct Rectangle: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// Encodes the `rectangle` of `pixels` as a frame starting at `start` milliseconds.
    private func encode(_ pixels: [UInt32], in rectangle: Rectangle, start: Int) throws(RecordingError)
        -> Pending
    {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw .encoderFailed(format: .webp, reason: "libwebp version mismatch")
        }
        picture.use_argb = 1
        picture.width = Int32(rectangle.width)
        picture.height = Int32(rectangle.height)
        guard WebPPictureAlloc(&picture) != 0, let argb = picture.argb else {
            throw .encoderFailed(
                format: .webp, reason: "out of memory for a \(rectangle.width)x\(rectangle.height) frame")
        }
        defer { WebPPictureFree(&picture) }
        let stride = Int(picture.argb_stride)
        // Blend over the last frame when that is exact: lossless, and every changed pixel opaque
        // (a blended pixel that is not transparent must cover what is under it).
        var blends = !previous.isEmpty && config.lossless != 0
        var hasAlpha = false
        pixels.withUnsafeBufferPointer { new in
            previous.withUnsafeBufferPointer { old in
                for y in 0..<rectangle.height {
                    let row = (rectangle.y + y) * width + rectangle.x
                    for x in 0..<rectangle.width {
                        let pixel = new[row + x]
                        if pixel >> 24 != 0xFF {
                            hasAlpha = true
                            if blends && pixel != old[row + x] { blends = false }
                        }
                        argb[y * stride + x] = Self.straight(pixel)
                    }
                }
                guard blends else { return }
                hasAlpha = true
                for y in 0..<rectangle.height {
                    let row = (rectangle.y + y) * width + rectangle.x
                    for x in 0..<rectangle.width where new[row + x] == old[row + x] {
                        argb[y * stride + x] = 0
                    }
                }
            }
        }
        var memory = WebPMemoryWriter()
        WebPMemoryWriterInit(&memory)
        defer { WebPMemoryWriterClear(&memory) }
        let encoded = withUnsafeMutablePointer(to: &memory) { memory in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(memory)
            return WebPEncode(&config, &picture) != 0
        }
        guard encoded, let bytes = memory.mem else {
            throw .encoderFailed(format: .webp, reason: Self.describe(picture.error_code))
        }
        guard
            let chunks = AnimatedWebPWriter.frameChunks(
                ofStill: UnsafeRawBufferPointer(start: bytes, count: memory.size))
        else {
            throw .encoderFailed(format: .webp, reason: "libwebp wrote a frame laid out unlike a still WebP")
        }
        return Pending(
            start: start, x: rectangle.x, y: rectangle.y, width: rectangle.width, height: rectangle.height,
            blending: blends ? .blend : .replace, hasAlpha: hasAlpha, bitstream: Array(chunks))
    }

    /// The smallest rectangle holding every pixel that differs, its corner moved down to even
    /// coordinates; nil when none differs.
    func changedRectangle(from old: [UInt32], to new: [UInt32]) -> Rectangle? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                guard let oldStart = old.baseAddress, let newStart = new.baseAddress else { return nil }
                var (minX, minY, maxX, maxY) = (width, height, -1, -1)
                for y in 0..<height {
                    let row = y * width
                    // Rows that are the same compare as memory, the common case.
                    if memcmp(oldStart + row, newStart + row, width * 4) == 0 { continue }
                    var x = 0
                    while x < minX && old[row + x] == new[row + x] { x += 1 }
                    var last = width - 1
                    while last > maxX && old[row + last] == new[row + last] { last -= 1 }
                    (minX, maxX) = (min(minX, x), max(maxX, last))
                    if minY > y { minY = y }
                    maxY = y
                }
                guard maxX >= 0 else { return nil }
                let (x, y) = (minX & ~1, minY & ~1)
                return Rectangle(x: x, y: y, width: maxX - x + 1, height: maxY - y + 1)
            }
        }
    }

    /// A premultiplied ARGB word as straight (non-premultiplied) ARGB, rounded to nearest.
    static func straight(_ pixel: UInt32) -> UInt32 {
        let alpha = pixel >> 24
        guard alpha != 0xFF else { return pixel }
        guard alpha != 0 else { return 0 }
        func channel(_ shift: UInt32) -> UInt32 {
            min((((pixel >> shift) & 0xFF) * 255 + alpha / 2) / alpha, 255) << shift
        }
        return alpha << 24 | channel(16) | channel(8) | channel(0)
    }

    /// libwebp's encoding error in words.
    private static func describe(_ error: WebPEncodingError) -> String {
        switch error {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "a frame of a size it cannot encode"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW:
            return "a frame too large for lossy WebP's partitions"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "a frame over 4 GiB"
        default: return "libwebp error \(error.rawValue)"
        }
    }
}
