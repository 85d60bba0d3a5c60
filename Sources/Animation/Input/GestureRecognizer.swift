/// The state of a recognizer (UIGestureRecognizer.State, reduced).
public enum GestureState: Sendable, Hashable {
    case possible, began, changed, ended, cancelled, failed
}

/// Turns a press, its moves and its release into a gesture (UIGestureRecognizer).
///
/// Hosts never call recognizers directly: `GestureDispatcher` hit-tests the press on
/// presentation values and gives the press to the recognizers of the hit layer and its
/// ancestors, then the moves and the release to the same ones.
open class GestureRecognizer {
    public internal(set) var state = GestureState.possible
    /// The layer it is attached to.
    public internal(set) weak var layer: Layer?
    /// Whether it receives presses at all.
    public var isEnabled = true
    /// Called on every state change worth reporting (began, changed, ended for pans; ended
    /// for taps).
    let action: (GestureRecognizer) -> Void
    /// Where the pointer is now, in window coordinates.
    var windowLocation = Point.zero

    public init(action: @escaping (GestureRecognizer) -> Void) {
        self.action = action
    }

    /// The pointer in `layer`'s coordinates (nil: the window's), through what is on screen.
    public func location(in layer: Layer?) -> Point {
        guard let layer else { return windowLocation }
        return layer.convert(windowLocation, from: nil, usingPresentation: true)
    }

    func pointerDown(at point: Point, time: MediaTime) { windowLocation = point }
    func pointerMoved(to point: Point, time: MediaTime) { windowLocation = point }
    func pointerUp(at point: Point, time: MediaTime) { windowLocation = point }

    func reset() { state = .possible }
}

/// A press and release without much movement (UITapGestureRecognizer).
public final class TapGestureRecognizer: GestureRecognizer {
    /// Movement beyond this (pixels) makes it a drag, not a tap.
    public static let allowableMovement = 10.0
    private var start = Point.zero

    public override init(action: @escaping (GestureRecognizer) -> Void) {
        super.init(action: action)
    }

    override func pointerDown(at point: Point, time: MediaTime) {
        super.pointerDown(at: point, time: time)
        start = point
        state = .possible
    }

    override func pointerMoved(to point: Point, time: MediaTime) {
        super.pointerMoved(to: point, time: time)
        if state == .possible && point.distance(to: start) > Self.allowableMovement { state = .failed }
    }

    override func pointerUp(at point: Point, time: MediaTime) {
        super.pointerUp(at: point, time: time)
        guard state == .possible, point.distance(to: start) <= Self.allowableMovement else { return }
        state = .ended
        action(self)
    }
}

/// A drag (UIPanGestureRecognizer): begins once the pointer has moved `hysteresis` pixels,
/// then reports every move and the release.
public final class PanGestureRecognizer: GestureRecognizer {
    /// Pixels of movement before the pan begins (UIKit's is about 10 points).
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
        case .possible where point.distance(to: start) > Self.hysteresis:
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

/// Routes pointer events to recognizers: a press goes to the recognizers of the layer hit
/// (on presentation values) and of its ancestors; the moves and the release that follow go
/// to the same ones, wherever the pointer is.
public final class GestureDispatcher {
    private var tracked: [GestureRecognizer] = []
    private var isPressed = false

    public init() {}

    /// Delivers one pointer event; `root` is the window's layer tree.
    public func handle(_ event: InputEvent, in root: Layer, at time: MediaTime) {
        switch event {
        case .down(let point):
            if isPressed { cancelAll() }
            isPressed = true
            var layer = root.hitTest(point)
            tracked = []
            while let current = layer {
                tracked += current.gestureRecognizers.filter(\.isEnabled)
                layer = current.superlayer
            }
            for recognizer in tracked { recognizer.pointerDown(at: point, time: time) }
        case .move(let point):
            guard isPressed else { return }
            for recognizer in tracked { recognizer.pointerMoved(to: point, time: time) }
        case .up(let point):
            guard isPressed else { return }
            isPressed = false
            for recognizer in tracked { recognizer.pointerUp(at: point, time: time) }
            for recognizer in tracked { recognizer.reset() }
            tracked = []
        case .key:
            break
        }
    }

    /// Cancels running gestures (a new press without a release, a scene switch).
    public func cancelAll() {
        for case let pan as PanGestureRecognizer in tracked { pan.cancel() }
        for recognizer in tracked { recognizer.reset() }
        tracked = []
        isPressed = false
    }
}
