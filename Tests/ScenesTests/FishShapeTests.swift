import Animation
import TestSupport
import Testing

@testable import Scenes

/// JRMFloatingAnimation's floating shapes and sinking (docs/SEMANTICS.md § Fish
/// (JRMFloatingAnimation)): each shape's start, end and control points against the library's
/// formulas, the side each curve keeps to, and the random draws the options add.
@Suite("Fish: JRMFloatingAnimation's floating shapes")
struct FishShapeTests {
    /// A start, a height, a t and a w whose sums and products by ¼ and ¾ are exact.
    static func sample(_ shape: FloatingShape, sinks: Bool = false, swaps: Bool = false) -> FloatingBubble {
        var bubble = FloatingBubble(
            origin: Point(x: 200, y: 400), size: 20, alpha: 0.8, height: 160, t: 60,
            swapsControlPoints: swaps, duration: 2)
        bubble.shape = shape
        bubble.w = 80
        bubble.sinks = sinks
        return bubble
    }

    /// The library's points for the sample, written out (y-down; r = 160 the height, w = 80):
    /// straight: end (x, y ∓ r), control points (x ∓ t, half-way); curve left: end (x − w,
    /// y − r), cp1 (x, y − ¾r), cp2 (x − w, y − ¼r); curve right: the same with x + w. Sinking
    /// mirrors every y offset.
    static let expected: [(shape: FloatingShape, sinks: Bool, end: Point, cp1: Point, cp2: Point)] = [
        (.straight, false, Point(x: 200, y: 240), Point(x: 140, y: 320), Point(x: 260, y: 320)),
        (.straight, true, Point(x: 200, y: 560), Point(x: 140, y: 480), Point(x: 260, y: 480)),
        (.curveLeft, false, Point(x: 120, y: 240), Point(x: 200, y: 280), Point(x: 120, y: 360)),
        (.curveLeft, true, Point(x: 120, y: 560), Point(x: 200, y: 520), Point(x: 120, y: 440)),
        (.curveRight, false, Point(x: 280, y: 240), Point(x: 200, y: 280), Point(x: 280, y: 360)),
        (.curveRight, true, Point(x: 280, y: 560), Point(x: 200, y: 520), Point(x: 280, y: 440)),
    ]

