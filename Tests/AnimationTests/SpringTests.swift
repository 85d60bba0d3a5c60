import Foundation
import Testing

@testable import Animation

/// docs/SEMANTICS.md § Springs (CASpringAnimation) and § Block spring animations.
@Suite("Springs")
struct SpringTests {
    // MARK: - Parameters

    @Test("the defaults are CASpringAnimation's: mass 1, stiffness 100, damping 10, velocity 0")
    func defaults() {
        let spring = Spring()
        #expect(spring == Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
        #expect(spring.mass == 1 && spring.stiffness == 100)
        #expect(spring.damping == 10 && spring.initialVelocity == 0)
        // ζ = 10/(2√100) and ω0 = √100: exact in binary floating point.
        #expect(spring.dampingRatio == 0.5)
        #expect(spring.undampedFrequency == 10)
    }

    @Test(
        "ζ = c/(2√(k·m)) and ω0 = √(k/m)",
        arguments: [
            (2.0, 50.0, 20.0, 1.0, 5.0),  // m, k, c, ζ, ω0
            (4.0, 100.0, 8.0, 0.2, 5.0),
            (0.5, 200.0, 30.0, 1.5, 20.0),
        ])
    func derivedQuantities(mass: Double, stiffness: Double, damping: Double, zeta: Double, omega0: Double) {
        let spring = Spring(mass: mass, stiffness: stiffness, damping: damping)
        // A division and a square root: rounding only, 1e-12.
        #expect(abs(spring.dampingRatio - zeta) <= 1e-12)
        #expect(abs(spring.undampedFrequency - omega0) <= 1e-12)
    }

    // MARK: - Motion

    @Test(
        "the default spring matches docs/SEMANTICS.md's samples",
        arguments: [
            (0.05, 0.104405), (0.1, 0.340300), (0.2, 0.849426), (0.3, 1.124355),
            (0.5, 1.074591), (0.75, 0.974152), (1.0, 1.002170),
        ])
    func defaultSamples(time: Double, expected: Double) {
        // The samples have 6 decimals (±5e-7); the closed form is exact to rounding (1e-15):
        // 6e-7.
        let actual = Spring().value(at: time)
        #expect(abs(actual - expected) <= 6e-7, "x(\(time)) = \(actual), expected \(expected)")
    }

