extension Timeline {
    /// Calls `callback` every frame with the link, until it is invalidated. The link's
    /// `source` is the caller's line.
    @discardableResult
    public func addDisplayLink(
        fileID: String = #fileID, line: Int = #line, _ callback: @escaping (DisplayLink) -> Void
    ) -> DisplayLink {
        let link = DisplayLink(source: CallSite(fileID: fileID, line: line), callback: callback)
        link.startTime = currentTime
        displayLinks.append(link)
        return link
    }

    /// Calls `callback` `seconds` from now, and every `seconds` after that if `repeats`. The
    /// timer's `source` is the caller's line.
    @discardableResult
    public func schedule(
        after seconds: MediaTime, repeats: Bool = false, fileID: String = #fileID, line: Int = #line,
        _ callback: @escaping (ScheduledTimer) -> Void
    ) -> ScheduledTimer {
        let timer = ScheduledTimer(
            fireTime: currentTime + max(seconds, 0), interval: seconds, repeats: repeats,
            source: CallSite(fileID: fileID, line: line), callback: callback)
        timer.scheduledAt = currentTime
        timers.append(timer)
        return timer
    }

    /// C4's `delay(seconds) { }`: runs `action` once, `seconds` from now; the timer's `source`
    /// is the caller's line.
    @discardableResult
    public func delay(
        _ seconds: MediaTime, fileID: String = #fileID, line: Int = #line, _ action: @escaping () -> Void
    ) -> ScheduledTimer {
        let timer = schedule(after: seconds, fileID: fileID, line: line) { _ in action() }
        timer.name = "delay"
        return timer
    }

    /// The display links that are still valid, for inspectors.
    public var activeDisplayLinks: [DisplayLink] { displayLinks.filter(\.isValid) }
    /// The timers that are still scheduled, for inspectors.
    public var activeTimers: [ScheduledTimer] { timers.filter(\.isValid) }

    /// Fires the timers due at the current time, earliest first.
    public func fireDueTimers() {
        // Most frames fire none (the fish's bubble timer, one frame in six): then no list is
        // made, filtered and sorted (a fifteenth of a knob's replay of the fish at 600 s).
        let now = currentTime
        guard timers.contains(where: { $0.isValid && $0.isDue(at: now) }) else {
            if !firedTimers.isEmpty { firedTimers = [] }
            if timers.contains(where: { !$0.isValid }) { timers.removeAll { !$0.isValid } }
            return
        }
        let due = timers.filter { $0.isValid && $0.isDue(at: currentTime) }.sorted {
            $0.fireTime < $1.fireTime
        }
        firedTimers = due
        for timer in due { _ = timer.fireIfDue(at: currentTime) }
        // Removing copies the list (a checkpoint shares it): only when one has gone.
        if timers.contains(where: { !$0.isValid }) { timers.removeAll { !$0.isValid } }
    }

    /// Calls every running display link for the current frame.
    public func fireDisplayLinks() {
        if displayLinks.contains(where: { !$0.isValid }) { displayLinks.removeAll { !$0.isValid } }
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
