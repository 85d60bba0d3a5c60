/// An animation between two values (CABasicAnimation).
///
/// Which values it runs between follows Core Animation:
/// - from and to: from → to; from and by: from → from + by; by and to: to − by → to;
/// - from only: from → the underlying value; to only: the underlying value → to;
/// - by only: the underlying value → underlying + by.
/// The underlying value is the model value with the animations added before this one
/// applied, evaluated every frame (so setting the model to `toValue` and adding an animation
/// with only `toValue` shows nothing, as in Core Animation).
open class BasicAnimation<Value: Interpolatable>: PropertyAnimation<Value> {
    public var fromValue: Value?
    public var toValue: Value?
    public var byValue: Value?

    public override init(keyPath: LayerProperty<Value>) {
        super.init(keyPath: keyPath)
    }

    public required init(copying other: LayerAnimation) {
        super.init(copying: other)
        guard let other = other as? BasicAnimation<Value> else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    /// The start and end values given the value under the animation.
    func endpoints(underlying: Value) -> (from: Value, to: Value) {
        switch (fromValue, toValue, byValue) {
        case (let from?, let to?, _): return (from, to)
        case (let from?, nil, let by?): return (from, from.adding(by))
        case (nil, let to?, let by?): return (to.subtracting(by), to)
        case (let from?, nil, nil): return (from, underlying)
        case (nil, let to?, nil): return (underlying, to)
        case (nil, nil, let by?): return (underlying, underlying.adding(by))
        case (nil, nil, nil): return (underlying, underlying)
        }
    }

    override func value(for state: TimingState, underlying: Value) -> Value {
        let (from, to) = endpoints(underlying: underlying)
        return from.interpolated(to: to, fraction: progress(for: state))
    }
}

/// A basic animation whose progress is a damped spring (CASpringAnimation).
///
/// Progress is `Spring.value(at:)` of the seconds into the animation (it overshoots 1 and
/// settles); `duration` still bounds the animation, so set it to `settlingDuration` for the
/// whole motion, as Core Animation's users do.
open class SpringAnimation<Value: Interpolatable>: BasicAnimation<Value> {
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

    /// Seconds until the spring settles (Apple's estimate; REFERENCE.md § Springs).
    public var settlingDuration: MediaTime { spring.settlingDuration }

    override func progress(for state: TimingState) -> Double {
        // The spring's own clock: seconds into the animation; the end is exactly 1.
        state.fraction >= 1 ? 1 : spring.value(at: state.time)
    }
}
