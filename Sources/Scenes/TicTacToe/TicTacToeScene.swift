// TicTacToeScene — "Draw Line With Rounder Corners – WWDC20 Scholarship" by Kornel (SmashSwift),
// https://smashswift.com/draw-line-with-rounder-corners-wwdc20-scholarship/ (2020; docs/TUTORIALS.md):
// "Having a basic working engine of the game, I had an idea to make a smooth animation selecting
// winning fields."
//
// What the user does: plays tic-tac-toe with the mouse, two players at one mouse, X first. A
// click on an empty field puts the next mark there; a click on a taken field, outside the board
// or while the computer is about to move does nothing. `c` makes the computer play O (minimax,
// it never loses) and back. Three in a row wins and the tutorial's finish line runs across the
// winning fields; while it draws (2 s) clicks do nothing, as the tutorial's veil swallows
// touches (`isUserInteractionEnabled = true`). A full board without a winner says so. After a
// game ends (and its line is drawn), a click starts a new game (X starts again).
//
// The finish line is the tutorial's code (FinishLine.swift). The game around it is not in the
// tutorial ("a basic working engine of the game"), so it is our own: Mark.swift, Board.swift,
// GameEngine.swift, Minimax.swift, BoardGeometry.swift, MarkView.swift. Deliberate choices and
// differences, with reasons:
// - `startPoint` and `endPoint` are the centres of the first and the last field of the winning
//   line in board order (row by row, left to right): a row runs left to right, a column top to
//   bottom, the diagonals from the top corners down, whatever order the marks were placed in.
// - One move can complete two lines; then both are drawn, in the one `finishLineView` (one
//   veil), in the order of `Board.lines`. The tutorial never says; one line would hide a win.
// - The board is a square of 0.8 × the smaller window side (300 points), centred, with # grid
//   lines whose round caps stay inside it; the finish line has the tutorial's sizes in points
//   (radius 12, a line 25 wide).
// - On a resize during or after a win the finish line is drawn again for the new layout, its
//   animations keeping their original `beginTime` (FinishLine.swift), so it does not restart.
// - The computer answers `computerMoveDelay` (0.5 s) after X's move, by `timeline.delay`, so
//   that the user sees X drawn before O appears; clicks in that half second are ignored.
// - Marks draw their strokes in over 0.3 s (easeOut); X blue, O crimson, the window grey-blue,
//   the board white: our colours, chosen to stay clear of the finish line's orange.
// - A status line above the board says whose turn it is or who won, and a hint below it shows
//   the computer key; a draw shows a message box over the board (a TextLayer) in the gap
//   between the second and the third row, where it covers no mark.

import Animation

/// Seconds between X's move and the computer's answer (so the user sees it; see the header).
let computerMoveDelay: MediaTime = 0.5
/// The window's background.
let windowBackgroundColor = Color(red: 0.91, green: 0.92, blue: 0.94)
/// The board square's background.
let boardBackgroundColor = Color.white
/// The colour of the # grid lines.
let gridLineColor = Color(red: 0.20, green: 0.22, blue: 0.28)
/// The grid lines' width as a fraction of the board's side (3.75 points on the 300-point board).
let gridLineWidthRatio = 0.0125
/// The status line's and the hint's text colour.
let statusTextColor = Color(red: 0.20, green: 0.22, blue: 0.28)
/// The draw message's box.
let messageBackgroundColor = Color(red: 0.12, green: 0.13, blue: 0.17, alpha: 0.88)
/// The draw message's height as a fraction of a field's side: less than the gap between the
/// marks of two rows (an O reaches 0.3 + 0.045 of a side from its field's centre, so rows of
/// O leave 0.31 free about the line between them).
let messageHeightRatio = 0.26
/// The draw message's font size as a fraction of a field's side.
let messageFontRatio = 0.15

/// Tic-tac-toe with the tutorial's finish line across a win.
///
/// Layers, back to front: the window background (root) · the board square with its grid and
/// the marks · the status line and the hint · the draw message · the debug field numbers ·
/// `finishLineView` (added last, when a game is won).
final class TicTacToeScene: Scene {
    let title = "Tic-tac-toe: the finish line"
    let rootLayer: Layer

    /// The game in play.
    private(set) var engine = GameEngine()
    /// Whether the computer plays O (`c`).
    private(set) var isComputerPlayingO = false
    /// Where the board is in the window now.
    private(set) var geometry = BoardGeometry(bounds: .zero)
    /// The finish line of the game won, if it was.
    private(set) var finishLine: FinishLine?

