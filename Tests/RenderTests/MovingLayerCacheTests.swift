import Animation
import TestSupport
import Testing

@testable import Render

/// A shape that only moves is rasterised once and copied; what it shows must not change.
@Suite("Moving layers")
struct MovingLayerCacheTests {
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

    @Test("frames of a moving shape equal the shape drawn at rest at the same place; it is cached")
    func sameAsDirect() throws {
        let stepper = FrameStepper()
        let moving = makeCircle(stepper.timeline, moving: true, at: 100)
        let canvas = FrameRenderer()
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
        let canvas = FrameRenderer()
        for _ in 0..<20 {
            stepper.step()
            _ = try canvas.render(root, size: Size(width: 200, height: 100))
        }
        #expect(canvas.renderer.rasters.rasterCount == 0)
    }
}
