import Animation
import Foundation
import Scenes

/// A moment of a window, whole: the scene, its tutorial step, its whole recorded history (every
/// frame's time, input, size and knobs), the clock, the open panels with their scroll and
/// selection, the pointer and where the window was. Replaying the history with the same code
/// shows the same moment (`SceneSession.resume`).
///
/// One format for two uses, as JSON (docs/COMMAND-LINE.md § Session files):
/// - a session file (`b` in the window, `NAME-SCENE-YYYYmmdd-HHMMSS.animdemo`), which
///   `animdemo --session FILE`, `render --session` and `record --session` open;
/// - what a window hands to the next build of its program under `--watch` (README § Write your
///   own scene), kept in a file by the supervisor between two builds.
///
/// The fields after `history` came with the session files (version 1); a state without them
/// (an older build's, under `--watch`) takes the defaults.
public struct WatchState: Codable, Equatable, Sendable {
    /// `animdemo-session` in a session file.
    public var format: String?
    /// The format's version: `SessionFile.version`.
    public var version: Int?
    /// The scene's `--scene` name.
    public var scene: String
    /// The tutorial step shown, nil for the scene as it is.
    public var step: Int?
    /// The scene time shown when the state was taken, seconds.
    public var sceneTime: MediaTime
    public var isPaused: Bool
    /// The playback rate (1, 0.5, 0.25 or 0.1).
    public var rate: Double
    /// The open panels' names (`inspector`, `knobs`, `help`, `code`), bottom to top.
    public var panels: [String]
    /// Where the window was and its size, pixels; nil when unknown.
    public var window: WindowGeometry?
    /// The history time travel keeps, replayed by the next build.
    public var history: StoredHistory
    /// `--seed`, `--scale` (the window's pixels per `--size` pixel) and `--bubbles`.
    public var seed: UInt64?
    public var scale: Double?
    public var bubbles: Int?
    /// The debug overlay (`d`) is on.
    public var debugOverlay: Bool?
    /// Where the pointer was over the window, pixels: what it hovers (an inspector row, the
    /// outline of its layer) is part of the moment.
    public var pointer: [Double]?
    /// Each open panel's scroll and selection, by the panel's name.
    public var panelViews: [String: PanelView]?
    /// The history's frame after which the inspector's rows were first observed (when it or
    /// the code panel opened, or time travel's replay began to observe); nil while neither is
    /// open.
    public var observedFrom: Int?
    /// Motion trails (`u`): whether they are drawn, and their settings; absent while they are
    /// off with the standard settings (so a file without trails is as before them).
    public var trails: StoredTrails?
    /// Two settings side by side (`--compare`, `|`): the copy's knobs and whether it is A (the
    /// first half); absent without a comparison.
    public var compare: StoredComparison?

    public init(
        scene: String, step: Int?, sceneTime: MediaTime, isPaused: Bool, rate: Double, panels: [String],
        window: WindowGeometry?, history: StoredHistory
    ) {
        self.scene = scene
        self.step = step
        self.sceneTime = sceneTime
        self.isPaused = isPaused
        self.rate = rate
        self.panels = panels
        self.window = window
        self.history = history
    }

    /// The state as JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// Reads a state written by `encoded()`.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(WatchState.self, from: json)
    }
}

/// A panel's scroll and selection: the first row or line shown, whether it follows the newest
/// rows or the running code, the selected knob, the selected timeline row (the inspector's
/// selection, which the graph shows).
public struct PanelView: Codable, Equatable, Sendable {
    public var firstRow: Int?
    public var follows: Bool?
    public var selected: String?
    public var row: String?
    /// The inspector's zoom, seconds on its axis (absent: the 6 s it opens with), and the
    /// start its axis is pinned at after fitting every row (absent: it follows the time).
    public var span: Double?
    public var axisStart: Double?
    /// The layer tree's selected layer, by its name in the tree (`b3`, `bubble 4`).
    public var layer: String?
    /// The graph's property of a layer (`position`, `path`), as Tab chose it (absent: the
    /// first that changes).
    public var property: String?
    /// The inspector's collapsed groups of rows, by name (`tap at 1.2 s`); absent: none.
    public var collapsed: [String]?

