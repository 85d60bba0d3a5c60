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

    override func mayWrite(engineOwnProperty name: String) -> Bool {
        !keyPath.isEngineOwn || keyPath.name == name
    }

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

    /// A text at least as wide as any `presentationValueDescription(of:)` of this animation's
    /// property, for room to be kept for it without the value: its numbers as wide as
    /// `-00000.000` (a fraction's, opacity and stroke ends, `-0.000`; a colour's channels
    /// `0.000`), so any value within ±99,999.999 (±9.999, a channel within 0…9.999) is no wider, written with the same separators; nil as for the value.
    /// The same for every layer and time, so a panel sizes itself once, not every frame.
    public var presentationValueWidestDescription: String? {
        (self as? any PropertyValueDescribing)?.widestValueDescription
    }
}

/// The properties whose values are fractions, 0…1 (a spring may overshoot a little): their
/// widest description is `-0.000` (any value within ±9.999), not a coordinate's.
private let fractionPropertyNames: Set<String> = ["opacity", "strokeStart", "strokeEnd"]

/// An animation that can describe its property's value on a layer.
protocol PropertyValueDescribing {
    func valueDescription(of layer: Layer) -> String?
    var widestValueDescription: String { get }
    func components(of layer: Layer) -> [ValueComponent]?
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

    var widestValueDescription: String {
        let number = "-00000.000"  // as wide as `number(_:)` writes any value within ±99,999.999
        let channel = "0.000"  // 0…1, three decimals at most
        switch Value.self {
        case is Double.Type: return fractionPropertyNames.contains(keyPath.name) ? "-0.000" : number
        case is Point.Type: return "(\(number), \(number))"
        case is Size.Type: return "\(number) × \(number)"
        case is Rect.Type: return "(\(number), \(number), \(number), \(number))"
        case is Color.Type: return "rgba(\(channel), \(channel), \(channel), \(channel))"
        default: return String(describing: Value.self)
        }
    }
}

/// One number of a property's value, as a graph plots it: a number's `value`, a point's `x`
/// and `y`, a size's `width` and `height`, a colour's channels, a transform's six entries.
public struct ValueComponent: Sendable, Equatable {
    public var name: String
    public var value: Double

    public init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}

extension LayerAnimation {
    /// The animated property's value on `layer`'s presentation now, as numbers (for a group,
    /// its first child's property); nil for a value of no numbers (a path) or no one property.
    public func presentationComponents(of layer: Layer) -> [ValueComponent]? {
        if let group = self as? AnimationGroup {
            return group.animations.lazy.compactMap { $0.presentationComponents(of: layer) }.first
        }
        return (self as? any PropertyValueDescribing)?.components(of: layer)
    }

    /// The property `presentationComponents(of:)` reads: `position`, `strokeEnd`.
    public var graphedPropertyName: String? {
        if let group = self as? AnimationGroup {
            return group.animations.lazy.compactMap(\.graphedPropertyName).first
        }
        return animatedPropertyNames.first
    }
}

extension PropertyAnimation {
    func components(of layer: Layer) -> [ValueComponent]? {
        guard let value = keyPath.value(of: layer.presentation()) else { return nil }
        switch value {
        case let double as Double: return [ValueComponent("value", double)]
        case let point as Point: return [ValueComponent("x", point.x), ValueComponent("y", point.y)]
        case let size as Size:
            return [ValueComponent("width", size.width), ValueComponent("height", size.height)]
        case let rect as Rect:
            return [
                ValueComponent("x", rect.minX), ValueComponent("y", rect.minY),
                ValueComponent("width", rect.width), ValueComponent("height", rect.height),
            ]
        case let color as Color:
            return [
                ValueComponent("red", color.red), ValueComponent("green", color.green),
                ValueComponent("blue", color.blue), ValueComponent("alpha", color.alpha),
            ]
        case let transform as AffineTransform:
            return [
                ValueComponent("a", transform.a), ValueComponent("b", transform.b),
                ValueComponent("c", transform.c), ValueComponent("d", transform.d),
                ValueComponent("tx", transform.tx), ValueComponent("ty", transform.ty),
            ]
        default: return nil
        }
    }
}
