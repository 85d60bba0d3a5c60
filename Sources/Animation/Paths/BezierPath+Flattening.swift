extension BezierPath {
    /// The path as polylines, one per subpath that draws anything (a subpath that is only a
    /// move is left out), every point within `tolerance` pixels of the true curve.
    ///
    /// - Lines are kept as they are; curves are cut at equal parameter steps, as few as the
    ///   bound in ``PathSegment`` allows (about 27 per quarter of a 100 px circle at 0.05 px).
    /// - Consecutive equal points are merged; a subpath of zero length keeps two equal points,
    ///   so that a renderer can still decide about caps.
    /// - A closed subpath's polyline has `isClosed` set, without repeating its first point.
    /// - `tolerance` must be positive (a programmer error otherwise).
    public func flattened(tolerance: Double = 0.05) -> [Polyline] {
        precondition(tolerance > 0, "flattening tolerance must be positive pixels, got \(tolerance)")
        var polylines: [Polyline] = []
        var points: [Point] = []
        var current = Point.zero
        var subpathStart = Point.zero
        var hasSegments = false

        func finishSubpath(isClosed: Bool) {
            defer {
                points = []
                hasSegments = false
            }
            guard hasSegments, let first = points.first else { return }
            if points.count == 1 {
                points.append(first)
            } else if isClosed && points.count > 2 && points[points.count - 1] == first {
                points.removeLast()
            }
            polylines.append(Polyline(points: points, isClosed: isClosed))
        }

        for element in elements {
            switch element {
            case .move(let p):
                finishSubpath(isClosed: false)
                points.append(p)
                current = p
                subpathStart = p
            case .close:
                hasSegments = true
                finishSubpath(isClosed: true)
                current = subpathStart
            case .line(let end), .quadCurve(let end, _), .curve(let end, _, _):
                if points.isEmpty { points.append(current) }  // after a close (no move)
                PathSegment(start: current, element: element)
                    .appendFlattened(to: &points, tolerance: tolerance)
                hasSegments = true
                current = end
            }
        }
        finishSubpath(isClosed: false)
        return polylines
    }
}