    private let timeline: Timeline
    private let boardLayer: Layer
    private let gridLayer: ShapeLayer
    private let statusLayer: TextLayer
    private let hintLayer: TextLayer
    private let messageLayer: TextLayer
    private let debugLayer: Layer
    private var debugLabels: [TextLayer] = []
    /// The mark view on each field, in board order.
    private var markViews: [MarkView?] = Array(repeating: nil, count: Board.fieldCount)
    private let minimax = Minimax()
    /// The computer's answer, while it is waiting.
    private var computerMove: ScheduledTimer?
    private var bounds = Rect.zero

    /// The finish line's colours to choose from (the knob `finishLineColor`): the tutorial's
    /// first.
    enum FinishLineColorChoice: String, KnobChoice {
        case tutorial, red, green, blue

        var color: Color {
            switch self {
            case .tutorial: finishLineColor
            case .red: Color(red: 0.86, green: 0.20, blue: 0.18)
            case .green: Color(red: 0.20, green: 0.65, blue: 0.30)
            case .blue: Color(red: 0.16, green: 0.40, blue: 0.85)
            }
        }
    }
    /// The tutorial's colour (`finishLineColor`).
    static let finishLineColorChoiceDefault: FinishLineColorChoice = .tutorial

    /// The tutorial's constants as knobs (`animdemo knobs --scene tictactoe`).
    /// A key named like its constant is called `…Key`, so that `tutorial:` reads the
    /// constant without naming the module (the tutorial's files compile in any module).
    enum Knobs {
        static let finishLineWidthKey = KnobKey<Double>(
            "finishLineWidth", KnobDeclaration("let finishLineWidth", file: "FinishLine.swift"),
            tutorial: finishLineWidth, in: 1...60, step: 1, unit: "pt",
            "the circles' radius; the line is twice as wide, plus one")
        static let finishLineColor = KnobKey<FinishLineColorChoice>(
            "finishLineColor",
            KnobDeclaration("static let finishLineColorChoiceDefault: FinishLineColorChoice"),
            tutorial: finishLineColorChoiceDefault, "the finish line's colour")
        static let finishLineAnimationDurationKey = KnobKey<Double>(
            "finishLineAnimationDuration",
            KnobDeclaration("let finishLineAnimationDuration: MediaTime", file: "FinishLine.swift"),
            tutorial: finishLineAnimationDuration, in: 0.1...10, step: 0.1, unit: "s",
            "how long the line takes to draw")
        static let markDrawDurationKey = KnobKey<Double>(
            "markDrawDuration", KnobDeclaration("let markDrawDuration: MediaTime", file: "MarkView.swift"),
            tutorial: markDrawDuration, in: 0.05...5, step: 0.05, unit: "s",
            "how long an X or an O takes to draw itself")
        static let computerMoveDelayKey = KnobKey<Double>(
            "computerMoveDelay", KnobDeclaration("let computerMoveDelay: MediaTime"),
            tutorial: computerMoveDelay, in: 0...5, step: 0.1, unit: "s",
            "how long the computer thinks before it plays O")

