// The game under the finish line: the finish-line tutorial (docs/TUTORIALS.md) starts from "a
// basic working engine of the game" that it does not show, so this model is our own.

/// Nine fields in board order: row by row from the top, left to right in each row.
///
/// ```
///  0 │ 1 │ 2
/// ───┼───┼───
///  3 │ 4 │ 5
/// ───┼───┼───
///  6 │ 7 │ 8
/// ```
/// A value type, so that the game and the computer player can try moves on copies.
struct Board: Hashable, Sendable {
    /// Fields a side.
    static let side = 3
    static let fieldCount = side * side
    /// Every row, column and diagonal of three, each listed in board order, so that a line's
    /// first field is its end nearest the top-left of the board order and its last field the
    /// other end (the finish line runs from the first to the last).
    static let lines: [[Int]] = [
        [0, 1, 2], [3, 4, 5], [6, 7, 8],  // rows
        [0, 3, 6], [1, 4, 7], [2, 5, 8],  // columns
        [0, 4, 8], [2, 4, 6],  // diagonals
    ]

    /// The mark on each field, nil where it is empty.
    private(set) var fields: [Mark?] = Array(repeating: nil, count: Board.fieldCount)

    /// An empty board.
    init() {}

    /// A board with X on `xs` and O on `os` (for tests and the computer player's look-ahead).
    init(xs: [Int], os: [Int]) {
        for field in xs { fields[field] = .x }
        for field in os { fields[field] = .o }
    }

    /// The mark on `field` (0…8, board order).
    subscript(field: Int) -> Mark? { fields[field] }

    /// Whether `field` is on the board and empty.
    func isEmpty(_ field: Int) -> Bool { fields.indices.contains(field) && fields[field] == nil }

    /// The empty fields in board order.
    var emptyFields: [Int] { fields.indices.filter { fields[$0] == nil } }

    var isFull: Bool { !fields.contains(nil) }

    /// Whose turn it is: X when both have as many marks (X starts), else O.
    var playerToMove: Mark {
        let xs = fields.filter { $0 == .x }.count
        let os = fields.filter { $0 == .o }.count
        return xs > os ? .o : .x
    }

    /// Puts `mark` on the empty `field`.
    mutating func place(_ mark: Mark, at field: Int) {
        precondition(isEmpty(field), "field \(field) is taken or not on the board")
        fields[field] = mark
    }

    /// A copy with `mark` on `field`.
    func placing(_ mark: Mark, at field: Int) -> Board {
        var board = self
        board.place(mark, at: field)
        return board
    }

    /// The lines of three equal marks, in the order of `Board.lines`; one move can complete
    /// two lines at once.
    var winningLines: [[Int]] {
        Board.lines.filter { line in
            guard let mark = fields[line[0]] else { return false }
            return line.allSatisfy { fields[$0] == mark }
        }
    }

    /// The mark with three in a row, if any.
    var winner: Mark? { winningLines.first.flatMap { fields[$0[0]] } }

    /// Whether the game on this board is over: a winner or no empty field.
    var isOver: Bool { winner != nil || isFull }

    /// A number that names the board (base 3, a digit a field: 0 empty, 1 X, 2 O), for
    /// memoising the computer player's scores.
    var key: Int {
        fields.reversed().reduce(0) { key, mark in
            key * 3 + (mark == nil ? 0 : mark == .x ? 1 : 2)
        }
    }
}
