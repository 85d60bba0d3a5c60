import Foundation

/// How a keyframe animation computes values between keyframes (CAAnimationCalculationMode).
public enum CalculationMode: Sendable, Hashable {
    /// Straight interpolation between neighbouring keyframes (the default).
    case linear
    /// Each value held until the next key time; keyTimes has one more entry than values.
    case discrete
    /// Constant speed by distance; keyTimes and timing functions are ignored.
    case paced
    /// A Catmull-Rom spline through the values.
    case cubic
    /// A Catmull-Rom spline at constant speed (by chord length).
    case cubicPaced
}

/// Whether a layer moving along a path turns with it (CAAnimationRotationMode).
public enum RotationMode: Sendable, Hashable {
    /// The layer's x axis follows the path's tangent.
    case auto
    /// As `auto`, turned half a turn.
    case autoReverse
}

/// An animation through a list of values or along a path (CAKeyframeAnimation);
/// docs/SEMANTICS.md § Keyframe animations.
///
/// With a `path` (for point properties), every line or curve end point is a keyframe and a
/// move is not; without key times each segment gets the same time, whatever its length, and
/// inside a segment the Bézier parameter follows local time.
public final class KeyframeAnimation<Value: Interpolatable>: PropertyAnimation<Value> {
    public var values: [Value] = []
    /// For point properties: wins over `values`.
    public var path: BezierPath? {
        didSet {
            segmentCache = nil
            soleSegment = nil
        }
    }
    /// 0…1, one per keyframe (one more than `values` in discrete mode); nil spaces them evenly.
    public var keyTimes: [Double]?
    /// One per segment, applied to the time inside the segment.
    public var timingFunctions: [TimingFunction]?
    public var calculationMode = CalculationMode.linear
    /// With a path: turn the layer along the tangent.
    public var rotationMode: RotationMode?

    public override init(keyPath: LayerProperty<Value>) {
        super.init(keyPath: keyPath)
    }

    public required init(copying other: LayerAnimation) {
        super.init(copying: other)
        guard let other = other as? KeyframeAnimation<Value> else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        rotationMode = other.rotationMode
    }

    /// Its property, and the transform too when it turns the layer along its path.
    override func mayWrite(engineOwnProperty name: String) -> Bool {
        super.mayWrite(engineOwnProperty: name) || (rotationMode != nil && name == "transform")
    }

    override func apply(to layer: Layer, state: TimingState) {
        let isPaced = calculationMode == .paced || calculationMode == .cubicPaced
        let p = isPaced ? state.fraction : progress(for: state)
        if let placement = place(at: p) {
            Value.withPathValue(at: placement.point) { keyPath.set(layer, $0) }
            if let rotationMode, let tangent = placement.tangent, tangent != .zero {
                var angle = atan2(tangent.y, tangent.x)
                if rotationMode == .autoReverse { angle += .pi }
                layer.transform = AffineTransform(rotationAngle: angle).concatenating(layer.transform)
            }
            return
        }
        applyValue(to: layer, at: p)
    }

    /// Sets the value at progress `p` (`values`, no path). Not inlined into `apply`: a
    /// function holding a `Value?` asks for the metadata of `Optional<Value>` as it starts,
    /// a run-time lookup that the path's branch, taken by every frame of a float, need not pay.
    @inline(never)
    private func applyValue(to layer: Layer, at p: Double) {
        guard let value = value(at: p) else { return }
        keyPath.set(layer, value)
    }

    // MARK: - Values

    /// The value at overall progress `p` (after the whole-animation timing function).
    func value(at p: Double) -> Value? {
        guard let first = values.first else { return nil }
        let count = values.count
        if count == 1 { return first }
        switch calculationMode {
        case .discrete:
            let times = keyTimes ?? (0...count).map { Double($0) / Double(count) }
            let index = Self.segmentIndex(of: p, in: times, count: count + 1)
            return values[min(index, count - 1)]
        case .paced, .cubicPaced:
            let times = pacedKeyTimes()
            let index = Self.segmentIndex(of: p, in: times, count: count)
            let u = Self.localFraction(p, times, index)
            return calculationMode == .paced
                ? values[index].interpolated(to: values[index + 1], fraction: u)
                : catmullRom(index, u)
        case .linear, .cubic:
            let times = keyTimes ?? (0..<count).map { Double($0) / Double(count - 1) }
            let index = Self.segmentIndex(of: p, in: times, count: count)
            var u = Self.localFraction(p, times, index)
            if let functions = timingFunctions, index < functions.count {
                u = functions[index].progress(at: u)
            }
            return calculationMode == .linear
                ? values[index].interpolated(to: values[index + 1], fraction: u)
                : catmullRom(index, u)
        }
    }

