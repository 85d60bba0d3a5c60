import Animation
import Scenes

/// Live reload (`--watch`, README § Write your own scene): the state a window hands to the next
/// build of its program, the next build taking it up at the same moment, and the panel that
/// says why a new build is not running.
extension SceneSession {
    /// Every panel a state may name, by name.
    private var namedPanels: [Panel] { [inspector, knobPanel, helpPanel, codePanel] }

    /// What the next build needs to show this moment: the scene, its step, the history, the
    /// clock and the open panels (`window`: where the host's window is).
    public func watchState(window: WindowGeometry?) -> WatchState {
        WatchState(
            scene: sceneName, step: catalog[sceneIndex].step, sceneTime: sceneTimeline.currentTime,
            isPaused: isPaused, rate: playbackRate,
            panels: openPanels.map(\.name).filter { $0 != problemPanel.name }, window: window,
            history: StoredHistory(history, fps: fps))
    }

    /// Takes up `state` at host time `hostTime`: the same scene and step, its history replayed
    /// with this build's code to the state's scene time, the clock paused or playing at the
    /// same rate from there, the same panels open. Returns the number of frames replayed; nil
    /// (and the session unchanged) when the state names a scene this program does not have or
    /// its history cannot be read.
    @discardableResult
    public func resume(from state: WatchState, at hostTime: MediaTime) -> Int? {
        guard let index = catalog.firstIndex(where: { $0.name == state.scene }),
            let restored = state.history.history()
        else { return nil }
        sceneIndex = index
        if let step = state.step, let stepped = catalog[index].atStep(step) { catalog[index] = stepped }
        history = restored
        rebuildScene()
        for (index, frame) in history.frames.enumerated() {
            runReplayed(frame, observes: false)
            checkpointIfDue(afterFrame: index)  // time travel back from here starts near, not at 0
        }
        history.shown = history.frames.count - 1
        overlay.fadeHint()
        isPaused = state.isPaused
        playbackRate = SceneSession.playbackRates.contains(state.rate) ? state.rate : 1
        // The next frame is the one after the state's, as if the program had never stopped.
        let time = history.frames.last?.time ?? 0
        sceneClockBase = (hostTime - frameDuration * playbackRate.magnitude, time)
        if isPaused { sceneClockBase = (hostTime, time) }
        for name in state.panels {
            if let panel = namedPanels.first(where: { $0.name == name }) { setOpen(panel, true) }
        }
        return history.frames.count
    }

    /// Shows `problem` in a panel at the bottom (the build failed, or the new build crashed),
    /// or closes the panel (nil: a good build is running).
    public func showBuildProblem(_ problem: BuildProblem?) {
        problemPanel.problem = problem
        if problem == nil {
            setOpen(problemPanel, false)
        } else {
            setOpen(problemPanel, false)  // rebuilt, and on top
            setOpen(problemPanel, true)
        }
    }

    /// The problem shown, nil while none is.
    public var buildProblem: BuildProblem? { isOpen(problemPanel) ? problemPanel.problem : nil }
}
