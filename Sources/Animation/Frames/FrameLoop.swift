/// One frame's steps in DESIGN.md's order, for hosts that have their events at hand:
/// input → timers → display links → commit → draw → completions.
extension SceneSession {
    /// Runs one whole frame at `hostTime`: `draw` gets the window's layer tree when the
    /// presentation is ready. Returns what the host must do (screenshot, quit).
    @discardableResult
    public func runFrame(at hostTime: MediaTime, events: [InputEvent], draw: (Layer) throws -> Void) rethrows
        -> [HostCommand]
    {
        beginFrame(at: hostTime)
        let commands = deliver(events)
        prepareFrame()
        try draw(rootLayer)
        finishFrame()
        return commands
    }
}
