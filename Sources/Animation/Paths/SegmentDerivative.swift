/// Nodes (positive half) and weights of 8-point Gauss–Legendre quadrature on −1…1, exact for
/// polynomials of degree ≤ 15 (Abramowitz & Stegun, table 25.4).
private let gaussNodes = (
    0.1834346424956498, 0.5255324099163290, 0.7966664774136267, 0.9602898564975363
)
private let gaussWeights = (
    0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763
)

/// Arc length target of one segment relative to its control polygon's length (an upper bound of
/// the arc length). Each accepted interval's estimate differs from its halves by at most this;
/// summed over the few intervals a curve needs, lengths are good to ~1e-9 relative, far inside
/// the 1e-6 the trimming and measuring contracts need.
private let relativeArcLengthTolerance = 1e-10

/// Deepest bisection of the adaptive quadrature: 2⁻³⁰ of the parameter range, reached only near
/// a cusp, where the speed has a kink.
private let maximumQuadratureDepth = 30

/// The derivative B′(t) = a·t² + b·t + c of a segment's Bézier polynomial and its arc length
/// ∫|B′(t)| dt.
///
/// Lengths use adaptive Gauss–Legendre quadrature: an interval's 8-point estimate is compared
/// with the sum of its halves' and split again until they agree to the tolerance. On the
/// quarter circles that ovals and arcs are made of, the first comparison already agrees (24
/// evaluations of the speed); cusps and near-cusps refine only around the kink.
struct SegmentDerivative {
    private var a: Point
    private var b: Point
    private var c: Point
    /// Absolute tolerance of one accepted interval, in pixels.
    private var tolerance: Double

    /// The derivative of `segment`'s polynomial; `.move` and `.close` have derivative zero.
    init(_ segment: PathSegment) {
        let p0 = segment.start
        switch segment.element {
        case .line(let p1):
            a = .zero
            b = .zero
            c = p1 - p0
        case .quadCurve(let p2, let p1):
            a = .zero
            b = (p0 - p1 * 2 + p2) * 2
            c = (p1 - p0) * 2
        case .curve(let p3, let p1, let p2):
            let d0 = p1 - p0
            let d1 = p2 - p1
            let d2 = p3 - p2
            a = (d0 - d1 * 2 + d2) * 3
            b = (d1 - d0) * 6
            c = d0 * 3
        case .move, .close:
            a = .zero
            b = .zero
            c = .zero
        }
        tolerance = relativeArcLengthTolerance * segment.controlPolygonLength
    }

    /// B′(t).
    func value(at t: Double) -> Point {
        Point(x: (a.x * t + b.x) * t + c.x, y: (a.y * t + b.y) * t + c.y)
    }

    /// |B′(t)|: pixels per unit of t.
    func speed(at t: Double) -> Double {
        let x = (a.x * t + b.x) * t + c.x
        let y = (a.y * t + b.y) * t + c.y
        return (x * x + y * y).squareRoot()
    }

    /// The arc length between parameters `t0` ≤ `t1`, in pixels; 0 when `t1` ≤ `t0`.
    func arcLength(from t0: Double, to t1: Double) -> Double {
        guard t1 > t0, tolerance > 0 else { return 0 }
        return refine(t0, t1, estimate: gaussLegendre(t0, t1), depth: 0)
    }

    /// `estimate` for t0…t1 replaced by its halves' sum, recursively until they agree.
    private func refine(_ t0: Double, _ t1: Double, estimate: Double, depth: Int) -> Double {
        let middle = 0.5 * (t0 + t1)
        let left = gaussLegendre(t0, middle)
        let right = gaussLegendre(middle, t1)
        let sum = left + right
        // `!(… > …)` also accepts NaN (non-finite points), which would otherwise recurse forever.
        if depth >= maximumQuadratureDepth || !(abs(sum - estimate) > tolerance) { return sum }
        return refine(t0, middle, estimate: left, depth: depth + 1)
            + refine(middle, t1, estimate: right, depth: depth + 1)
    }

    /// The 8-point Gauss–Legendre estimate of ∫|B′| over t0…t1.
    private func gaussLegendre(_ t0: Double, _ t1: Double) -> Double {
        let half = 0.5 * (t1 - t0)
        let middle = 0.5 * (t0 + t1)
        func pair(_ node: Double) -> Double {
            speed(at: middle - half * node) + speed(at: middle + half * node)
        }
        let sum =
            gaussWeights.0 * pair(gaussNodes.0) + gaussWeights.1 * pair(gaussNodes.1)
            + gaussWeights.2 * pair(gaussNodes.2) + gaussWeights.3 * pair(gaussNodes.3)
        return sum * half
    }
}
