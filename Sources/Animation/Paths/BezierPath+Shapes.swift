import Foundation

/// Length of a quarter circle's control handles as a fraction of the radius: 0.5519150244935106,
/// the value with the smallest largest radial error, ±1.96e-4 · r (Mortensen 2013, "Approximate
/// a circle with cubic Bézier curves"). The usual 4/3 · (√2 − 1) = 0.5522847 puts each
/// midpoint on the circle but errs up to +2.7e-4 · r, always outwards, which makes a circle
/// 1.4e-4 too long; with this value it is 3.8e-5 too long, so strokeEnd on a circle follows the
/// angle to better than 1e-4. The drawn difference is under 0.03 px for r = 100.
let quarterCircleHandle = 0.551_915_024_493_510_6

/// The handles of an arc piece of angle φ are 4/3 · tan(φ/4) · (1 − c · φ⁴) · r: the classic
/// midpoint-on-circle length, shortened as the minimax fit does. c makes a quarter turn give
/// `quarterCircleHandle`; for smaller angles the largest radial error then stays within 6 % of
/// the minimax one (1.35e-5 · r against 1.30e-5 at 1 rad, computed), balanced in and out.
private let arcHandleCorrection =
    (1 - quarterCircleHandle / (4 / 3 * tan(Double.pi / 8))) / pow(Double.pi / 2, 4)

/// Largest angle one cubic of an arc spans: a quarter turn, as Core Graphics and Cairo cut arcs.
private let maximumArcPieceAngle = Double.pi / 2

extension BezierPath {
    /// The outline of `rect`, clockwise on screen from its origin (the top-left corner in y-down
    /// space): a move, three lines and a close, as CGPathAddRect; the close is the left edge.
    public init(rect: Rect) {
        self.init(normalizedElements: [
            .move(to: Point(x: rect.minX, y: rect.minY)),
            .line(to: Point(x: rect.maxX, y: rect.minY)),
            .line(to: Point(x: rect.maxX, y: rect.maxY)),
            .line(to: Point(x: rect.minX, y: rect.maxY)),
            .close,
        ])
    }

    /// The ellipse inscribed in `rect`: it starts at its rightmost point and runs clockwise on
    /// screen (down first in y-down space), as UIKit's `UIBezierPath(ovalIn:)`; a move, four
    /// quarter cubics and a close (docs/SEMANTICS.md § Shape layers and trimming). Radial error ≤ 2e-4 of the
    /// radius (see `quarterCircleHandle`).
    public init(ovalIn rect: Rect) {
        let center = rect.center
        let rx = rect.width / 2
        let ry = rect.height / 2
        let kx = rx * quarterCircleHandle
        let ky = ry * quarterCircleHandle
        let (cx, cy) = (center.x, center.y)
        self.init(normalizedElements: [
            .move(to: Point(x: cx + rx, y: cy)),
            .curve(
                to: Point(x: cx, y: cy + ry),
                control1: Point(x: cx + rx, y: cy + ky), control2: Point(x: cx + kx, y: cy + ry)),
            .curve(
                to: Point(x: cx - rx, y: cy),
                control1: Point(x: cx - kx, y: cy + ry), control2: Point(x: cx - rx, y: cy + ky)),
            .curve(
                to: Point(x: cx, y: cy - ry),
                control1: Point(x: cx - rx, y: cy - ky), control2: Point(x: cx - kx, y: cy - ry)),
            .curve(
                to: Point(x: cx + rx, y: cy),
                control1: Point(x: cx + kx, y: cy - ry), control2: Point(x: cx + rx, y: cy - ky)),
            .close,
        ])
    }

