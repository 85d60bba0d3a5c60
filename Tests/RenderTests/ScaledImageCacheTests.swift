import Animation
import Testing

@testable import Render

/// The scaled-image cache keeps the sizes in use and lets the others go (`ScaledImageCache`):
/// memory follows the working set, so a long run of the fish scene reaches a steady state.
@Suite("Scaled image cache")
struct ScaledImageCacheTests {
    /// A fish run in miniature: bubbles of random sizes, each drawn every frame for 120
    /// frames (two seconds at 60 fps), 12 in flight at once, for 50,000 frames.
    @Test("bubbles of ever-new sizes: the cache holds about the ones in flight, however long it runs")
    func bubblesComeAndGo() throws {
        let cache = ScaledImageCache()
        let image = try CairoSurface(width: 64, height: 64)
        var random = SystemRandomNumberGenerator()
        var bubbles: [(size: Double, framesLeft: Int)] = []
        var largest = 0
        for frame in 0..<50_000 {
            if frame % 10 == 0 { bubbles.append((Double.random(in: 5...39, using: &random), 120)) }
            for bubble in bubbles {
                _ = cache.scaled(image, to: Size(width: bubble.size, height: bubble.size))
            }
            bubbles = bubbles.compactMap { $0.framesLeft > 1 ? ($0.size, $0.framesLeft - 1) : nil }
            largest = max(largest, cache.count)
        }
        // 12 in flight; a generation is at least 64 lookups (about 5 frames), so two hold
        // the 12 and the few that ended or began within them. The old cache, keyed on every
        // size ever drawn, held 4,096 here.
        #expect(largest <= 40, "the cache held \(largest) images")
        // Each bubble was scaled once, however many frames it was drawn: 5,000 bubbles.
        #expect(cache.scaledCount == 5_000, "\(cache.scaledCount) scalings for 5,000 bubbles")
    }

