import Animation
import Scenes

/// The tutorial's timing constants (the tutorial's "animate()"). Seconds: the
/// check ↔ X stroke animations, and the colour animation's first part.
private let d: MediaTime = 0.5
/// Seconds: the chained second stroke animations, and the rest of the colour
/// animation.
private let dc: MediaTime = 0.25

/// The strokes' width in points: the author's final version sets `lineWidth =
/// 2.0` in every `createBezier…` (C4's default is 1; see the header).
let checkmarkLineWidth = 2.0

/// The delays of `toX()` and `toCheck()`, seconds (the tutorial's "Putting it
/// all together").
private let b3ToXDelay: MediaTime = 0.15
private let b2ToXDelay: MediaTime = 0.3
private let toCheckDelay: MediaTime = 0.5

/// The curves: the first stroke animations ease in, the chained second ones
/// ease out (checkmark-c4.md); b3's and the colour's are left to C4's default
/// (see the header).
private let b1ToXCurve: TimingFunction = .easeIn
private let aCurve: TimingFunction = .easeOut
private let b3Curve: TimingFunction = .easeInEaseOut
private let colorAnimationCurve: TimingFunction = .easeInEaseOut

/// The checkmark tutorial's `WorkSpace`: a canvas with three shapes that
/// animate between a check and an X on every click.
final class CheckmarkScene: Scene {
    let title = "Checkmark"
    /// C4's `canvas`.
    let rootLayer: Layer
    private let timeline: Timeline

    /// Whether the shapes are in, or on their way to, the X state (the
    /// tutorial's `x`).
    private(set) var x = false

    private(set) var b1: Shape!
    private(set) var b2: Shape!
    private(set) var b3: Shape!

    private(set) var b1ToX: ViewAnimation!
    private(set) var b1ToCheck: ViewAnimation!
    private(set) var b2ToX: ViewAnimation!
    private(set) var b2ToCheck: ViewAnimation!
    private(set) var b3ToX: ViewAnimation!
    private(set) var b3ToCheck: ViewAnimation!

    /// The timers of the `delay` calls a click may still have to call off.
    private var pendingDelays: [ScheduledTimer] = []
    /// The whole paths, thin, for the debug overlay.
    private let guides: Layer

    /// The tutorial's constants as knobs (`animdemo knobs --scene checkmark`).
    /// A key named like its constant is called `…Key`, so that `tutorial:`
    /// reads the constant without naming the module (the tutorial's files
    /// compile in any module).
    enum Knobs {
        static let dKey = KnobKey<Double>(
            "d", KnobDeclaration("private let d: MediaTime"), tutorial: d,
            in: 0.05...5, step: 0.05,
            unit: "s", "the stroke animations' duration")
        static let dcKey = KnobKey<Double>(
            "dc", KnobDeclaration("private let dc: MediaTime"), tutorial: dc,
            in: 0.05...5, step: 0.05,
            unit: "s", "the chained second stroke animations' duration")
        static let b3ToXDelayKey = KnobKey<Double>(
            "b3ToXDelay", KnobDeclaration("private let b3ToXDelay: MediaTime"),
            tutorial: b3ToXDelay,
            in: 0...3, step: 0.05, unit: "s", "toX(): b3 starts after this")
        static let b2ToXDelayKey = KnobKey<Double>(
            "b2ToXDelay", KnobDeclaration("private let b2ToXDelay: MediaTime"),
            tutorial: b2ToXDelay,
            in: 0...3, step: 0.05, unit: "s", "toX(): b2 starts after this")
        static let toCheckDelayKey = KnobKey<Double>(
            "toCheckDelay",
            KnobDeclaration("private let toCheckDelay: MediaTime"),
            tutorial: toCheckDelay,
            in: 0...3, step: 0.05, unit: "s",
            "toCheck(): b3 and b1 start after this")
        static let lineWidth = KnobKey<Double>(
            "lineWidth", KnobDeclaration("let checkmarkLineWidth"),
            tutorial: checkmarkLineWidth,
            in: 0.5...40,
            step: 0.5, unit: "pt", "the strokes' width")
        static let b1ToXCurveKey = KnobKey<TimingFunction>(
            "b1ToX.curve",
            KnobDeclaration("private let b1ToXCurve: TimingFunction"),
            tutorial: b1ToXCurve,
            "the curve of the first stroke animations (b1, b2)")
        static let aCurveKey = KnobKey<TimingFunction>(
            "a.curve", KnobDeclaration("private let aCurve: TimingFunction"),
            tutorial: aCurve,
            "the curve of the chained second stroke animations")
        static let b3CurveKey = KnobKey<TimingFunction>(
            "b3.curve", KnobDeclaration("private let b3Curve: TimingFunction"),
            tutorial: b3Curve,
            "b3's curve (left to C4's default)")
        static let colorAnimationCurveKey = KnobKey<TimingFunction>(
            "colorAnimation.curve",
            KnobDeclaration("private let colorAnimationCurve: TimingFunction"),
            tutorial: colorAnimationCurve,
            "the colour's curve (left to C4's default)")

