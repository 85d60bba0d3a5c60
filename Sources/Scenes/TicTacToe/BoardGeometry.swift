// Where the board sits in the window. Our own layout: the tutorial shows none.

import Animation

/// The board's side as a fraction of the smaller of the window's width and height.
let boardSizeRatio = 0.8

/// The board in a window: a square of `boardSizeRatio` × the smaller window side, centred,
/// cut into 3 × 3 equal fields. All rectangles and points are in the scene's points.
struct BoardGeometry: Sendable {
    /// The board square.
    let frame: Rect

    /// The layout for a window of `bounds`.
    init(bounds: Rect) {
        let side = min(bounds.width, bounds.height) * boardSizeRatio
        frame = Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    }

    /// The side of one field.
    var fieldSide: Double { frame.width / Double(Board.side) }

    /// The square of `field` (0…8, board order).
    func fieldFrame(_ field: Int) -> Rect {
        let row = field / Board.side
        let column = field % Board.side
        return Rect(
            x: frame.minX + Double(column) * fieldSide, y: frame.minY + Double(row) * fieldSide,
            width: fieldSide, height: fieldSide)
    }

    /// The centre of `field`: where the finish line's circles sit.
    func fieldCenter(_ field: Int) -> Point { fieldFrame(field).center }

    /// The field under `point`, nil outside the board.
    func field(at point: Point) -> Int? {
        guard frame.contains(point), fieldSide > 0 else { return nil }
        let column = min(Int((point.x - frame.minX) / fieldSide), Board.side - 1)
        let row = min(Int((point.y - frame.minY) / fieldSide), Board.side - 1)
        return row * Board.side + column
    }
}
