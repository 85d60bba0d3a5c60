import Animation
import Foundation
import Testing

@testable import Render

/// Animated GIF and WebP recordings: written by `AnimationRecorder`, read back by
/// `DecodedAnimation`, and compared with the frames that went in.
@Suite("Recording")
struct RecordingTests {
    // MARK: - Frames

    static let sea = Color(red: 0.12, green: 0.45, blue: 0.7)
    static let disc = Color(red: 0.95, green: 0.8, blue: 0.2)

    /// Frames of a small scene drawn by Cairo: the fish image (antialiased, a few hundred
    /// colours) swimming right 3 px a frame over the sea, and a yellow disc sinking 2 px a frame.
    static func drawnFrames(count: Int, width: Double = 160, height: Double = 100) throws -> [RenderedFrame] {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = sea
        let fish = Layer(timeline: timeline)
        fish.frame = Rect(x: 0, y: 20, width: 120, height: 72)
        fish.contents = ImageAsset(named: "fish")
        root.addSublayer(fish)
        let ball = ShapeLayer(timeline: timeline)
        ball.frame = Rect(x: 120, y: 0, width: 24, height: 24)
        ball.path = BezierPath(ovalIn: Rect(x: 2, y: 2, width: 20, height: 20))
        ball.fillColor = disc
        ball.strokeColor = .white
        ball.lineWidth = 1.5
        root.addSublayer(ball)
        let canvas = FrameRenderer()
        return try (0..<count).map { frame in
            timeline.transaction {
                $0.disableActions = true  // jump, do not animate
                fish.position = Point(x: 60 + 3 * Double(frame), y: 56)
                ball.position = Point(x: 132, y: 12 + 2 * Double(frame))
            }
            return try canvas.render(root, size: Size(width: width, height: height))
        }
    }

