import Animation

/// `animdemo bench --scene fish --bubbles N`: bubbles from points spread over the lower half
/// of the window, topped up every frame, so that N are in flight (the tutorial's own bubbles
/// from the swimming fish come on top).
extension FishScene: BubbleBenchmarking {
    public func keepBubblesInFlight(_ count: Int) {
        let bounds = rootLayer.bounds
        while liveBubbleCount < count {
            let start = Point(
                x: Double.random(in: 0...max(bounds.width, 1), using: &benchmarkRandom),
                y: Double.random(in: bounds.height / 2...max(bounds.height, 1), using: &benchmarkRandom))
            blowBubble(at: start)
        }
    }
}
