import Animation

/// Bakes what a layer tree draws, frame by frame, into a Lottie (Bodymovin 5.x) animation
/// (docs/LOTTIE.md): call `capture(_:omitting:)` once per frame with the tree as it is drawn,
/// then `document()`.
///
/// Every engine layer with sublayers becomes a Lottie null layer (`ty` 3) carrying its own
/// transform to its superlayer, parented to its superlayer's null, and every drawing of every
/// layer becomes one Lottie layer parented to its layer's superlayer's null: a container's
/// motion is keyed once, in its null, not again in each drawing inside it. Each transform is
/// the engine's at each frame, so what a player shows at a frame is what the renderer drew
/// then; keys are kept only where the motion bends (`KeyframeTrack`).
/// When the painting order changes (a layer brought to the front, a sublayer inserted
/// below) or a drawing changes what Lottie cannot animate (a path's subpath count, a cap),
/// the drawing goes on as a new Lottie layer from that frame.
public final class LottieBaker {
    public let size: Size
    public let fps: Int
    public let name: String
    private let image: (String) -> LottieImage?
    private let textOutline: ((TextLayer, AffineTransform) -> BezierPath)?

    /// The frames captured so far.
    public private(set) var frameCount = 0
    /// Every model layer seen, kept so that no identifier is reused by a new layer.
    private var seenLayers: [ObjectIdentifier: Layer] = [:]
    /// Each engine layer's number in the order first seen, for the Lottie layers' names.
    private var layerNumbers: [ObjectIdentifier: Int] = [:]
    /// The Lottie layers in painting order, back to front.
    private var segments: [Segment] = []
    /// The segment each track draws into now.
    private var openSegments: [TrackKey: Segment] = [:]
    /// The null layers, one for each engine layer with sublayers at each place in the tree
    /// (its chain of superlayers), in the order first seen.
    private(set) var nodes: [Node] = []
    private var nodeIndices: [[ObjectIdentifier]: Int] = [:]
    /// What the format cannot say, counted (the warnings).
    private var textLayers: [String: Int] = [:]
    private var fadingGroups: Set<ObjectIdentifier> = []
    private var missingImages: Set<String> = []
    /// The timing functions of the animations seen (the curves keys may follow), besides
    /// linear, which every run may.
    private var timingFunctions: Set<TimingFunction> = []

    /// `image` gives an image's PNG to embed; `textOutline` a text layer's glyph outlines in
    /// its own space as they are drawn under its transform to the root (without it, text is
    /// left out with a warning).
    public init(
        size: Size, fps: Int, name: String, image: @escaping (String) -> LottieImage?,
        textOutline: ((TextLayer, AffineTransform) -> BezierPath)? = nil
    ) {
        self.size = size
        self.fps = fps
        self.name = name
        self.image = image
        self.textOutline = textOutline
    }

    final class Segment {
        let key: TrackKey
        let name: String
        let signature: [Int]
        let firstFrame: Int
        var frames: [TrackFrame?] = []

        init(key: TrackKey, name: String, signature: [Int], firstFrame: Int) {
            self.key = key
            self.name = name
            self.signature = signature
            self.firstFrame = firstFrame
        }

        var lastFrame: Int {
            var last = firstFrame + frames.count - 1
            while last > firstFrame, frames[last - firstFrame] == nil { last -= 1 }
            return last
        }
    }

    /// An engine layer's transform to its superlayer, frame by frame, for the drawings and
    /// sublayers inside it: a Lottie null layer. `parent` is its superlayer's node.
    final class Node {
        let name: String
        let parent: Int?
        /// The frames from the export's first; nil where the layer was not drawn.
        var frames: [AffineTransform?] = []
        /// The frames (as `frames`) where a discrete keyframe animation ran on the layer or an
        /// ancestor (`TrackFrame.isDiscrete`).
        var discreteFrames: Set<Int> = []

        init(name: String, parent: Int?) {
            self.name = name
            self.parent = parent
        }

        /// Every frame's transform: a frame the layer was not drawn in (hidden, so nothing
        /// inside it is drawn) repeats the nearest drawn one.
        func transforms(count: Int) -> [AffineTransform] {
            var result: [AffineTransform] = []
            let first = frames.lazy.compactMap { $0 }.first ?? .identity
            for index in 0..<count {
                let value = index < frames.count ? frames[index] : nil
                result.append(value ?? result.last ?? first)
            }
            return result
        }
    }

    // MARK: - Capturing

    /// Records the frame `root` draws now (its presentation values at its timeline's time),
    /// leaving out `omitting` and their sublayers, as `FrameRenderer` does.
    public func capture(_ root: Layer, omitting: [Layer] = []) {
        let omitted = Set(omitting.map(ObjectIdentifier.init))
        var drawn: [(TrackKey, TrackFrame)] = []
        visit(
            root, path: [], node: nil, parent: .identity, opacity: 1, clips: [], discrete: false,
            omitted: omitted, into: &drawn)
        place(drawn)
        frameCount += 1
    }

