import Animation
import TestSupport
import Testing

@testable import Scenes

/// The checkmark scene's stroke ranges and colour, driven frame by frame, against the
/// tutorial's timeline (checkmark-c4.md) written out as formulas in `TutorialTimeline`.
@Suite("Checkmark: the tutorial's animations, frame by frame")
struct CheckmarkAnimationTests {
    @Test("the scene starts in the check state, in C4Blue, the circle's centre on the window's")
    func startsInCheckState() {
        for size in [Size(width: 800, height: 600), Size(width: 500, height: 700)] {
            let harness = CheckmarkHarness(size: size)
            #expect(harness.strokes == .check)
            #expect(harness.scene.x == false)
            // b1's frame is its path's box (0, 0)…(207.6, 207.6); its centre is the circle's.
            #expect(harness.scene.b1.bounds == Rect(x: 0, y: 0, width: 207.6, height: 207.6))
            #expect(harness.scene.b1.position == Point(x: size.width / 2, y: size.height / 2))
            for shape in [harness.scene.b1, harness.scene.b2, harness.scene.b3] {
                #expect(shape?.lineWidth == 10)
                #expect(shape?.fillColor == .clear)
                #expect(shape?.lineCap == .round && shape?.lineJoin == .round)
            }
        }
    }

    @Test(
        "check → X follows the tutorial frame by frame", arguments: [(60, 0.5), (60, 1.0 / 3.0), (120, 0.5)])
    func toX(fps: Int, clickTime: MediaTime) {
        let harness = CheckmarkHarness(fps: fps)
        harness.stepper.advance(to: clickTime)
        let click = harness.stepper.time
        harness.click()
        #expect(harness.scene.x == true)
        let expected = TutorialTimeline(clickAt: click, from: .check, fps: fps)
        var worst = (error: 0.0, time: 0.0)
        harness.stepper.advance(seconds: 1.5) { time in
            let error = harness.strokes.distance(to: expected.strokes(at: time))
            if error > worst.error { worst = (error, time) }
        }
        // Both sides use the engine's timing-function solver and the same frame times;
        // what is left is floating-point rounding of times and values (≪ 1e-9).
        #expect(worst.error <= 1e-9, "largest difference \(worst.error) at \(worst.time) s")
        #expect(harness.strokes == .x)
    }

    @Test("X → check follows the tutorial frame by frame", arguments: [60, 120])
    func toCheck(fps: Int) {
        let harness = CheckmarkHarness(fps: fps)
        harness.stepper.advance(to: 0.5)
        harness.click()
        harness.stepper.advance(to: 2.0)
        #expect(harness.strokes == .x)
        let click = harness.stepper.time
        harness.click()
        #expect(harness.scene.x == false)
        let expected = TutorialTimeline(clickAt: click, from: .x, fps: fps)
        var worst = (error: 0.0, time: 0.0)
        harness.stepper.advance(seconds: 1.5) { time in
            let error = harness.strokes.distance(to: expected.strokes(at: time))
            if error > worst.error { worst = (error, time) }
        }
        // As in the check → X test: the same solver and frame times on both sides.
        #expect(worst.error <= 1e-9, "largest difference \(worst.error) at \(worst.time) s")
        #expect(harness.strokes == .check)
    }

    /// One value at a time after a click, from docs/SEMANTICS.md's timing-function table.
    struct Sample: Sendable, CustomTestStringConvertible {
        var label: String
        /// Seconds after the click (on the 120 fps grid).
        var after: MediaTime
        /// Whether this is the second click (X → check) rather than the first.
        var toCheck: Bool
        var value: @Sendable (Strokes) -> Double
        var expected: Double
        var testDescription: String { label }
    }

