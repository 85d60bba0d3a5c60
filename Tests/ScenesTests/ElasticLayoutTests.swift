import Animation
import Render
import Session
import TestSupport
import Testing

@testable import Scenes

/// The elastic scene's maths, driven through a `SceneTester`: the tutorial's constants,
/// the control-point layout for a few pointer positions and drag lengths, the homework (the
/// shape layer's height), and what is switched off (implicit animations, the idle display link).
@Suite("Elastic scene: layout and state")
struct ElasticLayoutTests {
    @Test("the tutorial's constants are kept")
    func constants() throws {
        let scene = try SceneTester(scene: "elastic").scene(as: ElasticScene.self)
        #expect(scene.minimalHeight == 50)
        #expect(scene.maxWaveHeight == 100)
        #expect(scene.shapeFillColor == Color(red255: 57, green255: 67, blue255: 89))
        #expect(scene.waveHeightFactor == 0.6)
        #expect(scene.edgeShiftFactor == 0.28)
        #expect(scene.outerControlPointFactor == 0.44)
        #expect(scene.innerControlPointFactor == 0.71)
        #expect(scene.innerWaveFactor == 0.64)
        #expect(scene.centerWaveFactor == 1.36)
        #expect(scene.bounceDuration == 0.9)
        #expect(scene.bounceDampingRatio == 0.57)
        #expect(scene.bounceInitialVelocity == 0)
        #expect(scene.controlPointSize == 3)
        #expect(scene.shapeLayer.actions == ["position": .none, "bounds": .none, "path": .none])
    }

    /// One drag: window size (pixels), press, where the pointer is now, and the seven points
    /// (l3 … r3) worked out by hand from the tutorial's `panGestureDidMove` and
    /// `layoutControlPoints`, all in the scene's points (the window's shorter side is 375; the
    /// pointer is sent in pixels, points × the window's scale).
    struct LayoutCase: CustomTestStringConvertible, Sendable {
        var name: String
        var size: Size
        var press: Point
        var pointer: Point
        var expected: [Point]
        var testDescription: String { name }
    }

    static let layoutCases: [LayoutCase] = [
        // 1600×750 pixels are 800×375 points, 2 pixels a point. Pull 200 in the middle:
        // waveHeight min(120, 100) = 100, baseHeight 50 + 200 − 100 = 150; apex in the middle,
        // so minLeftX 0, maxRightX 800 and both parts 400 wide.
        LayoutCase(
            name: "1600×750, middle, pull 200 (wave capped at 100)",
            size: Size(width: 1600, height: 750), press: Point(x: 400, y: 100),
            pointer: Point(x: 400, y: 300),
            expected: [
                Point(x: 0, y: 150), Point(x: 176, y: 150), Point(x: 284, y: 214), Point(x: 400, y: 286),
                Point(x: 516, y: 214), Point(x: 624, y: 150), Point(x: 800, y: 150),
            ]),
        // 800×375 pixels are 800×375 points. Pull 50 at x 200: waveHeight 30, baseHeight 70;
        // minLeftX (200 − 400)·0.28 = −56, maxRightX 800; parts 256 and 600.
        LayoutCase(
            name: "800×375, left, pull 50",
            size: Size(width: 800, height: 375), press: Point(x: 200, y: 100), pointer: Point(x: 200, y: 150),
            expected: [
                Point(x: -56, y: 70), Point(x: 56.64, y: 70), Point(x: 125.76, y: 89.2),
                Point(x: 200, y: 110.8), Point(x: 374, y: 89.2), Point(x: 536, y: 70), Point(x: 800, y: 70),
            ]),
        // 750×1050 pixels are 375×525 points. Pull 400 (the pointer also went 20 left) at x 305
        // of 375: waveHeight 100, baseHeight 350; minLeftX 0, maxRightX 375 + 117.5·0.28 = 407.9;
        // parts 305 and 102.9.
        LayoutCase(
            name: "750×1050, right, pull 400 sideways",
            size: Size(width: 750, height: 1050), press: Point(x: 325, y: 50), pointer: Point(x: 305, y: 450),
            expected: [
                Point(x: 0, y: 350), Point(x: 134.2, y: 350), Point(x: 216.55, y: 414), Point(x: 305, y: 486),
                Point(x: 334.841, y: 414), Point(x: 362.624, y: 350), Point(x: 407.9, y: 350),
            ]),
        // 1000×750 pixels are 500×375 points. Dragging up: additionalHeight max(−50, 0) = 0, the
        // band stays flat at 50; parts 250 wide.
        LayoutCase(
            name: "1000×750, middle, dragged up",
            size: Size(width: 1000, height: 750), press: Point(x: 250, y: 150),
            pointer: Point(x: 250, y: 100),
            expected: [
                Point(x: 0, y: 50), Point(x: 110, y: 50), Point(x: 177.5, y: 50), Point(x: 250, y: 50),
                Point(x: 322.5, y: 50), Point(x: 390, y: 50), Point(x: 500, y: 50),
            ]),
    ]

