// FishScene.swift
/// The window's background: the example project's white screen (its storyboard's view).
let fishBackgroundColor = Color.white
/// Points: the example project's fish view, `CGRectMake(center.x − 100, center.y − 100, 200, 200)`.
let fishViewSize = Size(width: 200, height: 200)
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
