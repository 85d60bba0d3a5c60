import Animation
import Foundation
import TestSupport
import Testing

@testable import Scenes

/// The game under the finish line: board order, wins, turns, the computer player and the
/// board's place in the window. (Render tests are in TicTacToeSceneTests.swift.)
@Suite("TicTacToe game")
struct TicTacToeGameTests {
    // MARK: - Board and rules

    @Test("the eight lines are rows, columns and diagonals, each listed in board order")
    func linesInBoardOrder() {
        #expect(Board.lines.count == 8)
        #expect(Set(Board.lines.map { Set($0) }).count == 8)
        for line in Board.lines {
            #expect(line == line.sorted(), "\(line) is not in board order")
            let steps = Set(zip(line, line.dropFirst()).map { $1 - $0 })
            #expect(steps.count == 1 && [1, 3, 4, 2].contains(steps.first ?? 0), "\(line) is not a line")
        }
    }

    @Test("a diagonal placed bottom-up still runs from its first field (2) to its last (6)")
    func winningLineIsInBoardOrder() {
        var game = GameEngine()
        for field in [6, 0, 4, 1, 2] { game.play(at: field) }  // X: 6, 4, 2; O: 0, 1
        #expect(game.outcome == .win(.x, lines: [[2, 4, 6]]))
    }

    @Test("one move can complete two lines: both are reported, in the order of Board.lines")
    func doubleWin() {
        var game = GameEngine()
        // X: 1, 2, 3, 6 then 0; O: 4, 5, 7, 8 (no line for O).
        for field in [1, 4, 2, 5, 3, 7, 6, 8, 0] { game.play(at: field) }
        #expect(game.outcome == .win(.x, lines: [[0, 1, 2], [0, 3, 6]]))
    }

    @Test("X moves first and the players alternate")
    func turns() {
        var game = GameEngine()
        #expect(game.play(at: 4) == .x)
        #expect(game.play(at: 0) == .o)
        #expect(game.play(at: 8) == .x)
        #expect(game.playerToMove == .o)
    }

    @Test("a taken field, a field off the board, or a move after the end changes nothing")
    func refusedMoves() {
        var game = GameEngine()
        game.play(at: 0)
        let before = game
        #expect(game.play(at: 0) == nil)
        #expect(game.play(at: 9) == nil)
        #expect(game.play(at: -1) == nil)
        #expect(game.board == before.board && game.playerToMove == .o)
        for field in [3, 1, 4, 2] { game.play(at: field) }  // X completes 0, 1, 2
        let won = game
        #expect(game.play(at: 8) == nil)
        #expect(game.board == won.board)
    }

    @Test("a full board without three in a row is a draw")
    func draw() {
        var game = GameEngine()
        for field in [0, 1, 2, 4, 3, 5, 7, 6, 8] { game.play(at: field) }
        #expect(game.outcome == .draw)
    }

    // MARK: - The computer player

    @Test("the computer as O never loses, whatever X plays (every game)")
    func computerAsONeverLoses() {
        let minimax = Minimax()
        var games = 0
        var results: [String: Int] = [:]
        func walk(_ game: GameEngine) {
            if let outcome = game.outcome {
                games += 1
                if case .win(let mark, _) = outcome {
                    #expect(mark == .o, "X beat the computer: \(game.board.fields)")
                    results["O", default: 0] += 1
                } else {
                    results["draw", default: 0] += 1
                }
                return
            }
            if game.playerToMove == .x {
                for field in game.board.emptyFields {
                    var next = game
                    next.play(at: field)
                    walk(next)
                }
            } else {
                guard let field = minimax.bestMove(on: game.board) else {
                    Issue.record("no move on an open board \(game.board.fields)")
                    return
                }
                var next = game
                #expect(next.play(at: field) == .o)
                walk(next)
            }
        }
        walk(GameEngine())
        #expect(games > 100, "walked only \(games) games")
        #expect(results["draw", default: 0] > 0 && results["O", default: 0] > 0, "\(results)")
    }

    @Test("the computer as X (moving first) never loses, whatever O plays (every game)")
    func computerAsXNeverLoses() {
        let minimax = Minimax()
        var games = 0
        func walk(_ game: GameEngine) {
            if let outcome = game.outcome {
                games += 1
                if case .win(let mark, _) = outcome {
                    #expect(mark == .x, "O beat the computer: \(game.board.fields)")
                }
                return
            }
            if game.playerToMove == .o {
                for field in game.board.emptyFields {
                    var next = game
                    next.play(at: field)
                    walk(next)
                }
            } else if let field = minimax.bestMove(on: game.board) {
                var next = game
                next.play(at: field)
                walk(next)
            } else {
                Issue.record("no move on an open board \(game.board.fields)")
            }
        }
        walk(GameEngine())
        #expect(games > 10, "walked only \(games) games")
    }

