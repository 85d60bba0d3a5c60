import Foundation

/// A cubic Bézier easing curve from (0, 0) to (1, 1): CAMediaTimingFunction without the prefix.
///
/// `progress(at:)` maps the elapsed fraction of an animation's duration (x) to the fraction of
/// the change that has happened (y). The named curves, the solver and the numbers it must
/// reproduce are in docs/SEMANTICS.md § Timing functions.
///
///     y (progress)
///     1 ┤                    ●━━━━━━  after 1: a line through (1, 1) with the end gradient
///       │              ..··˙˙
///       │          .·˙˙          the Bézier (x(s), y(s)) for s in 0…1, with control points
///       │       .·˙              c1 and c2: solve x(s) = x for s, answer y(s)
///       │    .·˙
///     0 ●··˙───────────────┬──── x (elapsed fraction)
///       0                  1
///     before 0: a line through (0, 0) with the start gradient
public struct TimingFunction: Hashable, Sendable {
    /// Newton's first guess comes from x(s) sampled at s = 0, 0.1, …, 1 (WebKit UnitBezier's
    /// `CUBIC_BEZIER_SPLINE_SAMPLES`; docs/SEMANTICS.md § Timing functions).
    static let splineSampleCount = 11
    /// At most this many Newton steps before falling back to bisection (WebKit UnitBezier).
    static let maxNewtonIterations = 4
    /// Newton's method stops once |x(s) − x| is below this (WebKit UnitBezier's `kBezierEpsilon`).
    static let newtonEpsilon = 1e-7
    /// Bisection stops once |x(s) − x| is below this (docs/SEMANTICS.md § Timing functions).
    static let bisectionEpsilon = 1e-10
    /// A bound on bisection steps, so that the loop ends even if rounding never meets the
    /// epsilon; 100 halvings of a 0.1-wide bracket are far below `Double`'s resolution.
    static let maxBisectionIterations = 100

    /// The first control point: the curve leaves (0, 0) heading towards it.
    public let controlPoint1: Point
    /// The second control point: the curve arrives at (1, 1) coming from it.
    public let controlPoint2: Point