        static let all: [Knob] = [
            finishLineWidthKey.knob, finishLineColor.knob, finishLineAnimationDurationKey.knob,
            markDrawDurationKey.knob,
            computerMoveDelayKey.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    private let knobs: KnobSettings
    /// How far along its tutorial the finish line is drawn (FinishLineSteps.swift).
    private let finishLineStage: FinishLine.Stage

    init(context: SceneContext, finishLineStage: FinishLine.Stage = .complete) {
        self.finishLineStage = finishLineStage
        knobs = context.knobs
        timeline = context.timeline
        rootLayer = Layer(timeline: timeline)
        rootLayer.backgroundColor = windowBackgroundColor

        boardLayer = Layer(timeline: timeline)
        boardLayer.name = "board"
        boardLayer.backgroundColor = boardBackgroundColor
        gridLayer = ShapeLayer(timeline: timeline)
        gridLayer.name = "grid"
        gridLayer.fillColor = .clear
        gridLayer.strokeColor = gridLineColor
        gridLayer.lineCap = .round
        boardLayer.addSublayer(gridLayer)

        statusLayer = TextLayer(timeline: timeline)
        statusLayer.foregroundColor = statusTextColor
        statusLayer.isBold = true
        hintLayer = TextLayer(timeline: timeline)
        hintLayer.foregroundColor = statusTextColor

        messageLayer = TextLayer(timeline: timeline)
        messageLayer.name = "message"
        messageLayer.string = "Draw: nobody wins"
        messageLayer.isBold = true
        messageLayer.foregroundColor = .white
        messageLayer.backgroundColor = messageBackgroundColor
        messageLayer.isHidden = true

        debugLayer = Layer(timeline: timeline)
        debugLayer.isHidden = true
        debugLayer.isUserInteractionEnabled = false
        for field in 0..<Board.fieldCount {
            let label = TextLayer(timeline: timeline)
            label.string = "\(field)"
            label.alignment = .left
            label.foregroundColor = Color(red: 0, green: 0.6, blue: 0.1)
            debugLabels.append(label)
            debugLayer.addSublayer(label)
        }

        for layer in [boardLayer, statusLayer, hintLayer, messageLayer, debugLayer] {
            rootLayer.addSublayer(layer)
        }
        rootLayer.addGestureRecognizer(
            TapGestureRecognizer { [weak self] recognizer in
                guard let self else { return }
                self.handleTap(at: recognizer.location(in: self.rootLayer))
            })
        updateStatus()
    }

    // MARK: - Layout

    func layout(in bounds: Rect) {
        self.bounds = bounds
        geometry = BoardGeometry(bounds: bounds)
        let board = geometry.frame
        boardLayer.frame = board
        gridLayer.frame = boardLayer.bounds
        gridLayer.lineWidth = board.width * gridLineWidthRatio
        gridLayer.path = gridPath(side: board.width, inset: gridLayer.lineWidth / 2)
        for (field, view) in markViews.enumerated() {
            view?.layout(in: fieldFrameInBoard(field))
        }

        statusLayer.frame = Rect(x: 0, y: 0, width: bounds.width, height: board.minY)
        statusLayer.fontSize = min(max(board.minY * 0.36, 11), 22)
        hintLayer.frame = Rect(x: 0, y: board.maxY, width: bounds.width, height: bounds.height - board.maxY)
        hintLayer.fontSize = min(max((bounds.height - board.maxY) * 0.26, 10), 16)

        // Over the lower # line, no taller than the gap between the marks of the rows it parts.
        let field = geometry.fieldSide
        let lineY = board.minY + 2 * field
        messageLayer.fontSize = field * messageFontRatio
        messageLayer.cornerRadius = field * messageHeightRatio / 2
        messageLayer.frame = Rect(
            x: board.midX - board.width * 0.38, y: lineY - field * messageHeightRatio / 2,
            width: board.width * 0.76, height: field * messageHeightRatio)

        debugLayer.frame = bounds
        for (field, label) in debugLabels.enumerated() {
            let frame = geometry.fieldFrame(field)
            label.fontSize = max(geometry.fieldSide * 0.12, 9)
            label.frame = Rect(
                x: frame.minX + 6, y: frame.minY + 4, width: frame.width / 2, height: label.fontSize * 1.4)
        }

        // The finish line is in the scene's points: draw it again for the new board, carrying on.
        if let finishLine { drawFinishLine(beginTime: finishLine.beginTime) }
    }

    /// The four # lines, in board coordinates, ending `inset` inside the board's edges so
    /// that their round caps stay on the board.
    private func gridPath(side: Double, inset: Double) -> BezierPath {
        var path = BezierPath()
        for index in 1..<Board.side {
            let offset = side * Double(index) / Double(Board.side)
            path.move(to: Point(x: offset, y: inset))
            path.addLine(to: Point(x: offset, y: side - inset))
            path.move(to: Point(x: inset, y: offset))
            path.addLine(to: Point(x: side - inset, y: offset))
        }
        return path
    }

    /// `field`'s square in the board layer's coordinates.
    private func fieldFrameInBoard(_ field: Int) -> Rect {
        let frame = geometry.fieldFrame(field)
        return Rect(
            x: frame.minX - geometry.frame.minX, y: frame.minY - geometry.frame.minY,
            width: frame.width, height: frame.height)
    }

    // MARK: - Playing

    /// Whether the computer is the one to move now.
    private var isComputersTurn: Bool {
        isComputerPlayingO && !engine.isOver && engine.playerToMove == .o
    }

    /// Whether the finish line is still drawing: its veil swallows clicks until it is done.
    var isFinishLineDrawing: Bool {
        guard let finishLine else { return false }
        return timeline.currentTime < finishLine.beginTime + finishLineAnimationDuration
    }

    private func handleTap(at point: Point) {
        if isFinishLineDrawing { return }  // the veil: `isUserInteractionEnabled = true`
        if engine.isOver {
            startNewGame()
            return
        }
        guard !isComputersTurn, let field = geometry.field(at: point) else { return }
        play(field)
    }

    /// The player to move takes `field`; a taken field changes nothing.
    private func play(_ field: Int) {
        guard let mark = engine.play(at: field) else { return }
        let view = MarkView(mark: mark, timeline: timeline)
        view.layout(in: fieldFrameInBoard(field))
        boardLayer.addSublayer(view.layer)
        view.drawIn(duration: knobs[Knobs.markDrawDurationKey])
        markViews[field] = view
        switch engine.outcome {
        case .win?: drawFinishLine(beginTime: nil)
        case .draw?: messageLayer.isHidden = false
        case nil: letComputerMoveIfItsTurn()
        }
        updateStatus()
    }

    /// Schedules the computer's answer when it plays O and O is to move.
    private func letComputerMoveIfItsTurn() {
        guard isComputersTurn, computerMove == nil else { return }
        computerMove = timeline.delay(knobs[Knobs.computerMoveDelayKey]) {
            [weak self] in
            guard let self else { return }
            self.computerMove = nil
            guard self.isComputersTurn, let field = self.minimax.bestMove(on: self.engine.board) else {
                return
            }
            self.play(field)
        }
    }

    private func startNewGame() {
        computerMove?.invalidate()
        computerMove = nil
        engine = GameEngine()
        for view in markViews { view?.layer.removeFromSuperlayer() }
        markViews = Array(repeating: nil, count: Board.fieldCount)
        finishLine?.finishLineView.removeFromSuperlayer()
        finishLine = nil
        messageLayer.isHidden = true
        updateStatus()
    }

    /// The tutorial's finish line across every winning line, from the centre of the line's
    /// first field to the centre of its last (board order), starting at `beginTime` (nil: now).
    // step 1 {
    private func drawFinishLine(beginTime: MediaTime?) {
        guard case .win(_, let lines)? = engine.outcome else { return }
        finishLine?.finishLineView.removeFromSuperlayer()
        let finishLine = FinishLine(
            frameOfMainView: bounds, timeline: timeline, beginTime: beginTime,
            width: knobs[Knobs.finishLineWidthKey], color: knobs[Knobs.finishLineColor].color,
            duration: knobs[Knobs.finishLineAnimationDurationKey], stage: finishLineStage)
        for line in lines {
            guard let first = line.first, let last = line.last else { continue }
            finishLine.draw(from: geometry.fieldCenter(first), to: geometry.fieldCenter(last))
        }
        // "The last step is to add finishLineView to view."
        rootLayer.addSublayer(finishLine.finishLineView)
        self.finishLine = finishLine
    }
    // } step 1

    private func updateStatus() {
        switch engine.outcome {
        case .win(let mark, _)?: statusLayer.string = "\(mark) wins. Click for a new game."
        case .draw?: statusLayer.string = "Draw. Click for a new game."
        case nil:
            statusLayer.string =
                isComputersTurn ? "O (computer) is thinking" : "\(engine.playerToMove) to move"
        }
        hintLayer.string = "c: computer plays O (\(isComputerPlayingO ? "on" : "off"))"
    }

    // MARK: - Keys and debug

    func handleKey(_ key: Key) -> Bool {
        guard key == .character("c") || key == .character("C") else { return false }
        isComputerPlayingO.toggle()
        if isComputerPlayingO {
            letComputerMoveIfItsTurn()
        } else {
            computerMove?.invalidate()
            computerMove = nil
        }
        updateStatus()
        return true
    }

    var keyHelp: [(key: Key, action: String)] { [(.character("c"), "computer plays O on / off")] }

    /// Shows the field numbers (board order) in the fields' corners.
    func setDebugOverlay(visible: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            debugLayer.isHidden = !visible
        }
    }
}

// MARK: - Checkpoints

extension TicTacToeScene: CheckpointingScene, CheckpointedObject {
    /// The game, who plays O, the board's place, the mark views and finish line, the
    /// computer's pending move.
    struct Checkpoint {
        let engine: GameEngine
        let isComputerPlayingO: Bool
        let geometry: BoardGeometry
        let finishLine: FinishLine?
        let debugLabels: [TextLayer]
        let markViews: [MarkView?]
        let computerMove: ScheduledTimer?
        let bounds: Rect
    }

    /// Constants: its layers (the engine's), the knobs (the session's), the minimax's memo
    /// (it only spares work: it gives the same moves).
    static let notCheckpointed: Set = [
        "title", "rootLayer", "timeline", "boardLayer", "gridLayer", "statusLayer", "hintLayer",
        "messageLayer", "debugLayer", "minimax", "knobs", "finishLineStage",
    ]

    var checkpoint: Checkpoint {
        Checkpoint(
            engine: engine, isComputerPlayingO: isComputerPlayingO, geometry: geometry,
            finishLine: finishLine,
            debugLabels: debugLabels, markViews: markViews, computerMove: computerMove, bounds: bounds)
    }

    func restore(_ saved: Checkpoint) {
        engine = saved.engine
        isComputerPlayingO = saved.isComputerPlayingO
        geometry = saved.geometry
        finishLine = saved.finishLine
        debugLabels = saved.debugLabels
        markViews = saved.markViews
        computerMove = saved.computerMove
        bounds = saved.bounds
    }
}
