import Animation
import Foundation

/// One segment as a Lottie layer: a shape layer (`ty` 4) or an image layer (`ty` 2) with its
/// transform, opacity, masks and paints keyed over the frames it spans.
struct LottieLayerWriter {
    let segment: LottieBaker.Segment
    let index: Int
    /// The null layer's `ind` this layer hangs from.
    let parent: Int?
    let assetIDs: [String: String]
    /// The scene's timing functions, which runs between keys may follow (`KeyframeTrack`).
    let curves: [TimingFunction]

    /// How far a baked value may lie from the line between its keys: a thousandth of a point,
    /// of a percent, of a degree (the precision the numbers are written with, 3 decimals).
    static let tolerance = 0.002
    /// Colour components, 0…1: well under one level of 255.
    static let colorTolerance = 0.0005

    /// The frames from the first to the last drawn; a frame the track did not draw (its
    /// layer hidden, or transparent) repeats the one before with no opacity.
    var frames: [TrackFrame] {
        var result: [TrackFrame] = []
        let last = segment.lastFrame
        for offset in 0...(last - segment.firstFrame) {
            if let frame = segment.frames[offset] {
                result.append(frame)
            } else if var previous = result.last {
                previous.opacity = 0
                result.append(previous)
            }
        }
        return result
    }

