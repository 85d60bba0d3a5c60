import Animation

/// Finds what changed on screen between two frames: the old and new boxes of every layer
/// whose drawn values changed (position, transform, opacity, clip, colours, path, stroke
/// width and caps, text …), and of every layer that appeared or went away.
///
/// It also remembers each layer's box and its subtree's box for the frame, so that the
/// renderer can skip what lies outside the damage.
public final class DamageTracker {
    /// What one layer looked like when last drawn.
    private struct Record {
        var signature: Int
        var box: Rect
        var revision: Int
        var placement: Placement
        var seenInFrame: Int
    }

    /// Where a layer sits on screen: everything above it that affects its pixels.
    private struct Placement: Hashable {
        var toRoot: AffineTransform
        var opacity: Double
        var clip: Rect
    }

    private var records: [ObjectIdentifier: Record] = [:]
    private var frame = 0
    /// This frame's boxes (own drawing, whole subtree) by layer, in window pixels.
    private(set) var ownBoxes: [ObjectIdentifier: Rect] = [:]
    private(set) var subtreeBoxes: [ObjectIdentifier: Rect] = [:]

    /// Forgets everything (a resize, a full redraw).
    func reset() {
        records = [:]
    }

    /// Walks the tree and returns the damaged rectangles (window pixels, integral, merged).
    func damage(for root: Layer, in windowBounds: Rect) -> [Rect] {
        frame += 1
        ownBoxes.removeAll(keepingCapacity: true)
        subtreeBoxes.removeAll(keepingCapacity: true)
        var damaged: [Rect] = []
        visit(
            root, placement: Placement(toRoot: .identity, opacity: 1, clip: windowBounds), damaged: &damaged)
        for (id, record) in records where record.seenInFrame != frame {
            damaged.append(record.box)
            records[id] = nil
        }
        return Self.merge(
            damaged.compactMap { rect -> Rect? in
                let clipped = rect.intersection(windowBounds)
                return clipped.isNull ? nil : clipped.integral
            })
    }

    @discardableResult
    private func visit(_ model: Layer, placement parent: Placement, damaged: inout [Rect]) -> Rect {
        let layer = model.presentation()
        guard !layer.isHidden, layer.opacity > 0 else { return .null }
        let id = ObjectIdentifier(model)
        let toRoot = layer.transformToSuperlayer.concatenating(parent.toRoot)
        let placement = Placement(toRoot: toRoot, opacity: parent.opacity * layer.opacity, clip: parent.clip)
        let previous = records[id]
        let signature: Int
        let box: Rect
        if let previous, !model.hasVisibleAnimations, previous.revision == model.revision,
            previous.placement == placement
        {
            signature = previous.signature
            box = previous.box
        } else {
            signature = Self.appearance(of: layer, placement: placement)
            box = Self.extent(of: layer).applying(toRoot).intersection(parent.clip).insetBy(dx: -1, dy: -1)
        }
        if let previous {
            if previous.signature != signature {
                damaged.append(previous.box)
                damaged.append(box)
            }
        } else {
            damaged.append(box)
        }
        records[id] = Record(
            signature: signature, box: box, revision: model.revision, placement: placement, seenInFrame: frame
        )
        ownBoxes[id] = box
        var subtree = box
        if !model.sublayers.isEmpty {
            var childPlacement = placement
            if layer.masksToBounds {
                childPlacement.clip = layer.bounds.applying(toRoot).intersection(parent.clip)
            }
            for sublayer in model.sublayers {
                subtree = subtree.union(visit(sublayer, placement: childPlacement, damaged: &damaged))
            }
        }
        subtreeBoxes[id] = subtree
        return subtree
    }

    /// A hash of everything that decides the layer's own pixels, where it is included.
    private static func appearance(of layer: Layer, placement: Placement) -> Int {
        var hasher = Hasher()
        hasher.combine(placement)
        hasher.combine(layer.bounds.origin)
        layer.hashOwnDrawing(into: &hasher)
        return hasher.finalize()
    }

    /// The box the layer's own drawing can touch, in its own coordinates: the bounds, the
    /// path with its stroke (miter joins reach miterLimit × half the width, caps √2 × half the
    /// width), and text that may be wider than the bounds.
    public static func extent(of layer: Layer) -> Rect {
        // The bounds themselves draw only a background, a border or an image.
        let fillsBounds = layer.backgroundColor.alpha > 0 || layer.borderWidth > 0 || layer.contents != nil
        var box = fillsBounds ? layer.bounds : Rect.null
        if let shape = layer as? ShapeLayer, !shape.path.isEmpty {
            var outset = 0.0
            if shape.strokeColor.alpha > 0 {
                let reach = shape.lineJoin == .miter ? max(shape.miterLimit, 1.5) : 1.5
                outset = shape.lineWidth / 2 * reach
            }
            box = box.union(shape.path.bounds.insetBy(dx: -outset, dy: -outset))
        }
        if let text = layer as? TextLayer, !text.string.isEmpty {
            // Generous: a glyph is at most a font size wide, and may stick out of short bounds.
            let bounds = layer.bounds
            let width = max(Double(text.string.count) * text.fontSize, bounds.width / 2)
            box = box.union(
                Rect(
                    x: bounds.midX - width, y: bounds.minY - text.fontSize, width: 2 * width,
                    height: bounds.height + 2 * text.fontSize))
        }
        return box
    }

    /// Merges overlapping or touching rectangles, and everything into one box when there are
    /// too many to send one by one.
    static func merge(_ rects: [Rect], limit: Int = 24) -> [Rect] {
        if rects.count > limit * 8 {  // merging is quadratic: many small changes make one box
            return [rects.reduce(Rect.null) { $0.union($1) }].filter { !$0.isEmpty }
        }
        var result: [Rect] = []
        for rect in rects where !rect.isEmpty {
            var current = rect
            var merged = true
            while merged {
                merged = false
                for (index, other) in result.enumerated()
                where current.insetBy(dx: -2, dy: -2).intersects(other) {
                    current = current.union(other)
                    result.remove(at: index)
                    merged = true
                    break
                }
            }
            result.append(current)
        }
        if result.count > limit {
            return [result.reduce(Rect.null) { $0.union($1) }]
        }
        return result
    }
}

extension Layer {
    /// Whether an attached animation can change what is drawn now (a finished animation that
    /// holds its end value does not).
    var hasVisibleAnimations: Bool { !animationKeys.isEmpty }
}

extension Layer {
    /// Feeds everything that decides the layer's own pixels, apart from where it is, to
    /// `hasher`: its class, its size and its drawing values (`LayerDrawing`, and a shape's
    /// or a text's), so that a property added to those values is hashed without a change here.
    func hashOwnDrawing(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: self)))
        hasher.combine(bounds.size)
        hasher.combine(drawing)
        if let shape = self as? ShapeLayer { hasher.combine(shape.shapeDrawing) }
        if let text = self as? TextLayer { hasher.combine(text.textDrawing) }
    }
}
