import Animation
import Scenes

/// Time travel's checkpoints (docs/ARCHITECTURE.md § Time travel): a scene that is a
/// `CheckpointingScene` is saved after a frame every few seconds of scene time, and a seek
/// restores the nearest checkpoint before the frame it needs instead of rebuilding the scene
/// and replaying from its start.
extension TimeMachine {
    /// Drops the checkpoints that the history's frames no longer lead to, and all of them if
    /// the scene or its clock is not the one they were taken of (a new instance that did not
    /// come through `rebuildScene`).
    func dropStaleCheckpoints() {
        let owner = (scene: ObjectIdentifier(scene), timeline: ObjectIdentifier(sceneTimeline))
        if let taken = checkpoints.owner, taken != owner { checkpoints.removeAll() }
        checkpoints.owner = owner
        let edit = history.takeFirstEdit()
        guard edit != Int.max else { return }
        checkpoints.remove(fromFrame: edit)
    }

    /// After `runFrame`'s scene frame: a checkpoint if the frame is the history's frame shown
    /// and one is due there.
    func checkpointAfterLiveFrame(_ frame: SceneFrame?, isRecorded: Bool) {
        if hasUnrecordedLayout { checkpoints.isSuspended = true }
        let shown = history.shown
        guard let frame, isRecorded, history.frames.indices.contains(shown), history.frames[shown] == frame
        else { return }
        checkpointIfDue(afterFrame: shown)
    }

    /// Takes a checkpoint of the scene after history frame `frame` (-1: as built, before the
    /// first), just run, if one is due there (`SceneCheckpoints.wants`). `replayingTo`: the
    /// frame is one of a replay that goes on to that scene time, so a checkpoint that the
    /// tiers would drop by then is not taken (taking and dropping the ones in between was a
    /// third of a replay from the start).
    func checkpointIfDue(afterFrame frame: Int, replayingTo end: MediaTime = -.infinity) {
        guard checkpoints.isEnabled, !checkpoints.isSuspended else { return }
        dropStaleCheckpoints()
        let time = frame < 0 ? 0 : sceneTimeline.currentTime
        guard let scene = scene as? CheckpointingScene else { return }
        // While the inspector knows animations by object, the scene's layers are kept, not
        // made again (`CheckpointingScene.rebuiltLayer`).
        let rebuilt = host?.observesAnimations == true ? nil : scene.rebuiltLayer
        let dense = SceneCheckpoints.isDense(rebuilding: rebuilt?.sublayers.count ?? 0)
        guard checkpoints.wants(frame: frame, time: time, keptUntil: end, dense: dense),
            let engine = sceneTimeline.checkpoint(of: [scene.rootLayer], rebuilding: rebuilt)
        else { return }
        let (own, layers) =
            rebuilt != nil
            ? scene.savedStateRebuildingLayers()
            : (scene.savedState(), RebuiltLayers(count: 0, estimatedBytes: 0) {})
        let knobs = self.knobs
        let knobValues = knobs.knobs.compactMap { knob in knobs.value(of: knob.name).map { (knob.name, $0) } }
        let curveEdits = knobs.curveEdits
        let lineEdits = knobs.lineEdits
        let initialKnobs = history.initialKnobs
        let dispatcher = self.dispatcher
        let gestures = dispatcher.savedState()
        let layoutSize = sceneLayoutSize
        let observation = host?.observationMark()
        checkpoints.insert(
            SceneCheckpoints.Checkpoint(
                frame: frame, time: time,
                estimatedBytes: SceneCheckpoints.estimatedBytes(
                    layers: engine.layerCount, animations: engine.animationCount,
                    sharedLayers: engine.layerCount - engine.newLayerCount,
                    sharedAnimations: engine.animationCount - engine.newAnimationCount)
                    + layers.estimatedBytes,
                observation: observation,
                rebuildsLayers: layers.count > 0 || engine.rebuiltAnimatedLayerCount > 0, isDense: dense
            ) {
                [unowned self] in
                // The log as it was then, or emptied (TimeMachine+Travel.swift).
                host?.restoreObservation(observation, afterFrame: frame)
                own()  // first: what its setters do to layers and timers, the engine's undoes
                engine.restore(rebuilding: layers.rebuild)
                for (name, value) in knobValues { knobs.set(name, to: value) }
                knobs.restoreCurveEdits(curveEdits)
                knobs.restoreLineEdits(lineEdits)
                // A knob set from the start since (turned while paused, read only after this
                // frame, so the checkpoint was kept) has its new value, as a replay of the
                // history has it, not the one saved here (SavedMomentTests).
                for name in Set(initialKnobs.keys).union(history.initialKnobs.keys)
                where history.initialKnobs[name] != initialKnobs[name] {
                    let value = history.initialKnobs[name] ?? knobs.knob(named: name)?.defaultValue
                    if let value { knobs.set(name, to: value) }
                }
                self.knobs = knobs
                gestures()
                self.dispatcher = dispatcher
                sceneLayoutSize = layoutSize
                hasUnrecordedLayout = false
                checkpoints.isSuspended = false
                scene.setDebugOverlay(visible: host?.isDebugOverlayVisible ?? false)
            })
    }

    /// The checkpoint a seek should restore to replay frames up to `lastReplayed` and show
    /// scene time `goal`: the latest at or before it; when the inspector keeps its rows
    /// (`keepsRows`), one whose log it can bring back; when it watches without, at or before
    /// the replay it observes (`observedReplay`); nil without one.
    func checkpoint(
        toReplayUpTo lastReplayed: Int, goal: MediaTime, panelWork: SceneSession.PanelWork,
        keepsRows: Bool = false
    )
        -> SceneCheckpoints
        .Checkpoint?
    {
        guard checkpoints.isEnabled else { return nil }
        dropStaleCheckpoints()
        // A checkpoint whose layers the scene makes again has other animation objects than
        // the run's, which an inspector's log would take for new ones.
        let knowsObjects = host?.observesAnimations == true
        if keepsRows, let host {
            return checkpoints.latest(atOrBefore: lastReplayed, time: goal) { checkpoint in
                !(knowsObjects && checkpoint.rebuildsLayers)
                    && host.canRestoreObservation(checkpoint.observation, afterFrame: checkpoint.frame)
            }
        }
        // Else the log starts anew after the restore (or is not kept), so a checkpoint whose
        // layers the scene makes again will do: the rows of the frames replayed after it are
        // those of the run's objects, their values the same (RebuiltCheckpointTests).
        let observes = panelWork != .none && knowsObjects
        return checkpoints.latest(
            atOrBefore: lastReplayed, time: observes ? goal - Self.observedReplay : goal)
    }
}
