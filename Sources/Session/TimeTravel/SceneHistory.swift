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
    public var knobs: [String: KnobValue]

    public init(time: MediaTime, input: [InputEvent], size: Size?, knobs: [String: KnobValue] = [:]) {
        self.time = time
        self.input = input
        self.size = size
        self.knobs = knobs
    }

    /// Whether the frame only moves time on (no input, size or knob).
    var isQuiet: Bool { input.isEmpty && size == nil && knobs.isEmpty }
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
    public private(set) var frames: SceneFrames
    /// The index of the frame shown now; -1 before the first.
    public internal(set) var shown = -1
    /// The most frames kept: an hour at 60 fps. Past it the scene plays on but time travel
    /// stops recording (`isFull`).
    public static let capacity = 216_000
    /// The first frame changed or removed since `takeFirstEdit()` last asked (`Int.max`:
    /// none), for the checkpoints taken after it.
    private var firstEdit = Int.max
    /// Counts the changes a replay of the frames would show: a frame with input added, frames
    /// dropped, a knob set from the start (quiet frames added leave it), so that the graph panel
    /// looks again at the input only when it changed.
    public private(set) var revision = 0

    /// `fps`: the frame rate whose grid (`n / fps`) most frame times are on; such frames
    /// without input are kept as runs, a few bytes for any number of them.
    public init(initialSize: Size, initialKnobs: [String: KnobValue] = [:], fps: Int = 60) {
        self.initialSize = initialSize
        self.initialKnobs = initialKnobs
        frames = SceneFrames(fps: fps)
    }

    /// Makes `value` the knob's value from the start: the initial value, and no later change.
    /// `readFrom`: the first frame that may read the knob (-1: the scene's build). Returns the
    /// first frame that may run differently now (that one, or an earlier one that changed the
    /// knob while playing and no longer does); the checkpoints after it are dropped.
    @discardableResult
    mutating func setFromStart(_ name: String, to value: KnobValue, readFrom: Int = -1) -> Int {
        initialKnobs[name] = value
        let changed = min(readFrom, frames.removeKnob(named: name) ?? Int.max)
        firstEdit = min(firstEdit, changed)
        revision += 1
        return changed
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
        if next < frames.count || !frame.isQuiet { revision += 1 }
        if next < frames.count { firstEdit = min(firstEdit, next) }
        frames.removeSubrange(from: min(next, frames.count))
        frames.append(frame)
        shown = frames.count - 1
    }

    /// The first frame changed or removed since the last call (`Int.max`: none); a change of
    /// the start (a knob set from it) is -1.
    mutating func takeFirstEdit() -> Int {
        defer { firstEdit = Int.max }
        return firstEdit
    }

    /// What a replay up to scene time `time` depends on besides the scene: the first size and
    /// knobs (as a frame at -1) and every frame with input, size or knobs up to `time`.
    func inputFrames(through time: MediaTime) -> [SceneFrame] {
        [SceneFrame(time: -1, input: [], size: initialSize, knobs: initialKnobs)]
            + frames.framesWithInput(through: time)
    }

    /// Adds a frame at the end without showing it (a step past the last recorded frame).
    mutating func append(_ frame: SceneFrame) {
        frames.append(frame)
    }
}

/// A scene's frames in order, stored compactly: a run of frames with no input whose times
/// are on a frame grid (`n / fps`, as a host at full speed makes them) is kept as its first
/// `n`, its grid and its length; any other frame is kept whole. A scene that plays on its own
/// (the fish swimming) then costs a few bytes per stretch, not 40 per frame, so a long run's
/// memory stays flat.
public struct SceneFrames: RandomAccessCollection, Sendable {
    private enum Segment: Sendable {
        /// Frames with times `Double(first + i) / denominator`, `i` in `0..<count`, quiet.
        case grid(first: Int, denominator: Double, count: Int)
        case frame(SceneFrame)

        var count: Int {
            switch self {
            case .grid(_, _, let count): return count
            case .frame: return 1
            }
        }
    }

    private var segments: [Segment] = []
    /// The index of each segment's first frame.
    private var starts: [Int] = []
    public private(set) var count = 0
    /// How many pieces the frames are kept in: runs and whole frames.
    public var segmentCount: Int { segments.count }
    /// The grids a frame time may be on: `1 / fps` as the hosts compute frame times, and
    /// `1 / (1 / fps)` as the session does from its frame duration.
    private let denominators: [Double]

    init(fps: Int) {
        let rate = Double(Swift.max(fps, 1))
        denominators = rate == 1 / (1 / rate) ? [rate] : [rate, 1 / (1 / rate)]
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> SceneFrame {
        precondition(index >= 0 && index < count, "frame \(index) of \(count)")
        let segment = segmentIndex(containing: index)
        switch segments[segment] {
        case .frame(let frame):
            return frame
        case .grid(let first, let denominator, _):
            let time = Double(first + index - starts[segment]) / denominator
            return SceneFrame(time: time, input: [], size: nil)
        }
    }

    /// Appends `frame`, extending the last run when it continues it.
    mutating func append(_ frame: SceneFrame) {
        defer { count += 1 }
        guard frame.isQuiet else {
            push(.frame(frame))
            return
        }
        if case .grid(let first, let denominator, let length) = segments.last,
            Double(first + length) / denominator == frame.time
        {
            segments[segments.count - 1] = .grid(first: first, denominator: denominator, count: length + 1)
            return
        }
        for denominator in denominators {
            let scaled = (frame.time * denominator).rounded()
            guard abs(scaled) < 1e15 else { continue }
            let first = Int(scaled)
            if Double(first) / denominator == frame.time {
                push(.grid(first: first, denominator: denominator, count: 1))
                return
            }
        }
        push(.frame(frame))
    }

    /// The frames with input, a size or knobs, up to scene time `time`, in order.
    func framesWithInput(through time: MediaTime) -> [SceneFrame] {
        var found: [SceneFrame] = []
        for segment in segments {
            guard case .frame(let frame) = segment else { continue }
            if frame.time > time + 1e-9 { break }
            if !frame.isQuiet { found.append(frame) }
        }
        return found
    }

    /// Takes the knob `name` out of every frame that turned it.
    /// Removes the knob's changes from every frame; the first frame that had one, nil if none.
    @discardableResult
    mutating func removeKnob(named name: String) -> Int? {
        var first: Int?
        for index in segments.indices {
            if case .frame(var frame) = segments[index], frame.knobs[name] != nil {
                frame.knobs[name] = nil
                segments[index] = .frame(frame)
                first = first ?? starts[index]
            }
        }
        return first
    }

    /// Removes the frames from `index` to the end.
    mutating func removeSubrange(from index: Int) {
        guard index < count else { return }
        let segment = segmentIndex(containing: index)
        let kept = index - starts[segment]
        segments.removeSubrange((segment + 1)...)
        starts.removeSubrange((segment + 1)...)
        if kept == 0 {
            segments.removeLast()
            starts.removeLast()
        } else if case .grid(let first, let denominator, _) = segments[segment] {
            segments[segment] = .grid(first: first, denominator: denominator, count: kept)
        }
        count = index
    }

    private mutating func push(_ segment: Segment) {
        starts.append(count)
        segments.append(segment)
    }

    /// The segment that holds frame `index` (binary search on the starts).
    private func segmentIndex(containing index: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
