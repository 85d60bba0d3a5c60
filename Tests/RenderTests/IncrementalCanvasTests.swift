import Animation
import Render
import TestSupport
import Testing

/// Damage tracking must change how much is painted, never what the frame looks like.
@Suite("Incremental drawing")
struct IncrementalCanvasTests {
    /// A 300×200 tree: a moving rounded square, a stroke that trims, a fading group, a static
    /// image, and a layer removed half-way.
    func makeScene(_ stepper: FrameStepper) -> (root: Layer, removable: Layer) {
        let timeline = stepper.timeline
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 300, height: 200)
        root.backgroundColor = Color(white: 0.95)
        let square = Layer(timeline: timeline)
        square.frame = Rect(x: 10, y: 10, width: 30, height: 30)
        square.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9)
        square.cornerRadius = 6
        root.addSublayer(square)
        let move = BasicAnimation(keyPath: .position)
        move.fromValue = Point(x: 25, y: 25)
        move.toValue = Point(x: 260, y: 150)
        move.duration = 1
        square.add(move, forKey: "move")
        let stroke = ShapeLayer(timeline: timeline)
        stroke.frame = root.bounds
        stroke.path = BezierPath(ovalIn: Rect(x: 120, y: 60, width: 80, height: 80))
        stroke.fillColor = .clear
        stroke.strokeColor = Color(red: 0.9, green: 0.2, blue: 0.3)
        stroke.lineWidth = 9
        stroke.lineCap = .round
        root.addSublayer(stroke)
        let draw = BasicAnimation(keyPath: .strokeEnd)
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 0.8
        stroke.add(draw, forKey: "draw")
        let group = Layer(timeline: timeline)
        group.frame = Rect(x: 200, y: 20, width: 80, height: 50)
        group.backgroundColor = Color(red: 0.1, green: 0.7, blue: 0.3)
        root.addSublayer(group)
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = 0.5
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        group.add(fade, forKey: "fade")
        let fish = Layer(timeline: timeline)
        fish.frame = Rect(x: 20, y: 120, width: 120, height: 72)
        fish.contents = ImageAsset(named: "fish")
        root.addSublayer(fish)
        let removable = Layer(timeline: timeline)
        removable.frame = Rect(x: 150, y: 160, width: 40, height: 30)
        removable.backgroundColor = .black
        root.addSublayer(removable)
        return (root, removable)
    }

    /// Cairo rasterizes a path clipped to a rectangle a little apart from the same path drawn
    /// whole (docs/ARCHITECTURE.md § Window and render), so a repaint clipped to its damage is
    /// not always `render`'s pixels: `isWholeDraw` says so, and the paused window then draws
    /// once more after `invalidate()`, which must be `render`'s to the byte. Seeded random curves,
    /// filled and stroked, with a small square moved over them (its damage clips them).
    @Test("after a repaint clipped to the damage, one whole draw is render's pixels")
    func wholeDrawAfterClippedRepaint() throws {
        var random = SplitMix(seed: 35)
        let size = Size(width: 300, height: 200)
        let full = FrameRenderer()
        let incremental = try IncrementalCanvas(width: 300, height: 200, images: full.images)
        var clippedDiffering = 0
        for _ in 0..<20 {
            let stepper = FrameStepper()
            let root = Layer(timeline: stepper.timeline)
            root.anchorPoint = .zero
            root.bounds = Rect(origin: .zero, size: size)
            root.backgroundColor = .white
            func point() -> Point {
                Point(
                    x: Double.random(in: -20...320, using: &random),
                    y: Double.random(in: -20...220, using: &random))
            }
            for index in 0..<4 {
                let shape = ShapeLayer(timeline: stepper.timeline)
                shape.frame = root.bounds
                var path = BezierPath()
                path.move(to: point())
                path.addCurve(to: point(), controlPoint1: point(), controlPoint2: point())
                if index % 2 == 0 { path.close() }
                shape.path = path
                shape.fillColor = index % 2 == 0 ? Color(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.8) : .clear
                shape.strokeColor = Color(red: 0.9, green: 0.2, blue: 0.3)
                shape.lineWidth = Double.random(in: 1...5, using: &random)
                root.addSublayer(shape)
            }
            let square = Layer(timeline: stepper.timeline)
            square.frame = Rect(x: 10, y: 10, width: 23, height: 17)
            square.backgroundColor = Color(red: 0.2, green: 0.7, blue: 0.3)
            root.addSublayer(square)
            stepper.commitCurrentFrame()
            try withExtendedLifetime(root) {
                incremental.invalidate()
                incremental.draw(root, exact: true)
                #expect(incremental.isWholeDraw, "the first draw is whole")
                stepper.timeline.transaction { transaction in
                    transaction.disableActions = true
                    square.position = point()
                }
                stepper.step()
                incremental.draw(root, exact: true)
                let expected = try full.render(root, size: size)
                let clipped = try #require(
                    GoldenImage.compare(try incremental.snapshot(), expected, maxChannelDelta: 0))
                if clipped.differingPixels > 0 {
                    clippedDiffering += 1
                    #expect(
                        !incremental.isWholeDraw,
                        "a clipped repaint that differs is not taken for a whole draw")
                }
                // Measured bound of the clipped repaint's difference (docs): one step of Cairo's coverage.
                #expect(clipped.largestChannelDelta <= 16, "\(clipped)")
                incremental.invalidate()
                incremental.draw(root, exact: true)
                #expect(incremental.isWholeDraw)
                let whole = try #require(
                    GoldenImage.compare(try incremental.snapshot(), expected, maxChannelDelta: 0))
                #expect(whole.differingPixels == 0, "\(whole)")
            }
        }
        print("IncrementalCanvasTests: \(clippedDiffering) of 20 clipped repaints differed from a whole draw")
    }

    @Test("every incremental frame equals a full redraw of the same frame")
    func sameAsFullRedraw() throws {
        let stepper = FrameStepper()
        let (root, removable) = makeScene(stepper)
        let full = FrameRenderer()
        let incremental = try IncrementalCanvas(width: 300, height: 200, images: full.images)
        var frames = 0
        try withExtendedLifetime(root) {
            for _ in 0..<75 {
                stepper.step()
                if stepper.frame == 30 { removable.removeFromSuperlayer() }
                incremental.draw(root)
                let expected = try full.render(root, size: Size(width: 300, height: 200))
                let actual = try incremental.snapshot()
                let comparison = try #require(GoldenImage.compare(actual, expected))
                // Clips fall on whole pixels, so nothing should differ at all; 2/255 allows
                // for rounding in Cairo's compositing of the fading group.
                #expect(comparison.differingPixels == 0, "frame \(stepper.frame): \(comparison)")
                frames += 1
            }
        }
        #expect(frames == 75)
    }

    @Test("one small moving layer repaints about its old and new boxes, not the window")
    func smallDamage() throws {
        let stepper = FrameStepper()
        let timeline = stepper.timeline
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 800, height: 600)
        root.backgroundColor = .white
        let dot = Layer(timeline: timeline)
        dot.frame = Rect(x: 100, y: 100, width: 20, height: 20)
        dot.backgroundColor = .black
        root.addSublayer(dot)
        let canvas = try IncrementalCanvas(width: 800, height: 600, images: FrameRenderer().images)
        #expect(IncrementalCanvas.area(of: canvas.draw(root)) == 800 * 600)  // the first frame is whole
        stepper.step()
        #expect(canvas.draw(root).isEmpty)  // nothing moved
        timeline.transaction {
            $0.disableActions = true
            dot.position = Point(x: 113, y: 110)
        }
        stepper.step()
        let damage = canvas.draw(root)
        // Old box x 100…120 and new 103…123, y 100…120, each grown by 1 px: one merged rect of
        // 25 × 22; a pixel of slack each way for rounding out.
        #expect(IncrementalCanvas.area(of: damage) <= 26 * 23, "damage \(damage)")
        #expect(IncrementalCanvas.area(of: damage) >= 23 * 20)
    }

    @Test("a layer rebuilt at a freed layer's address is drawn anew (a panel's rows rebuilt)")
    func rebuiltAtTheSameAddress() throws {
        // A panel rebuilds its text each time it changes: the old layers are freed and new ones
        // made with the same properties set in the same order, so the same revision and place,
        // often at the same address. The window showed 0.58 where the knob was 0.57.
        let stepper = FrameStepper()
        let timeline = stepper.timeline
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 60)
        root.backgroundColor = .white
        let panel = Layer(timeline: timeline)
        panel.frame = root.bounds
        root.addSublayer(panel)
        func rebuild(_ value: Int) {
            timeline.transaction { transaction in
                transaction.disableActions = true
                for sublayer in panel.sublayers { sublayer.removeFromSuperlayer() }
                let text = TextLayer(timeline: timeline)
                text.string = "0.\(value)"
                text.fontSize = 20
                text.foregroundColor = .black
                text.frame = Rect(x: 10, y: 10, width: 100, height: 30)
                panel.addSublayer(text)
            }
        }
        let full = FrameRenderer()
        let canvas = try IncrementalCanvas(width: 200, height: 60, images: full.images)
        var worst = 0
        for value in 50..<90 {
            rebuild(value)
            stepper.step()
            canvas.draw(root)
            let expected = try full.render(root, size: Size(width: 200, height: 60))
            let comparison = try #require(GoldenImage.compare(try canvas.snapshot(), expected))
            worst = max(worst, comparison.differingPixels)
            // Exact: the same layers drawn by the same renderer, clipped on whole pixels.
            #expect(comparison.differingPixels == 0, "0.\(value): \(comparison)")
        }
        #expect(worst == 0)
    }
}
