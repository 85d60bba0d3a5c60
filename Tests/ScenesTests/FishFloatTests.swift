import Animation
import TestSupport
import Testing

@testable import Scenes

/// The bubble's maths (steps 2, 3 and 6 of fish-bubbles.txt): the tutorial's formulas, the
/// swing to both sides, the random choices and the constants they come from.
@Suite("Fish: the floating bubble's maths")
struct FishFloatTests {
    static let sample = FloatingBubble(
        origin: Point(x: 355, y: 300), size: 20, alpha: 0.8, height: 150, t: 60, swapsControlPoints: false,
        duration: 2)

    @Test("the tutorial's constants, docs/SEMANTICS.md's demo values and the example project's numbers")
    func constants() {
        // Exact: these are the numbers written in the sources named in the files' docs.
        #expect(bubbleSizeRange == 5.0...30.0)
        #expect(bubbleHeightRange == 50.0...300.0)
        #expect(bubbleSwingRange == 20.0...100.0)
        #expect(bubbleFloatDuration == 2)
        #expect(bubbleAlphaRange == 0.1...1.0)
        #expect(bubblePopScale == 1.3)
        #expect(bubblePopDuration == 0.1)
        #expect(bubblePopDuration <= 0.3)  // the bound on "a short cross-dissolve"
        #expect(bubbleTimerInterval == 0.1)
        #expect(fishSwimDuration == 5)
        #expect(fishSwimOvershoot == 200)
        #expect(fishViewSize == Size(width: 200, height: 200))
        #expect(bubbleStartOffset == Point(x: 5, y: 80))
        #expect(fishBackgroundColor == .white)
    }

