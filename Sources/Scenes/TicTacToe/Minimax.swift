import Animation

// The computer player: plain minimax over the whole game tree. Our own; the tutorial has none.

/// A player that never loses: it looks at every way the game can go on and takes the move
/// with the best score, assuming the opponent does the same (minimax).
///
/// - Scores are from X's side: a win for X scores `1 + empty fields left` (sooner is better),
///   a win for O the negative of that, a draw 0. X takes the highest, O the lowest.
/// - Scores are memoised by board (`Board.key`): tic-tac-toe has 5,478 reachable positions,
///   so after the first full search every question is a few dictionary look-ups.
/// - Ties go to the lowest field in board order, so the same board always gets the same move.
final class Minimax {
    private var scores: [Int: Int] = [:]

    init() {}

    /// How many boards have a memoised score.
    var memoisedBoardCount: Int { scores.count }

    /// The score of `board` with best play from here, from X's side.
    func score(of board: Board) -> Int {
        if let known = scores[board.key] { return known }
        let result: Int
        if let winner = board.winner {
            let margin = 1 + board.emptyFields.count
            result = winner == .x ? margin : -margin
        } else if board.isFull {
            result = 0
        } else {
            let mover = board.playerToMove
            let children = board.emptyFields.map { score(of: board.placing(mover, at: $0)) }
            result = mover == .x ? children.max() ?? 0 : children.min() ?? 0
        }
        scores[board.key] = result
        return result
    }

    /// The best field for the player to move on `board`; nil when the game is over.
    func bestMove(on board: Board) -> Int? {
        guard !board.isOver else { return nil }
        let mover = board.playerToMove
        var best: (field: Int, score: Int)?
        for field in board.emptyFields {
            let score = score(of: board.placing(mover, at: field))
            let isBetter = best.map { mover == .x ? score > $0.score : score < $0.score } ?? true
            if isBetter { best = (field, score) }
        }
        return best?.field
    }
}

// MARK: - Checkpoints

extension Minimax: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// The memo only spares work: with or without it, the same moves.
    static let notCheckpointed: Set = ["scores"]
}
