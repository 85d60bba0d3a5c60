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

/// The ranges a bubble's random choices come from, and how long it floats: the
/// tutorial's, or the knobs'.
struct FloatRanges {
    var size = bubbleSizeRange
    var alpha = bubbleAlphaRange
    var height = bubbleHeightRange
    var swing = bubbleSwingRange
    var duration = bubbleFloatDuration
}

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
    /// −1 if the bubble floats (up is −y on screen), +1 if it sinks.
    var direction: Double { sinks ? 1 : -1 }
    /// The zigzag ends straight above where it started; a curve w to its side.
    var ex: Double {
        switch shape {
        case .curveLeft: ox - w
        case .curveRight: ox + w
        case .straight, .triangleUp: ox
        }
    }
    /// `height` above the start (below it when sinking).
    var ey: Double { oy + direction * height }

    /// The control points before the coin: the zigzag's left and right of the
    /// start line, half-way up (the tutorial writes "halfway between ox and ex"
    /// for cp1y; it means the y's); a curve's above the start at ¾ of the
    /// height and at the end's x at ¼ of it (the library's `curveLeftPath` and
    /// `curveRightPath`).
    private var unswappedControlPoints: (Point, Point) {
        switch shape {
        case .straight, .triangleUp:
            let y = (oy + ey) / 2
            return (Point(x: ox - t, y: y), Point(x: ox + t, y: y))
        case .curveLeft, .curveRight:
            return (
                Point(x: ox, y: oy + direction * 0.75 * height),
                Point(x: ex, y: oy + direction * 0.25 * height)
            )
        }
    }

    /// The zigzag's: left of the start line, half-way up; right of it with
    /// `swapsControlPoints`.
    var cp1: Point {
        let points = unswappedControlPoints
        return swapsControlPoints ? points.1 : points.0
    }

    /// The zigzag's: right of the start line at cp1's height; left of it with
    /// `swapsControlPoints`.
    var cp2: Point {
        let points = unswappedControlPoints
        return swapsControlPoints ? points.0 : points.1
    }

    // MARK: - Step 3: the path

    /// One cubic Bézier from the tail to the end point through the two control
    /// points (the library calls every shape's path `zigzagPath`).
    var zigzagPath: BezierPath {
        var zigzagPath = BezierPath()
        zigzagPath.move(to: Point(x: ox, y: oy))
        zigzagPath.addCurve(
            to: Point(x: ex, y: ey), controlPoint1: cp1, controlPoint2: cp2)
        return zigzagPath
    }

    /// How far the zigzag strays from the start line to either side, points:
    /// x(u) − ox = 3u(1−u)(2u−1)·t (cp1 left), whose extremes at u = ½ ∓ √3/6
    /// are ∓ t/(2√3) ≈ 0.289·t.
    var maximumSwing: Double { t / (2 * 3.0.squareRoot()) }

    // MARK: - Step 6: variation

    /// A bubble starting at `origin` with the tutorial's random choices, drawn
    /// in its order: size, alpha, height, t, the coin for the swing side; the
    /// float lasts `ranges.duration` (the example project's
    /// `bubbleFloatDuration` unless a knob says otherwise).
    ///
    /// The library's `options` draw more, after those and only when they are
    /// on, so that the default options take the tutorial's draws alone:
    /// triangle up's pick of a path, a curve's width w (50 … the width limit),
    /// and the image if there are several.
    static func random(
        startingAt origin: Point, ranges: FloatRanges = FloatRanges(),
        options: FloatOptions = FloatOptions(),
        using random: inout some RandomNumberGenerator
    ) -> FloatingBubble {
        let size = randomFloatBetween(
            ranges.size.lowerBound, and: ranges.size.upperBound, using: &random)
        let alpha = randomFloatBetween(
            ranges.alpha.lowerBound, and: ranges.alpha.upperBound,
            using: &random)
        let height = randomFloatBetween(
            ranges.height.lowerBound, and: ranges.height.upperBound,
            using: &random)
        let t = randomFloatBetween(
            ranges.swing.lowerBound, and: ranges.swing.upperBound,
            using: &random)
        // "generate a random value between 0 and 1 and swap when that value was
        // 1"
        let r = Int.random(in: 0...1, using: &random)
        var bubble = FloatingBubble(
            origin: origin, size: size, alpha: alpha, height: height, t: t,
            swapsControlPoints: r == 1,
            duration: ranges.duration, sinks: options.sinks,
            fadesOut: options.fadesOut)
        bubble.shape = options.shape
        if options.shape == .triangleUp {
            let picks = FloatingShape.triangleUpPicks
            bubble.shape = picks[
                Int.random(in: 0..<picks.count, using: &random)]
        }
        if bubble.shape == .curveLeft || bubble.shape == .curveRight {
            bubble.w = randomFloatBetween(
                FloatOptions.minimumCurveWidth,
                and: options.curveWidthLimit(from: origin.x), using: &random)
        }
        if options.images.count > 1 {
            bubble.imageName = options.images[
                Int.random(in: 0..<options.images.count, using: &random)]
        } else if let image = options.images.first {
            bubble.imageName = image
        }
        return bubble
    }

    /// The tutorial's Stack Overflow helper: a number from `smallNumber` to
    /// `bigNumber`, from the scene's seeded generator.
    static func randomFloatBetween(
        _ smallNumber: Double, and bigNumber: Double,
        using random: inout some RandomNumberGenerator
    ) -> Double {
        guard bigNumber > smallNumber else { return smallNumber }
        return Double.random(in: smallNumber...bigNumber, using: &random)
    }
}