    static let samples: [Sample] = [
        // toX: b1ToX, easeIn over d = 0.5 s.
        Sample(
            label: "b1.strokeStart 0.125 s after: 0.6 × easeIn(0.25)", after: 0.125, toCheck: false,
            value: { $0.b1.lowerBound }, expected: 0.6 * 0.093465),
        Sample(
            label: "b1.strokeStart 0.25 s after: 0.6 × easeIn(0.5)", after: 0.25, toCheck: false,
            value: { $0.b1.lowerBound }, expected: 0.6 * 0.315357),
        // b1's chain from 0.5 s, easeOut over dc = 0.25 s.
        Sample(
            label: "b1.strokeStart 0.625 s after: 0.6 + 0.28 × easeOut(0.5)", after: 0.625, toCheck: false,
            value: { $0.b1.lowerBound }, expected: 0.6 + 0.28 * 0.684643),
        Sample(
            label: "b1.strokeEnd 0.625 s after: 0.81 + 0.19 × easeOut(0.5)", after: 0.625, toCheck: false,
            value: { $0.b1.upperBound }, expected: 0.81 + 0.19 * 0.684643),
        // b3ToX from 0.15 s, the default curve (easeInOut) over d.
        Sample(
            label: "b3.strokeStart 0.4 s after: 0.804 × (1 − easeInOut(0.5))", after: 0.4, toCheck: false,
            value: { $0.b3.lowerBound }, expected: 0.804 * 0.5),
        Sample(
            label: "b3.strokeEnd 0.275 s after: 1 − 0.81 × easeInOut(0.25)", after: 0.275, toCheck: false,
            value: { $0.b3.upperBound }, expected: 1 - 0.81 * 0.129162),
        // b2ToX from 0.3 s, easeIn over d; its chain from 0.8 s, easeOut over dc.
        Sample(
            label: "b2.strokeStart 0.55 s after: 0.15 × easeIn(0.5)", after: 0.55, toCheck: false,
            value: { $0.b2.lowerBound }, expected: 0.15 * 0.315357),
        Sample(
            label: "b2.strokeEnd 0.675 s after: 0.06 + 0.15 × easeIn(0.75)", after: 0.675, toCheck: false,
            value: { $0.b2.upperBound }, expected: 0.06 + 0.15 * 0.621862),
        Sample(
            label: "b2.strokeEnd 0.925 s after: 0.21 + 0.79 × easeOut(0.5)", after: 0.925, toCheck: false,
            value: { $0.b2.upperBound }, expected: 0.21 + 0.79 * 0.684643),
        // The colour over d + dc = 0.75 s, easeInOut: half-way at 0.375 s.
        Sample(
            label: "red half-way between C4Blue and C4Pink at 0.375 s", after: 0.375, toCheck: false,
            value: { $0.color.red }, expected: (0.098 + 1.0) / 2),
        Sample(
            label: "blue half-way between C4Blue and C4Pink at 0.375 s", after: 0.375, toCheck: false,
            value: { $0.color.blue }, expected: (1.0 + 0.475) / 2),
        // toCheck: b2ToCheck, easeIn over d; its chain from 0.5 s.
        Sample(
            label: "b2.strokeEnd 0.25 s after: 1 − 0.79 × easeIn(0.5)", after: 0.25, toCheck: true,
            value: { $0.b2.upperBound }, expected: 1 - 0.79 * 0.315357),
        Sample(
            label: "b2.strokeStart 0.625 s after: 0.15 × (1 − easeOut(0.5))", after: 0.625, toCheck: true,
            value: { $0.b2.lowerBound }, expected: 0.15 * (1 - 0.684643)),
        // b3ToCheck and b1ToCheck from 0.5 s; b1's chain from 1.0 s.
        Sample(
            label: "b3.strokeStart 0.75 s after: 0.804 × easeInOut(0.5)", after: 0.75, toCheck: true,
            value: { $0.b3.lowerBound }, expected: 0.804 * 0.5),
        Sample(
            label: "b1.strokeStart 0.75 s after: 0.88 − 0.28 × easeIn(0.5)", after: 0.75, toCheck: true,
            value: { $0.b1.lowerBound }, expected: 0.88 - 0.28 * 0.315357),
        Sample(
            label: "b1.strokeEnd 0.875 s after: 1 − 0.19 × easeIn(0.75)", after: 0.875, toCheck: true,
            value: { $0.b1.upperBound }, expected: 1 - 0.19 * 0.621862),
        Sample(
            label: "b1.strokeStart 1.125 s after: 0.6 × (1 − easeOut(0.5))", after: 1.125, toCheck: true,
            value: { $0.b1.lowerBound }, expected: 0.6 * (1 - 0.684643)),
        Sample(
            label: "green half-way back at 0.375 s", after: 0.375, toCheck: true,
            value: { $0.color.green }, expected: (0.0 + 0.271) / 2),
    ]

