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
    ///
    /// One optional at a time, not a `switch` over the tuple of all three: this code is not
    /// specialised (a layer calls it through `PropertyAnimation`), and the tuple cost copies of
    /// the three optionals through their value witnesses at every evaluation (about 850
    /// instructions for a `Double`, every frame of a fade).
    func endpoints(underlying: Value) -> (from: Value, to: Value) {
        if let from = fromValue {
            if let to = toValue { return (from, to) }
            if let by = byValue { return (from, from.adding(by)) }
            return (from, underlying)
        }
        if let to = toValue {
            if let by = byValue { return (to.subtracting(by), to) }
            return (underlying, to)
        }
        if let by = byValue { return (underlying, underlying.adding(by)) }
        return (underlying, underlying)
    }

    override func value(for state: TimingState, underlying: Value) -> Value {
        let (from, to) = endpoints(underlying: underlying)
        return from.interpolated(to: to, fraction: progress(for: state))
    }
}
