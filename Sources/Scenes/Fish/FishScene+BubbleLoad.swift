import Animation

/// A load for measuring frames (`animdemo bench --bubbles N`): bubbles from points spread over
/// the lower half of the window, topped up every frame, so that N are in flight (the
/// tutorial's own bubbles from the swimming fish come on top).
///
/// A top-up of more than a tenth of the load at once (the first one) gives each bubble a head
/// start somewhere in its float, as a steady stream of bubbles would have: floats all last 2 s,
/// so bubbles blown together would all pop on one frame and be blown again on the next.
// step 6 {
extension FishScene {
    func keepBubblesInFlight(_ count: Int) {
        let bounds = rootLayer.bounds
        let staggers = count - liveBubbleCount > max(count / 10, 1)
        while liveBubbleCount < count {
            let start = Point(
                x: Double.random(in: 0...max(bounds.width, 1), using: &loadRandom),
                y: Double.random(in: bounds.height / 2...max(bounds.height, 1), using: &loadRandom))
            let headStart = staggers ? Double.random(in: 0..<bubbleFloatDuration, using: &loadRandom) : 0
            blowBubble(at: start, headStart: headStart)
        }
    }
}
// } step 6
