// ElasticScene — "Elastic view animation using UIBezierPath" by Danil Gontovnik,
// http://iostuts.io/2015/10/17/elastic-bounce-using-uibezierpath-and-pan-gesture/ (2015;
// docs/TUTORIALS.md): how DGElasticPullToRefresh's elastic bounce is made, with its homework.
//
// What the user does: drags down anywhere in the window. The dark band along the top stretches
// into a wave whose apex follows the pointer; on release the wave springs back to the band with
// a bounce (0.9 s, damping ratio 0.57). Input is ignored while it bounces. The debug overlay
// (`d`) shows the seven control points as the tutorial's small red squares.
//
// The tutorial's sizes are points (docs/ARCHITECTURE.md § Points): the band is 50 points tall
// and the wave at most 100, on every window.
//
// How it works, as in the tutorial: a shape layer whose path is rebuilt from seven control
// points (l3, l2, l1, c, r1, r2, r3); dragging lays the points out and rebuilds the path at
// once; releasing moves every point back with a UIView-style spring block animation while a
// display link rebuilds the path every frame from the points' presentation positions.
//
// The control points, their layout, the path through them and the spring block live in
// ElasticWave.swift, shared with the pull scene (DGElasticPullToRefresh, whose wave this
// tutorial explains); this file keeps the tutorial's view controller: its constants, the
// shape layer, the pan, the display link and the `animating` flag, and the tutorial's methods
// (`panGestureDidMove`, `currentPath`, `updateShapeLayer`, `layoutControlPoints`), which hand
// the wave's part to `wave`.
//
// Deliberate differences from the tutorial, and why:
// - The control points are 3×3 layers, not UIViews: the engine has layers only. They keep the
//   tutorial's names (`wave.l3ControlPointView` …) so that every line can be found;
//   `dgCenter(_:)` in ElasticWave.swift is the tutorial's `dg_center(_:)` extension (Swift
//   naming, no underscore).
// - They are the tutorial's red squares, hidden unless the debug overlay is on (the tutorial
//   shows them red while it is being written, then takes the colour away).
// - Laying the points out happens in a transaction with actions disabled: setting a UIView's
//   `center` outside an animation block does not animate, but a layer's `position` would
//   animate implicitly for 0.25 s. Inside the spring block they animate, as the views do.
// - The homework is done: every time the path is rebuilt, the shape layer's frame height
//   becomes the bottom of the path's bounding box (`CGPath.boundingBoxOfPath`), so the layer's
//   bounds follow the wave while dragging and bouncing, not only its path. The actions map
//   that turns off "position" and "bounds" is what keeps that change from animating.
// - The pan recognizer is attached to the scene's root layer (the tutorial's `view`); the
//   display link calls a closure instead of a selector; `view.userInteractionEnabled` is the
//   root layer's `isUserInteractionEnabled`.
// - The white window is the root layer's background (a single-view app's view is white);
//   there is no status bar, so `preferredStatusBarStyle` has no counterpart.
// - When the bounce ends, the path is rebuilt once more from the points' model values (the
//   tutorial only pauses the display link). On iOS the link's last frame can come a hair
//   before the spring's end; rebuilding from the model keeps the band resting exactly at
//   minimalHeight whatever the frame timing.
// - A window resize lays everything out again for the new width; a bounce running then is cut
//   short (its animations removed, the points at rest), since its points belong to the old
//   width. The tutorial's view never changes size.

import Animation

/// The elastic bounce of the elastic tutorial (its `ViewController`).
final class ElasticScene: Scene {
    let title = "Elastic pull"

    // MARK: - Vars (the tutorial's constants)

