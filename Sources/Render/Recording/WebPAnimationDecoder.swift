internal import CWebP

/// Reads an animated (or still) WebP with libwebpdemux's `WebPAnimDecoder`, which composites
/// each frame onto the full canvas.
enum WebPAnimationDecoder {
    static func decode(_ bytes: [UInt8], path: String) throws(RecordingError) -> DecodedAnimation {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw .cannotRead(path: path, reason: "libwebp version mismatch")
        }
        options.color_mode = MODE_bgrA  // premultiplied; bytes B, G, R, A
        options.use_threads = 0
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<DecodedAnimation, RecordingError> in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                return .failure(.cannotRead(path: path, reason: "not a valid WebP"))
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
                return .failure(.cannotRead(path: path, reason: "no animation header"))
            }
            let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
            var frames: [DecodedAnimation.Frame] = []
            var previousEnd: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas else {
                    return .failure(.cannotRead(path: path, reason: "frame \(frames.count) is damaged"))
                }
                let pixels = (0..<(width * height)).map { i in
                    UInt32(canvas[4 * i + 3]) << 24 | UInt32(canvas[4 * i + 2]) << 16
                        | UInt32(canvas[4 * i + 1]) << 8 | UInt32(canvas[4 * i])
                }
                frames.append(
                    DecodedAnimation.Frame(pixels: pixels, durationMilliseconds: Int(end - previousEnd)))
                previousEnd = end
            }
            return .success(
                DecodedAnimation(
                    format: .webp, width: width, height: height, loopCount: Int(info.loop_count),
                    frames: frames))
        }
        return try result.get()
    }
}
