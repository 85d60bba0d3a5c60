/// One flattened subpath: the points a renderer joins with straight lines.
public struct Polyline: Hashable, Sendable {
    /// The vertices in drawing order, no two consecutive ones equal. A closed polyline does not
    /// repeat its first point at the end; `isClosed` stands for the closing line.
    public var points: [Point]
    /// Whether the subpath was closed: a line from the last point back to the first is implied
    /// and the ends are joined, not capped.
    public var isClosed: Bool

    /// A polyline through `points`, closed back to the first when `isClosed`.
    public init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}
