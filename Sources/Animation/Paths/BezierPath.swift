/// A path of lines and Bézier curves in y-down pixel space (UIBezierPath / CGPath without the
/// prefix): a value type, so an animation can hold one as `fromValue`.
///
/// Every subpath starts with a `.move`. The mutating methods and `init(elements:)` keep it so,
/// the way Cairo does rather than UIKit (which ignores a line with no current point):
/// - a line or curve with no current point first gets a move to its own end point;
/// - a line or curve after `.close` first gets a move to the closed subpath's start (where
///   the current point is, as in CGPath);
/// - a `.close` with no open subpath is dropped.
///
/// Measuring (`length`, `point(atFraction:)`), trimming and flattening are in the
/// `BezierPath+…` files. (docs/SEMANTICS.md § Shape layers and trimming)
public struct BezierPath: Hashable, Sendable {
    /// The elements in drawing order; every subpath starts with `.move`.
    public private(set) var elements: [PathElement]

    /// An empty path.
    public init() {
        elements = []
    }

    /// A path of `elements`, with a move inserted before a line or curve that has no current
    /// point and a `.close` with no open subpath dropped (see the type's summary).
    public init(elements: [PathElement]) {
        self.elements = BezierPath.normalized(elements)
    }

    /// A path whose elements are known to keep the invariant (every subpath starts with a move,
    /// no stray close), such as a point-wise combination of two normalized paths.
    init(normalizedElements: [PathElement]) {
        elements = normalizedElements
    }

    // MARK: - Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
    }

    /// Adds a straight line from the current point to `point`.
    public mutating func addLine(to point: Point) {
        prepareToDraw(endingAt: point)
        elements.append(.line(to: point))
    }

    /// Adds a quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: Point, controlPoint: Point) {
        prepareToDraw(endingAt: point)
        elements.append(.quadCurve(to: point, control: controlPoint))
    }

    /// Adds a cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, controlPoint1: Point, controlPoint2: Point) {
        prepareToDraw(endingAt: point)
        elements.append(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
    }

    /// Closes the current subpath with a straight line back to its start; does nothing when no
    /// subpath is open (an empty path, or one just closed).
    public mutating func close() {
        switch elements.last {
        case nil, .close?: return
        default: elements.append(.close)
        }
    }

    /// Inserts the move that a line or curve ending at `end` needs when no subpath is open.
    private mutating func prepareToDraw(endingAt end: Point) {
        switch elements.last {
        case nil: elements.append(.move(to: end))
        case .close?: elements.append(.move(to: lastSubpathStart ?? end))
        default: break
        }
    }

    // MARK: - State

    /// Whether the path has no elements at all.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next line or curve starts: the last element's end point, or the subpath's start
    /// after a close (as CGPath); nil for an empty path.
    public var currentPoint: Point? {
        switch elements.last {
        case nil: nil
        case .close?: lastSubpathStart
        case let element?: element.endPoint
        }
    }

    /// The point of the last move: the start of the last subpath.
    private var lastSubpathStart: Point? {
        for element in elements.reversed() {
            if case .move(let p) = element { return p }
        }
        return nil
    }

    // MARK: - Segments

    /// Every line, curve and close as a segment from the current point, for keyframe animation
    /// along the path (docs/SEMANTICS.md § Keyframe animations).
    /// - Moves are not segments.
    /// - A close is `.line(to: subpathStart)`, and is a segment even when it has zero length.
    public var segments: [PathSegment] {
        var result: [PathSegment] = []
        result.reserveCapacity(elements.count)
        var iterator = SegmentIterator(elements: elements)
        while let segment = iterator.next() {
            result.append(segment)
        }
        return result
    }

    /// Whether both paths have the same element kinds in the same order, so that they can be
    /// interpolated point by point.
    public func hasSameStructure(as other: BezierPath) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for index in elements.indices where !elements[index].hasSameKind(as: other.elements[index]) {
            return false
        }
        return true
    }

    /// The path with every point (end and control points) mapped by `transform`.
    public func applying(_ transform: AffineTransform) -> BezierPath {
        if transform.isIdentity { return self }
        return mapPoints { $0.applying(transform) }
    }

    // MARK: - Normalizing

    /// `input` with the moves it lacks inserted and stray closes dropped; `input` itself (no
    /// copy) when it already keeps the invariant.
    private static func normalized(_ input: [PathElement]) -> [PathElement] {
        var output: [PathElement]?  // created at the first change
        var subpathStart: Point?
        var isSubpathOpen = false
        for (index, element) in input.enumerated() {
            switch element {
            case .move(let p):
                subpathStart = p
                isSubpathOpen = true
                output?.append(element)
            case .close:
                if isSubpathOpen {
                    isSubpathOpen = false
                    output?.append(element)
                } else if output == nil {
                    output = Array(input[..<index])
                }
            case .line(let end), .quadCurve(let end, _), .curve(let end, _, _):
                if !isSubpathOpen {
                    let start = subpathStart ?? end
                    if output == nil { output = Array(input[..<index]) }
                    output?.append(.move(to: start))
                    subpathStart = start
                    isSubpathOpen = true
                }
                output?.append(element)
            }
        }
        return output ?? input
    }
}

/// Walks the segments of a path's elements without allocating: each line, curve and close as
/// a ``PathSegment`` starting at the current point (a close as a line to the subpath's start).
struct SegmentIterator: IteratorProtocol {
    private let elements: [PathElement]
    private var index = 0
    private var current = Point.zero
    private var subpathStart = Point.zero

    init(elements: [PathElement]) {
        self.elements = elements
    }

    mutating func next() -> PathSegment? {
        while index < elements.count {
            let element = elements[index]
            index += 1
            switch element {
            case .move(let p):
                current = p
                subpathStart = p
            case .close:
                let segment = PathSegment(start: current, element: .line(to: subpathStart))
                current = subpathStart
                return segment
            case .line(let end), .quadCurve(let end, _), .curve(let end, _, _):
                let segment = PathSegment(start: current, element: element)
                current = end
                return segment
            }
        }
        return nil
    }
}
