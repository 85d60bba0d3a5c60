import Animation
import Render

@testable import Scenes

/// Shared by the fish scene's tests (which run the scene in a `SceneTester`): window sizes,
/// events, pixel predicates and image differences. The scene works in points; at 800×600 a
/// point is 1.6 pixels and the window 500 × 375 points.
enum FishTest {
    /// Pixels per point at 800×600.
    static let scale = 1.6
    /// The window sizes the scene is tried at (STYLE: 800×600 and two others).
    static let sizes = [
        Size(width: 800, height: 600), Size(width: 1024, height: 768), Size(width: 500, height: 700),
    ]

    /// The events that switch to tap mode on the first frame.
    static let tapMode = "0 key m"

    /// Layers of the scene with no bubble in flight: the background, the fish, the bubbles' layer and
    /// the two debug guides.
    static let baselineLayerCount = 5

    /// Pixels of the fish: warm (red well above blue: the yellow fish and its amber outline);
    /// the white background, the bluish bubbles and the debug marks are not.
    static func isFish(_ color: Color) -> Bool { color.red - color.blue > 0.3 }

    /// Pixels of a bubble: bluish (blue clearly above red), as the bubble image's body and rim
    /// are, even at the faintest alpha over white (0.1 · (255 − 90) ≈ 16/255 of blue over red
    /// at its rim; 8/255 allows for the body's lighter middle).
    static func isBubble(_ color: Color) -> Bool { color.blue - color.red > 8.0 / 255 }

    /// Whether `color` is the white background, to the rounding of 8-bit channels (1/255 each,
    /// plus the premultiplied round trip: 2/255).
    static func isBackground(_ color: Color) -> Bool {
        color.isClose(to: fishBackgroundColor, within: 2.0 / 255)
    }

    /// The box of the pixels whose colour differs between `a` and `b` by more than
    /// `threshold` (of 255) in some channel, nil if none. The default, 8/255, is far above
    /// rounding (the same layers drawn twice give the same bytes) and below the rim of the
    /// faintest bubble: its blue rim at 10 % moves the red channel over white by 20/255.
    static func differenceBox(_ a: RenderedFrame, _ b: RenderedFrame, threshold: Int = 8) -> Rect? {
        precondition(a.width == b.width && a.height == b.height, "frames of different sizes")
        let pa = a.pixels
        let pb = b.pixels
        var box: Rect?
        for index in pa.indices where pa[index] != pb[index] {
            var delta = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                let ca = Int((pa[index] >> UInt32(shift)) & 0xFF)
                let cb = Int((pb[index] >> UInt32(shift)) & 0xFF)
                delta = max(delta, abs(ca - cb))
            }
            guard delta > threshold else { continue }
            let pixel = Rect(x: Double(index % a.width), y: Double(index / a.width), width: 1, height: 1)
            box = box.map { $0.union(pixel) } ?? pixel
        }
        return box
    }

    /// Where a bubble starts now (points): the fish's presentation frame's origin + (5, 80), as
    /// the example project's `createBubble` reads it.
    static func tail(of scene: FishScene) -> Point {
        let frame = scene.fishImageView.presentation().frame
        return Point(x: frame.minX + 5, y: frame.minY + 80)
    }
}
