import Animation
import Scenes

/// Time travel by the clock (docs/ARCHITECTURE.md § Time travel): a seek names a scene time;
/// the scene is brought there by replaying its recorded frames (from the nearest checkpoint
/// before, or from its start, when going back), and the frame shown is the one an
/// uninterrupted run shows at that time.
extension TimeMachine {
    /// The frame that shows scene time `target`, and whether it is one of the history's.
    struct ReachedFrame {
        var frame: SceneFrame
        /// False for a frame in an idle stretch between two recorded ones (the window host
        /// ran none there because nothing moved): it is shown, not recorded, so that the
        /// future after it is kept.
        var isRecorded: Bool
    }

    /// Brings the scene to just before the frame that shows `target` (clamped to 0 and to
    /// what time travel keeps) and returns that frame, for the caller to run live. Going back
    /// restores the latest checkpoint before the frame (TimeMachine+Checkpoints.swift) and
    /// replays from there; without one it rebuilds the scene and replays its frames from the
    /// start. `changedFrom`: the first frame that runs differently now (knobs set from the
    /// start, `knobsFromStart`, which a restored checkpoint is given): the checkpoint is one
    /// taken before it, and the frames from there are run again. Going forward replays from the frame shown, or from a checkpoint
    /// between it and the frame. Past the last recorded frame, frames without input follow on
    /// the grid, as playing would have run them.
    func travel(
        to target: MediaTime, changedFrom: Int? = nil, knobsFromStart: [String: KnobValue] = [:],
        panelWork: SceneSession.PanelWork
    ) -> ReachedFrame? {
        guard let first = history.frames.first else { return nil }
        let epsilon = 1e-9
        let goal = max(target, first.time)
        // Past the end: the grid's frames after the last one, up to the goal.
        if let last = history.frames.last, goal > last.time + epsilon {
            let exact = last.time * Double(fps)
            var frame = Int(abs(exact - exact.rounded()) < 1e-6 ? exact.rounded() : exact.rounded(.down)) + 1
            while Double(frame) / Double(fps) <= goal + epsilon, !history.isFull {
                history.append(SceneFrame(time: Double(frame) / Double(fps), input: [], size: nil))
                frame += 1
            }
        }
        let frames = history.frames
        var low = 0
        var high = frames.count
        while low < high {  // the first frame after the goal
            let middle = (low + high) / 2
            if frames[middle].time <= goal + epsilon { low = middle + 1 } else { high = middle }
        }
        let index = max(low - 1, 0)
        // Between two recorded frames (an idle stretch) the goal is shown by the frame before
        // it and then a quiet frame at the goal.
        let isBetween = frames[index].time < goal - epsilon
        let shown = history.shown
        let needsRebuild: Bool
        if changedFrom != nil || hasUnrecordedLayout {  // changed, or laid out off the record
            needsRebuild = true
        } else if isBetween {
            needsRebuild = shown > index || (shown == index && sceneTimeline.currentTime > goal + epsilon)
        } else {
            needsRebuild = shown >= index
        }
        var next = shown + 1
        let observedFrom = goal - Self.observedReplay
        let lastReplayed = isBetween ? index : index - 1
        let lastKept = changedFrom.map { Swift.min(lastReplayed, $0 - 1) } ?? lastReplayed
        // The inspector keeps its rows when it has observed every frame from its first
        // (`observationStart`) and the frame reached is not before it: the rows are those of
        // the frames from there, so its log goes back to a checkpoint's (or to empty before
        // its first frame) and follows the frames replayed after it, however old. Else (a seek
        // to before the inspector opened) it starts anew `observedReplay` before the goal.
        let start = panelWork != .none ? host?.observationStart : nil
        var keepsRows = start.map { index >= $0 } ?? false
        if keepsRows, needsRebuild, let start, (host?.observationDrops ?? 0) > 0 {
            // Going back past the log's last drop of rows over its capacity, no checkpoint has
            // a mark of the log to roll back to: only a replay from the log's first frame would
            // give its rows, every frame since observed (a heavy load's minutes, issue 39m), so
            // it starts anew `observedReplay` before the goal instead.
            let found = checkpoint(toReplayUpTo: lastKept, goal: goal, panelWork: panelWork, keepsRows: true)
            if (found?.frame ?? -1) < max(start, 0) { keepsRows = false }
        } else if keepsRows, !needsRebuild, shown >= 0, history.frames[shown].time < observedFrom,
            host?.observationWouldOverflow(before: observedFrom) == true
        {
            // Forward so far that the log, at its pace, would pass its capacity on the way:
            // the frames more than `observedReplay` before the goal would be observed only to
            // be dropped, so it starts anew there.
            keepsRows = false
        }
        if lastKept >= -1,
            let checkpoint = checkpoint(
                toReplayUpTo: lastKept, goal: goal, panelWork: panelWork, keepsRows: keepsRows),
            needsRebuild || checkpoint.frame >= next
        {
            checkpoint.restore()
            lastRestoredCheckpoint = checkpoint.frame
            if !keepsRows { host?.resetObservation() }
            keepPosition()  // a checkpoint taken before a comparison moved the scene
            if changedFrom != nil {
                for (name, value) in knobsFromStart { knobs.set(name, to: value) }
                knobs.forgetReads(after: checkpoint.frame)  // those frames run again
            }
            next = checkpoint.frame + 1
        } else if needsRebuild {
            rebuildScene()
            lastRestoredCheckpoint = nil
            next = 0
        }
        if let start, keepsRows {
            if start < 0, next == 0, let host, host.observesAnimations {
                host.observeReplayedFrame(-1)  // the scene as built, before its first frame
            }
        } else if panelWork != .none, next <= lastReplayed, frames[next].time < observedFrom {
            // Forward past frames it would not observe: the log starts anew at the replay's
            // observed frames, as after a rebuild, so its rows are those of one unbroken run.
            host?.resetObservation()
        }
        let dropsBefore = host?.observationDrops ?? 0
        while next <= lastReplayed {
            if keepsRows, frames[next].time < observedFrom, (host?.observationDrops ?? 0) > dropsBefore {
                // A long replay (forward, or from an old mark) filled the log past its capacity
                // `observedReplay` or more before the goal: the rest would be observed only to be
                // dropped. It starts anew there instead, as above.
                host?.resetObservation()
                keepsRows = false
            }
            let observes =
                keepsRows
                ? next >= (start ?? 0) : panelWork != .none && frames[next].time >= observedFrom
            runReplayed(frames[next], index: next, observes: observes)
            checkpointIfDue(afterFrame: next, replayingTo: frames[lastReplayed].time)
            next += 1
        }
        if isBetween {
            history.shown = index
            return ReachedFrame(frame: SceneFrame(time: goal, input: [], size: nil), isRecorded: false)
        }
        history.shown = index - 1  // the live run records it again as shown
        return ReachedFrame(frame: frames[index], isRecorded: true)
    }
}
