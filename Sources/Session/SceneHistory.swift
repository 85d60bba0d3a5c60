import Animation
import Scenes

/// One frame the scene ran: its time and its input.
public struct SceneFrame: Sendable, Equatable {
    /// The scene time the frame showed.
    public var time: MediaTime
    /// Pointer events and the scene's keys, in order.
    public var input: [InputEvent]
    /// A new window size, laid out before the input.
    public var size: Size?
    /// Knobs turned on this frame, set before the input.
    public var knobs: [String: KnobValue] = [:]
}

/// Every frame a scene has run since it started, and which one is shown: what time travel
/// needs to rebuild any of them exactly, since the scene is deterministic (its clock and its
/// random numbers come from the session). Like an undo history: new input after going back
/// drops the frames after it.
public struct SceneHistory: Sendable {
    /// The window size the scene was first laid out for.
    public let initialSize: Size
    /// The knobs the scene started with (`--set`; a knob turned while paused lands here, as if
    /// it had always had its new value).
    public internal(set) var initialKnobs: [String: KnobValue]
    public private(set) var frames: [SceneFrame] = []
    /// The index of the frame shown now; -1 before the first.
    public internal(set) var shown = -1
    /// The most frames kept: an hour at 60 fps. Past it the scene plays on but time travel
    /// stops recording (`isFull`).
    public static let capacity = 216_000

    public init(initialSize: Size, initialKnobs: [String: KnobValue] = [:]) {
        self.initialSize = initialSize
        self.initialKnobs = initialKnobs
    }

    /// Makes `value` the knob's value from the start: the initial value, and no later change.
    mutating func setFromStart(_ name: String, to value: KnobValue) {
        initialKnobs[name] = value
        for index in frames.indices where frames[index].knobs[name] != nil {
            frames[index].knobs[name] = nil
        }
    }

    public var isFull: Bool { frames.count >= Self.capacity }

    /// Notes that `frame` runs next, after the one shown: a recorded frame stepped to again,
    /// or a new one (which drops the frames after the one shown).
    mutating func record(_ frame: SceneFrame) {
        let next = shown + 1
        if next < frames.count && frames[next] == frame {
            shown = next
            return
        }
        guard !isFull else { return }
        frames.removeSubrange(min(next, frames.count)...)
        frames.append(frame)
        shown = frames.count - 1
    }

    /// Adds a frame at the end without showing it (a step past the last recorded frame).
    mutating func append(_ frame: SceneFrame) {
        frames.append(frame)
    }
}
