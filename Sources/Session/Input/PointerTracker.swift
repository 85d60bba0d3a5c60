import Animation

/// The window's view of the left button, so that a drag never outlives its button.
///
/// X delivers the release to whoever holds the pointer then: a window unmapped mid-drag,
/// another client's grab (a window manager's), or a focus change can take it, and the scene
/// would follow the pointer with no button held until the next click. The host passes every
/// pointer event through `filter` and calls `cancel` when the window loses the pointer; both
/// return the events to deliver, with a release made up where the real one went astray:
/// ```
///  down ── move ── [unmap: release lost] ── move (state: no button) ──▶
///  down ── move ── up (made up, at the last position)  ── move
/// ```
public struct PointerTracker: Sendable {
    /// Whether the scene has seen a press without its release.
    public private(set) var isButtonDown = false
    /// The last pointer position delivered (window pixels).
    public private(set) var position = Point.zero

    public init() {}

    /// The events to deliver for `event`; `isButtonHeld` is the button state the server
    /// reported with it (a motion event's state), nil when it did not say.
    public mutating func filter(_ event: InputEvent, isButtonHeld: Bool? = nil) -> [InputEvent] {
        switch event {
        case .down(let point):
            // A second press without a release: the release went astray; end that drag first.
            let lost: [InputEvent] = isButtonDown ? [.up(position)] : []
            isButtonDown = true
            position = point
            return lost + [event]
        case .up(let point):
            position = point
            guard isButtonDown else { return [] }  // its press went elsewhere (or was cancelled)
            isButtonDown = false
            return [event]
        case .move(let point):
            var events: [InputEvent] = []
            if isButtonDown, isButtonHeld == false {
                events.append(.up(position))  // released while we were not told
                isButtonDown = false
            }
            position = point
            events.append(event)
            return events
        case .key, .scroll:
            return [event]
        }
    }

    /// The window lost the pointer (unmapped, another client grabbed it, focus went away):
    /// the release of a press in progress, at the last position, or nothing.
    public mutating func cancel() -> [InputEvent] {
        guard isButtonDown else { return [] }
        isButtonDown = false
        return [.up(position)]
    }
}