    /// `path` is the chain of superlayers, `node` the null of the innermost, `parent` the
    /// superlayer's transform to the root.
    private func visit(
        _ model: Layer, path: [ObjectIdentifier], node: Int?, parent: AffineTransform,
        opacity parentOpacity: Double, clips: [Clip], discrete parentDiscrete: Bool,
        omitted: Set<ObjectIdentifier>, into drawn: inout [(TrackKey, TrackFrame)]
    ) {
        let id = ObjectIdentifier(model)
        if omitted.contains(id) { return }
        if seenLayers[id] == nil {
            seenLayers[id] = model
            layerNumbers[id] = layerNumbers.count + 1
        }
        var discrete = parentDiscrete
        for key in model.animationKeys {
            guard let animation = model.animation(forKey: key) else { continue }
            if let curve = animation.timingFunction, curve != .linear { timingFunctions.insert(curve) }
            if Self.isDiscrete(animation) { discrete = true }
        }
        let layer = model.presentation()
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let local = layer.transformToSuperlayer
        let world = local.concatenating(parent)
        let opacity = parentOpacity * layer.opacity
        if layer.opacity < 1, !model.sublayers.isEmpty { fadingGroups.insert(id) }
        let bounds = layer.bounds
        let outline =
            layer.cornerRadius > 0
            ? BezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius) : BezierPath(rect: bounds)

        /// A drawing placed by `inner` in the layer's own space, whose ink lies within `extent`
        /// (the layer's space).
        func add(
            _ kind: TrackKind, inner: AffineTransform = .identity, extent: Rect, paints: [Paint],
            image: String? = nil
        ) {
            // A zero scale draws nothing.
            guard let inverse = inner.concatenating(world).inverted else { return }
            let masks = clips.compactMap { LottieShape.subpaths(of: $0.path.applying(inverse)).first }
            // A clip that cuts nothing the export shows at this frame.
            let shown = Self.box(extent, world).intersection(canvas)
            let needed = clips.map { clip in !shown.isNull && !(clip.inside?.contains(shown) ?? false) }
            drawn.append(
                (
                    TrackKey(layer: id, kind: kind),
                    TrackFrame(
                        transform: inner.concatenating(local), node: node, opacity: opacity, masks: masks,
                        masksNeeded: needed, paints: paints, imageName: image, isDiscrete: discrete)
                ))
        }

