import Animation
import TestSupport
import Testing

@testable import Render

/// A stroke's box in the damage (`DamageTracker.extent`) reaches as far as its joins can: a
/// miter up to miterLimit half widths. Lines without joins (the panels' playhead, a tick)
/// reach only their caps' √2 half widths, so that a moving playhead repaints a narrow column,
/// and still every pixel they draw.
@Suite("Stroke extents")
struct StrokeExtentTests {
    static func path(_ points: [(Double, Double)], closed: Bool = false) -> BezierPath {
        var path = BezierPath()
        for (index, point) in points.enumerated() {
            let p = Point(x: point.0, y: point.1)
            if index == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        if closed { path.close() }
        return path
    }

    @Test("which paths join their segments")
    func joins() {
        #expect(!DamageTracker.hasJoins(Self.path([(10, 0), (10, 100)])))
        var ticks = Self.path([(10, 0), (10, 5)])  // two subpaths of one segment each
        ticks.move(to: Point(x: 20, y: 0))
        ticks.addLine(to: Point(x: 20, y: 5))
        #expect(!DamageTracker.hasJoins(ticks))
        #expect(DamageTracker.hasJoins(Self.path([(0, 0), (10, 10), (20, 0)])))
        #expect(DamageTracker.hasJoins(Self.path([(0, 0), (10, 10)], closed: true)))
        var curve = BezierPath()
        curve.move(to: .zero)
        curve.addQuadCurve(to: Point(x: 20, y: 0), controlPoint: Point(x: 10, y: 20))
        #expect(DamageTracker.hasJoins(curve))
    }

    @Test("a line's box: its caps' reach, not a miter's")
    func lineBox() {
        let shape = ShapeLayer(timeline: Timeline())
        shape.path = Self.path([(10, 0), (10, 100)])
        shape.strokeColor = .white
        shape.lineWidth = 4
        #expect(DamageTracker.extent(of: shape).width == 4 * 1.5)  // √2 ≤ 1.5 half widths a side
        shape.path = Self.path([(0, 0), (10, 50), (0, 100)])
        #expect(DamageTracker.extent(of: shape).width == 10 + 4 * 10)  // miter limit 10
    }

    /// A playhead of each cap moved across a striped panel frame after frame: the clipped
    /// repaints leave what a whole draw of the frame shows (no pixel of an old line left, none
    /// of the new one cut), within the 2/255 of a clipped antialiased edge (GoldenImage's
    /// default), and the column each frame repaints is narrow.
    @Test(
        "a moving line repaints a narrow column and leaves the whole frame",
        arguments: [LineCap.butt, .square, .round])
    func movingLine(cap: LineCap) throws {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 60)
        root.backgroundColor = Color(white: 0.1)
        for row in 0..<3 {  // the rows under the playhead
            let bar = Layer(timeline: timeline)
            bar.frame = Rect(x: 0, y: 4 + Double(row) * 20, width: 200, height: 12)
            bar.backgroundColor = Color(red: 0.3, green: 0.6, blue: 1, alpha: 0.55)
            root.addSublayer(bar)
        }
        let line = ShapeLayer(timeline: timeline)
        line.anchorPoint = .zero
        line.frame = root.bounds
        line.strokeColor = Color(red: 1, green: 0.3, blue: 0.3)
        line.lineWidth = 1.5
        line.lineCap = cap
        root.addSublayer(line)
        let full = FrameRenderer()
        let canvas = try IncrementalCanvas(width: 200, height: 60, images: full.images)
        canvas.draw(root)
        for step in 1...40 {
            let x = 20 + Double(step) * 3.3
            timeline.transaction { transaction in
                transaction.disableActions = true
                line.path = Self.path([(x, 2), (x, 58)])
            }
            let damage = canvas.draw(root)
            let box = damage.reduce(Rect.null) { $0.union($1) }
            // Old and new line 3.3 px apart, 1.5 px wide, caps' reach and a pixel each side:
            // under 12 px; at a miter's reach it was over 20.
            #expect(box.width < 12, "step \(step): \(damage)")
            let expected = try full.render(root, size: Size(width: 200, height: 60))
            let comparison = try #require(GoldenImage.compare(try canvas.snapshot(), expected))
            #expect(comparison.differingPixels == 0, "step \(step): \(comparison)")
        }
    }
}
