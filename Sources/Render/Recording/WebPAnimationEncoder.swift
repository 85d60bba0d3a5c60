internal import CWebP

/// Owns one libwebp animation encoder (`WebPAnimEncoder` from libwebpmux) and feeds it frames
/// as they arrive; libwebp keeps the encoded frames, not the pixels.
///
/// - Lossless by default (`quality` nil): opaque pixels come back identical. Lossy with a
///   quality of 0…100.
/// - `effort`: libwebp's defaults (`.smallestFile`), or its fastest method (`.fast`, lossless
///   level 0 of `WebPConfigLosslessPreset`: method 0, effort 0), whose pixels are the same.
/// - Frame `n` starts at round(n × 1000 / fps) milliseconds (`FrameTiming`); the last frame
///   ends at the recording's length, rounded.
/// - libwebp merges a frame identical to its predecessor into it (one frame, twice as long),
///   so a file can hold fewer frames than were appended; the total duration is unchanged.
/// - Frames are premultiplied; WebP stores straight alpha, so partly transparent pixels are
///   divided by their alpha first (exact for opaque pixels, which is what scenes draw).
final class WebPAnimationEncoder: FrameEncoder {
    private let handle: OpaquePointer
    private var config = WebPConfig()
    private let width: Int
    private let height: Int
    private let fps: Int
    private var frame = 0

    init(
        width: Int, height: Int, fps: Int, loopCount: Int, quality: Int?,
        effort: EncodingEffort
    ) throws(RecordingError) {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw .encoderFailed(format: .webp, reason: "libwebp version mismatch")
        }
        options.anim_params.loop_count = Int32(loopCount)
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
        guard let handle = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw .encoderFailed(format: .webp, reason: "cannot start a \(width)x\(height) animation")
        }
        self.handle = handle
        self.width = width
        self.height = height
        self.fps = fps
    }

    deinit { WebPAnimEncoderDelete(handle) }

    func append(_ pixels: [UInt32]) throws(RecordingError) {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw .encoderFailed(format: .webp, reason: "libwebp version mismatch")
        }
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0, let argb = picture.argb else {
            throw .encoderFailed(format: .webp, reason: "out of memory for a \(width)x\(height) frame")
        }
        defer { WebPPictureFree(&picture) }  // the encoder keeps its own copy
        let stride = Int(picture.argb_stride)
        for y in 0..<height {
            for x in 0..<width {
                argb[y * stride + x] = Self.straight(pixels[y * width + x])
            }
        }
        let timestamp = FrameTiming.start(
            of: frame, fps: fps, unitsPerSecond: FrameTiming.millisecondsPerSecond)
        guard WebPAnimEncoderAdd(handle, &picture, Int32(timestamp), &config) != 0 else {
            throw .encoderFailed(format: .webp, reason: lastError())
        }
        frame += 1
    }

    func finish() throws(RecordingError) -> [UInt8] {
        let end = FrameTiming.start(of: frame, fps: fps, unitsPerSecond: FrameTiming.millisecondsPerSecond)
        guard WebPAnimEncoderAdd(handle, nil, Int32(end), nil) != 0 else {
            throw .encoderFailed(format: .webp, reason: lastError())
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(handle, &data) != 0, let bytes = data.bytes else {
            throw .encoderFailed(format: .webp, reason: lastError())
        }
        defer { WebPDataClear(&data) }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
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

    private func lastError() -> String {
        WebPAnimEncoderGetError(handle).map { String(cString: $0) } ?? "unknown libwebp error"
    }
}
