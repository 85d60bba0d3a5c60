import Foundation

/// A damped harmonic oscillator that carries a value from 0 to 1: the physics of
/// CASpringAnimation (docs/SEMANTICS.md § Springs (CASpringAnimation)).
///
/// The value obeys m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0 and x′(0) = `initialVelocity`.
/// `value(at:)` is the closed-form solution (WebKit SpringSolver.h, plus the over-damped case
/// WebKit leaves out), so any time can be asked for directly, without stepping.
///
///     x (defaults: ζ = 0.5, ω0 = 10 rad/s)
///     1.16 ┤          ╭─╮
///        1 ┤·········╱···╲···············╱──────────────────━━━━━━━  ━ within 0.001 of 1
///          │        ╱     ╲             ╱
///     0.97 ┤       ╱       ╰───────────╯
///          │      ╱
///        0 ●─────╯─────┬───────────┬────────────────────────┬───────  t (s)
///          0          0.36        0.73                     1.48 = settlingDuration
///
/// - The defaults are CASpringAnimation's: mass 1, stiffness 100, damping 10, initialVelocity 0
///   (Apple doc `CASpringAnimation`).
/// - Units are "whole changes": x = 1 is the target, so velocity is in whole distances per
///   second and positive towards the target (a positive velocity gets there sooner).
/// - Damping ratio ζ < 1 oscillates (under-damped), ζ = 1 is the fastest approach without
///   overshoot (critically damped), ζ > 1 creeps in without overshoot (over-damped).
public struct Spring: Hashable, Sendable {
    /// How far from the target, as a fraction of the whole change, counts as settled: the 0.001
    /// of docs/SEMANTICS.md § Springs' settling fit (and of § Block spring animations' ε).
    static let settlingThreshold = 0.001

    /// The mass m on the spring; must be positive. Default 1 (Apple doc `CASpringAnimation.mass`).
    public var mass: Double = 1
    /// The spring constant k; must be positive. Default 100 (Apple doc
    /// `CASpringAnimation.stiffness`).
    public var stiffness: Double = 100
    /// The damping coefficient c; must not be negative. Default 10 (Apple doc
    /// `CASpringAnimation.damping`).
    public var damping: Double = 10
    /// x′(0) in whole distances per second, positive towards the target. Default 0 (Apple doc
    /// `CASpringAnimation.initialVelocity`; docs/SEMANTICS.md § Springs).
    public var initialVelocity: Double = 0

    /// A spring with CASpringAnimation's parameters; the defaults are CASpringAnimation's.
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The damping ratio ζ = c / (2√(k·m)), dimensionless (docs/SEMANTICS.md § Springs): below 1 the
    /// spring oscillates, at 1 it is critically damped, above 1 over-damped.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped angular frequency ω0 = √(k/m), in radians per second (docs/SEMANTICS.md § Springs).
    public var undampedFrequency: Double { (stiffness / mass).squareRoot() }

    // MARK: - Motion

