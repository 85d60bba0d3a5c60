extension BezierPath {
    /// The total arc length in pixels across all subpaths, counting every closing segment (the
    /// length strokeStart/strokeEnd are fractions of, docs/SEMANTICS.md § Shape layers and
    /// trimming). Lines are exact; curves are good to ~1e-9 relative (see ``PathSegment/length``).
    public var length: Double {
        var total = 0.0
        var segments = SegmentIterator(elements: elements)
        while let segment = segments.next() {
            total += segment.length
        }
        return total
    }

    /// The point at fraction `f` of the path's length (clamped to 0…1), measured along the path
    /// as `length` does; nil for an empty path.
    ///
    /// Where two segments meet, the end of the earlier one; between subpaths, the end of the
    /// earlier subpath. A path of length zero gives its first point.
    public func point(atFraction f: Double) -> Point? {
        guard let first = elements.first?.endPoint else { return nil }
        guard let (segment, t) = location(atFraction: f) else { return first }
        return segment.point(at: t)
    }

    /// The unit vector of the direction of travel at fraction `f` of the path's length (clamped
    /// to 0…1), taken at the same place as `point(atFraction:)`; nil for a path of length zero.
    public func tangent(atFraction f: Double) -> Point? {
        guard let (segment, t) = location(atFraction: f) else { return nil }
        return segment.tangent(at: t).unitVector
    }

    /// The smallest rectangle containing every drawn point of the path: the curves themselves,
    /// not their control points (`CGPath.boundingBoxOfPath`). Points of moves count, as in
    /// Core Graphics, even a trailing move. `.null` for an empty path.
    public var bounds: Rect {
        var box = Extent()
        var current = Point.zero
        var subpathStart = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                box.add(p)
                current = p
                subpathStart = p
            case .close:
                current = subpathStart  // the closing line's ends are both in the box already
            case .line(let end), .quadCurve(let end, _), .curve(let end, _, _):
                PathSegment(start: current, element: element).extendBounds(&box)
                current = end
            }
        }
        return box.rect
    }

    /// The segment of positive length and its Bézier parameter at fraction `f` of the length, or
    /// nil when the path has no length.
    func location(atFraction f: Double) -> (PathSegment, Double)? {
        let total = length
        guard total > 0 else { return nil }
        let target = (f.isNaN ? 0 : min(max(f, 0), 1)) * total
        var walked = 0.0
        var last: (PathSegment, Double)?
        var segments = SegmentIterator(elements: elements)
        while let segment = segments.next() {
            let segmentLength = segment.length
            guard segmentLength > 0 else { continue }
            if walked + segmentLength >= target {
                let t = segment.parameter(atLength: target - walked, totalLength: segmentLength)
                return (segment, t)
            }
            walked += segmentLength
            last = (segment, 1)
        }
        return last  // rounding left the target just past the summed lengths
    }
}
