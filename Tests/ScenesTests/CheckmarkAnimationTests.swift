import Animation
import Session
import TestSupport
import Testing

@testable import Scenes

/// The checkmark scene's stroke ranges and colour, driven frame by frame through a
/// `SceneTester`, against the tutorial's timeline (checkmark-c4.md) written out as formulas in
/// `TutorialTimeline`.
///
/// A click reaches the scene in the input phase of the next frame, as in a window, and the
/// animations it starts begin at that frame's time. `tap(_:at:)` lands each click on the frame
/// of the time a test names, so `TutorialTimeline` works from the click times it always did
/// (0.5 s, 1/3 s, 2 s): the frames on which delays fire and chains start depend on the last
/// bits of click + delay. These tests used to click after a frame's completions, not before
/// its timers; the tutorial's values are the same either way, because every exact comparison
/// clicks at rest, with nothing of a transition left to fire on the click's frame.
@Suite("Checkmark: the tutorial's animations, frame by frame")
struct CheckmarkAnimationTests {
    /// The centre of the 800×600 window, where the tests click.
    static let center = Point(x: 400, y: 300)

    @Test("the scene starts in the check state, in C4Blue, the circle's centre on the window's")
    func startsInCheckState() throws {
        for size in [Size(width: 800, height: 600), Size(width: 500, height: 700)] {
            let tester = try SceneTester(scene: "checkmark", size: size)
            let scene = try tester.scene(as: CheckmarkScene.self)
            try tester.tick()
            #expect(Strokes(shownBy: scene) == .check)
            #expect(scene.x == false)
            // b1's frame is its path's box (0, 0)…(207.6, 207.6); its centre is the circle's.
            #expect(scene.b1.bounds == Rect(x: 0, y: 0, width: 207.6, height: 207.6))
            // In points: the window's shorter side is 375 (docs/ARCHITECTURE.md § Points).
            let bounds = SceneSession.sceneBounds(forWindow: size)
            #expect(scene.b1.position == Point(x: bounds.width / 2, y: bounds.height / 2))
            for shape in [scene.b1, scene.b2, scene.b3] {
                #expect(shape?.lineWidth == 2)
                #expect(shape?.fillColor == .clear)
                #expect(shape?.lineCap == .round && shape?.lineJoin == .round)
            }
        }
    }

    @Test(
        "check → X follows the tutorial frame by frame", arguments: [(60, 0.5), (60, 1.0 / 3.0), (120, 0.5)])
    func toX(fps: Int, clickTime: MediaTime) throws {
        let tester = try SceneTester(scene: "checkmark", fps: fps)
        let scene = try tester.scene(as: CheckmarkScene.self)
        try tester.tap(Self.center, at: clickTime)
        let click = tester.time
        #expect(scene.x == true)
        let expected = TutorialTimeline(clickAt: click, from: .check, fps: fps)
        // The click's own frame, then every frame for 1.5 s.
        var worst = (error: Strokes(shownBy: scene).distance(to: expected.strokes(at: click)), time: click)
        try tester.advance(seconds: 1.5) { time in
            let error = Strokes(shownBy: scene).distance(to: expected.strokes(at: time))
            if error > worst.error { worst = (error, time) }
        }
        // Both sides use the engine's timing-function solver and the same frame times;
        // what is left is floating-point rounding of times and values (≪ 1e-9).
        #expect(worst.error <= 1e-9, "largest difference \(worst.error) at \(worst.time) s")
        #expect(Strokes(shownBy: scene) == .x)
    }