    /// The outline of `rect` with circular corners of `cornerRadius` pixels, clockwise on screen
    /// from the end of the top-left corner.
    ///
    /// The radius is clamped to 0…half the shorter side. For any radius > 0 the structure is
    /// the same (move, then line and quarter cubic four times, then close; a side shorter than
    /// two radii gives a zero-length line), so paths of different radii interpolate. A radius of
    /// 0 gives `init(rect:)`. UIKit's corners are "continuous" (a smoother curve than a circle);
    /// ours are circular, which is what Core Animation's `cornerRadius` draws.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        let limit = min(abs(rect.width), abs(rect.height)) / 2
        let radius = cornerRadius > 0 ? min(cornerRadius, limit) : 0  // NaN gives 0
        guard radius > 0 else {
            self.init(rect: rect)
            return
        }
        let k = radius * quarterCircleHandle
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        let r = radius
        self.init(normalizedElements: [
            .move(to: Point(x: x0 + r, y: y0)),
            .line(to: Point(x: x1 - r, y: y0)),
            .curve(
                to: Point(x: x1, y: y0 + r),
                control1: Point(x: x1 - r + k, y: y0), control2: Point(x: x1, y: y0 + r - k)),
            .line(to: Point(x: x1, y: y1 - r)),
            .curve(
                to: Point(x: x1 - r, y: y1),
                control1: Point(x: x1, y: y1 - r + k), control2: Point(x: x1 - r + k, y: y1)),
            .line(to: Point(x: x0 + r, y: y1)),
            .curve(
                to: Point(x: x0, y: y1 - r),
                control1: Point(x: x0 + r - k, y: y1), control2: Point(x: x0, y: y1 - r + k)),
            .line(to: Point(x: x0, y: y0 + r)),
            .curve(
                to: Point(x: x0 + r, y: y0),
                control1: Point(x: x0, y: y0 + r - k), control2: Point(x: x0 + r - k, y: y0)),
            .close,
        ])
    }

    /// Adds a circular arc in y-down space, as `UIBezierPath.addArc(withCenter:…)`: angles in
    /// radians from the +x axis, and `clockwise` as seen on screen, so
    /// `addArc(withCenter: c, radius: r, startAngle: 0, endAngle: .pi, clockwise: true)` draws
    /// the bottom half (docs/SEMANTICS.md § Shape layers and trimming).
    ///
    /// - The sweep runs from `startAngle` towards `endAngle` in the given direction, adding or
    ///   removing whole turns as Cairo's `cairo_arc` does; at most one full turn.
    /// - Equal angles add no curve (only the line or move to the start).
    /// - Cut into equal cubics of at most 90° each, their handles along the tangents as in
    ///   `init(ovalIn:)` (radial error ≤ 2e-4 · r; see `quarterCircleHandle`).
    /// - With a current point, first a line from it to the arc's start, left out when the
    ///   current point already is the start (to rounding), so that `move(to: start)` then
    ///   `addArc` gives no zero-length segment (one keyframe each). Without one, a move.
    /// - Non-finite arguments add nothing.
    public mutating func addArc(
        withCenter center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite,
            endAngle.isFinite
        else { return }
        let sweep = BezierPath.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)

        func onCircle(_ angle: Double) -> Point {
            Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        let start = onCircle(startAngle)
        if let current = currentPoint {
            let scale = max(1, abs(radius), abs(center.x), abs(center.y))
            if current.distance(to: start) > 1e-12 * scale { addLine(to: start) }
        } else {
            move(to: start)
        }
        guard sweep != 0 else { return }

        let pieces = max(1, Int((abs(sweep) / maximumArcPieceAngle - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4 / 3 * tan(step / 4) * (1 - arcHandleCorrection * pow(step, 4)) * radius
        var angle = startAngle
        var from = start
        for piece in 1...pieces {
            let nextAngle = piece == pieces ? startAngle + sweep : startAngle + step * Double(piece)
            let to = onCircle(nextAngle)
            addCurve(
                to: to,
                controlPoint1: from + Point(x: -sin(angle), y: cos(angle)) * handle,
                controlPoint2: to - Point(x: -sin(nextAngle), y: cos(nextAngle)) * handle)
            angle = nextAngle
            from = to
        }
    }
}

extension BezierPath {
    /// The signed angle an arc from `startAngle` to `endAngle` turns through, as UIKit reads
    /// them: clockwise (y down) is positive, at most one whole turn either way.
    public static func arcSweep(from startAngle: Double, to endAngle: Double, clockwise: Bool) -> Double {
        let fullTurn = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep < 0 { sweep = fmod(sweep, fullTurn) + fullTurn }
            return min(sweep, fullTurn)
        }
        if sweep > 0 { sweep = fmod(sweep, fullTurn) - fullTurn }
        return max(sweep, -fullTurn)
    }
}