    /// The band's height at rest, points (tutorial: `minimalHeight`, 50).
    let minimalHeight = 50.0
    /// The largest wave, points (tutorial: `maxWaveHeight`, 100; "to make our wave look nicer").
    var maxWaveHeight: Double { knobs[Knobs.maxWaveHeight] }
    static let maxWaveHeightDefault = 100.0
    /// The band's fill, RGB(57, 67, 89) (tutorial: `shapeLayer.fillColor`).
    let shapeFillColor = Color(red255: 57, green255: 67, blue255: 89)
    /// The wave takes this share of the pull, up to `maxWaveHeight` (tutorial literal 0.6).
    var waveHeightFactor: Double { knobs[Knobs.waveHeightFactor] }
    static let waveHeightFactorDefault = 0.6
    /// How far l3 and r3 move past the window's edges, per point of the pointer's distance
    /// from the middle (tutorial literal 0.28 in `minLeftX` and `maxRightX`).
    var edgeShiftFactor: Double { knobs[Knobs.edgeShiftFactor] }
    static let edgeShiftFactorDefault = 0.28
    /// Where l2 and r2 sit along their half of the wave (tutorial literal 0.44).
    var outerControlPointFactor: Double {
        knobs[Knobs.outerControlPointFactor]
    }
    static let outerControlPointFactorDefault = 0.44
    /// Where l1 and r1 sit along their half of the wave (tutorial literal 0.71).
    var innerControlPointFactor: Double {
        knobs[Knobs.innerControlPointFactor]
    }
    static let innerControlPointFactorDefault = 0.71
    /// How far down the wave l1 and r1 sit (tutorial literal 0.64 of `waveHeight`).
    var innerWaveFactor: Double { knobs[Knobs.innerWaveFactor] }
    static let innerWaveFactorDefault = 0.64
    /// How far down the wave the centre control point sits (tutorial literal 1.36).
    var centerWaveFactor: Double { knobs[Knobs.centerWaveFactor] }
    static let centerWaveFactorDefault = 1.36
    /// The bounce, seconds (tutorial: `animateWithDuration(0.9, …)`).
    var bounceDuration: Double { knobs[Knobs.duration] }
    static let bounceDurationDefault = 0.9
    /// The bounce's damping ratio (tutorial: `usingSpringWithDamping: 0.57`; the library's is
    /// 0.43, docs/SEMANTICS.md § Elastic (DGElasticPullToRefresh)).
    var bounceDampingRatio: Double { knobs[Knobs.dampingRatio] }
    static let bounceDampingRatioDefault = 0.57
    /// The bounce's initial velocity, whole distances per second (tutorial: 0).
    let bounceInitialVelocity = 0.0
    /// The control points' side, points (tutorial: 3×3 frames).
    let controlPointSize = 3.0

    /// The tutorial's constants as knobs (`animdemo knobs --scene elastic`).
    enum Knobs {
        static let maxWaveHeight = KnobKey<Double>(
            "maxWaveHeight", KnobDeclaration("static let maxWaveHeightDefault"),
            tutorial: ElasticScene.maxWaveHeightDefault, in: 0...400, step: 10, unit: "pt",
            "the largest wave")
        static let waveHeightFactor = KnobKey<Double>(
            "waveHeightFactor", KnobDeclaration("static let waveHeightFactorDefault"),
            tutorial: ElasticScene.waveHeightFactorDefault, in: 0...2, step: 0.05, unit: "×",
            "the wave takes this share of the pull")
        static let edgeShiftFactor = KnobKey<Double>(
            "edgeShiftFactor", KnobDeclaration("static let edgeShiftFactorDefault"),
            tutorial: ElasticScene.edgeShiftFactorDefault, in: 0...1, step: 0.01, unit: "×",
            "how far the wave's edges move in with the pointer")
        static let outerControlPointFactor = KnobKey<Double>(
            "outerControlPointFactor", KnobDeclaration("static let outerControlPointFactorDefault"),
            tutorial: ElasticScene.outerControlPointFactorDefault, in: 0...1, step: 0.01,
            unit: "×",
            "l2 and r2 along their half of the band")
        static let innerControlPointFactor = KnobKey<Double>(
            "innerControlPointFactor", KnobDeclaration("static let innerControlPointFactorDefault"),
            tutorial: ElasticScene.innerControlPointFactorDefault, in: 0...1, step: 0.01,
            unit: "×",
            "l1 and r1 along their half of the band")
        static let innerWaveFactor = KnobKey<Double>(
            "innerWaveFactor", KnobDeclaration("static let innerWaveFactorDefault"),
            tutorial: ElasticScene.innerWaveFactorDefault, in: 0...3, step: 0.01, unit: "×",
            "l1 and r1's share of the wave height")
        static let centerWaveFactor = KnobKey<Double>(
            "centerWaveFactor", KnobDeclaration("static let centerWaveFactorDefault"),
            tutorial: ElasticScene.centerWaveFactorDefault, in: 0...3, step: 0.01, unit: "×",
            "c's share of the wave height")
        static let duration = KnobKey<Double>(
            "duration", KnobDeclaration("static let bounceDurationDefault"),
            tutorial: ElasticScene.bounceDurationDefault, in: 0.05...5, step: 0.05, unit: "s",
            "the bounce: UIView.animate duration", plot: .springDuration(dampingRatioKnob: "dampingRatio"))
        static let dampingRatio = KnobKey<Double>(
            "dampingRatio", KnobDeclaration("static let bounceDampingRatioDefault"),
            tutorial: ElasticScene.bounceDampingRatioDefault, in: 0.05...1, step: 0.01, unit: "",
            "the bounce: usingSpringWithDamping", plot: .springDampingRatio(durationKnob: "duration"))

