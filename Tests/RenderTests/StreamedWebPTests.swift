import Foundation
import Testing

@testable import Render

/// The animated WebP that `AnimationRecorder` writes itself (`AnimatedWebPWriter`), streamed to
/// a file as frames are encoded: read back with libwebp's own decoder (`DecodedAnimation`,
/// libwebpdemux) against the frames that went in, and its chunks read here, independently of
/// the writer, for what each frame stores.
@Suite("Streamed WebP")
struct StreamedWebPTests {
    /// One `ANMF` chunk's header: where the frame goes and how.
    struct FrameChunk: Equatable, CustomStringConvertible {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var duration: Int
        var blends: Bool
        var description: String {
            "\(width)x\(height) at (\(x), \(y)), \(duration) ms\(blends ? ", blended" : "")"
        }
    }

    /// The file's top-level chunks after `RIFF size WEBP`, checked to fill the RIFF size exactly.
    static func chunks(_ bytes: [UInt8]) throws -> [(name: String, payload: ArraySlice<UInt8>)] {
        func uint32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        try #require(bytes.count >= 12)
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP")
        #expect(uint32(4) == bytes.count - 8, "the RIFF size is the file's, less its 8-byte header")
        var result: [(String, ArraySlice<UInt8>)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = uint32(offset + 4)
            try #require(offset + 8 + size <= bytes.count, "a chunk runs past the end")
            result.append(
                (
                    String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self),
                    bytes[(offset + 8)..<(offset + 8 + size)]
                ))
            offset += 8 + size + size % 2
        }
        #expect(offset == bytes.count, "no bytes after the last chunk")
        return result
    }

    /// The `ANMF` chunks' headers, in order.
    static func frameChunks(_ bytes: [UInt8]) throws -> [FrameChunk] {
        try chunks(bytes).filter { $0.name == "ANMF" }.map { chunk in
            let p = Array(chunk.payload)
            func uint24(_ at: Int) -> Int { Int(p[at]) | Int(p[at + 1]) << 8 | Int(p[at + 2]) << 16 }
            return FrameChunk(
                x: 2 * uint24(0), y: 2 * uint24(3), width: uint24(6) + 1, height: uint24(9) + 1,
                duration: uint24(12), blends: p[15] & 0x02 == 0)
        }
    }

    /// `base` with the pixels of `rows` × `columns` set to `color`.
    static func painted(_ base: [UInt32], width: Int, rows: Range<Int>, columns: Range<Int>, _ color: UInt32)
        -> [UInt32]
    {
        var pixels = base
        for y in rows { for x in columns { pixels[y * width + x] = color } }
        return pixels
    }

    /// Streams `frames` into `path` and returns the file and what libwebp decodes of it.
    static func stream(
        _ frames: [[UInt32]], width: Int, height: Int, fps: Int = 10, quality: Int? = nil,
        effort: EncodingEffort = .fast,
        to path: String
    ) throws -> (bytes: [UInt8], decoded: DecodedAnimation) {
        let recorder = try AnimationRecorder(
            format: .webp, width: width, height: height, fps: fps, quality: quality, effort: effort,
            streamingTo: path)
        for frame in frames { try recorder.append(pixels: frame) }
        try recorder.finish()
        return (
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
            try DecodedAnimation(contentsOfFile: path)
        )
    }

    // MARK: - The file

    @Test("streamed and in memory, the same frames give the same bytes, and the frames come back exactly")
    func streamedEqualsInMemory() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try RecordingTests.drawnFrames(count: 8).map(\.pixels)
        for effort in EncodingEffort.allCases {
            let streamed = try Self.stream(
                frames, width: 160, height: 100, fps: 30, effort: effort, to: "\(folder)/s.webp")
            let kept = try RecordingTests.record(
                frames, width: 160, height: 100, effort: effort, to: "\(folder)/m.webp")
            #expect(streamed.bytes == kept.bytes, "\(effort)")
            try #require(streamed.decoded.frames.count == frames.count)
            for (index, (source, back)) in zip(frames, streamed.decoded.frames).enumerated() {
                #expect(source == back.pixels, "\(effort): frame \(index) differs")
            }
            // 30 fps in whole milliseconds: 33, 34, 33, … adding up to the exact length.
            #expect(streamed.decoded.frames.map(\.durationMilliseconds) == [33, 34, 33, 33, 34, 33, 33, 34])
            #expect(
                try Self.chunks(streamed.bytes).map(\.name) == ["VP8X", "ANIM"]
                    + Array(repeating: "ANMF", count: 8))
        }
    }

    @Test(
        "a frame stores only the band or rectangle that changed, its corner at even coordinates, on an odd canvas"
    )
    func changedPartOnly() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (width, height) = (37, 23)
        let first = RecordingTests.gradient(width: width, height: height)
        let band = Self.painted(first, width: width, rows: 5..<10, columns: 0..<width, 0xFF20_4060)
        let box = Self.painted(band, width: width, rows: 7..<13, columns: 11..<16, 0xFFE0_C020)
        let corner = Self.painted(box, width: width, rows: 22..<23, columns: 36..<37, 0xFF00_0000)
        let frames = [first, band, box, corner]
        let (bytes, decoded) = try Self.stream(
            frames, width: width, height: height, to: "\(folder)/parts.webp")
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.frames.map(\.pixels) == frames, "each frame shows exactly what went in")
        #expect(
            try Self.frameChunks(bytes) == [
                FrameChunk(x: 0, y: 0, width: 37, height: 23, duration: 100, blends: false),
                // Rows 5…9, whole: from row 4, the even one above.
                FrameChunk(x: 0, y: 4, width: 37, height: 6, duration: 100, blends: true),
                // Columns 11…15 of rows 7…12 (rows 7–9 were the band's colour): from (10, 6).
                FrameChunk(x: 10, y: 6, width: 6, height: 7, duration: 100, blends: true),
                // The last pixel alone: from (36, 22), already even.
                FrameChunk(x: 36, y: 22, width: 1, height: 1, duration: 100, blends: true),
            ])
    }

    @Test("repeated frames lengthen the frame before instead of adding one; the total is unchanged")
    func repeatedFrames() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = RecordingTests.gradient(width: 8, height: 6)
        let b = Self.painted(a, width: 8, rows: 0..<1, columns: 0..<1, 0xFF12_3456)
        let c = Self.painted(b, width: 8, rows: 5..<6, columns: 7..<8, 0xFFFF_0000)
        let (bytes, decoded) = try Self.stream(
            [a, a, b, b, b, c, c], width: 8, height: 6, to: "\(folder)/r.webp")
        #expect(decoded.frames.map(\.durationMilliseconds) == [200, 300, 200])
        #expect(decoded.frames.map(\.pixels) == [a, b, c])
        #expect(decoded.totalMilliseconds == 700)
        #expect(try Self.frameChunks(bytes).map(\.duration) == [200, 300, 200])
    }

    @Test(
        "a one-frame recording is one whole frame lasting one frame's time",
        arguments: [(1, 1), (3, 5), (17, 2)])
    func oneFrame(width: Int, height: Int) throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = (0..<(width * height)).map { 0xFF00_0000 | UInt32($0 * 40 % 256) << 8 }
        let (bytes, decoded) = try Self.stream(
            [frame], width: width, height: height, fps: 30, to: "\(folder)/1.webp")
        #expect(decoded.frames.map(\.pixels) == [frame])
        #expect(decoded.frames.map(\.durationMilliseconds) == [33])  // round(1000 / 30)
        #expect(decoded.loopCount == 0)
        #expect(
            try Self.frameChunks(bytes) == [
                FrameChunk(x: 0, y: 0, width: width, height: height, duration: 33, blends: false)
            ])
    }

    @Test("a changed pixel that is not opaque replaces the rectangle instead of blending over it")
    func translucentChangeReplaces() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = RecordingTests.gradient(width: 6, height: 4)
        // Half-transparent red, premultiplied: blending it would mix in the pixel under it.
        let b = Self.painted(a, width: 6, rows: 1..<3, columns: 2..<4, 0x8080_0000)
        let (bytes, decoded) = try Self.stream([a, b], width: 6, height: 4, to: "\(folder)/t.webp")
        #expect(try Self.frameChunks(bytes).map(\.blends) == [false, false])
        let alphaFlag: UInt8 = 0x10
        #expect(
            try Self.chunks(bytes)[0].payload.first.map { $0 & alphaFlag } == alphaFlag, "VP8X says alpha")
        // Straight alpha in the file: 0x80 × 255 / 0x80 = 255 back to 0x80 premultiplied, exact here.
        #expect(decoded.frames.last?.pixels == b)
    }

    @Test("lossy, the changed part too: within 6/255 mean error of each frame, the same durations")
    func lossy() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try RecordingTests.drawnFrames(count: 6).map(\.pixels)
        let (bytes, decoded) = try Self.stream(
            frames, width: 160, height: 100, fps: 30, quality: 75, to: "\(folder)/l.webp")
        try #require(decoded.frames.count == frames.count)
        for (source, back) in zip(frames, decoded.frames) {
            // As RecordingTests.webpLossy: measured 3.3–3.7 levels at quality 75; 6 still fails
            // a frame at a wrong offset or a broken colour conversion (tens of levels).
            #expect(RecordingTests.meanError(source, back.pixels) <= 6)
        }
        #expect(decoded.frames.map(\.durationMilliseconds) == [33, 34, 33, 33, 34, 33])
        #expect(
            try Self.frameChunks(bytes).dropFirst().allSatisfy {
                !$0.blends && $0.width * $0.height < 160 * 100
            })
    }

    // MARK: - Streaming

    @Test(
        "frames reach the disk as they are encoded: the file holds all but the one waiting for its duration")
    func framesOnDisk() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try RecordingTests.drawnFrames(count: 4).map(\.pixels)
        let recorder = try AnimationRecorder(
            format: .webp, width: 160, height: 100, fps: 30, effort: .fast, streamingTo: "\(folder)/d.webp")
        func onDisk() throws -> Int {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            try #require(
                names.count == 1 && names[0].hasPrefix(".d.webp.") && names[0].hasSuffix(".partial"),
                "\(names)")
            return try FileManager.default.attributesOfItem(atPath: "\(folder)/\(names[0])")[.size] as? Int
                ?? -1
        }
        let header = 12 + 18 + 14  // RIFF…WEBP, VP8X, ANIM
        #expect(try onDisk() == header)
        try recorder.append(pixels: frames[0])
        #expect(try onDisk() == header, "the first frame waits for its duration")
        var sizes: [Int] = []
        for frame in frames.dropFirst() {
            try recorder.append(pixels: frame)
            sizes.append(try onDisk())
            #expect(sizes.last == recorder.writtenBytes)
        }
        #expect(sizes == sizes.sorted() && Set(sizes).count == 3, "each frame adds to the file: \(sizes)")
        try recorder.finish()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["d.webp"])
        #expect(try DecodedAnimation(contentsOfFile: "\(folder)/d.webp").frames.map(\.pixels) == frames)
    }

    // MARK: - Errors

    @Test("a folder that takes no file is refused at the start, naming the path")
    func unwritableAtStart() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data().write(to: URL(fileURLWithPath: "\(folder)/file"))
        for path in ["\(folder)/missing/out.webp", "\(folder)/file/out.webp"] {
            RecordingTests.expectCannotWrite(path) { () throws(RecordingError) in
                _ = try AnimationRecorder(format: .webp, width: 4, height: 4, fps: 10, streamingTo: path)
            }
        }
        #expect(throws: RecordingError.extensionMismatch(path: "\(folder)/a.gif", format: .webp)) {
            try AnimationRecorder(format: .webp, width: 4, height: 4, fps: 10, streamingTo: "\(folder)/a.gif")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file"], "nothing left")
    }

    @Test("a folder removed while recording: finishing says why, naming the file, and says it again")
    func folderRemoved() throws {
        let parent = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = "\(parent)/gone"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let recorder = try AnimationRecorder(
            format: .webp, width: 4, height: 4, fps: 10, streamingTo: "\(folder)/x.webp")
        try recorder.append(pixels: RecordingTests.tinyFrame(1))
        try recorder.append(pixels: RecordingTests.tinyFrame(2))
        try FileManager.default.removeItem(atPath: folder)
        let expected = RecordingError.cannotWrite(
            path: "\(folder)/x.webp", reason: "No such file or directory")
        #expect(throws: expected) { try recorder.finish() }
        #expect(throws: expected, "the same error, not a crash") { try recorder.finish() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
    }

    /// An output that fails once it holds `limit` bytes, as a full disk does.
    final class FullOutput: RecordingOutput {
        let limit: Int
        private(set) var count = 0
        init(limit: Int) { self.limit = limit }
        func write(_ bytes: [UInt8]) throws(RecordingError) {
            guard count + bytes.count <= limit else {
                throw .cannotWrite(path: "full.webp", reason: "No space left on device")
            }
            count += bytes.count
        }
        func overwrite(_ bytes: [UInt8], at offset: Int) throws(RecordingError) {}
        func truncate(to count: Int) { self.count = count }
    }

    @Test("an output that stops taking bytes stops the encoder with its error, at the frame that did not fit")
    func fullOutput() throws {
        let output = FullOutput(limit: 400)
        let encoder = try WebPAnimationEncoder(
            output: output, width: 16, height: 16, fps: 10, loopCount: 0, quality: nil, effort: .fast)
        var failure: RecordingError?
        var appended = 0
        for value in 0..<50 where failure == nil {
            // Noise, so that each frame takes bytes.
            let frame = (0..<256).map {
                0xFF00_0000 | UInt32(truncatingIfNeeded: ($0 &* 2_654_435_761) >> (value % 7))
            }
            do {
                try encoder.append(frame)
                appended += 1
            } catch {
                failure = error
            }
        }
        #expect(failure == .cannotWrite(path: "full.webp", reason: "No space left on device"))
        #expect(appended >= 1 && appended < 50, "\(appended) frames before the disk was full")
        #expect(output.count <= 400)
    }

    /// A frame of `width` × `width` opaque noise from `seed`: it compresses badly, so each one
    /// takes hundreds of bytes.
    static func noise(_ seed: Int, width: Int = 16) -> [UInt32] {
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (0..<(width * width)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return 0xFF00_0000 | UInt32(truncatingIfNeeded: state >> 40)
        }
    }

    @Test("a full disk keeps the frames written before it: the file ends at the last whole frame")
    func fullDiskKeepsWhatWasWritten() throws {
        let folder = try RecordingTests.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/full.webp"
        let capacity = 4000
        let recorder = try AnimationRecorder(
            format: .webp, width: 16, height: 16, fps: 10, loopCount: 0, quality: nil, effort: .fast,
            streamingTo: path, fileCapacity: capacity)
        let frames = (0..<40).map { Self.noise($0) }
        var appended = 0
        var refused: RecordingError?
        for frame in frames {
            do {
                try recorder.append(pixels: frame)
                appended += 1
            } catch {
                refused = error
                break
            }
        }
        let expected = RecordingError.cannotWrite(path: path, reason: "No space left on device")
        #expect(refused == expected)
        #expect(recorder.writeError == expected)
        #expect(throws: expected, "no frame goes in after it") { try recorder.append(pixels: frames[0]) }
        try recorder.finish()
        let decoded = try DecodedAnimation(contentsOfFile: path)
        // Append k writes frame k − 1 (frame k waits for its duration): the append that failed
        // was writing the frame before it, so the frames before that one are on disk.
        #expect(appended >= 3, "the capacity holds a few frames: \(appended)")
        #expect(decoded.frames.count == appended - 1)
        #expect(decoded.frames.map(\.pixels) == Array(frames.prefix(decoded.frames.count)))
        #expect(decoded.frames.allSatisfy { $0.durationMilliseconds == 100 })
        #expect(recorder.keptDuration == Double(decoded.totalMilliseconds) / 1000)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1
        #expect(size > 0 && size <= capacity, "\(size) bytes")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["full.webp"])
    }

    // MARK: - The container's parts

    @Test("a still WebP's frame chunks are what follows its header and VP8X; anything else is refused")
    func stillChunks() {
        func chunk(_ name: String, _ payload: [UInt8]) -> [UInt8] {
            Array(name.utf8) + [UInt8(payload.count), 0, 0, 0] + payload + (payload.count % 2 == 1 ? [0] : [])
        }
        func riff(_ body: [UInt8]) -> [UInt8] {
            Array("RIFF".utf8) + [UInt8((body.count + 4) & 0xFF), UInt8((body.count + 4) >> 8), 0, 0]
                + Array("WEBP".utf8) + body
        }
        let lossless = chunk("VP8L", [1, 2, 3])
        let alpha = chunk("ALPH", [4, 5]) + chunk("VP8 ", [6, 7, 8, 9, 10])
        func frame(_ still: [UInt8]) -> [UInt8]? {
            still.withUnsafeBytes { AnimatedWebPWriter.frameChunks(ofStill: $0).map { Array($0) } }
        }
        #expect(frame(riff(lossless)) == lossless)
        #expect(frame(riff(chunk("VP8X", Array(repeating: 0, count: 10)) + alpha)) == alpha)
        #expect(frame(riff(chunk("EXIF", [1, 2]))) == nil, "not a frame's chunk")
        #expect(frame(Array(riff(lossless).dropLast())) == nil, "cut short")
        #expect(frame(riff([])) == nil, "no frame")
    }
}
