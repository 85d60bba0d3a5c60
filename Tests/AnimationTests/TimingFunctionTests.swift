import Foundation
import Testing

@testable import Animation

/// docs/SEMANTICS.md § Timing functions: the named curves, CA's table, Chromium's unit-test values
/// and the linear extrapolation outside 0…1.
@Suite("Timing functions")
struct TimingFunctionTests {
    /// The curves under test by name, so that each case reads as a row of the reference table.
    static let curves: [String: TimingFunction] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut,
        "easeInEaseOut": .easeInEaseOut, "default": .default,
        "chromium(0.25,0,0.75,1)": TimingFunction(controlPoints: 0.25, 0, 0.75, 1),
        "chromium(0.5,1,0.5,1)": TimingFunction(controlPoints: 0.5, 1, 0.5, 1),
        "overshoot(0.34,1.56,0.64,1)": TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1),
    ]

    static func curve(_ name: String) -> TimingFunction {
        guard let curve = curves[name] else {
            preconditionFailure("no curve named \(name) in TimingFunctionTests.curves")
        }
        return curve
    }

    // MARK: - Control points

    @Test(
        "named curves have Core Animation's control points",
        arguments: [
            ("linear", 0.0, 0.0, 1.0, 1.0),
            ("easeIn", 0.42, 0.0, 1.0, 1.0),
            ("easeOut", 0.0, 0.0, 0.58, 1.0),
            ("easeInEaseOut", 0.42, 0.0, 0.58, 1.0),
            ("default", 0.25, 0.1, 0.25, 1.0),
        ])
    func controlPoints(name: String, c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        // Constants copied from docs/SEMANTICS.md (Apple doc of each name): exact.
        let curve = Self.curve(name)
        #expect(curve.controlPoint1 == Point(x: c1x, y: c1y))
        #expect(curve.controlPoint2 == Point(x: c2x, y: c2y))
    }

    @Test("the solver's constants are WebKit UnitBezier's (docs/SEMANTICS.md § Timing functions)")
    func solverConstants() {
        #expect(TimingFunction.splineSampleCount == 11)
        #expect(TimingFunction.maxNewtonIterations == 4)
        #expect(TimingFunction.newtonEpsilon == 1e-7)
        #expect(TimingFunction.bisectionEpsilon == 1e-10)
    }

    // MARK: - Reference values

    /// The 4 × 5 table of docs/SEMANTICS.md § Timing functions, verbatim: a row per curve.
    static let referenceXs = [0.1, 0.25, 0.5, 0.75, 0.9]
    static let referenceTable: [(String, [Double])] = [
        ("easeIn", [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
        ("easeOut", [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
        ("easeInEaseOut", [0.019722, 0.129162, 0.500000, 0.870838, 0.980278]),
        ("default", [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
    ]
    static let referenceCells: [(String, Double, Double)] = referenceTable.flatMap { name, values in
        zip(referenceXs, values).map { (name, $0, $1) }
    }

    @Test("named curves match docs/SEMANTICS.md's table", arguments: referenceCells)
    func referenceTable(name: String, x: Double, expected: Double) {
        // The table has 6 decimals (±5e-7); the solver is within 1e-6 (measured ≤ 2.3e-7 on these
        // curves): 1.5e-6.
        let actual = Self.curve(name).progress(at: x)
        #expect(abs(actual - expected) <= 1.5e-6, "\(name) at \(x): \(actual), expected \(expected)")
    }

    @Test(
        "Chromium's cubic_bezier_unittest values",
        arguments: [
            ("chromium(0.25,0,0.75,1)", 0.05, 0.01136),
            ("chromium(0.25,0,0.75,1)", 0.25, 0.18235),
            ("chromium(0.25,0,0.75,1)", 0.5, 0.5),
            ("chromium(0.25,0,0.75,1)", 0.75, 0.81764),
            ("chromium(0.25,0,0.75,1)", 0.95, 0.98863),
            ("chromium(0.5,1,0.5,1)", 0.5, 0.875),
        ])
    func chromium(name: String, x: Double, expected: Double) {
        // Chromium's values have 5 decimals (±5e-6); solver error ≤ 1e-6: 1e-5 (Chromium's own
        // test allows 1.5e-4).
        let actual = Self.curve(name).progress(at: x)
        #expect(abs(actual - expected) <= 1e-5, "\(name) at \(x): \(actual), expected \(expected)")
    }

    @Test(
        "the solver is within 1e-6 of a full-precision solution across 0…1",
        arguments: [
            "easeIn", "easeOut", "easeInEaseOut", "default", "chromium(0.25,0,0.75,1)",
            "chromium(0.5,1,0.5,1)", "overshoot(0.34,1.56,0.64,1)",
        ])
    func accuracy(name: String) {
        let curve = Self.curve(name)
        var worst = (error: 0.0, x: 0.0)
        for step in 0...1000 {
            let x = Double(step) / 1000
            let error = abs(curve.progress(at: x) - Self.fullPrecisionProgress(curve, at: x))
            if error > worst.error {
                worst = (error, x)
            }
        }
        // docs/SEMANTICS.md's aim, |error| ≤ 1e-6; the reference solution is exact to rounding (1e-15).
        #expect(worst.error <= 1e-6, "\(name): error \(worst.error) at x = \(worst.x)")
    }

    @Test("the ends are exact", arguments: Array(curves.keys).sorted())
    func exactEnds(name: String) {
        // Exact by construction (progress returns 0 and 1 itself): a finished animation lands
        // on its end value.
        #expect(Self.curve(name).progress(at: 0) == 0)
        #expect(Self.curve(name).progress(at: 1) == 1)
    }

    // MARK: - Linear

    @Test(
        "linear is the identity, inside and outside 0…1",
        arguments: [-2, -0.5, -1e-9, 0, 1e-12, 0.1, 1.0 / 3, 0.5, 0.7, 0.999_999, 1, 1 + 1e-9, 1.5, 3])
    func linearIsIdentity(x: Double) {
        // Exact (==): all four points lie on y = x, so progress returns x itself.
        #expect(TimingFunction.linear.progress(at: x) == x)
    }

    // MARK: - Extrapolation

    /// dy/dx at x = 0 and at x = 1, from the control points: towards the nearer control point,
    /// or the farther one when the nearer sits on the end (easeIn's c2 = (1, 1)).
    static let endGradients: [(String, Double, Double)] = [
        ("linear", 1, 1),
        ("easeIn", 0, (0 - 1) / (0.42 - 1)),  // c2 is (1, 1): the end tangent points at c1
        ("easeOut", 1 / 0.58, 0),  // c1 is (0, 0): the start tangent points at c2
        ("easeInEaseOut", 0, 0),
        ("default", 0.1 / 0.25, 0),
        ("chromium(0.5,1,0.5,1)", 1 / 0.5, 0),
        ("overshoot(0.34,1.56,0.64,1)", 1.56 / 0.34, 0),
    ]

    @Test("outside 0…1 the curve continues as a line with its end gradient", arguments: endGradients)
    func extrapolation(name: String, start: Double, end: Double) {
        let curve = Self.curve(name)
        for x in [-3.0, -1, -0.25, -1e-6] {
            // One multiplication in the engine; the test's gradient may round differently: 1e-12.
            #expect(abs(curve.progress(at: x) - start * x) <= 1e-12, "\(name) at \(x)")
        }
        for x in [1 + 1e-6, 1.25, 2, 4] {
            #expect(abs(curve.progress(at: x) - (1 + end * (x - 1))) <= 1e-12, "\(name) at \(x)")
        }
    }

    @Test("the extrapolation gradients are the curve's own end slopes", arguments: endGradients)
    func extrapolationMatchesCurve(name: String, start: Double, end: Double) {
        let curve = Self.curve(name)
        let h = 1e-4
        let startSlope = curve.progress(at: h) / h
        let endSlope = (1 - curve.progress(at: 1 - h)) / h
        // A one-sided difference quotient: its truncation error is O(h), measured ≤ 6e-4 here,
        // but O(√h) ≈ 3e-3 where a control point sits on the end (easeIn's end, easeOut's start:
        // the curve's parameter speed vanishes there); the solver's ≤ 2.5e-7 adds up to
        // 2.5e-7/h = 2.5e-3. Sum below 1e-2.
        #expect(abs(startSlope - start) <= 1e-2, "\(name) start slope \(startSlope), gradient \(start)")
        #expect(abs(endSlope - end) <= 1e-2, "\(name) end slope \(endSlope), gradient \(end)")
    }

    // MARK: - Reference solution

    /// The Bézier's y at the x given, by bisection to the last bit on the Bernstein form: an
    /// implementation independent of the engine's polynomial form and Newton steps.
    static func fullPrecisionProgress(_ curve: TimingFunction, at x: Double) -> Double {
        func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        let (c1, c2) = (curve.controlPoint1, curve.controlPoint2)
        var lower = 0.0
        var upper = 1.0
        for _ in 0..<200 {
            let middle = (lower + upper) / 2
            if bernstein(c1.x, c2.x, middle) < x {
                lower = middle
            } else {
                upper = middle
            }
        }
        return bernstein(c1.y, c2.y, (lower + upper) / 2)
    }
}
