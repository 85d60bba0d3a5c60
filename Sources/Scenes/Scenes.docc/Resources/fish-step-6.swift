// FishScene.swift
/// The window's background: the example project's white screen (its storyboard's view).
let fishBackgroundColor = Color.white
/// Points: the example project's fish view, `CGRectMake(center.x − 100, center.y − 100, 200, 200)`.
let fishViewSize = Size(width: 200, height: 200)
/// Points from the fish frame's origin to where a bubble's frame starts (the example's
/// `frame.origin.x + 5`, `frame.origin.y + 80`), used as the start of its path.
let bubbleStartOffset = Point(x: 5, y: 80)
    // …
    private func setup() {
        rootLayer.backgroundColor = fishBackgroundColor

        fishImageView.name = "fish"
        fishImageView.contents = ImageAsset(named: "fish")
        fishImageView.bounds = Rect(origin: .zero, size: fishSize)
        if stage >= .randomness {
            fishImageView.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.createBubble() })
        } else if stage >= .bubble {
            fishImageView.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in self?.blowTutorialBubble() })
        }
        rootLayer.addSublayer(fishImageView)

        bubbles.name = "bubbles"
        bubbles.isUserInteractionEnabled = false
        rootLayer.addSublayer(bubbles)

        setUpGuides()
    }
    // …
    /// The tap's and the timer's action (the tutorial's `createBubble`): a bubble from the
    /// fish frame's origin + (5, 80), read from the fish's presentation layer so that a swimming
    /// fish blows it where it is on screen now.
    func createBubble() {
        let fishFrame = fishImageView.presentation().frame
        blowBubble(
            at: Point(x: fishFrame.minX + bubbleStartOffset.x, y: fishFrame.minY + bubbleStartOffset.y))
    }

    // MARK: - Steps 4 and 5: float, then pop

    /// Blows one bubble whose centre starts at `tail` (the scene's points): it floats up its
    /// zigzag path, pops, and is removed. A `headStart` (seconds, for the benchmark's load)
    /// starts the float that far along, as if blown that long ago.
    func blowBubble(at tail: Point, headStart: MediaTime = 0) {
        let bubble = FloatingBubble.random(
            startingAt: tail, ranges: floatRanges, options: floatOptions, using: &random)

        let bubbleImageView = Layer(timeline: timeline)
        bubbleImageView.name = "bubble"
        bubbleImageView.contents = ImageAsset(named: bubble.imageName)
        bubbleImageView.bounds = Rect(x: 0, y: 0, width: bubble.size, height: bubble.size)
        bubbleImageView.position = tail
        bubbleImageView.opacity = bubble.alpha
        bubbleImageView.isUserInteractionEnabled = false
        bubbleImageView.masksToBounds = true
        bubbles.addSublayer(bubbleImageView)
        bubblesBlown += 1
        floatsByBubble[ObjectIdentifier(bubbleImageView)] = (bubblesBlown, bubbleImageView, bubble)
        updateGuides()

        // Step 5: a transaction whose completion block pops the bubble once the float is over
        // (set before the animation is added).
        let transaction = timeline.beginTransaction()
        transaction.completionBlock = { [weak self] in self?.pop(bubbleImageView) }

        // Step 4: the keyframe animation along the zigzag path; it holds the end point until
        // the pop.
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        if headStart > 0 { pathAnimation.beginTime = timeline.currentTime - headStart }
        bubbleImageView.add(pathAnimation, forKey: "movingAnimation")
        if bubble.fadesOut { fadeOut(bubbleImageView, bubble, beginTime: pathAnimation.beginTime) }

        timeline.commitTransaction()
    }
    // …
    /// Step 5: a short cross-dissolve into the bubble at 1.3×, then it leaves the tree (the
    /// example's `transitionWithView(…, CrossDissolve) { transform = scale 1.3 }` and
    /// `removeFromSuperview`).
    func pop(_ bubbleImageView: Layer) {
        ViewTransition.crossDissolve(with: bubbleImageView, duration: bubblePopDuration) {
            bubbleImageView.transform = AffineTransform(scaleX: popScale, y: popScale)
        } completion: { [weak self] in
            bubbleImageView.removeAllAnimations()
            bubbleImageView.removeFromSuperlayer()
            self?.floatsByBubble[ObjectIdentifier(bubbleImageView)] = nil
            self?.updateGuides()
        }
    }

