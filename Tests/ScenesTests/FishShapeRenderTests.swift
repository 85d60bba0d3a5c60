import Animation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The floating shapes as drawn: the debug overlay's path of each bubble (docs/SEMANTICS.md
/// § Fish (JRMFloatingAnimation)), found in the pixels, has the library's form; and goldens.
@Suite("Fish: the floating shapes, rendered")
struct FishShapeRenderTests {
    /// 800×600: 1.6 px a point; in tap mode the fish is centred and its tail is at (175,
    /// 187.5) points, (280, 300) px.
    static let scale = 1.6
    static let tail = Point(x: 280, y: 300)
    /// The overlay's time label, top left: not the path.
    static let label = Rect(x: 0, y: 0, width: 220, height: 32)

    /// The pixels of the debug overlay's bubble paths: where the frame with the overlay on
    /// differs from the same run without it and is light and grey-blue to white (the path is
    /// white at 70 % over the sea, 187, 210, 232, or over a bubble or the fish); the yellow
    /// control lines (blue ≤ 0.5), the green layer bounds (red ≤ 0.2) and the label are not.
    func pathPixels(events: String, knobs: [String] = ["maxHeight=150"], at time: MediaTime) throws -> (
        pixels: [Point], floats: [FloatingBubble]
    ) {
        let overlay = try SceneTester(scene: "fish", events: "\(events); 0.05 key d", knobs: knobs)
        let plain = try SceneTester(scene: "fish", events: events, knobs: knobs)
        let a = try overlay.render(at: time)
        let b = try plain.render(at: time)
        let scene = try overlay.scene(as: FishScene.self)
        let pa = a.pixels
        let pb = b.pixels
        var found: [Point] = []
        for index in pa.indices where pa[index] != pb[index] {
            let x = index % a.width
            let y = index / a.width
            guard let color = a.color(x: x, y: y), !Self.label.contains(Point(x: Double(x), y: Double(y)))
            else { continue }
            if min(color.red, color.green, color.blue) > 0.55 && color.blue > 0.6 {
                found.append(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            }
        }
        return (found, scene.floats.map(\.bubble))
    }

    func box(_ points: [Point]) throws -> Rect {
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let minX = try #require(xs.min())
        let minY = try #require(ys.min())
        return Rect(x: minX, y: minY, width: (xs.max() ?? minX) - minX, height: (ys.max() ?? minY) - minY)
    }

    /// The path's extent in pixels: the stroke is 1 point (1.6 px) wide and antialiased, so
    /// its pixels' centres lie within 2 px of the curve.
    static let strokeSlack = 2.0
    /// At its ends a path is under the overlay's dashed lines to its control points (a cubic
    /// leaves its start towards cp1 and reaches its end from cp2), whose first dash, 3 points
    /// (4.8 px) long, is yellow: there its drawn extent may stop a dash short.
    static let endSlack = strokeSlack + 3 * scale

    @Test(
        "curve left: the path keeps left of the start line and ends w left, the height up",
        arguments: [false, true])
    func curveLeft(sinks: Bool) throws {
        let events = "\(FishTest.tapMode); 0 key f\(sinks ? "; 0 key n" : ""); 0.2 tap 400 300"
        let found = try pathPixels(events: events, at: 0.8)
        let bubble = try #require(found.floats.first)
        #expect(bubble.shape == .curveLeft && bubble.sinks == sinks)
        let drawn = try box(found.pixels)
        let end = Point(x: bubble.ex, y: bubble.ey) * Self.scale
        #expect(drawn.maxX <= Self.tail.x + Self.strokeSlack, "right of the start line: \(drawn)")
        #expect(abs(drawn.minX - end.x) <= Self.strokeSlack, "\(drawn) vs end \(end)")
        try expectVerticalExtent(drawn, end: end, sinks: sinks)
    }

    @Test("curve right: the path keeps right of the start line and ends w right", arguments: [false, true])
    func curveRight(sinks: Bool) throws {
        let events = "\(FishTest.tapMode); 0 key f; 0 key f\(sinks ? "; 0 key n" : ""); 0.2 tap 400 300"
        let found = try pathPixels(events: events, at: 0.8)
        let bubble = try #require(found.floats.first)
        #expect(bubble.shape == .curveRight && bubble.sinks == sinks)
        let drawn = try box(found.pixels)
        let end = Point(x: bubble.ex, y: bubble.ey) * Self.scale
        #expect(drawn.minX >= Self.tail.x - Self.strokeSlack, "left of the start line: \(drawn)")
        #expect(abs(drawn.maxX - end.x) <= Self.strokeSlack, "\(drawn) vs end \(end)")
        try expectVerticalExtent(drawn, end: end, sinks: sinks)
    }

    @Test("straight: the zigzag swings t/(2√3) to both sides of the start line", arguments: [false, true])
    func straight(sinks: Bool) throws {
        let events = "\(FishTest.tapMode)\(sinks ? "; 0 key n" : ""); 0.2 tap 400 300"
        let found = try pathPixels(events: events, at: 0.8)
        let bubble = try #require(found.floats.first)
        let drawn = try box(found.pixels)
        let swing = bubble.maximumSwing * Self.scale
        #expect(abs(drawn.minX - (Self.tail.x - swing)) <= Self.strokeSlack, "\(drawn), swing \(swing)")
        #expect(abs(drawn.maxX - (Self.tail.x + swing)) <= Self.strokeSlack, "\(drawn), swing \(swing)")
        try expectVerticalExtent(drawn, end: Point(x: bubble.ex, y: bubble.ey) * Self.scale, sinks: sinks)
    }

    /// Floating: from the tail up to the end; sinking: from the tail down to it.
    func expectVerticalExtent(_ drawn: Rect, end: Point, sinks: Bool) throws {
        let (top, bottom) = sinks ? (Self.tail.y, end.y) : (end.y, Self.tail.y)
        #expect(abs(drawn.minY - top) <= Self.endSlack, "top \(drawn.minY), expected \(top)")
        #expect(abs(drawn.maxY - bottom) <= Self.endSlack, "bottom \(drawn.maxY), expected \(bottom)")
    }

    @Test(
        "triangle up: six paths fan out upwards from the tail, each ending where its bubble does")
    func triangleUp() throws {
        let clicks = (0..<6).map { "\(0.2 + 0.1 * Double($0)) tap 400 300" }.joined(separator: "; ")
        let events = "\(FishTest.tapMode); 0 key f; 0 key f; 0 key f; \(clicks)"
        let found = try pathPixels(events: events, at: 0.9)
        #expect(found.floats.count == 6)
        let shapes = Set(found.floats.map(\.shape))
        // Seed 1 picks all three; with any seed, six picks miss one with probability 26 %.
        #expect(shapes == [.curveLeft, .curveRight, .straight])
        // The apex: every path starts at the tail, and nothing is below it.
        let drawn = try box(found.pixels)
        #expect(drawn.maxY <= Self.tail.y + Self.strokeSlack, "below the apex: \(drawn)")
        #expect(
            found.pixels.contains { $0.distance(to: Self.tail) <= Self.endSlack }, "no path from the tail")
        // Each path reaches its bubble's end point.
        for bubble in found.floats {
            let end = Point(x: bubble.ex, y: bubble.ey) * Self.scale
            #expect(found.pixels.contains { $0.distance(to: end) <= Self.endSlack }, "no path to \(end)")
        }
        // The cone: the curves reach at least 50 points (80 px) to each side.
        #expect(drawn.minX <= Self.tail.x - 80 && drawn.maxX >= Self.tail.x + 80, "\(drawn)")
    }

