import Animation
import Foundation
import Render
import TestSupport
import Testing

/// Small layer trees drawn by Cairo, checked by pixels at known points and one golden.
@Suite("Layer drawing")
struct LayerDrawingTests {
    let white = Color.white
    let blue = Color(red: 0, green: 0, blue: 1)
    let canvas = FrameRenderer()

    /// A white 200×100 window root.
    func makeRoot(_ timeline: Timeline, width: Double = 200, height: Double = 100) -> Layer {
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = white
        return root
    }

    /// A blue horizontal stroke from (0, 50) to (200, 50), width 10.
    func makeLine(_ timeline: Timeline, cap: LineCap = .butt) -> ShapeLayer {
        let line = ShapeLayer(timeline: timeline)
        line.anchorPoint = .zero
        line.bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 50))
        path.addLine(to: Point(x: 200, y: 50))
        line.path = path
        line.strokeColor = blue
        line.fillColor = .clear
        line.lineWidth = 10
        line.lineCap = cap
        return line
    }

    func render(_ root: Layer) throws -> RenderedFrame {
        try canvas.render(root, size: Size(width: root.bounds.width, height: root.bounds.height))
    }

    // Antialiasing touches only the pixel an edge crosses; probes sit ≥ 2 px away from edges,
    // so colours there are exact up to 8-bit rounding (0.01).
    let colorTolerance = 0.01

    @Test("a trimmed stroke ends where the length says")
    func trimmedEnd() throws {
        let timeline = Timeline()
        let root = makeRoot(timeline)
        let line = makeLine(timeline)
        line.strokeStart = 0.25
        line.strokeEnd = 0.5
        root.addSublayer(line)
        let frame = try render(root)
        #expect(frame.color(x: 47, y: 50)?.isClose(to: white, within: colorTolerance) == true)
        #expect(frame.color(x: 53, y: 50)?.isClose(to: blue, within: colorTolerance) == true)
        #expect(frame.color(x: 97, y: 50)?.isClose(to: blue, within: colorTolerance) == true)
        #expect(frame.color(x: 103, y: 50)?.isClose(to: white, within: colorTolerance) == true)
        let box = frame.boundingBox { $0.blue > 0.5 && $0.red < 0.5 }
        // Butt caps: x from 50 to 100 exactly; y 45…55. One pixel of slack for antialiasing.
        #expect(
            box.map { abs($0.minX - 50) <= 1 && abs($0.maxX - 100) <= 1 } == true,
            "box \(String(describing: box))")
    }

    @Test("start ≥ end draws nothing, not even a round cap", arguments: [(0.5, 0.5), (0.7, 0.3), (1.0, 1.0)])
    func emptyTrim(start: Double, end: Double) throws {
        let timeline = Timeline()
        let root = makeRoot(timeline)
        let line = makeLine(timeline, cap: .round)
        line.strokeStart = start
        line.strokeEnd = end
        root.addSublayer(line)
        let frame = try render(root)
        #expect(frame.count { !$0.isClose(to: white, within: colorTolerance) } == 0)
    }

    @Test("a partly trimmed circle gets round caps; a whole one stays closed, without caps")
    func circleCaps() throws {
        let timeline = Timeline()
        let root = makeRoot(timeline, width: 200, height: 200)
        let circle = ShapeLayer(timeline: timeline)
        circle.anchorPoint = .zero
        circle.bounds = root.bounds
        // Radius 50 about (100, 100); it starts at its rightmost point (150, 100), clockwise.
        circle.path = BezierPath(ovalIn: Rect(x: 50, y: 50, width: 100, height: 100))
        circle.strokeColor = blue
        circle.fillColor = .clear
        circle.lineWidth = 20
        circle.lineCap = .square
        circle.strokeEnd = 0.25  // a quarter: from (150, 100) down to (100, 150)
        root.addSublayer(circle)
        let partial = try render(root)
        // The square cap at the start sticks out 10 px above (150, 100), towards y = 90.
        #expect(partial.color(x: 150, y: 93)?.isClose(to: blue, within: colorTolerance) == true)
        // The cap at the end sticks out 10 px left of (100, 150).
        #expect(partial.color(x: 93, y: 150)?.isClose(to: blue, within: colorTolerance) == true)
        // Beyond the caps, nothing.
        #expect(partial.color(x: 150, y: 86)?.isClose(to: white, within: colorTolerance) == true)

    }

    @Test("a fully covered circle stays closed: no cap sticks out at its start")
    func closedCircleHasNoCaps() throws {
        let timeline = Timeline()
        let root = makeRoot(timeline, width: 200, height: 200)
        let circle = ShapeLayer(timeline: timeline)
        circle.anchorPoint = .zero
        circle.bounds = root.bounds
        // Radius 20 about (100, 100), width 30: the ring covers radii 5…35. A square cap at the
        // start (120, 100) would cover x 105…135, y 85…100, whose corner reaches radius 38.
        circle.path = BezierPath(ovalIn: Rect(x: 80, y: 80, width: 40, height: 40))
        circle.strokeColor = blue
        circle.fillColor = .clear
        circle.lineWidth = 30
        circle.lineCap = .square
        circle.strokeEnd = 0.999  // partly covered: open, with caps
        root.addSublayer(circle)
        let probe = (x: 134, y: 86)  // radius 36.9: outside the ring, inside the cap
        let open = try render(root)
        #expect(open.color(x: probe.x, y: probe.y)?.isClose(to: blue, within: colorTolerance) == true)
        // The circle is in a tree: without disableActions the change would animate implicitly.
        timeline.transaction { transaction in
            transaction.disableActions = true
            circle.strokeEnd = 1
        }
        let closed = try render(root)
        #expect(closed.color(x: probe.x, y: probe.y)?.isClose(to: white, within: colorTolerance) == true)
        #expect(closed.color(x: 100, y: 70)?.isClose(to: blue, within: colorTolerance) == true)  // the ring
    }

    @Test("opacity applies to a layer and its sublayers as one group")
    func opacityGroup() throws {
        let timeline = Timeline()
        let root = makeRoot(timeline)
        let group = Layer(timeline: timeline)
        group.frame = Rect(x: 0, y: 0, width: 200, height: 100)
        group.opacity = 0.5
        for x in [40.0, 80.0] {
            let square = Layer(timeline: timeline)
            square.frame = Rect(x: x, y: 20, width: 60, height: 60)
            square.backgroundColor = blue
            group.addSublayer(square)
        }
        root.addSublayer(group)
        let frame = try render(root)
        let alone = try #require(frame.color(x: 50, y: 50))
        let overlap = try #require(frame.color(x: 90, y: 50))
        #expect(alone.isClose(to: Color(red: 0.5, green: 0.5, blue: 1), within: colorTolerance))
        #expect(overlap.isClose(to: alone, within: colorTolerance))  // not darker where they overlap
    }

    @Test("position, anchor point and transform place a layer; masksToBounds clips sublayers")
    func geometry() throws {
        let timeline = Timeline()
        let root = makeRoot(timeline)
        let box = Layer(timeline: timeline)
        box.bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        box.anchorPoint = Point(x: 0, y: 0)
        box.position = Point(x: 100, y: 50)
        box.transform = AffineTransform(rotationAngle: .pi / 2)  // turns about the top-left corner
        box.backgroundColor = blue
        box.masksToBounds = true
        let child = Layer(timeline: timeline)
        child.frame = Rect(x: 30, y: 0, width: 40, height: 20)  // half outside the box
        child.backgroundColor = Color(red: 1, green: 0, blue: 0)
        box.addSublayer(child)
        root.addSublayer(box)
        let frame = try render(root)
        // Rotated 90° clockwise about (100, 50): the box covers x 80…100, y 50…90.
        #expect(frame.color(x: 90, y: 60)?.isClose(to: blue, within: colorTolerance) == true)
        #expect(frame.color(x: 110, y: 60)?.isClose(to: white, within: colorTolerance) == true)
        // The child's visible half: box x 30…40 → screen y 80…90.
        #expect(
            frame.color(x: 90, y: 85)?.isClose(to: Color(red: 1, green: 0, blue: 0), within: colorTolerance)
                == true)
        #expect(frame.color(x: 90, y: 95)?.isClose(to: white, within: colorTolerance) == true)  // clipped
    }

    /// The goldens of this suite: the arguments of `composite(golden:)`, and what
    /// `GoldenGuardTests` counts as used.
    static let goldens = ["render-composite"]

    @Test("dash patterns and image contents draw; the composite matches its golden", arguments: goldens)
    func composite(golden: String) throws {
        let timeline = Timeline()
        let root = makeRoot(timeline, width: 240, height: 120)
        let dashed = makeLine(timeline)
        dashed.lineDashPattern = [20, 10]
        dashed.position = Point(x: 0, y: -25)
        root.addSublayer(dashed)
        let fish = Layer(timeline: timeline)
        fish.frame = Rect(x: 110, y: 40, width: 120, height: 72)
        fish.contents = ImageAsset(named: "fish")
        root.addSublayer(fish)
        let rounded = Layer(timeline: timeline)
        rounded.frame = Rect(x: 10, y: 50, width: 80, height: 60)
        rounded.backgroundColor = Color(red: 0.2, green: 0.7, blue: 0.3)
        rounded.cornerRadius = 15
        rounded.borderWidth = 4
        rounded.borderColor = Color(red: 0.1, green: 0.2, blue: 0.1)
        root.addSublayer(rounded)
        let frame = try render(root)
        // Dashes: 20 on, 10 off along y = 25.
        #expect(frame.color(x: 10, y: 25)?.isClose(to: blue, within: colorTolerance) == true)
        #expect(frame.color(x: 25, y: 25)?.isClose(to: white, within: colorTolerance) == true)
        #expect(frame.color(x: 40, y: 25)?.isClose(to: blue, within: colorTolerance) == true)
        // The fish is opaque yellow in its upper body (Assets/fish.png's design point (62, 40) of
        // 100 × 100, squeezed into 120 × 72 → window 184, 69).
        let body = try #require(frame.color(x: 184, y: 69))
        #expect(body.red > 0.8 && body.blue < 0.4, "fish body \(body)")
        // The rounded corner leaves its very corner white.
        #expect(frame.color(x: 11, y: 51)?.isClose(to: white, within: colorTolerance) == true)
        expectMatchesGolden(frame, golden)
    }

    @Test("rendering twice gives the same pixels")
    func deterministic() throws {
        let timeline = Timeline()
        let root = makeRoot(timeline)
        root.addSublayer(makeLine(timeline, cap: .round))
        #expect(try render(root).pixels == render(root).pixels)
    }
}
