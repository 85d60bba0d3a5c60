// A player's mark. Our own, like the rest of the game (see Board.swift).

/// A player's mark. X always moves first.
enum Mark: Hashable, Sendable, CustomStringConvertible {
    case x, o

    var description: String { self == .x ? "X" : "O" }
}