    @Test("the scores are memoised: one search from the empty board knows all 5,478 positions")
    func memoised() {
        let minimax = Minimax()
        #expect(minimax.score(of: Board()) == 0)  // perfect play is a draw
        // 5,478 is the number of legal tic-tac-toe positions reachable from the empty board,
        // counting the empty board and stopping at wins: every one is searched exactly once.
        #expect(minimax.memoisedBoardCount == 5478)
        _ = minimax.bestMove(on: Board())
        #expect(minimax.memoisedBoardCount == 5478)
    }

    @Test("the computer takes a win when it has one, and blocks one otherwise")
    func winsAndBlocks() {
        let minimax = Minimax()
        // O to move with O on 3, 4: 5 wins (X threatens 0-1-2, which would only block).
        #expect(minimax.bestMove(on: Board(xs: [0, 1, 8], os: [3, 4])) == 5)
        // O to move, X threatens 0-1-2: block at 2.
        #expect(minimax.bestMove(on: Board(xs: [0, 1], os: [4])) == 2)
        // X opens in the centre: O must take a corner (an edge loses).
        let answer = minimax.bestMove(on: Board(xs: [4], os: []))
        #expect([0, 2, 6, 8].contains(answer ?? -1))
        #expect(minimax.bestMove(on: Board(xs: [0, 1, 2], os: [3, 4])) == nil)  // over
    }

    // MARK: - Board geometry

    @Test("at 800×600 the board is the square (160, 60, 480, 480) with 160-pixel fields")
    func geometry800x600() {
        let geometry = BoardGeometry(bounds: Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(geometry.frame == Rect(x: 160, y: 60, width: 480, height: 480))  // exact: 0.8·600
        #expect(geometry.fieldCenter(0) == Point(x: 240, y: 140))
        #expect(geometry.fieldCenter(5) == Point(x: 560, y: 300))
        #expect(geometry.fieldCenter(6) == Point(x: 240, y: 460))
    }

    @Test(
        "the board is a centred square of 0.8 × the smaller side",
        arguments: [(800.0, 600.0), (500.0, 700.0), (1024.0, 768.0), (300.0, 300.0)])
    func geometryAtSizes(width: Double, height: Double) {
        let geometry = BoardGeometry(bounds: Rect(x: 0, y: 0, width: width, height: height))
        let side = 0.8 * min(width, height)
        // Sums of a few doubles: 1e-9 is far below a pixel.
        #expect(abs(geometry.frame.width - side) <= 1e-9 && abs(geometry.frame.height - side) <= 1e-9)
        #expect(abs(geometry.frame.midX - width / 2) <= 1e-9 && abs(geometry.frame.midY - height / 2) <= 1e-9)
        for field in 0..<9 {
            #expect(geometry.field(at: geometry.fieldCenter(field)) == field)
            #expect(abs(geometry.fieldFrame(field).width - side / 3) <= 1e-9)
        }
    }

    @Test("a point maps to its field; points off the board to none")
    func fieldAtPoint() {
        let geometry = BoardGeometry(bounds: Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(geometry.field(at: Point(x: 160, y: 60)) == 0)  // top-left corner is inside
        #expect(geometry.field(at: Point(x: 319.9, y: 219.9)) == 0)
        #expect(geometry.field(at: Point(x: 320, y: 220)) == 4)
        #expect(geometry.field(at: Point(x: 639.9, y: 539.9)) == 8)
        #expect(geometry.field(at: Point(x: 640, y: 300)) == nil)  // the max edge is outside
        #expect(geometry.field(at: Point(x: 159.9, y: 300)) == nil)
        #expect(geometry.field(at: Point(x: 400, y: 20)) == nil)
    }

    // MARK: - The finish line, as the tutorial builds it

    @Test("the tutorial's constants")
    func constants() {
        #expect(finishLineWidth == 12)
        #expect(finishLineAnimationDuration == 2)
        // The tutorial's colour literal, to its 10 digits.
        #expect(
            finishLineColor.isClose(
                to: Color(red: 0.9529411793, green: 0.6862745285, blue: 0.1333333403), within: 1e-10))
        // … which is 243, 175, 34 of 255: Xcode writes colour literals from Floats, whose
        // spacing near 0.7 is 6e-8.
        #expect(finishLineColor.isClose(to: Color(red255: 243, green255: 175, blue255: 34), within: 6e-8))
        #expect(finishLineViewColor == Color(red: 0, green: 0, blue: 0, alpha: 0.30))
        #expect(boardSizeRatio == 0.8)
    }

    @Test("finishLineView: the whole window, black at 30 %, with the three layers in the tutorial's order")
    func finishLineLayers() throws {
        let timeline = Timeline()
        let window = Rect(x: 0, y: 0, width: 800, height: 600)
        let finishLine = FinishLine(frameOfMainView: window, timeline: timeline)
        finishLine.draw(from: Point(x: 240, y: 140), to: Point(x: 560, y: 460))
        let view = finishLine.finishLineView
        #expect(view.frame == window && view.bounds.origin == .zero)
        #expect(view.backgroundColor == finishLineViewColor && view.isUserInteractionEnabled)
        let layers = view.sublayers.compactMap { $0 as? ShapeLayer }
        try #require(layers.count == 3)
        let (startPointShapeLayer, lineShapeLayer, finishPointShapeLayer) = (layers[0], layers[1], layers[2])
        // Both circles: radius 12 about the start, filled and stroked (width 1) in the colour.
        for circle in [startPointShapeLayer, lineShapeLayer] {
            let box = circle.path.bounds
            // The arc is cut at 0°, 90°, 180°, 270°, where the circle has its extremes, and the
            // pieces' end points lie on it: the box is exact up to the extent solver, 1e-6.
            #expect(abs(box.midX - 240) <= 1e-6 && abs(box.midY - 140) <= 1e-6)
            #expect(abs(box.width - 24) <= 1e-6 && abs(box.height - 24) <= 1e-6)
            #expect(circle.fillColor == finishLineColor && circle.strokeColor == finishLineColor)
            #expect(circle.lineWidth == 1)
        }
        #expect(finishPointShapeLayer.lineWidth == 25)  // finishLineWidth * 2 + 1
        #expect(finishPointShapeLayer.strokeColor == finishLineColor)
        #expect(
            lineShapeLayer.animationKeys == ["animation"]
                && finishPointShapeLayer.animationKeys == ["animation"])
    }

