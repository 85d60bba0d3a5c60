/// The mouse wheel over a layer: each notch (each `InputEvent.scroll`) calls the action once,
/// in the `.ended` state, with `scrollingDelta(in:)` set; then the recognizer is possible again.
///
/// UIKit reads a wheel through a pan recognizer's `allowedScrollTypesMask`, as a pan with a
/// start and an end; a wheel notch has neither, so it is a discrete gesture here, like AppKit's
/// `scrollWheel(with:)` and its `scrollingDeltaY`.
public final class ScrollWheelGestureRecognizer: GestureRecognizer {
    /// The last notch's scroll in window pixels, positive towards the content's end.
    private var windowDelta = 0.0

    public override init(action: @escaping (GestureRecognizer) -> Void) {
        super.init(action: action)
    }

    /// The last notch's scroll in `layer`'s coordinates (nil: the window's): how far the
    /// content should move, positive towards its end (down the page).
    public func scrollingDelta(in layer: Layer?) -> Point {
        let delta = Point(x: 0, y: windowDelta)
        guard let layer else { return delta }
        let origin = layer.convert(.zero, from: nil, usingPresentation: true)
        return layer.convert(delta, from: nil, usingPresentation: true) - origin
    }

    override func savedState() -> () -> Void {
        let recognizer = super.savedState()
        let saved = windowDelta
        return { [self] in
            recognizer()
            windowDelta = saved
        }
    }

    func scrolled(by dy: Double, at point: Point) {
        windowLocation = point
        windowDelta = dy
        state = .ended
        action(self)
        reset()
    }
}