        if layer.backgroundColor.alpha > 0 {
            add(
                .background, extent: bounds,
                paints: [
                    Paint(
                        isStroke: false, shapes: LottieShape.subpaths(of: outline),
                        color: layer.backgroundColor)
                ])
        }
        if let contents = layer.contents, bounds.width > 0, bounds.height > 0 {
            if let picture = image(contents.name), picture.width > 0, picture.height > 0 {
                let placement = AffineTransform(
                    scaleX: bounds.width / Double(picture.width), y: bounds.height / Double(picture.height)
                )
                .concatenating(AffineTransform(translationX: bounds.minX, y: bounds.minY))
                add(.image, inner: placement, extent: bounds, paints: [], image: contents.name)
            } else {
                missingImages.insert(contents.name)
            }
        }
        if let shape = layer as? ShapeLayer, !shape.path.isEmpty {
            let shapes = LottieShape.subpaths(of: shape.path)
            var stroke = Paint(isStroke: true, shapes: shapes, color: shape.strokeColor)
            stroke.width = shape.lineWidth
            if shape.lineWidth <= 0 { stroke.color = stroke.color.withAlpha(0) }
            stroke.cap = shape.lineCap
            stroke.join = shape.lineJoin
            stroke.miterLimit = shape.miterLimit
            stroke.dashes = shape.lineDashPattern
            stroke.dashPhase = shape.lineDashPhase
            stroke.trim = (shape.strokeStart, shape.strokeEnd)
            var fill = Paint(isStroke: false, shapes: shapes, color: shape.fillColor)
            fill.fillRule = shape.fillRule
            let reach = shape.lineWidth / 2 * (shape.lineJoin == .miter ? max(shape.miterLimit, 1.5) : 1.5)
            add(.shape, extent: shape.path.bounds.insetBy(dx: -reach, dy: -reach), paints: [fill, stroke])
        }
        if let text = layer as? TextLayer, !text.string.isEmpty, text.foregroundColor.alpha > 0 {
            if let outline = textOutline?(text, world), !outline.isEmpty {
                var glyphs = Paint(
                    isStroke: false, shapes: LottieShape.subpaths(of: outline), color: text.foregroundColor)
                glyphs.fillRule = .nonZero
                add(.text, extent: outline.bounds, paints: [glyphs])
            } else {
                textLayers[text.string, default: 0] += 1
            }
        }
        var innerClips = clips
        if layer.masksToBounds {
            // Where the transform keeps edges upright, the rectangle inside the rounded corners.
            var inside: Rect?
            if abs(world.b) < 1e-12, abs(world.c) < 1e-12 {
                let corner = layer.cornerRadius * max(abs(world.a), abs(world.d))
                inside = Self.box(bounds, world).insetBy(dx: corner, dy: corner)
            }
            innerClips.append(Clip(path: outline.applying(world), inside: inside))
        }
        if !model.sublayers.isEmpty {
            let inner = path + [id]
            let own = self.node(inner, parent: node, layer: id)
            while nodes[own].frames.count < frameCount { nodes[own].frames.append(nil) }
            if nodes[own].frames.count == frameCount {
                nodes[own].frames.append(local)
                if discrete { nodes[own].discreteFrames.insert(frameCount) }
            }
            for sublayer in model.sublayers {
                visit(
                    sublayer, path: inner, node: own, parent: world, opacity: opacity, clips: innerClips,
                    discrete: discrete, omitted: omitted, into: &drawn)
            }
        }
        if layer.borderWidth > 0, layer.borderColor.alpha > 0 {
            let inset = layer.borderWidth / 2
            let border = BezierPath(
                roundedRect: bounds.insetBy(dx: inset, dy: inset),
                cornerRadius: max(layer.cornerRadius - inset, 0))
            var paint = Paint(
                isStroke: true, shapes: LottieShape.subpaths(of: border), color: layer.borderColor)
            paint.width = layer.borderWidth
            add(.border, extent: bounds, paints: [paint])
        }
    }

    /// A masksToBounds ancestor's outline in the export's space and, where known, a rectangle
    /// inside it: a drawing within that rectangle needs no mask.
    struct Clip {
        var path: BezierPath
        var inside: Rect?
    }

    private var canvas: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

    /// The smallest upright rectangle holding `rect` mapped by `transform`.
    static func box(_ rect: Rect, _ transform: AffineTransform) -> Rect {
        if rect.isNull { return .null }
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map { $0.applying(transform) }
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// The null of the engine layer at the end of `path`, made the first time it is met.
    private func node(_ path: [ObjectIdentifier], parent: Int?, layer: ObjectIdentifier) -> Int {
        if let index = nodeIndices[path] { return index }
        nodes.append(Node(name: "\(layerLabel(layer)) (its sublayers' transform)", parent: parent))
        nodeIndices[path] = nodes.count - 1
        return nodes.count - 1
    }

    /// Puts this frame's drawings into segments so that the segments' order (back to front)
    /// holds this frame's painting order: a track whose segment lies below the one drawn
    /// before it, or whose drawing changed what Lottie cannot animate, starts a new segment
    /// just above that one.
    private func place(_ drawn: [(TrackKey, TrackFrame)]) {
        let frame = frameCount
        var previousIndex = -1
        for (key, value) in drawn {
            let signature = value.signature
            var segment = openSegments[key]
            if let current = segment {
                let index = segments.firstIndex { $0 === current } ?? -1
                if index <= previousIndex || current.signature != signature {
                    segment = nil
                } else {
                    previousIndex = index
                }
            }
            if segment == nil {
                let made = Segment(key: key, name: trackName(key), signature: signature, firstFrame: frame)
                segments.insert(made, at: previousIndex + 1)
                previousIndex += 1
                openSegments[key] = made
                segment = made
            }
            guard let segment else { continue }
            while segment.firstFrame + segment.frames.count < frame { segment.frames.append(nil) }
            segment.frames.append(value)
        }
    }

    private func layerLabel(_ id: ObjectIdentifier) -> String {
        let number = layerNumbers[id] ?? 0
        let layer = seenLayers[id]
        let className = layer.map { String(describing: Swift.type(of: $0)) } ?? "Layer"
        return layer?.name.map { "\(className) \"\($0)\"" } ?? "\(className) \(number)"
    }

    private func trackName(_ key: TrackKey) -> String {
        let label = layerLabel(key.layer)
        let kind: String
        switch key.kind {
        case .background: kind = "background"
        case .image: kind = "image"
        case .shape: kind = "shape"
        case .text: kind = "text"
        case .border: kind = "border"
        }
        return "\(label) \(kind)"
    }

    // MARK: - Warnings

    /// One line for each thing the format could not say, or said only approximately.
    public var warnings: [String] {
        var lines: [String] = []
        if !textLayers.isEmpty {
            let examples = textLayers.keys.sorted().prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append(
                "text is not exported (\(textLayers.count) different strings, e.g. \(examples)): rlottie draws no text and glyph outlines are not written yet"
            )
        }
        if !fadingGroups.isEmpty {
            lines.append(
                "\(fadingGroups.count) layer(s) fade with their sublayers as one group; the export fades each drawing on its own (the same picture where they do not overlap)"
            )
        }
        if !missingImages.isEmpty {
            lines.append("images not found, not exported: \(missingImages.sorted().joined(separator: ", "))")
        }
        return lines
    }

    // MARK: - Writing

    /// The animation as Lottie JSON text, ending with a newline.
    public func document() -> String {
        var assets: [LottieJSON] = []
        var assetIDs: [String: String] = [:]
        var layers: [LottieJSON] = []
        let curves = timingFunctions.sorted {
            [$0.controlPoint1.x, $0.controlPoint1.y, $0.controlPoint2.x, $0.controlPoint2.y]
                .lexicographicallyPrecedes([
                    $1.controlPoint1.x, $1.controlPoint1.y, $1.controlPoint2.x, $1.controlPoint2.y,
                ])
        }
        let count = max(frameCount, 1)
        let transforms = nodes.map { $0.transforms(count: count) }
        // A null that never moves what it holds (the identity throughout) is left out: its
        // drawings and nulls hang from its own parent. The nulls kept follow the drawings.
        func kept(_ node: Int?) -> Int? {
            var node = node
            while let index = node, transforms[index].allSatisfy({ Self.isIdentity($0) }) {
                node = nodes[index].parent
            }
            return node
        }
        let keptNodes = nodes.indices.filter { kept($0) == $0 }
        var nullIndices: [Int: Int] = [:]
        for (position, node) in keptNodes.enumerated() { nullIndices[node] = segments.count + position + 1 }
        func parentIndex(_ node: Int?) -> Int? { kept(node).flatMap { nullIndices[$0] } }
        // Lottie lists layers front to back.
        for (position, segment) in segments.reversed().enumerated() {
            if let imageName = segment.frames.lazy.compactMap({ $0 }).first?.imageName,
                assetIDs[imageName] == nil,
                let picture = image(imageName)
            {
                let id = "image_\(assetIDs.count)"
                assetIDs[imageName] = id
                assets.append(
                    .object([
                        ("id", .string(id)), ("w", .int(picture.width)), ("h", .int(picture.height)),
                        ("u", .string("")),
                        ("p", .string("data:image/png;base64," + Base64.encode(picture.png))), ("e", .int(1)),
                    ]))
            }
            let parent = parentIndex(segment.frames.lazy.compactMap { $0 }.first?.node)
            layers.append(
                LottieLayerWriter(
                    segment: segment, index: position + 1, parent: parent, assetIDs: assetIDs, curves: curves
                ).json)
        }
        for node in keptNodes {
            layers.append(
                LottieLayerWriter.null(
                    name: nodes[node].name, index: nullIndices[node] ?? 0,
                    parent: parentIndex(nodes[node].parent),
                    transforms: transforms[node], end: count,
                    timing: KeyTiming(
                        curves: curves, discreteFrames: nodes[node].discreteFrames, count: count)
                ))
        }
        let root = LottieJSON.object([
            ("v", .string("5.7.4")), ("fr", .int(fps)), ("ip", .int(0)), ("op", .int(max(frameCount, 1))),
            ("w", .int(Int(size.width.rounded()))), ("h", .int(Int(size.height.rounded()))),
            ("nm", .string(name)),
            ("ddd", .int(0)), ("assets", .array(assets)), ("layers", .array(layers)), ("markers", .array([])),
        ])
        return root.text + "\n"
    }
}

