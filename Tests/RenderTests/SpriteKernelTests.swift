import Animation
import CCairo
import CSprites
import Foundation
import Testing

/// The sprite copies (CSprites, eight pixels at a time with AVX2) give pixman's bytes exactly:
/// the renderer swapped pixman for them (docs/internals/rendering-many-layers.md), and
/// a frame must not change by a single bit for it.
@Suite("Sprite kernel")
struct SpriteKernelTests {
    /// A premultiplied ARGB32 image of random pixels: a third clear, a third opaque, a third
    /// translucent, in runs, so that the vector loop meets all-clear and all-opaque groups of
    /// eight as well as mixed ones.
    static func pixels(count: Int, using random: inout SeededRandom) -> [UInt32] {
        var pixels: [UInt32] = []
        while pixels.count < count {
            let run = Int.random(in: 1...12, using: &random)
            let kind = Int.random(in: 0..<3, using: &random)
            for _ in 0..<run {
                let alpha: UInt32 =
                    kind == 0 ? 0 : kind == 1 ? 255 : UInt32.random(in: 1...254, using: &random)
                var pixel = alpha << 24
                for shift: UInt32 in [0, 8, 16] {
                    pixel |= UInt32.random(in: 0...alpha, using: &random) << shift
                }
                pixels.append(pixel)
            }
        }
        return Array(pixels.prefix(count))
    }

    struct Copy {
        var pixels: [UInt32]
        var width: Int32
        var height: Int32
        var x: Int32
        var y: Int32
        var alpha: Int32
    }

    static let width: Int32 = 96
    static let height: Int32 = 64
    /// Two clip rectangles; the copies are clipped to both (one at a time), as the damage is.
    static let clips: [Int32] = [0, 0, 70, 40, 75, 10, 96, 64]

    /// Copies of every width from 1 to 40 (every length of the last, partial group of eight),
    /// some across the frame's edges, faded by 1…255 or not at all.
    static func copies(seed: UInt64) -> [Copy] {
        var random = SeededRandom(seed: seed)
        return (1...40).map { width in
            let height = Int32.random(in: 1...20, using: &random)
            let fade = Int32.random(in: 0..<4, using: &random)
            return Copy(
                pixels: pixels(count: width * Int(height), using: &random), width: Int32(width),
                height: height,
                x: Int32.random(in: -8...(Self.width - 4), using: &random),
                y: Int32.random(in: -8...(Self.height - 4), using: &random),
                alpha: fade == 0 ? 255 : fade == 1 ? 1 : Int32.random(in: 2...254, using: &random))
        }
    }

    static func background(seed: UInt64) -> [UInt32] {
        var random = SeededRandom(seed: seed)
        return pixels(count: Int(width * height), using: &random)
    }

    /// The copies done by `composite` (one of CSprites' functions) over rows `bands`.
    static func byKernel(
        _ copies: [Copy], on background: [UInt32], bands: [Range<Int32>],
        composite: (
            UnsafePointer<csprites_copy>?, Int, UnsafePointer<Int32>?, UnsafeMutablePointer<UInt32>?, Int32,
            Int32,
            Int32, Int32
        ) -> Void
    ) -> [UInt32] {
        var frame = background
        withPointers(copies) { jobs in
            jobs.withUnsafeBufferPointer { jobs in
                clips.withUnsafeBufferPointer { clips in
                    frame.withUnsafeMutableBufferPointer { frame in
                        for band in bands {
                            composite(
                                jobs.baseAddress, jobs.count, clips.baseAddress, frame.baseAddress, width,
                                width,
                                band.lowerBound, band.upperBound)
                        }
                    }
                }
            }
        }
        return frame
    }

