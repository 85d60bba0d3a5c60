import Animation

/// Everything a scene is built from.
public struct SceneContext {
    /// The scene's clock; a new one on every restart.
    public let timeline: Timeline
    /// Random numbers from `--seed`; pass it on with `using: &random`.
    public var random: SeededRandom
    /// The natural sizes of the image assets.
    public let images: ImageCatalog
    /// Extra bubbles the fish scene keeps in flight (`--bubbles N`, a load for `bench`); 0 for none.
    public var bubbleLoad: Int
    /// The scene's knobs as they are set now (the tutorial's values unless changed).
    public let knobs: KnobSettings

    /// A context for tests and hosts; the shell makes the scenes' own.
    public init(
        timeline: Timeline, random: SeededRandom, images: ImageCatalog, bubbleLoad: Int = 0,
        knobs: KnobSettings = KnobSettings(knobs: [])
    ) {
        self.timeline = timeline
        self.random = random
        self.images = images
        self.bubbleLoad = bubbleLoad
        self.knobs = knobs
    }
}
