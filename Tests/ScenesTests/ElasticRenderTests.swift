import Animation
import Render
import Session
import TestSupport
import Testing

@testable import Scenes

/// Pixel probes for the elastic scene, named apart from other scenes' test helpers.
enum ElasticPixels {
    /// The band's fill, RGB(57, 67, 89).
    static let fill = Color(red255: 57, green255: 67, blue255: 89)

    /// How far down the fill reaches in pixel column `x`, with sub-pixel precision: the sum of
    /// every pixel's fill coverage, read from the red channel (white 1, fill 57/255), so an
    /// antialiased edge counts by its area.
    static func depth(ofColumn x: Int, in frame: RenderedFrame) -> Double {
        var total = 0.0
        for y in 0..<frame.height {
            guard let color = frame.color(x: x, y: y) else { continue }
            total += min(max((1 - color.red) / (1 - fill.red), 0), 1)
        }
        return total
    }

    /// The tutorial's wave, worked out here from its formulas (not from the scene): the seven
    /// control points for a pull of `pull` points with the pointer at `locationX`, in points.
    static func controlPoints(width: Double, locationX: Double, pull: Double) -> [Point] {
        let additionalHeight = max(pull, 0)
        let waveHeight = min(additionalHeight * 0.6, 100)
        let baseHeight = 50 + additionalHeight - waveHeight
        let minLeftX = min((locationX - width / 2) * 0.28, 0)
        let maxRightX = max(width + (locationX - width / 2) * 0.28, width)
        let left = locationX - minLeftX
        let right = maxRightX - locationX
        return [
            Point(x: minLeftX, y: baseHeight),
            Point(x: minLeftX + left * 0.44, y: baseHeight),
            Point(x: minLeftX + left * 0.71, y: baseHeight + waveHeight * 0.64),
            Point(x: locationX, y: baseHeight + waveHeight * 1.36),
            Point(x: maxRightX - right * 0.71, y: baseHeight + waveHeight * 0.64),
            Point(x: maxRightX - right * 0.44, y: baseHeight),
            Point(x: maxRightX, y: baseHeight),
        ]
    }

    /// The lowest point of the tutorial's `currentPath()` curves at `x` (the band's bottom
    /// there), by dense sampling of the three cubics and linear interpolation between samples.
    static func bottom(at x: Double, of p: [Point]) -> Double? {
        let start = Point(x: 0, y: p[0].y)
        let cubics = [(start, p[0], p[1], p[2]), (p[2], p[3], p[4], p[4]), (p[4], p[4], p[5], p[6])]
        var lowest: Double?
        for (p0, p1, p2, p3) in cubics {
            func at(_ t: Double) -> Point {
                let u = 1 - t
                return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
            }
            let steps = 20_000
            var previous = at(0)
            for step in 1...steps {
                let point = at(Double(step) / Double(steps))
                if (previous.x - x) * (point.x - x) <= 0, previous.x != point.x {
                    let f = (x - previous.x) / (point.x - previous.x)
                    let y = previous.y + (point.y - previous.y) * f
                    lowest = max(lowest ?? y, y)
                }
                previous = point
            }
        }
        return lowest
    }

    /// docs/SEMANTICS.md § Block spring animations: x(t) for ζ 0.57, d 0.9 at t/d = 0.1 … 0.9.
    static let springTable: [(fraction: Double, x: Double)] = [
        (0.1, 0.4028), (0.2, 0.9056), (0.3, 1.1037), (0.4, 1.0889), (0.5, 1.0262),
        (0.6, 0.9920), (0.7, 0.9880), (0.8, 0.9948), (0.9, 1.0001),
    ]
}

@Suite("Elastic scene: pixels")
struct ElasticRenderTests {
    /// 800×375 pixels: one pixel a point, so that the hand-worked numbers below are pixels too.
    static let onePixelAPoint = Size(width: 800, height: 375)

