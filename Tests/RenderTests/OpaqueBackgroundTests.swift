import Animation
import TestSupport
import Testing

@testable import Render

/// The canvas does not clear a frame whose first paint is an opaque background over all of it
/// (`LayerRenderer.paintsOpaquely`); anything less and it must.
@Suite("Opaque background")
struct OpaqueBackgroundTests {
    let whole = Rect(x: 0, y: 0, width: 200, height: 100)

    /// A window-sized root (anchor at the origin), opaque grey unless changed by `change`.
    func root(_ change: (Layer) -> Void = { _ in }) -> Layer {
        let root = Layer(timeline: Timeline())
        root.anchorPoint = .zero
        root.bounds = whole
        root.backgroundColor = Color(white: 0.4)
        change(root)
        return root
    }

    @Test("an opaque rectangle over the whole frame covers it; the root's or its first sublayer's")
    func covers() {
        #expect(LayerRenderer.paintsOpaquely(root(), over: whole))
        // A clear container whose first sublayer is the scene, scaled 1.6× from points.
        let window = root { $0.backgroundColor = .clear }
        let scene = Layer(timeline: window.timeline)
        scene.anchorPoint = .zero
        scene.bounds = Rect(x: 0, y: 0, width: 125, height: 62.5)
        scene.transform = AffineTransform(scaleX: 1.6, y: 1.6)
        scene.backgroundColor = Color(red: 0, green: 0.3, blue: 0.5)
        window.addSublayer(scene)
        window.addSublayer(Layer(timeline: window.timeline))
        #expect(LayerRenderer.paintsOpaquely(window, over: whole))
    }

    @Test(
        "anything that lets the frame show through is not covering",
        arguments: [
            "translucent", "rounded", "half a pixel short", "turned", "hidden", "faded",
            "masks its sublayers",
        ])
    func doesNotCover(change: String) {
        let layer = root { layer in
            switch change {
            case "translucent": layer.backgroundColor = Color(white: 0.4, alpha: 0.99)
            case "rounded": layer.cornerRadius = 4
            case "half a pixel short": layer.bounds.size.width = 199.5
            case "turned": layer.transform = AffineTransform(rotationAngle: 0.01)
            case "hidden": layer.isHidden = true
            case "faded": layer.opacity = 0.999
            default:  // a clear root that clips: its sublayer's background is not checked
                layer.backgroundColor = .clear
                layer.masksToBounds = true
                let inner = Layer(timeline: layer.timeline)
                inner.anchorPoint = .zero
                inner.bounds = whole
                inner.backgroundColor = .white
                layer.addSublayer(inner)
            }
        }
        #expect(!LayerRenderer.paintsOpaquely(layer, over: whole))
    }

    @Test("a canvas drawing over a frame of other pixels gives the full redraw's picture")
    func noClearSamePicture() throws {
        let scene = root()
        let dot = Layer(timeline: scene.timeline)
        dot.frame = Rect(x: 20, y: 30, width: 40, height: 20)
        dot.backgroundColor = Color(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.5)
        scene.addSublayer(dot)
        let canvas = try IncrementalCanvas(width: 200, height: 100, images: ImageStore(), background: .black)
        canvas.isFullRedraw = true
        // First something else everywhere (a white frame), then the scene.
        _ = canvas.draw(root { $0.backgroundColor = .white })
        _ = canvas.draw(scene)
        let expected = try FrameRenderer().render(scene, size: whole.size)
        let comparison = try #require(GoldenImage.compare(try canvas.snapshot(), expected))
        #expect(comparison.differingPixels == 0, "\(comparison)")
    }
}
