import Animation
import Testing

@testable import Render

/// Images wholly outside the frame cost nothing: the fish blows bubbles while it is still off
/// the window's left edge, and scaling each of them made its full redraw 1.4× the baseline.
@Suite("Off-screen images")
struct OffscreenImageTests {
    @Test("an image layer outside the frame is neither scaled nor copied; one inside is")
    func offscreen() throws {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.frame = Rect(x: 0, y: 0, width: 64, height: 64)
        func image(at x: Double) -> Layer {
            let layer = Layer(timeline: timeline)
            layer.contents = ImageAsset(named: "checker")
            layer.frame = Rect(x: x, y: 10, width: 20, height: 20)
            root.addSublayer(layer)
            return layer
        }
        for index in 0..<20 { _ = image(at: -100 - Double(index) * 3) }  // left of the frame
        let canvas = try SmallImageTests.withCheckerImages { images in
            let canvas = try IncrementalCanvas(width: 64, height: 64, images: images)
            _ = images.image(named: "checker")  // loaded while its folder is there
            return canvas
        }
        canvas.draw(root)
        #expect(canvas.lastFrame.imagesScaled == 0)
        #expect(canvas.lastFrame.composites == 0)

        _ = image(at: 30)  // and one inside
        canvas.invalidate()
        canvas.draw(root)
        #expect(canvas.lastFrame.imagesScaled == 1)
        #expect(canvas.lastFrame.composites == 1)
    }
}
