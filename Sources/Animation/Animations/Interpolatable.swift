import Foundation

/// A value that animations can move between: numbers, points, sizes, rects, colours,
/// transforms and paths.
///
/// Besides interpolation (with fractions outside 0…1, which springs and ease curves with
/// overshoot need), values form a vector space, which `byValue` (from + by), cubic keyframes
/// (Catmull-Rom) and paced keyframes (distances) need.
public protocol Interpolatable: Equatable {
    /// The value `fraction` of the way from `self` to `other`; 0 is `self`, 1 is `other`.
    func interpolated(to other: Self, fraction: Double) -> Self
    /// Component-wise sum (`fromValue + byValue`).
    func adding(_ other: Self) -> Self
    /// Component-wise `self × factor`.
    func scaled(by factor: Double) -> Self
    /// A distance for paced keyframes: Euclidean over the components.
    func distance(to other: Self) -> Double
    /// Calls `body` with the value a keyframe animation's `path` gives at `point`: the point
    /// itself for points; for every other value, which a path does not animate, nothing
    /// (docs/SEMANTICS.md § Keyframe animations). A requirement with a closure rather than a
    /// cast (`point as? Self`) or an optional result: generic code looks up the metadata of
    /// `Optional<Self>` at run time, on every frame of every animation along a path.
    static func withPathValue(at point: Point, _ body: (Self) -> Void)
}

extension Interpolatable {
    /// Component-wise difference.
    public func subtracting(_ other: Self) -> Self { adding(other.scaled(by: -1)) }

    public static func withPathValue(at point: Point, _ body: (Self) -> Void) {}
}

extension Double: Interpolatable {
    public func interpolated(to other: Double, fraction: Double) -> Double {
        self + (other - self) * fraction
    }
    public func adding(_ other: Double) -> Double { self + other }
    public func scaled(by factor: Double) -> Double { self * factor }
    public func distance(to other: Double) -> Double { abs(other - self) }
}

extension Point: Interpolatable {
    public func interpolated(to other: Point, fraction: Double) -> Point { lerp(to: other, fraction) }
    public func adding(_ other: Point) -> Point { self + other }
    public func scaled(by factor: Double) -> Point { self * factor }
    public static func withPathValue(at point: Point, _ body: (Point) -> Void) { body(point) }
}

extension Size: Interpolatable {
    public func interpolated(to other: Size, fraction: Double) -> Size {
        Size(
            width: width.interpolated(to: other.width, fraction: fraction),
            height: height.interpolated(to: other.height, fraction: fraction))
    }
    public func adding(_ other: Size) -> Size {
        Size(width: width + other.width, height: height + other.height)
    }
    public func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
    public func distance(to other: Size) -> Double {
        hypot(other.width - width, other.height - height)
    }
}

extension Rect: Interpolatable {
    public func interpolated(to other: Rect, fraction: Double) -> Rect {
        Rect(
            origin: origin.interpolated(to: other.origin, fraction: fraction),
            size: size.interpolated(to: other.size, fraction: fraction))
    }
    public func adding(_ other: Rect) -> Rect {
        Rect(origin: origin + other.origin, size: size.adding(other.size))
    }
    public func scaled(by factor: Double) -> Rect {
        Rect(origin: origin * factor, size: size.scaled(by: factor))
    }
    public func distance(to other: Rect) -> Double {
        let d1 = origin.distance(to: other.origin)
        let d2 = size.distance(to: other.size)
        return (d1 * d1 + d2 * d2).squareRoot()
    }
}

extension Color: Interpolatable {
    public func interpolated(to other: Color, fraction: Double) -> Color {
        Color(
            red: red.interpolated(to: other.red, fraction: fraction),
            green: green.interpolated(to: other.green, fraction: fraction),
            blue: blue.interpolated(to: other.blue, fraction: fraction),
            alpha: alpha.interpolated(to: other.alpha, fraction: fraction))
    }
    public func adding(_ other: Color) -> Color {
        Color(
            red: red + other.red, green: green + other.green, blue: blue + other.blue,
            alpha: alpha + other.alpha)
    }
    public func scaled(by factor: Double) -> Color {
        Color(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }
    public func distance(to other: Color) -> Double {
        let dr = other.red - red
        let dg = other.green - green
        let db = other.blue - blue
        let da = other.alpha - alpha
        return (dr * dr + dg * dg + db * db + da * da).squareRoot()
    }
}

extension AffineTransform: Interpolatable {
    /// Interpolates the decomposed parts (translation, rotation, scale), as Core Animation
    /// does for transforms, so that a half-way rotation is a rotation, not a shrink.
    public func interpolated(to other: AffineTransform, fraction: Double) -> AffineTransform {
        let a = Decomposed(self)
        let b = Decomposed(other)
        var turn = b.rotation - a.rotation
        if turn > .pi { turn -= 2 * .pi }
        if turn < -.pi { turn += 2 * .pi }
        return Decomposed(
            translation: a.translation.interpolated(to: b.translation, fraction: fraction),
            rotation: a.rotation + turn * fraction,
            scale: a.scale.interpolated(to: b.scale, fraction: fraction),
            shear: a.shear.interpolated(to: b.shear, fraction: fraction)
        ).transform
    }
    public func adding(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a + other.a, b: b + other.b, c: c + other.c, d: d + other.d,
            tx: tx + other.tx, ty: ty + other.ty)
    }
    public func scaled(by factor: Double) -> AffineTransform {
        AffineTransform(
            a: a * factor, b: b * factor, c: c * factor, d: d * factor, tx: tx * factor,
            ty: ty * factor)
    }
    public func distance(to other: AffineTransform) -> Double {
        let parts = [a - other.a, b - other.b, c - other.c, d - other.d, tx - other.tx, ty - other.ty]
        return parts.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }

    /// M = R·U with U = [sx shear; 0 sy] upper-triangular, then the translation: the
    /// decomposition used for interpolation.
    private struct Decomposed {
        var translation: Point
        var rotation: Double
        var scale: Size
        var shear: Double

        init(translation: Point, rotation: Double, scale: Size, shear: Double) {
            self.translation = translation
            self.rotation = rotation
            self.scale = scale
            self.shear = shear
        }

        init(_ t: AffineTransform) {
            translation = Point(x: t.tx, y: t.ty)
            let sx = hypot(t.a, t.b)
            rotation = atan2(t.b, t.a)
            let det = t.a * t.d - t.b * t.c
            let sy = sx == 0 ? hypot(t.c, t.d) : det / sx
            shear = sx == 0 ? 0 : (t.a * t.c + t.b * t.d) / sx
            scale = Size(width: sx, height: sy)
        }

        var transform: AffineTransform {
            // Maps x by scale, then shear, then rotation, then translation.
            let scaleShear = AffineTransform(
                a: scale.width, b: 0, c: shear, d: scale.height, tx: 0, ty: 0)
            return scaleShear.concatenating(AffineTransform(rotationAngle: rotation))
                .concatenating(AffineTransform(translationX: translation.x, y: translation.y))
        }
    }
}

extension BezierPath: Interpolatable {
    // interpolated(to:fraction:) is BezierPath's own (Paths/BezierPath+Interpolation.swift).
    public func adding(_ other: BezierPath) -> BezierPath { pointwise(other, +) }
    public func scaled(by factor: Double) -> BezierPath { mapPoints { $0 * factor } }
    public func distance(to other: BezierPath) -> Double {
        var total = 0.0
        _ = pointwise(other) { a, b in
            total += a.distance(to: b) * a.distance(to: b)
            return a
        }
        return total.squareRoot()
    }
}
