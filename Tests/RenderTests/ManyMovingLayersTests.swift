import Animation
import Testing

@testable import Render

/// With thousands of layers moving over most of the window, the canvas repaints whole frames
/// without looking for damage (`IncrementalCanvas.manyMovingLayers`); every frame must still
/// be the frame drawn from scratch, also when the crowd thins out and tracking starts again.
@Suite("Many moving layers")
struct ManyMovingLayersTests {
    @Test("frames during and after a crowd of moving layers equal frames drawn from scratch")
    func crowd() throws {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.frame = Rect(x: 0, y: 0, width: 120, height: 90)
        var random = SeededRandom(seed: 3)
        var movers: [Layer] = []
        for index in 0..<(IncrementalCanvas.manyMovingLayers + 100) {
            let layer = Layer(timeline: timeline)
            layer.frame = Rect(x: 0, y: 0, width: 3, height: 3)
            layer.backgroundColor = Color(red: Double(index % 7) / 7, green: 0.5, blue: 0.9)
            let move = BasicAnimation(keyPath: .position)
            move.fromValue = Point(
                x: Double.random(in: 0...120, using: &random), y: Double.random(in: 0...90, using: &random))
            move.toValue = Point(
                x: Double.random(in: 0...120, using: &random), y: Double.random(in: 0...90, using: &random))
            move.duration = 1
            layer.add(move, forKey: "move")
            root.addSublayer(layer)
            movers.append(layer)
        }
        let canvas = try IncrementalCanvas(width: 120, height: 90, images: ImageStore(), background: .black)
        let scratch = FrameRenderer(images: ImageStore())
        var skipped: [Bool] = []
        func expectSame(_ frame: Int) throws {
            canvas.draw(root)
            skipped.append(canvas.lastFrame.skippedDamage)
            let fresh = try scratch.render(root, size: Size(width: 120, height: 90), background: .black)
            #expect(try canvas.snapshot().pixels == fresh.pixels, "frame \(frame)")
        }
        for frame in 0..<6 {
            timeline.beginFrame(at: Double(frame) / 60)
            try expectSame(frame)
            timeline.endFrame()
        }
        // The first frame is drawn whole and tracked; then the crowd is drawn without tracking.
        #expect(skipped == [false, true, true, true, true, true])
        skipped = []
        // The crowd goes but for a few: their old places must be cleared, and tracking resumes.
        for layer in movers.dropFirst(20) {
            layer.removeAllAnimations()
            layer.removeFromSuperlayer()
        }
        for frame in 6..<12 {
            timeline.beginFrame(at: Double(frame) / 60)
            try expectSame(frame)
            timeline.endFrame()
        }
        // The timeline counts the layers it animates at the end of a frame, so the first frame
        // after still sees the crowd; the next is drawn whole to start tracking, then tracked.
        #expect(skipped == [true, false, false, false, false, false])
        // Tracking again: a frame with nothing changed repaints nothing... after the moves end.
        timeline.beginFrame(at: 2)
        canvas.draw(root)
        timeline.endFrame()
        timeline.beginFrame(at: 2.5)
        #expect(canvas.draw(root).isEmpty, "nothing moved: nothing repainted")
        timeline.endFrame()
    }
}
