import Animation
import Foundation
import Render
import TestSupport
import Testing

@testable import Scenes

/// Scripts, geometry and colour tests shared by the tictactoe scene tests (which draw the
/// scene through `SceneTester`).
enum TicTacToeFixture {
    static let size = Size(width: 800, height: 600)

    /// Where the board is in a window of `size`.
    static func geometry(_ size: Size = size) -> BoardGeometry {
        BoardGeometry(bounds: Rect(origin: .zero, size: size))
    }

    /// Clicks at the centres of `fields`, the first at `start` seconds, then one every `spacing`.
    static func clicks(
        _ fields: [Int], from start: Double = 0.1, every spacing: Double = 0.2, size: Size = size
    )
        -> String
    {
        let geometry = geometry(size)
        return fields.enumerated().map { index, field in
            let center = geometry.fieldCenter(field)
            let time = start + Double(index) * spacing
            return String(format: "%.3f tap %.3f %.3f", time, center.x, center.y)
        }.joined(separator: "\n")
    }

    /// X wins the top row: X 0, O 3, X 1, O 4, X 2; the winning click is at 0.9 s.
    static let topRowWin = clicks([0, 3, 1, 4, 2])
    /// The time of the winning click, when the finish line starts.
    static let winTime = 0.9
    /// A draw, a click every 0.1 s from 0.1 s: X 0, O 1, X 2, O 4, X 3, O 5, X 7, O 6, X 8 —
    /// nobody has three in a row.
    static let drawnGame = clicks([0, 1, 2, 4, 3, 5, 7, 6, 8], every: 0.1)

    /// Colours inside a fill or stroke come out exact but for 8-bit rounding (≤ 1/255, a bit
    /// more after un-premultiplying); 0.02 (5/255) accepts those and rejects antialiased edge
    /// pixels, which blend far more with what is under them.
    static let colorTolerance = 0.02

    static func isFinishLine(_ color: Color) -> Bool {
        color.isClose(to: finishLineColor, within: colorTolerance)
    }
    static func isX(_ color: Color) -> Bool { color.isClose(to: xMarkColor, within: colorTolerance) }
    static func isO(_ color: Color) -> Bool { color.isClose(to: oMarkColor, within: colorTolerance) }
    static func isBoard(_ color: Color) -> Bool {
        color.isClose(to: boardBackgroundColor, within: colorTolerance)
    }

    /// `color` under the finish line's veil: black at 30 % over it leaves 70 %.
    static func veiled(_ color: Color) -> Color {
        Color(red: color.red * 0.7, green: color.green * 0.7, blue: color.blue * 0.7)
    }

    /// The colour at `point`, clear outside the frame.
    static func color(_ frame: RenderedFrame, _ point: Point) -> Color { frame.color(at: point) ?? .clear }

    /// How far the finish line's circles reach from their centres in a window of `size`,
    /// pixels: radius 12 points and half of a 1-point stroke (the line is 25 points wide, as
    /// wide), at min(width, height) / 375 pixels a point (20 px at 800×600).
    static func rim(_ size: Size = size) -> Double {
        (finishLineWidth + 0.5) * min(size.width, size.height) / 375
    }

    /// The top of an O in `field` (its stroke starts there).
    static func oTop(_ field: Int, _ geometry: BoardGeometry = geometry()) -> Point {
        geometry.fieldCenter(field) - Point(x: 0, y: geometry.fieldSide * oMarkRadiusRatio)
    }
}

@Suite("TicTacToe scene")
struct TicTacToeSceneTests {
    typealias F = TicTacToeFixture
    let geometry = F.geometry()
    /// A corner of the window, off the board and away from the text.
    let corner = Point(x: 20, y: 20)
    /// The finish line's reach from a circle's centre at 800×600, and the antialiased rim
    /// around it (±1.5 px).
    let rim = F.rim()

    // MARK: - Marks