        static let all: [Knob] = [
            dKey.knob, dcKey.knob, b3ToXDelayKey.knob, b2ToXDelayKey.knob,
            toCheckDelayKey.knob,
            lineWidth.knob,
            b1ToXCurveKey.knob,
            aCurveKey.knob, b3CurveKey.knob, colorAnimationCurveKey.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    /// The knobs' values now.
    private let knobs: KnobSettings
    private var dKnob: MediaTime { knobs[Knobs.dKey] }
    private var dcKnob: MediaTime { knobs[Knobs.dcKey] }
    private func curve(_ key: KnobKey<TimingFunction>) -> ViewAnimation.Curve {
        ViewAnimation.Curve(knobs[key])
    }

    /// How far along its tutorial the scene is built (CheckmarkSteps.swift).
    let stage: Stage

    init(context: SceneContext, stage: Stage = .complete) {
        self.stage = stage
        knobs = context.knobs
        timeline = context.timeline
        rootLayer = Layer(timeline: timeline)
        guides = Layer(timeline: timeline)
        setup()
    }

    // MARK: - The tutorial's setup

    private func setup() {
        rootLayer.backgroundColor = C4Purple

        b1 = createBezier1()
        b2 = createBezier2()
        b3 = createBezier3()
        b1.name = "b1"
        b2.name = "b2"
        b3.name = "b3"
        let shapes: [Shape] = [b1, b2, b3]
        if stage >= .strokes {
            for shape in shapes {
                shape.fillColor = .clear
                shape.lineWidth = knobs[Knobs.lineWidth]
                shape.strokeColor = C4Blue
            }
            startInCheckState()
        }

        b1.addSublayer(b2)
        b1.addSublayer(b3)
        rootLayer.addSublayer(b1)
        addGuides()
    }

    /// Ours: the stroke ranges that b1ToCheck, b2ToCheck and b3ToCheck (with
    /// their chains) end on.
    private func startInCheckState() {
        b1.strokeStart = 0.0
        b1.strokeEnd = 0.81
        b2.strokeStart = 0.0
        b2.strokeEnd = 0.06
        b3.strokeStart = 0.804
        b3.strokeEnd = 1.0
    }

    func layout(in bounds: Rect) {
        // C4: b1.center = canvas.center. b1's frame is its path's box, (0,
        // 0)…(207.6, 207.6) on the artboard, so the circle's centre (103.8,
        // 103.8) lands on the canvas's.
        b1.position = bounds.center
        guides.position = bounds.center
    }

    // MARK: - The shapes (the tutorial's PaintCode paths, artboard units =
    // points)

    func createBezier1() -> Shape {
        var bezier = BezierPath()
        bezier.move(to: Point(177.2, 30.4))
        bezier.addCurve(
            to: Point(103.8, 0), controlPoint1: Point(158.4, 11.6),
            controlPoint2: Point(132.5, 0))
        bezier.addCurve(
            to: Point(0, 103.8), controlPoint1: Point(46.5, 0),
            controlPoint2: Point(0, 46.5))
        bezier.addCurve(
            to: Point(103.8, 207.6), controlPoint1: Point(0, 161.1),
            controlPoint2: Point(46.5, 207.6))
        bezier.addCurve(
            to: Point(207.6, 103.8), controlPoint1: Point(161.1, 207.6),
            controlPoint2: Point(207.6, 161.1))
        bezier.addCurve(
            to: Point(177.2, 30.4), controlPoint1: Point(207.6, 75.1),
            controlPoint2: Point(196, 49.2))
        bezier.addLine(to: Point(69.2, 138.4))
        return Shape(bezier, timeline: timeline)
    }

    func createBezier2() -> Shape {
        var bezier = BezierPath()
        bezier.move(to: Point(90.9, 138.4))
        bezier.addLine(to: Point(10.6, 58.1))
        bezier.addCurve(
            to: Point(0, 103.8), controlPoint1: Point(3.8, 71.9),
            controlPoint2: Point(0, 87.4))
        bezier.addCurve(
            to: Point(103.8, 207.6), controlPoint1: Point(0, 161.1),
            controlPoint2: Point(46.5, 207.6))
        bezier.addCurve(
            to: Point(207.7, 103.8), controlPoint1: Point(161.1, 207.6),
            controlPoint2: Point(207.7, 161.1))
        bezier.addCurve(
            to: Point(103.9, 0), controlPoint1: Point(207.7, 46.5),
            controlPoint2: Point(161.3, 0))
        bezier.addCurve(
            to: Point(10.7, 58.1), controlPoint1: Point(63, 0),
            controlPoint2: Point(27.6, 23.7))
        return Shape(bezier, timeline: timeline)
    }

    func createBezier3() -> Shape {
        var bezier = BezierPath()
        bezier.move(to: Point(138.4, 138.4))
        bezier.addLine(to: Point(30.4, 30.4))
        bezier.addCurve(
            to: Point(0, 103.8), controlPoint1: Point(11.6, 49.2),
            controlPoint2: Point(0, 75.1))
        bezier.addCurve(
            to: Point(42, 187.2), controlPoint1: Point(0, 138),
            controlPoint2: Point(16.5, 168.3))
        bezier.addLine(to: Point(160, 69.2))
        return Shape(bezier, timeline: timeline)
    }

    // MARK: - Animations

    private var colorAnimation: ViewAnimation?

    // MARK: - Putting it all together

    // MARK: - Ours

    /// The knobs' durations and curves, read when a click starts the
    /// animations.
    func applyTimingKnobs() {
        for animation in [
            b1ToX, b1ToCheck, b2ToX, b2ToCheck, b3ToX, b3ToCheck] {
            animation?.duration = dKnob
        }
        for animation in [b1ToX, b1ToCheck, b2ToX, b2ToCheck] {
            animation?.curve = curve(Knobs.b1ToXCurveKey)
        }
        for animation in [
            b3ToX, b3ToCheck] { animation?.curve = curve(Knobs.b3CurveKey) }
    }

    /// A new line width shows at once.
    func knobsDidChange() {
        timeline.transaction { transaction in
            transaction.disableActions = true
            for shape in [b1, b2, b3] {
                shape?.lineWidth = knobs[Knobs.lineWidth]
            }
        }
    }

    /// C4's `delay(seconds) { }`: the engine's `timeline.delay`, with the timer
    /// kept so that a click can call it off; the timer's source is the caller's
    /// line.
    private func delay(
        _ seconds: MediaTime, fileID: String = #fileID, line: Int = #line,
        _ action: @escaping () -> Void
    ) {
        pendingDelays.append(
            timeline.delay(seconds, fileID: fileID, line: line, action))
    }

    /// Calls off what the transition in progress still has to start: its
    /// pending delays and the completion chains of its animations. What already
    /// moves keeps moving until the new transition animates it, from where it
    /// is on screen (see the header).
    private func stopPreviousTransition() {
        for timer in pendingDelays { timer.invalidate() }
        pendingDelays = []
        let animations: [ViewAnimation] = [
            b1ToX, b1ToCheck, b2ToX, b2ToCheck, b3ToX, b3ToCheck]
        for animation in animations { animation.cancel() }
    }

    /// Thin lines along the three whole paths, shown with the debug overlay.
    private func addGuides() {
        guides.bounds = b1.bounds
        guides.isHidden = true
        let shapes: [Shape] = [b1, b2, b3]
        for shape in shapes {
            let guide = ShapeLayer(timeline: timeline)
            guide.bounds = shape.bounds
            guide.position = shape.position
            guide.path = shape.path
            guide.fillColor = .clear
            guide.strokeColor = Color(white: 1, alpha: 0.35)
            guide.lineWidth = 1
            guides.addSublayer(guide)
        }
        rootLayer.addSublayer(guides)
    }

    func setDebugOverlay(visible: Bool) {
        guides.isHidden = !visible
    }
}

extension Point {
    /// `Point(x, y)`: the tutorial's `CGPointMake(x, y)`, to keep the PaintCode
    /// lines short.
    fileprivate init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }
}

// MARK: - Checkpoints

extension CheckmarkScene: CheckpointingScene, CheckpointedObject {
    /// The X or check state, the delays a click may call off, the shapes and
    /// view animations made so far, and the view animations' own state.
    struct Checkpoint {
        let x: Bool
        let pendingDelays: [ScheduledTimer]
        let b1: Shape?
        let b2: Shape?
        let b3: Shape?
        let b1ToX: ViewAnimation?
        let b1ToCheck: ViewAnimation?
        let b2ToX: ViewAnimation?
        let b2ToCheck: ViewAnimation?
        let b3ToX: ViewAnimation?
        let b3ToCheck: ViewAnimation?
        let colorAnimation: ViewAnimation?
        let runs: [(animation: ViewAnimation, state: ViewAnimation.Checkpoint)]
    }

