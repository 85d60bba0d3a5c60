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
    /// What the layer draws, as one value; the properties below read and write it.
    public final internal(set) var shapeDrawing = ShapeDrawing()

    /// `Layer.savedState()`, and the shape drawn.
    open override func savedState() -> () -> Void {
        let layer = super.savedState()
        let saved = shapeDrawing
        return { [self] in
            layer()
            shapeDrawing = saved
            noteChange(writes: .subclassDrawing)
        }
    }
    /// In the layer's own coordinates. Animatable, but not implicitly.
    public final var path: BezierPath {
        get { shapeDrawing.path }
        set {
            let oldValue = shapeDrawing.path
            shapeDrawing.path = newValue
            didChange(.path, from: oldValue, writes: .subclassDrawing)
        }
    }
    public final var fillColor: Color {
        get { shapeDrawing.fillColor }
        set {
            let oldValue = shapeDrawing.fillColor
            shapeDrawing.fillColor = newValue
            didChange(.fillColor, from: oldValue, writes: .subclassDrawing)
        }
    }
    /// `.clear` is "no stroke".
    public final var strokeColor: Color {
        get { shapeDrawing.strokeColor }
        set {
            let oldValue = shapeDrawing.strokeColor
            shapeDrawing.strokeColor = newValue
            didChange(.strokeColor, from: oldValue, writes: .subclassDrawing)
        }
    }
    public final var lineWidth: Double {
        get { shapeDrawing.lineWidth }
        set {
            let oldValue = shapeDrawing.lineWidth
            shapeDrawing.lineWidth = newValue
            didChange(.lineWidth, from: oldValue, writes: .subclassDrawing)
        }
    }
    public final var lineCap: LineCap {
        get { shapeDrawing.lineCap }
        set {
            shapeDrawing.lineCap = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    public final var lineJoin: LineJoin {
        get { shapeDrawing.lineJoin }
        set {
            shapeDrawing.lineJoin = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    public final var miterLimit: Double {
        get { shapeDrawing.miterLimit }
        set {
            let oldValue = shapeDrawing.miterLimit
            shapeDrawing.miterLimit = newValue
            didChange(.miterLimit, from: oldValue, writes: .subclassDrawing)
        }
    }
    /// Lengths of dashes and gaps, in the layer's units; empty is a solid line.
    public final var lineDashPattern: [Double] {
        get { shapeDrawing.lineDashPattern }
        set {
            shapeDrawing.lineDashPattern = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    public final var lineDashPhase: Double {
        get { shapeDrawing.lineDashPhase }
        set {
            let oldValue = shapeDrawing.lineDashPhase
            shapeDrawing.lineDashPhase = newValue
            didChange(.lineDashPhase, from: oldValue, writes: .subclassDrawing)
        }
    }
    public final var fillRule: FillRule {
        get { shapeDrawing.fillRule }
        set {
            shapeDrawing.fillRule = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    /// 0…1 of the path's length where the stroke starts.
    public final var strokeStart: Double {
        get { shapeDrawing.strokeStart }
        set {
            let oldValue = shapeDrawing.strokeStart
            shapeDrawing.strokeStart = newValue
            didChange(.strokeStart, from: oldValue, writes: .subclassDrawing)
        }
    }
    /// 0…1 of the path's length where the stroke ends.
    public final var strokeEnd: Double {
        get { shapeDrawing.strokeEnd }
        set {
            let oldValue = shapeDrawing.strokeEnd
            shapeDrawing.strokeEnd = newValue
            didChange(.strokeEnd, from: oldValue, writes: .subclassDrawing)
        }
    }

    public override init(timeline: Timeline) {
        super.init(timeline: timeline)
    }

    public required init(presentationOf model: Layer) {
        super.init(presentationOf: model)
    }

    override func takeModelValues(from model: Layer) {
        super.takeModelValues(from: model)
        guard let shape = model as? ShapeLayer else { return }
        shapeDrawing = shape.shapeDrawing
    }

    override func retakeModelValues(_ written: PresentationWrites, from model: Layer) {
        super.retakeModelValues(written, from: model)
        guard written.contains(.subclassDrawing), let shape = model as? ShapeLayer else { return }
        shapeDrawing = shape.shapeDrawing
    }

    /// The stroke as drawn: the path trimmed to `strokeStart…strokeEnd`. The path's lengths
    /// are kept on the model layer while the path stays the same, so that animating only the
    /// stroke range does not measure the path again every frame.
    public final var trimmedPath: BezierPath {
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
