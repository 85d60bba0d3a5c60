import Animation

/// A load for measuring frames (`animdemo bench --bubbles N`): bubbles from points spread over
/// the lower half of the window, topped up every frame, so that N are in flight (the
/// tutorial's own bubbles from the swimming fish come on top).
extension FishScene {
    func keepBubblesInFlight(_ count: Int) {
        let bounds = rootLayer.bounds
        while liveBubbleCount < count {
            let start = Point(
                x: Double.random(in: 0...max(bounds.width, 1), using: &loadRandom),
                y: Double.random(in: bounds.height / 2...max(bounds.height, 1), using: &loadRandom))
            blowBubble(at: start)
        }
    }
}
