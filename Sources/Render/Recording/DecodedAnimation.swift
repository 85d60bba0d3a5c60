import Animation
import Foundation

/// An animated GIF or WebP read back into whole frames, for checking what a recording holds
/// (tests, and the command-line tests of `record`).
public struct DecodedAnimation: Sendable, Equatable {
    /// One frame as it shows on screen: the whole canvas after compositing, and how long it
    /// stays.
    public struct Frame: Sendable, Equatable {
        /// Premultiplied ARGB32 words, row by row, top row first (as `RenderedFrame.pixels`).
        public var pixels: [UInt32]
        /// How long the frame shows, in whole milliseconds: exactly what the file stores (a GIF
        /// delay is in centiseconds, so here it is ten times that). Whole units rather than the
        /// engine's seconds so that sums compare exactly.
        public var durationMilliseconds: Int

        /// How long the frame shows, in seconds.
        public var duration: MediaTime { Double(durationMilliseconds) / 1000 }
    }

    /// The file's format, from its first bytes.
    public var format: AnimationFormat
    /// Canvas width in pixels.
    public var width: Int
    /// Canvas height in pixels.
    public var height: Int
    /// How many times it plays (0: forever); nil for a GIF without a NETSCAPE2.0 loop
    /// extension, which plays once.
    public var loopCount: Int?
    /// The frames in order.
    public var frames: [Frame]

    /// The sum of the frames' durations, in milliseconds.
    public var totalMilliseconds: Int { frames.reduce(0) { $0 + $1.durationMilliseconds } }

    init(format: AnimationFormat, width: Int, height: Int, loopCount: Int?, frames: [Frame]) {
        self.format = format
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.frames = frames
    }

    /// Reads the animation at `path`; GIF or WebP is told by the file's first bytes.
    /// - Throws: `RecordingError.cannotRead` naming the path and what is wrong.
    public init(contentsOfFile path: String) throws(RecordingError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotRead(path: path, reason: "no such readable file")
        }
        try self.init(bytes: [UInt8](data), path: path)
    }

    /// Reads an animation from memory; `path` only names it in errors.
    init(bytes: [UInt8], path: String) throws(RecordingError) {
        if bytes.starts(with: Array("GIF8".utf8)) {
            self = try GifDecoder.decode(bytes, path: path)
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            bytes[8..<12].elementsEqual("WEBP".utf8)
        {
            self = try WebPAnimationDecoder.decode(bytes, path: path)
        } else {
            throw .cannotRead(path: path, reason: "neither a GIF nor a WebP file")
        }
    }
}
