// FloatingPath.swift — JRMFloatingAnimation 0.1.2's JRMFloatingImageView path makers
// (`makeZigZagPathWithShape:`, `curveLeftPath`, `curveRightPath`, `straightPath`,
// `mixUpControlPoints1:and2:`), docs/SEMANTICS.md § Fish (JRMFloatingAnimation).
import Animation

/// One floating object's path as the library makes it: one cubic Bézier from the object's
/// frame origin, its control points swapped on a coin.
///
/// Coordinates are y-down, as UIKit's. Draws come in the library's order: triangle up's pick of
/// a path; then curve left w, r; curve right r, w; straight r, h; then the coin.
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

    /// The path for `shape` from `start`, for an object of `size` points, with the library's
    /// `animationWidth` (W) and `minAnimationHeight`…`maxAnimationHeight`. `sinks` (pull request
    /// #9's `objectsShouldSink`, not in 0.1.2) mirrors the path about the start's y, as the fish
    /// scene does (docs/SEMANTICS.md).
    static func make(
        _ shape: FloatingShape, from start: Point, size: Double, animationWidth: Double,
        minAnimationHeight: Double, maxAnimationHeight: Double, sinks: Bool = false,
        using random: inout some RandomNumberGenerator
    ) -> FloatingPath {
        let x = start.x
        let y = start.y
        var made: FloatingPath
        var picked = shape
        if shape == .triangleUp {
            // `methods[arc4random() % 3]` of curveLeftPath, curveRightPath, straightPath
            let picks = FloatingShape.triangleUpPicks
            picked = picks[Int.random(in: 0..<picks.count, using: &random)]
        }
        switch picked {
        case .curveLeft:
            let w = randomFloatBetween(minimumCurveWidth, and: animationWidth, using: &random)
            let r = randomFloatBetween(minAnimationHeight, and: maxAnimationHeight, using: &random)
            made = FloatingPath(
                start: start, end: Point(x: x - w, y: y - r), cp1: Point(x: x, y: y - 0.75 * r),
                cp2: Point(x: x - w, y: y - 0.25 * r), shape: .curveLeft)
        case .curveRight:
            let r = randomFloatBetween(minAnimationHeight, and: maxAnimationHeight, using: &random)
            let w = randomFloatBetween(minimumCurveWidth, and: animationWidth, using: &random)
            made = FloatingPath(
                start: start, end: Point(x: x + w, y: y - r), cp1: Point(x: x, y: y - 0.75 * r),
                cp2: Point(x: x + w, y: y - 0.25 * r), shape: .curveRight)
        case .straight, .triangleUp:
            let r = randomFloatBetween(1, and: animationWidth, using: &random)
            let h = randomFloatBetween(-minAnimationHeight, and: -maxAnimationHeight, using: &random)
            let ey = y + h + size
            let midY = (y + ey) / 2
            made = FloatingPath(
                start: start, end: Point(x: x, y: ey), cp1: Point(x: x - r, y: midY),
                cp2: Point(x: x + r, y: midY), shape: .straight)
        }
        // mixUpControlPoints: `arc4random() % 2`, swapped on 1
        if Int.random(in: 0...1, using: &random) == 1 { swap(&made.cp1, &made.cp2) }
        if sinks {
            for keyPath in [\FloatingPath.end, \.cp1, \.cp2] {
                made[keyPath: keyPath].y = 2 * y - made[keyPath: keyPath].y
            }
        }
        return made
    }

    /// `moveToPoint:` the start, `addCurveToPoint:controlPoint1:controlPoint2:` the end.
    var bezierPath: BezierPath {
        var path = BezierPath()
        path.move(to: start)
        path.addCurve(to: end, controlPoint1: cp1, controlPoint2: cp2)
        return path
    }

    /// The library's `randomFloatBetween:and:`: uniform from `smallNumber` to `bigNumber`, in
    /// either order (`(rand / RAND_MAX) · (big − small) + small`).
    static func randomFloatBetween(
        _ smallNumber: Double, and bigNumber: Double, using random: inout some RandomNumberGenerator
    ) -> Double {
        smallNumber + Double.random(in: 0...1, using: &random) * (bigNumber - smallNumber)
    }
}
