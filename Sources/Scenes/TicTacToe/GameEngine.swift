// The rules of one game: turns, wins, draws. Our own (see Board.swift).

/// How a game ended.
enum Outcome: Hashable, Sendable {
    /// `mark` has three in a row; `lines` are the completed lines (one, or two when a single
    /// move completed two), each in board order.
    case win(Mark, lines: [[Int]])
    /// The board is full and nobody has three in a row.
    case draw
}

/// One game of tic-tac-toe: X moves first, then the players alternate; three in a row wins,
/// a full board without that is a draw; no move is taken after the end.
struct GameEngine: Sendable {
    private(set) var board = Board()
    /// Set by the move that ends the game.
    private(set) var outcome: Outcome?

    /// Whose turn it is (meaningless once `outcome` is set).
    var playerToMove: Mark { board.playerToMove }

    var isOver: Bool { outcome != nil }

    /// Puts the mark of the player to move on `field`; returns that mark, or nil (and changes
    /// nothing) when the field is taken or not on the board or the game is over.
    @discardableResult
    mutating func play(at field: Int) -> Mark? {
        guard outcome == nil, board.isEmpty(field) else { return nil }
        let mark = board.playerToMove
        board.place(mark, at: field)
        let lines = board.winningLines
        if !lines.isEmpty {
            outcome = .win(mark, lines: lines)
        } else if board.isFull {
            outcome = .draw
        }
        return mark
    }
}