    @Test("2,000 sizes drawn every frame stay cached: after the first frames nothing is scaled again")
    func largeWorkingSet() throws {
        let cache = ScaledImageCache()
        let image = try CairoSurface(width: 64, height: 64)
        var warmedUp = 0
        for frame in 0..<20 {
            if frame == 3 { warmedUp = cache.scaledCount }
            for index in 0..<2000 {
                let side = 5 + Double(index) / 100
                _ = cache.scaled(image, to: Size(width: side, height: side))
            }
        }
        // The generations grow to the working set over the first frames (64, 256, 1,024, …
        // lookups), dropping some sizes on the way; then every size is kept.
        #expect(warmedUp < 2 * 2000, "\(warmedUp) scalings of 2,000 sizes in 3 frames")
        #expect(
            cache.scaledCount == warmedUp, "\(cache.scaledCount - warmedUp) scalings after the third frame")
        #expect(cache.count <= 4000)
    }

    @Test("a size dropped and asked for again is scaled to the same pixels")
    func sameAgain() throws {
        let image = try CairoSurface(width: 64, height: 64)
        let context = CairoContext(surface: image)
        context.fill(
            BezierPath(rect: Rect(x: 8, y: 8, width: 40, height: 30)),
            color: Color(red: 1, green: 0.5, blue: 0))
        let cache = ScaledImageCache()
        let size = Size(width: 21.37, height: 17.5)
        let first = try #require(cache.scaled(image, to: size)).pixels()
        // 300 other sizes, each looked up often: generations last 16 lookups per entry, so
        // the first size, never asked for again, is gone from them after two.
        for index in 0..<20_000 {
            _ = cache.scaled(image, to: Size(width: Double(index % 300) / 10 + 1, height: 3))
        }
        // Its sized image is still kept apart, as a base for placed copies: no new scaling.
        var before = cache.scaledCount
        #expect(try #require(cache.scaled(image, to: size)).pixels() == first)
        #expect(cache.scaledCount == before, "the size at rest should have been kept as a base")
        // 120 large sizes (over 4 million pixels) drop the bases too, and the small sizes
        // again the generations; then it is scaled again.
        for index in 0..<120 {
            _ = cache.scaled(image, to: Size(width: 190 + Double(index), height: 190))
        }
        for index in 0..<20_000 {
            _ = cache.scaled(image, to: Size(width: Double(index % 300) / 10 + 1, height: 3))
        }
        before = cache.scaledCount
        let again = try #require(cache.scaled(image, to: size)).pixels()
        #expect(cache.scaledCount == before + 1, "the first size should have been dropped and scaled again")
        #expect(first == again)
    }

    @Test(
        "a moving sprite is scaled into its place to a quarter of a pixel and copied on whole pixels",
        arguments: [Point(x: 10.3, y: 20.8), Point(x: 3.125, y: 7.5), Point(x: 40, y: 12.62)])
    func spritePlacement(origin: Point) throws {
        // A 64-px white square shrunk to a 20.2-px layer at `origin`, at 1.6 px a point.
        let image = try CairoSurface(width: 64, height: 64)
        CairoContext(surface: image).fill(
            BezierPath(rect: Rect(x: 0, y: 0, width: 64, height: 64)), color: .white)
        let cache = ScaledImageCache()
        let placement = DevicePlacement(scale: Size(width: 1.6, height: 1.6), offset: .zero)
        let rect = Rect(x: origin.x, y: origin.y, width: 20.2, height: 20.2)
        let copy = try #require(cache.copy(of: image, in: rect, placement: placement, snapsToPixels: false))
        #expect(copy.origin.x == copy.origin.x.rounded() && copy.origin.y == copy.origin.y.rounded())
        // Where the square's pixels are: their centroid is the square's centre, within 1/8 px
        // (the place's quarter-pixel step) plus 1/4 px (half the size's half-pixel step).
        let pixels = copy.surface.pixels()
        var sum = Point.zero
        var weight = 0.0
        for (index, pixel) in pixels.enumerated() {
            let alpha = Double(pixel >> 24) / 255
            sum = Point(
                x: sum.x + alpha * (Double(index % copy.surface.width) + 0.5),
                y: sum.y + alpha * (Double(index / copy.surface.width) + 0.5))
            weight += alpha
        }
        let centre = Point(x: copy.origin.x + sum.x / weight, y: copy.origin.y + sum.y / weight)
        let expected = Point(x: (origin.x + 10.1) * 1.6, y: (origin.y + 10.1) * 1.6)
        #expect(abs(centre.x - expected.x) <= 0.125 + 0.25 && abs(centre.y - expected.y) <= 0.125 + 0.25)
        // Its area is the layer's, to the half-pixel size step: (32.32 ± 0.25)² px.
        #expect(abs(weight - 32.32 * 32.32) <= 2 * 32.32 * 0.25 + 0.1, "area \(weight)")
    }

    @Test("the 16 places of a size are scaled once each (the first is their base); not again later")
    func placesAreCached() throws {
        let image = try CairoSurface(width: 64, height: 64)
        let cache = ScaledImageCache()
        let placement = DevicePlacement(scale: Size(width: 1, height: 1), offset: .zero)
        for round in 0..<3 {
            for step in 0..<16 {
                let rect = Rect(
                    x: 5 + Double(step % 4) / 4, y: 9 + Double(step / 4) / 4, width: 20, height: 20)
                _ = cache.copy(of: image, in: rect, placement: placement, snapsToPixels: false)
            }
            // The place (0, 0): the size itself, kept as the base the other 15 are moved
            // from: 16 scalings, and none in later rounds.
            #expect(cache.scaledCount == 16, "after round \(round)")
        }
    }

    /// The fish under the panels: 172 px, past a sprite, swimming along x at 2.09 px a frame.
    @Test("a larger moving image is placed to 1/16 px and copied on whole pixels, its places kept")
    func largerPlacement() throws {
        let image = try CairoSurface(width: 400, height: 400)
        CairoContext(surface: image).fill(
            BezierPath(rect: Rect(x: 0, y: 0, width: 400, height: 400)), color: .white)
        let cache = ScaledImageCache()
        let placement = DevicePlacement(scale: Size(width: 0.856, height: 0.856), offset: .zero)
        for round in 0..<3 {
            // Where its pixels' centroid is against its exact place, at each frame.
            var offsets: [Double] = []
            for step in 0..<48 {
                let rect = Rect(x: 300 + Double(step) * 2.09 / 0.856, y: 132.5, width: 200, height: 200)
                let copy = try #require(
                    cache.copy(of: image, in: rect, placement: placement, snapsToPixels: false))
                #expect(copy.origin.x == copy.origin.x.rounded() && copy.origin.y == copy.origin.y.rounded())
                let pixels = copy.surface.pixels()
                var sum = 0.0
                var weight = 0.0
                for (index, pixel) in pixels.enumerated() {
                    let alpha = Double(pixel >> 24) / 255
                    sum += alpha * (Double(index % copy.surface.width) + 0.5)
                    weight += alpha
                }
                offsets.append(copy.origin.x + sum / weight - placement.device(rect.origin).x)
            }
            // Each within 1/32 px of its place: the offsets stay within 1/16 px of each other.
            let spread = (offsets.max() ?? 0) - (offsets.min() ?? 0)
            #expect(spread <= 1.0 / 16 + 1e-6, "round \(round): offsets spread \(spread) px")
            // Its base and the sixteenths of x it passes through, once each, not again.
            #expect(cache.scaledCount <= 17, "after round \(round): \(cache.scaledCount) scaled")
        }
    }

    /// Balloons drifting across both axes make up to 256 places a size: past their budget a
    /// generation paints them at their exact place (no copy made), so memory stays bounded.
    @Test("larger images' places stop at their budget and fall back to their exact place")
    func largerPlacementBudget() throws {
        let image = try CairoSurface(width: 200, height: 200)
        let cache = ScaledImageCache()
        let placement = DevicePlacement(scale: Size(width: 1, height: 1), offset: .zero)
        var exactPlaces = 0
        for step in 0..<256 {
            let rect = Rect(
                x: 10 + Double(step % 16) / 16, y: 20 + Double(step / 16) / 16, width: 200, height: 200)
            let copy = try #require(
                cache.copy(of: image, in: rect, placement: placement, snapsToPixels: false))
            if copy.origin.x != copy.origin.x.rounded() || copy.origin.y != copy.origin.y.rounded() {
                exactPlaces += 1
                // At its exact place: the image at its size, not a copy moved by a fraction.
                #expect(copy.origin == placement.device(rect.origin))
            }
            #expect(cache.placedLargePixels <= ScaledImageCache.maxPlacedLargePixels)
        }
        // 201 × 201 px a copy: 51 fit a generation's budget; the places past it are exact.
        #expect(exactPlaces > 0 && exactPlaces < 255, "\(exactPlaces) of 256 places painted exact")
    }

    @Test("a sprite its generation dropped stays alive, pixels unchanged, until the frame ends")
    func droppedSpritesLastTheFrame() throws {
        let image = try CairoSurface(width: 64, height: 64)
        CairoContext(surface: image).fill(
            BezierPath(ovalIn: Rect(x: 4, y: 4, width: 56, height: 56)),
            color: Color(red: 1, green: 0.5, blue: 0))
        let cache = ScaledImageCache()
        let placement = DevicePlacement(scale: Size(width: 1, height: 1), offset: .zero)
        let rect = Rect(x: 3.25, y: 7.5, width: 21, height: 21)
        let sprite = try #require(
            cache.sprite(of: image, in: rect, placement: placement, snapsToPixels: false))
        weak let surface = cache.copy(of: image, in: rect, placement: placement, snapsToPixels: false)?
            .surface
        let expected = try #require(surface).pixels()
        // Other sizes, never this one again: generations of 16 lookups an entry drop it.
        for index in 0..<20_000 {
            _ = cache.scaled(image, to: Size(width: Double(index % 300) / 10 + 1, height: 3))
        }
        #expect(surface != nil, "dropped before the frame's copies were done")
        let rows = (0..<Int(sprite.pixels.height)).map { row in
            Array(
                UnsafeBufferPointer(
                    start: sprite.pixels.base + row * Int(sprite.pixels.stride),
                    count: Int(sprite.pixels.width)))
        }
        #expect(Array(rows.joined()) == expected)
        cache.endFrame()
        #expect(surface == nil, "still held after the frame ended")
    }
}
