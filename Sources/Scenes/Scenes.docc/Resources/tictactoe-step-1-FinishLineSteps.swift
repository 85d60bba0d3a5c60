import Animation
import Scenes

extension FinishLine {
    /// The tutorial's starting point, "a thick line": a stroke as wide as the
    /// finished line (`finishLineWidth * 2 + 1`) with the default butt caps, at
    /// once, no animation. "The line always is a rectangle."
    func addThickLine(from startPoint: Point, to endPoint: Point) {
        var thickLinePath = BezierPath()
        thickLinePath.move(to: startPoint)
        thickLinePath.addLine(to: endPoint)
        let thickLineShapeLayer = ShapeLayer(timeline: timeline)
        thickLineShapeLayer.name = "thickLineShapeLayer"
        thickLineShapeLayer.strokeColor = color
        thickLineShapeLayer.lineWidth = width * 2 + 1
        thickLineShapeLayer.path = thickLinePath
        finishLineView.addSublayer(thickLineShapeLayer)
    }
}
