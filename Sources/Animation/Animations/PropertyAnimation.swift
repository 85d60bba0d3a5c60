/// An animation of one layer property (CAPropertyAnimation).
open class PropertyAnimation<Value: Interpolatable>: LayerAnimation {
    /// The animated property.
    public let keyPath: LayerProperty<Value>

    public init(keyPath: LayerProperty<Value>) {
        self.keyPath = keyPath
        super.init()
    }

    public required init(copying other: LayerAnimation) {
        guard let other = other as? PropertyAnimation<Value> else {
            preconditionFailure("copying a \(type(of: other)) as a PropertyAnimation<\(Value.self)>")
        }
        keyPath = other.keyPath
        super.init(copying: other)
    }

    open override var animatedPropertyNames: [String] { [keyPath.name] }

    override func apply(to layer: Layer, state: TimingState) {
        guard let underlying = keyPath.get(layer) else { return }
        keyPath.set(layer, value(for: state, underlying: underlying))
    }

    /// The value at `state`, given the value the layer has without this animation.
    func value(for state: TimingState, underlying: Value) -> Value { underlying }
}
