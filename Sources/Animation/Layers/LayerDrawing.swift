/// What a layer draws of its own, apart from where and how large: one value, so that the
/// presentation copy and the renderer's damage signature follow from it and cannot forget a
/// property. `Layer`'s properties (`backgroundColor`, …) read and write it.
public struct LayerDrawing: Hashable, Sendable {
    /// Fills the bounds (rounded by `cornerRadius`); clear by default.
    public var backgroundColor = Color.clear
    /// Rounds the background, the border and, with `masksToBounds`, the clip.
    public var cornerRadius = 0.0
    /// Drawn inside the bounds, above the content and the sublayers.
    public var borderWidth = 0.0
    public var borderColor = Color.black
    /// Clips the sublayers (and contents) to the rounded bounds.
    public var masksToBounds = false
    /// An image drawn to fill the bounds; named by asset, resolved by the renderer.
    public var contents: ImageAsset?

    public init() {}
}

/// What a shape layer draws: its path and line settings, with CAShapeLayer's defaults
/// (docs/SEMANTICS.md § Shape layers and trimming). `ShapeLayer`'s properties read and write it.
public struct ShapeDrawing: Hashable, Sendable {
    /// In the layer's own coordinates.
    public var path = BezierPath()
    public var fillColor = Color.black
    /// `.clear` is "no stroke".
    public var strokeColor = Color.clear
    public var lineWidth = 1.0
    public var lineCap = LineCap.butt
    public var lineJoin = LineJoin.miter
    public var miterLimit = 10.0
    /// Lengths of dashes and gaps, pixels; empty is a solid line.
    public var lineDashPattern: [Double] = []
    public var lineDashPhase = 0.0
    public var fillRule = FillRule.nonZero
    /// 0…1 of the path's length where the stroke starts.
    public var strokeStart = 0.0
    /// 0…1 of the path's length where the stroke ends.
    public var strokeEnd = 1.0

    public init() {}
}

/// What a text layer draws. `TextLayer`'s properties read and write it.
public struct TextDrawing: Hashable, Sendable {
    public var string = ""
    /// Pixels.
    public var fontSize = 14.0
    public var isBold = false
    public var foregroundColor = Color.black
    public var alignment = TextAlignment.center

    public init() {}
}