    @Test("values after a click match docs/SEMANTICS.md's curve table", arguments: samples)
    func referenceValues(sample: Sample) {
        let harness = CheckmarkHarness(fps: 120)
        harness.stepper.advance(to: 0.5)
        harness.click()
        if sample.toCheck {
            harness.stepper.advance(to: 2.0)
            harness.click()
        }
        let click = harness.stepper.time
        harness.stepper.advance(to: click + sample.after)
        // The table has 6 decimals (±5e-7) and the solver is good to 1e-6; ranges are ≤ 1.
        let actual = sample.value(harness.strokes)
        #expect(abs(actual - sample.expected) <= 1.5e-6, "\(actual) ≠ \(sample.expected)")
    }

    @Test(
        "a click mid-transition starts from the strokes on screen and ends in the other state",
        arguments: [0.05, 0.2, 0.35, 0.55, 0.7, 0.9, 1.1])
    func interrupted(after delay: MediaTime) {
        let harness = CheckmarkHarness()
        harness.stepper.advance(to: 0.5)
        harness.click()
        var previous = harness.strokes
        var largestStep = 0.0
        harness.stepper.advance(seconds: delay) { _ in
            largestStep = max(largestStep, harness.strokes.distance(to: previous))
            previous = harness.strokes
        }
        let before = harness.strokes
        harness.click()
        // The click itself moves nothing: every new animation starts from the presentation.
        #expect(harness.strokes.distance(to: before) <= 1e-12, "\(before) → \(harness.strokes)")
        harness.stepper.advance(seconds: 2.0) { _ in
            largestStep = max(largestStep, harness.strokes.distance(to: previous))
            previous = harness.strokes
        }
        // No jumps on the way: the fastest possible motion is a whole range (1) in dc = 0.25 s
        // at the steepest slope of easeIn/easeOut (1 / 0.58 ≈ 1.724): 0.115 per 1/60 s frame.
        #expect(largestStep <= 0.115, "a step of \(largestStep) in one frame")
        // The previous transition's delays and chains were called off: a clean check.
        #expect(harness.strokes == .check, "\(harness.strokes)")
        #expect(harness.stepper.timeline.hasRunningAnimations == false)
    }

    @Test("three quick clicks end in the X state")
    func threeQuickClicks() {
        let harness = CheckmarkHarness()
        for time in [0.5, 0.7, 0.9] {
            harness.stepper.advance(to: time)
            harness.click()
        }
        harness.stepper.advance(seconds: 2.0)
        #expect(harness.strokes == .x, "\(harness.strokes)")
    }

    @Test("a click anywhere in the window toggles")
    func clickAnywhere() {
        let harness = CheckmarkHarness()
        harness.click(at: Point(x: 3, y: 4))
        #expect(harness.scene.x == true)
        harness.stepper.advance(seconds: 2)
        harness.click(at: Point(x: 797, y: 596))
        #expect(harness.scene.x == false)
    }
}

