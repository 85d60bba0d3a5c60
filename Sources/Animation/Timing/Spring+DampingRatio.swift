import Foundation

extension Spring {
    /// Block spring animations clamp their damping ratio to this range. Below about 0.001 the
    /// envelope equation has no root at all (and ζ = 0 would ring for ever); 0.05 is the lower
    /// bound framer-motion uses with the same converter. Above 1 the converter has no formula
    /// (UIKit documents 0…1). docs/SEMANTICS.md § Block spring animations.
    static let blockDampingRatioRange = 0.05...1.0
    /// The envelope must have decayed to this fraction of the change at t = duration
    /// (Framer's SpringCurveValueConverter; docs/SEMANTICS.md § Block spring animations).
    static let blockEnvelopeEpsilon = 0.001
    /// Newton steps from ω = 5/duration (Framer's SpringCurveValueConverter).
    static let blockNewtonIterations = 12
    /// Newton's answer counts as a root when the equation's residual is below this; a converged
    /// answer is many orders of magnitude smaller, an unconverged one much larger.
    static let blockResidualTolerance = 1e-12

    /// The spring that `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:options:animations:completion:)` runs, reconstructed as Framer's
    /// SpringCurveValueConverter does (docs/SEMANTICS.md § Block spring animations).
    ///
    /// Mass 1; the undamped frequency ω is the root of the envelope equation that makes the
    /// motion's decay reach ε = 0.001 at t = `duration`, found by 12 Newton steps from
    /// ω = 5/duration:
    /// - ζ < 1: ε − ((ωζ − v0)/(ω√(1−ζ²)))·e^(−ωζ·duration) = 0
    /// - ζ = 1: e^(−ω·duration)·((ω − v0)·duration + 1) − ε = 0
    ///
    /// then stiffness k = ω² and damping c = 2ζ√k.
    ///
    /// - `dampingRatio` is clamped to 0.05…1 (see `blockDampingRatioRange`): 1 means no
    ///   oscillation, as in UIKit.
    /// - `duration` is in seconds and must be positive (a precondition).
    /// - `initialVelocity` is UIKit's `initialSpringVelocity`: whole distances per second,
    ///   positive towards the target; it also becomes the spring's `initialVelocity`.
    /// - Where Newton's 12 steps do not end on a root on the decaying side of the equation
    ///   (a large positive velocity can send it astray, or leave no root at all), the same
    ///   equation is solved by bisection for its largest root; with no root, ω is the one for
    ///   zero velocity. Without a velocity Newton converges for ζ in 0.05…0.99999 and 1 and
    ///   any duration; only ζ within 1e-6 of 1 (where the equation's root leaps away from
    ///   ζ = 1's) needs the bisection.
    public init(dampingRatio: Double, duration: MediaTime, initialVelocity: Double = 0) {
        precondition(
            duration > 0 && duration.isFinite,
            "Spring(dampingRatio:duration:) needs a positive, finite duration, got \(duration)")
        precondition(!dampingRatio.isNaN, "Spring(dampingRatio:duration:) got a NaN dampingRatio")
        precondition(
            initialVelocity.isFinite,
            "Spring(dampingRatio:duration:) needs a finite initialVelocity, got \(initialVelocity)")
        let range = Self.blockDampingRatioRange
        let zeta = min(max(dampingRatio, range.lowerBound), range.upperBound)
        let envelope = BlockEnvelope(zeta: zeta, duration: duration, velocity: initialVelocity)
        let omega = envelope.newtonRoot() ?? envelope.largestRoot() ?? envelope.zeroVelocityRoot()
        let stiffness = omega * omega
        self.init(
            mass: 1, stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(),
            initialVelocity: initialVelocity)
    }
}

/// The envelope equation of docs/SEMANTICS.md § Block spring animations as a function of the
/// undamped frequency ω, for one damping ratio, duration and velocity.
private struct BlockEnvelope {
    let zeta: Double
    let duration: Double
    let velocity: Double

