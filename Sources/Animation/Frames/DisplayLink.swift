/// A callback once a frame, before the frame is drawn (CADisplayLink).
///
/// `timestamp` is the previous frame's time and `targetTimestamp` the time of the frame
/// being prepared, the time the engine evaluates animations at (docs/SEMANTICS.md: "evaluate for
/// the frame's target time").
public final class DisplayLink: InternallyCheckpointed {
    /// The previous frame's time.
    public private(set) var timestamp: MediaTime = 0
    /// The time of the frame about to be drawn.
    public private(set) var targetTimestamp: MediaTime = 0
    /// A paused link is not called and does not keep frames coming.
    public var isPaused = false
    /// A name for inspectors and debugging (`"controlPoints"`).
    public var name: String?
    /// When the link was added, timeline time.
    public internal(set) var startTime: MediaTime = 0
    public private(set) var isValid = true
    /// Where in the source the link was added (`Timeline.addDisplayLink`'s caller).
    public let source: CallSite
    private let callback: (DisplayLink) -> Void

    init(source: CallSite, callback: @escaping (DisplayLink) -> Void) {
        self.source = source
        self.callback = callback
    }

    /// What `savedState()` keeps of a link, as one value: every stored property is either a
    /// field here, by its name, or in `notCheckpointed` (a test checks, with `Mirror`).
    struct Checkpoint {
        let timestamp: MediaTime
        let targetTimestamp: MediaTime
        let isPaused: Bool
        let name: String?
        let startTime: MediaTime
        let isValid: Bool
    }

    /// What a checkpoint leaves out: the constants `init` sets.
    static let notCheckpointed: Set = ["source", "callback"]

    /// This link's state now.
    var checkpoint: Checkpoint {
        Checkpoint(
            timestamp: timestamp, targetTimestamp: targetTimestamp, isPaused: isPaused, name: name,
            startTime: startTime, isValid: isValid)
    }

    /// Puts `saved` back on this link.
    func restore(_ saved: Checkpoint) {
        (timestamp, targetTimestamp, isPaused) = (saved.timestamp, saved.targetTimestamp, saved.isPaused)
        (name, startTime, isValid) = (saved.name, saved.startTime, saved.isValid)
    }

    /// Stops the link for good.
    public func invalidate() { isValid = false }

    func fire(timestamp: MediaTime, targetTimestamp: MediaTime) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        callback(self)
    }
}
