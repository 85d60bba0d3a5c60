import Foundation
import Testing

@testable import Animation

/// strokeStart/strokeEnd trimming (docs/SEMANTICS.md § Shape layers and trimming), rule by rule.
struct TrimmingTests {
    /// A closed 10 × 10 square (40 long, its close the left edge), then an open 60 px line.
    static let squareThenLine = BezierPath(elements: [
        .move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
        .line(to: Point(x: 0, y: 10)), .close,
        .move(to: Point(x: 100, y: 0)), .line(to: Point(x: 160, y: 0)),
    ])

    @Test("fractions are clamped: −0.5…2 is the untrimmed path, curves and close intact")
    func clamping() {
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 50, height: 30))
        #expect(oval.trimmed(from: -0.5, to: 2) == oval)
        #expect(oval.trimmed(from: 0, to: 1) == oval)
        #expect(Self.squareThenLine.trimmed(from: -3, to: 1.01) == Self.squareThenLine)
    }

    @Test(
        "start at or after end draws nothing, not even a dot",
        arguments: [(0.5, 0.5), (0.7, 0.3), (1.5, 1.2), (-1.0, -0.5), (0.0, 0.0), (1.0, 1.0)])
    func emptyWhenStartReachesEnd(start: Double, end: Double) {
        #expect(Self.squareThenLine.trimmed(from: start, to: end).isEmpty)
    }

    @Test("a trimmed line ends at the fractions of its length")
    func trimmedLine() throws {
        let a = Point(x: 10, y: 10)
        let b = Point(x: 110, y: 60)
        let line = BezierPath(elements: [.move(to: a), .line(to: b)])
        let trimmed = line.trimmed(from: 0.2, to: 0.7)
        // Lines cut at fraction × length / length: the lerp, to rounding.
        try #require(trimmed.elements.count == 2)
        guard case .move(let start) = trimmed.elements[0], case .line(let end) = trimmed.elements[1] else {
            Issue.record("expected a move and a line, got \(trimmed.elements)")
            return
        }
        #expect(start.distance(to: a.lerp(to: b, 0.2)) <= 1e-9)
        #expect(end.distance(to: a.lerp(to: b, 0.7)) <= 1e-9)
        #expect(abs(trimmed.length - 0.5 * line.length) <= 1e-9)
    }

    @Test("the length runs across subpaths: the second one is cut where their lengths add up")
    func acrossSubpaths() {
        let path = BezierPath(elements: [
            .move(to: .zero), .line(to: Point(x: 100, y: 0)),
            .move(to: Point(x: 0, y: 50)), .line(to: Point(x: 300, y: 50)),
        ])  // 100 + 300
        // 0.5 · 400 = 200 = all of the first, 100 of the second; 50 … 200 for 0.125 … 0.5.
        // Fractions of integers that are exact in binary: exact results.
        #expect(
            path.trimmed(from: 0, to: 0.5).elements == [
                .move(to: .zero), .line(to: Point(x: 100, y: 0)),
                .move(to: Point(x: 0, y: 50)), .line(to: Point(x: 100, y: 50)),
            ])
        #expect(
            path.trimmed(from: 0.125, to: 0.5).elements == [
                .move(to: Point(x: 50, y: 0)), .line(to: Point(x: 100, y: 0)),
                .move(to: Point(x: 0, y: 50)), .line(to: Point(x: 100, y: 50)),
            ])
    }

    @Test("a cut exactly between subpaths leaves no stray move or dot")
    func cutBetweenSubpaths() {
        let path = BezierPath(elements: [
            .move(to: .zero), .line(to: Point(x: 100, y: 0)),
            .move(to: Point(x: 0, y: 50)), .line(to: Point(x: 100, y: 50)),
        ])
        #expect(
            path.trimmed(from: 0.5, to: 1).elements == [
                .move(to: Point(x: 0, y: 50)), .line(to: Point(x: 100, y: 50)),
            ])
        #expect(
            path.trimmed(from: 0, to: 0.5).elements == [.move(to: .zero), .line(to: Point(x: 100, y: 0))])
    }

    @Test("the closing segment counts: 0.9 of a 100 × 50 rect ends up its left edge")
    func closingSegmentCounts() {
        let rect = BezierPath(rect: Rect(x: 0, y: 0, width: 100, height: 50))  // 300 long
        let head = rect.trimmed(from: 0, to: 0.9)  // 270: 20 up the closing left edge
        #expect(
            head.elements == [
                .move(to: .zero), .line(to: Point(x: 100, y: 0)), .line(to: Point(x: 100, y: 50)),
                .line(to: Point(x: 0, y: 50)), .line(to: Point(x: 0, y: 30)),
            ])
        let tail = rect.trimmed(from: 0.9, to: 1)
        #expect(tail.elements == [.move(to: Point(x: 0, y: 30)), .line(to: .zero)])
    }

    @Test("a fully covered closed subpath stays closed; the open one is cut", arguments: [0.7, 0.55])
    func coveredClosedSubpathStaysClosed(end: Double) {
        // 100 long: the square is 0 … 40, the line 40 … 100.
        let trimmed = Self.squareThenLine.trimmed(from: 0, to: end)
        let cut = 100 + (end * 100 - 40)
        #expect(Array(trimmed.elements.prefix(5)) == Array(Self.squareThenLine.elements.prefix(5)))
        #expect(trimmed.elements.count == 7)
        #expect(trimmed.elements[5] == .move(to: Point(x: 100, y: 0)))
        guard case .line(let cutPoint) = trimmed.elements[6] else {
            Issue.record("expected a line, got \(trimmed.elements[6])")
            return
        }
        #expect(abs(cutPoint.x - cut) <= 1e-9 && cutPoint.y == 0)  // fraction × 100: rounding only
    }

    @Test("a closed subpath at the end of the range stays closed too")
    func coveredClosedSubpathAtTheEnd() {
        let path = BezierPath(elements: [
            .move(to: Point(x: 100, y: 0)), .line(to: Point(x: 160, y: 0)),
            .move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
            .line(to: Point(x: 0, y: 10)), .close,
        ])  // line 0 … 60, square 60 … 100
        let trimmed = path.trimmed(from: 0.25, to: 1)
        #expect(
            trimmed.elements == [
                .move(to: Point(x: 125, y: 0)), .line(to: Point(x: 160, y: 0)),
                .move(to: .zero), .line(to: Point(x: 10, y: 0)), .line(to: Point(x: 10, y: 10)),
                .line(to: Point(x: 0, y: 10)), .close,
            ])
    }

    @Test("a partly covered closed subpath becomes an open path, curves kept as curves")
    func partlyCoveredClosedSubpathOpens() throws {
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 100, height: 100))
        let half = oval.trimmed(from: 0, to: 0.5)
        #expect(!half.elements.contains(.close))
        #expect(half.elements.count == 3)  // move and two whole quarters
        #expect(half.elements.first == oval.elements.first)
        // Mirror-image quarters: half the length is the second joint, to rounding.
        let end = try #require(half.currentPoint)
        #expect(end.distance(to: Point(x: 0, y: 50)) <= 1e-9)

        let middle = oval.trimmed(from: 0.25, to: 0.75)  // bottom → left → top
        #expect(!middle.elements.contains(.close))
        let start = try #require(middle.elements.first?.endPoint)
        #expect(start.distance(to: Point(x: 50, y: 100)) <= 1e-9)
        #expect(abs(middle.length - 0.5 * oval.length) <= 1e-9 * oval.length)  // quadrature only
    }

    @Test("a cut inside a curve is at the true point for that arc length")
    func cutInsideCurve() throws {
        let oval = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 200, height: 200))
        let eighth = oval.trimmed(from: 0, to: 0.125)
        try #require(eighth.elements.count == 2)
        guard case .curve(let end, _, _) = eighth.elements[1] else {
            Issue.record("expected the cut piece to stay a cubic, got \(eighth.elements[1])")
            return
        }
        // Half of a symmetric quarter is its t = ½ point (root search: 1e-10 of its length).
        let firstQuarter = oval.segments[0]
        #expect(end.distance(to: firstQuarter.point(at: 0.5)) <= 1e-6)
        // …which is the 45° point of the circle, to the cubic's radial error (1.96e-4 · r).
        let onCircle = Point(x: 100 + 100 * cos(Double.pi / 4), y: 100 + 100 * sin(Double.pi / 4))
        #expect(end.distance(to: onCircle) <= 2e-4 * 100)
    }

    @Test("cuts in an S-curve match high-precision arc lengths")
    func cutsInSCurve() throws {
        let path = BezierPath(elements: [
            .move(to: .zero),
            .curve(to: Point(x: 120, y: 40), control1: Point(x: 30, y: 120), control2: Point(x: 90, y: -60)),
        ])
        let head = path.trimmed(from: 0, to: 0.3)
        let tail = path.trimmed(from: 0.3, to: 1)
        let end = try #require(head.currentPoint)
        let start = try #require(tail.elements.first?.endPoint)
        // (computed, mpmath) the point at 0.3 of the arc length; root search to 1.7e-8 px.
        let expected = Point(x: 26.093_863_038_271_005, y: 42.609_295_802_768_236)
        #expect(end.distance(to: expected) <= 1e-6 && start.distance(to: expected) <= 1e-6)
        // Arc lengths of the pieces: fractions of the whole to quadrature accuracy (~1e-9).
        #expect(abs(head.length - 0.3 * path.length) <= 1e-8 * path.length)
        #expect(abs(tail.length - 0.7 * path.length) <= 1e-8 * path.length)
    }

    @Test("trimming a path of length zero draws nothing unless nothing is trimmed")
    func zeroLengthPath() {
        let dot = BezierPath(elements: [.move(to: .zero), .line(to: .zero)])
        #expect(dot.trimmed(from: 0, to: 0.5).isEmpty)
        #expect(dot.trimmed(from: 0, to: 1) == dot)
    }
}
