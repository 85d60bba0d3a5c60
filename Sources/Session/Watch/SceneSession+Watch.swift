import Animation
import Scenes

/// Live reload (`--watch`, README § Write your own scene): the state a window hands to the next
/// build of its program, the next build taking it up at the same moment, and the panel that
/// says why a new build is not running.
extension SceneSession {
    /// Every panel a state may name (`PanelKind.isKept`).
    private var keptPanels: [Panel] { panels.filter { type(of: $0).kind.isKept } }

    /// This moment, whole: the scene, its step, the history, the clock, the open panels with
    /// their scroll and selection, the pointer (`window`: where the host's window is). What a
    /// session file holds and what the next build under `--watch` takes up.
    public func watchState(window: WindowGeometry?) -> WatchState {
        var state = WatchState(
            scene: sceneName, step: catalog[sceneIndex].step, sceneTime: sceneTimeline.currentTime,
            isPaused: isPaused, rate: playbackRate,
            panels: openPanels.filter { type(of: $0).kind.isKept }.map(\.name), window: window,
            history: StoredHistory(history, fps: fps))
        state.format = SessionFile.format
        state.version = SessionFile.version(for: state.history)
        state.seed = seed
        state.scale = scale
        state.bubbles = bubbleLoad
        state.debugOverlay = isDebugOverlayVisible
        state.pointer = pointer.map { [$0.x, $0.y] }
        var views: [String: PanelView] = [:]
        for panel in openPanels where type(of: panel).kind.isKept { views[panel.name] = panel.view }
        state.panelViews = views
        state.observedFrom = observesAnimations ? observedFrom : nil
        if trailsAreOn || trailSettings != .standard {
            state.trails = StoredTrails(
                on: trailsAreOn, count: trailSettings.count, spacing: trailSettings.spacing)
        }
        if let twin = compareTwin {
            state.compare = StoredComparison(knobs: twin.knobs.mapValues(StoredKnob.init), copyIsA: twin.isA)
        }
        return state
    }

    /// Takes up `state` at host time `hostTime`: the same scene and step, its history replayed
    /// with this build's code to the state's scene time, the clock paused or playing at the
    /// same rate from there, the same panels open with their scroll and selection, the
    /// inspector's rows observed from the same time, the pointer where it was. Returns the
    /// number of frames replayed; nil (and the session unchanged) when the state names a
    /// scene this program does not have or its history cannot be read.
    @discardableResult
    public func resume(from state: WatchState, at hostTime: MediaTime) -> Int? {
        guard let index = catalog.firstIndex(where: { $0.name == state.scene }),
            let restored = state.history.history()
        else { return nil }
        sceneIndex = index
        if let step = state.step, let stepped = catalog[index].atStep(step) { catalog[index] = stepped }
        layOutWindow()  // the step bar's room, for the step restored
        history = restored
        if let debug = state.debugOverlay, debug != isDebugOverlayVisible {
            isDebugOverlayVisible = debug
            overlay.setDebugVisible(debug)
        }
        rebuildScene()
        if let stored = state.trails {
            setTrails(on: stored.on, settings: TrailSettings(count: stored.count, spacing: stored.spacing))
        }
        for name in state.panels {
            if let panel = keptPanels.first(where: { $0.name == name }) { setOpen(panel, true) }
        }
        let shown = machine.replay(to: state.sceneTime, observedFrom: state.observedFrom ?? .max)
        stopComparing()
        if let compare = state.compare {
            startComparing(knobs: compare.knobs.mapValues(\.value), copyIsA: compare.copyIsA)
        }
        overlay.fadeHint()
        // The next frame is the one after the state's, as if the program had never stopped.
        machine.clock.resume(
            paused: state.isPaused, rate: state.rate, rates: SceneSession.playbackRates,
            sceneTime: sceneTimeline.currentTime, at: hostTime)
        for panel in openPanels {
            if let view = state.panelViews?[panel.name] { panel.restore(view) }
        }
        // The selected timeline row is the inspector's, whichever panel kept it (the graph
        // keeps it while the inspector is closed).
        if let row = state.panelViews?.sorted(by: { $0.key < $1.key }).lazy.compactMap(\.value.row).first {
            inspector.select(row: row)
        }
        // The selected layer is the layer tree's, whichever panel kept it (the graph keeps it
        // while the layer tree is closed).
        if !isOpen(layerTree), let layer = state.panelViews?[graphPanel.name]?.layer {
            layerTree.restore(PanelView(layer: layer))
        }
        if let point = state.pointer, point.count == 2, point.allSatisfy(\.isFinite) {
            hover(at: Point(x: point[0], y: point[1]))
        }
        return shown
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
