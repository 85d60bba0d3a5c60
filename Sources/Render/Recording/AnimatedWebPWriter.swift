/// Writes an animated WebP's container, one frame at a time, to a `RecordingOutput`, so a
/// frame's bytes leave memory once written (the WebP container specification, "Extended File
/// Format" and "Animation"; all numbers little-endian):
///
///     RIFF  size of what follows                         ← written over at the end
///     WEBP
///     VP8X  flags: animation (and alpha, at the end), canvas width − 1, height − 1
///     ANIM  background colour (B, G, R, A), loop count
///     ANMF  x / 2, y / 2, width − 1, height − 1, duration (ms), blending and disposal
///           VP8L … (or ALPH and VP8 ): the frame's bitstream, as `WebPEncode` writes it
///     ANMF  …                                            ← one per frame
///
/// Each chunk's payload is padded to an even length. Frames are not disposed (the next frame
/// draws over the canvas as left); a frame either replaces its rectangle or is alpha-blended
/// over it. The RIFF size and the alpha flag are known only at the end: `finish` writes them
/// over the header, which is why the output must allow going back.
struct AnimatedWebPWriter {
    /// What a frame's rectangle does to the canvas under it.
    enum Blending {
        /// Alpha-blends the frame over the canvas: a transparent pixel leaves the canvas as it was.
        case blend
        /// Replaces the rectangle's pixels, alpha included.
        case replace
    }

    /// The largest WebP file: its RIFF size is a 32-bit number (4 GiB), less the header's 8.
    static let maxFileSize = Int(UInt32.max) - 1
    /// The longest frame: durations are 24-bit milliseconds (about 4.7 hours).
    static let maxDuration = (1 << 24) - 1
    /// The VP8X flag bits (the specification's `L` and `A`).
    static let alphaFlag: UInt8 = 0x10
    static let animationFlag: UInt8 = 0x02
    /// Where the VP8X flags byte is: after `RIFF`, the size, `WEBP`, `VP8X` and its size.
    static let flagsOffset = 20

    private let output: any RecordingOutput
    private let width: Int
    private let height: Int
    /// Whether a frame so far has (or may have) transparent pixels.
    private var hasAlpha = false
    /// Where the last frame written whole ends, to cut a partly written one off.
    private(set) var endOfLastWholeFrame: Int
    /// How many frames were written whole, and their length in milliseconds.
    private(set) var frameCount = 0
    private(set) var milliseconds = 0

    /// Writes the header of a `width` × `height` animation (1…16383 each) that plays
    /// `loopCount` times (0: forever) on `background` (ARGB; libwebp's default is white).
    init(
        output: any RecordingOutput, width: Int, height: Int, loopCount: Int,
        background: UInt32 = 0xFFFF_FFFF
    ) throws(RecordingError) {
        precondition(
            (1...16383).contains(width) && (1...16383).contains(height), "a \(width)x\(height) canvas")
        precondition((0...65535).contains(loopCount), "loop count \(loopCount)")
        self.output = output
        self.width = width
        self.height = height
        var header = Array("RIFF".utf8) + Self.uint32(0) + Array("WEBP".utf8)
        header += Self.chunkHeader("VP8X", size: 10)
        header += [Self.animationFlag, 0, 0, 0] + Self.uint24(width - 1) + Self.uint24(height - 1)
        header += Self.chunkHeader("ANIM", size: 6)
        header += Self.uint32(background) + [UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        precondition(output.count == 0, "the output is not empty")
        try output.write(header)
        endOfLastWholeFrame = output.count
    }

    /// Writes one frame: `bitstream` (the chunks of a still WebP after its `RIFF`/`WEBP` header
    /// and any `VP8X`: see `frameChunks(ofStill:)`) at (`x`, `y`), both even, shown for
    /// `duration` milliseconds (1…`maxDuration`).
    mutating func appendFrame(
        x: Int, y: Int, width: Int, height: Int, duration: Int, blending: Blending, hasAlpha: Bool,
        bitstream: [UInt8]
    ) throws(RecordingError) {
        precondition(x % 2 == 0 && y % 2 == 0, "a frame at odd (\(x), \(y))")
        precondition(x + width <= self.width && y + height <= self.height, "a frame past the canvas")
        precondition((1...Self.maxDuration).contains(duration), "a frame of \(duration) ms")
        precondition(bitstream.count % 2 == 0, "an odd bitstream: its chunks are not padded")
        let payload = 16 + bitstream.count
        guard output.count + 8 + payload <= Self.maxFileSize + 8 else {
            throw .encoderFailed(format: .webp, reason: "the file would pass WebP's 4 GiB")
        }
        var chunk = Self.chunkHeader("ANMF", size: payload)
        chunk += Self.uint24(x / 2) + Self.uint24(y / 2) + Self.uint24(width - 1) + Self.uint24(height - 1)
        chunk += Self.uint24(duration) + [blending == .replace ? 0x02 : 0x00]  // disposal: none
        chunk += bitstream
        try output.write(chunk)
        endOfLastWholeFrame = output.count
        frameCount += 1
        milliseconds += duration
        self.hasAlpha = self.hasAlpha || hasAlpha
    }

    /// Cuts off a frame partly written (the output refused the rest) and completes the file
    /// with the frames written whole.
    func finishAtLastWholeFrame() throws(RecordingError) {
        try output.truncate(to: endOfLastWholeFrame)
        try finish()
    }

    /// Writes the RIFF size and the flags over the header: the file is complete.
    func finish() throws(RecordingError) {
        try output.overwrite(Self.uint32(UInt32(output.count - 8)), at: 4)
        if hasAlpha { try output.overwrite([Self.animationFlag | Self.alphaFlag], at: Self.flagsOffset) }
    }

    /// The frame chunks of a still WebP as `WebPEncode` writes it (`RIFF` size `WEBP`, then
    /// `VP8L`, or `VP8 `, or `VP8X` `ALPH` `VP8 `): everything after the header and the `VP8X`,
    /// which is what an `ANMF` chunk holds. Nil if `still` is not laid out so.
    static func frameChunks(ofStill still: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        func fourCC(at offset: Int) -> String? {
            offset + 4 <= still.count ? String(decoding: still[offset..<(offset + 4)], as: UTF8.self) : nil
        }
        func uint32(at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(still[offset + $1]) << (8 * $1) }
        }
        guard still.count >= 20, fourCC(at: 0) == "RIFF", fourCC(at: 8) == "WEBP" else { return nil }
        let end = 8 + uint32(at: 4)
        guard end <= still.count, end % 2 == 0 else { return nil }
        var start = 12
        if fourCC(at: start) == "VP8X" { start += 8 + uint32(at: start + 4) }
        // What is left must be whole chunks, each padded to an even length.
        var offset = start
        while offset < end {
            guard offset + 8 <= end, let name = fourCC(at: offset), ["VP8L", "VP8 ", "ALPH"].contains(name)
            else { return nil }
            let size = uint32(at: offset + 4)
            offset += 8 + size + size % 2
        }
        guard offset == end, start < end else { return nil }
        return UnsafeRawBufferPointer(rebasing: still[start..<end])
    }

    private static func chunkHeader(_ name: String, size: Int) -> [UInt8] {
        Array(name.utf8) + uint32(UInt32(size))
    }

    private static func uint32(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static func uint24(_ value: Int) -> [UInt8] {
        precondition((0..<(1 << 24)).contains(value), "\(value) does not fit in 24 bits")
        return (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
