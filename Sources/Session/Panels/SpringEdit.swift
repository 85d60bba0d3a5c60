import Animation
import Foundation
import Scenes

/// A UIKit spring block the curve editor edits through the scene's knobs (the elastic's
/// `dampingRatio` and `duration`: the scene states its spring as `usingSpringWithDamping:` and a
/// duration, so those are what a drag turns). Its handle is the response curve's overshoot
/// peak: up and down set the damping ratio (the overshoot is e^(−πζ/√(1−ζ²)) of the travel),
/// left and right the duration (the peak's time grows with it).
struct SpringEdit: Equatable {
    /// The knob that sets the damping ratio, and its range.
    var ratioKnob: String
    var ratioRange: ClosedRange<Double>
    /// The knob that sets the duration (seconds), and its range.
    var durationKnob: String
    var durationRange: ClosedRange<Double>
    /// Their values now, and the tutorial's.
    var ratio: Double
    var duration: Double
    var ownRatio: Double
    var ownDuration: Double
    /// The block's initial velocity (whole distances per second), as the row's spring has it.
    var initialVelocity: Double

    /// The damping ratio below which the peak's time is taken as at this ratio: at ζ = 1 there
    /// is no peak, and the handle stays where a ratio just under 1 puts it.
    static let peakRatioLimit = 0.99

    /// The spring the knobs make now.
    var spring: Spring { Self.spring(ratio: ratio, duration: duration, initialVelocity: initialVelocity) }

    static func spring(ratio: Double, duration: Double, initialVelocity: Double) -> Spring {
        Spring(dampingRatio: ratio, duration: max(duration, 1e-3), initialVelocity: initialVelocity)
    }

    /// The seconds the plot's x axis spans: twice the tutorial's duration, fixed while a drag
    /// changes the duration (so the curve moves under the pointer, not the axis).
    var span: Double { 2 * ownDuration }

    /// Seconds from release to the overshoot peak, π/ωd (at most ζ = `peakRatioLimit`'s).
    static func peakTime(of spring: Spring) -> Double {
        let zeta = min(spring.dampingRatio, peakRatioLimit)
        let omegaD = spring.undampedFrequency * ((1 - zeta) * (1 + zeta)).squareRoot()
        return Double.pi / max(omegaD, 1e-9)
    }

    /// The handle in the plot's plane: (the peak's time as a share of `span`, the curve's value
    /// there: 1 + the overshoot).
    var handle: Point {
        let spring = spring
        let time = Self.peakTime(of: spring)
        return Point(x: time / span, y: spring.value(at: time))
    }

    /// The overshoot past the target, as a share of the travel: the response curve's value at
    /// its first peak, less 1 (0 when it does not overshoot).
    var overshoot: Double {
        let spring = spring
        guard spring.dampingRatio < 1 else { return 0 }
        return max(spring.value(at: Self.peakTime(of: spring)) - 1, 0)
    }

    /// The damping ratio whose overshoot is `overshoot` (zero initial velocity): ζ = −ln(o)/√(π² + ln²o).
    static func ratio(forOvershoot overshoot: Double) -> Double {
        guard overshoot > 1e-6 else { return 1 }
        let logarithm = log(min(overshoot, 0.999))
        return -logarithm / (Double.pi * Double.pi + logarithm * logarithm).squareRoot()
    }

    /// The knob values for the handle pressed at `press` (the plot's plane) and moved to
    /// `point`: the ratio whose overshoot is the point's height (the peak follows the pointer up
    /// and down), the duration scaled by how far right of the plot's start the pointer is
    /// against the press (a drag straight up or down keeps it); each to hundredths, in range.
    func values(movedTo point: Point, pressedAt press: Point, durationAtPress: Double) -> (
        ratio: Double, duration: Double
    ) {
        let ratio = Self.clamp(Self.hundredths(Self.ratio(forOvershoot: point.y - 1)), to: ratioRange)
        let scaled = press.x > 0 ? durationAtPress * max(point.x, 0) / press.x : durationAtPress
        let duration = Self.clamp(Self.hundredths(scaled), to: durationRange)
        return (ratio, duration)
    }

    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    static func clamp(_ value: Double, to range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    /// The damping-ratio knob whose value, with its duration knob's, makes `spring`: nil when
    /// none or several do.
    static func owner(of spring: Spring, knobs: KnobSettings) -> String? {
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1) }
        let found = knobs.knobs.filter { knob in
            guard
                let edit = SpringEdit(
                    ratioKnob: knob.name, knobs: knobs, initialVelocity: spring.initialVelocity)
            else { return false }
            let made = edit.spring
            return near(made.stiffness, spring.stiffness) && near(made.damping, spring.damping)
                && near(made.mass, spring.mass)
        }
        return found.count == 1 ? found[0].name : nil
    }
}

extension SpringEdit {
    /// The edit of the spring that damping-ratio knob `ratioKnob` sets with its duration knob
    /// (`Knob.Plot.springDampingRatio`), at their values now; nil for another kind of knob.
    init?(ratioKnob name: String, knobs: KnobSettings, initialVelocity: Double) {
        guard let knob = knobs.knob(named: name), case .springDampingRatio(let durationName)? = knob.plot,
            case .number(let ratioRange, _) = knob.kind, case .number(let ownRatio) = knob.defaultValue,
            let durationKnob = knobs.knob(named: durationName),
            case .number(let durationRange, _) = durationKnob.kind,
            case .number(let ownDuration) = durationKnob.defaultValue,
            case .number(let ratio)? = knobs.value(of: name),
            case .number(let duration)? = knobs.value(of: durationName), duration > 0
        else { return nil }
        self.init(
            ratioKnob: name, ratioRange: ratioRange, durationKnob: durationName, durationRange: durationRange,
            ratio: ratio, duration: duration, ownRatio: ownRatio, ownDuration: ownDuration,
            initialVelocity: initialVelocity)
    }
}
