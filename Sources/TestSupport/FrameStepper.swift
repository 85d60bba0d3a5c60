import Animation

/// Steps a bare timeline frame by frame through the one `FrameLoop` (timers, display links,
/// commit, completions), for engine tests without a scene: `stepper.advance(seconds: 0.5)`.
/// Scenes are tested with `SceneTester`, on the same loop.
public final class FrameStepper {
    public let timeline: Timeline
    public let fps: Int
    /// The last frame run.
    public private(set) var frame: Int
    private let loop = FrameLoop()

    public init(timeline: Timeline = Timeline(), fps: Int = 60) {
        precondition(timeline.currentTime == 0, "a stepper starts with its timeline at 0")
        self.timeline = timeline
        self.fps = fps
        frame = 0
    }

    /// The current frame time.
    public var time: MediaTime { Double(frame) / Double(fps) }

    /// Runs the next frame; `inspect` sees it in its draw phase.
    public func step(_ inspect: (MediaTime) -> Void = { _ in }) {
        frame += 1
        runFrame(inspect)
    }

    /// Runs frame 0's steps again at time 0 (the frame on which a test set things up).
    public func commitCurrentFrame() { runFrame { _ in } }

    private func runFrame(_ inspect: (MediaTime) -> Void) {
        let time = self.time
        loop.runFrame([(timeline, time)], input: {}, draw: { inspect(time) }, present: {})
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
