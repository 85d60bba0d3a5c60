import Testing

@testable import Animation

/// Which values a `BasicAnimation` runs between, for every combination of `fromValue`,
/// `toValue` and `byValue` (docs/SEMANTICS.md § Basic animations and values).
@Suite("BasicAnimation endpoints")
struct BasicAnimationEndpointsTests {
    /// The value under the animation in every row.
    static let underlying = 0.5

    @Test(
        "from, to and by give Core Animation's start and end",
        arguments: [
            // (from, to, by) → (start, end)
            (0.1 as Double?, 0.9 as Double?, nil as Double?, 0.1, 0.9),
            (0.1, 0.9, 0.3, 0.1, 0.9),  // from and to win over by
            (0.1, nil, 0.3, 0.1, 0.4),
            (nil, 0.9, 0.3, 0.6, 0.9),
            (0.1, nil, nil, 0.1, 0.5),
            (nil, 0.9, nil, 0.5, 0.9),
            (nil, nil, 0.3, 0.5, 0.8),
            (nil, nil, nil, 0.5, 0.5),
        ])
    func endpoints(from: Double?, to: Double?, by: Double?, start: Double, end: Double) {
        let animation = BasicAnimation(keyPath: .opacity)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        let (actualStart, actualEnd) = animation.endpoints(underlying: Self.underlying)
        // One addition or subtraction of numbers below 1: within 1e-15.
        #expect(abs(actualStart - start) <= 1e-15)
        #expect(abs(actualEnd - end) <= 1e-15)
    }

    @Test("a fade to only toValue runs from the model value, halfway at half the duration")
    func toOnlyThroughTheLayer() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        layer.opacity = Self.underlying
        let fade = BasicAnimation(keyPath: .opacity)
        fade.toValue = 0.9
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        timeline.beginFrame(at: 1)
        // Linear, halfway from 0.5 to 0.9; exact up to rounding.
        #expect(abs(layer.presentation().opacity - 0.7) <= 1e-12)
    }
}
