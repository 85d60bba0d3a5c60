import Animation

/// An image an export embeds: its size in pixels and its PNG file's bytes.
public struct LottieImage: Sendable {
    public var width: Int
    public var height: Int
    public var png: [UInt8]

    public init(width: Int, height: Int, png: [UInt8]) {
        self.width = width
        self.height = height
        self.png = png
    }
}

/// What one engine layer draws becomes up to four Lottie layers, in the renderer's order:
/// its background, its image, its shape or its text's glyphs, then (after its sublayers) its
/// border.
enum TrackKind: Int, Hashable {
    case background, image, shape, text, border
}

/// One Lottie layer's source: an engine layer and which of its drawings.
struct TrackKey: Hashable {
    var layer: ObjectIdentifier
    var kind: TrackKind
}

/// One fill or stroke of a shape layer at one frame, in the layer's own space.
struct Paint {
    var isStroke: Bool
    var shapes: [LottieShape]
    var color: Color
    var width: Double = 0
    var cap: LineCap = .butt
    var join: LineJoin = .miter
    var miterLimit: Double = 10
    var fillRule: FillRule = .nonZero
    var dashes: [Double] = []
    var dashPhase: Double = 0
    /// strokeStart and strokeEnd, 0…1 (a stroke of a shape layer only).
    var trim: (start: Double, end: Double)?

    /// What cannot change within one Lottie layer: which paint, how many subpaths, the
    /// style that Lottie does not animate.
    var signature: [Int] {
        [
            isStroke ? 1 : 0, shapes.count, cap.hashValue, join.hashValue, fillRule == .evenOdd ? 1 : 0,
            dashes.count, trim == nil ? 0 : 1, Int((miterLimit * 1000).rounded()),
        ]
    }
}

/// One track at one frame: where it is (its space to its null's, `node`: the engine layer's
/// superlayer's; nil: the export's), how opaque (its ancestors' opacities multiplied), the
/// clips of its ancestors in its own space, and what it draws.
struct TrackFrame {
    var transform: AffineTransform
    var node: Int?
    var opacity: Double
    var masks: [LottieShape]
    /// Whether each mask cuts what the export shows at this frame.
    var masksNeeded: [Bool]
    var paints: [Paint]
    var imageName: String?
    /// Whether a discrete keyframe animation runs on the layer or an ancestor: a jump to the
    /// next frame is a step, written as a hold key.
    var isDiscrete = false

    var signature: [Int] {
        var values = [node ?? -1, masks.count, imageName?.hashValue ?? 0, paints.count]
        for paint in paints { values += paint.signature }
        return values
    }
}
