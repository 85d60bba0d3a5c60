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
    // …
    }
