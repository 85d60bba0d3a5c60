/// The phases of one frame, in the order they run (docs/ARCHITECTURE.md § One frame).
///
/// ```
/// idle → input → timers → displayLinks → commit → draw → present → completions → idle
/// ```
/// Modelled on Flutter's `SchedulerPhase`: one enum names the order, and one function
/// (`FrameLoop.runFrame`) runs it, for the window, `render`, `bench` and the tests alike.
public enum FramePhase: Int, CaseIterable, Sendable {
    /// Between frames.
    case idle
    /// The frame's time is set and its input delivered: pointer events to the gesture
    /// recognizers, keys to whoever takes them.
    case input
    /// Timers due at the frame's time fire, earliest first.
    case timers
    /// Display links run with the frame's target time.
    case displayLinks
    /// The implicit transactions opened by the steps above are committed, so that their
    /// animations begin on this frame.
    case commit
    /// The presentation tree is evaluated at the frame's time and drawn.
    case draw
    /// The drawn frame is shown (sent to the window, written to a file).
    case present
    /// Animations that ended by the frame's time are removed and their completions run;
    /// what the completions change is committed for the next frame.
    case completions
}

/// Runs frames in the order of `FramePhase`: the one place that order is written.
///
/// A frame may span several timelines (a scene's clock and the shell's, which keep apart
/// when the scene is paused); each phase runs on all of them before the next phase starts.
public final class FrameLoop {
    /// The phase running now (`.idle` between frames).
    public private(set) var phase = FramePhase.idle

    public init() {}

    /// Runs one frame.
    /// - Parameters:
    ///   - clocks: each timeline with the time this frame shows on it.
    ///   - input: delivers the frame's input (after every timeline has moved to its time).
    ///   - draw: draws the presentation trees.
    ///   - present: shows what was drawn.
    public func runFrame(
        _ clocks: [(timeline: Timeline, time: MediaTime)],
        input: () throws -> Void = {},
        draw: () throws -> Void = {},
        present: () throws -> Void = {}
    ) rethrows {
        precondition(phase == .idle, "a frame started inside the \(phase) phase of another")
        defer { phase = .idle }
        phase = .input
        for (timeline, time) in clocks { timeline.beginFrame(at: time) }
        try input()
        phase = .timers
        for clock in clocks { clock.timeline.fireDueTimers() }
        phase = .displayLinks
        for clock in clocks { clock.timeline.fireDisplayLinks() }
        phase = .commit
        for clock in clocks { clock.timeline.commitImplicitTransaction() }
        phase = .draw
        try draw()
        phase = .present
        try present()
        phase = .completions
        for clock in clocks { clock.timeline.endFrame() }
        for clock in clocks { clock.timeline.commitImplicitTransaction() }
    }
}