    public init(
        firstRow: Int? = nil, follows: Bool? = nil, selected: String? = nil, row: String? = nil,
        span: Double? = nil, axisStart: Double? = nil, layer: String? = nil, property: String? = nil,
        collapsed: [String]? = nil
    ) {
        self.firstRow = firstRow
        self.follows = follows
        self.selected = selected
        self.row = row
        self.span = span
        self.axisStart = axisStart
        self.layer = layer
        self.property = property
        self.collapsed = collapsed
    }
}

/// A comparison in a session file: the copy's knobs (the running scene's are the history's)
/// and its half, A or B.
public struct StoredComparison: Codable, Equatable, Sendable {
    public var knobs: [String: StoredKnob]
    public var copyIsA: Bool

    public init(knobs: [String: StoredKnob], copyIsA: Bool) {
        self.knobs = knobs
        self.copyIsA = copyIsA
    }
}

/// Motion trails in a session file: on or off, the ghosts on each side, the frames between them.
public struct StoredTrails: Codable, Equatable, Sendable {
    public var on: Bool
    public var count: Int
    public var spacing: Int

    public init(on: Bool, count: Int, spacing: Int) {
        self.on = on
        self.count = count
        self.spacing = spacing
    }
}

/// A window's place on the screen and its size, pixels.
public struct WindowGeometry: Codable, Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A `SceneHistory` as JSON: runs of quiet frames on the frame grid are kept as their first
/// frame number and their length (a minute of a scene playing on its own is one entry).
public struct StoredHistory: Codable, Equatable, Sendable {
    public var fps: Int
    public var initialWidth: Double
    public var initialHeight: Double
    public var initialKnobs: [String: StoredKnob]
    public var frames: [StoredFrame]

    /// One frame, or a run of quiet frames `first / fps`, `(first + 1) / fps`, … (`count` of them).
    public struct StoredFrame: Codable, Equatable, Sendable {
        public var time: MediaTime?
        public var first: Int?
        public var count: Int?
        /// Input as lines of an events script's verbs (`down X Y`, `key space`, …).
        public var input: [String]?
        public var width: Double?
        public var height: Double?
        public var knobs: [String: StoredKnob]?
    }

    /// The history's frames, stored.
    public init(_ history: SceneHistory, fps: Int) {
        self.fps = fps
        initialWidth = history.initialSize.width
        initialHeight = history.initialSize.height
        initialKnobs = history.initialKnobs.mapValues(StoredKnob.init)
        var stored: [StoredFrame] = []
        let rate = Double(fps)
        for frame in history.frames {
            let exact = (frame.time * rate).rounded()
            if frame.input.isEmpty, frame.size == nil, frame.knobs.isEmpty, abs(exact) < 1e15,
                Double(Int(exact)) / rate == frame.time
            {
                let number = Int(exact)
                if let last = stored.last, let first = last.first, let count = last.count,
                    first + count == number
                {
                    stored[stored.count - 1].count = count + 1
                } else {
                    stored.append(StoredFrame(first: number, count: 1))
                }
                continue
            }
            stored.append(
                StoredFrame(
                    time: frame.time, input: frame.input.isEmpty ? nil : frame.input.map(Self.line),
                    width: frame.size?.width, height: frame.size?.height,
                    knobs: frame.knobs.isEmpty ? nil : frame.knobs.mapValues(StoredKnob.init)))
        }
        frames = stored
    }

    /// The history again, every frame as it was recorded; nil for an entry it cannot read.
    public func history() -> SceneHistory? {
        var history = SceneHistory(
            initialSize: Size(width: initialWidth, height: initialHeight),
            initialKnobs: initialKnobs.mapValues(\.value), fps: fps)
        for stored in frames {
            if let first = stored.first, let count = stored.count, count >= 0 {
                for number in first..<(first + count) {
                    history.record(SceneFrame(time: Double(number) / Double(fps), input: [], size: nil))
                }
                continue
            }
            guard let time = stored.time, time.isFinite else { return nil }
            var input: [InputEvent] = []
            for line in stored.input ?? [] {
                guard let event = Self.event(line) else { return nil }
                input.append(event)
            }
            let size = stored.width.flatMap { width in stored.height.map { Size(width: width, height: $0) } }
            history.record(
                SceneFrame(
                    time: time, input: input, size: size, knobs: (stored.knobs ?? [:]).mapValues(\.value)))
        }
        return history
    }

