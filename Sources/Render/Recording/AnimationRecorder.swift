import Animation

/// Records frames, one at a time, into an animated GIF or WebP, then writes the file whole.
///
///     let recorder = try AnimationRecorder(format: .gif, width: 800, height: 600, fps: 30)
///     for frame in frames { try recorder.append(pixels: frame.pixels) }
///     try recorder.finish(to: "checkmark.gif")
///
/// Frames are encoded as they arrive, so memory holds the compressed file and one previous
/// frame, never the whole recording. Frame `n` starts at `n / fps` seconds.
///
/// Not thread-safe: one thread owns a recorder. To encode off the frame loop, create it on the
/// encoding thread and send that thread each frame's `pixels` (`[UInt32]`, a `Sendable` value).
/// The same frames and settings always give the same bytes.
public final class AnimationRecorder {
    /// The file format.
    public let format: AnimationFormat
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames per second.
    public let fps: Int
    /// How many times the animation plays; 0 loops forever.
    public let loopCount: Int
    /// WebP only: nil for lossless, else lossy at 0…100.
    public let quality: Int?
    /// How hard the encoder works for a smaller file (WebP; GIF is the same at either).
    public let effort: EncodingEffort
    /// How many frames have been appended.
    public private(set) var frameCount = 0
    private let encoder: any FrameEncoder
    /// The file (or the encoder's error) once `finish` has run: kept so that a failed write can
    /// be retried, and so that the encoder is finished once.
    private var encoded: Result<[UInt8], RecordingError>?

    /// The longest side each format can store (GIF: 16-bit sizes; WebP: 14-bit).
    static let maxSide: [AnimationFormat: Int] = [.gif: 65535, .webp: 16383]
    /// The highest frame rate each format can time: GIF delays are whole centiseconds, WebP
    /// timestamps whole milliseconds.
    static let maxFrameRate: [AnimationFormat: Int] = [.gif: 100, .webp: 1000]

    /// A recorder for frames of `width` × `height` pixels at `fps` frames per second.
    /// - Parameters:
    ///   - loopCount: how many times it plays, 0…65535; 0 (the default) loops forever.
    ///   - quality: WebP only. nil (the default) is lossless; 0…100 is lossy at that quality.
    ///   - effort: `.smallestFile` (the default) or `.fast` (`EncodingEffort`).
    /// - Throws: `RecordingError` naming a size, frame rate, loop count or quality out of range.
    public init(
        format: AnimationFormat, width: Int, height: Int, fps: Int, loopCount: Int = 0, quality: Int? = nil,
        effort: EncodingEffort = .smallestFile
    ) throws(RecordingError) {
        let maxSide = Self.maxSide[format] ?? 0
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw .invalidSize(width: width, height: height, format: format, limit: maxSide)
        }
        let maxFrameRate = Self.maxFrameRate[format] ?? 0
        guard (1...maxFrameRate).contains(fps) else {
            throw .invalidFrameRate(fps, format: format, limit: maxFrameRate)
        }
        guard (0...65535).contains(loopCount) else { throw .invalidLoopCount(loopCount) }
        if let quality {
            guard format == .webp else { throw .qualityNeedsWebP(quality: quality) }
            guard (0...100).contains(quality) else { throw .invalidQuality(quality) }
        }
        self.format = format
        self.width = width
        self.height = height
        self.fps = fps
        self.loopCount = loopCount
        self.quality = quality
        self.effort = effort
        switch format {
        case .gif:
            encoder = try GifAnimationEncoder(width: width, height: height, fps: fps, loopCount: loopCount)
        case .webp:
            encoder = try WebPAnimationEncoder(
                width: width, height: height, fps: fps, loopCount: loopCount, quality: quality,
                effort: effort)
        }
    }

    /// The recording's length so far: `frameCount / fps` seconds.
    public var duration: MediaTime { Double(frameCount) / Double(fps) }

    /// Appends a drawn frame; it must be `width` × `height`.
    public func append(_ frame: RenderedFrame) throws(RecordingError) {
        guard frame.width == width, frame.height == height else {
            throw .frameSizeMismatch(expected: width * height, actual: frame.width * frame.height)
        }
        try append(pixels: frame.pixels)
    }

    /// Appends a frame as premultiplied ARGB32 words, row by row, top row first (what
    /// `RenderedFrame.pixels` gives): exactly `width × height` of them.
    public func append(pixels: [UInt32]) throws(RecordingError) {
        precondition(encoded == nil, "append after finish")
        guard pixels.count == width * height else {
            throw .frameSizeMismatch(expected: width * height, actual: pixels.count)
        }
        try encoder.append(pixels)
        frameCount += 1
    }

    /// Ends the recording and writes it to `path`, whose extension must match the format.
    ///
    /// The file is written under a temporary name in the same folder, then renamed into place,
    /// so it appears whole; on an error no file is left behind. No frame can be appended after
    /// this; calling it again (after a failed write, say) writes the same bytes.
    /// - Throws: `RecordingError` for a wrong extension, no frames, or a path it cannot write.
    public func finish(to path: String) throws(RecordingError) {
        let requested = try AnimationFormat.format(forPath: path)
        guard requested == format else { throw .extensionMismatch(path: path, format: format) }
        guard frameCount > 0 else { throw .noFrames(path: path) }
        let result = encoded ?? Result { () throws(RecordingError) in try encoder.finish() }
        encoded = result
        try WholeFile.write(try result.get(), to: path)
    }
}
