import Animation
import Scenes

/// Motion trails' replays (docs/ARCHITECTURE.md § Motion trails): a ghost at scene time `t` is
/// the scene as a seek to `t` shows it, made by a replica of the scene (a new instance of the
/// descriptor with the history's seed, knobs and size, on its own clock and window root) that
/// travels the history as time travel does. Replicas are kept between frames and each goes
/// to the ghost time nearest after its own, so that while playing each runs one frame a
/// frame, and a step back while paused replays one ghost, not all of them.
final class TrailReplica {
    /// The replica's time machine: its scene, clock, copy of the history, checkpoints.
    let machine: TimeMachine
    /// What the replica asks of a host: its descriptor, and its root's place.
    private let host: ReplicaHost
    /// The history epoch it was made for (a restart, a resume makes new ones).
    let epoch: Int
    /// The scene time it shows now (nil: built, no frame run yet).
    private(set) var time: MediaTime?
    /// It was laid out for a rect its history does not have: it is not used again.
    private(set) var isOffRecord = false
    /// The frame it ran last is not one of the history's (a time between two recorded
    /// frames: slow motion, a frame the window dropped): going on from there would run a frame
    /// the history does not have, so its next travel starts from a checkpoint.
    private var showsBetween = false

    /// A replica of `live`'s scene, as built, before its first frame.
    init(of live: TimeMachine, descriptor: SceneDescriptor) {
        let windowRoot = Layer(timeline: Timeline())
        windowRoot.anchorPoint = .zero
        let history = live.history
        host = ReplicaHost(descriptor: descriptor, windowRoot: windowRoot)
        machine = TimeMachine(
            descriptor: descriptor, size: history.initialSize, seed: live.seed, images: live.images,
            bubbleLoad: live.bubbleLoad, fps: live.fps, knobs: history.initialKnobs)
        machine.history = history
        machine.history.shown = -1
        machine.host = host
        windowRoot.addSublayer(machine.scene.rootLayer)
        machine.layOutScene(in: history.initialSize)
        epoch = live.historyEpoch
    }

    /// Whether the replica's past is still `live`'s: the same history epoch, and the same
    /// input up to the time it shows.
    func follows(_ live: TimeMachine) -> Bool {
        guard !isOffRecord, epoch == live.historyEpoch else { return false }
        guard let time else { return machine.history.initialKnobs == live.history.initialKnobs }
        return machine.history.inputFrames(through: time) == live.history.inputFrames(through: time)
    }

    /// Brings the replica to scene time `target` as a seek there shows it, in a scene rect of
    /// `size` (the live scene's; nil: the history's own at `target`, as the graph of a layer
    /// reads it): the history's frames up to it (past its end, quiet frames on the grid), the
    /// frame that shows it run last. Returns false when the history has no frame yet.
    func go(to target: MediaTime, from live: TimeMachine, size: Size?) -> Bool {
        // The live history's frames (which may have grown) replace the copy, unless the
        // replica is past their end (future ghosts on the grid: its own frames go on there).
        let shown = machine.history.shown
        if shown < live.history.frames.count {
            machine.history = live.history
            machine.history.shown = shown
        }
        // Already there (the ghosts made again for another reason: the settings, a resize).
        if let time, abs(time - target) < 1e-12, size == nil || machine.sceneLayoutSize == size {
            return true
        }
        if showsBetween, let time, abs(time - target) > 1e-9 {
            // As after a layout off the record: the travel restores a checkpoint (or rebuilds).
            machine.hasUnrecordedLayout = true
        }
        guard let reached = machine.travel(to: target, panelWork: .none) else { return false }
        showsBetween = !reached.isRecorded
        var frame = reached.frame
        if let size, machine.sceneLayoutSize != size {
            // The live scene is laid out for a rect its history does not have (a panel opened
            // while paused): a seek there lays the scene out for it first, off the record.
            frame.size = size
            isOffRecord = true
        }
        if reached.isRecorded { machine.history.record(frame) }
        machine.runReplayed(frame, index: machine.history.shown, observes: false)
        time = frame.time
        return true
    }
}

/// A replica's host: no inspector, no debug overlay; a rebuilt scene goes into its own root.
private final class ReplicaHost: TimeMachineHost {
    let descriptor: SceneDescriptor
    private let windowRoot: Layer

    init(descriptor: SceneDescriptor, windowRoot: Layer) {
        self.descriptor = descriptor
        self.windowRoot = windowRoot
    }

    var isDebugOverlayVisible: Bool { false }
    var observesAnimations: Bool { false }
    func sceneWasRebuilt(_ scene: Scene) { windowRoot.insertSublayer(scene.rootLayer, at: 0) }
    func observeReplayedFrame(_ index: Int) {}
    func resetObservation() {}
}
