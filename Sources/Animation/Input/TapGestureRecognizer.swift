/// A press and release without much movement (UITapGestureRecognizer).
public final class TapGestureRecognizer: GestureRecognizer {
    /// Movement beyond this (the attached layer's units: points in a scene) makes it a drag,
    /// not a tap.
    public static let allowableMovement = 10.0
    private var start = Point.zero

    public override init(action: @escaping (GestureRecognizer) -> Void) {
        super.init(action: action)
    }

    override func savedState() -> () -> Void {
        let recognizer = super.savedState()
        let saved = start
        return { [self] in
            recognizer()
            start = saved
        }
    }

    override func pointerDown(at point: Point, time: MediaTime) {
        super.pointerDown(at: point, time: time)
        start = point
        state = .possible
    }

    override func pointerMoved(to point: Point, time: MediaTime) {
        super.pointerMoved(to: point, time: time)
        if state == .possible && distanceInLayer(from: start, to: point) > Self.allowableMovement {
            state = .failed
        }
    }

    override func pointerUp(at point: Point, time: MediaTime) {
        super.pointerUp(at: point, time: time)
        guard state == .possible, distanceInLayer(from: start, to: point) <= Self.allowableMovement else {
            return
        }
        state = .ended
        action(self)
    }
}