    /// Springs in every regime, checked against a numerical solution of the equation of motion.
    static let integratedSprings: [(String, Spring)] = [
        ("under-damped, defaults", Spring()),
        ("under-damped, m 2, v0 −2", Spring(mass: 2, stiffness: 300, damping: 7, initialVelocity: -2)),
        ("critically damped", Spring(mass: 1, stiffness: 100, damping: 20)),
        ("critically damped, v0 4", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 4)),
        ("critically damped, v0 −3", Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -3)),
        ("critically damped, m 2", Spring(mass: 2, stiffness: 50, damping: 20)),
        (
            "critically damped, overshoots (v0 25 > ω0)",
            Spring(mass: 1, stiffness: 400, damping: 40, initialVelocity: 25)
        ),
        ("over-damped, ζ 1.5", Spring(mass: 1, stiffness: 100, damping: 30)),
        ("over-damped, ζ 1.5, v0 5", Spring(mass: 1, stiffness: 100, damping: 30, initialVelocity: 5)),
        ("over-damped, ζ 5", Spring(mass: 1, stiffness: 100, damping: 100)),
        ("over-damped, m 3, v0 −2", Spring(mass: 3, stiffness: 12, damping: 20, initialVelocity: -2)),
        ("over-damped, ζ 1.00001", Spring(mass: 1, stiffness: 100, damping: 20.0002)),
    ]

    @Test(
        "value(at:) agrees with an RK4 integration of m·x″ + c·x′ + k·(x − 1) = 0",
        arguments: integratedSprings)
    func matchesIntegration(name: String, spring: Spring) {
        let step = 1e-4
        let sampleSteps = [0, 100, 500, 1_000, 2_000, 3_000, 5_000, 10_000, 20_000, 30_000]
        let integrated = Self.integrate(spring, step: step, sampleSteps: sampleSteps)
        for (index, steps) in sampleSteps.enumerated() {
            let time = Double(steps) * step
            let actual = spring.value(at: time)
            // RK4's global error is O(h⁴): with h = 1e-4 s and rates up to ~200/s (the fast mode at
            // ζ 5), λh ≤ 0.02 and the error stays far below 1e-9 (measured ≤ 4e-13). 1e-6 is
            // still a million times smaller than any error a wrong formula would make.
            #expect(
                abs(actual - integrated[index]) <= 1e-6,
                "\(name) at t = \(time): closed form \(actual), RK4 \(integrated[index])")
        }
    }

    @Test("x(0) = 0, x′(0) = initialVelocity, and time before 0 holds x(0)", arguments: integratedSprings)
    func start(name: String, spring: Spring) {
        #expect(spring.value(at: 0) == 0, "\(name)")  // 1 − 1·(1 + 0): exact
        #expect(spring.value(at: -1) == 0, "\(name)")
        let h = 1e-6
        let forward = (spring.value(at: h) - spring.value(at: 0)) / h
        // Forward difference: error h·|x″(0)|/2 with |x″(0)| = |k − c·v0|/m ≤ 600 here: 3e-4,
        // plus rounding 1e-16/h: 1e-3.
        #expect(abs(forward - spring.initialVelocity) <= 1e-3, "\(name): x′(0) ≈ \(forward)")
    }

    @Test("positive initial velocity moves towards the target faster", arguments: [1.0, 5.0, 20.0])
    func velocitySign(velocity: Double) {
        let resting = Spring().value(at: 0.01)
        let pushed = Spring(initialVelocity: velocity).value(at: 0.01)
        let pulled = Spring(initialVelocity: -velocity).value(at: 0.01)
        // x(0.01) ≈ v0·0.01 + x(0.01) of the resting spring: strictly ordered.
        #expect(pushed > resting)
        #expect(pulled < resting)
        #expect(pulled < 0)  // moving away from the target first
    }

    @Test("the spring ends at 1")
    func endsAtTarget() {
        // e^(−ζω0·t) at t = 100 s is e^(−500): underflows to 0, so exact.
        #expect(Spring().value(at: 100) == 1)
        #expect(Spring(damping: 30).value(at: 100) == 1)
        #expect(Spring(damping: 20).value(at: 100) == 1)
    }

    // MARK: - Settling

    @Test(
        "settlingDuration follows docs/SEMANTICS.md's fit",
        arguments: [(5.0, 2.863), (15.0, 1.026)])
    func settlingFit(damping: Double, expected: Double) {
        // docs/SEMANTICS.md gives 3 decimals (±5e-4); the brief's tolerance is 1e-3.
        let actual = Spring(damping: damping).settlingDuration
        #expect(abs(actual - expected) <= 1e-3, "damping \(damping): \(actual) s")
    }

    @Test("settlingDuration agrees with Apple's examples")
    func settlingAppleDoc() {
        // Apple doc CASpringAnimation.settlingDuration: damping 5 → "about 2.85" (two decimals:
        // ±0.05), damping 15 → "just over 1" (read as 1…1.1).
        #expect(abs(Spring(damping: 5).settlingDuration - 2.85) <= 0.05)
        let stiff = Spring(damping: 15).settlingDuration
        #expect(stiff > 1 && stiff < 1.1)
    }

    @Test("after settlingDuration x stays within 0.001 of 1", arguments: integratedSprings)
    func settled(name: String, spring: Spring) {
        let settling = spring.settlingDuration
        #expect(settling.isFinite && settling > 0, "\(name): \(settling)")
        for step in 0...2_000 {
            let time = settling + Double(step) * 0.002
            // The duration is defined by an envelope that bounds |1 − x|: 0.001 plus rounding.
            #expect(abs(1 - spring.value(at: time)) <= 0.001 + 1e-12, "\(name) at t = \(time)")
        }
    }

    @Test(
        "for ζ ≥ 1 and v0 ≤ ζω0 the spring is exactly 0.001 short at settlingDuration",
        arguments: [
            Spring(damping: 20), Spring(mass: 2, stiffness: 50, damping: 20, initialVelocity: 3),
            Spring(damping: 20, initialVelocity: -3), Spring(damping: 30), Spring(damping: 100),
            Spring(damping: 30, initialVelocity: -5), Spring(damping: 20.0002),
        ])
    func settledTightly(spring: Spring) {
        // There the envelope is 1 − x itself, found by bisection to the last bit: 1e-9 covers
        // rounding in x and the envelope.
        let shortfall = 1 - spring.value(at: spring.settlingDuration)
        #expect(abs(shortfall - 0.001) <= 1e-9, "\(spring): 1 − x = \(shortfall)")
    }

    @Test("settlingDuration is continuous at critical damping from above")
    func settlingContinuousAboveCritical() {
        let critical = Spring(damping: 20).settlingDuration
        let over = Spring(damping: 20 * (1 + 1e-9)).settlingDuration
        // The envelope moves by O(ζ − 1) = 1e-9 relative; the bisection is exact to rounding.
        #expect(abs(critical - over) <= 1e-6, "ζ = 1: \(critical) s, ζ = 1 + 1e-9: \(over) s")
    }

    @Test("an undamped spring never settles")
    func undamped() {
        #expect(Spring(damping: 0).settlingDuration == .infinity)
    }

    // MARK: - Block spring animations

    @Test(
        "the block-animation converter matches Framer and docs/SEMANTICS.md",
        arguments: [(0.25, 3.0, 54.833634, 3.702487), (0.57, 0.9, 162.628796, 14.537964)])
    func framerConverter(dampingRatio: Double, duration: Double, stiffness: Double, damping: Double) {
        let spring = Spring(dampingRatio: dampingRatio, duration: duration)
        // Published with 6 decimals (±5e-7) from the same 12 Newton steps: 1e-6, tighter than the
        // 1e-4 the values are usually quoted to.
        #expect(abs(spring.stiffness - stiffness) <= 1e-6, "k = \(spring.stiffness)")
        #expect(abs(spring.damping - damping) <= 1e-6, "c = \(spring.damping)")
        #expect(spring.mass == 1 && spring.initialVelocity == 0)
        // c = 2ζ√k with m = 1, so ζ comes back up to rounding.
        #expect(abs(spring.dampingRatio - dampingRatio) <= 1e-12)
    }

    @Test(
        "the elastic tutorial's spring (ζ 0.57, 0.9 s) follows docs/SEMANTICS.md's curve",
        arguments: zip(
            [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0],
            [0.4028, 0.9056, 1.1037, 1.0889, 1.0262, 0.9920, 0.9880, 0.9948, 1.0001, 1.0014]))
    func elasticCurve(fraction: Double, expected: Double) {
        let duration = 0.9
        let actual = Spring(dampingRatio: 0.57, duration: duration).value(at: fraction * duration)
        // 4 decimals (±5e-5); k and c are within 1e-6 of the reference, moving x by ~1e-7: 6e-5.
        #expect(abs(actual - expected) <= 6e-5, "x(\(fraction)·d) = \(actual), expected \(expected)")
    }

    @Test("the converter's constants are Framer's (docs/SEMANTICS.md § Block spring animations)")
    func converterConstants() {
        #expect(Spring.blockEnvelopeEpsilon == 0.001)
        #expect(Spring.blockNewtonIterations == 12)
        #expect(Spring.blockDampingRatioRange == 0.05...1)
        #expect(Spring.settlingThreshold == 0.001)
    }

    @Test(
        "ζ = 1 gives a critically damped spring exactly 0.001 short at the duration",
        arguments: [0.2, 0.5, 1.0, 3.0])
    func criticalConverter(duration: Double) {
        let spring = Spring(dampingRatio: 1, duration: duration)
        #expect(spring.dampingRatio == 1)  // c = 2√k and m = 1: 2√k/(2√k), exact
        // The envelope equation for ζ = 1 is 1 − x(d) = 0.001; Newton converges to rounding.
        #expect(abs((1 - spring.value(at: duration)) - 0.001) <= 1e-12)
    }

    @Test(
        "damping ratios are clamped to 0.05…1",
        arguments: [(-1.0, 0.05), (0.0, 0.05), (0.01, 0.05), (0.05, 0.05), (1.0, 1.0), (2.0, 1.0)])
    func clamping(requested: Double, used: Double) {
        let spring = Spring(dampingRatio: requested, duration: 1)
        // The clamped ratio comes back through c/(2√(k·m)): rounding only, 1e-12.
        #expect(abs(spring.dampingRatio - used) <= 1e-12, "asked \(requested), got \(spring.dampingRatio)")
        #expect(spring == Spring(dampingRatio: used, duration: 1))
    }

    @Test(
        "with a velocity the converter still finds a decaying spring",
        arguments: [
            (0.5, 1.0, 1.0), (0.5, 5.0, 1.0), (0.2, 0.5, 1.0), (0.7, 10.0, 1.0), (0.57, 0.9, 5.0),
            (0.3, 2.0, -10.0), (1.0, 5.0, 1.0), (0.05, 60.0, 1.0), (0.9, 0.3, 30.0), (1.0, 0.5, 20.0),
        ])
    func converterWithVelocity(dampingRatio: Double, duration: Double, velocity: Double) {
        let spring = Spring(dampingRatio: dampingRatio, duration: duration, initialVelocity: velocity)
        #expect(spring.initialVelocity == velocity)
        #expect(spring.stiffness.isFinite && spring.stiffness > 0, "k = \(spring.stiffness)")
        #expect(abs(spring.dampingRatio - dampingRatio) <= 1e-12)
        // Either a root of the envelope equation on its decaying side (the envelope falls with ω
        // there), or, when none exists, the zero-velocity spring's frequency.
        let omega = spring.undampedFrequency
        let size = Self.envelope(dampingRatio, duration, velocity, omega)
        let isRoot =
            abs(size - 0.001) <= 1e-12
            && Self.envelope(dampingRatio, duration, velocity, omega * (1 + 1e-6)) < size
        let zeroVelocity = Spring(dampingRatio: dampingRatio, duration: duration)
        #expect(
            isRoot || abs(omega - zeroVelocity.undampedFrequency) <= 1e-12 * omega,
            "ω = \(omega): envelope \(size)")
    }

    // MARK: - Helpers

    /// docs/SEMANTICS.md § Block spring animations' decay term at ω (ζ < 1: (ωζ − v0)/(ω√(1−ζ²))·e^(−ωζd);
    /// ζ = 1: e^(−ωd)·((ω − v0)·d + 1)), written out independently of the engine.
    static func envelope(_ zeta: Double, _ d: Double, _ v0: Double, _ omega: Double) -> Double {
        if zeta < 1 {
            return (omega * zeta - v0) / (omega * (1 - zeta * zeta).squareRoot()) * exp(-omega * zeta * d)
        }
        return exp(-omega * d) * ((omega - v0) * d + 1)
    }

    /// x at the given multiples of `step`, by the classical fourth-order Runge–Kutta method on
    /// x′ = v, v′ = (k·(1 − x) − c·v)/m from x(0) = 0, v(0) = initialVelocity. Times are
    /// integer step counts so no rounding accumulates in t.
    static func integrate(_ spring: Spring, step h: Double, sampleSteps: [Int]) -> [Double] {
        let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
        func acceleration(_ x: Double, _ v: Double) -> Double { (k * (1 - x) - c * v) / m }
        var x = 0.0
        var v = spring.initialVelocity
        var samples: [Double] = []
        var done = 0
        for target in sampleSteps {
            while done < target {
                let (k1x, k1v) = (v, acceleration(x, v))
                let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
                let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
                let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
                done += 1
            }
            samples.append(x)
        }
        return samples
    }
}
