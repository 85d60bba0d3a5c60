// ElasticScene — tutorials/elastic-pull.md, "Elastic view animation using UIBezierPath"
// (iostuts.io, 2015: how DGElasticPullToRefresh's elastic bounce is made), with its homework.
//
// What the user does: drags down anywhere in the window. The dark band along the top stretches
// into a wave whose apex follows the pointer; on release the wave springs back to the band with
// a bounce (0.9 s, damping ratio 0.57). Input is ignored while it bounces. The debug overlay
// (`d`) shows the seven control points as the tutorial's small red squares.
//
// How it works, as in the tutorial: a shape layer whose path is rebuilt from seven control
// points (l3, l2, l1, c, r1, r2, r3); dragging lays the points out and rebuilds the path at
// once; releasing moves every point back with a UIView-style spring block animation while a
// display link rebuilds the path every frame from the points' presentation positions.
//
// Deliberate differences from the tutorial, and why:
// - The control points are 3×3 layers, not UIViews: the engine has layers only. They keep the
//   tutorial's names (`l3ControlPointView` …) so that every line can be found; `dgCenter(_:)`
//   is the tutorial's `dg_center(_:)` extension (Swift naming, no underscore).
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

/// The tutorial's `dg_center(_:)` extension on UIView: the centre (a layer's position, with
/// its anchor point in the middle) as on screen while it animates, or the model value.
extension Layer {
    fileprivate func dgCenter(_ usePresentationLayerIfPossible: Bool) -> Point {
        if usePresentationLayerIfPossible {
            return presentation().position
        }
        return position
    }
}

/// The elastic bounce of elastic-pull.md (the tutorial's `ViewController`).
final class ElasticScene: Scene {
    let title = "Elastic pull"

    // MARK: - Vars (the tutorial's constants)

    /// The band's height at rest, points (tutorial: `minimalHeight`, 50).
    let minimalHeight = 50.0
    /// The largest wave, points (tutorial: `maxWaveHeight`, 100; "to make our wave look nicer").
    let maxWaveHeight = 100.0
    /// The band's fill, RGB(57, 67, 89) (tutorial: `shapeLayer.fillColor`).
    let shapeFillColor = Color(red255: 57, green255: 67, blue255: 89)
    /// The wave takes this share of the pull, up to `maxWaveHeight` (tutorial literal 0.6).
    let waveHeightFactor = 0.6
    /// How far l3 and r3 move past the window's edges, per point of the pointer's distance
    /// from the middle (tutorial literal 0.28 in `minLeftX` and `maxRightX`).
    let edgeShiftFactor = 0.28
    /// Where l2 and r2 sit along their half of the wave (tutorial literal 0.44).
    let outerControlPointFactor = 0.44
    /// Where l1 and r1 sit along their half of the wave (tutorial literal 0.71).
    let innerControlPointFactor = 0.71
    /// How far down the wave l1 and r1 sit (tutorial literal 0.64 of `waveHeight`).
    let innerWaveFactor = 0.64
    /// How far down the wave the centre control point sits (tutorial literal 1.36).
    let centerWaveFactor = 1.36
    /// The bounce, seconds (tutorial: `animateWithDuration(0.9, …)`).
    let bounceDuration = 0.9
    /// The bounce's damping ratio (tutorial: `usingSpringWithDamping: 0.57`; the library's is
    /// 0.43, docs/SEMANTICS.md § Elastic (DGElasticPullToRefresh)).
    let bounceDampingRatio = 0.57
    /// The bounce's initial velocity, whole distances per second (tutorial: 0).
    let bounceInitialVelocity = 0.0
    /// The control points' side, points (tutorial: 3×3 frames).
    let controlPointSize = 3.0

    let rootLayer: Layer
    let shapeLayer: ShapeLayer

    let l3ControlPointView: Layer
    let l2ControlPointView: Layer
    let l1ControlPointView: Layer
    let cControlPointView: Layer
    let r1ControlPointView: Layer
    let r2ControlPointView: Layer
    let r3ControlPointView: Layer