// FishSteps.swift
    /// The stages' one bubble before the variation, above the fish's top middle.
    func tutorialBubble() -> FloatingBubble {
        let fishFrame = fishImageView.presentation().frame
        return FloatingBubble(
            origin: Point(x: fishFrame.midX, y: fishFrame.minY), size: 25, alpha: 1, height: 75, t: 30,
            swapsControlPoints: false, duration: bubbleFloatDuration)
    }

    /// A click on the fish before the variation: the bubble, and as far as the stage goes its
    /// path, its float and its pop.
    func blowTutorialBubble() {
        let bubble = tutorialBubble()
        let bubbleImageView = Layer(timeline: timeline)
        bubbleImageView.name = "bubble"
        bubbleImageView.contents = ImageAsset(named: bubble.imageName)
        bubbleImageView.bounds = Rect(x: 0, y: 0, width: bubble.size, height: bubble.size)
        bubbleImageView.position = bubble.origin
        bubbleImageView.isUserInteractionEnabled = false
        bubbles.addSublayer(bubbleImageView)
        guard stage >= .path else { return }
        if stage < .pop {
            let pathLayer = ShapeLayer(timeline: timeline)
            pathLayer.name = "zigzag path"
            pathLayer.anchorPoint = .zero
            pathLayer.fillColor = .clear
            pathLayer.strokeColor = Self.tutorialPathColor
            pathLayer.lineWidth = 2
            pathLayer.path = bubble.zigzagPath
            bubbles.insertSublayer(pathLayer, at: 0)
        }
        guard stage >= .animation else { return }
        let transaction = timeline.beginTransaction()
        if stage >= .pop { transaction.completionBlock = { [weak self] in self?.pop(bubbleImageView) } }
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        bubbleImageView.add(pathAnimation, forKey: "movingAnimation")
        timeline.commitTransaction()
    }

// FloatingBubble.swift
    /// The control points before the coin: the zigzag's left and right of the start line,
    /// half-way up (the tutorial writes "halfway between ox and ex" for cp1y; it means the
    /// y's); a curve's above the start at ¾ of the height and at the end's x at ¼ of it (the
    /// library's `curveLeftPath` and `curveRightPath`).
    private var unswappedControlPoints: (Point, Point) {
        switch shape {
        case .straight, .triangleUp:
            let y = (oy + ey) / 2
            return (Point(x: ox - t, y: y), Point(x: ox + t, y: y))
        case .curveLeft, .curveRight:
            return (
                Point(x: ox, y: oy + direction * 0.75 * height),
                Point(x: ex, y: oy + direction * 0.25 * height)
            )
        }
    }

    /// The zigzag's: left of the start line, half-way up; right of it with `swapsControlPoints`.
    var cp1: Point {
        let points = unswappedControlPoints
        return swapsControlPoints ? points.1 : points.0
    }

    /// The zigzag's: right of the start line at cp1's height; left of it with
    /// `swapsControlPoints`.
    var cp2: Point {
        let points = unswappedControlPoints
        return swapsControlPoints ? points.0 : points.1
    }
    // …
    /// One cubic Bézier from the tail to the end point through the two control points (the
    /// library calls every shape's path `zigzagPath`).
    var zigzagPath: BezierPath {
        var zigzagPath = BezierPath()
        zigzagPath.move(to: Point(x: ox, y: oy))
        zigzagPath.addCurve(to: Point(x: ex, y: ey), controlPoint1: cp1, controlPoint2: cp2)
        return zigzagPath
    }
    // …
    /// A bubble starting at `origin` with the tutorial's random choices, drawn in its order:
    /// size, alpha, height, t, the coin for the swing side; the float lasts `ranges.duration`
    /// (the example project's `bubbleFloatDuration` unless a knob says otherwise).
    ///
    /// The library's `options` draw more, after those and only when they are on, so that the
    /// default options take the tutorial's draws alone: triangle up's pick of a path, a
    /// curve's width w (50 … the width limit), and the image if there are several.
    static func random(
        startingAt origin: Point, ranges: FloatRanges = FloatRanges(), options: FloatOptions = FloatOptions(),
        using random: inout some RandomNumberGenerator
    ) -> FloatingBubble {
        let size = randomFloatBetween(ranges.size.lowerBound, and: ranges.size.upperBound, using: &random)
        let alpha = randomFloatBetween(ranges.alpha.lowerBound, and: ranges.alpha.upperBound, using: &random)
        let height = randomFloatBetween(
            ranges.height.lowerBound, and: ranges.height.upperBound, using: &random)
        let t = randomFloatBetween(ranges.swing.lowerBound, and: ranges.swing.upperBound, using: &random)
        // "generate a random value between 0 and 1 and swap when that value was 1"
        let r = Int.random(in: 0...1, using: &random)
        var bubble = FloatingBubble(
            origin: origin, size: size, alpha: alpha, height: height, t: t, swapsControlPoints: r == 1,
            duration: ranges.duration, sinks: options.sinks, fadesOut: options.fadesOut)
        bubble.shape = options.shape
        if options.shape == .triangleUp {
            let picks = FloatingShape.triangleUpPicks
            bubble.shape = picks[Int.random(in: 0..<picks.count, using: &random)]
        }
        if bubble.shape == .curveLeft || bubble.shape == .curveRight {
            bubble.w = randomFloatBetween(
                FloatOptions.minimumCurveWidth, and: options.curveWidthLimit(from: origin.x), using: &random)
        }
        if options.images.count > 1 {
            bubble.imageName = options.images[Int.random(in: 0..<options.images.count, using: &random)]
        } else if let image = options.images.first {
            bubble.imageName = image
        }
        return bubble
    }

    /// The tutorial's Stack Overflow helper: a number from `smallNumber` to `bigNumber`, from the
    /// scene's seeded generator.
    static func randomFloatBetween(
        _ smallNumber: Double, and bigNumber: Double, using random: inout some RandomNumberGenerator
    ) -> Double {
        guard bigNumber > smallNumber else { return smallNumber }
        return Double.random(in: smallNumber...bigNumber, using: &random)
    }
