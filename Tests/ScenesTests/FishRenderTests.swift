import Animation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The fish scene as `animdemo render` draws it: the sea, the fish where it should be, a
/// bubble found in the pixels, and goldens paired with those probes.
@Suite("Fish: rendered frames")
struct FishRenderTests {
    /// The columns of the fish image that are warm (red − blue > 0.3) once composited over the
    /// sea: pixels 4…110, so the box from x = 4 to 111 (computed from Assets/fish.png; the
    /// antialiased rims of the tail lobes and the snout are too pale to count).
    static let warmExtent = (minX: 4.0, maxX: 111.0)

    func frames(
        size: Size = Size(width: 800, height: 600), events: String = "", at times: [MediaTime]
    ) throws -> [MediaTime: RenderedFrame] {
        try SceneTester.frames(scene: "fish", size: size, events: events, at: times)
    }

    @Test(
        "tap mode at rest: the sea, and the fish alone in the middle of the window", arguments: FishTest.sizes
    )
    func tapModeAtRest(size: Size) throws {
        let frame = try #require(try frames(size: size, events: FishTest.tapMode, at: [1])[1])
        let fishFrame = Rect(
            x: size.width / 2 - 60, y: size.height / 2 - 36, width: 120, height: 72)
        // Corners and edges are the sea, to 8-bit rounding.
        for point in [
            Point(x: 2, y: 2), Point(x: size.width - 3, y: 2), Point(x: 2, y: size.height - 3),
            Point(x: size.width - 3, y: size.height - 3), Point(x: size.width / 2, y: fishFrame.minY - 20),
        ] {
            let color = try #require(frame.color(at: point))
            #expect(FishTest.isSea(color), "\(color) at \(point) is not the sea")
        }
        // Nothing but the sea outside the fish's frame.
        let outside = frame.count { !FishTest.isSea($0) } - frame.count(in: fishFrame) { !FishTest.isSea($0) }
        #expect(outside == 0, "\(outside) pixels outside the fish are not the sea")
        // The fish: its warm pixels span the image's warm extent, placed at the frame. The fish
        // sits on whole pixels at these sizes, so its extent is exact to the pixel.
        let box = try #require(frame.boundingBox(where: FishTest.isFish))
        #expect(abs(box.minX - (fishFrame.minX + Self.warmExtent.minX)) <= 1, "fish box \(box)")
        #expect(abs(box.maxX - (fishFrame.minX + Self.warmExtent.maxX)) <= 1, "fish box \(box)")
        #expect(box.minY >= fishFrame.minY && box.maxY <= fishFrame.maxY)
        #expect(abs(box.midY - fishFrame.midY) <= 1.5, "fish box \(box)")
    }

    @Test(
        "tap mode: a click's bubble starts at the tail, rises, swings both ways, is gone after its pop"
    )
    func bubbleInPixels() throws {
        let click = 0.2
        let tester = try SceneTester(scene: "fish", events: "\(FishTest.tapMode); \(click) tap 400 300")
        let plain = try SceneTester(scene: "fish", events: FishTest.tapMode)
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: click)
        try plain.advance(to: click)
        let clickFrame = tester.frame
        let entry = try #require(scene.floats.first)
        let bubble = entry.bubble
        let popFrame = Int((Double(clickFrame) / 60 + bubble.duration) * 60 - 1e-9) + 1
        let goneFrame = popFrame + 8  // 0.1 s of pop (6 frames), one of rounding, one to spare

        /// The bubble as drawn: where the picture with the click differs from the one without.
        func drawnBubble(at frame: Int) throws -> (box: Rect?, model: Point) {
            let withClick = try tester.render(frame: frame)
            let without = try plain.render(frame: frame)
            let model = entry.bubbleImageView.presentation().position
            return (FishTest.differenceBox(withClick, without), model)
        }