    /// A smooth two-dimensional gradient, `width` × `height`: red grows to the right, green
    /// downwards, blue falls along the diagonal, so nearly every pixel has its own colour.
    static func gradient(width: Int, height: Int) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let red = UInt32(x * 255 / (width - 1))
                let green = UInt32(y * 255 / (height - 1))
                let blue = 255 - (red + green) / 2
                pixels[y * width + x] = 0xFF00_0000 | red << 16 | green << 8 | blue
            }
        }
        return pixels
    }

    /// A tiny frame whose first pixel encodes `value` (so that frames differ), the rest grey.
    static func tinyFrame(_ value: Int) -> [UInt32] {
        [0xFF00_0000 | UInt32(value & 0xFF) << 16] + [UInt32](repeating: 0xFF80_8080, count: 15)
    }

    // MARK: - Measuring

    /// The mean absolute difference per colour channel (red, green, blue), in levels of 255.
    static func meanError(_ a: [UInt32], _ b: [UInt32]) -> Double {
        precondition(a.count == b.count, "same size")
        var total = 0
        for (p, q) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16] {
                total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
            }
        }
        return Double(total) / Double(3 * a.count)
    }

    /// The mean, over 4×4 blocks and channels, of the difference between the blocks' average
    /// colours, in levels: what the eye sees of a gradient from a step away. Banding (flat
    /// steps where the source is smooth) shows here; dithering noise averages out.
    static func blockError(_ a: [UInt32], _ b: [UInt32], width: Int, height: Int) -> Double {
        var total = 0.0
        var blocks = 0
        for top in stride(from: 0, to: height - 3, by: 4) {
            for left in stride(from: 0, to: width - 3, by: 4) {
                for shift: UInt32 in [0, 8, 16] {
                    var difference = 0
                    for y in top..<(top + 4) {
                        for x in left..<(left + 4) {
                            let i = y * width + x
                            difference += Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF)
                        }
                    }
                    total += abs(Double(difference) / 16)
                    blocks += 1
                }
            }
        }
        return total / Double(blocks)
    }

    /// A fresh folder under the system's temporary folder; the test removes it.
    static func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-recording-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        return folder
    }

    /// Records `frames` into `path` and reads the file back.
    static func record(
        _ frames: [[UInt32]], width: Int, height: Int, fps: Int = 30, loopCount: Int = 0,
        quality: Int? = nil, effort: EncodingEffort = .smallestFile, to path: String
    ) throws -> (bytes: [UInt8], decoded: DecodedAnimation) {
        let recorder = try AnimationRecorder(
            format: try AnimationFormat.format(forPath: path), width: width, height: height, fps: fps,
            loopCount: loopCount, quality: quality, effort: effort)
        for frame in frames { try recorder.append(pixels: frame) }
        try recorder.finish(to: path)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return (bytes, try DecodedAnimation(contentsOfFile: path))
    }

    // MARK: - Effort

    @Test(
        "the fast effort (the window's) gives WebP's lossless pixels exactly, in another file; GIF the same bytes"
    )
    func fastEffort() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try Self.drawnFrames(count: 12).map(\.pixels)
        for format in AnimationFormat.allCases {
            let smallest = try Self.record(frames, width: 160, height: 100, to: "\(folder)/small.\(format)")
            let fast = try Self.record(
                frames, width: 160, height: 100, effort: .fast, to: "\(folder)/fast.\(format)")
            #expect(fast.decoded == smallest.decoded, "\(format): the frames differ")
            if format == .webp {
                #expect(fast.bytes != smallest.bytes, "libwebp's method 0 wrote the default's bytes")
            } else {
                #expect(fast.bytes == smallest.bytes, "GIF has one effort")
            }
        }
    }

    // MARK: - Length and timing

    @Test(
        "frame count, total duration and loop count come back from the file",
        arguments: AnimationFormat.allCases)
    func countAndDuration(format: AnimationFormat) throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try Self.drawnFrames(count: 30).map(\.pixels)
        let (_, decoded) = try Self.record(
            frames, width: 160, height: 100, fps: 30, loopCount: 3, to: "\(folder)/fish.\(format)")
        #expect(decoded.format == format)
        #expect(decoded.width == 160 && decoded.height == 100)
        #expect(decoded.frames.count == 30)  // every frame differs, so none is merged
        #expect(decoded.totalMilliseconds == 1000)  // 30 frames at 30 fps, exactly
        #expect(decoded.loopCount == 3)
    }

    /// (frames, fps, the first delays in centiseconds, the sum in centiseconds).
    @Test(
        "GIF delays carry the rounding: they add up to the recording's length",
        arguments: [
            (30, 30, [3, 4, 3, 3, 4, 3], 100),  // 1 s
            (7, 60, [2, 1, 2, 2, 1, 2, 2], 12),  // 7/60 s = 11.67 cs, rounded to 12
            (10, 24, [4, 4, 5, 4, 4], 42),  // 10/24 s = 41.67 cs
            (3, 100, [1, 1, 1], 3),
        ])
    func gifDelays(count: Int, fps: Int, firstDelays: [Int], total: Int) throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = (0..<count).map(Self.tinyFrame)
        let (_, decoded) = try Self.record(frames, width: 4, height: 4, fps: fps, to: "\(folder)/t.gif")
        let delays = decoded.frames.map { $0.durationMilliseconds / 10 }
        #expect(delays.count == count)
        #expect(Array(delays.prefix(firstDelays.count)) == firstDelays)
        #expect(delays.reduce(0, +) == total)
    }

    /// (frames, fps, durations in milliseconds).
    @Test(
        "WebP frame n starts at n × 1000 / fps ms, rounded; the last ends at the length",
        arguments: [
            (7, 60, [17, 16, 17, 17, 16, 17, 17]),  // starts 0, 17, 33, 50, 67, 83, 100; ends 117
            (4, 30, [33, 34, 33, 33]),
            (3, 24, [42, 41, 42]),
        ])
    func webpTimestamps(count: Int, fps: Int, durations: [Int]) throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = (0..<count).map(Self.tinyFrame)
        let (_, decoded) = try Self.record(frames, width: 4, height: 4, fps: fps, to: "\(folder)/t.webp")
        #expect(decoded.frames.map(\.durationMilliseconds) == durations)
    }

    // MARK: - Fidelity

    @Test("each GIF frame is within 4/255 mean error per channel of the frame that went in")
    func gifFidelity() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try Self.drawnFrames(count: 12).map(\.pixels)
        // More than a GIF's 256 colours, so the palette is chosen and dithered, not copied.
        #expect(Set(frames[0]).count > 256, "\(Set(frames[0]).count) colours")
        let (_, decoded) = try Self.record(frames, width: 160, height: 100, to: "\(folder)/fish.gif")
        try #require(decoded.frames.count == frames.count)
        for (index, (source, back)) in zip(frames, decoded.frames).enumerated() {
            // 4/255 is issue #16's bound: a per-channel mean no one sees in motion. These frames
            // measure 0.14–0.19: the fish's ~750 colours are close together, so 255 of them
            // and dithering come close, and the sea and the disc are stored exactly.
            let error = Self.meanError(source, back.pixels)
            #expect(error <= 4, "frame \(index): mean error \(error)/255")
        }
    }

    @Test("a smooth gradient does not band: 4×4 block averages stay within a level of the source")
    func gradientDoesNotBand() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (width, height) = (128, 64)
        let source = Self.gradient(width: width, height: height)
        #expect(Set(source).count > 4000)  // far more colours than a palette holds
        let (_, decoded) = try Self.record([source], width: width, height: height, to: "\(folder)/g.gif")
        let back = try #require(decoded.frames.first).pixels
        let dithered = Self.blockError(source, back, width: width, height: height)
        // The same palette without dithering: every pixel takes its nearest colour, and the
        // gradient turns into flat steps.
        let colors = source.map { $0 & 0x00FF_FFFF }
        var plain = ColorQuantizer()
        plain.isDithered = false
        let steps = plain.quantize(
            colors, mask: [Bool](repeating: true, count: colors.count), width: width, height: height)
        let banded = Self.blockError(
            source, steps.indices.map { 0xFF00_0000 | steps.palette[Int($0)] }, width: width, height: height)
        // Measured: dithered 0.54, plain 1.86 levels. A level is 8-bit colour's smallest step;
        // block averages within one of the source read as a smooth gradient.
        #expect(dithered <= 1, "dithered block error \(dithered)")
        #expect(banded >= 1.5, "plain block error \(banded): the comparison shows no banding to avoid")
        // Per pixel, dithering scatters values around the smooth ones by up to the palette's
        // spacing: measured 4.13 levels (plain nearest colour 3.57). 6 still fails a wrong
        // palette or channel order, which are off by tens of levels.
        #expect(Self.meanError(source, back) <= 6)
    }

    @Test("lossless WebP gives back identical pixels")
    func webpLossless() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try Self.drawnFrames(count: 8).map(\.pixels)
        let (_, decoded) = try Self.record(frames, width: 160, height: 100, to: "\(folder)/fish.webp")
        try #require(decoded.frames.count == frames.count)
        for (index, (source, back)) in zip(frames, decoded.frames).enumerated() {
            #expect(source == back.pixels, "frame \(index) differs")
        }
    }

    @Test("lossy WebP is smaller than lossless and close to the source")
    func webpLossy() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try Self.drawnFrames(count: 8).map(\.pixels)
        let lossless = try Self.record(frames, width: 160, height: 100, to: "\(folder)/a.webp")
        let lossy = try Self.record(frames, width: 160, height: 100, quality: 75, to: "\(folder)/b.webp")
        #expect(lossy.bytes.count < lossless.bytes.count, "\(lossy.bytes.count) vs \(lossless.bytes.count)")
        for (source, back) in zip(frames, lossy.decoded.frames) {
            // Quality 75 on flat colours and one small image: measured 3.3–3.7 levels; 6 allows
            // for a libwebp build that spends its bits differently, and still fails a broken
            // colour conversion (which is off by tens of levels).
            #expect(Self.meanError(source, back.pixels) <= 6)
        }
    }

    // MARK: - Size

    @Test("a GIF frame identical to its predecessor stores one transparent pixel")
    func unchangedFrameIsTiny() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = try #require(try Self.drawnFrames(count: 1).first).pixels
        let once = try Self.record([frame], width: 160, height: 100, to: "\(folder)/once.gif")
        let twice = try Self.record([frame, frame], width: 160, height: 100, to: "\(folder)/twice.gif")
        // The second frame costs a graphic control block (8 bytes), an image descriptor (10),
        // a two-colour table (6) and one pixel of LZW data (about 6): 30 bytes; a whole frame
        // would cost thousands.
        #expect(twice.bytes.count - once.bytes.count <= 40, "\(twice.bytes.count - once.bytes.count) bytes")
        #expect(twice.decoded.frames.count == 2)
        #expect(twice.decoded.frames[1].pixels == twice.decoded.frames[0].pixels)
    }

    @Test("a GIF frame stores only the rectangle that changed; the rest shows through")
    func changedRectangleOnly() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frame = try #require(try Self.drawnFrames(count: 1).first).pixels
        var moved = frame
        for y in 40..<44 {
            for x in 10..<14 { moved[y * 160 + x] = 0xFFFF_0000 }  // a red 4×4 square
        }
        let once = try Self.record([frame], width: 160, height: 100, to: "\(folder)/once.gif")
        let both = try Self.record([frame, moved], width: 160, height: 100, to: "\(folder)/both.gif")
        // 16 pixels of one colour: headers (24 bytes) plus a few bytes of LZW data.
        #expect(both.bytes.count - once.bytes.count <= 50, "\(both.bytes.count - once.bytes.count) bytes")
        try #require(both.decoded.frames.count == 2)
        let (before, after) = (both.decoded.frames[0].pixels, both.decoded.frames[1].pixels)
        let changed = after.indices.filter { after[$0] != before[$0] }
        // Exactly the square changed, to exactly red (one colour: an exact palette).
        #expect(changed == (40..<44).flatMap { y in (10..<14).map { y * 160 + $0 } })
        #expect(changed.allSatisfy { after[$0] == 0xFFFF_0000 })
    }

    @Test("a WebP frame identical to its predecessor merges into it: one longer frame")
    func webpMergesRepeats() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = [Self.tinyFrame(1), Self.tinyFrame(1), Self.tinyFrame(2)]
        let (_, decoded) = try Self.record(frames, width: 4, height: 4, fps: 10, to: "\(folder)/t.webp")
        #expect(decoded.frames.map(\.durationMilliseconds) == [200, 100])
        #expect(decoded.totalMilliseconds == 300)
    }

    // MARK: - Determinism and threads

    @Test(
        "the same frames give the same bytes, also when encoded on another thread",
        arguments: AnimationFormat.allCases)
    func sameBytes(format: AnimationFormat) async throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let frames = try Self.drawnFrames(count: 6).map(\.pixels)  // [[UInt32]]: Sendable
        let here = try Self.record(frames, width: 160, height: 100, to: "\(folder)/a.\(format)").bytes
        let there = try await Task.detached {
            try Self.record(frames, width: 160, height: 100, to: "\(folder)/b.\(format)").bytes
        }.value
        #expect(here == there)
        #expect(here.count > 100)
    }

    // MARK: - Bad input

    @Test(
        "the extension names the format; anything else is refused",
        arguments: [
            ("out.gif", AnimationFormat.gif), ("a/b/Out.WEBP", .webp), ("x.tar.gif", .gif),
            ("out.png", nil), ("gif", nil), (".gif", nil), ("dir.gif/out", nil), ("out.", nil),
        ] as [(String, AnimationFormat?)])
    func formatForPath(path: String, expected: AnimationFormat?) throws {
        if let expected {
            #expect(try AnimationFormat.format(forPath: path) == expected)
        } else {
            #expect(throws: RecordingError.unknownExtension(path: path)) {
                try AnimationFormat.format(forPath: path)
            }
        }
    }

    @Test("an unwritable path is an error naming it, and leaves no file behind")
    func unwritable() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = try AnimationRecorder(format: .gif, width: 4, height: 4, fps: 10)
        try recorder.append(pixels: Self.tinyFrame(0))
        // Tests may run as root, which writes anywhere: use paths no one can write instead.
        try Data().write(to: URL(fileURLWithPath: "\(folder)/file"))
        try FileManager.default.createDirectory(
            atPath: "\(folder)/taken.gif", withIntermediateDirectories: false)
        for path in ["\(folder)/missing/out.gif", "\(folder)/file/out.gif", "\(folder)/taken.gif"] {
            Self.expectCannotWrite(path) { () throws(RecordingError) in try recorder.finish(to: path) }
        }
        // The temporary file for taken.gif was written, then could not be renamed: it is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == ["file", "taken.gif"])
        // The encoded bytes are kept: a good path still works after the failures.
        try recorder.finish(to: "\(folder)/out.gif")
        #expect(try DecodedAnimation(contentsOfFile: "\(folder)/out.gif").frames.count == 1)
    }

    /// Expects `body` to fail with `RecordingError.cannotWrite` naming `path`, its message
    /// starting "cannot write PATH: ".
    static func expectCannotWrite(_ path: String, _ body: () throws(RecordingError) -> Void) {
        do {
            try body()
            Issue.record("\(path) was written")
        } catch {
            guard case .cannotWrite(let named, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(named == path)
            #expect(error.description.hasPrefix("cannot write \(path): "), "\(error)")
        }
    }

    /// A recorder's settings that must be refused, and the error.
    struct BadSettings: Sendable, CustomTestStringConvertible {
        var format = AnimationFormat.gif
        var width = 8
        var height = 8
        var fps = 30
        var loopCount = 0
        var quality: Int?
        var error: RecordingError
        var testDescription: String { error.description }
    }

    @Test(
        "settings out of range are refused, naming the value",
        arguments: [
            BadSettings(width: 0, error: .invalidSize(width: 0, height: 8, format: .gif, limit: 65535)),
            BadSettings(
                format: .webp, width: 20000,
                error: .invalidSize(width: 20000, height: 8, format: .webp, limit: 16383)),
            BadSettings(fps: 0, error: .invalidFrameRate(0, format: .gif, limit: 100)),
            BadSettings(fps: 120, error: .invalidFrameRate(120, format: .gif, limit: 100)),
            BadSettings(loopCount: -1, error: .invalidLoopCount(-1)),
            BadSettings(loopCount: 65536, error: .invalidLoopCount(65536)),
            BadSettings(quality: 80, error: .qualityNeedsWebP(quality: 80)),
            BadSettings(format: .webp, quality: 101, error: .invalidQuality(101)),
        ])
    func badSettings(settings: BadSettings) {
        #expect(throws: settings.error) {
            try AnimationRecorder(
                format: settings.format, width: settings.width, height: settings.height, fps: settings.fps,
                loopCount: settings.loopCount, quality: settings.quality)
        }
        #expect(!settings.error.description.contains("\n"))
    }

    @Test("a frame of the wrong size, no frames, or a path of the other format is refused")
    func badUse() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = try AnimationRecorder(format: .webp, width: 4, height: 4, fps: 10)
        #expect(throws: RecordingError.frameSizeMismatch(expected: 16, actual: 15)) {
            try recorder.append(pixels: [UInt32](repeating: 0, count: 15))
        }
        #expect(throws: RecordingError.noFrames(path: "\(folder)/a.webp")) {
            try recorder.finish(to: "\(folder)/a.webp")
        }
        #expect(throws: RecordingError.extensionMismatch(path: "\(folder)/a.gif", format: .webp)) {
            try recorder.finish(to: "\(folder)/a.gif")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a file that is no animation is refused by the decoder, naming it")
    func notAnAnimation() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/notes.gif"
        try Data("hello".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RecordingError.cannotRead(path: path, reason: "neither a GIF nor a WebP file")) {
            try DecodedAnimation(contentsOfFile: path)
        }
        let truncated = "\(folder)/cut.gif"
        try Data("GIF89a".utf8).write(to: URL(fileURLWithPath: truncated))
        #expect(throws: RecordingError.self) { try DecodedAnimation(contentsOfFile: truncated) }
    }
}