/// The tutorial's animations as set up, and the C4 layer under them.
@Suite("Checkmark: the tutorial's view animations")
struct CheckmarkViewAnimationTests {
    /// (name, the animation, duration, curve): checkmark-c4.md's values; b3's curves are
    /// left unset there, so C4's default.
    static func tutorialAnimations(of scene: CheckmarkScene) -> [(
        String, ViewAnimation, Double, ViewAnimation.Curve
    )] {
        [
            ("b1ToX", scene.b1ToX, 0.5, .easeIn), ("b1ToCheck", scene.b1ToCheck, 0.5, .easeIn),
            ("b2ToX", scene.b2ToX, 0.5, .easeIn), ("b2ToCheck", scene.b2ToCheck, 0.5, .easeIn),
            ("b3ToX", scene.b3ToX, 0.5, .easeInOut), ("b3ToCheck", scene.b3ToCheck, 0.5, .easeInOut),
        ]
    }

    @Test("durations and curves are the tutorial's (d = 0.5 s)")
    func durationsAndCurves() {
        let harness = CheckmarkHarness()
        for (name, animation, duration, curve) in Self.tutorialAnimations(of: harness.scene) {
            #expect(animation.duration == duration, "\(name)")
            #expect(animation.curve == curve, "\(name)")
        }
    }

    @Test("a view animation defaults to 1 s and easeInOut, as C4's")
    func defaults() {
        let animation = ViewAnimation(duration: 1, on: Timeline()) {}
        #expect(animation.duration == 1)
        #expect(animation.curve == .easeInOut)
        #expect(ViewAnimation.Curve.easeInOut.timingFunction == .easeInEaseOut)
        #expect(ViewAnimation.Curve.easeIn.timingFunction == .easeIn)
        #expect(ViewAnimation.Curve.easeOut.timingFunction == .easeOut)
        #expect(ViewAnimation.Curve.linear.timingFunction == .linear)
    }

    @Test("completion observers run once the animation has ended; cancel() silences a run")
    func completionObservers() {
        let stepper = FrameStepper()
        let root = Layer(timeline: stepper.timeline)
        let layer = ShapeLayer(timeline: stepper.timeline)
        root.addSublayer(layer)
        var completed: [MediaTime] = []
        let animation = ViewAnimation(duration: 0.5, on: stepper.timeline) { layer.strokeEnd = 0.5 }
        animation.addCompletionObserver { completed.append(stepper.time) }
        animation.animate()
        stepper.advance(seconds: 0.45)
        #expect(completed.isEmpty)
        stepper.advance(seconds: 0.1)
        #expect(completed == [0.5])  // at the end of the frame in which it ended
        animation.animate()  // nothing changes: it completes at once
        #expect(completed == [0.5, stepper.time])

        let silenced = ViewAnimation(duration: 0.5, on: stepper.timeline) { layer.strokeEnd = 1 }
        silenced.addCompletionObserver { completed.append(stepper.time) }
        silenced.animate()
        silenced.cancel()
        stepper.advance(seconds: 1)
        #expect(completed.count == 2)
        #expect(layer.presentation().strokeEnd == 1)  // the animation itself went on
        withExtendedLifetime(root) {}
    }

    @Test("view animations are block animations: fillMode both, from the screen, the curve")
    func blockAnimation() throws {
        let stepper = FrameStepper()
        let root = Layer(timeline: stepper.timeline)
        let layer = ShapeLayer(timeline: stepper.timeline)
        root.addSublayer(layer)
        let animation = ViewAnimation(duration: 0.5, on: stepper.timeline) { layer.strokeStart = 0.6 }
        animation.curve = .easeIn
        animation.animate()
        let running = try #require(layer.animation(forKey: "strokeStart") as? BasicAnimation<Double>)
        #expect(running.fillMode == .both)
        #expect(running.timingFunction == .easeIn)
        #expect(running.duration == 0.5)
        #expect(running.fromValue == 0)
        withExtendedLifetime(root) {}
    }
}
