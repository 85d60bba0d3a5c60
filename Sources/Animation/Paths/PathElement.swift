/// One element of a ``BezierPath`` (CGPathElement): a move starts a subpath, a line or curve
/// extends it from the current point, and close draws a straight line back to the subpath's
/// start.
///
/// Points are in pixels in y-down space. (docs/SEMANTICS.md § Shape layers and trimming)
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at `to`; draws nothing.
    case move(to: Point)
    /// A straight line from the current point to `to`.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point to `to`.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point to `to`.
    case curve(to: Point, control1: Point, control2: Point)
    /// A straight line back to the start of the current subpath, which it closes.
    case close
}

extension PathElement {
    /// The point the element ends at; nil for `.close`, whose end is the subpath's start.
    var endPoint: Point? {
        switch self {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): p
        case .close: nil
        }
    }

    /// Whether both elements are the same case (their points may differ).
    func hasSameKind(as other: PathElement) -> Bool {
        switch (self, other) {
        case (.move, .move), (.line, .line), (.quadCurve, .quadCurve), (.curve, .curve), (.close, .close):
            true
        default:
            false
        }
    }

    /// The element with every point (end and control points) mapped by `transform`.
    func mapPoints(_ transform: (Point) -> Point) -> PathElement {
        switch self {
        case .move(let p): .move(to: transform(p))
        case .line(let p): .line(to: transform(p))
        case .quadCurve(let p, let c): .quadCurve(to: transform(p), control: transform(c))
        case .curve(let p, let c1, let c2):
            .curve(to: transform(p), control1: transform(c1), control2: transform(c2))
        case .close: .close
        }
    }

    /// The element whose points are `combine(mine, other's)`, or nil when the kinds differ.
    func combined(with other: PathElement, _ combine: (Point, Point) -> Point) -> PathElement? {
        switch (self, other) {
        case (.move(let a), .move(let b)): .move(to: combine(a, b))
        case (.line(let a), .line(let b)): .line(to: combine(a, b))
        case (.quadCurve(let a, let ac), .quadCurve(let b, let bc)):
            .quadCurve(to: combine(a, b), control: combine(ac, bc))
        case (.curve(let a, let a1, let a2), .curve(let b, let b1, let b2)):
            .curve(to: combine(a, b), control1: combine(a1, b1), control2: combine(a2, b2))
        case (.close, .close): .close
        default: nil
        }
    }
}
