// ElasticScene.swift
    /// Rebuilds the path every frame while the points bounce (the tutorial's `CADisplayLink`
    /// with the `updateShapeLayer` selector); paused otherwise, so the app idles.
    private lazy var displayLink: DisplayLink = {
        let link = timeline.addDisplayLink { [weak self] _ in self?.updateShapeLayer() }
        link.name = "displayLink"
        return link
    }()

    /// Whether the points are bouncing back: input off, display link running.
    private(set) var animating = false {
        didSet {
            rootLayer.isUserInteractionEnabled = !animating
            displayLink.isPaused = !animating
        }
    }
    // …
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
        let pan = PanGestureRecognizer { [weak self] gesture in
            guard let self, let gesture = gesture as? PanGestureRecognizer else { return }
            self.panGestureDidMove(gesture)
        }
        if stage >= .pan { rootLayer.addGestureRecognizer(pan) }

        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews { rootLayer.addSublayer(view) }
        }

        displayLink.isPaused = true
    }
    /// Lays the band out along the top of `bounds` at rest (the end of the tutorial's
    /// `loadView`), again on every resize.
    func layout(in bounds: Rect) {
        if animating {
            wave.removeAllAnimations()
        }
        shapeLayer.frame = Rect(x: 0, y: 0, width: bounds.width, height: minimalHeight)
        layoutControlPoints(baseHeight: minimalHeight, waveHeight: 0, locationX: bounds.width / 2)
        if stage >= .path { updateShapeLayer() }
    }
    /// Shows the control points as red squares (the tutorial's red backgrounds) or hides them.
    func setDebugOverlay(visible: Bool) {
        wave.setControlPoints(visible: visible || stage < .complete)
    }
    // …
    /// Drag: lay the points out under the pointer; release: spring them back to the band.
    private func panGestureDidMove(_ gesture: PanGestureRecognizer) {
        if gesture.state == .ended || gesture.state == .failed || gesture.state == .cancelled {
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
        return wave.currentPath(width: width, animating: animating)
    }

    /// Sets the shape layer's path from the control points and, the homework, its height to
    /// the path's bottom (no animation: the actions map turns position, bounds and path off).
    func updateShapeLayer() {
        let path = currentPath()
        shapeLayer.path = path
        shapeLayer.frame.size.height = path.bounds.maxY
    }
    /// Places the seven points for a wave of `waveHeight` on a band of `baseHeight` with its
    /// apex at `locationX` (the tutorial's `layoutControlPoints`, in ElasticWave.swift).
    func layoutControlPoints(baseHeight: Double, waveHeight: Double, locationX: Double) {
        let width = rootLayer.bounds.width
        wave.layoutControlPoints(
            baseHeight: baseHeight, waveHeight: waveHeight, locationX: locationX, width: width,
            factors: waveFactors)
    }

// ElasticWave.swift
    /// Seven control points named as the tutorial's views (`l3` … `r3`), squares of
    /// `controlPointSize` (the tutorial's 3×3 frames), red and hidden: the owner adds them to
    /// its view and shows them with the debug overlay.
    init(timeline: Timeline, controlPointSize: Double) {
        self.timeline = timeline
        func makeControlPointView(named name: String) -> Layer {
            let view = Layer(timeline: timeline)
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
        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews {
                view.bounds = Rect(x: 0, y: 0, width: controlPointSize, height: controlPointSize)
            }
        }
    }
    // …
    /// Places the seven points for a wave of `waveHeight` on a base of `baseHeight` with its
    /// apex at `locationX`, in a view `width` wide (the tutorial's `layoutControlPoints`, the
    /// library's `layoutSubviews`):
    /// - `minLeftX`, `maxRightX`: l3 and r3, pushed past the edges as the apex leaves the middle;
    /// - `leftPartWidth`, `rightPartWidth`: from them to the apex.
    func layoutControlPoints(
        baseHeight: Double, waveHeight: Double, locationX: Double, width: Double, factors: Factors
    ) {
        let minLeftX = min((locationX - width / 2) * factors.edgeShift, 0)
        let maxRightX = max(width + (locationX - width / 2) * factors.edgeShift, width)

        let leftPartWidth = locationX - minLeftX
        let rightPartWidth = maxRightX - locationX

        timeline.transaction { transaction in
            transaction.disableActions = true  // a UIView's center does not animate outside a block
            l3ControlPointView.position = Point(x: minLeftX, y: baseHeight)
            l2ControlPointView.position = Point(
                x: minLeftX + leftPartWidth * factors.outerControlPoint, y: baseHeight)
            l1ControlPointView.position = Point(
                x: minLeftX + leftPartWidth * factors.innerControlPoint,
                y: baseHeight + waveHeight * factors.innerWave)
            cControlPointView.position = Point(x: locationX, y: baseHeight + waveHeight * factors.centerWave)
            r1ControlPointView.position = Point(
                x: maxRightX - rightPartWidth * factors.innerControlPoint,
                y: baseHeight + waveHeight * factors.innerWave)
            r2ControlPointView.position = Point(
                x: maxRightX - (rightPartWidth * factors.outerControlPoint), y: baseHeight)
            r3ControlPointView.position = Point(x: maxRightX, y: baseHeight)
        }
    }
    // …
    /// The wave's outline through the control points: down the left edge to l3, three curves
    /// l3 → l1 → r1 → r3, up the right edge at `width` (the tutorial's and the library's
    /// `currentPath()`), from the points' presentation positions while `animating`.
    func currentPath(width: Double, animating: Bool) -> BezierPath {
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
    // …
    /// Moves every point to `centerY` in one UIKit spring block (`UIView.animate(withDuration:
    /// delay: 0, usingSpringWithDamping:initialSpringVelocity:…)`; docs/SEMANTICS.md § Block
    /// spring animations); `completion` runs when it settles, `duration` after now. The
    /// animations' source is the caller's line (the scene's, not this shared one).
    func animateControlPoints(
        toY centerY: Double, duration: MediaTime, dampingRatio: Double, initialVelocity: Double,
        fileID: String = #fileID, line: Int = #line, completion: @escaping () -> Void
    ) {
        timeline.animate(
            duration: duration, delay: 0, dampingRatio: dampingRatio, initialVelocity: initialVelocity,
            fileID: fileID, line: line,
            changes: {
                l3ControlPointView.position.y = centerY
                l2ControlPointView.position.y = centerY
                l1ControlPointView.position.y = centerY
                cControlPointView.position.y = centerY
                r1ControlPointView.position.y = centerY
                r2ControlPointView.position.y = centerY
                r3ControlPointView.position.y = centerY
            },
            completion: completion)
    }
