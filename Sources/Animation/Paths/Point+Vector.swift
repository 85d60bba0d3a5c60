import Foundation

/// Vector helpers for path geometry, where a `Point` also stands for a displacement.
extension Point {
    /// The Euclidean length of the vector from the origin to this point, in pixels.
    var magnitude: Double { (x * x + y * y).squareRoot() }

    /// The vector scaled to length 1, or nil for a zero or non-finite vector.
    var unitVector: Point? {
        let length = magnitude
        guard length > 0, length.isFinite else { return nil }
        return Point(x: x / length, y: y / length)
    }
}
