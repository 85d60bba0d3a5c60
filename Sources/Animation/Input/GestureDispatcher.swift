/// Routes pointer events to recognizers: a press goes to the recognizers of the layer hit
/// (on presentation values) and of its ancestors; the moves and the release that follow go
/// to the same ones, wherever the pointer is. The wheel goes to the scroll-wheel recognizers
/// of the innermost layer under the pointer that has any.
public final class GestureDispatcher {
    private var tracked: [GestureRecognizer] = []
    private var isPressed = false

    public init() {}

    /// Delivers one pointer event, its point in the window's space; `root` is the tree it is
    /// hit-tested in: the window's layer tree, or a subtree of it (a scene's root layer), in
    /// which case what its ancestors cover or cut off (a clipping layer) does not count.
    public func handle(_ event: InputEvent, in root: Layer, at time: MediaTime) {
        switch event {
        case .down(let point):
            if isPressed { cancelAll() }
            isPressed = true
            var layer = root.hitTest(Self.point(point, aboveOf: root))
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
        case .scroll(let dy, let point, _, _):
            var layer = root.hitTest(Self.point(point, aboveOf: root))
            while let current = layer {
                let wheels = current.gestureRecognizers.compactMap { $0 as? ScrollWheelGestureRecognizer }
                    .filter(\.isEnabled)
                if !wheels.isEmpty {
                    for wheel in wheels { wheel.scrolled(by: dy, at: point) }
                    return
                }
                layer = current.superlayer
            }
        case .key:
            break
        }
    }

    /// `point`, in the window's space, in the space of `root`'s superlayer (where its hit test
    /// takes it); the window's own root has none.
    static func point(_ point: Point, aboveOf root: Layer) -> Point {
        guard let superlayer = root.superlayer else { return point }
        return superlayer.convert(point, from: nil, usingPresentation: true)
    }

    /// Which recognizers hold the press now, with their state, and what puts them back (time
    /// travel's checkpoints).
    public func savedState() -> () -> Void {
        let saved = checkpoint
        let recognizers = tracked.map { $0.savedState() }
        return { [self] in
            (tracked, isPressed) = (saved.tracked, saved.isPressed)
            for restore in recognizers { restore() }
        }
    }

    /// What `savedState()` keeps of the dispatcher, as one value (the recognizers it tracks
    /// save their own): every stored property is a field here, by its name, or in
    /// `notCheckpointed` (a test checks, with `Mirror`).
    struct Checkpoint {
        let tracked: [GestureRecognizer]
        let isPressed: Bool
    }

    /// What a checkpoint leaves out: nothing.
    static let notCheckpointed: Set<String> = []

    /// The dispatcher's state now.
    var checkpoint: Checkpoint { Checkpoint(tracked: tracked, isPressed: isPressed) }

    /// Cancels running gestures (a new press without a release, a scene switch).
    public func cancelAll() {
        for case let pan as PanGestureRecognizer in tracked { pan.cancel() }
        for recognizer in tracked { recognizer.reset() }
        tracked = []
        isPressed = false
    }
}