    private let timeline: Timeline

    /// Rebuilds the path every frame while the points bounce (the tutorial's `CADisplayLink`
    /// with the `updateShapeLayer` selector); paused otherwise, so the app idles.
    private lazy var displayLink: DisplayLink = timeline.addDisplayLink { [weak self] _ in
        self?.updateShapeLayer()
    }

    /// Whether the points are bouncing back: input off, display link running.
    private(set) var animating = false {
        didSet {
            rootLayer.isUserInteractionEnabled = !animating
            displayLink.isPaused = !animating
        }
    }

    /// The seven control points, left to right.
    var controlPointViews: [Layer] {
        [
            l3ControlPointView, l2ControlPointView, l1ControlPointView, cControlPointView,
            r1ControlPointView, r2ControlPointView, r3ControlPointView,
        ]
    }

    // MARK: -

    /// The tutorial's `loadView`: the shape layer, its actions, the control points, the pan
    /// and the paused display link. `layout(in:)` sizes them.
    init(context: SceneContext) {
        timeline = context.timeline
        rootLayer = Layer(timeline: timeline)
        rootLayer.name = "view"
        rootLayer.backgroundColor = .white

        shapeLayer = ShapeLayer(timeline: timeline)
        shapeLayer.name = "shapeLayer"
        shapeLayer.fillColor = shapeFillColor
        shapeLayer.actions = ["position": .none, "bounds": .none, "path": .none]

        func makeControlPointView(named name: String) -> Layer {
            let view = Layer(timeline: context.timeline)
            view.name = name
            view.backgroundColor = .red
            view.isHidden = true
            return view
        }
        l3ControlPointView = makeControlPointView(named: "l3")
        l2ControlPointView = makeControlPointView(named: "l2")
        l1ControlPointView = makeControlPointView(named: "l1")
        cControlPointView = makeControlPointView(named: "c")
        r1ControlPointView = makeControlPointView(named: "r1")
        r2ControlPointView = makeControlPointView(named: "r2")
        r3ControlPointView = makeControlPointView(named: "r3")

        rootLayer.addSublayer(shapeLayer)
        let pan = PanGestureRecognizer { [weak self] gesture in
            guard let self, let gesture = gesture as? PanGestureRecognizer else { return }
            self.panGestureDidMove(gesture)
        }
        rootLayer.addGestureRecognizer(pan)

        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews {
                view.bounds = Rect(x: 0, y: 0, width: controlPointSize, height: controlPointSize)
                rootLayer.addSublayer(view)
            }
        }

