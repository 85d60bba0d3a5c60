/// A basic animation whose progress is a damped spring (CASpringAnimation).
///
/// Progress is `Spring.value(at:)` of the seconds into the animation (it overshoots 1 and
/// settles); `duration` still bounds the animation, so set it to `settlingDuration` for the
/// whole motion, as Core Animation's users do.
public final class SpringAnimation<Value: Interpolatable>: BasicAnimation<Value> {
    public var mass = 1.0
    public var stiffness = 100.0
    public var damping = 10.0
    /// Whole distances per second, positive towards the target.
    public var initialVelocity = 0.0

    public override init(keyPath: LayerProperty<Value>) {
        super.init(keyPath: keyPath)
    }

    public required init(copying other: LayerAnimation) {
        super.init(copying: other)
        guard let other = other as? SpringAnimation<Value> else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }

    /// The spring these settings describe.
    public var spring: Spring {
        Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    /// Seconds until the spring settles (Apple's estimate; docs/SEMANTICS.md § Springs).
    public var settlingDuration: MediaTime { spring.settlingDuration }

    public override func curveValue(atFraction fraction: Double) -> Double {
        spring.value(at: min(max(fraction, 0), 1) * effectiveDuration)
    }

    public override var isSpring: Bool { true }
    public override var springParameters: Spring? { spring }

    override func progress(for state: TimingState) -> Double {
        // The spring's own clock: seconds into the animation; the end is exactly 1.
        state.fraction >= 1 ? 1 : spring.value(at: state.time)
    }
}
