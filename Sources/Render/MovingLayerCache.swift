import Animation

/// Drawings of shape and text layers that only move: while an animation carries a layer
/// around and its drawing stays the same (path, colours, widths, trim, text), the drawing is
/// rasterised once at the device scale it is shown at (the window's points, a scale
/// animation's step) and then painted to wherever the layer is, at its fractional position
/// (`CachedRaster`). A layer whose drawing changes, or that is at rest, is drawn directly
/// (exactly, as `render` expects).
///
/// A layer enters the cache on the second frame in a row with the same drawing, so layers
/// that change every frame (a stroke being drawn) never pay for a raster.
final class MovingLayerCache {
    private struct Entry {
        var appearance: Int
        var raster: CachedRaster?
        var lastUsed: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many layers have a raster now (for tests).
    var rasterCount: Int { entries.values.filter { $0.raster != nil }.count }
    private var frame = 0
    private var lastSweep = 0

    /// Draws `layer` (the presentation of `model`) from the cache and returns true, or
    /// returns false when it must be drawn directly. `drawing` draws the layer's own content
    /// into a context in its own coordinates.
    func draw(
        _ layer: Layer, of model: Layer, in context: CairoContext, drawing: (Layer, CairoContext) -> Void
    ) -> Bool {
        guard layer is ShapeLayer || layer is TextLayer, model.sublayers.isEmpty, model.isAnimatingNow,
            let placement = context.devicePlacement
        else { return false }
        noteFrame(model.timeline.currentTime)
        let id = ObjectIdentifier(model)
        let appearance = Self.appearance(of: layer, scale: placement.scale)
        guard var entry = entries[id], entry.appearance == appearance else {
            entries[id] = Entry(appearance: appearance, raster: nil, lastUsed: frame)
            return false
        }
        entry.lastUsed = frame
        if entry.raster == nil {
            let box = DamageTracker.extent(of: layer)
            let pixels = box.width * placement.scale.width * box.height * placement.scale.height
            guard !box.isNull, pixels <= Self.maxPixels else {
                entries[id] = entry
                return false
            }
            entry.raster = CachedRaster(box: box, scale: placement.scale) { drawing(layer, $0) }
        }
        entries[id] = entry
        guard let raster = entry.raster else { return false }
        raster.paint(in: context, at: placement.offset)
        return true
    }

    /// Starts a new frame count when the time moves; forgets layers unused for 2 s of frames.
    private var lastTime: MediaTime = -.infinity
    private func noteFrame(_ time: MediaTime) {
        guard time != lastTime else { return }
        lastTime = time
        frame += 1
        if frame - lastSweep > 120 {
            entries = entries.filter { frame - $0.value.lastUsed <= 120 }
            lastSweep = frame
        }
    }

    /// Larger drawings are drawn directly: a raster would cost more memory than it saves.
    static let maxPixels = 512.0 * 512.0

    /// What decides the layer's own pixels, apart from where it is: its drawing and the
    /// device scale it is shown at.
    private static func appearance(of layer: Layer, scale: Size) -> Int {
        var hasher = Hasher()
        layer.hashOwnDrawing(into: &hasher)
        hasher.combine(scale)
        return hasher.finalize()
    }
}
