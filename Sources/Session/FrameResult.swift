import Animation

/// What a host needs to know after a frame.
public struct FrameResult: Sendable {
    /// What the keys of this frame asked the host to do, in order.
    public var commands: [HostCommand]
    /// The completions changed the model after the frame was drawn: draw another to show it.
    public var needsAnotherFrame: Bool
    /// When the next frame is needed, in host time: the frame's own time while something
    /// animates, a timer's time, or nil while nothing is scheduled (sleep until input).
    public var nextWakeTime: MediaTime?
}
