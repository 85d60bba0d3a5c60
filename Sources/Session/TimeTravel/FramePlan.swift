import Animation
import Scenes

/// What a frame asked of time travel and the knobs, its requests folded in order: where to
/// go, the knobs to turn, and whether the clock pauses (a seek or a step pauses it).
struct FrameRequests: Equatable {
    /// The scene time to show (a seek, or steps from the time shown or from an earlier seek).
    var seekTarget: MediaTime?
    /// The knobs turned, by name (only the running scene's).
    var knobChanges: [String: KnobValue] = [:]
    var pauses = false

    /// Folds `requests` in order; a step moves from `sceneTime` (the time shown) or from the
    /// frame's earlier seek; `isKnob` says which names are the scene's knobs.
    init(_ requests: [SessionRequest], sceneTime: MediaTime, isKnob: (String) -> Bool) {
        for request in requests {
            switch request {
            case .seek(let time):
                pauses = true
                seekTarget = time
            case .step(let seconds):
                pauses = true
                seekTarget = (seekTarget ?? sceneTime) + seconds
            case .setKnob(let name, let value):
                if isKnob(name) { knobChanges[name] = value }
            case .command, .message, .selectLayer: break
            }
        }
    }

    init(seekTarget: MediaTime? = nil, knobChanges: [String: KnobValue] = [:], pauses: Bool = false) {
        self.seekTarget = seekTarget
        self.knobChanges = knobChanges
        self.pauses = pauses
    }
}

/// What time travel needs to know of the history to plan a frame.
struct HistorySummary: Equatable {
    var isEmpty: Bool
    /// Time travel keeps no more frames (`SceneHistory.capacity`).
    var isFull: Bool
    /// The last recorded frame's scene time.
    var lastTime: MediaTime?

    init(isEmpty: Bool, isFull: Bool = false, lastTime: MediaTime? = nil) {
        self.isEmpty = isEmpty
        self.isFull = isFull
        self.lastTime = lastTime
    }

    init(_ history: SceneHistory) {
        self.init(
            isEmpty: history.frames.isEmpty, isFull: history.isFull, lastTime: history.frames.last?.time)
    }
}

/// The scene's frame decided (docs/ARCHITECTURE.md § Time travel): what one `runFrame` does
/// with the scene, as a value, so that the decision can be tested without a scene.
/// `FramePlan.make` computes it from the clock, the requests, the input and the history;
/// `TimeMachine.execute` carries it out.
enum FramePlan: Equatable {
    /// Paused with nothing to do: the scene runs no frame.
    case idle
    /// Paused, and the scene's rect is not the one it was laid out for (a panel opened, the
    /// window resized): it is laid out anew without a new frame; `backToRecord` when it was
    /// laid out off the record already, so it first goes back to the moment as recorded.
    case relayout(backToRecord: Bool)
    /// One new frame, recorded: playing, or new input while paused (at the time shown).
    case play(SceneFrame)
    /// Time travel to `goal`, then new input on the frame reached (if any).
    case seek(Seek)

    /// A seek of the plan.
    struct Seek: Equatable {
        /// The scene time to show.
        var goal: MediaTime
        /// Knobs turned while paused: they are set as if from the scene's start, which is
        /// replayed from there with them (empty: from a checkpoint or the frame shown).
        var knobsFromStart: [String: KnobValue] = [:]
        /// Input and knobs for a new frame on top of the frame reached.
        var input: [InputEvent] = []
        var knobs: [String: KnobValue] = [:]
        /// The goal was past the hour time travel keeps, and is its last frame instead.
        var isClamped = false

        var fromStart: Bool { !knobsFromStart.isEmpty }
        /// Whether a new frame runs on top of the frame reached.
        var hasInput: Bool { !input.isEmpty || !knobs.isEmpty }
    }

    /// The message a plan shows: the goal was past what time travel keeps.
    static let clampedMessage = "time travel keeps the first hour of a scene: press r to start again"

    /// The frame's plan.
    /// - Parameters:
    ///   - clock: the scene's clock after this frame's keys and requests (paused by a seek).
    ///   - wasPaused: whether it was paused before this frame's input.
    ///   - hostTime: the frame's host time.
    ///   - sceneTime: the scene time shown now (the last frame's).
    ///   - requests: this frame's seeks and knobs.
    ///   - input: the scene's input (pointer events and its keys).
    ///   - history: the recorded frames (empty for a scene just (re)started).
    ///   - needsLayout: the scene was laid out for another rect than the one it has.
    ///   - hasUnrecordedLayout: it was laid out anew while paused, off the record.
    static func make(
        clock: SceneClock, wasPaused: Bool, hostTime: MediaTime, sceneTime: MediaTime,
        requests: FrameRequests,
        input: [InputEvent], history: HistorySummary, needsLayout: Bool, hasUnrecordedLayout: Bool
    ) -> FramePlan {
        // A pause keeps this frame's time; a new scene starts at 0.
        let playingTime = max(clock.sceneTime(at: hostTime), sceneTime)
        if !history.isEmpty, var goal = requests.seekTarget {
            // Back within the hour kept is fine; past it there is nothing recorded to show.
            var isClamped = false
            if history.isFull, let last = history.lastTime, goal > last {
                goal = last
                isClamped = true
            }
            return .seek(Seek(goal: goal, input: input, knobs: requests.knobChanges, isClamped: isClamped))
        }
        if !history.isEmpty, clock.isPaused, !requests.knobChanges.isEmpty {
            // Paused: show this moment as it would have been had the knobs always had their
            // new values — the scene replayed with them from where they matter (TimeMachine).
            return .seek(Seek(goal: sceneTime, knobsFromStart: requests.knobChanges, input: input))
        }
        if !input.isEmpty || !requests.knobChanges.isEmpty || !wasPaused || history.isEmpty {
            let time = wasPaused && !history.isEmpty ? sceneTime : playingTime
            return .play(SceneFrame(time: time, input: input, size: nil, knobs: requests.knobChanges))
        }
        return needsLayout ? .relayout(backToRecord: hasUnrecordedLayout) : .idle
    }
}
