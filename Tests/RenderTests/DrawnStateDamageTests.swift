import Animation
import Render
import Testing

/// A layer's drawn state is one value per layer kind (`LayerDrawing`, `ShapeDrawing`,
/// `TextDrawing`); the damage tracker hashes those values, so no property can be forgotten.
/// Each property is changed in turn and the next incremental frame must repaint something.
@Suite("Drawn state and damage")
struct DrawnStateDamageTests {
    /// One change per drawn property, by the property's name in its value type.
    static let layerChanges: [String: @Sendable (Layer) -> Void] = [
        "backgroundColor": { $0.backgroundColor = Color(red: 1, green: 0, blue: 0) },
        "cornerRadius": { $0.cornerRadius = 12 },
        "borderWidth": { $0.borderWidth = 3 },
        "borderColor": {
            $0.borderWidth = 3
            $0.borderColor = .white
        },
        "masksToBounds": { $0.masksToBounds = true },
        "contents": { $0.contents = ImageAsset(named: "bubble") },
    ]
    static let shapeChanges: [String: @Sendable (ShapeLayer) -> Void] = [
        "path": { $0.path = BezierPath(ovalIn: Rect(x: 5, y: 5, width: 50, height: 30)) },
        "fillColor": { $0.fillColor = Color(red: 0, green: 1, blue: 0) },
        "strokeColor": { $0.strokeColor = Color(red: 0, green: 0, blue: 1) },
        "lineWidth": { $0.lineWidth = 11 },
        "lineCap": { $0.lineCap = .round },
        "lineJoin": { $0.lineJoin = .bevel },
        "miterLimit": { $0.miterLimit = 2 },
        "lineDashPattern": { $0.lineDashPattern = [4, 2] },
        "lineDashPhase": {
            $0.lineDashPattern = [4, 2]
            $0.lineDashPhase = 1
        },
        "fillRule": { $0.fillRule = .evenOdd },
        "strokeStart": { $0.strokeStart = 0.3 },
        "strokeEnd": { $0.strokeEnd = 0.6 },
    ]
    static let textChanges: [String: @Sendable (TextLayer) -> Void] = [
        "string": { $0.string = "other" },
        "fontSize": { $0.fontSize = 20 },
        "isBold": { $0.isBold = true },
        "foregroundColor": { $0.foregroundColor = .white },
        "alignment": { $0.alignment = .left },
    ]

    static func fields(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    @Test("every drawn property has a change in these tables")
    func tablesCoverEveryProperty() {
        #expect(Self.fields(of: LayerDrawing()) == Set(Self.layerChanges.keys))
        #expect(Self.fields(of: ShapeDrawing()) == Set(Self.shapeChanges.keys))
        #expect(Self.fields(of: TextDrawing()) == Set(Self.textChanges.keys))
    }

    /// A 120×80 window with a grey square (a sublayer sticking out of it), a stroked, filled
    /// open path and a line of text, drawn once; then
    /// `change` runs (actions off) and the damage of the next frame is returned.
    func damage(after change: (Layer, ShapeLayer, TextLayer) -> Void) throws -> [Rect] {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 120, height: 80)
        let plain = Layer(timeline: timeline)
        plain.frame = Rect(x: 2, y: 2, width: 40, height: 40)
        plain.backgroundColor = Color(white: 0.3)
        let overhang = Layer(timeline: timeline)  // sticks out: what masksToBounds cuts
        overhang.frame = Rect(x: 30, y: 30, width: 20, height: 20)
        overhang.backgroundColor = Color(white: 0.8)
        plain.addSublayer(overhang)
        let shape = ShapeLayer(timeline: timeline)
        shape.frame = Rect(x: 40, y: 0, width: 80, height: 40)
        var zigzag = BezierPath()
        zigzag.move(to: Point(x: 5, y: 35))
        zigzag.addLine(to: Point(x: 40, y: 5))
        zigzag.addLine(to: Point(x: 75, y: 35))
        shape.path = zigzag
        shape.strokeColor = Color(white: 0.5)
        shape.lineWidth = 6
        let text = TextLayer(timeline: timeline)
        text.frame = Rect(x: 0, y: 50, width: 120, height: 24)
        text.string = "text"
        for layer in [plain, shape, text] { root.addSublayer(layer) }
        let canvas = try IncrementalCanvas(width: 120, height: 80, images: ImageStore())
        _ = canvas.draw(root)
        #expect(canvas.draw(root).isEmpty, "nothing changed, yet the frame repainted")
        timeline.transaction { transaction in
            transaction.disableActions = true
            change(plain, shape, text)
        }
        return canvas.draw(root)
    }

    @Test("changing a layer's drawn property repaints", arguments: layerChanges.keys.sorted())
    func layerProperty(name: String) throws {
        let change = try #require(Self.layerChanges[name])
        #expect(try !damage { plain, _, _ in change(plain) }.isEmpty)
    }

    @Test("changing a shape's drawn property repaints", arguments: shapeChanges.keys.sorted())
    func shapeProperty(name: String) throws {
        let change = try #require(Self.shapeChanges[name])
        #expect(try !damage { _, shape, _ in change(shape) }.isEmpty)
    }

    @Test("changing a text's drawn property repaints", arguments: textChanges.keys.sorted())
    func textProperty(name: String) throws {
        let change = try #require(Self.textChanges[name])
        #expect(try !damage { _, _, text in change(text) }.isEmpty)
    }
}