        static let all: [Knob] = [
            maxWaveHeight.knob, waveHeightFactor.knob, edgeShiftFactor.knob, outerControlPointFactor.knob,
            innerControlPointFactor.knob, innerWaveFactor.knob, centerWaveFactor.knob, duration.knob,
            dampingRatio.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    private let knobs: KnobSettings

    let rootLayer: Layer
    let shapeLayer: ShapeLayer

    /// The seven control points (`l3ControlPointView` … `r3ControlPointView`), their layout,
    /// the path through them and the spring back (ElasticWave.swift).
    let wave: ElasticWave

    private let timeline: Timeline
    /// How far along its tutorial the scene is built (ElasticSteps.swift).
    let stage: Stage

    // step 4 {
    /// Rebuilds the path every frame while the points bounce (the tutorial's `CADisplayLink`
    /// with the `updateShapeLayer` selector); paused otherwise, so the app idles.
    private lazy var displayLink: DisplayLink = {
        let link = timeline.addDisplayLink { [weak self] _ in self?.updateShapeLayer() }
        link.name = "displayLink"
        return link
    }()
    // } step 4

    // step 2 {
    /// Whether the points are bouncing back (`currentPath()` reads their on-screen positions
    /// then); from the spring on, input is off and the display link runs meanwhile.
    private(set) var animating = false {
        didSet {
            // step 4 {
            rootLayer.isUserInteractionEnabled = !animating
            displayLink.isPaused = !animating
            // } step 4
        }
    }
    // } step 2

    /// The seven control points, left to right.
    var controlPointViews: [Layer] { wave.controlPointViews }

    /// The factors of `layoutControlPoints`, as the knobs have them now.
    private var waveFactors: ElasticWave.Factors {
        ElasticWave.Factors(
            edgeShift: edgeShiftFactor, outerControlPoint: outerControlPointFactor,
            innerControlPoint: innerControlPointFactor, innerWave: innerWaveFactor,
            centerWave: centerWaveFactor)
    }

    // MARK: -

    // step 1 {
    /// The tutorial's `loadView`: the shape layer, its actions, the control points, the pan
    /// and the paused display link. `layout(in:)` sizes them.
    init(context: SceneContext, stage: Stage = .complete) {
        self.stage = stage
        knobs = context.knobs
        timeline = context.timeline
        rootLayer = Layer(timeline: timeline)
        rootLayer.name = "view"
        rootLayer.backgroundColor = .white

        shapeLayer = ShapeLayer(timeline: timeline)
        shapeLayer.name = "shapeLayer"
        if stage == .controlPoints {
            shapeLayer.backgroundColor = shapeFillColor
        } else {
            shapeLayer.fillColor = shapeFillColor
        }
        shapeLayer.actions = ["position": .none, "bounds": .none, "path": .none]

        wave = ElasticWave(timeline: timeline, controlPointSize: controlPointSize)

        rootLayer.addSublayer(shapeLayer)
        if stage < .complete { wave.setControlPoints(visible: true) }
        // step 3 {
        let pan = PanGestureRecognizer { [weak self] gesture in
            guard let self, let gesture = gesture as? PanGestureRecognizer else { return }
            self.panGestureDidMove(gesture)
        }
        if stage >= .pan { rootLayer.addGestureRecognizer(pan) }
        // } step 3

        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews { rootLayer.addSublayer(view) }
        }

        // step 4 {
        displayLink.isPaused = true
        // } step 4
    }
    // } step 1