    /// Key times that give each segment time in proportion to its length.
    private func pacedKeyTimes() -> [Double] {
        var lengths = [0.0]
        for i in 1..<values.count { lengths.append(lengths[i - 1] + values[i - 1].distance(to: values[i])) }
        guard let total = lengths.last, total > 0 else {
            return (0..<values.count).map { Double($0) / Double(values.count - 1) }
        }
        return lengths.map { $0 / total }
    }

    /// The Catmull-Rom spline through the values, on segment `i` at `u`; the end segments
    /// repeat their end values as outer neighbours.
    private func catmullRom(_ i: Int, _ u: Double) -> Value {
        let p0 = values[max(i - 1, 0)]
        let p1 = values[i]
        let p2 = values[i + 1]
        let p3 = values[min(i + 2, values.count - 1)]
        let u2 = u * u
        let u3 = u2 * u
        let w0 = 0.5 * (-u + 2 * u2 - u3)
        let w1 = 0.5 * (2 - 5 * u2 + 3 * u3)
        let w2 = 0.5 * (u + 4 * u2 - 3 * u3)
        let w3 = 0.5 * (-u2 + u3)
        return p0.scaled(by: w0).adding(p1.scaled(by: w1)).adding(p2.scaled(by: w2)).adding(p3.scaled(by: w3))
    }

    // MARK: - Paths

    /// The segments of `path`, kept until it changes: the running copy evaluates the same
    /// path every frame (kept without the path, so that a frame does not compare paths).
    private var segmentCache: [PathSegment]?
    /// The path's segment when it has exactly one (a bubble's float), kept in the animation
    /// itself: the array's storage is another object, whose first touch each frame missed
    /// the cache (docs/internals/rendering-many-layers.md).
    private var soleSegment: PathSegment?

    /// The segments of `path`.
    private var pathSegments: [PathSegment] {
        if let segmentCache { return segmentCache }
        let segments = path?.segments ?? []
        soleSegment = segments.count == 1 ? segments[0] : nil
        // A sole segment that `place` takes on its fast path is all it needs again, so the
        // array is not kept: its storage (about 170 bytes) outlived each bubble's float in every
        // checkpoint that holds the animation (issue 39).
        if soleSegment == nil || !takesSoleSegment { segmentCache = segments }
        return segments
    }

    /// Whether `place` evaluates a sole segment directly (evenly spaced keyframes, not paced).
    private var takesSoleSegment: Bool {
        (calculationMode == .linear || calculationMode == .cubic) && keyTimes == nil
    }

    /// The point (and tangent) on `path` at progress `p`; nil without a path.
    func place(at p: Double) -> (point: Point, tangent: Point?)? {
        if let soleSegment, takesSoleSegment {
            // The general case below with one segment and evenly spaced keyframes.
            var u = min(max(p, 0), 1)
            if let functions = timingFunctions, !functions.isEmpty { u = functions[0].progress(at: u) }
            return (soleSegment.point(at: u), rotationMode == nil ? nil : soleSegment.tangent(at: u))
        }
        let segments = pathSegments
        guard !segments.isEmpty else { return nil }  // no path, or nothing but moves
        switch calculationMode {
        case .paced, .cubicPaced:
            guard let path, let point = path.point(atFraction: p) else { return nil }
            return (point, path.tangent(atFraction: p))
        case .discrete:
            let count = segments.count + 1
            let times = keyTimes ?? (0...count).map { Double($0) / Double(count) }
            let index = Self.segmentIndex(of: p, in: times, count: count + 1)
            let point =
                index < segments.count ? segments[index].start : segments[segments.count - 1].point(at: 1)
            return (point, nil)
        case .linear, .cubic:
            let count = segments.count + 1
            let index: Int
            var u: Double
            if let times = keyTimes {
                index = Self.segmentIndex(of: p, in: times, count: count)
                u = Self.localFraction(p, times, index)
            } else {
                // Evenly spaced keyframes: the segment and the fraction in it, without an array.
                let scaled = min(max(p, 0), 1) * Double(segments.count)
                index = min(Int(scaled), segments.count - 1)
                u = min(max(scaled - Double(index), 0), 1)
            }
            if let functions = timingFunctions, index < functions.count {
                u = functions[index].progress(at: u)
            }
            let segment = segments[index]
            return (segment.point(at: u), rotationMode == nil ? nil : segment.tangent(at: u))
        }
    }

    /// The segment `i` with times[i] ≤ p < times[i+1], clamped to the first and last.
    static func segmentIndex(of p: Double, in times: [Double], count: Int) -> Int {
        let usable = min(times.count, count)
        guard usable >= 2 else { return 0 }
        var index = 0
        while index + 2 < usable && p >= times[index + 1] { index += 1 }
        return index
    }

    /// 0…1 within segment `i` (clamped; a zero-length segment counts as done).
    static func localFraction(_ p: Double, _ times: [Double], _ i: Int) -> Double {
        guard i + 1 < times.count else { return 1 }
        let span = times[i + 1] - times[i]
        guard span > 0 else { return 1 }
        return min(max((p - times[i]) / span, 0), 1)
    }
}
