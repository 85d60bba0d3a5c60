// FloatingPath.swift — JRMFloatingAnimation 0.1.2's JRMFloatingImageView path makers
// (`makeZigZagPathWithShape:`, `curveLeftPath`, `curveRightPath`, `straightPath`,
// `mixUpControlPoints1:and2:`), docs/SEMANTICS.md § Fish (JRMFloatingAnimation).
import Animation

/// One floating object's path as the library makes it: one cubic Bézier from the object's
/// frame origin, its control points swapped on a coin.
///
/// Coordinates are y-down, as UIKit's. `make` draws in the library's order: triangle up's pick
/// of a path; then curve left w, r; curve right r, w; straight r, h; then the coin. The fish
/// scene draws in its tutorial's order (`FloatingBubble.random`) and places the points with the
/// same `init`.
struct FloatingPath: Equatable {
    /// Where the path starts: the library's `self.frame.origin` (not the object's centre).
    var start: Point
    var end: Point
    var cp1: Point
    var cp2: Point
    /// The path made: `straight`, `curveLeft` or `curveRight` (triangle up picks one).
    var shape: FloatingShape

    /// Points: a curve goes at least this far to the side (`randomFloatBetween:50 and:…`).
    static let minimumCurveWidth = 50.0

    /// The path of `shape` from `start` once its numbers are drawn, as the library's path makers
    /// place its points. `rise` is how far it goes up (r); `side` how far it goes to the side:
    /// a curve's end (w) or the zigzag's control points (the library's r, the tutorial's t).
    /// `lift` moves the zigzag's end down: the library's straight path ends `size` below its
    /// height (`y + h + size`); the fish tutorial's does not (0). The coin swaps the control
    /// points; `sinks` mirrors the path about the start's y. `triangleUp` is made as `straight`.
    init(
        _ shape: FloatingShape, from start: Point, rise: Double, side: Double, lift: Double = 0,
        swapsControlPoints: Bool, sinks: Bool
    ) {
        let x = start.x
        let y = start.y
        self.start = start
        switch shape {
        case .curveLeft, .curveRight:
            let ex = shape == .curveLeft ? x - side : x + side
            (end, cp1, cp2) = (
                Point(x: ex, y: y - rise), Point(x: x, y: y - 0.75 * rise), Point(x: ex, y: y - 0.25 * rise)
            )
            self.shape = shape
        case .straight, .triangleUp:
            let ey = y - rise + lift
            let midY = (y + ey) / 2
            (end, cp1, cp2) = (Point(x: x, y: ey), Point(x: x - side, y: midY), Point(x: x + side, y: midY))
            self.shape = .straight
        }
        // mixUpControlPoints: swapped on the coin's 1
        if swapsControlPoints { swap(&cp1, &cp2) }
        if sinks {
            for keyPath in [\FloatingPath.end, \.cp1, \.cp2] {
                self[keyPath: keyPath].y = 2 * y - self[keyPath: keyPath].y
            }
        }
    }

    /// The path for `shape` from `start`, for an object of `size` points, with the library's
    /// `animationWidth` (W) and `minAnimationHeight`…`maxAnimationHeight`, drawn in the
    /// library's order. `sinks` (pull request #9's `objectsShouldSink`, not in 0.1.2) mirrors the
    /// path about the start's y, as the fish scene does (docs/SEMANTICS.md).
    static func make(
        _ shape: FloatingShape, from start: Point, size: Double, animationWidth: Double,
        minAnimationHeight: Double, maxAnimationHeight: Double, sinks: Bool = false,
        using random: inout some RandomNumberGenerator
    ) -> FloatingPath {
        var picked = shape
        if shape == .triangleUp {
            // `methods[arc4random() % 3]` of curveLeftPath, curveRightPath, straightPath
            let picks = FloatingShape.triangleUpPicks
            picked = picks[Int.random(in: 0..<picks.count, using: &random)]
        }
        let rise: Double
        let side: Double
        var lift = 0.0
        switch picked {
        case .curveLeft:
            side = randomFloatBetween(minimumCurveWidth, and: animationWidth, using: &random)
            rise = randomFloatBetween(minAnimationHeight, and: maxAnimationHeight, using: &random)
        case .curveRight:
            rise = randomFloatBetween(minAnimationHeight, and: maxAnimationHeight, using: &random)
            side = randomFloatBetween(minimumCurveWidth, and: animationWidth, using: &random)
        case .straight, .triangleUp:
            side = randomFloatBetween(1, and: animationWidth, using: &random)
            // h = rand(−min, −max), the end at y + h + size
            rise = -randomFloatBetween(-minAnimationHeight, and: -maxAnimationHeight, using: &random)
            lift = size
        }
        // mixUpControlPoints: `arc4random() % 2`
        let swaps = Int.random(in: 0...1, using: &random) == 1
        return FloatingPath(
            picked, from: start, rise: rise, side: side, lift: lift, swapsControlPoints: swaps, sinks: sinks)
    }

    /// `moveToPoint:` the start, `addCurveToPoint:controlPoint1:controlPoint2:` the end.
    var bezierPath: BezierPath {
        var path = BezierPath()
        path.move(to: start)
        path.addCurve(to: end, controlPoint1: cp1, controlPoint2: cp2)
        return path
    }

    /// The library's `randomFloatBetween:and:`, and the fish tutorial's (the same Stack Overflow
    /// helper): uniform from `smallNumber` to `bigNumber`, in either order, one draw even when
    /// the two are equal (`(rand / RAND_MAX) · (big − small) + small`). The only one: every
    /// random number of the library port and of the fish's bubbles comes from it.
    static func randomFloatBetween(
        _ smallNumber: Double, and bigNumber: Double, using random: inout some RandomNumberGenerator
    ) -> Double {
        smallNumber + Double.random(in: 0...1, using: &random) * (bigNumber - smallNumber)
    }
}