    @Test("ox, oy at the tail; ex = ox; ey above by the height; cp1, cp2 half-way up, t to each side")
    func formulas() {
        let bubble = Self.sample
        // Exact: sums and halves of small binary-exact numbers.
        #expect(bubble.ox == 355 && bubble.oy == 300)
        #expect(bubble.ex == 355)
        #expect(bubble.ey == 150)
        #expect(bubble.cp1 == Point(x: 295, y: 225))
        #expect(bubble.cp2 == Point(x: 415, y: 225))
        #expect(
            bubble.zigzagPath.elements == [
                .move(to: Point(x: 355, y: 300)),
                .curve(
                    to: Point(x: 355, y: 150), control1: Point(x: 295, y: 225),
                    control2: Point(x: 415, y: 225)),
            ])
    }

    @Test("the coin at 1 swaps the control points: the bubble swings right first")
    func swap() {
        var bubble = Self.sample
        bubble.swapsControlPoints = true
        #expect(bubble.cp1 == Point(x: 415, y: 225))
        #expect(bubble.cp2 == Point(x: 295, y: 225))
    }

    @Test(
        "the path swings t/(2√3) to each side of the start line and rises all the way",
        arguments: [false, true])
    func swing(swaps: Bool) throws {
        var bubble = Self.sample
        bubble.swapsControlPoints = swaps
        let segment = try #require(bubble.zigzagPath.segments.first)
        var lowest = Double.infinity
        var highest = -Double.infinity
        var previousY = Double.infinity
        for step in 0...1000 {
            let point = segment.point(at: Double(step) / 1000)
            lowest = min(lowest, point.x - bubble.ox)
            highest = max(highest, point.x - bubble.ox)
            #expect(point.y < previousY || step == 0, "the path goes down at u = \(Double(step) / 1000)")
            previousY = point.y
        }
        // 1001 samples find the extremes to within (Δu)²·|f''|·t/2 ≈ 1e-6·3.5·60 ≈ 2e-4 pt.
        #expect(abs(-lowest - bubble.maximumSwing) <= 1e-3)
        #expect(abs(highest - bubble.maximumSwing) <= 1e-3)
        // Which side comes first: the left (cp1 left) unless swapped. At u = 0.25 the curve
        // is 3·¼·¾·(−½)·t = −0.28125·t from the line; exact up to rounding.
        let quarter = segment.point(at: 0.25).x - bubble.ox
        #expect(abs(quarter - (swaps ? 1 : -1) * 0.28125 * bubble.t) <= 1e-9)
    }

    @Test("random bubbles keep to the ranges, come out on both sides, and repeat with the seed")
    func randomChoices() {
        var random = SeededRandom(seed: 7)
        let origin = Point(x: 100, y: 400)
        var swapped = 0
        var bubbles: [FloatingBubble] = []
        for _ in 0..<1000 {
            let bubble = FloatingBubble.random(startingAt: origin, using: &random)
            #expect(bubble.origin == origin)
            #expect(bubbleSizeRange.contains(bubble.size))
            #expect(bubbleAlphaRange.contains(bubble.alpha))
            #expect(bubbleHeightRange.contains(bubble.height))
            #expect(bubbleSwingRange.contains(bubble.t))
            #expect(bubble.duration == bubbleFloatDuration)
            if bubble.swapsControlPoints { swapped += 1 }
            bubbles.append(bubble)
        }
        // A fair coin over 1000 throws: 500 ± 100 is more than 6 standard deviations (15.8).
        #expect((400...600).contains(swapped), "\(swapped) of 1000 swapped")
        // The ranges are used, not a corner of them: the extremes of 1000 uniform draws lie
        // within 2 % of each end with probability 1 − 2·0.98¹⁰⁰⁰ ≈ 1 − 3e-9.
        let sizes = bubbles.map(\.size)
        #expect((sizes.min() ?? 0) < 5.5 && (sizes.max() ?? 0) > 29.5)
        let heights = bubbles.map(\.height)
        #expect((heights.min() ?? 0) < 55 && (heights.max() ?? 0) > 295)
        let alphas = bubbles.map(\.alpha)
        #expect((alphas.min() ?? 0) < 0.118 && (alphas.max() ?? 0) > 0.982)

        var again = SeededRandom(seed: 7)
        #expect(FloatingBubble.random(startingAt: origin, using: &again) == bubbles[0])
    }

    @Test(
        "one randomFloatBetween, the original's: uniform in either order, one draw even when the ends are equal"
    )
    func randomFloatBetweenIsTheOriginals() {
        var forward = SeededRandom(seed: 9)
        var backward = SeededRandom(seed: 9)
        var equal = SeededRandom(seed: 9)
        for _ in 0..<100 {
            let a = FloatingPath.randomFloatBetween(5, and: 30, using: &forward)
            let b = FloatingPath.randomFloatBetween(30, and: 5, using: &backward)
            #expect((5.0...30).contains(a) && (5.0...30).contains(b))
            // Exact: 7 + u · 0.
            #expect(FloatingPath.randomFloatBetween(7, and: 7, using: &equal) == 7)
        }
        // Each took one number a call: the three generators are at the same place.
        let next = (forward.next(), backward.next(), equal.next())
        #expect(next.0 == next.1 && next.1 == next.2)
    }

    @Test("a bubble from empty ranges (a knob's two ends equal) takes the tutorial's draws all the same")
    func emptyRangesDraw() {
        var tutorial = SeededRandom(seed: 4)
        var empty = SeededRandom(seed: 4)
        let plain = FloatingBubble.random(startingAt: .zero, using: &tutorial)
        let options = FloatOptions(size: 12...12, height: 80...80, swing: 40...40, alpha: 0.5...0.5)
        let bubble = FloatingBubble.random(startingAt: .zero, options: options, using: &empty)
        #expect(bubble.size == 12 && bubble.height == 80 && bubble.t == 40 && bubble.alpha == 0.5)
        // The coin is the same throw, and the generators are at the same place after it.
        #expect(bubble.swapsControlPoints == plain.swapsControlPoints)
        #expect(tutorial.next() == empty.next())
    }
}
