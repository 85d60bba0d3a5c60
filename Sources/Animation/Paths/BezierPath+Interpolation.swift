extension BezierPath {
    /// The path `fraction` of the way from `self` to `other`, point by point, when both have
    /// the same structure (`hasSameStructure(as:)`); `fraction` outside 0…1 extrapolates, as
    /// springs overshoot. Otherwise the value jumps at the end: `self` while `fraction` < 1,
    /// then `other` (docs/SEMANTICS.md § Shape layers and trimming).
    public func interpolated(to other: BezierPath, fraction: Double) -> BezierPath {
        guard hasSameStructure(as: other) else { return fraction < 1 ? self : other }
        return pointwise(other) { $0.lerp(to: $1, fraction) }
    }

    /// The path whose every point is `combine(mine, other's)`, for a + b, a − b and the like;
    /// `self` when the structures differ. `combine` is called once per point (end and control
    /// points, not closes), in element order.
    public func pointwise(_ other: BezierPath, _ combine: (Point, Point) -> Point) -> BezierPath {
        guard elements.count == other.elements.count else { return self }
        var output: [PathElement] = []
        output.reserveCapacity(elements.count)
        for index in elements.indices {
            guard let element = elements[index].combined(with: other.elements[index], combine) else {
                return self
            }
            output.append(element)
        }
        // Same kinds in the same order as `self`, so the elements keep its invariant.
        return BezierPath(normalizedElements: output)
    }

    /// The path with every point (end and control points) mapped by `transform`, such as
    /// `{ $0 * s }` for scaling about the origin.
    public func mapPoints(_ transform: (Point) -> Point) -> BezierPath {
        var output: [PathElement] = []
        output.reserveCapacity(elements.count)
        for element in elements {
            output.append(element.mapPoints(transform))
        }
        return BezierPath(normalizedElements: output)
    }
}
