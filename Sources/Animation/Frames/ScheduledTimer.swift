/// A one-shot or repeating callback on the timeline's clock (NSTimer, and C4's `delay`).
///
/// Named `ScheduledTimer` so that it never clashes with Foundation's `Timer`. Repeating
/// timers stay on their grid (start + n·interval); after a stall they fire once, not once
/// per missed interval, like NSTimer.
public final class ScheduledTimer: InternallyCheckpointed {
    public let interval: MediaTime
    public let repeats: Bool
    /// When it fires next.
    public private(set) var fireTime: MediaTime
    /// The grid: the n-th firing is at `start + n · interval`, computed, never summed, so that
    /// rounding does not build up.
    private let start: MediaTime
    private var firings = 0
    /// A timer is due this close before its time: frame times (k / fps) and grid times
    /// (start + n · interval) that are equal on paper can differ in the last bits.
    static let slack: MediaTime = 1e-9
    public private(set) var isValid = true
    /// A name for inspectors and debugging (`"bubbleTimer"`).
    public var name: String?
    /// When the timer was scheduled, timeline time.
    public internal(set) var scheduledAt: MediaTime = 0
    /// Where in the source the timer was scheduled (`Timeline.schedule` or `delay`'s caller).
    public let source: CallSite
    private let callback: (ScheduledTimer) -> Void

    init(
        fireTime: MediaTime, interval: MediaTime, repeats: Bool, source: CallSite,
        callback: @escaping (ScheduledTimer) -> Void
    ) {
        self.source = source
        self.fireTime = fireTime
        self.start = fireTime
        self.interval = interval
        self.repeats = repeats
        self.callback = callback
    }

    /// What `savedState()` keeps of a timer, as one value: every stored property is either a
    /// field here, by its name, or in `notCheckpointed` (a test checks, with `Mirror`).
    struct Checkpoint {
        let fireTime: MediaTime
        let firings: Int
        let isValid: Bool
        let name: String?
        let scheduledAt: MediaTime
    }

    /// What a checkpoint leaves out: the constants `init` sets.
    static let notCheckpointed: Set = ["interval", "repeats", "start", "source", "callback"]

    /// This timer's state now.
    var checkpoint: Checkpoint {
        Checkpoint(
            fireTime: fireTime, firings: firings, isValid: isValid, name: name, scheduledAt: scheduledAt)
    }

    /// Puts `saved` back on this timer.
    func restore(_ saved: Checkpoint) {
        (fireTime, firings, isValid) = (saved.fireTime, saved.firings, saved.isValid)
        (name, scheduledAt) = (saved.name, saved.scheduledAt)
    }

    /// Whether the timer should fire in the frame at `time`.
    func isDue(at time: MediaTime) -> Bool { fireTime <= time + Self.slack }

    /// Stops the timer; it will not fire again.
    public func invalidate() { isValid = false }

    /// Fires if due at `time`; returns whether it is still scheduled.
    func fireIfDue(at time: MediaTime) -> Bool {
        guard isValid else { return false }
        guard isDue(at: time) else { return true }
        callback(self)
        guard repeats, isValid, interval > 0 else {
            isValid = false
            return false
        }
        let missed = ((time + Self.slack - fireTime) / interval).rounded(.down)
        firings += Int(max(missed, 0)) + 1
        fireTime = start + Double(firings) * interval
        return true
    }
}