    /// `body` with the copies as CSprites' plain values, each clipped to both rectangles.
    static func withPointers(_ copies: [Copy], _ body: ([csprites_copy]) -> Void) {
        var jobs: [csprites_copy] = []
        let pinned = copies.map(\.pixels)
        func recurse(_ index: Int) {
            guard index < pinned.count else { return body(jobs) }
            pinned[index].withUnsafeBufferPointer { pixels in
                let copy = copies[index]
                jobs.append(
                    csprites_copy(
                        pixels: pixels.baseAddress, stride: copy.width, width: copy.width,
                        height: copy.height,
                        x: copy.x, y: copy.y, alpha: copy.alpha, clip_start: 0, clip_count: 2))
                recurse(index + 1)
            }
        }
        recurse(0)
    }

    /// The same copies by pixman: OVER, with a solid mask of the alpha when faded.
    static func byPixman(_ copies: [Copy], on background: [UInt32]) -> [UInt32] {
        var frame = background
        frame.withUnsafeMutableBufferPointer { frame in
            let destination = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, width, height, frame.baseAddress, width * 4)
            defer { pixman_image_unref(destination) }
            for copy in copies {
                var pixels = copy.pixels
                pixels.withUnsafeMutableBufferPointer { pixels in
                    let source = pixman_image_create_bits(
                        PIXMAN_a8r8g8b8, copy.width, copy.height, pixels.baseAddress, copy.width * 4)
                    var color = pixman_color_t(
                        red: 0, green: 0, blue: 0, alpha: UInt16(copy.alpha << 8 | copy.alpha))
                    let mask = copy.alpha == 255 ? nil : pixman_image_create_solid_fill(&color)
                    for rect in stride(from: 0, to: clips.count, by: 4) {
                        let left = max(copy.x, clips[rect])
                        let top = max(copy.y, clips[rect + 1])
                        let right = min(copy.x + copy.width, clips[rect + 2])
                        let bottom = min(copy.y + copy.height, clips[rect + 3])
                        guard left < right, top < bottom else { continue }
                        pixman_image_composite32(
                            PIXMAN_OP_OVER, source, mask, destination, left - copy.x, top - copy.y, 0, 0,
                            left, top,
                            right - left, bottom - top)
                    }
                    if let mask { pixman_image_unref(mask) }
                    pixman_image_unref(source)
                }
            }
        }
        return frame
    }

    @Test(
        "the copies give pixman's bytes, eight at a time and one at a time", arguments: [1, 2, 3] as [UInt64])
    func matchesPixman(seed: UInt64) {
        let copies = Self.copies(seed: seed)
        let background = Self.background(seed: seed + 100)
        let expected = Self.byPixman(copies, on: background)
        #expect(expected != background)  // the copies changed the frame
        let whole = [0..<Self.height]
        let fast = Self.byKernel(copies, on: background, bands: whole, composite: csprites_composite)
        let portable = Self.byKernel(
            copies, on: background, bands: whole, composite: csprites_composite_portable)
        #expect(
            fast.indices.filter { fast[$0] != expected[$0] }.count == 0, "vector copies differ from pixman")
        #expect(portable == expected, "one-at-a-time copies differ from pixman")
    }

    @Test("bands of rows done one after another give the whole frame's bytes")
    func bands() {
        let copies = Self.copies(seed: 9)
        let background = Self.background(seed: 10)
        let whole = Self.byKernel(
            copies, on: background, bands: [0..<Self.height], composite: csprites_composite)
        let banded = Self.byKernel(
            copies, on: background, bands: [0..<7, 7..<33, 33..<Self.height], composite: csprites_composite)
        #expect(banded == whole)
    }

    @Test("the eight-at-a-time copies are the ones used wherever the processor has AVX2")
    func vectorPathTaken() throws {
        // Both ways give the same bytes, so only this says whether the fast one runs: Linux
        // lists the processor's features in /proc/cpuinfo.
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") } ?? ""
        let hasAVX2 = flags.split(separator: " ").contains("avx2")
        #expect((csprites_uses_avx2() != 0) == hasAVX2, "AVX2 listed: \(hasAVX2)")
    }
}
