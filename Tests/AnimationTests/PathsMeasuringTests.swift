import Foundation
import Testing

@testable import Animation

/// Length, bounds, points and tangents along paths, segments and flattening.
/// Reference lengths marked (computed) come from mpmath quadrature at 30 digits.
struct PathsMeasuringTests {
    /// An S-shaped cubic with an inflection: no symmetry to lean on.
    static let sCurve = PathSegment(
        start: .zero,
        element: .curve(
            to: Point(x: 120, y: 40), control1: Point(x: 30, y: 120), control2: Point(x: 90, y: -60)))

    static func path(of segment: PathSegment) -> BezierPath {
        BezierPath(elements: [.move(to: segment.start), segment.element])
    }

    // MARK: - Length

    @Test("a circle's length is 2πr to 1e-4")
    func circleLength() {
        let path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        let circumference = 2 * Double.pi * 100
        // The four-cubic circle is 3.8e-5 too long (quarterCircleHandle); quadrature ~1e-9.
        #expect(abs(path.length - circumference) / circumference <= 1e-4)
    }

    @Test(
        "curve lengths match high-precision quadrature to 1e-8",
        arguments: [
            // The four cubics of a circle of radius 100 (computed: 628.3424719615454).
            (BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200)), 628.342_471_961_545_4),
            // y = x² scaled by 100: (2√5 + asinh 2)/4 · 100 (closed form).
            (
                BezierPath(elements: [
                    .move(to: .zero), .quadCurve(to: Point(x: 100, y: 100), control: Point(x: 50, y: 0)),
                ]), 147.894_285_754_459_74
            ),
            // An S-curve (computed).
            (PathsMeasuringTests.path(of: PathsMeasuringTests.sCurve), 173.983_178_209_231_48),
            // A cusp at t = ½, where the speed has a kink (computed, split at the cusp).
            (
                BezierPath(elements: [
                    .move(to: .zero),
                    .curve(
                        to: Point(x: 100, y: 0), control1: Point(x: 100, y: 100),
                        control2: Point(x: 0, y: 100)),
                ]), 182.842_712_474_619_01
            ),
        ])
    func curveLength(path: BezierPath, expected: Double) {
        // Adaptive Gauss–Legendre aims at 1e-10 of the control polygon per interval; 1e-8
        // relative leaves room for the few intervals summed and still proves far better
        // than the 1e-6 the engine promises.
        #expect(abs(path.length - expected) / expected <= 1e-8)
    }

    @Test("a rect's length includes its closing segment")
    func rectLength() {
        let path = BezierPath(rect: Rect(x: 3, y: 4, width: 100, height: 50))
        #expect(abs(path.length - 300) <= 1e-12)  // four exact distances of integers
    }

    @Test("lengths of subpaths add, and moves between them count nothing")
    func subpathLengthsAdd() {
        let path = BezierPath(elements: [
            .move(to: .zero), .line(to: Point(x: 30, y: 40)),
            .move(to: Point(x: 500, y: 500)), .line(to: Point(x: 500, y: 510)), .close,
        ])
        #expect(abs(path.length - (50 + 10 + 10)) <= 1e-12)  // exact distances
    }

    // MARK: - Bounds

    @Test("a circle's bounds are its rect")
    func circleBounds() {
        let bounds = BezierPath(ovalIn: Rect(x: 10, y: 20, width: 200, height: 200)).bounds
        // The extremes are the cubics' ends (handles are tangent there): exact to rounding.
        #expect(abs(bounds.minX - 10) <= 1e-9 && abs(bounds.minY - 20) <= 1e-9)
        #expect(abs(bounds.width - 200) <= 1e-9 && abs(bounds.height - 200) <= 1e-9)
    }

    @Test("bounds follow the curve, not its control points")
    func boundsAreTight() {
        let path = BezierPath(elements: [
            .move(to: .zero),
            .curve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: 100), control2: Point(x: 100, y: 100)),
            .quadCurve(to: Point(x: 200, y: 0), control: Point(x: 150, y: -100)),
        ])
        let bounds = path.bounds
        // y = 300 t(1 − t) peaks at 75; the quadratic's y = −200 t(1 − t) bottoms at −50.
        #expect(abs(bounds.minX) <= 1e-9 && abs(bounds.maxX - 200) <= 1e-9)
        #expect(abs(bounds.maxY - 75) <= 1e-9 && abs(bounds.minY + 50) <= 1e-9)
    }

    @Test("an empty path has null bounds and no points")
    func emptyPath() {
        let path = BezierPath()
        #expect(path.bounds.isNull)
        #expect(path.length == 0)
        #expect(path.point(atFraction: 0.5) == nil && path.tangent(atFraction: 0.5) == nil)
        #expect(path.segments.isEmpty && path.flattened().isEmpty)
    }

    // MARK: - Points and tangents

    @Test(
        "point and tangent at a fraction of a rect's length, closing segment included",
        arguments: [
            (0.0, Point(x: 0, y: 0), Point(x: 1, y: 0)),
            (0.25, Point(x: 75, y: 0), Point(x: 1, y: 0)),
            (0.6, Point(x: 70, y: 50), Point(x: -1, y: 0)),
            (0.95, Point(x: 0, y: 15), Point(x: 0, y: -1)),  // on the closing segment
            (1.0, Point(x: 0, y: 0), Point(x: 0, y: -1)),
            (-1.0, Point(x: 0, y: 0), Point(x: 1, y: 0)),  // clamped to 0
            (3.0, Point(x: 0, y: 0), Point(x: 0, y: -1)),  // clamped to 1
        ])
    func rectPointAndTangent(fraction: Double, point: Point, tangent: Point) throws {
        let path = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 50))  // 300 long
        let found = try #require(path.point(atFraction: fraction))
        let direction = try #require(path.tangent(atFraction: fraction))
        #expect(found.distance(to: point) <= 1e-9)  // lines: fraction × 300, rounding only
        #expect(direction.distance(to: tangent) <= 1e-12)  // unit axis vectors: exact
    }

    @Test("on an oval: down at the start, leftwards a quarter of the way, at the bottom")
    func ovalPointAndTangent() throws {
        let path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 100, height: 100))
        let start = try #require(path.tangent(atFraction: 0))
        #expect(start.distance(to: Point(x: 0, y: 1)) <= 1e-12)  // handle straight down: exact
        // Four mirror-image quarters: a quarter of the length is the first joint, to rounding.
        let quarter = try #require(path.point(atFraction: 0.25))
        #expect(quarter.distance(to: Point(x: 50, y: 100)) <= 1e-9)
        let direction = try #require(path.tangent(atFraction: 0.25))
        #expect(direction.distance(to: Point(x: -1, y: 0)) <= 1e-9)
    }

    @Test("the point at a fraction lies at that fraction of a curve's arc length")
    func curvePointByArcLength() throws {
        let path = PathsMeasuringTests.path(of: PathsMeasuringTests.sCurve)
        // (computed) arc length 0.3 · L is reached at t = 0.24113360512603274.
        let found = try #require(path.point(atFraction: 0.3))
        // Root search to 1e-10 of the length (1.7e-8 px) on top of ~1e-9 quadrature.
        #expect(found.distance(to: Point(x: 26.093_863_038_271_005, y: 42.609_295_802_768_236)) <= 1e-6)
        let tangent = try #require(path.tangent(atFraction: 0.3))
        let expected = try #require(
            PathsMeasuringTests.sCurve.tangent(at: 0.241_133_605_126_032_74).unitVector)
        #expect(tangent.distance(to: expected) <= 1e-6)  // same t to ~1e-10; slope varies slowly
        #expect(abs(tangent.magnitude - 1) <= 1e-12)  // a unit vector
    }

    @Test("a path of length zero has its point but no tangent")
    func zeroLengthPath() {
        let p = Point(x: 7, y: 8)
        let path = BezierPath(elements: [.move(to: p), .line(to: p)])
        #expect(path.point(atFraction: 0.5) == p)
        #expect(path.tangent(atFraction: 0.5) == nil)
    }

    // MARK: - Segments

    @Test("segments: lines, curves and closes from the current point; moves are not segments")
    func segments() {
        let curve = PathElement.curve(
            to: Point(x: 20, y: 10), control1: Point(x: 12, y: 0), control2: Point(x: 20, y: 5))
        let path = BezierPath(elements: [
            .move(to: .zero), .line(to: Point(x: 10, y: 0)), curve, .close,
            .move(to: Point(x: 50, y: 50)), .line(to: Point(x: 60, y: 50)), .line(to: Point(x: 50, y: 50)),
            .close,
        ])
        let segments = path.segments
        #expect(
            segments == [
                PathSegment(start: .zero, element: .line(to: Point(x: 10, y: 0))),
                PathSegment(start: Point(x: 10, y: 0), element: curve),
                PathSegment(start: Point(x: 20, y: 10), element: .line(to: .zero)),
                PathSegment(start: Point(x: 50, y: 50), element: .line(to: Point(x: 60, y: 50))),
                PathSegment(start: Point(x: 60, y: 50), element: .line(to: Point(x: 50, y: 50))),
                // A close with nothing left to close is still a segment, of length zero.
                PathSegment(start: Point(x: 50, y: 50), element: .line(to: Point(x: 50, y: 50))),
            ])
        #expect(segments.last?.length == 0)
        #expect(BezierPath(elements: [.move(to: .zero)]).segments.isEmpty)
    }

    @Test("a segment's point and tangent follow the Bézier parameter")
    func segmentPointAndTangent() {
        let segment = PathsMeasuringTests.sCurve
        // B(½) = (P0 + 3 P1 + 3 P2 + P3)/8 = (480/8, 220/8): exact in binary.
        #expect(segment.point(at: 0.5) == Point(x: 60, y: 27.5))
        #expect(segment.point(at: 0) == .zero && segment.point(at: 1) == Point(x: 120, y: 40))
        // B′(0) = 3 (P1 − P0), B′(1) = 3 (P3 − P2): exact.
        #expect(segment.tangent(at: 0) == Point(x: 90, y: 360))
        #expect(segment.tangent(at: 1) == Point(x: 90, y: 300))
        let line = PathSegment(start: Point(x: 1, y: 1), element: .line(to: Point(x: 4, y: 5)))
        #expect(line.tangent(at: 0.3) == Point(x: 3, y: 4) && line.length == 5)
    }

    @Test("a tangent where a control point sits on its end point falls back to the limit direction")
    func degenerateTangent() throws {
        let segment = PathSegment(
            start: .zero,
            element: .curve(to: Point(x: 10, y: 10), control1: .zero, control2: Point(x: 10, y: 10)))
        let atStart = try #require(segment.tangent(at: 0).unitVector)
        let atEnd = try #require(segment.tangent(at: 1).unitVector)
        // With P1 = P0 the curve leaves towards P2; with P2 = P3 it arrives from P1: both (1, 1)/√2.
        let diagonal = Point(x: 1, y: 1) * (1 / 2.0.squareRoot())
        #expect(atStart.distance(to: diagonal) <= 1e-12 && atEnd.distance(to: diagonal) <= 1e-12)
        let point = PathSegment(start: .zero, element: .curve(to: .zero, control1: .zero, control2: .zero))
        #expect(point.tangent(at: 0.5) == .zero)  // nothing to follow
    }

    // MARK: - Transforming

    @Test("applying a transform maps every point, control points included")
    func applyingTransform() {
        let path = BezierPath(elements: [
            .move(to: Point(x: 1, y: 2)),
            .curve(to: Point(x: 3, y: 4), control1: Point(x: 5, y: 6), control2: Point(x: 7, y: 8)), .close,
        ])
        let moved = path.applying(AffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 2))
        // Scale first, then translate: (2x + 10, 2y + 20), exact.
        #expect(
            moved.elements == [
                .move(to: Point(x: 12, y: 24)),
                .curve(to: Point(x: 16, y: 28), control1: Point(x: 20, y: 32), control2: Point(x: 24, y: 36)),
                .close,
            ])
    }

    // MARK: - Flattening

    @Test("flattening keeps every point of the curve within the tolerance", arguments: [0.05, 0.5])
    func flatteningTolerance(tolerance: Double) throws {
        let path = BezierPath(elements: [
            .move(to: PathsMeasuringTests.sCurve.start), PathsMeasuringTests.sCurve.element,
        ])
        let polylines = path.flattened(tolerance: tolerance)
        try #require(polylines.count == 1)
        let points = polylines[0].points
        #expect(points.first == .zero && points.last == Point(x: 120, y: 40))  // ends kept exactly
        var worst = 0.0
        for step in 0...4000 {
            let p = PathsMeasuringTests.sCurve.point(at: Double(step) / 4000)
            worst = max(worst, Self.distance(from: p, to: points))
        }
        // The chord bound h²/8 · max|B″| is a guarantee; 1e-9 for rounding.
        #expect(worst <= tolerance + 1e-9)
        #expect(worst >= tolerance / 8)  // and not wastefully finer than asked
    }

    @Test("a flattened circle uses about as many points as its sagitta needs")
    func flattenedCircle() throws {
        let path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        let polylines = path.flattened(tolerance: 0.05)
        try #require(polylines.count == 1)
        // Chords of sagitta 0.05 on r = 100 span 0.063 rad: 100 chords at least; 27 per quarter
        // from the bound (4 · 27 = 108 points, the start not repeated).
        #expect(polylines[0].isClosed)
        #expect((100...150).contains(polylines[0].points.count))
        #expect(polylines[0].points.first != polylines[0].points.last)
    }

    @Test("flattening gives one polyline per drawing subpath; lines stay as they are")
    func flattenedSubpaths() {
        let path = BezierPath(elements: [
            .move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)), .close,
            .move(to: Point(x: 99, y: 99)),  // draws nothing
            .move(to: Point(x: 20, y: 0)), .line(to: Point(x: 30, y: 0)), .line(to: Point(x: 30, y: 0)),
        ])
        #expect(
            path.flattened() == [
                Polyline(points: [.zero, Point(x: 10, y: 0), Point(x: 10, y: 10)], isClosed: true),
                Polyline(points: [Point(x: 20, y: 0), Point(x: 30, y: 0)], isClosed: false),
            ])
    }

    /// The distance from `p` to the nearest edge of the polyline through `points`.
    private static func distance(from p: Point, to points: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(points, points.dropFirst()) {
            let ab = b - a
            let lengthSquared = ab.x * ab.x + ab.y * ab.y
            let t =
                lengthSquared > 0
                ? min(max(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / lengthSquared, 0), 1) : 0
            best = min(best, p.distance(to: a + ab * t))
        }
        return best
    }
}
