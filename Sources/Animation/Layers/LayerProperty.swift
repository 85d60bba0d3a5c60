/// A typed, animatable layer property: the engine's equivalent of Core Animation's string
/// key paths (`"position"`, `"strokeEnd"`), checked by the compiler.
///
/// `BasicAnimation(keyPath: .strokeEnd)` is a `BasicAnimation<Double>`; naming a shape-layer
/// property on a plain layer has no effect, as in Core Animation.
public struct LayerProperty<Value: Interpolatable> {
    /// Core Animation's name of the key ("position"), also the key of the `actions` map.
    public let name: String
    /// Whether a change of the model value animates implicitly (docs/SEMANTICS.md: not `path`).
    public let hasImplicitAnimation: Bool
    /// One of the engine's own properties (`.opacity`, `.strokeEnd`, …): it writes the one
    /// stored property its name says and nothing else, so two of them with different names
    /// never write the same value. A property made with the public initializer may be any key
    /// path (a computed one can write several), so it is not.
    let isEngineOwn: Bool
    let get: (Layer) -> Value?
    let set: (Layer, Value) -> Void

    /// A property stored at `keyPath` of the layer class `Root`.
    public init<Root: Layer>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>, implicit: Bool = true
    ) {
        self.init(name, keyPath, implicit: implicit, isEngineOwn: false)
    }

    /// A property stored at `keyPath`, saying whether it is one of the engine's own.
    init<Root: Layer>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Root, Value>, implicit: Bool = true,
        isEngineOwn: Bool
    ) {
        self.name = name
        self.hasImplicitAnimation = implicit
        self.isEngineOwn = isEngineOwn
        self.get = { ($0 as? Root)?[keyPath: keyPath] }
        self.set = { layer, value in (layer as? Root)?[keyPath: keyPath] = value }
    }

    /// A property of every layer, read and written directly (no key-path projection or cast:
    /// the presentation of every animated layer goes through these once a frame).
    init(
        _ name: String, implicit: Bool = true, get: @escaping (Layer) -> Value,
        set: @escaping (Layer, Value) -> Void
    ) {
        self.name = name
        self.hasImplicitAnimation = implicit
        self.isEngineOwn = true
        self.get = get
        self.set = set
    }

    /// The value on `layer`, or nil if the layer has no such property.
    public func value(of layer: Layer) -> Value? { get(layer) }
}

extension LayerProperty where Value == Point {
    public static var position: Self { .init("position", get: { $0.position }, set: { $0.position = $1 }) }
    public static var anchorPoint: Self {
        .init("anchorPoint", get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 })
    }
}

extension LayerProperty where Value == Rect {
    public static var bounds: Self { .init("bounds", get: { $0.bounds }, set: { $0.bounds = $1 }) }
}

extension LayerProperty where Value == AffineTransform {
    public static var transform: Self {
        .init("transform", get: { $0.transform }, set: { $0.transform = $1 })
    }
}

extension LayerProperty where Value == Double {
    public static var opacity: Self { .init("opacity", get: { $0.opacity }, set: { $0.opacity = $1 }) }
    public static var cornerRadius: Self {
        .init("cornerRadius", get: { $0.cornerRadius }, set: { $0.cornerRadius = $1 })
    }
    public static var borderWidth: Self {
        .init("borderWidth", get: { $0.borderWidth }, set: { $0.borderWidth = $1 })
    }
    public static var lineWidth: Self { .init("lineWidth", \ShapeLayer.lineWidth, isEngineOwn: true) }
    public static var miterLimit: Self { .init("miterLimit", \ShapeLayer.miterLimit, isEngineOwn: true) }
    public static var lineDashPhase: Self {
        .init("lineDashPhase", \ShapeLayer.lineDashPhase, isEngineOwn: true)
    }
    public static var strokeStart: Self { .init("strokeStart", \ShapeLayer.strokeStart, isEngineOwn: true) }
    public static var strokeEnd: Self { .init("strokeEnd", \ShapeLayer.strokeEnd, isEngineOwn: true) }
}

extension LayerProperty where Value == Color {
    public static var backgroundColor: Self {
        .init("backgroundColor", get: { $0.backgroundColor }, set: { $0.backgroundColor = $1 })
    }
    public static var borderColor: Self {
        .init("borderColor", get: { $0.borderColor }, set: { $0.borderColor = $1 })
    }
    public static var fillColor: Self { .init("fillColor", \ShapeLayer.fillColor, isEngineOwn: true) }
    public static var strokeColor: Self { .init("strokeColor", \ShapeLayer.strokeColor, isEngineOwn: true) }
    public static var foregroundColor: Self {
        .init("foregroundColor", \TextLayer.foregroundColor, isEngineOwn: true)
    }
}

extension LayerProperty where Value == BezierPath {
    /// Animatable, but with no implicit animation (docs/SEMANTICS.md § Shape layers and trimming).
    public static var path: Self { .init("path", \ShapeLayer.path, implicit: false, isEngineOwn: true) }
}
