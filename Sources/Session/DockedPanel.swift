import Animation

/// A panel docked in the window (the timeline inspector, the knob panel), drawn as text and
/// shape layers added to its `layer` whenever it is rebuilt, in the panel's pixels.
protocol DockedPanel: AnyObject {
    var layer: Layer { get }
    var timeline: Timeline { get }
    /// Where the panel is in the window, pixels.
    var frame: Rect { get }
    static var fontSize: Double { get }
}

extension DockedPanel {
    /// Adds one line of text in `rect`, light on the panel's dark ground.
    func addText(_ string: String, in rect: Rect, bold: Bool = false, alignment: TextAlignment = .left) {
        let text = TextLayer(timeline: timeline)
        text.string = string
        text.fontSize = Self.fontSize
        text.isBold = bold
        text.alignment = alignment
        text.foregroundColor = Color(white: 0.92)
        text.frame = rect
        layer.addSublayer(text)
    }

    /// Adds `path` (panel pixels), filled and stroked.
    func addShape(
        _ path: BezierPath, fill: Color = .clear, stroke: Color = .clear, width: Double = 1,
        dashes: [Double] = []
    ) {
        let shape = ShapeLayer(timeline: timeline)
        shape.anchorPoint = .zero
        shape.frame = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        shape.path = path
        shape.fillColor = fill
        shape.strokeColor = stroke
        shape.lineWidth = width
        shape.lineDashPattern = dashes
        layer.addSublayer(shape)
    }
}