    @Test(
        "the circle moves by the relative offset and the line draws, both linear over 2 s; the circle stays")
    func finishLineMotion() {
        let stepper = FrameStepper(fps: 60)
        let finishLine = FinishLine(
            frameOfMainView: Rect(x: 0, y: 0, width: 800, height: 600), timeline: stepper.timeline)
        finishLine.draw(from: Point(x: 240, y: 140), to: Point(x: 560, y: 460))
        stepper.commitCurrentFrame()
        let layers = finishLine.finishLineView.sublayers.compactMap { $0 as? ShapeLayer }
        guard layers.count == 3 else {
            Issue.record("expected three shape layers, found \(layers.count)")
            return
        }
        let lineShapeLayer = layers[1]
        let finishPointShapeLayer = layers[2]
        var samples: [(time: MediaTime, position: Point, strokeEnd: Double)] = []
        stepper.advance(seconds: 3) { time in
            samples.append(
                (time, lineShapeLayer.presentation().position, finishPointShapeLayer.presentation().strokeEnd)
            )
        }
        #expect(samples.count == 180)
        // Linear (no timing function) and held after 2 s: every frame exact up to the rounding
        // of a few products, 1e-9. One report each, at the frame that strays most.
        func worst(_ error: (MediaTime, Point, Double) -> Double) -> (error: Double, time: MediaTime) {
            samples.map { (error($0.time, $0.position, $0.strokeEnd), $0.time) }.max { $0.0 < $1.0 } ?? (0, 0)
        }
        let position = worst { time, position, _ in
            position.distance(to: Point(x: 320, y: 320) * min(time / 2, 1))
        }
        let strokeEnd = worst { time, _, strokeEnd in abs(strokeEnd - min(time / 2, 1)) }
        #expect(position.error <= 1e-9, "the circle is \(position.error) px off at \(position.time) s")
        #expect(strokeEnd.error <= 1e-9, "strokeEnd is \(strokeEnd.error) off at \(strokeEnd.time) s")
        // Models untouched: the circle's layer stays at (0, 0) and is held by fillMode forwards.
        #expect(lineShapeLayer.position == .zero)
        #expect(lineShapeLayer.animationKeys == ["animation"])  // not removed on completion
        #expect(finishPointShapeLayer.animationKeys.isEmpty)  // removed; the model's 1 shows
        #expect(finishPointShapeLayer.strokeEnd == 1)
    }
}