    /// Constants: its layers (the engine's), the knobs (the session's).
    static let notCheckpointed: Set = [
        "title", "rootLayer", "timeline", "guides", "knobs", "stage"]

    var checkpoint: Checkpoint {
        let animations: [ViewAnimation?] = [
            b1ToX, b1ToCheck, b2ToX, b2ToCheck, b3ToX, b3ToCheck,
            colorAnimation,
        ]
        return Checkpoint(
            x: x, pendingDelays: pendingDelays, b1: b1, b2: b2, b3: b3,
            b1ToX: b1ToX, b1ToCheck: b1ToCheck,
            b2ToX: b2ToX, b2ToCheck: b2ToCheck, b3ToX: b3ToX,
            b3ToCheck: b3ToCheck,
            colorAnimation: colorAnimation,
            runs: animations.compactMap { $0 }.map { ($0, $0.checkpoint) })
    }

    func restore(_ saved: Checkpoint) {
        x = saved.x
        pendingDelays = saved.pendingDelays
        (b1, b2, b3) = (saved.b1, saved.b2, saved.b3)
        (b1ToX, b1ToCheck, b2ToX, b2ToCheck) = (
            saved.b1ToX, saved.b1ToCheck, saved.b2ToX, saved.b2ToCheck)
        (b3ToX, b3ToCheck, colorAnimation) = (
            saved.b3ToX, saved.b3ToCheck, saved.colorAnimation)
        for (animation, state) in saved.runs { animation.restore(state) }
    }
}
