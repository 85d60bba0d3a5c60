/// Where one frame's render went (`IncrementalCanvas.lastFrame`, `animdemo bench --json`).
public struct RenderStatistics: Sendable, Equatable {
    /// Finding what changed (`DamageTracker`), nanoseconds.
    public var damageNanos: UInt64 = 0
    /// Clearing the damage and walking the layers, drawing paths, text and backgrounds:
    /// everything but `compositeNanos`, nanoseconds.
    public var drawNanos: UInt64 = 0
    /// Copying images and cached rasters onto the frame (Cairo's paints, and the sprite
    /// copies still to do, or waited for, at each flush), nanoseconds; timed only when
    /// `isTimingComposites`.
    public var compositeNanos: UInt64 = 0
    /// Images and rasters copied onto the frame.
    public var composites = 0
    /// Images scaled (a size or place not in the cache): each costs a filtered shrink.
    public var imagesScaled = 0
    /// Whether the frame was repainted whole without looking for its damage (many layers
    /// moving, `IncrementalCanvas.manyMovingLayers`).
    public var skippedDamage = false
    /// Layers drawn (not culled).
    public var layersDrawn = 0

    public init() {}
}
