// The bubble tutorial as steps (`animdemo steps --scene fish`, `--step N`; docs/ARCHITECTURE.md
// § Tutorial steps): its seven numbered steps, what the reader has on screen after each. Before
// step 6 ("Add some variation") every bubble is the same one, ours (the tutorial's code for
// those steps is not in its text): blown from the top of the fish, 25 points across, opaque,
// rising 75 points (the most that stays on screen above a fish in the middle of a
// 375-point-tall window) with a swing t of 30, left first. FishScene asks its `stage` where the
// steps differ (the tap, the timer and the swim); the last step is the scene as it is.

import Animation

extension FishScene {
    /// How far along the tutorial the scene is built.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// 1 "Create the fish": the fish in the middle, nothing more.
        case fish = 1
        /// 1 too: a click on the fish adds a bubble right above it, still.
        case bubble
        /// 2 "Do the math" and 3 "Create the path": the bubble's zigzag path, drawn.
        case path
        /// 4 "Create the animation": the bubble floats along the path and stays at its end.
        case animation
        /// 5 "Pop the bubble": a transaction's completion block pops it at the end.
        case pop
        /// 6 "Add some variation": random size, alpha, height, swing and side, from the tail.
        case randomness
        /// 7 "Animate the fish": the fish swims and a timer blows bubbles; the finished scene.
        case swim

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tutorial's stages, in its order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { FishScene(context: $0, stage: stage) }
    }

    static func caption(of stage: Stage) -> String {
        switch stage {
        case .fish:
            "A fish image in the middle of the screen, with a tap recognizer on it that does nothing yet."
        case .bubble:
            "Clicking the fish adds a bubble image right above it. It stays put: bubbles need a path to "
                + "float along."
        case .path:
            "A cubic Bézier from the fish up 75 points, its control points t to the left and right of "
                + "the midpoint: a rounded zigzag, drawn here so we can see it."
        case .animation:
            "A keyframe animation moves the bubble along that path in 2 s; it holds the end "
                + "(fillMode forwards), so finished bubbles pile up at the top."
        case .pop:
            "The animation runs inside a transaction whose completion block grows the bubble by 1.3 "
                + "and cross-dissolves it away: a pop."
        case .randomness:
            "Each bubble draws its size, alpha, height, swing and side at random, and starts at the "
                + "fish's tail: no two float alike."
        case .swim:
            "The fish swims across and back in, and a timer blows a bubble every 0.1 s from where the "
                + "tail is on screen (its presentation layer)."
        }
    }

    // step 2 {
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
        // } step 2

        // step 3 {
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
        // } step 3

        // step 4 {
        timeline.beginTransaction()
        // step 5 {
        if stage >= .pop {
            // CATransaction.setCompletionBlock: the transaction just begun.
            timeline.currentTransaction.completionBlock = { [weak self] in self?.pop(bubbleImageView) }
        }
        // } step 5
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        bubbleImageView.add(pathAnimation, forKey: "movingAnimation")
        timeline.commitTransaction()
        // } step 4
        // step 2 {
    }
    // } step 2

    /// The drawn path of the stages that show it: a strong blue.
    static let tutorialPathColor = Color(red: 0.1, green: 0.3, blue: 0.8)
}
