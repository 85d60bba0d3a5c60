import Animation

/// Bakes what a layer tree draws, frame by frame, into a Lottie (Bodymovin 5.x) animation
/// (docs/LOTTIE.md): call `capture(_:omitting:)` once per frame with the tree as it is drawn,
/// then `document()`.
///
/// Every drawing of every layer becomes one flat Lottie layer whose transform is the engine
/// layer's transform to the root at each frame, so what a player shows at a frame is what
/// the renderer drew then; keys are kept only where the motion bends (`KeyframeTrack`).
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
    /// What the format cannot say, counted (the warnings).
    private var textLayers: [String: Int] = [:]
    private var fadingGroups: Set<ObjectIdentifier> = []
    private var missingImages: Set<String> = []

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

    // MARK: - Capturing

    /// Records the frame `root` draws now (its presentation values at its timeline's time),
    /// leaving out `omitting` and their sublayers, as `FrameRenderer` does.
    public func capture(_ root: Layer, omitting: [Layer] = []) {
        let omitted = Set(omitting.map(ObjectIdentifier.init))
        var drawn: [(TrackKey, TrackFrame)] = []
        visit(root, parent: .identity, opacity: 1, clips: [], omitted: omitted, into: &drawn)
        place(drawn)
        frameCount += 1
    }

    private func visit(
        _ model: Layer, parent: AffineTransform, opacity parentOpacity: Double, clips: [BezierPath],
        omitted: Set<ObjectIdentifier>, into drawn: inout [(TrackKey, TrackFrame)]
    ) {
        let id = ObjectIdentifier(model)
        if omitted.contains(id) { return }
        if seenLayers[id] == nil {
            seenLayers[id] = model
            layerNumbers[id] = layerNumbers.count + 1
        }
        let layer = model.presentation()
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let world = layer.transformToSuperlayer.concatenating(parent)
        let opacity = parentOpacity * layer.opacity
        if layer.opacity < 1, !model.sublayers.isEmpty { fadingGroups.insert(id) }
        let bounds = layer.bounds
        let outline =
            layer.cornerRadius > 0
            ? BezierPath(roundedRect: bounds, cornerRadius: layer.cornerRadius) : BezierPath(rect: bounds)

        func add(_ kind: TrackKind, transform: AffineTransform, paints: [Paint], image: String? = nil) {
            guard let inverse = transform.inverted else { return }  // a zero scale draws nothing
            let masks = clips.compactMap { LottieShape.subpaths(of: $0.applying(inverse)).first }
            drawn.append(
                (
                    TrackKey(layer: id, kind: kind),
                    TrackFrame(
                        transform: transform, opacity: opacity, masks: masks, paints: paints, imageName: image
                    )
                ))
        }

        if layer.backgroundColor.alpha > 0 {
            add(
                .background, transform: world,
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
                add(.image, transform: placement.concatenating(world), paints: [], image: contents.name)
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
            add(.shape, transform: world, paints: [fill, stroke])
        }
        if let text = layer as? TextLayer, !text.string.isEmpty, text.foregroundColor.alpha > 0 {
            if let outline = textOutline?(text, world), !outline.isEmpty {
                var glyphs = Paint(
                    isStroke: false, shapes: LottieShape.subpaths(of: outline), color: text.foregroundColor)
                glyphs.fillRule = .nonZero
                add(.text, transform: world, paints: [glyphs])
            } else {
                textLayers[text.string, default: 0] += 1
            }
        }
        let innerClips = layer.masksToBounds ? clips + [outline.applying(world)] : clips
        for sublayer in model.sublayers {
            visit(
                sublayer, parent: world, opacity: opacity, clips: innerClips, omitted: omitted, into: &drawn)
        }
        if layer.borderWidth > 0, layer.borderColor.alpha > 0 {
            let inset = layer.borderWidth / 2
            let border = BezierPath(
                roundedRect: bounds.insetBy(dx: inset, dy: inset),
                cornerRadius: max(layer.cornerRadius - inset, 0))
            var paint = Paint(
                isStroke: true, shapes: LottieShape.subpaths(of: border), color: layer.borderColor)
            paint.width = layer.borderWidth
            add(.border, transform: world, paints: [paint])
        }
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

    private func trackName(_ key: TrackKey) -> String {
        let number = layerNumbers[key.layer] ?? 0
        let layer = seenLayers[key.layer]
        let className = layer.map { String(describing: Swift.type(of: $0)) } ?? "Layer"
        let label = layer?.name.map { "\(className) \"\($0)\"" } ?? "\(className) \(number)"
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
            layers.append(LottieLayerWriter(segment: segment, index: position + 1, assetIDs: assetIDs).json)
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
