import Animation

/// One property of a layer as the layer tree (`j`) and `render --describe`'s `layers` give it:
/// numbers (a point's x and y, a rect's four, a colour's channels, a transform's six) or, for
/// a path, a summary.
public enum LayerValue: Encodable, Sendable, Equatable {
    case numbers([Double])
    /// Red, green, blue, alpha, 0…1: numbers in JSON, `rgba …` in the panel.
    case color(Color)
    case text(String)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .numbers(let numbers): try container.encode(numbers.map { ($0 * 1e6).rounded() / 1e6 })
        case .color(let color):
            try container.encode(
                [color.red, color.green, color.blue, color.alpha].map { ($0 * 1e6).rounded() / 1e6 })
        case .text(let text): try container.encode(text)
        }
    }

    /// As the panel shows it: `120, 48`, `0.58`, `rgba 1, 0.75, 0.2, 1`.
    var text: String {
        switch self {
        case .numbers(let numbers): return numbers.map(GraphPanel.format).joined(separator: ", ")
        case .color(let color):
            return "rgba "
                + [color.red, color.green, color.blue, color.alpha].map(GraphPanel.format)
                .joined(separator: ", ")
        case .text(let text): return text
        }
    }
}

/// A layer's properties the layer tree compares, model beside presentation (docs/ARCHITECTURE.md
/// § Panels, the layer tree): position, bounds, opacity, transform, the background colour, and for a
/// shape layer strokeStart, strokeEnd, its path and its colours.
struct LayerProperties: Equatable {
    /// In this order: the order the panel lists them in.
    var values: [(name: String, value: LayerValue)]
    /// A shape layer's path, compared whole.
    var path: BezierPath?

    static func == (lhs: LayerProperties, rhs: LayerProperties) -> Bool {
        lhs.values.map(\.name) == rhs.values.map(\.name) && lhs.values.map(\.value) == rhs.values.map(\.value)
            && lhs.path == rhs.path
    }

    /// `layer`'s values (the model layer, or a presentation copy).
    init(of layer: Layer) {
        let transform = layer.transform
        var values: [(String, LayerValue)] = [
            ("position", .numbers([layer.position.x, layer.position.y])),
            (
                "bounds",
                .numbers([layer.bounds.minX, layer.bounds.minY, layer.bounds.width, layer.bounds.height])
            ),
            ("opacity", .numbers([layer.opacity])),
            (
                "transform",
                .numbers([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty])
            ),
            ("backgroundColor", Self.color(layer.backgroundColor)),
        ]
        if let shape = layer as? ShapeLayer {
            path = shape.path
            values += [
                ("strokeStart", .numbers([shape.strokeStart])),
                ("strokeEnd", .numbers([shape.strokeEnd])),
                ("path", .text(Self.summary(of: shape.path))),
                ("fillColor", Self.color(shape.fillColor)),
                ("strokeColor", Self.color(shape.strokeColor)),
            ]
        }
        self.values = values
    }

    static func color(_ color: Color) -> LayerValue { .color(color) }

    /// A path in a few words: its elements and its box (`4 elements in 10, 20 80×40`).
    static func summary(of path: BezierPath) -> String {
        guard !path.isEmpty else { return "empty" }
        let box = path.bounds
        let numbers = [box.minX, box.minY, box.width, box.height].map(GraphPanel.format)
        return "\(path.elements.count) elements in \(numbers[0]), \(numbers[1]) \(numbers[2])×\(numbers[3])"
    }

    /// The names of the properties whose values differ between `self` and `other` (paths
    /// compared point by point, not by their summaries).
    func differences(from other: LayerProperties) -> [String] {
        zip(values, other.values).compactMap { mine, theirs in
            if mine.name == "path" { return path == other.path ? nil : mine.name }
            return mine.value == theirs.value ? nil : mine.name
        }
    }
}

/// One layer of the scene's tree as the layer tree shows it: the name the scene's code gives
/// it (numbered when several share it, in the tree's order), its depth, and the layer.
struct LayerTreeEntry {
    var name: String
    var depth: Int
    let layer: Layer

    /// Every layer under `root` (itself first), depth first, in drawing order. Layers the
    /// scene gave no name are called by their class (`ShapeLayer`), as in the inspector.
    static func entries(under root: Layer) -> [LayerTreeEntry] {
        var counts: [String: Int] = [:]
        var entries: [LayerTreeEntry] = []
        func visit(_ layer: Layer, depth: Int) {
            let base = AnimationLog.baseName(of: layer)
            let count = (counts[base] ?? 0) + 1
            counts[base] = count
            entries.append(
                LayerTreeEntry(name: count == 1 ? base : "\(base) \(count)", depth: depth, layer: layer))
            for sublayer in layer.sublayers { visit(sublayer, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return entries
    }
}
