/// A drag (UIPanGestureRecognizer): begins once the pointer has moved `hysteresis` units of
/// the attached layer (points in a scene), then reports every move and the release.
public final class PanGestureRecognizer: GestureRecognizer {
    /// Movement before the pan begins, in the attached layer's units (UIKit's is about 10
    /// points).
    public static let hysteresis = 10.0
    private var start = Point.zero
    private var samples: [(time: MediaTime, point: Point)] = []

    public override init(action: @escaping (GestureRecognizer) -> Void) {
        super.init(action: action)
    }

    /// The movement since the press, in `layer`'s coordinates (nil: the window's).
    public func translation(in layer: Layer?) -> Point {
        guard let layer else { return windowLocation - start }
        let here = layer.convert(windowLocation, from: nil, usingPresentation: true)
        let there = layer.convert(start, from: nil, usingPresentation: true)
        return here - there
    }

    /// Pixels per second over the last 0.1 s of moves, in window coordinates.
    public var velocity: Point {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }),
            last.time > first.time
        else { return .zero }
        return (last.point - first.point) * (1 / (last.time - first.time))
    }

    /// `velocity` in `layer`'s coordinates (nil: the window's): units per second
    /// (UIPanGestureRecognizer's `velocity(in:)`).
    public func velocity(in layer: Layer?) -> Point {
        guard let layer else { return velocity }
        let origin = layer.convert(.zero, from: nil, usingPresentation: true)
        return layer.convert(velocity, from: nil, usingPresentation: true) - origin
    }

    override func savedState() -> () -> Void {
        let recognizer = super.savedState()
        let saved = (start, samples)
        return { [self] in
            recognizer()
            (start, samples) = saved
        }
    }

    override func pointerDown(at point: Point, time: MediaTime) {
        super.pointerDown(at: point, time: time)
        start = point
        samples = [(time, point)]
        state = .possible
    }

    override func pointerMoved(to point: Point, time: MediaTime) {
        super.pointerMoved(to: point, time: time)
        samples.append((time, point))
        if samples.count > 32 { samples.removeFirst(samples.count - 32) }
        switch state {
        case .possible where distanceInLayer(from: start, to: point) > Self.hysteresis:
            state = .began
            action(self)
        case .began, .changed:
            state = .changed
            action(self)
        default:
            break
        }
    }

    override func pointerUp(at point: Point, time: MediaTime) {
        super.pointerUp(at: point, time: time)
        guard state == .began || state == .changed else {
            state = .failed
            return
        }
        state = .ended
        action(self)
    }

    /// Ends a running pan as cancelled (the host lost the pointer).
    func cancel() {
        guard state == .began || state == .changed else { return }
        state = .cancelled
        action(self)
    }
}
