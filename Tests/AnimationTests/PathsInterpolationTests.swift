import Testing

@testable import Animation

/// Point-by-point path arithmetic for animating `path` (docs/SEMANTICS.md § Shape layers and trimming).
struct PathsInterpolationTests {
    static let from = BezierPath(elements: [
        .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 100, y: 0)),
        .curve(to: Point(x: 100, y: 100), control1: Point(x: 120, y: 20), control2: Point(x: 120, y: 80)),
        .close,
    ])
    static let to = BezierPath(elements: [
        .move(to: Point(x: 20, y: 40)), .line(to: Point(x: 300, y: 0)),
        .curve(to: Point(x: 100, y: 300), control1: Point(x: 0, y: 60), control2: Point(x: 40, y: 0)),
        .close,
    ])

    @Test("paths with the same elements interpolate point by point: halfway")
    func halfway() {
        let middle = Self.from.interpolated(to: Self.to, fraction: 0.5)
        // Halves of sums of small integers: exact.
        #expect(
            middle.elements == [
                .move(to: Point(x: 10, y: 20)), .line(to: Point(x: 200, y: 0)),
                .curve(
                    to: Point(x: 100, y: 200), control1: Point(x: 60, y: 40), control2: Point(x: 80, y: 40)),
                .close,
            ])
        #expect(Self.from.interpolated(to: Self.to, fraction: 0) == Self.from)
        #expect(Self.from.interpolated(to: Self.to, fraction: 1) == Self.to)
    }

    @Test("a fraction past 1 extrapolates, as springs overshoot")
    func extrapolates() {
        let beyond = Self.from.interpolated(to: Self.to, fraction: 1.5)
        // from + 1.5 · (to − from), with quarters and halves of integers: exact.
        #expect(beyond.elements.first == .move(to: Point(x: 30, y: 60)))
        #expect(beyond.elements[1] == .line(to: Point(x: 400, y: 0)))
    }

    @Test("paths with different elements jump to the new path at the end", arguments: [0.0, 0.5, 0.999])
    func differentStructuresJumpAtTheEnd(fraction: Double) {
        let line = BezierPath(elements: [.move(to: .zero), .line(to: Point(x: 10, y: 0))])
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(!line.hasSameStructure(as: oval))
        #expect(line.interpolated(to: oval, fraction: fraction) == line)
        #expect(line.interpolated(to: oval, fraction: 1) == oval)
        #expect(line.interpolated(to: oval, fraction: 1.2) == oval)
    }

    @Test("same element count but other kinds is another structure")
    func structureComparesKinds() {
        let lines = BezierPath(elements: [.move(to: .zero), .line(to: Point(x: 1, y: 1))])
        let quad = BezierPath(elements: [.move(to: .zero), .quadCurve(to: Point(x: 1, y: 1), control: .zero)])
        #expect(!lines.hasSameStructure(as: quad))
        #expect(lines.hasSameStructure(as: lines.applying(AffineTransform(rotationAngle: 1))))
        #expect(lines.pointwise(quad, +) == lines)  // mismatch: unchanged
    }

    @Test("pointwise sums and differences, and mapPoints, reach control points too")
    func pointwiseArithmetic() {
        let sum = Self.from.pointwise(Self.to, +)
        #expect(
            sum.elements[2]
                == .curve(
                    to: Point(x: 200, y: 400), control1: Point(x: 120, y: 80), control2: Point(x: 160, y: 80))
        )
        #expect(sum.pointwise(Self.to, -) == Self.from)  // integers: exact
        let doubled = Self.from.mapPoints { $0 * 2 }
        #expect(
            doubled.elements[2]
                == .curve(
                    to: Point(x: 200, y: 200), control1: Point(x: 240, y: 40), control2: Point(x: 240, y: 160)
                ))
        var visited = 0
        _ = Self.from.pointwise(Self.to) { a, _ in
            visited += 1
            return a
        }
        #expect(visited == 5)  // move, line, three curve points; close has none
    }
}
