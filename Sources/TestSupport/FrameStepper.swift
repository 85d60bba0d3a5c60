import Animation

/// Steps a timeline frame by frame, as the real loop does (timers, display links, commit,
/// completions), so that tests see every frame on the way: `stepper.advance(seconds: 0.5)`.
public final class FrameStepper {
    public let timeline: Timeline
    public let fps: Int
    /// The last frame run.
    public private(set) var frame: Int

    public init(timeline: Timeline = Timeline(), fps: Int = 60) {
        precondition(timeline.currentTime == 0, "a stepper starts with its timeline at 0")
        self.timeline = timeline
        self.fps = fps
        frame = 0
    }

    /// The current frame time.
    public var time: MediaTime { Double(frame) / Double(fps) }

    /// Runs the next frame; `inspect` sees it after the commit, before completions.
    public func step(_ inspect: (MediaTime) -> Void = { _ in }) {
        frame += 1
        runFrame(inspect)
    }

    /// Runs frame 0's steps again at time 0 (the frame on which a test set things up).
    public func commitCurrentFrame() { runFrame { _ in } }

    private func runFrame(_ inspect: (MediaTime) -> Void) {
        timeline.beginFrame(at: time)
        timeline.fireDueTimers()
        timeline.fireDisplayLinks()
        timeline.commitImplicitTransaction()
        inspect(time)
        timeline.endFrame()
    }

    /// Runs every frame for `seconds` (rounded to whole frames), calling `inspect` on each.
    public func advance(seconds: MediaTime, _ inspect: (MediaTime) -> Void = { _ in }) {
        let frames = Int((seconds * Double(fps)).rounded())
        for _ in 0..<frames { step(inspect) }
    }

    /// Runs frames until `time` (on the grid, rounded).
    public func advance(to time: MediaTime, _ inspect: (MediaTime) -> Void = { _ in }) {
        let target = Int((time * Double(fps)).rounded())
        while frame < target { step(inspect) }
    }
}
