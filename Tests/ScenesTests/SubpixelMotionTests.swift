import Animation
import Render
import Session
import TestSupport
import Testing

@testable import Scenes

/// Layers moving at a steady speed advance by the same amount every frame, as Core Animation
/// moves them, by fractions of a pixel: the centroid of their pixels steps by their speed, to
/// 0.1 px, cached rasters and scaled images included (docs/ARCHITECTURE.md § Points). Placed on
/// whole pixels, the fish's nose stepped 2, 1, 1, 1, 2 px and the finish line's circle 3, 2, 3.
@Suite("Sub-pixel motion: steady speed, steady steps")
struct SubpixelMotionTests {
    /// Centroid steps may differ from the speed by this much, pixels (the bound).
    static let stepTolerance = 0.1

    /// The centroid of `ink` over `background` in `region`, pixels.
    static func centroid(_ frame: RenderedFrame, ink: Color, background: Color, in region: Rect) -> Point {
        TutorialSizeTests.Ink(frame, ink: ink, background: background, in: region).centroid
    }

    /// Expects every step of `xs` to be `speed`, within `stepTolerance`.
    static func expectSteadySteps(
        _ xs: [Double], speed: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let steps = zip(xs, xs.dropFirst()).map { $1 - $0 }
        let worst = steps.map { abs($0 - speed) }.max() ?? .infinity
        #expect(
            worst <= stepTolerance,
            "\(what): steps \(steps.map { ($0 * 1000).rounded() / 1000 }) px, speed \(speed) px a frame",
            sourceLocation: sourceLocation)
        #expect(steps.count >= 30, "\(what): only \(steps.count) steps", sourceLocation: sourceLocation)
    }

    @Test(
        "the swimming fish's centroid advances with it every frame",
        arguments: [
            Size(width: 800, height: 600), Size(width: 375, height: 667), Size(width: 1600, height: 1000),
        ])
    func fish(size: Size) throws {
        let tester = try SceneTester(scene: "fish", size: size)
        let scene = try tester.scene(as: FishScene.self)
        // The fish alone: its bubbles would wander through the fish's rows.
        tester.session.sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            scene.bubbles.isHidden = true
        }
        let scale = SceneSession.pointScale(forWindow: size)
        // The first leg (from the middle, 5 s on ease in-out) keeps the fish wholly inside the
        // window from 0.4 s to 1.4 s at these sizes (at 375 points wide its snout reaches 350);
        // its speed changes from frame to frame, so each centroid step is held to the step of
        // the fish's presentation position.
        try tester.advance(to: 0.4)
        let band = Rect(x: 0, y: size.height / 2 - 102 * scale, width: size.width, height: 204 * scale)
        // The ink: pure yellow over white (the fish's difference from white is its blue).
        let yellow = Color(red: 1, green: 1, blue: 0)
        var offsets: [Double] = []
        var shown: [Double] = []
        for _ in 0..<60 {
            let frame = try tester.render()
            let x = scene.fishImageView.presentation().position.x * scale
            shown.append(x)
            offsets.append(Self.centroid(frame, ink: yellow, background: fishBackgroundColor, in: band).x - x)
        }
        // The centroid moves with the fish: its offset from the fish's place steps by 0.
        Self.expectSteadySteps(offsets, speed: 0, "the fish's centroid against its place at \(size)")
        #expect((shown.last ?? 0) - (shown.first ?? 0) > 30, "the fish hardly moved: \(shown)")
    }

    @Test(
        "the finish line's moving circle advances by its speed every frame",
        arguments: [Size(width: 800, height: 600), Size(width: 375, height: 667)])
    func finishLineCircle(size: Size) throws {
        let geometry = BoardGeometry(bounds: Rect(origin: .zero, size: size))  // window pixels
        let win = TicTacToeFixture.clicks([0, 3, 1, 4, 2], size: size)
        let tester = try SceneTester(scene: "tictactoe", size: size, events: win)
        let scene = try tester.scene(as: TicTacToeScene.self)
        try tester.advance(to: TicTacToeFixture.winTime)
        let finishLine = try #require(scene.finishLine)
        // The moving circle alone on the veiled board: the start circle, the line, the marks and
        // the grid would come and go under it.
        let layers = finishLine.finishLineView.sublayers
        #expect(layers.count == 3)
        tester.session.sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            for layer in [layers[0], layers[2]] { layer.isHidden = true }
            for layer in scene.rootLayer.allLayers
            where layer.name?.hasPrefix("mark") == true || layer.name == "grid" {
                layer.isHidden = true
            }
        }
        let start = geometry.fieldCenter(0)
        let end = geometry.fieldCenter(2)
        // From field 0 to field 2 in 2 s, linear.
        let speed = (end.x - start.x) / 120
        let rim = TicTacToeFixture.rim(size)
        let board = geometry.frame
        let band = Rect(x: board.minX, y: start.y - rim - 3, width: board.width, height: 2 * rim + 6)
        let veiled = TicTacToeFixture.veiled(boardBackgroundColor)
        var xs: [Double] = []
        for _ in 0..<119 {  // every frame of the 2 s but the last, where it comes to rest
            let frame = try tester.render()
            xs.append(Self.centroid(frame, ink: finishLineColor, background: veiled, in: band).x)
        }
        Self.expectSteadySteps(xs, speed: speed, "the circle at \(size)")
        // And it moved the whole way: from the start to near the end.
        #expect(abs((xs.first ?? 0) - start.x - speed) <= 0.5, "first \(xs.first ?? 0)")
        #expect(abs((xs.last ?? 0) - (end.x - speed)) <= 0.5, "last \(xs.last ?? 0)")
    }

    @Test("a floating bubble's pixels follow its path every frame, within its quarter-pixel places")
    func bubble() throws {
        let size = Size(width: 800, height: 600)
        let tester = try SceneTester(
            scene: "fish", size: size, events: "\(FishTest.tapMode); 0.2 tap 400 300")
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 0.3)
        tester.session.sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            scene.fishImageView.isHidden = true  // the bubble alone on white
        }
        let bubble = try #require(scene.floats.first?.bubbleImageView)
        let scale = SceneSession.pointScale(forWindow: size)
        var offsets: [Point] = []
        for _ in 0..<60 {
            let frame = try tester.render()
            let place = bubble.presentation().position * scale  // where the path puts it now
            let region = Rect(x: place.x - 40, y: place.y - 40, width: 80, height: 80)
            // The ink: the bubble's blue rim, RGB(60, 150, 230) (Assets/generate_assets.py).
            let rim = Color(red255: 60, green255: 150, blue255: 230)
            let ink = TutorialSizeTests.Ink(frame, ink: rim, background: fishBackgroundColor, in: region)
            #expect(ink.total > 10, "the bubble is drawn near \(place)")
            offsets.append(Point(x: ink.centroid.x - place.x, y: ink.centroid.y - place.y))
        }
        // The bubble's pixels sit at a fixed offset from its place (its picture is not
        // symmetric), give or take the 1/8 px of its quarter-pixel placement each way: within
        // 0.3 px over the second. Placed on whole pixels, this spread is up to 1 px.
        let xs = offsets.map(\.x)
        let ys = offsets.map(\.y)
        let spread = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
        #expect(spread <= 0.3, "offsets from the path spread over \(spread) px: \(offsets)")
    }
}
