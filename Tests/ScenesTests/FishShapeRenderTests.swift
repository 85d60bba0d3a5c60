import Animation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The floating shapes as drawn: the debug overlay's path of each bubble (docs/SEMANTICS.md
/// § Fish (JRMFloatingAnimation)), found in the pixels, has the library's form; and goldens.
@Suite("Fish: the floating shapes, rendered")
struct FishShapeRenderTests {
    /// 800×600: 1.6 px a point; in tap mode the fish is centred and bubbles start at its frame's
    /// origin + (5, 80), (155, 167.5) points, (248, 268) px.
    static let scale = 1.6
    static let tail = Point(x: 248, y: 268)
    /// The overlay's time label, top left: not the path.
    static let label = Rect(x: 0, y: 0, width: 220, height: 32)

    /// The pixels of the debug overlay's bubble paths: where the frame with the overlay on
    /// differs from the same run without it and is blue well above red (the path is RGB(0.1, 0.3,
    /// 0.7) at 70 %: over white (0.37, 0.51, 0.79), over a bubble bluer); the orange control
    /// lines (red above blue), the green layer bounds (blue ≤ 0.5) and the label are not.
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
            if color.blue > 0.6 && color.blue - color.red > 0.15 {
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

    /// The paths and the bubbles on the white screen: blue well above red (as `pathPixels`);
    /// the overlay's orange control lines and green layer bounds (the window's edges too) are not.
    static func isMark(_ color: Color) -> Bool { color.blue > 0.5 && color.blue - color.red > 0.15 }
    /// The fish's layer in tap mode at 800×600.
    static let fishBox = Rect(x: 240, y: 140, width: 320, height: 320)

    static let goldens: [SceneGolden] = [
        SceneGolden(
            scene: "fish",
            events:
                "\(FishTest.tapMode); 0 key f; 0.05 key d; 0.2 tap 400 300; 0.35 tap 400 300; 0.5 tap 400 300",
            at: 0.95
        ) { frame in
            // Intent: three curves left, their paths and bubbles all left of where they start
            // (248 px): no mark right of it above, below and right of the fish.
            for outside in [
                Rect(x: 252, y: 40, width: 548, height: 100), Rect(x: 252, y: 460, width: 548, height: 140),
                Rect(x: 560, y: 140, width: 240, height: 320),
            ] {
                #expect(frame.count(in: outside, where: isMark) == 0, "marks in \(outside)")
            }
            #expect(frame.count(in: Rect(x: 0, y: 40, width: 240, height: 228), where: isMark) > 300)
        },
        SceneGolden(
            scene: "fish",
            events:
                "\(FishTest.tapMode); 0 key f; 0 key f; 0 key n; 0.05 key d; 0.2 tap 400 300; 0.35 tap 400 300",
            at: 1.0
        ) { frame in
            // Intent: two curves right sinking: marks below the fish, right of the start, none
            // above the fish or left of the fish below the start.
            #expect(frame.count(in: Rect(x: 252, y: 460, width: 548, height: 140), where: isMark) > 100)
            #expect(frame.count(in: Rect(x: 0, y: 40, width: 800, height: 100), where: isMark) == 0)
            #expect(frame.count(in: Rect(x: 0, y: 272, width: 236, height: 328), where: isMark) == 0)
        },
        SceneGolden(
            scene: "fish",
            events: "\(FishTest.tapMode); 0 key f; 0 key f; 0 key f; 0 key v; 0 key v; "
                + "0.2 tap 400 300; 0.3 tap 400 300; 0.4 tap 400 300; 0.5 tap 400 300; 0.6 tap 400 300",
            at: 1.05
        ) { frame in
            // Intent: triangle up with music notes (no overlay): notes, pale gold with a dark
            // outline at the bubbles' random alpha (0.1…1), make white warmer (red − blue above
            // 0.15) above the fish (y < 140 px), on both sides of the start (248 px).
            func isNote(_ color: Color) -> Bool { color.red - color.blue > 0.15 }
            #expect(frame.count(in: Rect(x: 0, y: 0, width: 244, height: 140), where: isNote) > 10)
            #expect(frame.count(in: Rect(x: 252, y: 0, width: 548, height: 140), where: isNote) > 10)
        },
    ]

    @Test("goldens: curves left, curves right sinking, triangle up with notes", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
