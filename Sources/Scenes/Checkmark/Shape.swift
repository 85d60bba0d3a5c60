import Animation

/// C4's `Shape` (`C4Shape` in the tutorial): a shape layer made from a path, with C4's
/// defaults (docs/SEMANTICS.md § Checkmark (C4)): stroke C4Purple, fill C4Blue, line width 1, round caps and
/// joins.
///
/// It is the engine's `ShapeLayer`, not a view around one: C4's `strokeStart`, `strokeEnd`
/// and `strokeColor` are Core Animation's, so a `ViewAnimation` animates them through the
/// layer's implicit actions.
///
/// Like `C4Shape(path)`, its frame is the path's bounding box, placed where the path's own
/// coordinates put it: a shape added to another shape made from the same artboard keeps the
/// artboard's coordinates (the tutorial's `b1.add(b2)`), because `bounds` keeps the box's
/// origin and `position` is the box's centre.
final class Shape: ShapeLayer {
    /// A shape drawing `path` (in artboard coordinates) on `timeline`.
    init(_ path: BezierPath, timeline: Timeline) {
        super.init(timeline: timeline)
        self.path = path
        bounds = path.bounds
        position = path.bounds.center
        strokeColor = C4Purple
        fillColor = C4Blue
        lineWidth = 1
        lineCap = .round
        lineJoin = .round
    }

    required init(presentationOf model: Layer) {
        super.init(presentationOf: model)
    }
}
