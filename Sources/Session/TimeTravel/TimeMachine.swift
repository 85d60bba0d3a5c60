import Animation
import Scenes

/// What the time machine asks of the session that holds it: the scene to build, and the
/// inspector's log, which follows the scene's frames.
protocol TimeMachineHost: AnyObject {
    /// The scene (and step) running: what a rebuild makes anew.
    var descriptor: SceneDescriptor { get }
    var isDebugOverlayVisible: Bool { get }
    /// Whether the inspector's log notes the scene's animations.
    var observesAnimations: Bool { get }
    /// The scene was made anew: its root layer goes where the old one's was in the window.
    func sceneWasRebuilt(_ scene: Scene)
    /// The inspector's log notes the scene's animations after history frame `index`, replayed.
    func observeReplayedFrame(_ index: Int)
    /// Empties the inspector's log: the scene was rebuilt or restored.
    func resetObservation()
    /// The history's frame after which the log first observed the scene since it was last
    /// emptied (-1: the scene as built); nil while it observes nothing.
    var observationStart: Int? { get }
    /// What a checkpoint taken now keeps of the log, to bring it back to; nil: nothing.
    func observationMark() -> ObservationMark?
    /// Whether the log can be brought back to its state after history frame `frame` (a
    /// checkpoint's, which kept `mark`) without emptying it: the frame is before the log's
    /// first, or the mark is of the log as it is now, before the frames since.
    func canRestoreObservation(_ mark: ObservationMark?, afterFrame frame: Int) -> Bool
    /// Brings the log back to its state after frame `frame` (`canRestoreObservation`), else
    /// empties it.
    func restoreObservation(_ mark: ObservationMark?, afterFrame frame: Int)
    /// How many times the log dropped rows over its capacity since it was last emptied (0
    /// while it observes nothing): a mark taken before a drop cannot be rolled back to.
    var observationDrops: Int { get }
    /// Whether the log, at the pace it gained rows so far, would pass its capacity before
    /// scene time `time`.
    func observationWouldOverflow(before time: MediaTime) -> Bool
}

/// Hosts without an inspector: nothing to keep, so a restore empties the (absent) log.
extension TimeMachineHost {
    var observationStart: Int? { nil }
    func observationMark() -> ObservationMark? { nil }
    func canRestoreObservation(_ mark: ObservationMark?, afterFrame frame: Int) -> Bool { false }
    func restoreObservation(_ mark: ObservationMark?, afterFrame frame: Int) { resetObservation() }
    var observationDrops: Int { 0 }
    func observationWouldOverflow(before time: MediaTime) -> Bool { false }
}

/// The inspector's log as a checkpoint keeps it: its mark, and which run of observing it
/// belongs to (`SceneSession.observationEpoch`: the log emptied since makes it stale).
struct ObservationMark {
    var epoch: Int
    var log: AnimationLog.Mark
}

/// The running scene and its time (docs/ARCHITECTURE.md § Time travel): the scene's clock,
/// every frame it ran (`SceneHistory`), its checkpoints, travel to any scene time by replaying
/// them, and the scene's rebuilds. `SceneSession` asks it for a `FramePlan` once a frame and
/// has it carried out (`execute`).
final class TimeMachine {
    /// The scene running now.
    private(set) var scene: Scene
    /// The scene's clock of layers: where it is, its timers and display links.
    private(set) var sceneTimeline: Timeline
    /// When the scene shows what: base, pause, rate.
    var clock: SceneClock
    /// Every frame the scene has run since it started, with its input.
    var history: SceneHistory
    /// Counts the histories this machine has had (a restart starts a new one; the session
    /// replaces it when it resumes a saved one): with `SceneHistory.revision`, what the graph
    /// panel's samples were made from.
    var historyEpoch = 0
    /// The running scene's knobs, as set now.
    var knobs: KnobSettings
    /// Time travel's checkpoints of the scene (TimeMachine+Checkpoints.swift).
    var checkpoints = SceneCheckpoints()
    /// The frame of the checkpoint the last seek restored (-1: the one before the first
    /// frame), nil when it restored none: which one a seek took, for the tests.
    var lastRestoredCheckpoint: Int?
    /// Delivers the scene's pointer events to its recognizers.
    var dispatcher = GestureDispatcher()
    /// The size the scene was last laid out for (points are computed from it).
    var sceneLayoutSize: Size
    /// The scene is laid out for a size that its history does not have yet (a panel opened or
    /// the window resized while paused): the next recorded frame records it.
    var hasUnrecordedLayout = false
    /// Where the scene's rect starts in the window, pixels: the window's origin, but for the
    /// right (or lower) half of a comparison (SceneSession+Compare.swift). Recorded pointer
    /// events are relative to it, so that either half replays one history.
    var sceneOrigin = Point.zero
    /// Where the scene's root layer goes in its superlayer: at `sceneOrigin` in the window's
    /// layer, at zero in a comparison's clipping layer, which is at the origin itself.
    var rootPosition: Point { isInClip ? .zero : sceneOrigin }
    var isInClip = false
    /// Runs every frame, the scene's replayed ones and the session's.
    let frameLoop = FrameLoop()
    /// The scene input of the last frame given its input, and its scene time: what the
    /// inspector groups the rows it started by.
    private(set) var appliedInput: (time: MediaTime, events: [InputEvent]) = (-.infinity, [])
    weak var host: TimeMachineHost?

