import Animation

/// One subpath as Lottie writes it: vertices, each with its in and out tangents relative to
/// it, and whether the last vertex joins the first.
struct LottieShape: Equatable {
    var closed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]

    /// The subpaths of `path`, quadratic curves raised to cubics (exactly); a subpath that is
    /// a lone move draws nothing and is left out.
    static func subpaths(of path: BezierPath) -> [LottieShape] {
        var shapes: [LottieShape] = []
        var current = LottieShape(closed: false, vertices: [], inTangents: [], outTangents: [])
        var subpathStart = Point.zero
        func finish() {
            if current.vertices.count > 1 {
                // A closed subpath whose last line returns to its start: one vertex, not two.
                if current.closed, let first = current.vertices.first, let last = current.vertices.last,
                    abs(first.x - last.x) < 1e-9, abs(first.y - last.y) < 1e-9
                {
                    current.inTangents[0] = current.inTangents[current.inTangents.count - 1]
                    current.vertices.removeLast()
                    current.inTangents.removeLast()
                    current.outTangents.removeLast()
                }
                shapes.append(current)
            }
            current = LottieShape(closed: false, vertices: [], inTangents: [], outTangents: [])
        }
        func append(_ point: Point, in inTangent: Point = .zero) {
            // A subpath after a close without a move starts where the closed one did.
            if current.vertices.isEmpty, point != subpathStart || inTangent != .zero {
                current.vertices.append(subpathStart)
                current.inTangents.append(.zero)
                current.outTangents.append(.zero)
            }
            current.vertices.append(point)
            current.inTangents.append(inTangent)
            current.outTangents.append(.zero)
        }
        func startPoint() -> Point {
            if current.vertices.isEmpty { append(subpathStart) }
            return current.vertices[current.vertices.count - 1]
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                finish()
                subpathStart = point
                append(point)
            case .line(let point):
                _ = startPoint()
                append(point)
            case .quadCurve(let point, let control):
                let start = startPoint()
                current.outTangents[current.outTangents.count - 1] = (control - start) * (2.0 / 3.0)
                append(point, in: (control - point) * (2.0 / 3.0))
            case .curve(let point, let control1, let control2):
                let start = startPoint()
                current.outTangents[current.outTangents.count - 1] = control1 - start
                append(point, in: control2 - point)
            case .close:
                current.closed = true
                finish()
            }
        }
        finish()
        return shapes
    }

    /// The numbers, for comparing and interpolating shapes of one structure.
    var flattened: [Double] {
        var values: [Double] = []
        values.reserveCapacity(vertices.count * 6)
        for index in vertices.indices {
            values += [
                vertices[index].x, vertices[index].y, inTangents[index].x, inTangents[index].y,
                outTangents[index].x, outTangents[index].y,
            ]
        }
        return values
    }

    /// Vertex count and closedness: shapes of one structure interpolate.
    var structure: Int { vertices.count * 2 + (closed ? 1 : 0) }

    var json: LottieJSON {
        func points(_ list: [Point]) -> LottieJSON { .array(list.map { .nums([$0.x, $0.y]) }) }
        return .object([
            ("c", .bool(closed)), ("v", points(vertices)), ("i", points(inTangents)),
            ("o", points(outTangents)),
        ])
    }
}
