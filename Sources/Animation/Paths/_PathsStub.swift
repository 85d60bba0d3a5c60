// TEMPORARY: replaced by the paths branch.
public enum PathElement: Hashable, Sendable {
    case move(to: Point)
    case line(to: Point)
    case quadCurve(to: Point, control: Point)
    case curve(to: Point, control1: Point, control2: Point)
    case close
}
public struct Polyline: Hashable, Sendable { public var points: [Point]; public var isClosed: Bool }
public struct PathSegment: Hashable, Sendable {
    public var start: Point
    public var element: PathElement
    public func point(at t: Double) -> Point { start }
    public func tangent(at t: Double) -> Point { start }
    public var length: Double { 0 }
}
public struct BezierPath: Hashable, Sendable {
    public private(set) var elements: [PathElement] = []
    public init() {}
    public init(elements: [PathElement]) { self.elements = elements }
    public init(rect: Rect) {}
    public init(ovalIn rect: Rect) {}
    public init(roundedRect rect: Rect, cornerRadius: Double) {}
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }
    public mutating func addQuadCurve(to point: Point, controlPoint: Point) {}
    public mutating func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {}
    public mutating func addArc(withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {}
    public mutating func close() {}
    public var isEmpty: Bool { elements.isEmpty }
    public var bounds: Rect { .null }
    public var length: Double { 0 }
    public func point(atFraction f: Double) -> Point? { nil }
    public func tangent(atFraction f: Double) -> Point? { nil }
    public func flattened(tolerance: Double = 0.05) -> [Polyline] { [] }
    public func trimmed(from start: Double, to end: Double) -> BezierPath { self }
    public func applying(_ transform: AffineTransform) -> BezierPath { self }
    public var segments: [PathSegment] { [] }
    public func hasSameStructure(as other: BezierPath) -> Bool { true }
    public func interpolated(to other: BezierPath, fraction: Double) -> BezierPath { self }
    public func pointwise(_ other: BezierPath, _ combine: (Point, Point) -> Point) -> BezierPath { self }
    public func mapPoints(_ transform: (Point) -> Point) -> BezierPath { self }
}
