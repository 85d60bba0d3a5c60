import Animation
import Render
import Session
import TestSupport
import Testing

@testable import Scenes

/// The tutorials as steps (SceneDescriptor.steps, `--step N`): each stage runs and shows what
/// its tutorial has on screen then, and the last is the scene itself.
@Suite("Tutorial steps")
struct TutorialStepTests {
    /// The scenes with steps, each with an events script that shows its stages: a won game
    /// (the finish line), a drag released at 0.6 s (the wave and its bounce), two clicks (the
    /// check to the X and back), two clicks on the fish; the download and the floating scene's
    /// balloons run by themselves.
    static let scripts: [(scene: String, events: String)] = [
        ("tictactoe", TicTacToeFixture.topRowWin),
        ("elastic", "0.1 drag 400 100 420 300 0.5\n"),
        ("checkmark", "0.1 tap 100 100\n1.5 tap 100 100\n"),
        ("fish", "0.1 tap 400 300\n0.6 tap 400 300\n"),
        ("download", ""),
        ("pull", "0.1 drag 400 150 410 450 0.5\n"),
        ("floating", ""),
    ]

    @Test("each tutorial has at least four steps, each with a caption of a sentence or two")
    func stepsAndCaptions() throws {
        for (name, _) in Self.scripts {
            let descriptor = try #require(SceneCatalog.index(of: name).map { SceneCatalog.all[$0] })
            #expect(descriptor.steps.count >= 4, "\(name)")
            for step in descriptor.steps {
                #expect((20...300).contains(step.caption.count), "\(name): \(step.caption)")
            }
            #expect(descriptor.atStep(0) == nil && descriptor.atStep(descriptor.steps.count + 1) == nil)
            #expect(descriptor.atStep(1)?.step == 1)
        }
    }

    @Test("every step renders its stage through the scripted input", arguments: scripts.map(\.scene))
    func everyStepRenders(scene: String) throws {
        let events = try #require(Self.scripts.first { $0.scene == scene }).events
        let count = try #require(SceneCatalog.index(of: scene).map { SceneCatalog.all[$0].steps.count })
        for step in 1...count {
            let tester = try SceneTester(scene: scene, events: events, step: step)
            let frame = try tester.render(at: 1.2)
            // Something is drawn: not one flat colour.
            let first = try #require(frame.color(x: 0, y: frame.height - 1))
            let others = frame.count { !$0.isClose(to: first, within: 0.05) }
            #expect(others > 100, "\(scene) step \(step)")
        }
    }

    @Test("the last step is the scene, pixel for pixel", arguments: scripts.map(\.scene))
    func lastStepIsTheScene(scene: String) throws {
        let events = try #require(Self.scripts.first { $0.scene == scene }).events
        let count = try #require(SceneCatalog.index(of: scene).map { SceneCatalog.all[$0].steps.count })
        for time in [0.0, 0.5, 1.2, 3.5] {
            // The step bar has a band of its own under the scene: the step's scene rect is the
            // window less the bar, and the scene alone in a window of that size draws the same.
            let stepped = try SceneTester(scene: scene, events: events, step: count)
            let last = try stepped.render(at: time)
            let rect = stepped.session.sceneRect
            #expect(rect.height < 600 && rect.width == 800, "\(scene): no band for the bar: \(rect)")
            let plain = try SceneTester(scene: scene, size: rect.size, events: events).render(at: time)
            let isSame = plain.pixels == Array(last.pixels.prefix(plain.pixels.count))  // no array dump
            #expect(isSame, "\(scene) at \(time) s")
        }
    }

    @Test("the finish line's first step is a plain rectangle: square ends where the last has round ones")
    func finishLineFirstStepHasSquareEnds() throws {
        let geometry = TicTacToeFixture.geometry()
        let (start, end) = (geometry.fieldCenter(0), geometry.fieldCenter(2))
        // Past each end along the line, inside the round end (radius 20 px at 800×600,
        // `TicTacToeFixture.rim`): 12 px out is 8 px inside the circle's edge, clear of its
        // antialiasing; a butt-capped stroke ends at the field's centre.
        let beyondStart = Point(x: start.x - 12, y: start.y)
        let beyondEnd = Point(x: end.x + 12, y: end.y)
        let middle = Point(x: (start.x + end.x) / 2, y: start.y)
        let time = TicTacToeFixture.winTime + 2.5  // the line drawn whole (2 s)
        let first = try SceneTester(scene: "tictactoe", events: TicTacToeFixture.topRowWin, step: 1).render(
            at: time)
        let last = try SceneTester(scene: "tictactoe", events: TicTacToeFixture.topRowWin).render(at: time)
        for point in [beyondStart, beyondEnd] {
            #expect(!TicTacToeFixture.isFinishLine(try #require(first.color(at: point))), "\(point)")
            #expect(TicTacToeFixture.isFinishLine(try #require(last.color(at: point))), "\(point)")
        }
        #expect(TicTacToeFixture.isFinishLine(try #require(first.color(at: middle))))
        #expect(TicTacToeFixture.isFinishLine(try #require(last.color(at: middle))))
    }

