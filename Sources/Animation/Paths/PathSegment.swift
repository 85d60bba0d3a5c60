import Foundation

/// Most pieces a single curve is flattened into, whatever the tolerance: enough for a 0.05 px
/// tolerance on curves whose control points span about 10⁶ px, and a bound on the work when
/// coordinates are absurd.
private let maximumFlatteningPieces = 10_000

/// One drawing element of a path together with the point it starts at: the unit that
/// keyframe animation along a path (docs/SEMANTICS.md § Keyframe animations), measuring and
/// trimming work on.
///
/// `element` is `.line`, `.quadCurve` or `.curve`; a path's close is given as
/// `.line(to: subpathStart)`. A `.move` or `.close` put here by hand counts as a single point
/// at `start`.
public struct PathSegment: Hashable, Sendable {
    /// The current point before the element: where the segment starts.
    public var start: Point
    /// The line or curve drawn from `start`.
    public var element: PathElement

    /// A segment drawing `element` from `start`.
    public init(start: Point, element: PathElement) {
        self.start = start
        self.element = element
    }

    /// Where the segment ends.
    public var end: Point {
        switch element {
        case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): p
        case .move, .close: start
        }
    }

    /// The point at Bézier parameter `t` (0 is `start`, 1 is `end`; other values extrapolate
    /// the polynomial).
    public func point(at t: Double) -> Point {
        switch element {
        case .line(let p1):
            return start.lerp(to: p1, t)
        case .quadCurve(let p2, let p1):
            let u = 1 - t
            let (w0, w1, w2) = (u * u, 2 * u * t, t * t)
            return Point(
                x: w0 * start.x + w1 * p1.x + w2 * p2.x,
                y: w0 * start.y + w1 * p1.y + w2 * p2.y)
        case .curve(let p3, let p1, let p2):
            let u = 1 - t
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return Point(
                x: w0 * start.x + w1 * p1.x + w2 * p2.x + w3 * p3.x,
                y: w0 * start.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
        case .move, .close:
            return start
        }
    }

    /// The direction of travel at parameter `t`: the derivative B′(t), not normalized.
    ///
    /// Where the derivative vanishes (a control point on its end point, as in
    /// `curve(to: p, control1: start, …)`) it falls back to the first non-zero vector from the
    /// nearer end towards the other control points, which is the limit direction there. Zero
    /// only when every point of the segment coincides.
    public func tangent(at t: Double) -> Point {
        let derivative = SegmentDerivative(self).value(at: t)
        if derivative.magnitude > 1e-12 * controlPolygonLength { return derivative }
        switch element {
        case .quadCurve(let p2, let p1):
            return t < 0.5 ? firstNonZero(p1 - start, p2 - start) : firstNonZero(p2 - p1, p2 - start)
        case .curve(let p3, let p1, let p2):
            return t < 0.5
                ? firstNonZero(p1 - start, p2 - start, p3 - start)
                : firstNonZero(p3 - p2, p3 - p1, p3 - start)
        case .line, .move, .close:
            return derivative
        }
    }

    /// The arc length in pixels: exact for lines; for curves, adaptive Gauss–Legendre
    /// quadrature of the speed |B′(t)|, to about 1e-10 of the control polygon's length
    /// (see `SegmentDerivative` in SegmentDerivative.swift).
    public var length: Double {
        switch element {
        case .line(let p): start.distance(to: p)
        case .quadCurve, .curve: SegmentDerivative(self).arcLength(from: 0, to: 1)
        case .move, .close: 0
        }
    }

    // MARK: - Internal geometry

    /// The summed lengths of the control polygon's legs: an upper bound of `length` and the
    /// scale for tolerances.
    var controlPolygonLength: Double {
        switch element {
        case .line(let p): start.distance(to: p)
        case .quadCurve(let p2, let p1): start.distance(to: p1) + p1.distance(to: p2)
        case .curve(let p3, let p1, let p2):
            start.distance(to: p1) + p1.distance(to: p2) + p2.distance(to: p3)
        case .move, .close: 0
        }
    }

    /// The parameter t at which the arc length from `start` is `distance`, given the segment's
    /// `totalLength` (its `length`, passed in so callers that know it don't pay twice).
    ///
    /// Newton's method on the arc length, kept inside a shrinking bracket by bisection; it stops
    /// when the length at t is within 1e-10 × `totalLength` of `distance`, so the point found is
    /// that close to the true one.
    func parameter(atLength distance: Double, totalLength: Double) -> Double {
        guard totalLength > 0, distance > 0 else { return 0 }
        guard distance < totalLength else { return 1 }
        if case .line = element { return distance / totalLength }
        let derivative = SegmentDerivative(self)
        let tolerance = 1e-10 * totalLength
        var low = 0.0
        var high = 1.0
        var lengthAtLow = 0.0
        var t = distance / totalLength
        for _ in 0..<100 {
            let lengthAtT = lengthAtLow + derivative.arcLength(from: low, to: t)
            let error = lengthAtT - distance
            if abs(error) <= tolerance { break }
            if error > 0 {
                high = t
            } else {
                low = t
                lengthAtLow = lengthAtT
            }
            var next = t - error / derivative.speed(at: t)
            if !(next > low && next < high) { next = 0.5 * (low + high) }
            if next == t { break }  // the bracket cannot shrink further in Double
            t = next
        }
        return t
    }

    /// The two halves at parameter `t` (de Casteljau), each of the same kind as this one.
    func split(at t: Double) -> (PathSegment, PathSegment) {
        switch element {
        case .line(let p1):
            let middle = start.lerp(to: p1, t)
            return (
                PathSegment(start: start, element: .line(to: middle)),
                PathSegment(start: middle, element: .line(to: p1))
            )
        case .quadCurve(let p2, let p1):
            let p01 = start.lerp(to: p1, t)
            let p12 = p1.lerp(to: p2, t)
            let middle = p01.lerp(to: p12, t)
            return (
                PathSegment(start: start, element: .quadCurve(to: middle, control: p01)),
                PathSegment(start: middle, element: .quadCurve(to: p2, control: p12))
            )
        case .curve(let p3, let p1, let p2):
            let p01 = start.lerp(to: p1, t)
            let p12 = p1.lerp(to: p2, t)
            let p23 = p2.lerp(to: p3, t)
            let p012 = p01.lerp(to: p12, t)
            let p123 = p12.lerp(to: p23, t)
            let middle = p012.lerp(to: p123, t)
            return (
                PathSegment(start: start, element: .curve(to: middle, control1: p01, control2: p012)),
                PathSegment(start: middle, element: .curve(to: p3, control1: p123, control2: p23))
            )
        case .move, .close:
            return (self, self)
        }
    }

    /// The part between parameters `t0` < `t1`, exact (de Casteljau); the ends at 0 and 1 keep
    /// the original points bit for bit.
    func subsegment(from t0: Double, to t1: Double) -> PathSegment {
        var piece = self
        if t1 < 1 { piece = piece.split(at: t1).0 }
        if t0 > 0 { piece = piece.split(at: t0 / t1).1 }
        return piece
    }

    /// Grows `box` to the tight bounds of the drawn segment: its ends and its extreme points,
    /// not its control points.
    func extendBounds(_ box: inout Extent) {
        box.add(start)
        box.add(end)
        switch element {
        case .quadCurve(let p2, let p1):
            PathSegment.quadraticExtremes(start.x, p1.x, p2.x) { box.add(point(at: $0)) }
            PathSegment.quadraticExtremes(start.y, p1.y, p2.y) { box.add(point(at: $0)) }
        case .curve(let p3, let p1, let p2):
            PathSegment.cubicExtremes(start.x, p1.x, p2.x, p3.x) { box.add(point(at: $0)) }
            PathSegment.cubicExtremes(start.y, p1.y, p2.y, p3.y) { box.add(point(at: $0)) }
        case .line, .move, .close:
            break
        }
    }

    /// Appends the flattened segment to `points`, which ends at `start`: the points after it,
    /// the last being `end`, none equal to the point before it.
    ///
    /// A curve is cut at n equal parameter steps. Chords of a C² curve over a step h stray at
    /// most h²/8 · max|B″| from it, and |B″| is largest at an end (B″ is linear for a cubic,
    /// constant for a quadratic), so n = ⌈√(max|B″| / (8 · tolerance))⌉ keeps every chord within
    /// `tolerance` (Wang's formula).
    func appendFlattened(to points: inout [Point], tolerance: Double) {
        let curvature: Double  // max |B″| over 0…1
        switch element {
        case .line(let p):
            if points.last != p { points.append(p) }
            return
        case .quadCurve(let p2, let p1):
            curvature = 2 * (start - p1 * 2 + p2).magnitude
        case .curve(let p3, let p1, let p2):
            curvature = 6 * max((start - p1 * 2 + p2).magnitude, (p1 - p2 * 2 + p3).magnitude)
        case .move, .close:
            return
        }
        let estimate = (curvature / (8 * tolerance)).squareRoot().rounded(.up)
        let pieces = estimate.isFinite ? Int(min(max(estimate, 1), Double(maximumFlatteningPieces))) : 1
        for step in 1...pieces {
            let p = step == pieces ? end : point(at: Double(step) / Double(pieces))
            if points.last != p { points.append(p) }
        }
    }

    // MARK: - Helpers

    private func firstNonZero(_ candidates: Point...) -> Point {
        candidates.first { $0.x != 0 || $0.y != 0 } ?? .zero
    }

    /// Calls `body` with each parameter in 0…1 where a quadratic coordinate (Bernstein
    /// coefficients a, b, c) turns.
    private static func quadraticExtremes(
        _ a: Double, _ b: Double, _ c: Double, _ body: (Double) -> Void
    ) {
        let denominator = a - 2 * b + c
        guard denominator != 0 else { return }
        let t = (a - b) / denominator
        if t > 0 && t < 1 { body(t) }
    }

    /// Calls `body` with each parameter in 0…1 where a cubic coordinate (Bernstein coefficients
    /// a, b, c, d) turns: the roots of its derivative α t² + β t + γ. Any point of the curve
    /// may be added to the bounds without making them loose, so a near-double root is kept
    /// (as the vertex) rather than lost to rounding.
    private static func cubicExtremes(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ body: (Double) -> Void
    ) {
        let alpha = -a + 3 * b - 3 * c + d
        let beta = 2 * (a - 2 * b + c)
        let gamma = b - a
        func report(_ t: Double) { if t > 0 && t < 1 { body(t) } }
        if abs(alpha) <= 1e-12 * (abs(beta) + abs(gamma)) {
            if beta != 0 { report(-gamma / beta) }
            return
        }
        let discriminant = beta * beta - 4 * alpha * gamma
        guard discriminant >= 0 else {
            report(-beta / (2 * alpha))
            return
        }
        let q = -0.5 * (beta + (beta < 0 ? -1 : 1) * discriminant.squareRoot())
        report(q / alpha)
        if q != 0 { report(gamma / q) }
    }
}
