import Foundation
import Testing

@testable import Animation

/// Building paths: rectangles, ovals, rounded rectangles, arcs, and the subpath invariant.
/// docs/SEMANTICS.md § Shape layers and trimming.
struct PathsShapeTests {
    @Test("a rect runs clockwise from its origin: move, three lines, close")
    func rectElements() {
        let path = BezierPath(rect: Rect(x: 10, y: 20, width: 100, height: 50))
        // Exact: sums of small integers.
        #expect(
            path.elements == [
                .move(to: Point(x: 10, y: 20)), .line(to: Point(x: 110, y: 20)),
                .line(to: Point(x: 110, y: 70)), .line(to: Point(x: 10, y: 70)), .close,
            ])
    }

    @Test("an oval starts at its rightmost point and runs clockwise: bottom, left, top")
    func ovalStartsAtRightmostPoint() throws {
        let path = BezierPath(ovalIn: Rect(x: 10, y: 20, width: 200, height: 100))
        try #require(path.elements.count == 6)  // move, four cubics, close
        #expect(path.elements.first == .move(to: Point(x: 210, y: 70)))
        #expect(path.elements.last == .close)
        // Exact: centre ± half-size of small integers.
        let ends = path.elements.dropFirst().dropLast().map { element -> Point? in
            guard case .curve(let end, _, _) = element else { return nil }
            return end
        }
        #expect(
            ends == [
                Point(x: 110, y: 120), Point(x: 10, y: 70), Point(x: 110, y: 20), Point(x: 210, y: 70),
            ])
    }

    @Test("an oval's circle stays within 2e-4 of the radius")
    func ovalIsRound() {
        let radius = 100.0
        let center = Point(x: 150, y: 150)
        let path = BezierPath(ovalIn: Rect(x: 50, y: 50, width: 200, height: 200))
        var worst = 0.0
        for segment in path.segments {
            for step in 0...200 {
                let p = segment.point(at: Double(step) / 200)
                worst = max(worst, abs(p.distance(to: center) - radius))
            }
        }
        // Minimax handles: ±1.96e-4 · r (quarterCircleHandle); 2e-4 leaves rounding room.
        #expect(worst <= 2e-4 * radius)
        #expect(worst >= 1.9e-4 * radius)  // the known error is reached: the handles are the fitted ones
    }

    @Test("arc clockwise: true from 0 to π draws the bottom half (y-down)")
    func clockwiseArcIsBottomHalf() throws {
        var path = BezierPath()
        path.addArc(
            withCenter: Point(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(path.elements.first == .move(to: Point(x: 70, y: 50)))
        #expect(path.elements.count == 3)  // a move and two quarter cubics
        // The two quarters are mirror images, so half the length is their joint at angle π/2,
        // which is computed as centre + r·(cos, sin): exact to rounding (1e-9 px).
        let middle = try #require(path.point(atFraction: 0.5))
        #expect(middle.distance(to: Point(x: 50, y: 70)) <= 1e-9)
        let end = try #require(path.currentPoint)
        #expect(end.distance(to: Point(x: 30, y: 50)) <= 1e-9)  // cos π is −1 to rounding
        var highest = Double.infinity  // smallest y: y grows downwards
        for segment in path.segments {
            for step in 0...20 { highest = min(highest, segment.point(at: Double(step) / 20).y) }
        }
        #expect(highest >= 50 - 1e-9)  // never above the centre: the ends are at y = 50 ± rounding
    }

    @Test("arc clockwise: false from 0 to π draws the top half")
    func counterClockwiseArcIsTopHalf() throws {
        var path = BezierPath()
        path.addArc(
            withCenter: Point(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
        let middle = try #require(path.point(atFraction: 0.5))
        #expect(middle.distance(to: Point(x: 50, y: 30)) <= 1e-9)  // the joint, as above
    }

    @Test("a clockwise arc whose end angle is smaller goes round through the top (cairo_arc)")
    func clockwiseArcWraps() throws {
        var path = BezierPath()
        path.addArc(
            withCenter: Point(x: 50, y: 50), radius: 20, startAngle: .pi, endAngle: 0, clockwise: true)
        #expect(path.elements.count == 3)  // half a turn, not one and a half
        let middle = try #require(path.point(atFraction: 0.5))
        #expect(middle.distance(to: Point(x: 50, y: 30)) <= 1e-9)  // angle 3π/2 = up on screen
    }

    @Test(
        "arcs are cut into cubics of at most 90°",
        arguments: [(Double.pi / 2, 1), (Double.pi, 2), (1.5 * Double.pi + 0.1, 4), (2 * Double.pi, 4)])
    func arcPieces(sweep: Double, cubics: Int) {
        var path = BezierPath()
        path.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: sweep, clockwise: true)
        let curves = path.elements.filter { if case .curve = $0 { true } else { false } }
        #expect(curves.count == cubics)
    }

    @Test("a full-turn arc is 2πr long to 1e-4 and ends where it started")
    func fullTurnArc() throws {
        var path = BezierPath()
        path.addArc(
            withCenter: Point(x: 100, y: 100), radius: 40, startAngle: 0, endAngle: 2 * .pi,
            clockwise: true)
        let end = try #require(path.currentPoint)
        #expect(end.distance(to: Point(x: 140, y: 100)) <= 1e-9)  // cos/sin of 2π: rounding only
        let circumference = 2 * Double.pi * 40
        // Quarter cubics with minimax handles are 3.8e-5 too long; quadrature adds ~1e-9.
        #expect(abs(path.length - circumference) / circumference <= 1e-4)
    }

    @Test("addArc draws a line from the current point, none when it is already the arc's start")
    func arcConnectsFromCurrentPoint() {
        var fromElsewhere = BezierPath()
        fromElsewhere.move(to: .zero)
        fromElsewhere.addArc(
            withCenter: Point(x: 50, y: 50), radius: 20, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(fromElsewhere.elements[1] == .line(to: Point(x: 70, y: 50)))

        var fromStart = BezierPath()
        fromStart.move(to: Point(x: 50, y: 30))  // the arc's start at −π/2, up to rounding
        fromStart.addArc(
            withCenter: Point(x: 50, y: 50), radius: 20, startAngle: -.pi / 2, endAngle: 0,
            clockwise: true)
        #expect(fromStart.elements.count == 2)  // move and one cubic: no zero-length line
    }

    @Test("a rounded rect keeps inside its rect, with quarter-circle corners, and one structure")
    func roundedRect() {
        let rect = Rect(x: 0, y: 0, width: 120, height: 80)
        let path = BezierPath(roundedRect: rect, cornerRadius: 10)
        #expect(path.elements.count == 10)  // move, (line, cubic) × 4, close
        #expect(path.elements.first == .move(to: Point(x: 10, y: 0)))
        let bounds = path.bounds
        // The extremes are the ends of the straight sides: exact but for rounding.
        #expect(abs(bounds.minX) <= 1e-9 && abs(bounds.maxX - 120) <= 1e-9)
        #expect(abs(bounds.minY) <= 1e-9 && abs(bounds.maxY - 80) <= 1e-9)
        let expected = 2 * (100.0 + 60.0) + 2 * Double.pi * 10
        // Straight sides exact; corners form a circle 3.8e-5 too long (see ovals).
        #expect(abs(path.length - expected) / expected <= 1e-4)

        let otherRadius = BezierPath(roundedRect: rect, cornerRadius: 30)
        #expect(path.hasSameStructure(as: otherRadius))
        let capsule = BezierPath(roundedRect: rect, cornerRadius: 1000)  // clamped to 40
        #expect(capsule.hasSameStructure(as: path))
        #expect(abs(capsule.bounds.width - 120) <= 1e-9)  // still the rect, not beyond it
    }

    @Test("a rounded rect with radius 0 is the rect")
    func roundedRectWithoutRadius() {
        let rect = Rect(x: 5, y: 5, width: 30, height: 20)
        #expect(BezierPath(roundedRect: rect, cornerRadius: 0) == BezierPath(rect: rect))
    }

    @Test("every subpath starts with a move, as in Cairo")
    func subpathsStartWithMoves() {
        let p = Point(x: 1, y: 2)
        let q = Point(x: 5, y: 2)
        let path = BezierPath(elements: [.line(to: p), .close, .close, .line(to: q)])
        #expect(
            path.elements == [.move(to: p), .line(to: p), .close, .move(to: p), .line(to: q)])

        var built = BezierPath()
        built.close()  // no subpath: nothing
        built.move(to: p)
        built.addLine(to: q)
        built.close()
        #expect(built.currentPoint == p)  // after a close: the subpath's start (CGPath)
        built.addLine(to: Point(x: 5, y: 9))
        #expect(built.elements[3] == .move(to: p))
        #expect(built.elements.count == 5)
    }

    @Test("a well-formed element list is kept exactly")
    func wellFormedElementsAreKept() {
        let elements: [PathElement] = [
            .move(to: .zero), .quadCurve(to: Point(x: 4, y: 0), control: Point(x: 2, y: 3)), .close,
            .move(to: Point(x: 9, y: 9)),
        ]
        #expect(BezierPath(elements: elements).elements == elements)
        #expect(BezierPath().isEmpty && BezierPath().currentPoint == nil)
    }
}