    @Test("the elastic's first steps show the control points as red squares; the scene hides them")
    func elasticControlPointsAreRed() throws {
        // The centre point c's square, 3 points (4.8 px at 800×600), red over its middle
        // pixel; without the red the pixel there is the band's edge or white.
        let red = Color(red: 1, green: 0, blue: 0)
        func colorAtC(step: Int?) throws -> Color {
            let tester = try SceneTester(scene: "elastic", step: step)
            let frame = try tester.render(at: 0.1)
            // `pixels` is in the scene rect's scale: at a step the bar's band leaves it less height.
            let center = tester.pixels(try tester.presentation(of: "c").position)
            return try #require(frame.color(at: center))
        }
        for step in 1...4 {
            let color = try colorAtC(step: step)
            #expect(color.isClose(to: red, within: 0.02), "step \(step): \(color)")
        }
        let scene = try colorAtC(step: nil)
        #expect(!scene.isClose(to: red, within: 0.3), "\(scene)")
    }

    @Test(
        "the elastic's pan step stretches the wave and leaves it there on release; the spring step brings it back"
    )
    func elasticPanThenSpring() throws {
        let drag = "0.1 drag 400 100 400 300 0.5\n"
        // 2 s after the release at 0.6 s: the spring (0.9 s) is over.
        let pan = try SceneTester(scene: "elastic", events: drag, step: 3).render(at: 2.6)
        let spring = try SceneTester(scene: "elastic", events: drag, step: 4).render(at: 2.6)
        let fill = Color(red255: 57, green255: 67, blue255: 89)
        // Below the band at rest (50 points, 80 px at 800×600) and above the stretched wave's
        // base (100 points: a pull of 125 points leaves 50 + 125 − 75).
        let below = Point(x: 420.5, y: 120.5)
        #expect(try #require(pan.color(at: below)).isClose(to: fill, within: 0.02))
        #expect(try #require(spring.color(at: below)).isClose(to: .white, within: 0.02))
    }

    @Test("the checkmark's first step shows the bare shapes, filled; the next trims their strokes")
    func checkmarkFirstSteps() throws {
        // 30 points below the artboard's centre: inside the circle, clear of every path's
        // straight parts by 6 points or more (the artboard's lines x + y = 207.6, y − x = 47.5
        // and x + y = 229.2 at (103.8, 133.8)).
        func color(step: Int?) throws -> Color {
            let tester = try SceneTester(scene: "checkmark", step: step)
            let frame = try tester.render(at: 0.1)
            let center = try tester.presentation(of: "b1").position
            return try #require(frame.color(at: tester.pixels(center + Point(x: 0, y: 30))))
        }
        let shapes = try color(step: 1)
        #expect(shapes.isClose(to: C4Blue, within: 0.02), "\(shapes)")
        for step in [2, nil] {
            let trimmed = try color(step: step)
            #expect(trimmed.isClose(to: C4Purple, within: 0.02), "step \(step ?? 0): \(trimmed)")
        }
    }

    @Test(
        "the checkmark's X state moves all strokes at once; the choreography delays them; only the last turns pink"
    )
    func checkmarkXStateAndChoreography() throws {
        let click = "0.1 tap 100 100\n"
        // 0.2 s after the click: b2 starts at 0.3 s in the choreography, at once in the X state.
        let allAtOnce = try SceneTester(scene: "checkmark", events: click, step: 3).render(at: 0.3)
        let delayed = try SceneTester(scene: "checkmark", events: click, step: 4).render(at: 0.3)
        #expect(allAtOnce.pixels != delayed.pixels)
        // At rest on the X: blue strokes until the colour step, pink in it.
        func strokes(_ frame: RenderedFrame, _ color: Color) -> Int {
            frame.count { $0.isClose(to: color, within: 0.1) }
        }
        let blueX = try SceneTester(scene: "checkmark", events: click, step: 4).render(at: 1.5)
        let pinkX = try SceneTester(scene: "checkmark", events: click, step: 5).render(at: 1.5)
        #expect(strokes(blueX, C4Blue) > 500 && strokes(blueX, C4Pink) == 0)
        #expect(strokes(pinkX, C4Pink) > 500 && strokes(pinkX, C4Blue) == 0)
    }