    /// x(t), the value `time` seconds after the spring was released at 0 (docs/SEMANTICS.md § Springs).
    ///
    /// - ζ < 1: x = 1 − e^(−ζω0·t)·(cos ωd·t + B·sin ωd·t), ωd = ω0√(1−ζ²), B = (ζω0 − v0)/ωd.
    /// - ζ = 1: x = 1 − (1 + (ω0 − v0)·t)·e^(−ω0·t).
    /// - ζ > 1: the two-exponential solution with rates ζω0 ∓ ωd, ωd = ω0√(ζ²−1), written so that
    ///   it neither overflows at large t nor loses digits as ζ approaches 1.
    /// - Before 0 the spring has not been released: negative times give x(0) = 0.
    public func value(at time: MediaTime) -> Double {
        checkParameters()
        let t = max(time, 0)
        let omega0 = undampedFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let omegaD = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let decay = exp(-zeta * omega0 * t)
            // B·sin(ωd·t) as (ζω0 − v0)·sin(ωd·t)/ωd: finite as ωd → 0 near critical damping.
            return 1 - decay * (cos(omegaD * t) + (zeta * omega0 - v0) * sin(omegaD * t) / omegaD)
        }
        if zeta == 1 {
            return 1 - (1 + (omega0 - v0) * t) * exp(-omega0 * t)
        }
        let rates = OverdampedRates(omega0: omega0, zeta: zeta)
        let slow = exp(-rates.slow * t)
        let fast = exp(-rates.fast * t)
        // 1 − x = e^(−ζω0·t)·(cosh ωd·t + B·sinh ωd·t), B = (ζω0 − v0)/ωd, where
        // e^(−ζω0·t)·cosh ωd·t = (slow + fast)/2 and
        // e^(−ζω0·t)·sinh(ωd·t)/ωd = −slow·expm1(−2ωd·t)/(2ωd), which tends to t·slow as ωd → 0.
        let sinhOverOmegaD = -slow * expm1(-2 * rates.omegaD * t) / (2 * rates.omegaD)
        return 1 - ((slow + fast) / 2 + (zeta * omega0 - v0) * sinhOverOmegaD)
    }

    // MARK: - Settling

    /// How long the spring takes to come to rest, in seconds: Apple's "estimated duration
    /// required for the spring system to be considered at rest" (Apple doc
    /// `CASpringAnimation.settlingDuration`), which CASpringAnimation uses as its duration.
    ///
    /// - ζ < 1: docs/SEMANTICS.md § Springs' fit ln(√(1+B²)/0.001)/(ζω0) + √(1−ζ)/ω0, which gives
    ///   Apple's examples (damping 5 → 2.863 s, "about 2.85"; damping 15 → 1.026 s, "just over
    ///   1"). Its first term is when the envelope √(1+B²)·e^(−ζω0·t) reaches 0.001, so
    ///   |1 − x(t)| ≤ 0.001 from then on. ζ = 0 (no damping) never settles: `.infinity`.
    /// - ζ ≥ 1 (our choice; Apple publishes nothing): the time after which |1 − x(t)| stays
    ///   ≤ 0.001, the fit's second term being √(1−ζ)/ω0 = 0 at ζ = 1. It is where
    ///   E(t) = e^(−ζω0·t)·(cosh ωd·t + |ζω0 − v0|·sinh(ωd·t)/ωd) (at ζ = 1:
    ///   (1 + |ω0 − v0|·t)·e^(−ω0·t)) falls to 0.001 for good. E bounds |1 − x| and equals it
    ///   when v0 ≤ ζω0, so then x(settlingDuration) = 0.999 exactly; E is continuous in ζ, so
    ///   slightly over-damped springs settle like critically damped ones.
    /// - The ζ < 1 fit is not continuous at ζ = 1: its √(1+B²) grows without limit as ζ → 1
    ///   (where B·sin ωd·t is really about (ζω0 − v0)·t), so just below critical damping the
    ///   durations are longer than at ζ = 1. Either way x stays within 0.001 of 1 afterwards.
    public var settlingDuration: MediaTime {
        checkParameters()
        let omega0 = undampedFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        let threshold = Self.settlingThreshold
        if zeta < 1 {
            guard zeta > 0 else {
                return .infinity
            }
            let omegaD = omega0 * ((1 - zeta) * (1 + zeta)).squareRoot()
            let b = (zeta * omega0 - v0) / omegaD
            return log(hypot(1, b) / threshold) / (zeta * omega0) + (1 - zeta).squareRoot() / omega0
        }
        let a = abs(zeta * omega0 - v0)
        if zeta == 1 {
            // (1 + a·t)·e^(−ω0·t) rises until t = 1/ω0 − 1/a (when a > ω0), then falls for good.
            let peak = max(0, 1 / omega0 - 1 / a)
            return Self.crossing(of: threshold, after: peak, scale: 1 / omega0) { t in
                (1 + a * t) * exp(-omega0 * t)
            }
        }
        // E = P·e^(−slow·t) + Q·e^(−fast·t) with P = (1 + a/ωd)/2 > 0 and Q = (1 − a/ωd)/2. When
        // Q < 0, E rises until t = ln(|Q|·fast/(P·slow))/(fast − slow), then falls for good.
        let rates = OverdampedRates(omega0: omega0, zeta: zeta)
        let omegaD = rates.omegaD
        var peak = 0.0
        if a > omegaD {
            peak = max(0, log((a - omegaD) * rates.fast / ((a + omegaD) * rates.slow)) / (2 * omegaD))
        }
        return Self.crossing(of: threshold, after: peak, scale: 1 / rates.slow) { t in
            let slow = exp(-rates.slow * t)
            return (slow + exp(-rates.fast * t)) / 2 - a * slow * expm1(-2 * omegaD * t) / (2 * omegaD)
        }
    }

    // MARK: - Helpers

    /// Stops on parameters with no physical meaning: programmer errors, not bad input.
    private func checkParameters() {
        precondition(mass > 0 && mass.isFinite, "Spring mass must be positive and finite, got \(mass)")
        precondition(
            stiffness > 0 && stiffness.isFinite,
            "Spring stiffness must be positive and finite, got \(stiffness)")
        precondition(
            damping >= 0 && damping.isFinite, "Spring damping must be 0 or more and finite, got \(damping)")
        precondition(
            initialVelocity.isFinite, "Spring initialVelocity must be finite, got \(initialVelocity)")
    }

    /// Where `decreasing`, a function that falls for good after `start` from above `level`, comes
    /// down to `level`: double a step (starting at `scale`) until below, then bisect to the last
    /// representable `Double`.
    static func crossing(
        of level: Double, after start: Double, scale: Double, _ decreasing: (Double) -> Double
    ) -> Double {
        var lower = start
        var upper = start + scale
        // Exponential decay gets below any positive level; the count only guards against NaN.
        var doublings = 0
        while decreasing(upper) > level && doublings < 2_000 {
            lower = upper
            upper = start + 2 * (upper - start)
            doublings += 1
        }
        for _ in 0..<2_000 {
            let middle = (lower + upper) / 2
            if middle <= lower || middle >= upper {
                break
            }
            if decreasing(middle) > level {
                lower = middle
            } else {
                upper = middle
            }
        }
        return upper
    }
}

/// The decay rates of an over-damped spring (ζ > 1): 1 − x(t) = A·e^(−slow·t) + B·e^(−fast·t).
private struct OverdampedRates {
    /// ωd = ω0√(ζ² − 1), in radians per second.
    let omegaD: Double
    /// ζω0 − ωd, computed as ω0/(ζ + √(ζ²−1)) to avoid cancellation when ζ is large.
    let slow: Double
    /// ζω0 + ωd.
    let fast: Double

    init(omega0: Double, zeta: Double) {
        let root = ((zeta - 1) * (zeta + 1)).squareRoot()
        omegaD = omega0 * root
        slow = omega0 / (zeta + root)
        fast = zeta * omega0 + omegaD
    }
}
