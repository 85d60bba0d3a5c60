/// An animation of one layer property (CAPropertyAnimation).
public class PropertyAnimation<Value: Interpolatable>: LayerAnimation {
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

    public override var animatedPropertyNames: [String] { [keyPath.name] }

    override func apply(to layer: Layer, state: TimingState) {
        guard let underlying = keyPath.get(layer) else { return }
        keyPath.set(layer, value(for: state, underlying: underlying))
    }

    /// The value at `state`, given the value the layer has without this animation.
    func value(for state: TimingState, underlying: Value) -> Value { underlying }
}

extension LayerAnimation {
    /// The animated property's value on `layer`'s presentation now, as text (`0.42`,
    /// `(120.5, 88)`), for inspectors; nil for an animation of no one property.
    public func presentationValueDescription(of layer: Layer) -> String? {
        (self as? any PropertyValueDescribing)?.valueDescription(of: layer)
    }
}

/// An animation that can describe its property's value on a layer.
protocol PropertyValueDescribing {
    func valueDescription(of layer: Layer) -> String?
}

extension PropertyAnimation: PropertyValueDescribing {
    func valueDescription(of layer: Layer) -> String? {
        guard let value = keyPath.value(of: layer.presentation()) else { return nil }
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            return rounded == rounded.rounded() && abs(rounded) < 1e15
                ? String(Int(rounded)) : String(rounded)
        }
        switch value {
        case let double as Double: return number(double)
        case let point as Point: return "(\(number(point.x)), \(number(point.y)))"
        case let size as Size: return "\(number(size.width)) × \(number(size.height))"
        case let rect as Rect:
            return
                "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
        case let color as Color:
            return
                "rgba(\([color.red, color.green, color.blue, color.alpha].map(number).joined(separator: ", ")))"
        default: return String(describing: Value.self)
        }
    }
}
