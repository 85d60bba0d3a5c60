import Animation

/// Finds what changed on screen between two frames: the old and new boxes of every layer
/// whose drawn values changed (position, transform, opacity, clip, colours, path, stroke
/// width and caps, text …), and of every layer that appeared or went away.
///
/// It also remembers each layer's box and its subtree's box for the frame, so that the
/// renderer can skip what lies outside the damage.
public final class DamageTracker {
    /// What one layer looked like when last drawn, and its boxes this frame.
    private final class Record {
        /// The `serial` of the layer this is the record of. A record is found by the layer's
        /// address, which a new layer may take once the old one is freed (a panel rebuilding
        /// its rows): a record of another serial is the old layer's, not the new one's.
        let serial: UInt64
        /// A hash of its own drawing and placement; nil while an animation runs on it (it
        /// changes every frame then, and hashing it would be wasted).
        var signature: Int?
        var box: Rect
        var revision: Int
        var placement: Placement
        var seenInFrame: Int
        /// The box of its whole subtree this frame.
        var subtree: Rect
        /// Its sublayers drawn last frame, in order (hidden and transparent ones left out).
        var drawnSublayers: [ObjectIdentifier] = []

        init(layer: Layer, signature: Int?, box: Rect, revision: Int, placement: Placement, seenInFrame: Int)
        {
            serial = layer.serial
            self.signature = signature
            self.box = box
            self.revision = revision
            self.placement = placement
            self.seenInFrame = seenInFrame
            subtree = box
        }
    }

    /// Where a layer sits on screen: everything above it that affects its pixels.
    private struct Placement: Hashable {
        var toRoot: AffineTransform
        var opacity: Double
        var clip: Rect
    }

    private var records: [ObjectIdentifier: Record] = [:]
    private var frame = 0

    /// This frame's boxes of a layer's own drawing and of its whole subtree, in window pixels;
    /// nil for a layer not seen this frame (hidden, transparent, new).
    func boxes(of model: Layer) -> (own: Rect, subtree: Rect)? {
        guard let record = records[ObjectIdentifier(model)], record.serial == model.serial,
            record.seenInFrame == frame
        else { return nil }
        return (record.box, record.subtree)
    }

    /// Forgets everything (a resize, a full redraw).
    func reset() {
        records = [:]
    }

    /// Walks the tree and returns the damaged rectangles (window pixels, integral, merged);
    /// the whole window when they cover more than half of it (clipping to them would cost
    /// more than it saves).
    func damage(for root: Layer, in windowBounds: Rect) -> [Rect] {
        frame += 1
        var damaged: [Rect] = []
        visit(
            root, placement: Placement(toRoot: .identity, opacity: 1, clip: windowBounds), damaged: &damaged)
        if records.count > seenThisFrame {
            for (id, record) in records where record.seenInFrame != frame {
                damaged.append(record.box)
                records[id] = nil
            }
        }
        seenThisFrame = 0
        let merged = Self.merge(
            damaged.compactMap { rect -> Rect? in
                let clipped = rect.intersection(windowBounds)
                return clipped.isNull ? nil : clipped.integral
            })
        let area = merged.reduce(0) { $0 + $1.width * $1.height }
        return area > windowBounds.width * windowBounds.height / 2 ? [windowBounds.integral] : merged
    }

    /// Layers visited in the frame under way.
    private var seenThisFrame = 0

    /// Visits `model` and its subtree; returns the subtree's box. The presentation and the
    /// sublayers are borrowed, not retained (`Layer.forEachSublayer(_:)`).
    @discardableResult
    private func visit(_ model: Layer, placement parent: Placement, damaged: inout [Rect]) -> Rect {
        model.withPresentation { visit(model, shown: $0, placement: parent, damaged: &damaged) }
    }