    // step 1 {
    /// Lays the band out along the top of `bounds` at rest (the end of the tutorial's
    /// `loadView`), again on every resize.
    func layout(in bounds: Rect) {
        // step 4 {
        if animating {
            wave.removeAllAnimations()
        }
        // } step 4
        shapeLayer.frame = Rect(x: 0, y: 0, width: bounds.width, height: minimalHeight)
        layoutControlPoints(baseHeight: minimalHeight, waveHeight: 0, locationX: bounds.width / 2)
        // step 2 {
        if stage >= .path { updateShapeLayer() }
        // } step 2
    }
    // } step 1

    // step 5 {
    /// Shows the control points as red squares (the tutorial's red backgrounds) or hides them.
    func setDebugOverlay(visible: Bool) {
        wave.setControlPoints(visible: visible || stage < .complete)
    }
    // } step 5

    // MARK: - Methods

    // step 3 {
    /// Drag: lay the points out under the pointer; release: spring them back to the band.
    private func panGestureDidMove(_ gesture: PanGestureRecognizer) {
        if gesture.state == .ended || gesture.state == .failed || gesture.state == .cancelled {
            // step 4 {
            guard stage >= .spring else { return }
            let centerY = minimalHeight

            animating = true
            wave.animateControlPoints(
                toY: centerY, duration: bounceDuration, dampingRatio: bounceDampingRatio,
                initialVelocity: bounceInitialVelocity,
                completion: { [weak self] in
                    self?.animating = false
                    self?.updateShapeLayer()  // at rest exactly: see the header
                })
            // } step 4
        } else {
            let additionalHeight = max(gesture.translation(in: rootLayer).y, 0)

            let waveHeight = min(additionalHeight * waveHeightFactor, maxWaveHeight)
            let baseHeight = minimalHeight + additionalHeight - waveHeight

            let locationX = gesture.location(in: gesture.layer).x

            layoutControlPoints(baseHeight: baseHeight, waveHeight: waveHeight, locationX: locationX)
            updateShapeLayer()
        }
    }
    // } step 3

    // step 2 {
    /// The band's outline through the control points: down the left edge to l3, three curves
    /// l3 → l1 → r1 → r3, up the right edge (the tutorial's `currentPath()`), from the
    /// points' presentation positions while they bounce.
    func currentPath() -> BezierPath {
        let width = rootLayer.bounds.width
        return wave.currentPath(width: width, animating: animating)
    }

    /// Sets the shape layer's path from the control points and, the homework, its height to
    /// the path's bottom (no animation: the actions map turns position, bounds and path off).
    func updateShapeLayer() {
        let path = currentPath()
        shapeLayer.path = path
        shapeLayer.frame.size.height = path.bounds.maxY
    }
    // } step 2

    // step 1 {
    /// Places the seven points for a wave of `waveHeight` on a band of `baseHeight` with its
    /// apex at `locationX` (the tutorial's `layoutControlPoints`, in ElasticWave.swift).
    func layoutControlPoints(baseHeight: Double, waveHeight: Double, locationX: Double) {
        let width = rootLayer.bounds.width
        wave.layoutControlPoints(
            baseHeight: baseHeight, waveHeight: waveHeight, locationX: locationX, width: width,
            factors: waveFactors)
    }
    // } step 1
}

// step 4 {
// MARK: - Checkpoints

extension ElasticScene: CheckpointingScene, CheckpointedObject {
    /// Whether it bounces (the wave's points and the display link are the engine's).
    struct Checkpoint { let animating: Bool }

    /// Constants: the tutorial's numbers, its layers and display link (the engine's), the
    /// knobs (the session's).
    static let notCheckpointed: Set = [
        "title", "minimalHeight", "shapeFillColor", "bounceInitialVelocity", "controlPointSize", "knobs",
        "rootLayer", "shapeLayer", "wave", "timeline", "stage", "displayLink",
    ]

    var checkpoint: Checkpoint { Checkpoint(animating: animating) }
    func restore(_ saved: Checkpoint) { animating = saved.animating }
}
// } step 4
