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

    /// How far apart two window points are in the attached layer's space (UIKit measures its
    /// slop in points, the view's units), through what is on screen now; without a layer, in
    /// window pixels.
    func distanceInLayer(from a: Point, to b: Point) -> Double {
        guard let layer else { return a.distance(to: b) }
        let toLayer = layer.transformToRoot(usingPresentation: true).inverted ?? .identity
        return a.applying(toLayer).distance(to: b.applying(toLayer))
    }

    /// Its state now, and what puts it back (`Timeline.checkpoint(of:)`); subclasses add theirs.
    func savedState() -> () -> Void {
        let saved = (state, layer, isEnabled, windowLocation)
        return { [self] in (state, layer, isEnabled, windowLocation) = saved }
    }

    func pointerDown(at point: Point, time: MediaTime) { windowLocation = point }
    func pointerMoved(to point: Point, time: MediaTime) { windowLocation = point }
    func pointerUp(at point: Point, time: MediaTime) { windowLocation = point }

    func reset() { state = .possible }
}
