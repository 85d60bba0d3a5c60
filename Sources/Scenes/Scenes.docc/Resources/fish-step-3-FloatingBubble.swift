import Animation
import Scenes

/// Points: the smallest and the largest bubble, the tutorial's "small number"
/// and "big number" for the size (step 6; the example project's,
/// docs/SEMANTICS.md § Fish).
let bubbleSizeRange = FishScene.minSizeDefault...FishScene.maxSizeDefault
/// Points: how far above its start a bubble ends, "how high we want the bubble
/// to go" (step 2; the example project's 50…300, docs/SEMANTICS.md § Fish).
let bubbleHeightRange = FishScene.minHeightDefault...FishScene.maxHeightDefault
/// Points: the tutorial's "some t", how far the control points sit left and
/// right of the start line (the example project draws t from 20…100). The curve
/// itself swings 0.289·t to each side (see `FloatingBubble.maximumSwing`).
let bubbleSwingRange = FishScene.minTDefault...FishScene.maxTDefault
/// Seconds one float lasts: the example project's `pathAnimation.duration = 2`.
let bubbleFloatDuration: MediaTime = FishScene.bubbleFloatDurationDefault
/// Opacity of a bubble: the example project's random alpha, 0.1…1 (the bubble
/// image's opaque white rim keeps the faintest ones visible on the sea,
/// Assets/README.md).
let bubbleAlphaRange = FishScene.minAlphaDefault...1.0
/// The pop: the cross-dissolve ends on the bubble at this scale (step 5;
/// docs/SEMANTICS.md).
let bubblePopScale = FishScene.popScaleDefault
/// Seconds: how long the pop's cross-dissolve lasts (step 5:
/// JRMFloatingAnimation's `transitionWithView:duration:0.1f`).
let bubblePopDuration: MediaTime = 0.1

/// One bubble's float: where it starts, how big and how opaque it is, how high
/// it goes and how it swings on the way (the tutorial's ox, oy, ex, ey, cp1,
/// cp2 and t), and which of the library's paths it takes.
///
/// The tutorial's notes are drawn y-up ("ey = oy + how high"); the engine is
/// y-down like UIKit, so a bubble going up has ey = oy − height.
struct FloatingBubble: Equatable {
    /// Where the bubble's centre starts: the fish's tail.
    var origin: Point
    /// Width and height, points.
    var size: Double
    /// 0…1.
    var alpha: Double
    /// How high the bubble floats (how deep it sinks), points.
    var height: Double
    /// The zigzag: how far the control points sit left and right of the start
    /// line, points.
    var t: Double
    /// Step 6: the coin came up 1, so cp1 and cp2 change places and the bubble
    /// swings right first.
    var swapsControlPoints: Bool
    /// Seconds along the path.
    var duration: MediaTime
    /// The path's shape: `straight` (the zigzag), `curveLeft` or `curveRight`;
    /// never `triangleUp`, which picks one of the three for each bubble.
    var shape = FloatingShape.straight
    /// The curves: how far to the side the bubble ends, points (the library's
    /// random width).
    var w = 0.0
    /// The library's `objectsShouldSink`: the path is the floating one mirrored
    /// about the start's y, so the bubble goes down.
    var sinks = false
    /// The library's `fadeOut`: the opacity goes from `alpha` to 0 over the
    /// float.
    var fadesOut = false
    /// The image it shows (Assets/).
    var imageName = "bubble"

    // MARK: - Step 2: the math

    /// Some x on the fish: the tail's.
    var ox: Double { origin.x }
    /// Where the bubble starts up: the tail's y.
    var oy: Double { origin.y }

    // MARK: - Step 3: the path

    /// The path's points, placed as JRMFloatingAnimation places them
    /// (FloatingPath.swift): the zigzag rises `height` straight above the
    /// start, its control points t to the left and right of the start line
    /// half-way up (the tutorial writes "halfway between ox and ex" for cp1y;
    /// it means the y's); a curve ends w to its side, its control points above
    /// the start at ¾ of the height and at the end's x at ¼ of it. The coin
    /// swaps the control points; sinking mirrors the path about the start's y.
    var floatingPath: FloatingPath {
        FloatingPath(
            shape, from: origin, rise: height,
            side: shape == .curveLeft || shape == .curveRight ? w : t,
            swapsControlPoints: swapsControlPoints, sinks: sinks)
    }

    /// Where the path ends: straight above (below) the start for the zigzag, w
    /// to its side for a curve.
    var ex: Double { floatingPath.end.x }
    var ey: Double { floatingPath.end.y }
    /// The control points, after the coin.
    var cp1: Point { floatingPath.cp1 }
    var cp2: Point { floatingPath.cp2 }

    /// One cubic Bézier from the tail to the end point through the two control
    /// points (the library calls every shape's path `zigzagPath`).
    var zigzagPath: BezierPath { floatingPath.bezierPath }

    /// How far the zigzag strays from the start line to either side, points:
    /// x(u) − ox = 3u(1−u)(2u−1)·t (cp1 left), whose extremes at u = ½ ∓ √3/6
    /// are ∓ t/(2√3) ≈ 0.289·t.
    var maximumSwing: Double { t / (2 * 3.0.squareRoot()) }

    // MARK: - Step 6: variation
}