        displayLink.isPaused = true
    }

    /// Lays the band out along the top of `bounds` at rest (the end of the tutorial's
    /// `loadView`), again on every resize.
    func layout(in bounds: Rect) {
        if animating {
            for view in controlPointViews { view.removeAllAnimations() }
        }
        shapeLayer.frame = Rect(x: 0, y: 0, width: bounds.width, height: minimalHeight)
        layoutControlPoints(baseHeight: minimalHeight, waveHeight: 0, locationX: bounds.width / 2)
        updateShapeLayer()
    }

    /// Shows the control points as red squares (the tutorial's red backgrounds) or hides them.
    func setDebugOverlay(visible: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews { view.isHidden = !visible }
        }
    }

    // MARK: - Methods

    /// Drag: lay the points out under the pointer; release: spring them back to the band.
    private func panGestureDidMove(_ gesture: PanGestureRecognizer) {
        if gesture.state == .ended || gesture.state == .failed || gesture.state == .cancelled {
            let centerY = minimalHeight

            animating = true
            timeline.animate(
                duration: bounceDuration, delay: 0, dampingRatio: bounceDampingRatio,
                initialVelocity: bounceInitialVelocity,
                changes: {
                    l3ControlPointView.position.y = centerY
                    l2ControlPointView.position.y = centerY
                    l1ControlPointView.position.y = centerY
                    cControlPointView.position.y = centerY
                    r1ControlPointView.position.y = centerY
                    r2ControlPointView.position.y = centerY
                    r3ControlPointView.position.y = centerY
                },
                completion: { [weak self] in
                    self?.animating = false
                    self?.updateShapeLayer()  // at rest exactly: see the header
                })
        } else {
            let additionalHeight = max(gesture.translation(in: rootLayer).y, 0)

            let waveHeight = min(additionalHeight * waveHeightFactor, maxWaveHeight)
            let baseHeight = minimalHeight + additionalHeight - waveHeight

            let locationX = gesture.location(in: gesture.layer).x

            layoutControlPoints(baseHeight: baseHeight, waveHeight: waveHeight, locationX: locationX)
            updateShapeLayer()
        }
    }

    /// The band's outline through the control points: down the left edge to l3, three curves
    /// l3 → l1 → r1 → r3, up the right edge (the tutorial's `currentPath()`), from the
    /// points' presentation positions while they bounce.
    func currentPath() -> BezierPath {
        let width = rootLayer.bounds.width

        var bezierPath = BezierPath()

        bezierPath.move(to: Point(x: 0, y: 0))
        bezierPath.addLine(to: Point(x: 0, y: l3ControlPointView.dgCenter(animating).y))
        bezierPath.addCurve(
            to: l1ControlPointView.dgCenter(animating),
            controlPoint1: l3ControlPointView.dgCenter(animating),
            controlPoint2: l2ControlPointView.dgCenter(animating))
        bezierPath.addCurve(
            to: r1ControlPointView.dgCenter(animating),
            controlPoint1: cControlPointView.dgCenter(animating),
            controlPoint2: r1ControlPointView.dgCenter(animating))
        bezierPath.addCurve(
            to: r3ControlPointView.dgCenter(animating),
            controlPoint1: r1ControlPointView.dgCenter(animating),
            controlPoint2: r2ControlPointView.dgCenter(animating))
        bezierPath.addLine(to: Point(x: width, y: 0))

        bezierPath.close()

        return bezierPath
    }

    /// Sets the shape layer's path from the control points and, the homework, its height to
    /// the path's bottom (no animation: the actions map turns position, bounds and path off).
    func updateShapeLayer() {
        let path = currentPath()
        shapeLayer.path = path
        shapeLayer.frame.size.height = path.bounds.maxY
    }

    /// Places the seven points for a wave of `waveHeight` on a band of `baseHeight` with its
    /// apex at `locationX` (the tutorial's `layoutControlPoints`):
    /// - `minLeftX`, `maxRightX`: l3 and r3, pushed past the edges as the apex leaves the middle;
    /// - `leftPartWidth`, `rightPartWidth`: from them to the apex.
    func layoutControlPoints(baseHeight: Double, waveHeight: Double, locationX: Double) {
        let width = rootLayer.bounds.width

        let minLeftX = min((locationX - width / 2) * edgeShiftFactor, 0)
        let maxRightX = max(width + (locationX - width / 2) * edgeShiftFactor, width)

        let leftPartWidth = locationX - minLeftX
        let rightPartWidth = maxRightX - locationX

        timeline.transaction { transaction in
            transaction.disableActions = true  // a UIView's center does not animate outside a block
            l3ControlPointView.position = Point(x: minLeftX, y: baseHeight)
            l2ControlPointView.position = Point(
                x: minLeftX + leftPartWidth * outerControlPointFactor, y: baseHeight)
            l1ControlPointView.position = Point(
                x: minLeftX + leftPartWidth * innerControlPointFactor,
                y: baseHeight + waveHeight * innerWaveFactor)
            cControlPointView.position = Point(x: locationX, y: baseHeight + waveHeight * centerWaveFactor)
            r1ControlPointView.position = Point(
                x: maxRightX - rightPartWidth * innerControlPointFactor,
                y: baseHeight + waveHeight * innerWaveFactor)
            r2ControlPointView.position = Point(
                x: maxRightX - (rightPartWidth * outerControlPointFactor), y: baseHeight)
            r3ControlPointView.position = Point(x: maxRightX, y: baseHeight)
        }
    }
}