    /// The residual of the equation at ω (zero at a root), and its derivative with respect to ω.
    func residual(at omega: Double) -> (value: Double, slope: Double) {
        let epsilon = Spring.blockEnvelopeEpsilon
        let d = duration
        let v = velocity
        if zeta < 1 {
            let s = ((1 - zeta) * (1 + zeta)).squareRoot()
            let decay = exp(-omega * zeta * d)
            let value = epsilon - (omega * zeta - v) / (omega * s) * decay
            let slope =
                decay / (omega * omega * s) * (zeta * zeta * omega * omega * d - v * zeta * d * omega - v)
            return (value, slope)
        }
        let decay = exp(-omega * d)
        return (decay * ((omega - v) * d + 1) - epsilon, -d * d * (omega - v) * decay)
    }

    /// The envelope's size at ω: falls as ω grows past `peak` (ζ < 1: B·e^(−ωζd); ζ = 1:
    /// (1 + (ω − v0)·d)·e^(−ωd)).
    func size(at omega: Double) -> Double {
        let d = duration
        if zeta < 1 {
            let s = ((1 - zeta) * (1 + zeta)).squareRoot()
            return (omega * zeta - velocity) / (omega * s) * exp(-omega * zeta * d)
        }
        return ((omega - velocity) * d + 1) * exp(-omega * d)
    }

    /// The ω beyond which `size` only falls: where the residual's slope changes sign (ζ < 1:
    /// the positive root of ζ²d·ω² − v0ζd·ω − v0; ζ = 1: ω = v0), or 0 when v0 ≤ 0.
    var peak: Double {
        guard velocity > 0 else {
            return 0
        }
        if zeta < 1 {
            let a = zeta * zeta * duration
            let b = velocity * zeta * duration
            return (b + (b * b + 4 * a * velocity).squareRoot()) / (2 * a)
        }
        return velocity
    }

    /// Framer's 12 Newton steps from ω = 5/duration, or nil unless they end on a root past
    /// `peak` (where the spring's motion really decays to ε at the duration).
    func newtonRoot() -> Double? {
        var omega = 5 / duration
        for _ in 0..<Spring.blockNewtonIterations {
            let (value, slope) = residual(at: omega)
            omega -= value / slope
        }
        guard omega.isFinite && omega > peak,
            abs(residual(at: omega).value) <= Spring.blockResidualTolerance
        else {
            return nil
        }
        return omega
    }

    /// The largest root by bisection, or nil when there is none: a positive velocity shrinks
    /// the decay term's factor ωζ − v0, and can keep the term below ε for every ω.
    func largestRoot() -> Double? {
        let start = peak
        // With v0 ≤ 0, size(ω) near 0 is +∞ (v0 < 0), ζ/√(1−ζ²) ≥ 0.05 (v0 = 0, ζ < 1) or 1 − v0·d
        // ≥ 1 (ζ = 1): all above ε. With v0 > 0 the peak value decides.
        if velocity > 0 && !(size(at: start) > Spring.blockEnvelopeEpsilon) {
            return nil
        }
        return Spring.crossing(
            of: Spring.blockEnvelopeEpsilon, after: start, scale: 5 / duration, size(at:))
    }

    /// The root for zero velocity, which always exists for ζ in 0.05…1: ζ < 1 in closed form,
    /// ω = ln(ζ/(√(1−ζ²)·ε))/(ζ·duration); ζ = 1 by bisection of (1 + ωd)·e^(−ωd) = ε.
    func zeroVelocityRoot() -> Double {
        let epsilon = Spring.blockEnvelopeEpsilon
        if zeta < 1 {
            let s = ((1 - zeta) * (1 + zeta)).squareRoot()
            return log(zeta / (s * epsilon)) / (zeta * duration)
        }
        let u = Spring.crossing(of: epsilon, after: 0, scale: 1) { u in (1 + u) * exp(-u) }
        return u / duration
    }
}
