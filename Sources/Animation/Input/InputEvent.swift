/// One input event from a host, in window pixels.
public enum InputEvent: Hashable, Sendable {
    /// Left button pressed.
    case down(Point)
    /// Pointer moved (button held or not).
    case move(Point)
    /// Left button released.
    case up(Point)
    /// A key press.
    case key(Key)
}

/// An event at a time, seconds from scene start.
public struct TimedEvent: Hashable, Sendable {
    public var time: MediaTime
    public var event: InputEvent

    public init(time: MediaTime, event: InputEvent) {
        self.time = time
        self.event = event
    }
}
