import Animation
import TestSupport
import Testing

@testable import Render

/// A shape that only moves is rasterised once and copied; what it shows must not change.
@Suite("Moving layers")
struct MovingLayerCacheTests {
    /// A renderer that paints moving layers from rasters, as the window's does while the scene
    /// runs (`FrameRenderer` itself never does: its frames are exact).
    static func caching() -> FrameRenderer {
        let renderer = FrameRenderer()
        renderer.renderer.usesMovingLayerCache = true
        return renderer
    }

    /// A stroked, filled circle moving 1 px a frame (whole pixels, so the cache's placement on
    /// whole pixels is exact), and the same circle placed at rest.
    func makeCircle(_ timeline: Timeline, moving: Bool, at x: Double) -> Layer {
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        root.backgroundColor = .white
        let circle = ShapeLayer(timeline: timeline)
        circle.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
        circle.path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 40, height: 40))
        circle.fillColor = Color(red: 0.95, green: 0.69, blue: 0.13)
        circle.strokeColor = Color(red: 0.3, green: 0.2, blue: 0.1)
        circle.lineWidth = 3
        circle.position = Point(x: x, y: 50)
        root.addSublayer(circle)
        if moving {
            let move = BasicAnimation(keyPath: .position)
            move.fromValue = Point(x: 40, y: 50)
            move.toValue = Point(x: 100, y: 50)
            move.duration = 1
            circle.add(move, forKey: "move")
        }
        return root
    }

    @Test("render's frames never come from rasters: a moving shape is drawn directly every frame")
    func renderIsExact() throws {
        let stepper = FrameStepper()
        let moving = makeCircle(stepper.timeline, moving: true, at: 100)
        let canvas = FrameRenderer()
        for _ in 0..<10 {
            stepper.step()
            _ = try canvas.render(moving, size: Size(width: 200, height: 100))
        }
        #expect(canvas.renderer.rasters.rasterCount == 0)
    }

    @Test("frames of a moving shape equal the shape drawn at rest at the same place; it is cached")
    func sameAsDirect() throws {
        let stepper = FrameStepper()
        let moving = makeCircle(stepper.timeline, moving: true, at: 100)
        let canvas = Self.caching()
        var compared = 0
        for _ in 0..<30 {
            stepper.step()
            let frame = try canvas.render(moving, size: Size(width: 200, height: 100))
            let x = 40 + Double(stepper.frame)  // 60 px in 60 frames
            let atRest = try FrameRenderer().render(
                makeCircle(Timeline(), moving: false, at: x), size: Size(width: 200, height: 100))
            let comparison = try #require(GoldenImage.compare(frame, atRest))
            // Whole-pixel placement: only Cairo's rounding may differ (2/255).
            #expect(comparison.differingPixels == 0, "frame \(stepper.frame): \(comparison)")
            compared += 1
        }
        #expect(compared == 30)
        #expect(canvas.renderer.rasters.rasterCount == 1)
    }

    @Test("a shape whose drawing changes every frame is never rasterised; at rest it is drawn directly")
    func changingIsDirect() throws {
        let stepper = FrameStepper()
        let root = makeCircle(stepper.timeline, moving: true, at: 100)
        let shape = try #require(root.sublayers.first as? ShapeLayer)
        let draw = BasicAnimation(keyPath: .strokeEnd)
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1
        shape.add(draw, forKey: "draw")
        let canvas = Self.caching()
        for _ in 0..<20 {
            stepper.step()
            _ = try canvas.render(root, size: Size(width: 200, height: 100))
        }
        #expect(canvas.renderer.rasters.rasterCount == 0)
    }

    /// The circle under a root scaled by `scale` (a window's points), moving 1 point a frame
    /// from x = 40 for 60 frames, or at rest at `x`.
    func makeScaledCircle(_ timeline: Timeline, scale: Double, moving: Bool, at x: Double) -> Layer {
        let window = Layer(timeline: timeline)
        window.anchorPoint = .zero
        window.bounds = Rect(x: 0, y: 0, width: 200 * scale, height: 100 * scale)
        let points = makeCircle(timeline, moving: moving, at: x)
        points.transform = AffineTransform(scaleX: scale, y: scale)
        window.addSublayer(points)
        return window
    }

    @Test(
        "under a scale, a moving shape is rasterised at the device scale and steps by its speed in fractions",
        arguments: [1.6, 2.4])
    func scaledFractionalSteps(scale: Double) throws {
        let stepper = FrameStepper()
        let moving = makeScaledCircle(stepper.timeline, scale: scale, moving: true, at: 100)
        let canvas = Self.caching()
        let size = Size(width: 200 * scale, height: 100 * scale)
        var xs: [Double] = []
        for _ in 0..<40 {
            stepper.step()
            let frame = try canvas.render(moving, size: size)
            // The centroid of the fill's ink over white, from the blue channel (0.13 against 1).
            var sum = 0.0
            var moment = 0.0
            let pixels = frame.pixels
            for index in pixels.indices {
                let blue = Double(pixels[index] & 0xFF) / 255
                let ink = min(max((1 - blue) / (1 - 0.13), 0), 1)
                sum += ink
                moment += ink * (Double(index % frame.width) + 0.5)
            }
            xs.append(moment / sum)
        }
        #expect(canvas.renderer.rasters.rasterCount == 1)  // rasterised once, at the device scale
        // 1 point a frame is `scale` pixels: every step that, to 0.1 px (the first step goes
        // from the drawing to the raster, which agree to the same).
        let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
        #expect(steps.allSatisfy { abs($0 - scale) <= 0.1 }, "steps \(steps)")
    }

    @Test("under a scale, a shape at rest is drawn directly, exactly as the same shape never moved")
    func scaledAtRestIsExact() throws {
        let stepper = FrameStepper()
        let root = makeScaledCircle(stepper.timeline, scale: 1.6, moving: true, at: 100)
        let canvas = Self.caching()
        let size = Size(width: 320, height: 160)
        for _ in 0..<70 {  // past the 1-s move: at rest at x = 100 from frame 60 on
            stepper.step()
            _ = try canvas.render(root, size: size)
        }
        let rested = try canvas.render(root, size: size)
        let never = try FrameRenderer().render(
            makeScaledCircle(Timeline(), scale: 1.6, moving: false, at: 100), size: size)
        #expect(rested.pixels == never.pixels)
    }

    @Test("the raster follows the device scale: a new scale, a new raster, the same picture as drawing")
    func newScaleNewRaster() throws {
        let stepper = FrameStepper()
        let root = makeScaledCircle(stepper.timeline, scale: 1.6, moving: true, at: 100)
        let canvas = Self.caching()
        for _ in 0..<5 {
            stepper.step()
            _ = try canvas.render(root, size: Size(width: 320, height: 160))
        }
        let points = try #require(root.sublayers.first)
        stepper.timeline.transaction { transaction in
            transaction.disableActions = true
            points.transform = AffineTransform(scaleX: 2, y: 2)
        }
        stepper.step()
        _ = try canvas.render(root, size: Size(width: 400, height: 200))  // new scale: drawn directly
        stepper.step()
        let cached = try canvas.render(root, size: Size(width: 400, height: 200))  // rasterised at 2
        let direct = try FrameRenderer().render(root, size: Size(width: 400, height: 200))
        let comparison = try #require(GoldenImage.compare(cached, direct, maxChannelDelta: 40))
        // The raster is painted through a bilinear filter at the fractional offset: edge pixels
        // soften by up to a sixth (40/255) but no pixel is further off.
        #expect(comparison.differingPixels == 0, "\(comparison)")
        #expect(canvas.renderer.rasters.rasterCount == 1)
    }
}