    @Test("marks appear in the fields clicked, X blue and O red, and no finish line before the win")
    func marksInClickedFields() throws {
        let frame = try SceneTester(scene: "tictactoe", events: F.topRowWin).render(at: 0.85)
        for field in [0, 1] {
            #expect(F.isX(F.color(frame, geometry.fieldCenter(field))), "no X in field \(field)")
        }
        for field in [3, 4] {
            #expect(F.isO(F.color(frame, F.oTop(field))), "no O in field \(field)")
        }
        for field in [2, 5, 6, 7, 8] {
            #expect(F.isBoard(F.color(frame, geometry.fieldCenter(field))), "field \(field) is not empty")
        }
        #expect(frame.count(where: F.isFinishLine) == 0)
        #expect(F.color(frame, corner).isClose(to: windowBackgroundColor, within: F.colorTolerance))
    }

    @Test("a mark draws its strokes in over 0.3 s")
    func markDrawsItself() throws {
        let frames = try SceneTester.frames(
            scene: "tictactoe", events: F.clicks([0]), at: [0.1, 0.2, 0.5, 0.6])
        let field = geometry.fieldFrame(0)
        func inked(_ time: Double) -> Int { frames[time]?.count(in: field, where: F.isX) ?? -1 }
        #expect(inked(0.1) == 0)  // strokeEnd 0 on the frame of the click
        #expect(inked(0.2) > 0 && inked(0.2) < inked(0.5), "\(inked(0.2)) of \(inked(0.5))")
        #expect(inked(0.5) > 1000 && inked(0.6) == inked(0.5))  // done after 0.3 s
    }