    let seed: UInt64
    let images: ImageCatalog
    let bubbleLoad: Int

    /// How far before the frame reached a replay feeds the inspector, seconds: its axis shows
    /// less than this, so older rows would scroll away unseen.
    static let observedReplay: MediaTime = 12

    /// Makes `descriptor`'s scene for a window of `size` (it is laid out by the session).
    init(
        descriptor: SceneDescriptor, size: Size, seed: UInt64, images: ImageCatalog, bubbleLoad: Int,
        fps: Int,
        knobs overrides: [String: KnobValue]
    ) {
        self.seed = seed
        self.images = images
        self.bubbleLoad = bubbleLoad
        clock = SceneClock(fps: fps)
        sceneTimeline = Timeline()
        sceneLayoutSize = size
        knobs = KnobSettings(knobs: descriptor.knobs, overrides: overrides)
        Self.applyCurveEdits(of: knobs, on: sceneTimeline)
        scene = descriptor.make(
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad, knobs: knobs))
        history = SceneHistory(initialSize: size, initialKnobs: overrides, fps: fps)
    }

    /// Lets go of the scene clock's animations, timers and callbacks (`Timeline.invalidate`).
    deinit {
        sceneTimeline.invalidate()
    }

    var fps: Int { clock.fps }

    // MARK: - The frame

    /// Carries out `plan` at `hostTime` for a scene rect of `size`: the frame the scene runs
    /// now (nil: none), and whether it is one of the history's.
    func execute(_ plan: FramePlan, at hostTime: MediaTime, size: Size, panelWork: SceneSession.PanelWork)
        -> (
            frame: SceneFrame?, isRecorded: Bool
        )
    {
        switch plan {
        case .idle:
            return (nil, true)
        case .relayout(let backToRecord):
            relayout(for: size, backToRecord: backToRecord, panelWork: panelWork)
            return (nil, true)
        case .play(let frame):
            recordQuietFrameShown()
            return (record(frame, size: size), true)
        case .seek(let seek):
            // A knob turned while paused: the frames from the first that read it (or that
            // turned it while playing) run again with it set from the start.
            var changedFrom: Int?
            for (name, value) in seek.knobsFromStart {
                let readFrom = Swift.min(knobs.firstReads[name] ?? Int.max, history.shown + 1)
                let changed = history.setFromStart(name, to: value, readFrom: readFrom)
                changedFrom = Swift.min(changedFrom ?? Int.max, changed)
            }
            guard
                let reached = travel(
                    to: seek.goal, changedFrom: changedFrom, knobsFromStart: seek.knobsFromStart,
                    panelWork: panelWork)
            else {
                return (nil, true)
            }
            clock.start(at: hostTime, sceneTime: reached.frame.time)
            if seek.hasInput {
                // The frame reached, then the new input on top of it.
                runReplayed(reached.frame, index: history.shown + 1, observes: panelWork != .none)
                history.record(reached.frame)  // a quiet frame too: it ran before the input
                let frame = SceneFrame(
                    time: sceneTimeline.currentTime, input: seek.input, size: nil, knobs: seek.knobs)
                return (record(frame, size: size), true)
            }
            if reached.isRecorded { return (record(reached.frame, size: size), true) }
            guard sceneLayoutSize != size || hasUnrecordedLayout else { return (reached.frame, false) }
            // A quiet frame for a rect the scene is not laid out for: run here, as a replay of
            // the moment runs it (the inspector observing), then laid out off the record, as
            // the replay's next frame does. Run live after the layout, the inspector would see
            // what that layout did (a timer it rescheduled), which no replay sees.
            runReplayed(reached.frame, index: history.shown, observes: panelWork != .none)
            relayout(for: size, backToRecord: false, panelWork: panelWork)
            return (nil, true)
        }
    }

    /// The scene ran a quiet frame after the one shown (a seek between two recorded frames
    /// showed it) and a new frame follows: the quiet frame goes into the history first, so that
    /// a replay runs it too (a timer it fired, an animation it ended) before the new one.
    private func recordQuietFrameShown() {
        let shown = history.shown
        let time = sceneTimeline.currentTime
        guard history.frames.indices.contains(shown), time > history.frames[shown].time + 1e-9 else { return }
        history.record(SceneFrame(time: time, input: [], size: nil))
    }

    /// Records `frame` as the one after the frame shown, with the scene rect's size when the
    /// scene is not laid out for it as recorded.
    private func record(_ frame: SceneFrame, size: Size) -> SceneFrame {
        var frame = frame
        if hasUnrecordedLayout || sceneLayoutSize != size {
            frame.size = size
            hasUnrecordedLayout = false
        }
        history.record(frame)
        return frame
    }

    /// Paused: lays the scene out for its new space without starting a new future. Laid out so
    /// already, it first goes back to the moment as recorded: a layout can change more than
    /// sizes (the elastic scene cuts its bounce), so the scene is always its history plus at
    /// most one layout for the rect shown, as a session file replays it.
    private func relayout(for size: Size, backToRecord: Bool, panelWork: SceneSession.PanelWork) {
        guard sceneLayoutSize != size else { return }
        if backToRecord,
            let reached = travel(to: sceneTimeline.currentTime, panelWork: panelWork)
        {
            runReplayed(reached.frame, index: history.shown + 1, observes: panelWork != .none)
            if reached.isRecorded { history.record(reached.frame) }
        }
        if sceneLayoutSize != size {
            layOutScene(in: size)
            hasUnrecordedLayout = true
        }
    }

    /// Paused and laid out off the record: goes back to the moment as recorded, unobserved (the
    /// next frame lays it out for its rect again), so that a panel that starts observing the
    /// scene sees what a replay of the session sees; a layout can cut what runs (the elastic
    /// scene's bounce).
    func returnToRecord() {
        guard hasUnrecordedLayout, let reached = travel(to: sceneTimeline.currentTime, panelWork: .none)
        else {
            return
        }
        runReplayed(reached.frame, index: history.shown + 1, observes: false)
        if reached.isRecorded { history.record(reached.frame) }
    }

    /// Gives a scene frame its input: the scene's size, knobs, pointer events to the scene's
    /// recognizers, keys to the scene.
    func apply(_ frame: SceneFrame) {
        appliedInput = (sceneTimeline.currentTime, frame.input)
        if let size = frame.size { layOutScene(in: size) }
        if !frame.knobs.isEmpty {
            for (name, value) in frame.knobs { knobs.set(name, to: value) }
            scene.knobsDidChange()
        }
        for event in frame.input {
            if case .key(let key) = event {
                _ = scene.handleKey(key)
            } else {
                // Hit-tested in the scene's own layers: a comparison's clip (placed for the
                // window's size now, not the frame's) or the other half cuts nothing off, so a
                // replay hits what the frame hit when it ran.
                dispatcher.handle(
                    SceneSession.offset(event, by: sceneOrigin), in: scene.rootLayer,
                    at: sceneTimeline.currentTime)
            }
        }
    }

    /// Runs a recorded scene frame again, whole, without drawing it; the inspector notes its
    /// animations when `observes`.
    func runReplayed(_ frame: SceneFrame, index: Int, observes: Bool) {
        knobs.frameRunning = index
        frameLoop.runFrame(
            [(sceneTimeline, frame.time)], input: { apply(frame) },
            draw: { if observes, let host, host.observesAnimations { host.observeReplayedFrame(index) } },
            present: {})
    }

    /// Lays the scene out for a rect of `size` pixels, in points, in the scene's own
    /// transaction (each layer animates on its own timeline), with actions off: the scene's
    /// bounds are its rect in points and its root layer scales them to pixels
    /// (docs/ARCHITECTURE.md § Points).
    func layOutScene(in size: Size) {
        sceneLayoutSize = size
        let pointScale = SceneSession.pointScale(forWindow: size)
        let bounds = SceneSession.sceneBounds(forWindow: size)
        sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            scene.rootLayer.anchorPoint = .zero
            scene.rootLayer.position = rootPosition
            scene.rootLayer.bounds = bounds
            scene.rootLayer.transform = AffineTransform(scaleX: pointScale, y: pointScale)
            // Clipped to its rect: what it draws past it is under the panels or off the
            // window, and drawn there it made the panels over it repaint every frame it moved
            // (a panel's cost; docs/PERFORMANCE.md § Panels).
            scene.rootLayer.masksToBounds = true
            scene.layout(in: bounds)
        }
    }

    /// Moves the scene's rect to `origin` in the window, without a new layout.
    func move(to origin: Point) {
        sceneOrigin = origin
        keepPosition()
    }

    /// Puts the scene's root layer back where its rect is, if a restored checkpoint moved it.
    func keepPosition() {
        guard scene.rootLayer.position != rootPosition else { return }
        sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            scene.rootLayer.position = rootPosition
        }
    }

    // MARK: - Starting and rebuilding

    /// Starts the host's scene afresh in a rect of `size` at `hostTime`, with a new history.
    func restart(in size: Size, at hostTime: MediaTime) {
        history = SceneHistory(initialSize: size, fps: fps)
        historyEpoch += 1
        rebuildScene()
        clock.start(at: hostTime, sceneTime: 0)
    }

    /// A new instance of the running scene on a new clock, laid out as it was at its start:
    /// the first step of a replay.
    func rebuildScene() {
        host?.resetObservation()
        checkpoints.removeAll()  // they hold the old scene
        dispatcher.cancelAll()
        dispatcher = GestureDispatcher()
        scene.rootLayer.removeFromSuperlayer()
        sceneTimeline.invalidate()  // else the old scene, mid-animation, is never freed
        sceneTimeline = Timeline()
        guard let host else { return }
        knobs = KnobSettings(knobs: host.descriptor.knobs, overrides: history.initialKnobs)
        Self.applyCurveEdits(of: knobs, on: sceneTimeline)
        scene = host.descriptor.make(
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad, knobs: knobs))
        host.sceneWasRebuilt(scene)
        scene.setDebugOverlay(visible: host.isDebugOverlayVisible)
        layOutScene(in: history.initialSize)
        hasUnrecordedLayout = false
        checkpoints.removeAll()
        checkpointIfDue(afterFrame: -1)
    }

    /// Has every animation the scene adds on `timeline` run with `knobs`' curve edit at its
    /// source line, if any (docs/ARCHITECTURE.md § Curve edits).
    static func applyCurveEdits(of knobs: KnobSettings, on timeline: Timeline) {
        timeline.timingFunctionEdit = { [knobs] source, own in knobs.timingFunction(at: source, own: own) }
        timeline.durationEdit = { [knobs] source, duration, delay in
            knobs.timing(at: source, duration: duration, delay: delay)
        }
    }

    /// Takes up a saved moment, the scene just rebuilt on its history: its frames replayed up
    /// to scene time `moment` (those after it are kept for a seek to run), the inspector
    /// observing from frame `observedFrom` on. Returns the number of frames replayed.
    func replay(to moment: MediaTime, observedFrom: Int) -> Int {
        host?.resetObservation()  // the rows are those of the frames from `observedFrom` on
        let epsilon = 1e-9
        let frames = history.frames
        let shown = frames.lastIndex { $0.time <= moment + epsilon } ?? frames.count - 1
        if observedFrom < 0, let host, host.observesAnimations {
            // Observed from the scene as built (the inspector opened on the first frame's
            // input): what it had then, such as a timer a layout replaces, has its row too.
            host.observeReplayedFrame(-1)
        }
        for (index, frame) in frames.enumerated() where index <= shown {
            runReplayed(frame, index: index, observes: index >= observedFrom)
            // Time travel back from here starts near, not at 0.
            checkpointIfDue(afterFrame: index, replayingTo: frames[shown].time)
        }
        history.shown = shown
        if let last = frames.last, shown < frames.count - 1 || last.time < moment - epsilon,
            frames.indices.contains(shown), frames[shown].time < moment - epsilon
        {
            // Between two recorded frames (an idle stretch): a quiet frame at the moment.
            runReplayed(
                SceneFrame(time: moment, input: [], size: nil), index: shown, observes: shown >= observedFrom)
        }
        return shown + 1
    }
}
