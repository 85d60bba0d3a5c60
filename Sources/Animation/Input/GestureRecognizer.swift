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

    /// Its state now, and what puts it back (`Timeline.checkpoint(of:)`); subclasses add theirs
    /// (a test lists what each stores).
    func savedState() -> () -> Void {
        let saved = checkpoint
        return { [self] in restore(saved) }
    }

    /// What `savedState()` keeps of `GestureRecognizer`'s own properties, as one value: every
    /// one is either a field here, by its name, or in `notCheckpointed` (a test checks, with
    /// `Mirror`).
    struct Checkpoint {
        let state: GestureState
        let layer: Layer?
        let isEnabled: Bool
        let windowLocation: Point
    }

    /// What a checkpoint leaves out: the action, a constant.
    static let notCheckpointed: Set = ["action"]

    /// This recognizer's own state now.
    var checkpoint: Checkpoint {
        Checkpoint(state: state, layer: layer, isEnabled: isEnabled, windowLocation: windowLocation)
    }

    /// Puts `saved` back on this recognizer.
    private func restore(_ saved: Checkpoint) {
        (state, layer) = (saved.state, saved.layer)
        (isEnabled, windowLocation) = (saved.isEnabled, saved.windowLocation)
    }

    func pointerDown(at point: Point, time: MediaTime) { windowLocation = point }
    func pointerMoved(to point: Point, time: MediaTime) { windowLocation = point }
    func pointerUp(at point: Point, time: MediaTime) { windowLocation = point }

    func reset() { state = .possible }
}
