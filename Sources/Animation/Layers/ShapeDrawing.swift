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