    @Test("a click on a taken field, or off the board, changes nothing and keeps the turn")
    func takenFieldChangesNothing() throws {
        let plain = F.clicks([0, 3], from: 0.1, every: 0.3)
        let c = geometry.fieldCenter(0)
        let extra = plain + "\n0.2 tap \(c.x) \(c.y)\n0.25 tap 20 20"
        let withExtra = try SceneTester.frames(scene: "tictactoe", events: extra, at: [0.28, 0.8])
        let without = try SceneTester.frames(scene: "tictactoe", events: plain, at: [0.28, 0.8])
        for time in [0.28, 0.8] {
            guard let a = withExtra[time], let b = without[time] else {
                Issue.record("missing frame at \(time)")
                continue
            }
            let comparison = GoldenImage.compare(a, b, maxChannelDelta: 0)
            #expect(
                comparison?.differingPixels == 0,
                "at \(time) s: \(comparison.map(String.init(describing:)) ?? "size")")
        }
        // The turn stayed with O: the next click put an O in field 3.
        #expect(withExtra[0.8].map { F.isO(F.color($0, F.oTop(3))) } == true)
    }

    // MARK: - The finish line

    @Test("on the win the finish line's circle covers the first field's centre at once, and the veil falls")
    func finishLineAtOnce() throws {
        let frame = try SceneTester(scene: "tictactoe", events: F.topRowWin).render(at: F.winTime)
        let start = geometry.fieldCenter(0)
        #expect(F.isFinishLine(F.color(frame, start)))
        // Only the circle so far: radius 12 points + the half-point of its stroke, 20 px; the
        // box of the pure-colour pixels lies within ±1.5 px of that (antialiased rim).
        let box = try #require(frame.boundingBox(where: F.isFinishLine))
        #expect(box.minX >= start.x - rim - 1.5 && box.minX <= start.x - rim + 1.5, "\(box)")
        #expect(box.maxX >= start.x + rim - 1.5 && box.maxX <= start.x + rim + 1.5, "\(box)")
        #expect(box.minY >= start.y - rim - 1.5 && box.maxY <= start.y + rim + 1.5, "\(box)")
        // The veil: black at 30 % over the window and the board.
        #expect(F.color(frame, corner).isClose(to: F.veiled(windowBackgroundColor), within: F.colorTolerance))
        #expect(
            F.color(frame, geometry.fieldCenter(8)).isClose(
                to: F.veiled(boardBackgroundColor), within: F.colorTolerance))
    }

    @Test("after 1 s of 2 the moving circle is half way: at the middle field's centre")
    func finishLineHalfWay() throws {
        let frame = try SceneTester(scene: "tictactoe", events: F.topRowWin).render(at: F.winTime + 1)
        let start = geometry.fieldCenter(0)
        let middle = geometry.fieldCenter(1)  // half way from field 0 to field 2
        #expect(F.isFinishLine(F.color(frame, middle)))
        #expect(!F.isFinishLine(F.color(frame, geometry.fieldCenter(2))))
        let box = try #require(frame.boundingBox(where: F.isFinishLine))
        #expect(box.minX >= start.x - rim - 1.5 && box.minX <= start.x - rim + 1.5, "\(box)")
        // The circle's far rim is 20 px past its centre; ±2 px for the antialiased rim and
        // the line's rounding: the centre is at 400 ± 2.
        let circleCenter = box.maxX - rim
        #expect(abs(circleCenter - middle.x) <= 2, "the moving circle is at x = \(circleCenter)")
        #expect(box.minY >= start.y - rim - 1.5 && box.maxY <= start.y + rim + 1.5, "\(box)")
    }

    @Test("after 2 s the circle is at the last field's centre and stays; nothing beyond the end circle")
    func finishLineEnds() throws {
        let frames = try SceneTester.frames(
            scene: "tictactoe", events: F.topRowWin, at: [F.winTime + 2, 3.5])
        let end = geometry.fieldCenter(2)
        var boxes: [Rect] = []
        for time in [F.winTime + 2, 3.5] {
            let frame = try #require(frames[time])
            #expect(F.isFinishLine(F.color(frame, end)), "at \(time) s")
            let box = try #require(frame.boundingBox(where: F.isFinishLine))
            // The end circle's rim: 20 px past the centre, ±1.5 px for antialiasing.
            #expect(
                box.maxX >= end.x + rim - 1.5 && box.maxX <= end.x + rim + 1.5, "at \(time) s: \(box)")
            #expect(
                box.minY >= end.y - rim - 1.5 && box.maxY <= end.y + rim + 1.5, "at \(time) s: \(box)")
            let beyond = Rect(x: end.x + rim + 1.5, y: 0, width: 800 - end.x - rim - 1.5, height: 600)
            #expect(frame.count(in: beyond, where: F.isFinishLine) == 0, "at \(time) s")
            boxes.append(box)
        }
        #expect(boxes.first == boxes.last)  // held by fillMode forwards
    }

    @Test("a diagonal runs from its first field in board order (2, top right) to its last (6)")
    func diagonalInBoardOrder() throws {
        // X plays 6, 4, 2 (bottom-up); O plays 0, 1.
        let frames = try SceneTester.frames(
            scene: "tictactoe", events: F.clicks([6, 0, 4, 1, 2]),
            at: [F.winTime, F.winTime + 1, F.winTime + 2])
        let first = geometry.fieldCenter(2)
        let last = geometry.fieldCenter(6)
        let atOnce = try #require(frames[F.winTime])
        #expect(F.isFinishLine(F.color(atOnce, first)))
        #expect(!F.isFinishLine(F.color(atOnce, last)))
        let halfWay = try #require(frames[F.winTime + 1])
        #expect(F.isFinishLine(F.color(halfWay, geometry.fieldCenter(4))))
        #expect(!F.isFinishLine(F.color(halfWay, last)))
        let done = try #require(frames[F.winTime + 2])
        #expect(F.isFinishLine(F.color(done, last)))
        // Nothing past the end circle, down and to the left along the diagonal: 4 px beyond its
        // 20 px rim.
        let past = last + Point(x: -1, y: 1) * ((rim + 4) / 2.0.squareRoot())
        #expect(!F.isFinishLine(F.color(done, past)))
        let box = try #require(done.boundingBox(where: F.isFinishLine))
        let reach = rim + 1.5
        #expect(
            box.minX >= last.x - reach && box.maxX <= first.x + reach && box.minY >= first.y - reach, "\(box)"
        )
        #expect(box.maxY <= last.y + reach, "\(box)")
    }

    // MARK: - Game flow

    @Test("after a win a click starts a new game: no line, no veil, empty board, X to move")
    func newGameAfterWin() throws {
        let center = geometry.fieldCenter(4)
        let events = F.topRowWin + "\n3.6 tap 100 300\n3.8 tap \(center.x) \(center.y)"
        let frame = try SceneTester(scene: "tictactoe", events: events).render(at: 4.3)
        #expect(frame.count(where: F.isFinishLine) == 0)
        #expect(F.color(frame, corner).isClose(to: windowBackgroundColor, within: F.colorTolerance))
        for field in [0, 1, 2, 3, 5, 6, 7, 8] {
            #expect(F.isBoard(F.color(frame, geometry.fieldCenter(field))), "field \(field) is not empty")
        }
        #expect(F.isX(F.color(frame, center)))  // X starts the new game
    }

    /// A strip under the lower grid line (y 380 ± 3 at 800×600) inside the draw message's box
    /// (0.26 of a 160-px field tall about the line: y 359…401).
    static let messageStrip = Rect(x: 250, y: 384, width: 300, height: 7)

    @Test("a full board without a winner says so, and the next click starts a new game")
    func drawSaysSo() throws {
        let events = F.drawnGame + "\n1.7 tap 400 300"
        let frames = try SceneTester.frames(scene: "tictactoe", events: events, at: [0.85, 1.5, 2.0])
        let strip = Self.messageStrip
        func dark(_ color: Color) -> Bool { color.red < 0.3 && color.green < 0.3 && color.blue < 0.3 }
        func white(_ color: Color) -> Bool { color.red > 0.9 && color.green > 0.9 && color.blue > 0.9 }
        let playing = try #require(frames[0.85])
        let drawn = try #require(frames[1.5])
        let next = try #require(frames[2.0])
        // Before: only grid lines are dark there (6 px × 7 px, at x = 320 and 480).
        #expect(playing.count(in: strip, where: dark) < 200)
        // The message box: dark across the strip (2,100 pixels) but for its white letters.
        #expect(drawn.count(in: strip, where: dark) > 1200)
        #expect(drawn.count(in: strip, where: white) > 30)
        #expect(drawn.count(where: F.isFinishLine) == 0)
        #expect(F.color(drawn, corner).isClose(to: windowBackgroundColor, within: F.colorTolerance))
        #expect(next.count(in: strip, where: dark) < 200)
        #expect(next.count(in: geometry.frame, where: { F.isX($0) || F.isO($0) }) == 0)
    }

    @Test("the draw message covers no mark: its box misses every mark's strokes, in points and pixels")
    func drawMessageCoversNoMark() throws {
        let tester = try SceneTester(scene: "tictactoe", events: F.drawnGame)
        let frame = try tester.render(at: 1.5)
        let message = try #require(tester.layer(named: "message"))
        #expect(!message.isHidden)
        let box = message.frame  // in the scene's points, as the marks below
        let marks = tester.scene.rootLayer.allLayers.compactMap { $0 as? ShapeLayer }
            .filter { $0.name?.hasPrefix("mark") == true }
        #expect(marks.count == 9)
        for mark in marks {
            // The strokes' reach: the path's box and half the line width (round caps and joins).
            let reach = mark.path.bounds.insetBy(dx: -mark.lineWidth / 2, dy: -mark.lineWidth / 2)
            let shown = reach.applying(mark.transformToRoot()).applying(
                tester.scene.rootLayer.transformToRoot().inverted ?? .identity)
            #expect(!shown.intersects(box), "\(mark.name ?? "") at \(shown) under the message \(box)")
        }
        // In the pixels: no mark colour inside the message's box (window pixels).
        let pixels = tester.pixels(box)
        #expect(frame.count(in: pixels) { F.isX($0) || F.isO($0) } == 0)
    }

    @Test("while the finish line draws, clicks do nothing (the veil); after it, a click starts a game")
    func veilSwallowsClicks() throws {
        let center = geometry.fieldCenter(4)
        let clicksWhileDrawing = [1.2, 2.0, 2.8].map { "\($0) tap \(center.x) \(center.y)" }
        let events = ([F.topRowWin] + clicksWhileDrawing).joined(separator: "\n")
        let clicked = try SceneTester.frames(scene: "tictactoe", events: events, at: [2.85, 3.0])
        let alone = try SceneTester.frames(scene: "tictactoe", events: F.topRowWin, at: [2.85, 3.0])
        for time in [2.85, 3.0] {
            let a = try #require(clicked[time])
            let b = try #require(alone[time])
            #expect(a.pixels == b.pixels, "a click while the line drew changed the frame at \(time) s")
        }
        // Done at 0.9 + 2 = 2.9 s: the next click starts a new game, X in field 4.
        let next = try SceneTester(scene: "tictactoe", events: events + "\n3.0 tap \(center.x) \(center.y)")
            .render(at: 3.5)
        #expect(next.count(where: F.isFinishLine) == 0)
        #expect(F.isBoard(F.color(next, center)))  // a new game: the click only started it
        let scene = try SceneTester(scene: "tictactoe", events: F.topRowWin)
        let game = try scene.scene(as: TicTacToeScene.self)
        try scene.advance(to: 1.5)
        #expect(game.isFinishLineDrawing)
        try scene.advance(to: 2.95)
        #expect(!game.isFinishLineDrawing)
    }

    // MARK: - The computer player

    @Test("with c the computer answers X as O after 0.5 s, ignoring clicks meanwhile")
    func computerAnswers() throws {
        let expected = try #require(Minimax().bestMove(on: Board(xs: [4], os: [])))
        let events = "0.1 key c\n" + F.clicks([4, 8], from: 0.3, every: 0.2)  // 8 is refused
        let frames = try SceneTester.frames(scene: "tictactoe", events: events, at: [0.75, 1.4])
        let waiting = try #require(frames[0.75])
        #expect(waiting.count(in: geometry.frame, where: F.isO) == 0)
        let answered = try #require(frames[1.4])
        #expect(F.isO(F.color(answered, F.oTop(expected))), "no O in field \(expected)")
        #expect(F.isBoard(F.color(answered, geometry.fieldCenter(8))))
        #expect(F.isX(F.color(answered, geometry.fieldCenter(4))))
    }

    @Test("c again hands O back to the human, cancelling a pending answer")
    func computerOff() throws {
        let events = "0.1 key c\n" + F.clicks([4], from: 0.3) + "\n0.5 key c\n" + F.clicks([0], from: 1.5)
        let frames = try SceneTester.frames(scene: "tictactoe", events: events, at: [1.4, 2.0])
        #expect(frames[1.4].map { $0.count(in: geometry.frame, where: F.isO) } == 0)
        #expect(frames[2.0].map { F.isO(F.color($0, F.oTop(0))) } == true)
    }

    @Test("the scene lists c in the help overlay and takes c, not other keys")
    func keys() throws {
        let tester = try SceneTester(scene: "tictactoe")
        #expect(tester.session.helpLines.contains { $0.key == "c" })
        let scene = try tester.scene(as: TicTacToeScene.self)
        #expect(scene.handleKey(.character("c")) && scene.isComputerPlayingO)
        #expect(scene.handleKey(.character("C")) && !scene.isComputerPlayingO)
        #expect(!scene.handleKey(.character("x")))
    }

    // MARK: - Layout

    @Test(
        "the board is a centred white square of 0.8 × the smaller side with grid lines at thirds",
        arguments: [
            Size(width: 800, height: 600), Size(width: 500, height: 700), Size(width: 1024, height: 768),
        ])
    func layout(size: Size) throws {
        let geometry = F.geometry(size)
        let tester = try SceneTester(scene: "tictactoe", size: size, events: F.clicks([8], size: size))
        let frame = try tester.render(at: 0.6)
        let board = geometry.frame
        let side = 0.8 * min(size.width, size.height)
        // The white pixels: the board but its antialiased edge pixels (within 1 px).
        let white = try #require(frame.boundingBox(where: F.isBoard))
        #expect(
            abs(white.minX - board.minX) <= 1 && abs(white.maxX - board.maxX) <= 1, "\(white) vs \(board)")
        #expect(
            abs(white.minY - board.minY) <= 1 && abs(white.maxY - board.maxY) <= 1, "\(white) vs \(board)")
        #expect(abs(board.width - side) <= 1e-9 && abs(board.midX - size.width / 2) <= 1e-9)
        // Grid lines through the thirds, ≥ 5 px wide: their centre pixels are the grid colour;
        // their round caps stay on the board: the pixels just outside its edges, where the
        // lines end, are the window's background.
        for third in [1.0, 2.0] {
            let offset = side * third / 3
            let vertical = Point(x: board.minX + offset, y: board.minY + side / 6)
            let horizontal = Point(x: board.minX + side / 6, y: board.minY + offset)
            for point in [vertical, horizontal] {
                #expect(
                    F.color(frame, point).isClose(to: gridLineColor, within: F.colorTolerance), "\(point)")
            }
            let ends = [
                Point(x: board.minX + offset, y: board.minY - 1),
                Point(x: board.minX + offset, y: board.maxY + 1),
                Point(x: board.minX - 1, y: board.minY + offset),
                Point(x: board.maxX + 1, y: board.minY + offset),
            ]
            for end in ends {
                #expect(
                    F.color(frame, end).isClose(to: windowBackgroundColor, within: 2.0 / 255),
                    "a cap sticks out at \(end): \(F.color(frame, end))")
            }
        }
        #expect(F.isBoard(F.color(frame, geometry.fieldCenter(0))))
        #expect(F.isX(F.color(frame, geometry.fieldCenter(8))))  // the click landed in field 8
    }

    @Test("a resize during the finish line lays it out again for the new board and carries on")
    func resizeDuringFinishLine() throws {
        let tester = try SceneTester(scene: "tictactoe", events: F.topRowWin)
        _ = try tester.render(at: 1.4)  // 0.5 s into the line
        let size = Size(width: 500, height: 700)
        tester.resize(to: size)  // on the next frame
        let geometry = F.geometry(size)
        let halfWay = try tester.render(at: 1.9)  // 1 s into the line
        #expect(halfWay.width == 500 && halfWay.height == 700)
        #expect(F.isFinishLine(F.color(halfWay, geometry.fieldCenter(0))))
        #expect(F.isFinishLine(F.color(halfWay, geometry.fieldCenter(1))))
        // The circle's rim is 16.7 px past the middle (1.33 px a point); 4 px more is clear.
        let rim = F.rim(size)
        #expect(!F.isFinishLine(F.color(halfWay, geometry.fieldCenter(1) + Point(x: rim + 4, y: 0))))
        #expect(
            F.color(halfWay, Point(x: 490, y: 690)).isClose(
                to: F.veiled(windowBackgroundColor), within: F.colorTolerance))
        let done = try tester.render(at: 2.9)  // the end
        let end = geometry.fieldCenter(2)
        #expect(F.isFinishLine(F.color(done, end)))
        let box = try #require(done.boundingBox(where: F.isFinishLine))
        #expect(box.maxX <= end.x + rim + 1.5 && box.maxX >= end.x + rim - 1.5, "\(box)")
    }

    // MARK: - Goldens

    /// The goldens, each paired with probes that state what it shows: the arguments of
    /// `golden(_:)`, and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        SceneGolden(scene: "tictactoe", events: F.topRowWin, at: 1.9) { frame in
            // 1 s of 2 into the line: the moving circle at the middle field, not yet at the last.
            let geometry = F.geometry()
            #expect(F.isFinishLine(F.color(frame, geometry.fieldCenter(1))))
            #expect(!F.isFinishLine(F.color(frame, geometry.fieldCenter(2))))
        },
        SceneGolden(scene: "tictactoe", events: F.topRowWin, at: 3.5) { frame in
            // Done: the circle stays at the last field's centre.
            #expect(F.isFinishLine(F.color(frame, F.geometry().fieldCenter(2))))
        },
        SceneGolden(scene: "tictactoe", events: F.drawnGame, at: 1.5) { frame in
            // A draw: the message box over the lower grid line (see drawSaysSo).
            let strip = messageStrip
            #expect(frame.count(in: strip) { $0.red < 0.3 && $0.green < 0.3 && $0.blue < 0.3 } > 1200)
            #expect(frame.count(where: F.isFinishLine) == 0)
        },
    ]

    @Test("goldens: the finish line half drawn and done, and a draw", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