    @Test("each shape's end and control points, floating and sinking, as the library computes them")
    func formulas() {
        for row in Self.expected {
            let bubble = Self.sample(row.shape, sinks: row.sinks)
            let label = "\(row.shape) sinking \(row.sinks)"
            // Exact: sums of small binary-exact numbers and their quarters.
            #expect(Point(x: bubble.ex, y: bubble.ey) == row.end, "\(label): end")
            #expect(bubble.cp1 == row.cp1, "\(label): cp1")
            #expect(bubble.cp2 == row.cp2, "\(label): cp2")
            #expect(
                bubble.zigzagPath.elements == [
                    .move(to: Point(x: 200, y: 400)),
                    .curve(to: row.end, control1: row.cp1, control2: row.cp2),
                ], "\(label): path")
            // The coin swaps the two control points and nothing else.
            let swapped = Self.sample(row.shape, sinks: row.sinks, swaps: true)
            #expect(swapped.cp1 == row.cp2 && swapped.cp2 == row.cp1, "\(label): swapped")
            #expect(Point(x: swapped.ex, y: swapped.ey) == row.end, "\(label): swapped end")
        }
    }

    @Test(
        "every path rises (sinks) all the way; curve left stays left of the start line, curve right right",
        arguments: [FloatingShape.straight, .curveLeft, .curveRight], [false, true])
    func sides(shape: FloatingShape, sinks: Bool) throws {
        for swaps in [false, true] {
            let bubble = Self.sample(shape, sinks: sinks, swaps: swaps)
            let segment = try #require(bubble.zigzagPath.segments.first)
            var previous = segment.point(at: 0)
            var minX = Double.infinity
            var maxX = -Double.infinity
            for step in 1...1000 {
                let point = segment.point(at: Double(step) / 1000)
                // Strictly monotonic: each control polygon's y's run one way, and a curve's
                // y'(u) is at least 3·0.125·r > 0 (docs/SEMANTICS.md's ¾, ¼ control points).
                #expect(sinks ? point.y > previous.y : point.y < previous.y, "u = \(Double(step) / 1000)")
                minX = min(minX, point.x)
                maxX = max(maxX, point.x)
                previous = point
            }
            // Rounding only: every term of x(u) − ox has the sign of ±w.
            switch shape {
            case .curveLeft:
                #expect(maxX <= bubble.ox + 1e-9 && abs(minX - (bubble.ox - 80)) <= 1e-9)
            case .curveRight:
                #expect(minX >= bubble.ox - 1e-9 && abs(maxX - (bubble.ox + 80)) <= 1e-9)
            case .straight, .triangleUp:
                // The zigzag swings t/(2√3) to both sides; 1000 samples find it to 1e-3.
                #expect(abs(minX - (bubble.ox - bubble.maximumSwing)) <= 1e-3)
                #expect(abs(maxX - (bubble.ox + bubble.maximumSwing)) <= 1e-3)
            }
            #expect(previous.distance(to: Point(x: bubble.ex, y: bubble.ey)) <= 1e-9)
        }
    }

    @Test("the default options draw nothing more: the same bubbles and the generator where it was")
    func defaultsDrawNothingMore() {
        var plain = SeededRandom(seed: 11)
        var options = SeededRandom(seed: 11)
        for _ in 0..<100 {
            let a = FloatingBubble.random(startingAt: Point(x: 50, y: 60), using: &plain)
            let b = FloatingBubble.random(
                startingAt: Point(x: 50, y: 60), options: FloatOptions(), using: &options)
            #expect(a == b)
            #expect(b.shape == .straight && !b.sinks && !b.fadesOut && b.imageName == "bubble")
        }
        #expect(plain.next() == options.next())
    }

    @Test("triangle up picks the three paths about equally; a curve's w is 50 … the library's width")
    func triangleUpAndWidths() {
        var random = SeededRandom(seed: 3)
        let extent = 0.0...500.0
        var counts: [FloatingShape: Int] = [:]
        for _ in 0..<600 {
            let options = FloatOptions(shape: .triangleUp, horizontalExtent: extent)
            let bubble = FloatingBubble.random(
                startingAt: Point(x: 175, y: 187.5), options: options, using: &random)
            counts[bubble.shape, default: 0] += 1
            switch bubble.shape {
            case .curveLeft, .curveRight: #expect((50.0...500).contains(bubble.w))  // the whole width
            case .straight, .triangleUp: #expect(bubble.w == 0 && bubbleSwingRange.contains(bubble.t))
            }
        }
        // 600 fair draws of three: 200 ± 60 is more than 5 standard deviations (11.5).
        for shape in FloatingShape.triangleUpPicks {
            #expect((140...260).contains(counts[shape, default: 0]), "\(shape): \(counts)")
        }
        #expect(counts[.triangleUp] == nil)

        // Curve left: up to the distance to the left edge; curve right: to the right edge.
        var lefts: [Double] = []
        var rights: [Double] = []
        for _ in 0..<300 {
            let left = FloatOptions(shape: .curveLeft, horizontalExtent: extent)
            let right = FloatOptions(shape: .curveRight, horizontalExtent: extent)
            lefts.append(
                FloatingBubble.random(startingAt: Point(x: 175, y: 0), options: left, using: &random).w)
            rights.append(
                FloatingBubble.random(startingAt: Point(x: 175, y: 0), options: right, using: &random).w)
        }
        // Uniform draws: 300 of them reach within 5 % of each end with probability > 1 − 1e-6.
        #expect(lefts.allSatisfy { (50...175).contains($0) } && (lefts.max() ?? 0) > 175 - 7)
        #expect(rights.allSatisfy { (50...325).contains($0) } && (rights.max() ?? 0) > 325 - 14)
        #expect((lefts.min() ?? 0) < 50 + 7 && (rights.min() ?? 0) < 50 + 14)
        // Near the edge, or off it, the width stays 50 (exact).
        let offLeft = FloatOptions(shape: .curveLeft, horizontalExtent: extent)
        #expect(
            FloatingBubble.random(startingAt: Point(x: -80, y: 0), options: offLeft, using: &random).w == 50)
    }

    @Test("several images: each is used; one image: only it")
    func images() {
        var random = SeededRandom(seed: 5)
        for set in FloatOptions.imageSets {
            let options = FloatOptions(images: set.images)
            var seen: [String: Int] = [:]
            for _ in 0..<300 {
                let bubble = FloatingBubble.random(startingAt: .zero, options: options, using: &random)
                seen[bubble.imageName, default: 0] += 1
            }
            #expect(Set(seen.keys) == Set(set.images), "\(set.name): \(seen)")
            // Uniform: 300 draws of n give each 300/n ± 60 (over 5 standard deviations).
            for (name, count) in seen {
                #expect(abs(count - 300 / set.images.count) <= 60, "\(set.name): \(name) \(count) times")
            }
        }
    }
}
