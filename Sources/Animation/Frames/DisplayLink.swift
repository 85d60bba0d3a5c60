/// A callback once a frame, before the frame is drawn (CADisplayLink).
///
/// `timestamp` is the previous frame's time and `targetTimestamp` the time of the frame
/// being prepared, the time the engine evaluates animations at (REFERENCE.md: "evaluate for
/// the frame's target time").
public final class DisplayLink {
    /// The previous frame's time.
    public private(set) var timestamp: MediaTime = 0
    /// The time of the frame about to be drawn.
    public private(set) var targetTimestamp: MediaTime = 0
    /// A paused link is not called and does not keep frames coming.
    public var isPaused = false
    private(set) var isValid = true
    private let callback: (DisplayLink) -> Void

    init(callback: @escaping (DisplayLink) -> Void) {
        self.callback = callback
    }

    /// Stops the link for good.
    public func invalidate() { isValid = false }

    func fire(timestamp: MediaTime, targetTimestamp: MediaTime) {
        self.timestamp = timestamp
        self.targetTimestamp = targetTimestamp
        callback(self)
    }
}

/// A one-shot or repeating callback on the timeline's clock (NSTimer, and C4's `delay`).
///
/// Named `ScheduledTimer` so that it never clashes with Foundation's `Timer`. Repeating
/// timers stay on their grid (start + n·interval); after a stall they fire once, not once
/// per missed interval, like NSTimer.
public final class ScheduledTimer {
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
    private(set) var isValid = true
    private let callback: (ScheduledTimer) -> Void

    init(
        fireTime: MediaTime, interval: MediaTime, repeats: Bool, callback: @escaping (ScheduledTimer) -> Void
    ) {
        self.fireTime = fireTime
        self.start = fireTime
        self.interval = interval
        self.repeats = repeats
        self.callback = callback
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

extension Timeline {
    /// Calls `callback` every frame with the link, until it is invalidated.
    @discardableResult
    public func addDisplayLink(_ callback: @escaping (DisplayLink) -> Void) -> DisplayLink {
        let link = DisplayLink(callback: callback)
        displayLinks.append(link)
        return link
    }

    /// Calls `callback` `seconds` from now, and every `seconds` after that if `repeats`.
    @discardableResult
    public func schedule(
        after seconds: MediaTime, repeats: Bool = false, _ callback: @escaping (ScheduledTimer) -> Void
    ) -> ScheduledTimer {
        let timer = ScheduledTimer(
            fireTime: currentTime + max(seconds, 0), interval: seconds, repeats: repeats, callback: callback)
        timers.append(timer)
        return timer
    }

    /// C4's `delay(seconds) { }`: runs `action` once, `seconds` from now.
    @discardableResult
    public func delay(_ seconds: MediaTime, _ action: @escaping () -> Void) -> ScheduledTimer {
        schedule(after: seconds) { _ in action() }
    }

    /// Fires the timers due at the current time, earliest first.
    public func fireDueTimers() {
        let due = timers.filter { $0.isValid && $0.isDue(at: currentTime) }.sorted {
            $0.fireTime < $1.fireTime
        }
        for timer in due { _ = timer.fireIfDue(at: currentTime) }
        timers.removeAll { !$0.isValid }
    }

    /// Calls every running display link for the current frame.
    public func fireDisplayLinks() {
        displayLinks.removeAll { !$0.isValid }
        for link in displayLinks where link.isValid && !link.isPaused {
            link.fire(timestamp: previousFrameTime, targetTimestamp: currentTime)
        }
    }

    /// The earliest time something is due: now while animations or display links run, the
    /// next timer otherwise, nil when nothing is scheduled (the host may sleep until input).
    public var nextWakeTime: MediaTime? {
        if hasRunningAnimations || displayLinks.contains(where: { $0.isValid && !$0.isPaused }) {
            return currentTime
        }
        return timers.filter(\.isValid).map(\.fireTime).min()
    }
}
