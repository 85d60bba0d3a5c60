import Animation
import Scenes

extension FishScene {
    /// The stages' one bubble before the variation, above the fish's top
    /// middle.
    func tutorialBubble() -> FloatingBubble {
        let fishFrame = fishImageView.presentation().frame
        return FloatingBubble(
            origin: Point(x: fishFrame.midX, y: fishFrame.minY), size: 25,
            alpha: 1, height: 75, t: 30,
            swapsControlPoints: false, duration: bubbleFloatDuration)
    }

    /// A click on the fish before the variation: the bubble, and as far as the
    /// stage goes its path, its float and its pop.
    func blowTutorialBubble() {
        let bubble = tutorialBubble()
        let bubbleImageView = Layer(timeline: timeline)
        bubbleImageView.name = "bubble"
        bubbleImageView.contents = ImageAsset(named: bubble.imageName)
        bubbleImageView.bounds = Rect(
            x: 0, y: 0, width: bubble.size, height: bubble.size)
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
    }
}