        // Its first frame after the click: at the tail, to the few pixels a sixtieth of its
        // float can move it (≤ 200·1.5/120 up, ≤ 100·3/120 sideways), and drawn where its
        // presentation layer is, to antialiasing (1 px).
        let first = try drawnBubble(at: clickFrame + 1)
        let firstBox = try #require(first.box, "no bubble drawn after the click")
        #expect(first.model.distance(to: FishSceneTests.tapTail) <= 4, "starts at \(first.model)")
        #expect(
            firstBox.center.distance(to: first.model) <= 1,
            "drawn at \(firstBox.center), model \(first.model)")
        // Its size, to antialiasing: a pixel either side.
        #expect(
            abs(firstBox.width - bubble.size) <= 2 && abs(firstBox.height - bubble.size) <= 2, "\(firstBox)")

        // Every 6 frames (0.1 s) of the float: higher each time (by ≥ 0.75·100·0.1/3 = 2.5 px,
        // the slowest rise, half-way), on both sides of the start line.
        var centers: [Point] = [firstBox.center]
        for frame in stride(from: clickFrame + 7, to: popFrame, by: 6) {
            let drawn = try drawnBubble(at: frame)
            let box = try #require(drawn.box, "no bubble drawn at frame \(frame)")
            #expect(
                box.center.distance(to: drawn.model) <= 1,
                "frame \(frame): drawn \(box.center), model \(drawn.model)")
            centers.append(box.center)
        }
        #expect(
            zip(centers, centers.dropFirst()).allSatisfy { $1.y < $0.y }, "the bubble did not rise every time"
        )
        // The swing is at least 20/(2√3) = 5.8 px each way; 2 px is above the drawn centre's
        // 1-px error.
        #expect(centers.contains { $0.x < bubble.ox - 2 } && centers.contains { $0.x > bubble.ox + 2 })
        // The top: within a pixel of (ex, ey).
        let top = try drawnBubble(at: popFrame)
        let topBox = try #require(top.box)
        #expect(
            topBox.center.distance(to: Point(x: bubble.ex, y: bubble.ey)) <= 1, "ends at \(topBox.center)")

        // After the pop, the two pictures are the same again.
        let gone = try drawnBubble(at: goneFrame)
        #expect(gone.box == nil, "something is left at \(String(describing: gone.box))")
        #expect(scene.liveBubbleCount == 0)
    }

    @Test("tap mode: clicks beside the fish change no pixel")
    func clicksBeside() throws {
        let times: [MediaTime] = [0.5, 1, 2]
        let plain = try frames(events: FishTest.tapMode, at: times)
        let missed = try frames(
            events: "\(FishTest.tapMode); 0.2 tap 480 300; 0.3 tap 400 240; 0.4 tap 320 320", at: times)
        for time in times {
            let a = try #require(plain[time])
            let b = try #require(missed[time])
            #expect(
                FishTest.differenceBox(a, b, threshold: 0) == nil, "a click beside the fish drew something")
        }
    }

    @Test(
        "swim mode: the fish's snout advances at a steady pace and the fish wraps around",
        arguments: FishTest.sizes)
    func swimInPixels(size: Size) throws {
        let times: [MediaTime] = [1, 3, 5, 7, 13]
        let shots = try frames(size: size, at: times)
        var snouts: [Double] = []
        for time in times {
            let frame = try #require(shots[time])
            // The fish's own rows: the bubbles above it are cool, so they never count.
            let band = Rect(x: 0, y: size.height / 2 - 36, width: size.width, height: 72)
            let box = try #require(
                frame.boundingBox(in: band, where: FishTest.isFish), "no fish at \(time) s")
            snouts.append(box.maxX)
        }
        // x(t) = −60 + (w + 120)·t / 12 for the centre; the snout 51 px right of it. Edges
        // land anywhere in a pixel, so each measured snout is within 1 px of its place.
        let pace = (size.width + 120) / 12
        for (time, snout) in zip(times.prefix(4), snouts) {
            let expected = -60 + pace * time + (Self.warmExtent.maxX - 60)
            #expect(abs(snout - expected) <= 1, "snout at \(snout), expected \(expected) at \(time) s")
        }
        // 13 s is 1 s into the second crossing.
        #expect(abs(snouts[4] - snouts[0]) <= 1, "after wrapping: \(snouts[4]) vs \(snouts[0])")
    }

    // MARK: - Goldens

    /// The goldens, each paired with probes that state what it shows: the arguments of
    /// `golden(_:)`, and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        SceneGolden(
            scene: "fish", events: "\(FishTest.tapMode); 0.2 tap 400 300; 0.4 tap 390 290; 0.6 tap 410 310",
            at: 1.2
        ) { tap in
            // Intent: the fish in the middle, and bubbles (cool, lighter than the sea) above it.
            let above = Rect(x: 300, y: 80, width: 110, height: 184)
            #expect(tap.count(in: above) { !FishTest.isSea($0) && $0.red > fishSeaColor.red } > 100)
            #expect(tap.boundingBox(where: FishTest.isFish).map { abs($0.midX - (340 + 57.5)) <= 1 } == true)
        },
        SceneGolden(scene: "fish", at: 6) { swim in
            // Intent: the fish with its centre at 400 (half-way across at 6 s), bubbles behind and
            // above its tail, none ahead of its snout.
            let box = try #require(
                swim.boundingBox(in: Rect(x: 0, y: 264, width: 800, height: 72), where: FishTest.isFish))
            #expect(abs(box.maxX - (400 - 60 + warmExtent.maxX)) <= 1)
            #expect(
                swim.count(in: Rect(x: 100, y: 40, width: 280, height: 224)) { !FishTest.isSea($0) } > 200)
            #expect(swim.count(in: Rect(x: 470, y: 0, width: 330, height: 600)) { !FishTest.isSea($0) } == 0)
        },
    ]

    @Test("goldens: tap mode with three bubbles, swim mode with its trail", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