    @Test("the seven control points follow the tutorial's layout", arguments: layoutCases)
    func controlPointLayout(_ layoutCase: LayoutCase) throws {
        let scale = SceneSession.pointScale(forWindow: layoutCase.size)
        let press = layoutCase.press * scale
        let pointer = layoutCase.pointer * scale
        let events = """
            0.1 down \(press.x) \(press.y)
            0.2 move \(pointer.x) \(pointer.y)
            """
        let tester = try SceneTester(scene: "elastic", size: layoutCase.size, events: events)
        let scene = try tester.scene(as: ElasticScene.self)
        try tester.advance(to: 0.25)
        let names = ["l3", "l2", "l1", "c", "r1", "r2", "r3"]
        for (index, view) in scene.controlPointViews.enumerated() {
            #expect(view.name == names[index])
            // Products of short decimals: exact up to rounding, 1e-9 points.
            let actual = view.presentation().position
            let expected = layoutCase.expected[index]
            #expect(
                actual.distance(to: expected) <= 1e-9,
                "\(names[index]) at \(actual), expected \(expected)")
            #expect(view.bounds.size == Size(width: 3, height: 3))
        }
        // Laid out without implicit animations: nothing is attached anywhere.
        #expect(scene.rootLayer.allLayers.allSatisfy { $0.animationKeys.isEmpty })
    }

    @Test(
        "each factor knob's description names the control points it moves",
        arguments: [
            ("outerControlPointFactor=0.3", "l2 and r2", ["l2", "r2"]),
            ("innerControlPointFactor=0.6", "l1 and r1", ["l1", "r1"]),
            ("innerWaveFactor=0.5", "l1 and r1", ["l1", "r1"]),
        ])
    func factorKnobDescriptions(setting: String, named: String, moved: [String]) throws {
        func pointsWhileDragging(_ knobs: [String]) throws -> [String: Point] {
            let events = "0.1 down 300 100; 0.2 move 300 300"
            let tester = try SceneTester(scene: "elastic", events: events, knobs: knobs)
            let scene = try tester.scene(as: ElasticScene.self)
            try tester.advance(to: 0.25)
            return Dictionary(
                uniqueKeysWithValues: scene.controlPointViews.map { ($0.name ?? "", $0.position) })
        }
        let tutorial = try pointsWhileDragging([])
        let turned = try pointsWhileDragging([setting])
        let actuallyMoved = tutorial.keys.filter { tutorial[$0] != turned[$0] }.sorted()
        #expect(actuallyMoved == moved)
        let name = String(setting.prefix { $0 != "=" })
        let knob = try #require(ElasticScene.tutorialKnobs.first { $0.name == name })
        #expect(knob.description.hasPrefix(named), "\(name): \"\(knob.description)\"")
    }

    @Test("at rest the band is minimalHeight tall, its points flat across the full width")
    func rest() throws {
        for windowSize in [Size(width: 800, height: 600), Size(width: 500, height: 700)] {
            let tester = try SceneTester(scene: "elastic", size: windowSize)
            let scene = try tester.scene(as: ElasticScene.self)
            let size = SceneSession.sceneBounds(forWindow: windowSize).size  // points
            try tester.advance(to: 0.1)
            #expect(scene.shapeLayer.frame == Rect(x: 0, y: 0, width: size.width, height: 50))
            let points = scene.controlPointViews.map(\.position)
            #expect(points.allSatisfy { $0.y == 50 })
            #expect(points.first?.x == 0 && points.last?.x == size.width)
            #expect(points[3].x == size.width / 2)
            // The path: the top edge and a flat bottom at 50.
            #expect(scene.shapeLayer.path.bounds == Rect(x: 0, y: 0, width: size.width, height: 50))
            #expect(scene.controlPointViews.allSatisfy { $0.isHidden })
        }
    }

    /// 800×375 points at 2 pixels a point: a pull of 200 points in the middle.
    static let wideWindow = Size(width: 1600, height: 750)

    @Test("homework: the shape layer's height follows the wave's bottom while dragging")
    func homeworkHeightWhileDragging() throws {
        let tester = try SceneTester(
            scene: "elastic", size: Self.wideWindow, events: "0.1 down 800 200; 0.2 move 800 600")
        let scene = try tester.scene(as: ElasticScene.self)
        try tester.advance(to: 0.25)
        // The middle curve runs from l1 (y 214) with control points c (286) and r1 (214); its
        // lowest point is at t = 1/3: 214 + 3·(1/3)(2/3)²·72 = 246. Rounding only: 1e-9 points.
        #expect(abs(scene.shapeLayer.frame.maxY - 246) <= 1e-9)
        #expect(scene.shapeLayer.frame.minY == 0)
        #expect(scene.shapeLayer.frame.width == 800)
        #expect(abs(scene.shapeLayer.path.bounds.maxY - 246) <= 1e-9)
        // Changed without implicit animations (the actions map turns them off).
        #expect(scene.shapeLayer.animationKeys.isEmpty)
    }

    @Test("homework: the shape layer's height bounces with the wave, and rests at minimalHeight")
    func homeworkHeightWhileBouncing() throws {
        let tester = try SceneTester(
            scene: "elastic", size: Self.wideWindow,
            events: "0.1 down 800 200; 0.2 move 800 600; 0.5 up 800 600")
        let scene = try tester.scene(as: ElasticScene.self)
        try tester.advance(to: 0.5)
        var heights: [Double] = []
        while tester.frame < 90 {  // to 1.5 s: the bounce ends at 1.4 s
            try tester.tick()
            heights.append(scene.shapeLayer.frame.height)
            // The layer's bottom is always the path's (both come from the same rebuild).
            #expect(abs(scene.shapeLayer.frame.maxY - scene.shapeLayer.path.bounds.maxY) <= 1e-9)
        }
        let lowest = try #require(heights.min())
        // It overshoots above the band (docs/SEMANTICS.md: x peaks at 1.1037 near t/d 0.3): the wave's
        // bottom, now the band's ends at baseHeight, rises above 50.
        #expect(lowest < 50 - 5, "lowest height \(lowest)")
        #expect(heights.last == 50)  // exactly: the path is rebuilt from the model at the end
        #expect(scene.shapeLayer.animationKeys.isEmpty)
    }

    @Test("the display link runs only while bouncing; input is off while it runs")
    func displayLinkAndInput() throws {
        let tester = try SceneTester(
            scene: "elastic", events: "0.1 down 400 100; 0.2 move 400 300; 0.5 up 400 300")
        let scene = try tester.scene(as: ElasticScene.self)
        try tester.advance(to: 0.3)
        #expect(!scene.animating)
        #expect(tester.session.nextWakeTime == nil)  // dragging needs no frames of its own
        try tester.advance(to: 0.5)
        #expect(scene.animating)
        #expect(!scene.rootLayer.isUserInteractionEnabled)
        #expect(tester.session.nextWakeTime != nil)
        #expect(scene.controlPointViews.allSatisfy { $0.animationKeys == ["position"] })
        try tester.advance(to: 1.45)  // 0.5 + 0.9 = 1.4 s: done
        #expect(!scene.animating)
        #expect(scene.rootLayer.isUserInteractionEnabled)
        #expect(tester.session.nextWakeTime == nil)  // idle: nothing runs until input
        #expect(scene.rootLayer.allLayers.allSatisfy { $0.animationKeys.isEmpty })
        #expect(scene.controlPointViews.allSatisfy { $0.position.y == 50 })
    }

    @Test("a resize during the bounce lays the band out at rest for the new width")
    func resizeDuringBounce() throws {
        let tester = try SceneTester(
            scene: "elastic", events: "0.1 down 400 100; 0.2 move 400 300; 0.5 up 400 300")
        let scene = try tester.scene(as: ElasticScene.self)
        try tester.advance(to: 0.7)
        tester.resize(to: Size(width: 1024, height: 768))
        try tester.advance(to: 0.75)
        #expect(!scene.animating)
        // 1024×768 pixels are 500×375 points.
        #expect(scene.shapeLayer.frame == Rect(x: 0, y: 0, width: 500, height: 50))
        #expect(scene.controlPointViews.last?.presentation().position == Point(x: 500, y: 50))
    }
}
