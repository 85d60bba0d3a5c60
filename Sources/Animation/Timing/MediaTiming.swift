/// What an animation does outside its active interval (CAMediaTimingFillMode).
public enum FillMode: Sendable, Hashable {
    /// No effect outside the active interval (the default).
    case removed
    /// Holds the last value after the end (needs `isRemovedOnCompletion = false` to be seen).
    case forwards
    /// Holds the first value before `beginTime`.
    case backwards
    /// Both `forwards` and `backwards`.
    case both
}

/// The timing of an animation (CAMediaTiming), docs/SEMANTICS.md § Media timing.
///
/// ```
///  parent time ──beginTime──┬───────── active duration ──────────┬──▶
///                           │ cycle 1  │ cycle 2  │ … (repeatCount) │
///  local time t = (parent − beginTime)·speed + timeOffset, wrapped into one cycle;
///  a cycle is `duration`, or 2·duration with autoreverses (the second half mirrored).
/// ```
public protocol MediaTiming: AnyObject {
    /// When the animation starts, in its parent's time; 0 when added to a layer means "now".
    var beginTime: MediaTime { get set }
    /// One cycle, seconds; 0 means 0.25 s.
    var duration: MediaTime { get set }
    /// How fast local time runs relative to the parent; 0 pauses.
    var speed: Double { get set }
    /// Added to local time; the cycle wraps around (CAMediaTiming).
    var timeOffset: MediaTime { get set }
    /// Cycles to play; fractional allowed; `.infinity` forever; 0 means 1.
    var repeatCount: Double { get set }
    /// When > 0, the active duration in seconds (wins over repeatCount).
    var repeatDuration: MediaTime { get set }
    /// Plays each cycle forwards then backwards.
    var autoreverses: Bool { get set }
    /// What happens outside the active interval.
    var fillMode: FillMode { get set }
}

/// Where an animation is within one cycle at some parent time.
public struct TimingState: Sendable, Hashable {
    /// 0…1 through the simple duration, already mirrored on the reverse half; before any
    /// timing function.
    public var fraction: Double
    /// Seconds into the simple duration (`fraction × duration`), for springs and groups.
    public var time: MediaTime
}

extension MediaTiming {
    /// `duration`, with 0 meaning the default 0.25 s.
    public var effectiveDuration: MediaTime { duration > 0 ? duration : 0.25 }

    /// Seconds of local time the animation is active: duration × (2 if autoreverses) ×
    /// max(repeatCount, 1), or repeatDuration when it is set (docs/SEMANTICS.md).
    public var activeDuration: MediaTime {
        if repeatDuration > 0 { return repeatDuration }
        let cycle = effectiveDuration * (autoreverses ? 2 : 1)
        return cycle * max(repeatCount, 1)
    }

    /// The parent time at which the active interval ends; infinite if it never does.
    public var endTime: MediaTime {
        guard speed > 0, activeDuration.isFinite else { return .infinity }
        return beginTime + activeDuration / speed
    }

    /// Whether the active interval is over at `parentTime`, by the same arithmetic as
    /// `timingState(at:)` (so the frame that shows the end value is the frame it ends on).
    public func hasEnded(at parentTime: MediaTime) -> Bool {
        guard speed > 0, activeDuration.isFinite else { return false }
        return (parentTime - beginTime) * speed >= activeDuration
    }

    /// The state at `parentTime`, or nil when the animation has no effect then.
    public func timingState(at parentTime: MediaTime) -> TimingState? {
        let active = activeDuration
        let elapsed = (parentTime - beginTime) * speed
        if elapsed < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            return state(localTime: timeOffset, isEnd: false)
        }
        if elapsed >= active {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            return state(localTime: active + timeOffset, isEnd: true)
        }
        return state(localTime: elapsed + timeOffset, isEnd: false)
    }

    private func state(localTime: MediaTime, isEnd: Bool) -> TimingState {
        let d = effectiveDuration
        let cycle = d * (autoreverses ? 2 : 1)
        var t = localTime.truncatingRemainder(dividingBy: cycle)
        if t < 0 { t += cycle }
        // The end of the last cycle is its end, not the start of another one.
        if isEnd && t == 0 && localTime > 0 { t = cycle }
        let fraction: Double
        if autoreverses && t > d {
            fraction = 1 - (t - d) / d
        } else {
            fraction = min(t / d, 1)
        }
        return TimingState(fraction: fraction, time: fraction * d)
    }
}
