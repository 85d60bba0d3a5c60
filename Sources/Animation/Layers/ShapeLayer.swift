/// How the ends of open strokes look (CAShapeLayerLineCap).
public enum LineCap: Sendable, Hashable { case butt, round, square }
/// How stroke segments meet (CAShapeLayerLineJoin).
public enum LineJoin: Sendable, Hashable { case miter, round, bevel }
/// Which points are inside a self-crossing path (CAShapeLayerFillRule).
public enum FillRule: Sendable, Hashable { case nonZero, evenOdd }

/// A layer that draws a Bézier path (CAShapeLayer), with docs/SEMANTICS.md's defaults: black
/// fill, no stroke, width 1, butt caps, miter joins, miter limit 10, non-zero, 0…1.
///
/// `strokeStart` and `strokeEnd` trim the stroke by length across all subpaths (the fill is
/// never trimmed); see `BezierPath.trimmed(from:to:)` for the rules.
open class ShapeLayer: Layer {
    /// In the layer's own coordinates. Animatable, but not implicitly.
    public var path = BezierPath() { didSet { didChange(.path, from: oldValue) } }
    public var fillColor = Color.black { didSet { didChange(.fillColor, from: oldValue) } }
    /// `.clear` is "no stroke".
    public var strokeColor = Color.clear { didSet { didChange(.strokeColor, from: oldValue) } }
    public var lineWidth = 1.0 { didSet { didChange(.lineWidth, from: oldValue) } }
    public var lineCap = LineCap.butt { didSet { noteChange() } }
    public var lineJoin = LineJoin.miter { didSet { noteChange() } }
    public var miterLimit = 10.0 { didSet { didChange(.miterLimit, from: oldValue) } }
    /// Lengths of dashes and gaps, pixels; empty is a solid line.
    public var lineDashPattern: [Double] = [] { didSet { noteChange() } }
    public var lineDashPhase = 0.0 { didSet { didChange(.lineDashPhase, from: oldValue) } }
    public var fillRule = FillRule.nonZero { didSet { noteChange() } }
    /// 0…1 of the path's length where the stroke starts.
    public var strokeStart = 0.0 { didSet { didChange(.strokeStart, from: oldValue) } }
    /// 0…1 of the path's length where the stroke ends.
    public var strokeEnd = 1.0 { didSet { didChange(.strokeEnd, from: oldValue) } }

    public override init(timeline: Timeline) {
        super.init(timeline: timeline)
    }

    public required init(presentationOf model: Layer) {
        super.init(presentationOf: model)
        guard let shape = model as? ShapeLayer else { return }
        path = shape.path
        fillColor = shape.fillColor
        strokeColor = shape.strokeColor
        lineWidth = shape.lineWidth
        lineCap = shape.lineCap
        lineJoin = shape.lineJoin
        miterLimit = shape.miterLimit
        lineDashPattern = shape.lineDashPattern
        lineDashPhase = shape.lineDashPhase
        fillRule = shape.fillRule
        strokeStart = shape.strokeStart
        strokeEnd = shape.strokeEnd
    }

    /// The stroke as drawn: the path trimmed to `strokeStart…strokeEnd`. The path's lengths
    /// are kept on the model layer while the path stays the same, so that animating only the
    /// stroke range does not measure the path again every frame.
    public var trimmedPath: BezierPath {
        guard strokeStart > 0 || strokeEnd < 1, strokeStart < strokeEnd else {
            return path.trimmed(from: strokeStart, to: strokeEnd)
        }
        let owner = (modelLayer as? ShapeLayer) ?? self
        let measure: TrimMeasure
        if let cached = owner.trimMeasureCache, cached.path == path {
            measure = cached.measure
        } else {
            measure = path.trimMeasure()
            owner.trimMeasureCache = (path, measure)
        }
        return path.trimmed(from: strokeStart, to: strokeEnd, measure: measure)
    }

    private var trimMeasureCache: (path: BezierPath, measure: TrimMeasure)?
}
