/// An animation between two values (CABasicAnimation).
///
/// Which values it runs between follows Core Animation:
/// - from and to: from → to; from and by: from → from + by; by and to: to − by → to;
/// - from only: from → the underlying value; to only: the underlying value → to;
/// - by only: the underlying value → underlying + by.
/// The underlying value is the model value with the animations added before this one
/// applied, evaluated every frame (so setting the model to `toValue` and adding an animation
/// with only `toValue` shows nothing, as in Core Animation).
public class BasicAnimation<Value: Interpolatable>: PropertyAnimation<Value> {
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

    /// Specialised for `Double` (opacity, strokeEnd, …): a layer calls this through
    /// `PropertyAnimation`, unspecialised, where `endpoints` copied the three optionals through
    /// their value witnesses at every evaluation (about 850 instructions, every frame of a fade).
    @_specialize(where Value == Double)
    override func value(for state: TimingState, underlying: Value) -> Value {
        let (from, to) = endpoints(underlying: underlying)
        return from.interpolated(to: to, fraction: progress(for: state))
    }
}
