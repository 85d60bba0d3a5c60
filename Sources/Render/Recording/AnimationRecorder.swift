import Animation

/// Records frames, one at a time, into an animated GIF or WebP file.
///
///     let recorder = try AnimationRecorder(format: .gif, width: 800, height: 600, fps: 30)
///     for frame in frames { try recorder.append(pixels: frame.pixels) }
///     try recorder.finish(to: "checkmark.gif")
///
/// Frames are encoded as they arrive. In memory (as above) the recorder holds the compressed
/// file and one previous frame, never the whole recording's pixels. Streamed
/// (`streamingTo:`, then `finish()`), a WebP's frames go to the file as they are encoded, so its
/// memory stays the same however long the recording (a GIF is still written at the end).
/// Frame `n` starts at `n / fps` seconds.
///
/// Not thread-safe: one thread owns a recorder. To encode off the frame loop, create it on the
/// encoding thread and send that thread each frame's `pixels` (`[UInt32]`, a `Sendable` value).
/// The same frames and settings always give the same bytes, in memory or streamed.
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
    /// Where the encoder writes: a `RecordingBuffer`, or the `PartialFile` being streamed into.
    private let output: any RecordingOutput
    /// What `finish` gave (the file, or the encoder's error): kept so that a failed write can
    /// be retried, and so that the encoder is finished once.
    private var encoded: Result<[UInt8], RecordingError>?
    /// Streamed: what `finish()` gave.
    private var streamed: Result<Void, RecordingError>?
    /// Streamed: the error that stopped the file growing (a full disk, say); no frame can be
    /// appended after it, and `finish()` keeps the frames written whole before it (WebP).
    public private(set) var writeError: RecordingError?
    /// Once `finish()` has kept the frames written before `writeError`: their length.
    public private(set) var keptDuration: MediaTime?

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
    ///   - path: nil (the default) keeps the file in memory until `finish(to:)`; a path, whose
    ///     extension must match the format, streams it there (under a hidden name beside it,
    ///     created now) until `finish()` gives it that name.
    /// - Throws: `RecordingError` naming a size, frame rate, loop count or quality out of range,
    ///   or a path it cannot write.
    public convenience init(
        format: AnimationFormat, width: Int, height: Int, fps: Int, loopCount: Int = 0, quality: Int? = nil,
        effort: EncodingEffort = .smallestFile, streamingTo path: String? = nil
    ) throws(RecordingError) {
        try self.init(
            format: format, width: width, height: height, fps: fps, loopCount: loopCount, quality: quality,
            effort: effort, streamingTo: path, fileCapacity: .max)
    }

    /// The same, the streamed file taking at most `fileCapacity` bytes, as a full disk (tests).
    init(
        format: AnimationFormat, width: Int, height: Int, fps: Int, loopCount: Int, quality: Int?,
        effort: EncodingEffort, streamingTo path: String?, fileCapacity: Int
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
        if let path {
            let requested = try AnimationFormat.format(forPath: path)
            guard requested == format else { throw .extensionMismatch(path: path, format: format) }
            output = try PartialFile(beside: path, capacity: fileCapacity)
        } else {
            output = RecordingBuffer()
        }
        switch format {
        case .gif:
            encoder = try GifAnimationEncoder(
                output: output, width: width, height: height, fps: fps, loopCount: loopCount)
        case .webp:
            encoder = try WebPAnimationEncoder(
                output: output, width: width, height: height, fps: fps, loopCount: loopCount,
                quality: quality,
                effort: effort)
        }
    }

    /// Whether the file is being streamed to a path given at the start.
    public var isStreaming: Bool { output is PartialFile }

    /// Bytes of the file written so far (in memory, or to the file being streamed).
    public var writtenBytes: Int { output.count }

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
        precondition(encoded == nil && streamed == nil, "append after finish")
        guard pixels.count == width * height else {
            throw .frameSizeMismatch(expected: width * height, actual: pixels.count)
        }
        if let writeError { throw writeError }
        do {
            try encoder.append(pixels)
        } catch {
            if case .cannotWrite = error, isStreaming { writeError = error }
            throw error
        }
        frameCount += 1
    }

    /// Ends the recording and writes it to `path`, whose extension must match the format.
    ///
    /// The file is written under a temporary name in the same folder, then renamed into place,
    /// so it appears whole; on an error no file is left behind. No frame can be appended after
    /// this; calling it again (after a failed write, say) writes the same bytes.
    /// - Throws: `RecordingError` for a wrong extension, no frames, or a path it cannot write.
    public func finish(to path: String) throws(RecordingError) {
        guard let buffer = output as? RecordingBuffer else {
            preconditionFailure("finish(to:) on a recorder streaming to a file: call finish()")
        }
        let requested = try AnimationFormat.format(forPath: path)
        guard requested == format else { throw .extensionMismatch(path: path, format: format) }
        guard frameCount > 0 else { throw .noFrames(path: path) }
        let result =
            encoded
            ?? Result { () throws(RecordingError) in
                try encoder.finish()
                return buffer.bytes
            }
        encoded = result
        try PartialFile.write(try result.get(), to: path)
    }

    /// Ends a streamed recording (`streamingTo:`): writes what is left and gives the file its
    /// name, replacing a file there. After a `writeError`, a WebP keeps the frames written whole
    /// before it (`keptDuration`), so a full disk loses nothing already on it. On an error no
    /// file is left behind; calling it again throws the same error.
    /// - Throws: `RecordingError` for no frames, or a file it could not write (after a
    ///   `writeError`, that one when no frame was written whole, or for a GIF).
    public func finish() throws(RecordingError) {
        guard let file = output as? PartialFile else {
            preconditionFailure("finish() on a recorder in memory: call finish(to:)")
        }
        let result =
            streamed
            ?? Result { () throws(RecordingError) in
                do throws(RecordingError) {
                    guard frameCount > 0 else { throw writeError ?? .noFrames(path: file.path) }
                    if writeError == nil {
                        do throws(RecordingError) {
                            try encoder.finish()
                        } catch {
                            guard case .cannotWrite = error else { throw error }
                            writeError = error  // the last frame did not fit
                        }
                    }
                    if let writeError {
                        guard let kept = try encoder.finishAfterWriteError() else { throw writeError }
                        keptDuration = Double(kept) / 1000
                    }
                    try file.commit()
                } catch {
                    file.discard()
                    throw error
                }
            }
        streamed = result
        try result.get()
    }

    /// Ends a streamed recording without a file: the part written is removed (also when the
    /// recorder is dropped unfinished).
    public func discard() {
        (output as? PartialFile)?.discard()
    }
}
