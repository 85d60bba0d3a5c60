/// A key press as the engine and the scenes see it: a typed value, never a platform's name
/// for it. The shell translates what a host reports (docs/ARCHITECTURE.md § Keys).
public enum Key: Hashable, Sendable {
    /// A key that types a character (`a`, `M`, `1`, `?`), Shift already applied.
    case character(Character)
    case space
    case tab
    /// Tab with Shift.
    case backTab
    case enter
    case escape
    case backspace
    case left
    case right
    case up
    case down
    case home
    case end
    case pageUp
    case pageDown
    /// A function key, F1 … F35.
    case function(Int)
    /// A key with no meaning here (a modifier alone, a media key): delivered all the same, so
    /// that it keeps the pointer motion before it apart from the motion after it.
    case unidentified
}