    private func visit(_ model: Layer, shown layer: Layer, placement parent: Placement, damaged: inout [Rect])
        -> Rect
    {
        guard !layer.isHidden, layer.opacity > 0 else { return .null }
        seenThisFrame += 1
        let toRoot = layer.transformToSuperlayer.concatenating(parent.toRoot)
        let placement = Placement(toRoot: toRoot, opacity: parent.opacity * layer.opacity, clip: parent.clip)
        let record: Record
        if let previous = records[ObjectIdentifier(model)], previous.serial == model.serial {
            record = previous
            if !model.hasVisibleAnimations, previous.revision == model.revision,
                previous.placement == placement,
                previous.signature != nil
            {
                // Unchanged: same model, same place, nothing animating.
            } else {
                let signature = model.isAnimatingNow ? nil : Self.appearance(of: layer, placement: placement)
                let box = Self.extent(of: layer).applying(toRoot).intersection(parent.clip).insetBy(
                    dx: -1, dy: -1)
                if signature == nil || signature != previous.signature {
                    damaged.append(previous.box)
                    damaged.append(box)
                }
                record.signature = signature
                record.box = box
                record.revision = model.revision
                record.placement = placement
            }
            record.seenInFrame = frame
        } else {
            let box = Self.extent(of: layer).applying(toRoot).intersection(parent.clip).insetBy(
                dx: -1, dy: -1)
            // A freed layer's record at this address: its pixels go too.
            if let stale = records[ObjectIdentifier(model)] { damaged.append(stale.box) }
            record = Record(
                layer: model, signature: Self.appearance(of: layer, placement: placement), box: box,
                revision: model.revision,
                placement: placement, seenInFrame: frame)
            records[ObjectIdentifier(model)] = record
            damaged.append(box)
        }
        var subtree = record.box
        if !model.sublayers.isEmpty {
            var childPlacement = placement
            if layer.masksToBounds {
                childPlacement.clip = layer.bounds.applying(toRoot).intersection(parent.clip)
            }
            // The sublayers drawn, checked against last frame's as they come: a new list only
            // where it differs (a still tree allocates nothing).
            let last = record.drawnSublayers
            var matched = 0
            var changed: [ObjectIdentifier]?
            model.forEachSublayer { sublayer in
                let before = seenThisFrame
                subtree = subtree.union(visit(sublayer, placement: childPlacement, damaged: &damaged))
                guard seenThisFrame > before else { return }  // hidden or transparent
                let id = ObjectIdentifier(sublayer)
                if changed != nil {
                    changed?.append(id)
                } else if matched < last.count, last[matched] == id {
                    matched += 1
                } else {
                    changed = Array(last[..<matched]) + [id]
                }
            }
            if changed == nil, matched < last.count { changed = Array(last[..<matched]) }
            if let drawn = changed {
                damageReorder(from: last, to: drawn, damaged: &damaged)
                record.drawnSublayers = drawn
            }
        } else if !record.drawnSublayers.isEmpty {
            record.drawnSublayers = []
        }
        record.subtree = subtree
        return subtree
    }

    /// Sublayers drawn in both frames whose order among themselves changed: where they overlap,
    /// another one is on top now, though none of them changed its own drawing or place. Their
    /// subtrees are damaged (this frame's boxes). Those added or gone are damaged already.
    private func damageReorder(
        from last: [ObjectIdentifier], to now: [ObjectIdentifier], damaged: inout [Rect]
    ) {
        let lastSet = Set(last)
        let nowSet = Set(now)
        let stayed = now.filter { lastSet.contains($0) }
        guard !stayed.elementsEqual(last.lazy.filter { nowSet.contains($0) }) else { return }
        for id in stayed {
            if let record = records[id], record.seenInFrame == frame { damaged.append(record.subtree) }
        }
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
                let hasMiters = shape.lineJoin == .miter && hasJoins(shape.path)
                let reach = hasMiters ? max(shape.miterLimit, 1.5) : 1.5
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

    /// Whether a stroke of `path` joins segments, where a miter can reach past the caps: a
    /// subpath of two segments or more, a closed one, or a curve (whose flattened pieces
    /// join). Lines alone, one a subpath, have none: the panels' playhead, a tick mark. Their
    /// box at the miter's reach (ten half widths) made the playhead's column of each frame
    /// 20 px wide instead of 7.
    static func hasJoins(_ path: BezierPath) -> Bool {
        var segments = 0
        for element in path.elements {
            switch element {
            case .move: segments = 0
            case .line:
                segments += 1
                if segments > 1 { return true }
            case .quadCurve, .curve, .close: return true
            }
        }
        return false
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
