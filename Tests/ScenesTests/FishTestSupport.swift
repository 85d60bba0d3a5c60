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

    /// Layers of the scene with no bubble in flight: the sea, the fish, the bubbles' layer and
    /// the two debug guides.
    static let baselineLayerCount = 5

    /// Pixels of the fish: warm (red well above blue); the sea, the bubbles and the debug marks
    /// are cool or grey.
    static func isFish(_ color: Color) -> Bool { color.red - color.blue > 0.3 }

    /// Whether `color` is the sea, to the rounding of 8-bit channels (1/255 each, plus the
    /// premultiplied round trip: 2/255).
    static func isSea(_ color: Color) -> Bool { color.isClose(to: fishSeaColor, within: 2.0 / 255) }

    /// The box of the pixels whose colour differs between `a` and `b` by more than
    /// `threshold` (of 255) in some channel, nil if none. The default, 8/255, is far above
    /// rounding (the same layers drawn twice give the same bytes) and below the rim of the
    /// faintest bubble: its opaque white rim at 10 % moves a channel over the sea by 22/255.
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

    /// The fish's tail tip on screen now (points), from the fish's presentation layer: the
    /// image's tail notch scaled to the 200-point fish.
    static func tail(of scene: FishScene) -> Point {
        let frame = scene.fishImageView.presentation().frame
        let scale = fishViewWidth / fishImageSize.width
        return Point(x: frame.minX + fishTailTip.x * scale, y: frame.minY + fishTailTip.y * scale)
    }
}