    @Test(
        "the fish's steps: a click blows nothing at first, then a still bubble, then one with its path drawn")
    func fishFirstSteps() throws {
        let click = "0.1 tap 400 300\n"  // the fish's middle, where it waits before the swim
        func frame(step: Int, at time: Double) throws -> RenderedFrame {
            try SceneTester(scene: "fish", events: click, step: step).render(at: time)
        }
        // The bubble image is bluish, the fish yellow, the window white.
        func bubblePixels(_ frame: RenderedFrame) -> Int {
            frame.count { $0.blue > $0.red + 0.15 && $0.alpha > 0.5 }
        }
        func pathPixels(_ frame: RenderedFrame) -> Int {
            frame.count { $0.isClose(to: FishScene.tutorialPathColor, within: 0.08) }
        }
        #expect(bubblePixels(try frame(step: 1, at: 0.5)) == 0)
        let still = try frame(step: 2, at: 0.5)
        #expect(bubblePixels(still) > 100 && pathPixels(still) == 0)
        // The path: 75 points of curve, 2 points wide (3.2 px at 800×600), a few hundred pixels.
        let path = try frame(step: 3, at: 0.5)
        #expect(pathPixels(path) > 150, "\(pathPixels(path))")
        // Step 3's bubble stays at the start; step 4's floats off it.
        #expect(try frame(step: 3, at: 1.5).pixels == path.pixels)
        #expect(try frame(step: 4, at: 1.5).pixels != path.pixels)
        // From the variation on there is no drawn path.
        #expect(pathPixels(try frame(step: 6, at: 0.5)) == 0)
    }

    @Test("the download's steps: nothing fills at first, then the updates jump, then they animate")
    func downloadSteps() throws {
        func frame(step: Int, at time: Double) throws -> RenderedFrame {
            try SceneTester(scene: "download", step: step).render(at: time)
        }
        func filled(_ frame: RenderedFrame) -> Int {
            frame.count { $0.isClose(to: DownloadScene.indicatorColor, within: 0.05) }
        }
        // After the last update (4 s) and its animation: only the rings in step 1, the pies
        // (80-point indicators, 128 px at 800×600) in the scene.
        let empty = try frame(step: 1, at: 4.7)
        let full = try frame(step: 4, at: 4.7)
        #expect(filled(full) > 3 * filled(empty), "\(filled(empty)) of \(filled(full))")
        // The first update is at 1 s: step 2 shows its end at once, step 3 animates for 0.5 s.
        #expect(try frame(step: 2, at: 1.1).pixels == frame(step: 2, at: 1.45).pixels)
        #expect(try filled(frame(step: 3, at: 1.1)) < filled(frame(step: 3, at: 1.45)))
    }

    @Test("a step stays that step through a restart and through time travel")
    func stepSurvivesRestartAndTimeTravel() throws {
        let geometry = TicTacToeFixture.geometry()
        let end = geometry.fieldCenter(2)
        let beyondEnd = Point(x: end.x + 12, y: end.y)  // as in the square-ends test
        let middle = geometry.fieldCenter(1)
        // Time travel: paused at 3.5 s, one frame back (a replay from a rebuilt scene).
        let paused = TicTacToeFixture.topRowWin + "\n3.5 key space\n3.6 key Left\n"
        let travelled = try SceneTester(scene: "tictactoe", events: paused, step: 1).render(at: 3.8)
        #expect(TicTacToeFixture.isFinishLine(try #require(travelled.color(at: middle))))
        #expect(!TicTacToeFixture.isFinishLine(try #require(travelled.color(at: beyondEnd))))
        // Restart at 3.5 s, then the same game again from 3.6 s.
        let again = TicTacToeFixture.clicks([0, 3, 1, 4, 2], from: 3.6)
        let restarted = TicTacToeFixture.topRowWin + "\n3.5 key r\n" + again
        let replayed = try SceneTester(scene: "tictactoe", events: restarted, step: 1).render(at: 7.5)
        #expect(TicTacToeFixture.isFinishLine(try #require(replayed.color(at: middle))))
        #expect(!TicTacToeFixture.isFinishLine(try #require(replayed.color(at: beyondEnd))))
        let scene = try SceneTester(scene: "tictactoe", events: restarted).render(at: 7.5)
        #expect(TicTacToeFixture.isFinishLine(try #require(scene.color(at: beyondEnd))))
    }
}
