/// One input event from a host, in window pixels.
public enum InputEvent: Hashable, Sendable {
    /// Left button pressed.
    case down(Point)
    /// Pointer moved (button held or not).
    case move(Point)
    /// Left button released.
    case up(Point)
    /// The mouse wheel over `at`: `dy` pixels to scroll, positive towards the content's end
    /// (the wheel turned towards the user); a notch is a fixed distance set by the host.
    /// `control`: the Control key was held (the inspector zooms its axis); `shift`: the Shift
    /// key was, or the wheel turned sideways (the inspector pans its axis).
    case scroll(dy: Double, at: Point, control: Bool = false, shift: Bool = false)
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
