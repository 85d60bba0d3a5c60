/// A running bounding box of points: cheaper than repeated `Rect.union` when measuring paths.
struct Extent {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity

    /// Grows the box to contain `point`.
    mutating func add(_ point: Point) {
        minX = min(minX, point.x)
        maxX = max(maxX, point.x)
        minY = min(minY, point.y)
        maxY = max(maxY, point.y)
    }

    /// The box as a rectangle; `.null` when no point was added.
    var rect: Rect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
