import Animation
import CCairo
import CSprites
import Testing

@testable import Render

/// Sprites copied without Cairo (`SpriteCompositor`) look as Cairo paints them.
@Suite("Sprite compositor")
struct SpriteCompositorTests {
    /// A 24-px disc of a half-transparent colour, as a sprite.
    static func sprite() throws -> CairoSurface {
        let sprite = try CairoSurface(width: 24, height: 24)
        CairoContext(surface: sprite).fill(
            BezierPath(ovalIn: Rect(x: 1, y: 1, width: 22, height: 22)),
            color: Color(red: 0.9, green: 0.6, blue: 0.2, alpha: 0.7))
        return sprite
    }

    /// A square frame of `side` pixels, cleared to the sea's blue, to copy onto.
    static func frame(side: Int) throws -> CairoSurface {
        let frame = try CairoSurface(width: side, height: side)
        CairoContext(surface: frame).clear(to: Color(red: 0.1, green: 0.3, blue: 0.6))
        return frame
    }

    /// A copy's top-left pixel and fade.
    typealias Placement = (x: Int, y: Int, alpha: Double)

    /// `count` copies at random over a 200-px frame (x in -10…190), their tops in `rows`.
    static func randomCopies(
        _ count: Int, seed: UInt64, rows: ClosedRange<Int>, alphas: ClosedRange<Double>
    ) -> [Placement] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            (
                x: Int.random(in: -10...190, using: &random), y: Int.random(in: rows, using: &random),
                alpha: Double.random(in: alphas, using: &random)
            )
        }
    }

    /// `copies` of `pixels` onto `frame` by a compositor, within `clip`, finished.
    static func composite(
        _ copies: [Placement], of pixels: SpritePixels, onto frame: CairoSurface, clip: [Rect]
    ) {
        let compositor = SpriteCompositor(target: frame)
        for copy in copies { compositor.copy(pixels, x: copy.x, y: copy.y, alpha: copy.alpha, clip: clip) }
        compositor.finish()
    }

    @Test(
        "copies match Cairo's paint with alpha, within the clip rectangles",
        arguments: [1.0, 0.73, 0.1, 0.5])
    func matchesCairo(alpha: Double) throws {
        let sprite = try Self.sprite()
        let pixels = try #require(SpritePixels(sprite))
        defer { withExtendedLifetime(sprite) {} }  // the copies read its pixels
        let clip = [Rect(x: 0, y: 0, width: 40, height: 30), Rect(x: 50, y: 0, width: 14, height: 64)]
        func frame() throws -> CairoSurface { try Self.frame(side: 64) }
        let byCairo = try frame()
        let context = CairoContext(surface: byCairo)
        context.clip(to: clip)
        for origin in [Point(x: 20, y: 10), Point(x: 45, y: 30), Point(x: -5, y: 50)] {
            context.paintSurface(sprite, atDevice: origin, alpha: alpha)
        }
        let byPixman = try frame()
        let compositor = SpriteCompositor(target: byPixman)
        for origin in [(20, 10), (45, 30), (-5, 50)] {
            compositor.copy(pixels, x: origin.0, y: origin.1, alpha: alpha, clip: clip)
        }
        compositor.finish()
        let expected = RenderedFrame(surface: byCairo)
        let actual = RenderedFrame(surface: byPixman)
        // The same operator and 8-bit alpha: every channel within 1/255 (rounding).
        var largest = 0
        for (a, b) in zip(actual.pixels, expected.pixels) {
            for shift in [0, 8, 16, 24] {
                largest = max(largest, abs(Int((a >> UInt32(shift)) & 255) - Int((b >> UInt32(shift)) & 255)))
            }
        }
        #expect(largest <= 1, "a channel differs by \(largest)")
        // And something was drawn: the sprite's centre at (32, 22) is not the background.
        #expect(actual.pixels[22 * 64 + 32] != expected.pixels[0])
    }

    @Test("a long queue, copied band by band on two threads, gives the pixels of one copy after another")
    func bands() throws {
        let sprite = try Self.sprite()
        let pixels = try #require(SpritePixels(sprite))
        defer { withExtendedLifetime(sprite) {} }  // the copies read its pixels
        let size = 200
        // 600 overlapping copies (345,600 pixels, several batches of `batchPixels`), crowded in
        // the top third as the fish's bubbles are, many across the edges of `bandCount` bands.
        let copies = Self.randomCopies(600, seed: 7, rows: -10...80, alphas: 0.2...1)
        let clip = [Rect(x: 0, y: 0, width: Double(size), height: Double(size))]
        func frame() throws -> CairoSurface { try Self.frame(side: size) }
        let byCairo = try frame()
        let context = CairoContext(surface: byCairo)
        for copy in copies {
            context.paintSurface(
                sprite, atDevice: Point(x: Double(copy.x), y: Double(copy.y)), alpha: copy.alpha)
        }
        let byBands = try frame()
        Self.composite(copies, of: pixels, onto: byBands, clip: clip)
        // Each copy rounds as Cairo's does; stacked, the roundings can differ by one step each
        // time a pixel is covered again: within 4/255 where up to dozens overlap.
        var largest = 0
        for (a, b) in zip(RenderedFrame(surface: byBands).pixels, RenderedFrame(surface: byCairo).pixels) {
            for shift in [0, 8, 16, 24] {
                largest = max(largest, abs(Int((a >> UInt32(shift)) & 255) - Int((b >> UInt32(shift)) & 255)))
            }
        }
        #expect(largest <= 4, "a channel differs by \(largest)")
        // And twice in a row, the bands give the same bytes (no race between the threads).
        let again = try frame()
        Self.composite(copies, of: pixels, onto: again, clip: clip)
        #expect(RenderedFrame(surface: again).pixels == RenderedFrame(surface: byBands).pixels)
    }

    @Test("copies handed to the worker batch by batch give the bytes of one pass over them all")
    func batches() throws {
        let sprite = try Self.sprite()
        let pixels = try #require(SpritePixels(sprite))
        defer { withExtendedLifetime(sprite) {} }  // the copies read its pixels
        let size = 200
        // 1,500 copies of 576 pixels: 864,000 pixels, 17 batches of `batchPixels`, overlapping.
        let copies = Self.randomCopies(1500, seed: 11, rows: -10...190, alphas: 0.05...1)
        #expect(copies.count * 576 > 10 * SpriteCompositor.batchPixels)
        let clip = [Rect(x: 0, y: 0, width: Double(size), height: Double(size))]
        func frame() throws -> CairoSurface { try Self.frame(side: size) }
        let streamed = try frame()
        Self.composite(copies, of: pixels, onto: streamed, clip: clip)
        // The same copies in one call, one pixel at a time, on one thread.
        let direct = try frame()
        let target = try #require(direct.rows(from: 0))
        let jobs = copies.map { copy in
            csprites_copy(
                pixels: pixels.base, stride: pixels.stride, width: 24, height: 24,
                x: Int32(copy.x), y: Int32(copy.y),
                alpha: Int32(copy.alpha >= 1 ? 255 : Int(copy.alpha * 65535.999_999) >> 8), clip_start: 0,
                clip_count: 1)
        }
        let bounds: [Int32] = [0, 0, Int32(size), Int32(size)]
        csprites_composite_portable(
            jobs, jobs.count, bounds, target.base, target.stride / 4, Int32(size), 0, Int32(size))
        direct.withHandle { cairo_surface_mark_dirty($0) }
        #expect(RenderedFrame(surface: streamed).pixels == RenderedFrame(surface: direct).pixels)
    }
}
