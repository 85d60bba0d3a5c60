import Animation

/// What the X server tells the host, in the host's terms (the Xlib wrappers translate).
enum WindowEvent: Equatable {
    /// Pointer (left button press and release) or a key, for the session.
    case input(InputEvent)
    /// The pointer moved; `isButtonHeld`: the left button was down (the event's state).
    case pointerMoved(Point, isButtonHeld: Bool)
    /// The window lost the pointer: another client grabbed it, or the keyboard focus left.
    case pointerLost
    /// The window was mapped (shown) or unmapped (hidden, iconified).
    case mapped(Bool)
    /// Whether the window is fully covered by others (`VisibilityNotify`).
    case obscured(Bool)
    /// Part of the window must be painted again.
    case exposed
    /// The window's size (perhaps unchanged: a move also reports it).
    case configured(width: Int, height: Int)
    /// The window manager's close button (`WM_DELETE_WINDOW`).
    case closeRequested
    /// The window was destroyed behind our back (`xdotool windowclose`).
    case destroyed
    /// The server finished copying the last frame out of shared memory (`ShmCompletion`).
    case presentCompleted
}