    /// A curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1), like
    /// `CAMediaTimingFunction(controlPoints:_:_:_:)`.
    ///
    /// - The x coordinates must lie in 0…1 (a precondition, as CSS `cubic-bezier()` requires):
    ///   then x(s) never decreases, so every x has exactly one progress.
    /// - The y coordinates may leave 0…1, for curves that overshoot.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        precondition(
            (0...1).contains(c1x) && (0...1).contains(c2x),
            "TimingFunction control point x coordinates must be in 0…1, got \(c1x) and \(c2x)")
        precondition(
            c1y.isFinite && c2y.isFinite,
            "TimingFunction control point y coordinates must be finite, got \(c1y) and \(c2y)")
        controlPoint1 = Point(x: c1x, y: c1y)
        controlPoint2 = Point(x: c2x, y: c2y)
    }

    // MARK: - Named curves

    /// Constant speed: c1 (0, 0), c2 (1, 1) (Apple doc `CAMediaTimingFunctionName.linear`).
    /// What an animation without a timing function does (docs/SEMANTICS.md § Timing functions).
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly: c1 (0.42, 0), c2 (1, 1) (Apple doc `CAMediaTimingFunctionName.easeIn`).
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly: c1 (0, 0), c2 (0.58, 1) (Apple doc `CAMediaTimingFunctionName.easeOut`).
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly: c1 (0.42, 0), c2 (0.58, 1) (Apple doc
    /// `CAMediaTimingFunctionName.easeInEaseOut`); what block animations use.
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve: c1 (0.25, 0.1), c2 (0.25, 1) (Apple doc
    /// `CAMediaTimingFunctionName.default`; the same as CSS `ease`).
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    // MARK: - Solving

    /// The progress (y) at elapsed fraction `x`, by WebKit's UnitBezier method
    /// (docs/SEMANTICS.md § Timing functions); |error| ≤ 1e-6 for the named curves.
    ///
    /// - In 0…1: solve x(s) = x for the curve parameter s (a first guess interpolated between
    ///   11 samples, up to 4 Newton steps to 1e-7, then bisection to 1e-10) and return y(s).
    /// - Outside 0…1: a straight line continuing the curve's end gradient (WebKit and Chromium
    ///   do this so that overshooting inputs stay continuous).
    /// - Exact where it can be: 0 → 0 and 1 → 1, so a finished animation lands on its end
    ///   value, and a curve whose control points lie on the diagonal (`linear`) returns `x`.
    public func progress(at x: Double) -> Double {
        if x.isNaN || (controlPoint1.x == controlPoint1.y && controlPoint2.x == controlPoint2.y) {
            return x  // all four points on y = x, so the curve is that line: y(s) = x(s) = x
        }
        let curve = UnitBezier(controlPoint1, controlPoint2)
        if x < 0 {
            return curve.startGradient == 0 ? 0 : curve.startGradient * x  // 0·−∞ would be NaN
        }
        if x > 1 {
            return curve.endGradient == 0 ? 1 : 1 + curve.endGradient * (x - 1)
        }
        if x == 0 || x == 1 {
            return x
        }
        return curve.y(at: curve.parameter(forX: x))
    }
}

/// The polynomial form of a `TimingFunction`: x(s) = ((ax·s + bx)·s + cx)·s and the same for y,
/// which is the Bernstein form with end points (0, 0) and (1, 1) multiplied out (WebKit
/// UnitBezier.h).
private struct UnitBezier {
    let ax, bx, cx: Double
    let ay, by, cy: Double
    /// dy/dx at x = 0 and x = 1, used to extrapolate outside 0…1.
    let startGradient, endGradient: Double

    init(_ c1: Point, _ c2: Point) {
        cx = 3 * c1.x
        bx = 3 * (c2.x - c1.x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1.y
        by = 3 * (c2.y - c1.y) - cy
        ay = 1 - cy - by

        // The tangent at an end points at the nearer control point unless that point sits on
        // the end point; then it points at the farther one. If both sit on the end points the
        // curve is straight (gradient 1). A tangent that is vertical (the control point is
        // straight above or below the end) would need an infinite gradient: use 0 instead,
        // as Chromium's CubicBezier::InitGradients does.
        if c1.x > 0 {
            startGradient = c1.y / c1.x
        } else if c1.y == 0 && c2.x > 0 {
            startGradient = c2.y / c2.x
        } else if c1.y == 0 && c2.y == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if c2.x < 1 {
            endGradient = (c2.y - 1) / (c2.x - 1)
        } else if c2.y == 1 && c1.x < 1 {
            endGradient = (c1.y - 1) / (c1.x - 1)
        } else if c2.y == 1 && c1.y == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    func x(at s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(at s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func xSlope(at s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The curve parameter s in 0…1 with x(s) = `x` (within 1e-7 after Newton, else 1e-10).
    /// x(s) is strictly increasing on 0…1 because both control x coordinates are in 0…1.
    func parameter(forX x: Double) -> Double {
        // First guess: interpolate between the two samples of x(s) that bracket x. The bracket
        // [lower, upper] also seeds the bisection below.
        let step = 1 / Double(TimingFunction.splineSampleCount - 1)
        var lower = 0.0
        var upper = 1.0
        var s = x
        var previousSample = 0.0
        for index in 1..<TimingFunction.splineSampleCount {
            let sample = self.x(at: Double(index) * step)
            if x <= sample {
                upper = Double(index) * step
                lower = upper - step
                s = lower + step * (x - previousSample) / (sample - previousSample)
                break
            }
            previousSample = sample
        }

        // Newton's method: quadratic convergence, so a few steps usually suffice.
        for _ in 0..<TimingFunction.maxNewtonIterations {
            let error = self.x(at: s) - x
            if abs(error) < TimingFunction.newtonEpsilon {
                return s
            }
            let slope = xSlope(at: s)
            if abs(slope) < TimingFunction.newtonEpsilon {
                break  // a flat spot: Newton's step would shoot off
            }
            s -= error / slope
        }

        // Bisection: slow but sure. Start from Newton's answer when it stayed in the bracket.
        if !(lower...upper).contains(s) {
            s = (lower + upper) / 2
        }
        for _ in 0..<TimingFunction.maxBisectionIterations {
            let value = self.x(at: s)
            if abs(value - x) < TimingFunction.bisectionEpsilon {
                break
            }
            if value < x {
                lower = s
            } else {
                upper = s
            }
            s = (lower + upper) / 2
        }
        return s
    }
}