extension LottieBaker {
    /// Whether `animation` is a keyframe animation in `discrete` mode, or a group holding one.
    static func isDiscrete(_ animation: LayerAnimation) -> Bool {
        if let keyframes = animation as? any DiscreteModeReadable {
            return keyframes.calculationMode == .discrete
        }
        if let group = animation as? AnimationGroup { return group.animations.contains(where: isDiscrete) }
        return false
    }

    static func isIdentity(_ t: AffineTransform) -> Bool {
        let epsilon = 1e-9
        return abs(t.a - 1) < epsilon && abs(t.b) < epsilon && abs(t.c) < epsilon && abs(t.d - 1) < epsilon
            && abs(t.tx) < epsilon && abs(t.ty) < epsilon
    }
}

/// A keyframe animation's mode, read without knowing its value type.
protocol DiscreteModeReadable {
    var calculationMode: CalculationMode { get }
}

extension KeyframeAnimation: DiscreteModeReadable {}

/// Base64 of bytes (RFC 4648, with padding), without Foundation.
enum Base64 {
    private static let alphabet = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = Int(bytes[index])
            let b1 = index + 1 < bytes.count ? Int(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? Int(bytes[index + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[(b0 & 3) << 4 | b1 >> 4])
            out.append(index + 1 < bytes.count ? alphabet[(b1 & 15) << 2 | b2 >> 6] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[b2 & 63] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