    static func frames(
        events: String, at times: [MediaTime], size: Size = onePixelAPoint, fps: Int = 60
    ) throws -> [MediaTime: RenderedFrame] {
        try SceneTester.frames(scene: "elastic", size: size, fps: fps, events: events, at: times)
    }

    @Test(
        "at rest: a white window with the band along its top, 50 points tall, full width",
        arguments: [
            Size(width: 375, height: 667), Size(width: 800, height: 600), Size(width: 500, height: 700),
            Size(width: 1600, height: 1000),
        ])
    func rest(size: Size) throws {
        let frame = try #require(try Self.frames(events: "", at: [0.5], size: size)[0.5])
        let band = 50 * SceneSession.pointScale(forWindow: size)  // pixels, maybe fractional
        // Every column is filled down to 50 points: whole pixels, and the last one by its share
        // (coverage rounds to 1/255: 0.01 px).
        for x in [0, Int(size.width) / 3, Int(size.width) - 1] {
            let depth = ElasticPixels.depth(ofColumn: x, in: frame)
            #expect(abs(depth - band) <= 0.01, "column \(x): \(depth) px, \(band) expected")
        }
        // Colours to 1/255 rounding (0.005): the fill above, white below, nothing else.
        let whole = Int(band.rounded(.down))
        #expect(frame.color(x: 3, y: whole - 1)?.isClose(to: ElasticPixels.fill, within: 0.005) == true)
        #expect(
            frame.color(x: Int(size.width) - 1, y: 0)?.isClose(to: ElasticPixels.fill, within: 0.005) == true)
        let firstWhite = Int(band.rounded(.up))
        #expect(frame.color(x: 3, y: firstWhite)?.isClose(to: .white, within: 0.005) == true)
        let white = frame.count { $0.isClose(to: .white, within: 0.005) }
        #expect(white == Int(size.width) * (Int(size.height) - firstWhite))
    }

    /// A drag and the depth under the pointer: the band's bottom at the pointer's column
    /// (window pixels; the scene works in points).
    struct DragCase: CustomTestStringConvertible, Sendable {
        var size: Size
        var press: Point
        var pointer: Point
        var testDescription: String { "\(size.width)×\(size.height), \(press) → \(pointer)" }
    }

    static let dragCases: [DragCase] = [
        DragCase(
            size: Size(width: 800, height: 600), press: Point(x: 400, y: 100),
            pointer: Point(x: 400, y: 300)),
        DragCase(
            size: Size(width: 800, height: 600), press: Point(x: 200, y: 100),
            pointer: Point(x: 200, y: 150)),
        DragCase(
            size: Size(width: 500, height: 700), press: Point(x: 450, y: 50),
            pointer: Point(x: 430, y: 450)),
        DragCase(
            size: Size(width: 1024, height: 768), press: Point(x: 700, y: 40),
            pointer: Point(x: 720, y: 160)),
    ]

    @Test(
        "while dragging, the column under the pointer reaches the depth of the formulas", arguments: dragCases
    )
    func depthWhileDragging(_ drag: DragCase) throws {
        let events = "0.1 down \(drag.press.x) \(drag.press.y); 0.2 move \(drag.pointer.x) \(drag.pointer.y)"
        let frame = try #require(try Self.frames(events: events, at: [0.3], size: drag.size)[0.3])
        let scale = SceneSession.pointScale(forWindow: drag.size)
        let width = SceneSession.sceneBounds(forWindow: drag.size).width
        let points = ElasticPixels.controlPoints(
            width: width, locationX: drag.pointer.x / scale, pull: (drag.pointer.y - drag.press.y) / scale)
        let column = Int(drag.pointer.x)
        let expected =
            try #require(ElasticPixels.bottom(at: (Double(column) + 0.5) / scale, of: points)) * scale
        let depth = ElasticPixels.depth(ofColumn: column, in: frame)
        // Coverage rounds to 1/255 per pixel and Cairo flattens curves to 0.1 px: 0.25 px.
        #expect(abs(depth - expected) <= 0.25, "depth \(depth), expected \(expected)")
        // The wave hangs about the pull below the band: its lowest point is baseHeight +
        // 0.96·waveHeight, a little to the side of the pointer when it is off-centre; under the
        // pointer it is within 10 % of the wave of minimalHeight + pull (points).
        let pull = max(drag.pointer.y - drag.press.y, 0) / scale
        #expect(
            abs(depth / scale - (50 + pull)) <= 0.1 * min(0.6 * pull, 100), "depth \(depth) px, pull \(pull)")
    }

    /// Pull 200 in the middle at 100 fps, released at 0.7 s; the spring table's times
    /// (0.09 s apart) are then on the frame grid.
    static let bounce = "0.2 down 400 100; 0.3 move 400 300; 0.7 up 400 300"
    static let bounceStart = 0.7

    @Test("after the release the depth follows docs/SEMANTICS.md's spring (ζ 0.57, d 0.9)")
    func springDepth() throws {
        let times =
            [Self.bounceStart] + ElasticPixels.springTable.map { Self.bounceStart + 0.9 * $0.fraction }
        let frames = try Self.frames(events: Self.bounce, at: times + [1.6, 2.0], fps: 100)
        let points = ElasticPixels.controlPoints(width: 800, locationX: 400, pull: 200)
        let start = try #require(ElasticPixels.bottom(at: 400.5, of: points))
        let released = try #require(frames[Self.bounceStart])
        // The release frame still shows the pulled wave (the spring starts at 0).
        #expect(abs(ElasticPixels.depth(ofColumn: 400, in: released) - start) <= 0.25)
        for (fraction, x) in ElasticPixels.springTable {
            let frame = try #require(frames[Self.bounceStart + 0.9 * fraction])
            // Every control point moves by the same spring, so every point of the curve does:
            // depth = 50 + (start − 50)·(1 − x). The table has 4 decimals (±5e-5 × 196 px, 0.01 px);
            // pixels as above: 0.25 px.
            let expected = 50 + (start - 50) * (1 - x)
            let depth = ElasticPixels.depth(ofColumn: 400, in: frame)
            #expect(abs(depth - expected) <= 0.3, "t/d \(fraction): depth \(depth), expected \(expected)")
        }
        // The overshoot: at t/d 0.3 the wave is above the band, by 0.1037 × 196 ≈ 20 px.
        let overshoot = try #require(frames[Self.bounceStart + 0.9 * 0.3])
        #expect(ElasticPixels.depth(ofColumn: 400, in: overshoot) < 50 - 15)
        // At rest after 0.9 s, and it stays there: exactly the band of 50 px.
        for time in [1.6, 2.0] {
            let frame = try #require(frames[time])
            let box = frame.boundingBox { !$0.isClose(to: .white, within: 0.005) }
            #expect(
                box == Rect(x: 0, y: 0, width: 800, height: 50), "at \(time) s: \(String(describing: box))")
        }
    }

    @Test("the overshoot comes at the right moment: the top of the bounce is near t/d 0.33")
    func overshootTiming() throws {
        let times = (0...30).map { Self.bounceStart + Double($0) / 100 }
        let frames = try Self.frames(events: Self.bounce, at: times, fps: 100)
        let depths = try times.map { time in
            ElasticPixels.depth(ofColumn: 400, in: try #require(frames[time]))
        }
        let (index, highest) = try #require(depths.enumerated().min { $0.element < $1.element })
        // x(t) = 1 − e^(−ζω0 t)(cos ωd t + B sin ωd t) peaks at t = π/ωd = π/(12.753·√(1 − 0.57²))
        // = 0.3 s (ω0 = √162.628796): one frame (0.01 s) either side.
        #expect(abs(Double(index) / 100 - 0.30) <= 0.011, "highest at +\(index) frames")
        #expect(highest < 30, "highest depth \(highest)")
        // Before it the wave rises steadily.
        for i in 1...index { #expect(depths[i] <= depths[i - 1] + 0.05) }
    }

    @Test("clicks and drags during the bounce change nothing")
    func inputIgnoredWhileBouncing() throws {
        let times = [1.0, 1.1, 1.2, 1.35, 1.5, 1.8]
        let alone = try Self.frames(events: Self.bounce, at: times, fps: 100)
        let disturbed = try Self.frames(
            events: Self.bounce + "; 0.9 tap 300 300; 1.0 drag 400 100 600 450 0.3; 1.4 tap 10 10", at: times,
            fps: 100)
        for time in times {
            let a = try #require(alone[time])
            let b = try #require(disturbed[time])
            #expect(a.pixels == b.pixels, "frames differ at \(time) s")
        }
    }

    @Test("the debug overlay shows the seven control points as small red squares on the wave")
    func debugControlPoints() throws {
        let events = "0.05 key d; 0.1 down 400 100; 0.2 move 400 300"
        let frames = try Self.frames(events: events, at: [0.3])
        let plain = try Self.frames(events: "0.1 down 400 100; 0.2 move 400 300", at: [0.3])
        let frame = try #require(frames[0.3])
        let without = try #require(plain[0.3])
        // The 3×3 squares centred on whole pixels cover the two pixels each side of the centre
        // fully; the overlay's bounds outline (1 px on the squares' edges) leaves them red.
        let visible = ElasticPixels.controlPoints(width: 800, locationX: 400, pull: 200).dropFirst()
            .dropLast()
        for point in visible {
            for (x, y) in [(Int(point.x) - 1, Int(point.y) - 1), (Int(point.x), Int(point.y))] {
                #expect(frame.color(x: x, y: y)?.isClose(to: .red, within: 0.01) == true, "(\(x), \(y))")
                #expect(without.color(x: x, y: y)?.isClose(to: .red, within: 0.3) == false, "(\(x), \(y))")
            }
        }
        // Nothing else is red: the 2×2 middles of the five inner squares (l3 and r3 sit on the
        // window's edges, under the outline of the shape layer's bounds); at most seven 3×3.
        let red = frame.count { $0.red > 0.9 && $0.green < 0.2 && $0.blue < 0.2 }
        #expect((5 * 4)...(7 * 9) ~= red, "red pixels \(red)")
    }

    /// The drag of the goldens at 800×600 (1.6 pixels a point): pressed at (250, 80), pulled to
    /// (300, 260), released at 0.5 s; a pull of 180 px, 112.5 points.
    static let goldenDrag = "0.1 down 250 80; 0.2 move 300 260; 0.5 up 300 260"

    /// The goldens, each paired with probes that state what it shows: the arguments of
    /// `golden(_:)`, and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        SceneGolden(scene: "elastic", events: goldenDrag, at: 0.3) { dragged in
            // Intent: mid-drag the wave's apex hangs under the pointer, 112.5 points below the
            // band less 0.04·waveHeight (67.5): 159.8 points, 255.7 px.
            let apex = try #require(dragged.boundingBox { !$0.isClose(to: .white, within: 0.1) })
            #expect(abs(apex.maxY - (50 + 112.5 - 2.7) * 1.6) <= 1.5, "bottom \(apex.maxY)")
        },
        SceneGolden(scene: "elastic", events: goldenDrag, at: 0.8) { bounced in
            // 0.3 s after the release (t/d 0.33, x ≈ 1.10) the wave has bounced above the band of
            // 50 points (80 px): under the pointer to 50 − 0.10·110 ≈ 39 points, 62 px.
            #expect(bounced.color(x: 300, y: 70)?.isClose(to: .white, within: 0.01) == true)
            #expect(bounced.color(x: 300, y: 40)?.isClose(to: ElasticPixels.fill, within: 0.01) == true)
        },
    ]

    @Test("goldens: mid-drag off-centre, and the bounce above the band", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
