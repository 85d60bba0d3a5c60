import Animation
import Render
import Session
import TestSupport
import Testing

@testable import Scenes

/// The fish scene as `animdemo render` draws it: the white screen, the fish where it should be, a
/// bubble found in the pixels, and goldens paired with those probes.
@Suite("Fish: rendered frames")
struct FishRenderTests {
    /// Where the fish is warm (red − blue > 0.3) once composited over white, points from the
    /// top left of its 200 × 200 view: x 6.5 to 193.5, y 22.5 to 172 (measured from
    /// Assets/fish.png, 400 × 400, scaled to 200; the antialiased rims are too pale to count).
    static let warmExtent = (minX: 6.5, maxX: 193.5, minY: 22.5, maxY: 172.0)

    func frames(
        size: Size = Size(width: 800, height: 600), events: String = "", at times: [MediaTime]
    ) throws -> [MediaTime: RenderedFrame] {
        try SceneTester.frames(scene: "fish", size: size, events: events, at: times)
    }

    @Test(
        "tap mode at rest: a white screen, and the fish alone in the middle of the window",
        arguments: FishTest.sizes
    )
    func tapModeAtRest(size: Size) throws {
        let frame = try #require(try frames(size: size, events: FishTest.tapMode, at: [1])[1])
        let scale = SceneSession.pointScale(forWindow: size)
        let fishFrame = Rect(
            x: size.width / 2 - 100 * scale, y: size.height / 2 - 100 * scale, width: 200 * scale,
            height: 200 * scale)
        // Corners and edges are white, to 8-bit rounding.
        for point in [
            Point(x: 2, y: 2), Point(x: size.width - 3, y: 2), Point(x: 2, y: size.height - 3),
            Point(x: size.width - 3, y: size.height - 3), Point(x: size.width / 2, y: fishFrame.minY - 20),
        ] {
            let color = try #require(frame.color(at: point))
            #expect(FishTest.isBackground(color), "\(color) at \(point) is not white")
        }
        // Nothing but white outside the fish's frame.
        let outside =
            frame.count { !FishTest.isBackground($0) }
            - frame.count(in: fishFrame) { !FishTest.isBackground($0) }
        #expect(outside == 0, "\(outside) pixels outside the fish are not white")
        // The fish: its warm pixels span the image's warm extent, placed at the frame: a fish at
        // rest is placed on whole pixels (half a pixel off at most) and its scaled edges are
        // antialiased over a pixel or so: ±2 px.
        let box = try #require(frame.boundingBox(where: FishTest.isFish))
        let warmMinX = fishFrame.minX + Self.warmExtent.minX * scale
        let warmMaxX = fishFrame.minX + Self.warmExtent.maxX * scale
        #expect(abs(box.minX - warmMinX) <= 2, "fish box \(box), warm from \(warmMinX)")
        #expect(abs(box.maxX - warmMaxX) <= 2, "fish box \(box), warm to \(warmMaxX)")
        #expect(abs(box.minY - (fishFrame.minY + Self.warmExtent.minY * scale)) <= 2, "fish box \(box)")
        #expect(abs(box.maxY - (fishFrame.minY + Self.warmExtent.maxY * scale)) <= 2, "fish box \(box)")
    }

    @Test(
        "tap mode: a click's bubble starts at the tail, rises, swings both ways, is gone after its pop"
    )
    func bubbleInPixels() throws {
        // On the phone's screen, 375 × 667 points at a pixel each: the fish's frame is at (87.5,
        // 233.5), bubbles start at (92.5, 313.5), and even the highest float (300 points) stays
        // in the window.
        let phone = Size(width: 375, height: 667)
        let click = 0.2
        let tester = try SceneTester(
            scene: "fish", size: phone, events: "\(FishTest.tapMode); \(click) tap 187 333")
        let plain = try SceneTester(scene: "fish", size: phone, events: FishTest.tapMode)
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: click)
        try plain.advance(to: click)
        let clickFrame = tester.frame
        let entry = try #require(scene.floats.first)
        let bubble = entry.bubble
        let popFrame = Int((Double(clickFrame) / 60 + bubble.duration) * 60 - 1e-9) + 1
        let goneFrame = popFrame + 8  // 0.1 s of pop (6 frames), one of rounding, one to spare

        /// The bubble as drawn: where the picture with the click differs from the one without,
        /// and where its presentation layer is, both in window pixels (a pixel a point).
        func drawnBubble(at frame: Int) throws -> (box: Rect?, model: Point) {
            let withClick = try tester.render(frame: frame)
            let without = try plain.render(frame: frame)
            let model = entry.bubbleImageView.presentation().position
            return (FishTest.differenceBox(withClick, without), model)
        }
        let tail = Point(x: 92.5, y: 313.5)
        #expect(bubble.origin == tail)
        let size = bubble.size