    // MARK: - Goldens

    /// Light pixels (the paths, the bubbles, the fish's eye and shine) outside the fish.
    static func isLight(_ color: Color) -> Bool { min(color.red, color.green, color.blue) > 0.55 }
    /// The fish's layer in tap mode at 800×600, and the overlay's label.
    static let fishBox = Rect(x: 240, y: 204, width: 320, height: 192)

    static let goldens: [SceneGolden] = [
        SceneGolden(
            scene: "fish",
            events:
                "\(FishTest.tapMode); 0 key f; 0.05 key d; 0.2 tap 400 300; 0.35 tap 400 300; 0.5 tap 400 300",
            at: 0.95
        ) { frame in
            // Intent: three curves left, their paths and bubbles all left of the tail (280 px):
            // no light pixel right of it but the fish's eye and shine, above, below and right
            // of the fish.
            for outside in [
                Rect(x: 284, y: 40, width: 516, height: 164), Rect(x: 284, y: 396, width: 516, height: 204),
                Rect(x: 560, y: 204, width: 240, height: 192),
            ] {
                #expect(frame.count(in: outside) { isLight($0) } == 0, "light pixels in \(outside)")
            }
            #expect(frame.count(in: Rect(x: 0, y: 40, width: 276, height: 262)) { isLight($0) } > 300)
        },
        SceneGolden(
            scene: "fish",
            events:
                "\(FishTest.tapMode); 0 key f; 0 key f; 0 key n; 0.05 key d; 0.2 tap 400 300; 0.35 tap 400 300",
            at: 1.0
        ) { frame in
            // Intent: two curves right sinking: light pixels below the fish, right of the tail,
            // none above the fish or left of the tail below it.
            #expect(frame.count(in: Rect(x: 284, y: 400, width: 516, height: 200)) { isLight($0) } > 100)
            #expect(frame.count(in: Rect(x: 0, y: 40, width: 800, height: 160)) { isLight($0) } == 0)
            #expect(frame.count(in: Rect(x: 0, y: 300, width: 274, height: 300)) { isLight($0) } == 0)
        },
        SceneGolden(
            scene: "fish",
            events: "\(FishTest.tapMode); 0 key f; 0 key f; 0 key f; 0 key v; 0 key v; "
                + "0.2 tap 400 300; 0.3 tap 400 300; 0.4 tap 400 300; 0.5 tap 400 300; 0.6 tap 400 300",
            at: 1.05
        ) { frame in
            // Intent: triangle up with music notes (no overlay): notes, pale gold with a dark
            // outline at the bubbles' random alpha (0.1…1), make the sea warmer (red − blue up
            // by more than 0.15 from the sea's −0.59) above the fish, on both sides of the tail.
            func isNote(_ color: Color) -> Bool {
                color.red - color.blue > fishSeaColor.red - fishSeaColor.blue + 0.15
            }
            #expect(frame.count(in: Rect(x: 0, y: 0, width: 276, height: 200), where: isNote) > 10)
            #expect(frame.count(in: Rect(x: 284, y: 0, width: 516, height: 200), where: isNote) > 10)
        },
    ]

    @Test("goldens: curves left, curves right sinking, triangle up with notes", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