    /// `event` in an events script's words (EventScript: `down X Y`, `wheel X Y DY [ctrl] [shift]`), keys by
    /// their own names (`key char:?`, `key space`, `key F12`).
    public static func line(_ event: InputEvent) -> String {
        switch event {
        case .down(let point): return "down \(point.x) \(point.y)"
        case .move(let point): return "move \(point.x) \(point.y)"
        case .up(let point): return "up \(point.x) \(point.y)"
        case .scroll(let dy, let point, let control, let shift):
            return "wheel \(point.x) \(point.y) \(dy)" + (control ? " ctrl" : "") + (shift ? " shift" : "")
        case .key(let key): return "key " + keyName(key)
        }
    }

    /// The event `line` names, nil if none.
    public static func event(_ line: String) -> InputEvent? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let verb = words.first else { return nil }
        if verb == "key" { return words.count == 2 ? key(named: words[1]).map(InputEvent.key) : nil }
        var args = (words.count == 2 ? words[1] : "").split(separator: " ")
        let shift = verb == "wheel" && args.last == "shift"
        if shift { args.removeLast() }
        let control = verb == "wheel" && args.last == "ctrl"
        if control { args.removeLast() }
        let numbers = args.compactMap { Double($0) }
        guard numbers.count == args.count else { return nil }
        switch (verb, numbers.count) {
        case ("down", 2): return .down(Point(x: numbers[0], y: numbers[1]))
        case ("move", 2): return .move(Point(x: numbers[0], y: numbers[1]))
        case ("up", 2): return .up(Point(x: numbers[0], y: numbers[1]))
        case ("wheel", 3):
            return .scroll(
                dy: numbers[2], at: Point(x: numbers[0], y: numbers[1]), control: control, shift: shift)
        default: return nil
        }
    }

    private static let namedKeys: [(String, Key)] = [
        ("space", .space), ("tab", .tab), ("backTab", .backTab), ("enter", .enter), ("escape", .escape),
        ("backspace", .backspace), ("left", .left), ("right", .right), ("up", .up), ("down", .down),
        ("home", .home), ("end", .end), ("pageUp", .pageUp), ("pageDown", .pageDown),
        ("unidentified", .unidentified),
    ]

    /// `char:C` for a character key, `F3` for a function key, else the case's name.
    static func keyName(_ key: Key) -> String {
        if case .character(let character) = key { return "char:\(character)" }
        if case .function(let number) = key { return "F\(number)" }
        return namedKeys.first { $0.1 == key }?.0 ?? "unidentified"
    }

    static func key(named name: String) -> Key? {
        if name.hasPrefix("char:"), name.count == 6, let character = name.last {
            return .character(character)
        }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()) { return .function(number) }
        return namedKeys.first { $0.0 == name }?.1
    }
}

extension StoredHistory.StoredFrame {
    init(first: Int, count: Int) {
        self.first = first
        self.count = count
    }

    init(time: MediaTime, input: [String]?, width: Double?, height: Double?, knobs: [String: StoredKnob]?) {
        self.time = time
        self.input = input
        self.width = width
        self.height = height
        self.knobs = knobs
    }
}

/// A knob's value as JSON: a number, a choice's index or a curve's four control points.
public struct StoredKnob: Codable, Equatable, Sendable {
    public var number: Double?
    public var choice: Int?
    public var curve: [Double]?

    public init(_ value: KnobValue) {
        switch value {
        case .number(let number): self.number = number
        case .choice(let index): choice = index
        case .curve(let function):
            curve = [
                function.controlPoint1.x, function.controlPoint1.y, function.controlPoint2.x,
                function.controlPoint2.y,
            ]
        }
    }

    /// The value; a curve whose x coordinates leave 0…1 (a file edited by hand) becomes linear.
    public var value: KnobValue {
        if let number { return .number(number) }
        if let choice { return .choice(choice) }
        if let curve, curve.count == 4, (0...1).contains(curve[0]), (0...1).contains(curve[2]),
            curve[1].isFinite, curve[3].isFinite
        {
            return .curve(TimingFunction(controlPoints: curve[0], curve[1], curve[2], curve[3]))
        }
        return .curve(.linear)
    }
}