        // Its first frame after the click: at the tail, to the few pixels a sixtieth of its
        // float can move it (≤ 300·1.5/120 points up, ≤ 100·3/120 sideways), and drawn where its
        // presentation layer is, to antialiasing (1 px).
        let first = try drawnBubble(at: clickFrame + 1)
        let firstBox = try #require(first.box, "no bubble drawn after the click")
        #expect(first.model.distance(to: tail) <= 6, "starts at \(first.model)")
        #expect(
            firstBox.center.distance(to: first.model) <= 1,
            "drawn at \(firstBox.center), model \(first.model)")
        // Its size, to antialiasing: a pixel either side.
        #expect(abs(firstBox.width - size) <= 2 && abs(firstBox.height - size) <= 2, "\(firstBox)")

        // Every 6 frames (0.1 s) of the float: higher each time (by ≥ 0.75·50·0.1/2 = 1.9
        // points, 3 px, the slowest rise, half-way), on both sides of the start line.
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
        // The fish covers 240…560 × 140…460 px: right of it, above it, left of it.
        let missed = try frames(
            events: "\(FishTest.tapMode); 0.2 tap 600 300; 0.3 tap 400 120; 0.4 tap 200 320", at: times)
        for time in times {
            let a = try #require(plain[time])
            let b = try #require(missed[time])
            #expect(
                FishTest.differenceBox(a, b, threshold: 0) == nil, "a click beside the fish drew something")
        }
    }

    @Test(
        "swim mode: the fish's snout is where 5-s eased legs put it, and each leg after the first starts over",
        arguments: FishTest.sizes)
    func swimInPixels(size: Size) throws {
        // (time, the leg's start x of the centre, its progress on ease in-out): times where the
        // table of docs/SEMANTICS.md has the progress (0.1 → 0.019722, 0.25 → 0.129162) and the
        // snout is in the window at all three sizes.
        let width = SceneSession.sceneBounds(forWindow: size).width  // points
        let samples: [(time: MediaTime, from: Double, progress: Double)] = [
            (0.5, width / 2, 0.019722), (5.5, -100, 0.019722), (6.25, -100, 0.129162), (10.5, -100, 0.019722),
        ]
        let shots = try frames(size: size, at: samples.map(\.time))
        let scale = SceneSession.pointScale(forWindow: size)
        var snouts: [Double] = []
        for sample in samples {
            let frame = try #require(shots[sample.time])
            // The fish's own rows: the bubbles are bluish, so they never count.
            let band = Rect(x: 0, y: size.height / 2 - 100 * scale, width: size.width, height: 200 * scale)
            let box = try #require(
                frame.boundingBox(in: band, where: FishTest.isFish), "no fish at \(sample.time) s")
            snouts.append(box.maxX)
            // The centre from the leg's start towards width + 300; the snout 93.5 points right of
            // it. The moving fish is drawn at its exact place, its edges antialiased over a pixel:
            // within 1.5 px.
            let center = sample.from + (width + 300 - sample.from) * sample.progress
            let expected = (center + Self.warmExtent.maxX - 100) * scale
            #expect(
                abs(box.maxX - expected) <= 1.5,
                "snout at \(box.maxX), expected \(expected) at \(sample.time) s")
        }
        // 10.5 s is as far into the third leg as 5.5 s into the second.
        #expect(abs(snouts[3] - snouts[1]) <= 1, "after starting over: \(snouts[3]) vs \(snouts[1])")
    }

    // MARK: - Goldens

    /// The goldens, each paired with probes that state what it shows: the arguments of
    /// `golden(_:)`, and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        SceneGolden(
            scene: "fish", events: "\(FishTest.tapMode); 0.2 tap 400 300; 0.4 tap 390 290; 0.6 tap 410 310",
            at: 1.2
        ) { tap in
            // Intent: the fish in the middle (its warm box centred on its frame, 400 px), and
            // bluish bubbles above where they start, (155, 167.5) points, (248, 268) px.
            let above = Rect(x: 180, y: 0, width: 200, height: 260)
            #expect(tap.count(in: above, where: FishTest.isBubble) > 100)
            #expect(tap.boundingBox(where: FishTest.isFish).map { abs($0.midX - 400) <= 2 } == true)
        },
        SceneGolden(scene: "fish", at: 7.5) { swim in
            // Intent: half-way through the second leg the fish's centre is at −100 + 900 · 0.5 =
            // 350 points, its snout at (350 + 93.5) · 1.6 = 709.6 px; bubbles behind and above
            // where they start (x ≤ 255 points, 408 px), none ahead of its snout.
            let box = try #require(
                swim.boundingBox(in: Rect(x: 0, y: 140, width: 800, height: 320), where: FishTest.isFish))
            #expect(abs(box.maxX - 709.6) <= 2, "snout at \(box.maxX)")
            #expect(swim.count(in: Rect(x: 0, y: 0, width: 410, height: 270), where: FishTest.isBubble) > 200)
            #expect(
                swim.count(in: Rect(x: 715, y: 0, width: 85, height: 600)) { !FishTest.isBackground($0) } == 0
            )
        },
    ]

    @Test("goldens: tap mode with three bubbles, swim mode with its trail", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