    var json: LottieJSON {
        let frames = frames
        let first = segment.firstFrame
        let timing = KeyTiming(curves: curves, discrete: frames.map(\.isDiscrete))
        var members: [(String, LottieJSON)] = [
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(frames[0].imageName == nil ? 4 : 2)),
            ("nm", .string(segment.name)), ("sr", .int(1)),
            (
                "ks",
                Self.transform(
                    frames.map(\.transform), opacities: frames.map(\.opacity), first: first, timing: timing)
            ),
            ("ao", .int(0)),
        ]
        if let parent { members.append(("parent", .int(parent))) }
        if let imageName = frames[0].imageName, let id = assetIDs[imageName] {
            members.append(("refId", .string(id)))
        }
        // A clip that cuts nothing shown at any of the layer's frames is left out.
        let masks = frames[0].masks.indices.filter { index in frames.contains { $0.masksNeeded[index] } }
        if !masks.isEmpty {
            members.append(("hasMask", .bool(true)))
            members.append(
                ("masksProperties", .array(Self.masks(masks, frames, first: first, timing: timing))))
        }
        if frames[0].imageName == nil {
            // A paint that never shows (a shape layer's clear fill, a stroke of no width) is left out.
            let shown = frames[0].paints.indices.filter { index in
                frames.contains {
                    $0.paints[index].color.alpha > 0
                        && (!$0.paints[index].isStroke || $0.paints[index].width > 0)
                }
            }
            members.append(
                ("shapes", .array(shown.map { Self.paint($0, frames, first: first, timing: timing) })))
        }
        members += [
            ("ip", .int(first)), ("op", .int(first + frames.count)), ("st", .int(0)), ("bm", .int(0)),
        ]
        return .object(members)
    }

    // MARK: - Transform

    /// The layer's transform to the export's space as position, scale (percent), rotation
    /// and skew (degrees) about anchor (0, 0): Lottie's matrix is
    /// translate(p) · rotate(r) · skewX(−sk) · scale(s), and every affine transform is one.
    static func decompose(_ t: Animation.AffineTransform) -> (
        x: Double, y: Double, sx: Double, sy: Double, r: Double, sk: Double
    ) {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        guard sx > 1e-12 else { return (t.tx, t.ty, 0, 0, 0, 0) }
        let angle = atan2(t.b, t.a)
        let shear = (t.a * t.c + t.b * t.d) / sx
        let sy = (t.a * t.d - t.b * t.c) / sx
        let skew = sy == 0 ? 0 : -atan(shear / sy)
        return (t.tx, t.ty, sx * 100, sy * 100, angle * 180 / .pi, skew * 180 / .pi)
    }

    /// A null layer (`ty` 3) over the whole export: an engine layer's transform to its
    /// superlayer, for what hangs from it.
    static func null(
        name: String, index: Int, parent: Int?, transforms: [Animation.AffineTransform], end: Int,
        timing: KeyTiming
    ) -> LottieJSON {
        var members: [(String, LottieJSON)] = [
            ("ddd", .int(0)), ("ind", .int(index)), ("ty", .int(3)), ("nm", .string(name)), ("sr", .int(1)),
            ("ks", transform(transforms, opacities: nil, first: 0, timing: timing)), ("ao", .int(0)),
        ]
        if let parent { members.append(("parent", .int(parent))) }
        members += [("ip", .int(0)), ("op", .int(end)), ("st", .int(0)), ("bm", .int(0))]
        return .object(members)
    }

    /// Position, scale, rotation, skew and opacity keyed over the frames (opacity 100 when nil).
    private static func transform(
        _ transforms: [Animation.AffineTransform], opacities: [Double]?, first: Int, timing: KeyTiming
    ) -> LottieJSON {
        var position: [[Double]] = []
        var scale: [[Double]] = []
        var rotation: [[Double]] = []
        var skew: [[Double]] = []
        var opacity: [[Double]] = []
        var lastAngle: Double?
        for (index, matrix) in transforms.enumerated() {
            let parts = Self.decompose(matrix)
            var angle = parts.r
            if let lastAngle {  // the nearest turn to the last frame's: no spin the wrong way
                angle += 360 * ((lastAngle - angle) / 360).rounded()
            }
            lastAngle = angle
            position.append([parts.x, parts.y])
            scale.append([parts.sx, parts.sy])
            rotation.append([angle])
            skew.append([parts.sk])
            opacity.append([(opacities?[index] ?? 1) * 100])
        }
        var members: [(String, LottieJSON)] = [
            ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
            ("p", Self.property(position, first: first, timing: timing)),
            ("s", Self.property(scale, first: first, timing: timing)),
            ("r", Self.property(rotation, first: first, timing: timing, scalar: true)),
            ("o", Self.property(opacity, first: first, timing: timing, scalar: true)),
        ]
        if skew.contains(where: { abs($0[0]) > Self.tolerance }) {
            members.append(("sk", Self.property(skew, first: first, timing: timing, scalar: true)))
            members.append(("sa", .object([("a", .int(0)), ("k", .int(0))])))
        }
        return .object(members)
    }

    /// A property keyed over the frames; `scalar` writes a one-number value as a number.
    static func property(
        _ values: [[Double]], first: Int, timing: KeyTiming, scalar: Bool = false,
        tolerance: Double = tolerance
    ) -> LottieJSON {
        let track = KeyframeTrack(
            values: values, tolerance: tolerance, curves: timing.curves, steps: timing.steps)
        return track.json(firstFrame: first) { index in
            scalar ? .num(values[index][0]) : .nums(values[index])
        }
    }

    /// A shape (one subpath) keyed over the frames.
    static func shapeProperty(_ shapes: [LottieShape], first: Int, timing: KeyTiming) -> LottieJSON {
        let track = KeyframeTrack(
            values: shapes.map(\.flattened), structures: shapes.map(\.structure), tolerance: tolerance,
            curves: timing.curves, steps: timing.steps)
        return track.json(firstFrame: first) { shapes[$0].json }
    }

    // MARK: - Masks

    private static func masks(
        _ indices: [Int], _ frames: [TrackFrame], first: Int, timing: KeyTiming
    ) -> [LottieJSON] {
        indices.enumerated().map { position, index in
            .object([
                ("inv", .bool(false)), ("mode", .string(position == 0 ? "a" : "i")),
                ("pt", Self.shapeProperty(frames.map { $0.masks[index] }, first: first, timing: timing)),
                ("o", .object([("a", .int(0)), ("k", .int(100))])),
                ("x", .object([("a", .int(0)), ("k", .int(0))])), ("nm", .string("clip \(index + 1)")),
            ])
        }
    }

    // MARK: - Paints

    private static func paint(_ index: Int, _ frames: [TrackFrame], first: Int, timing: KeyTiming)
        -> LottieJSON
    {
        let paints = frames.map { $0.paints[index] }
        let model = paints[0]
        var items: [LottieJSON] = model.shapes.indices.map { subpath in
            .object([
                ("ty", .string("sh")), ("nm", .string("path \(subpath + 1)")),
                ("ks", Self.shapeProperty(paints.map { $0.shapes[subpath] }, first: first, timing: timing)),
            ])
        }
        let color = Self.property(
            paints.map { [$0.color.red, $0.color.green, $0.color.blue] }, first: first, timing: timing,
            tolerance: Self.colorTolerance)
        let alpha = Self.property(
            paints.map { [$0.color.alpha * 100] }, first: first, timing: timing, scalar: true)
        if model.isStroke {
            if model.trim != nil {
                // Lottie draws nothing where start ≥ end only when they are equal.
                let ends = paints.map { paint -> (Double, Double) in
                    let start = min(max(paint.trim?.start ?? 0, 0), 1)
                    let end = min(max(paint.trim?.end ?? 1, 0), 1)
                    return start < end ? (start * 100, end * 100) : (start * 100, start * 100)
                }
                items.append(
                    .object([
                        ("ty", .string("tm")), ("nm", .string("strokeStart…strokeEnd")),
                        ("s", Self.property(ends.map { [$0.0] }, first: first, timing: timing, scalar: true)),
                        ("e", Self.property(ends.map { [$0.1] }, first: first, timing: timing, scalar: true)),
                        ("o", .object([("a", .int(0)), ("k", .int(0))])),
                        // 2: the subpaths trimmed as one path, as Core Animation trims.
                        ("m", .int(model.shapes.count > 1 ? 2 : 1)),
                    ]))
            }
            var stroke: [(String, LottieJSON)] = [
                ("ty", .string("st")), ("nm", .string("stroke")), ("c", color), ("o", alpha),
                ("w", Self.property(paints.map { [$0.width] }, first: first, timing: timing, scalar: true)),
                ("lc", .int(Self.capCode(model.cap))), ("lj", .int(Self.joinCode(model.join))),
                ("ml", .num(model.miterLimit)),
            ]
            if !model.dashes.isEmpty {
                var dashes: [LottieJSON] = model.dashes.indices.map { dash in
                    .object([
                        ("n", .string(dash % 2 == 0 ? "d" : "g")),
                        ("nm", .string(dash % 2 == 0 ? "dash" : "gap")),
                        (
                            "v",
                            Self.property(
                                paints.map { [$0.dashes[dash]] }, first: first, timing: timing, scalar: true)
                        ),
                    ])
                }
                dashes.append(
                    .object([
                        ("n", .string("o")), ("nm", .string("offset")),
                        (
                            "v",
                            Self.property(
                                paints.map { [$0.dashPhase] }, first: first, timing: timing, scalar: true)
                        ),
                    ]))
                stroke.append(("d", .array(dashes)))
            }
            items.append(.object(stroke))
        } else {
            items.append(
                .object([
                    ("ty", .string("fl")), ("nm", .string("fill")), ("c", color), ("o", alpha),
                    ("r", .int(model.fillRule == .evenOdd ? 2 : 1)),
                ]))
        }
        items.append(Self.identityGroupTransform)
        return .object([
            ("ty", .string("gr")), ("nm", .string(model.isStroke ? "stroke" : "fill")), ("it", .array(items)),
        ])
    }

    static let identityGroupTransform = LottieJSON.object([
        ("ty", .string("tr")), ("p", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
        ("a", .object([("a", .int(0)), ("k", .nums([0, 0]))])),
        ("s", .object([("a", .int(0)), ("k", .nums([100, 100]))])),
        ("r", .object([("a", .int(0)), ("k", .int(0))])), ("o", .object([("a", .int(0)), ("k", .int(100))])),
        ("sk", .object([("a", .int(0)), ("k", .int(0))])), ("sa", .object([("a", .int(0)), ("k", .int(0))])),
    ])

    static func capCode(_ cap: LineCap) -> Int {
        switch cap {
        case .butt: 1
        case .round: 2
        case .square: 3
        }
    }

    static func joinCode(_ join: LineJoin) -> Int {
        switch join {
        case .miter: 1
        case .round: 2
        case .bevel: 3
        }
    }
}

/// How keys may run between frames: the scene's timing functions a run may follow, and where a
/// jump is a discrete keyframe animation's step (`KeyframeTrack`).
struct KeyTiming {
    var curves: [TimingFunction]
    /// For each frame, whether a jump from it to the next is a step: a discrete keyframe
    /// animation ran at one of the two.
    var steps: [Bool]

    init(curves: [TimingFunction], discrete: [Bool]) {
        self.curves = curves
        steps = discrete.indices.map { discrete[$0] || ($0 + 1 < discrete.count && discrete[$0 + 1]) }
    }

    /// `discreteFrames` among frames 0..<`count`.
    init(curves: [TimingFunction], discreteFrames: Set<Int>, count: Int) {
        self.init(curves: curves, discrete: (0..<count).map { discreteFrames.contains($0) })
    }
}