    @Test("X → check follows the tutorial frame by frame", arguments: [60, 120])
    func toCheck(fps: Int) throws {
        let tester = try SceneTester(scene: "checkmark", fps: fps)
        let scene = try tester.scene(as: CheckmarkScene.self)
        try tester.tap(Self.center, at: 0.5)
        try tester.advance(to: 2.0 - 1.0 / Double(fps))  // the last frame before the second click
        #expect(Strokes(shownBy: scene) == .x)
        try tester.tap(Self.center, at: 2.0)
        let click = tester.time
        #expect(scene.x == false)
        let expected = TutorialTimeline(clickAt: click, from: .x, fps: fps)
        var worst = (error: Strokes(shownBy: scene).distance(to: expected.strokes(at: click)), time: click)
        try tester.advance(seconds: 1.5) { time in
            let error = Strokes(shownBy: scene).distance(to: expected.strokes(at: time))
            if error > worst.error { worst = (error, time) }
        }
        // As in the check → X test: the same solver and frame times on both sides.
        #expect(worst.error <= 1e-9, "largest difference \(worst.error) at \(worst.time) s")
        #expect(Strokes(shownBy: scene) == .check)
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
    func referenceValues(sample: Sample) throws {
        let tester = try SceneTester(scene: "checkmark", fps: 120)
        let scene = try tester.scene(as: CheckmarkScene.self)
        try tester.tap(Self.center, at: 0.5)
        if sample.toCheck {
            try tester.tap(Self.center, at: 2.0)
        }
        let click = tester.time
        try tester.advance(to: click + sample.after)
        // The table has 6 decimals (±5e-7) and the solver is good to 1e-6; ranges are ≤ 1.
        let actual = sample.value(Strokes(shownBy: scene))
        #expect(abs(actual - sample.expected) <= 1.5e-6, "\(actual) ≠ \(sample.expected)")
    }

    @Test(
        "a click mid-transition starts from the strokes on screen and ends in the other state",
        arguments: [0.05, 0.2, 0.35, 0.55, 0.7, 0.9, 1.1])
    func interrupted(after delay: MediaTime) throws {
        // Two runs of the same first click; only `clicked` clicks again after `delay`.
        let clicked = try SceneTester(scene: "checkmark")
        let unclicked = try SceneTester(scene: "checkmark")
        let scene = try clicked.scene(as: CheckmarkScene.self)
        let unclickedScene = try unclicked.scene(as: CheckmarkScene.self)
        try clicked.tap(Self.center, at: 0.5)
        try unclicked.tap(Self.center, at: 0.5)
        var previous = Strokes(shownBy: scene)
        var largestStep = 0.0
        try clicked.advance(seconds: delay) { _ in
            largestStep = max(largestStep, Strokes(shownBy: scene).distance(to: previous))
            previous = Strokes(shownBy: scene)
        }
        try unclicked.advance(seconds: delay)
        // The second click reaches the scene on the next frame, in its input phase.
        clicked.tap(Self.center)
        try clicked.tick()
        try unclicked.tick()
        // The click itself moves nothing: every new animation starts from the presentation, so
        // its frame shows what the same frame shows without the click.
        let shown = Strokes(shownBy: scene)
        let withoutClick = Strokes(shownBy: unclickedScene)
        #expect(shown.distance(to: withoutClick) <= 1e-12, "\(withoutClick) → \(shown)")
        largestStep = max(largestStep, shown.distance(to: previous))
        previous = shown
        try clicked.advance(seconds: 2.0) { _ in
            largestStep = max(largestStep, Strokes(shownBy: scene).distance(to: previous))
            previous = Strokes(shownBy: scene)
        }
        // No jumps on the way: the fastest possible motion is a whole range (1) in dc = 0.25 s
        // at the steepest slope of easeIn/easeOut (1 / 0.58 ≈ 1.724): 0.115 per 1/60 s frame.
        #expect(largestStep <= 0.115, "a step of \(largestStep) in one frame")
        // The previous transition's delays and chains were called off: a clean check.
        #expect(Strokes(shownBy: scene) == .check, "\(Strokes(shownBy: scene))")
        #expect(clicked.session.sceneTimeline.hasRunningAnimations == false)
    }

    @Test("three quick clicks end in the X state")
    func threeQuickClicks() throws {
        let tester = try SceneTester(scene: "checkmark")
        let scene = try tester.scene(as: CheckmarkScene.self)
        for time in [0.5, 0.7, 0.9] {
            try tester.tap(Self.center, at: time)
        }
        try tester.advance(seconds: 2.0)
        #expect(Strokes(shownBy: scene) == .x, "\(Strokes(shownBy: scene))")
    }

    @Test("a click anywhere in the window toggles")
    func clickAnywhere() throws {
        let tester = try SceneTester(scene: "checkmark")
        let scene = try tester.scene(as: CheckmarkScene.self)
        tester.tap(Point(x: 3, y: 4))
        try tester.tick()  // frame 0 delivers it
        #expect(scene.x == true)
        try tester.advance(seconds: 2)
        tester.tap(Point(x: 797, y: 596))
        try tester.tick()
        #expect(scene.x == false)
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
    func durationsAndCurves() throws {
        let scene = try SceneTester(scene: "checkmark").scene(as: CheckmarkScene.self)
        for (name, animation, duration, curve) in Self.tutorialAnimations(of: scene) {
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
