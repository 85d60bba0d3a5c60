import Animation

/// The values of a scene's knobs while it runs: the scene reads them by typed key
/// (`knobs[Knobs.dampingRatio]`) when it starts an animation (and every frame for continuous
/// motion); the shell sets them by name (`--set`, the knob panel, time travel replaying a
/// change).
public final class KnobSettings {
    /// The scene's knobs, as its descriptor declares them.
    public let knobs: [Knob]
    private var values: [String: KnobValue]
    /// The history frame the scene runs now (-1: it is being built), set by time travel
    /// before each frame: a knob read is noted as of this frame in `firstReads`.
    public var frameRunning = -1
    /// By knob name, the first history frame in which the scene read the knob (-1: as it was
    /// built), of the frames run since these settings were made or `forgetReads(after:)`:
    /// the frames before it run alike whatever the knob's value, so a knob turned while paused
    /// replays the scene only from a checkpoint before it (docs/ARCHITECTURE.md § Time travel).
    /// A frame run again notes the earlier of the two, so an entry is never later than the
    /// first read among the frames run.
    public private(set) var firstReads: [String: Int] = [:]

    /// The curve edits (docs/ARCHITECTURE.md § Curve edits): by curve-edit name
    /// (`curveEditName(for:)`), the timing function every animation added at that source line
    /// runs with instead of its own. They are set, saved and replayed as knobs are.
    public private(set) var curveEdits: [String: TimingFunction] = [:]
    /// By curve-edit name, the scene's own timing function at that line (linear for none), as
    /// first seen: what an edit is compared with, and the editor's "own" preset.
    public private(set) var ownCurves: [String: TimingFunction] = [:]

    /// The duration and delay edits (docs/ARCHITECTURE.md § Curve edits): by name
    /// (`lineEditName(_:for:)`: `duration@Scenes/X.swift:88`, `delay@…`), the seconds every
    /// animation added at that source line runs for, or waits, instead of its own. Set, saved
    /// and replayed as curve edits are.
    public private(set) var lineEdits: [String: Double] = [:]
    /// By line edit's name, the scene's own duration or delay at that line, as first seen.
    public private(set) var ownLineValues: [String: Double] = [:]

    /// Every knob at its default, then `overrides` (curve edits among them).
    public init(knobs: [Knob], overrides: [String: KnobValue] = [:]) {
        self.knobs = knobs
        values = Dictionary(uniqueKeysWithValues: knobs.map { ($0.name, $0.defaultValue) })
        for (name, value) in overrides { set(name, to: value) }
    }

    // MARK: - Curve edits

    /// The prefix of a curve edit's name: `curve@Scenes/FinishLine.swift:126`.
    public static let curveEditPrefix = "curve@"

    /// The name under which the curve edit of the animations added at `source` is set.
    public static func curveEditName(for source: CallSite) -> String {
        "\(curveEditPrefix)\(source.fileID):\(source.line)"
    }

    /// The source line a curve edit's name names, nil for a name that is not one.
    public static func callSite(ofCurveEdit name: String) -> CallSite? {
        guard name.hasPrefix(curveEditPrefix) else { return nil }
        let rest = name.dropFirst(curveEditPrefix.count)
        guard let colon = rest.lastIndex(of: ":"), let line = Int(rest[rest.index(after: colon)...]),
            line > 0,
            colon > rest.startIndex
        else { return nil }
        return CallSite(fileID: String(rest[..<colon]), line: line)
    }

    /// Whether `name` is a curve edit's.
    public static func isCurveEdit(_ name: String) -> Bool { callSite(ofCurveEdit: name) != nil }

    // MARK: - Duration and delay edits

    /// What a line edit sets: the duration or the delay of the animations added at a line.
    public enum LineEdit: String, CaseIterable, Sendable {
        case duration
        case delay
    }

    /// The name under which the `edit` of the animations added at `source` is set.
    public static func lineEditName(_ edit: LineEdit, for source: CallSite) -> String {
        "\(edit.rawValue)@\(source.fileID):\(source.line)"
    }

    /// What a line edit's name edits and at which line, nil for a name that is not one.
    public static func lineEdit(named name: String) -> (edit: LineEdit, site: CallSite)? {
        for edit in LineEdit.allCases where name.hasPrefix(edit.rawValue + "@") {
            let curveName = curveEditPrefix + name.dropFirst(edit.rawValue.count + 1)
            return callSite(ofCurveEdit: curveName).map { (edit, $0) }
        }
        return nil
    }

    /// Whether `name` is a duration's or a delay's edit.
    public static func isLineEdit(_ name: String) -> Bool { lineEdit(named: name) != nil }

    /// Whether `name` is any edit of a line: a curve, a duration or a delay.
    public static func isEdit(_ name: String) -> Bool { isCurveEdit(name) || isLineEdit(name) }

    /// The seconds of a line edit: 0…60, the knobs' longest durations and then some.
    public static let lineEditRange: ClosedRange<Double> = 0...60

    /// The duration and delay an animation added at `source` runs with (`Timeline.durationEdit`):
    /// the line's edits if any, else its own. Notes the reads, as a knob's.
    public func timing(at source: CallSite, duration: Double, delay: Double) -> (
        duration: Double, delay: Double
    ) {
        // Every animation added asks, as `timingFunction(at:own:)` does: the line's two names
        // are made once (two strings built and four lookups were a third of a replay of the
        // fish), and their reads noted only when `firstReads` would change.
        let names: (duration: String, delay: String)
        if let known = timingLines[SourceLine(source)] {
            names = known.names
            if known.readsEpoch != readsEpoch || known.firstRead > frameRunning {
                noteTimingRead(names, at: source)
            }
        } else {
            names = (Self.lineEditName(.duration, for: source), Self.lineEditName(.delay, for: source))
            noteTimingRead(names, at: source)
            if ownLineValues[names.duration] == nil { ownLineValues[names.duration] = duration }
            if ownLineValues[names.delay] == nil { ownLineValues[names.delay] = delay }
        }
        if lineEdits.isEmpty { return (duration, delay) }
        return (lineEdits[names.duration] ?? duration, lineEdits[names.delay] ?? delay)
    }

    /// By source line, what `timing(at:duration:delay:)` knows of it: its duration's and
    /// delay's edit names, and the later of their entries in `firstReads` as of `readsEpoch`.
    private var timingLines:
        [SourceLine: (names: (duration: String, delay: String), firstRead: Int, readsEpoch: Int)] = [:]

    /// Notes the reads of a line's duration and delay edits, and what `firstReads` then says.
    private func noteTimingRead(_ names: (duration: String, delay: String), at source: CallSite) {
        noteRead(names.duration)
        noteRead(names.delay)
        let firstRead = Swift.max(
            firstReads[names.duration] ?? frameRunning, firstReads[names.delay] ?? frameRunning)
        timingLines[SourceLine(source)] = (names, firstRead, readsEpoch)
    }

    /// The line edits that differ from the scene's own value at their line, by name.
    public var changedLineEdits: [String: Double] {
        lineEdits.filter { name, value in
            guard let own = ownLineValues[name] else { return true }
            return abs(own - value) > 1e-9
        }
    }

    /// Puts back the line edits a checkpoint saved.
    public func restoreLineEdits(_ edits: [String: Double]) { lineEdits = edits }

    /// The timing function an animation added at `source` runs with (`Timeline.timingFunctionEdit`):
    /// the curve edit there if any, else `own`. Notes the read, as a knob's.
    public func timingFunction(at source: CallSite, own: TimingFunction?) -> TimingFunction? {
        // Every animation added asks (thousands a minute with bubbles, and again in a replay):
        // the line's name is made once, and its read noted only when `firstReads` would change.
        let name: String
        if let known = curveLines[SourceLine(source)] {
            name = known.name
            if known.readsEpoch != readsEpoch || known.firstRead > frameRunning {
                noteCurveRead(name, at: source)
            }
        } else {
            name = Self.curveEditName(for: source)
            noteCurveRead(name, at: source)
            if ownCurves[name] == nil { ownCurves[name] = own ?? .linear }
        }
        return curveEdits.isEmpty ? own : curveEdits[name] ?? own
    }

    /// By source line, what `timingFunction(at:own:)` knows of it: its curve edit's name, and
    /// its entry in `firstReads` as of `readsEpoch` (the line's own curve is in `ownCurves`).
    private var curveLines: [SourceLine: (name: String, firstRead: Int, readsEpoch: Int)] = [:]

    /// A source line as a key of `curveLines` and `timingLines`, hashed by its line number
    /// alone: every animation added looks its line up twice, and hashing the file's name was
    /// most of a lookup. Lines of two files with one number are told apart by `==`, which
    /// compares the names (at once when both are the same `#fileID` literal).
    struct SourceLine: Hashable {
        let site: CallSite

        init(_ site: CallSite) { self.site = site }

        func hash(into hasher: inout Hasher) { hasher.combine(site.line) }
    }

    /// Counts `forgetReads(after:)`, the one change to `firstReads` besides a read's.
    private var readsEpoch = 0

    /// Notes the read of curve edit `name` at `source`, and what `firstReads` then says.
    private func noteCurveRead(_ name: String, at source: CallSite) {
        noteRead(name)
        curveLines[SourceLine(source)] = (name, firstReads[name] ?? frameRunning, readsEpoch)
    }

    /// The curve edits that differ from the scene's own curve at their line, by name.
    public var changedCurveEdits: [String: TimingFunction] {
        curveEdits.filter { name, curve in
            guard let own = ownCurves[name] else { return true }
            return !Knob(name, curve: own, "").isTutorialValue(.curve(curve))
        }
    }

    /// Puts back the curve edits a checkpoint saved.
    public func restoreCurveEdits(_ edits: [String: TimingFunction]) { curveEdits = edits }

    /// A copy of these settings with `changes` set: what the panels show of knobs turned while
    /// paused whose reshape has not run yet (the window draws the new value first,
    /// docs/ARCHITECTURE.md § Knobs). The scene never reads the copy, so it notes no reads.
    public func previewing(_ changes: [String: KnobValue]) -> KnobSettings {
        let copy = KnobSettings(knobs: knobs)
        copy.values = values
        copy.curveEdits = curveEdits
        copy.ownCurves = ownCurves
        copy.lineEdits = lineEdits
        copy.ownLineValues = ownLineValues
        for (name, value) in changes { copy.set(name, to: value) }
        return copy
    }

    /// The knob called `name`, if the scene has one.
    public func knob(named name: String) -> Knob? { knobs.first { $0.name == name } }

    /// The value of the knob called `name` now (by name, as the shell sets it; scenes read by
    /// typed key), or of the curve edit called `name`.
    public func value(of name: String) -> KnobValue? {
        values[name] ?? curveEdits[name].map(KnobValue.curve) ?? lineEdits[name].map(KnobValue.number)
    }

    /// Forgets the reads noted in frames after `frame` (they are run again with other knobs).
    public func forgetReads(after frame: Int) {
        firstReads = firstReads.filter { $0.value <= frame }
        readsEpoch += 1
    }

    /// Notes that the scene read knob `name` in `frameRunning`.
    private func noteRead(_ name: String) {
        if let first = firstReads[name], first <= frameRunning { return }
        firstReads[name] = frameRunning
    }

    /// Sets a knob, or a curve edit to a curve (ignored for an unknown name: callers validate
    /// with `KnobAssignment`).
    public func set(_ name: String, to value: KnobValue) {
        if Self.isCurveEdit(name), case .curve(let curve) = value {
            curveEdits[name] = curve
            return
        }
        if Self.isLineEdit(name), case .number(let seconds) = value {
            lineEdits[name] = seconds
            return
        }
        guard values[name] != nil else { return }
        values[name] = value
    }

    /// The knobs whose values differ from the tutorial's, by name: a number stepped away and
    /// back, or typed as its tutorial value, is not changed (`Knob.isTutorialValue`).
    public var changed: [String: KnobValue] {
        values.filter { name, value in knob(named: name).map { !$0.isTutorialValue(value) } ?? false }
    }

    /// The value of the knob `key` declares, as its type; its tutorial value when the scene
    /// has no such knob (a scene built without its knobs, as some tests build them).
    public subscript<Value>(key: KnobKey<Value>) -> Value {
        noteRead(key.name)
        guard let stored = values[key.name], let value = Value(knobValue: stored) else {
            return key.tutorialValue
        }
        return value
    }

    /// Sets the knob `key` declares (ignored if the scene has no such knob).
    public func set<Value>(_ key: KnobKey<Value>, to value: Value) {
        set(key.name, to: value.knobValue)
    }
}

/// `NAME=VALUE` from the command line or the knob panel, checked against a scene's knobs.
public enum KnobAssignment {
    /// What is wrong with an assignment: one line naming the valid names or the range.
    public struct Failure: Error, CustomStringConvertible {
        /// The line to print.
        public let description: String
        /// The same in a few words, for the knob panel's field (`not a number`, `outside 0.1…1`).
        public let reason: String

        init(description: String, reason: String? = nil) {
            self.description = description
            self.reason = reason ?? description
        }
    }

    /// Parses `text` (`d=0.7`, `b1Curve=easeIn`, `b1Curve=0.1,0.8,0.2,1`, `type=filled`).
    public static func parse(_ text: String, knobs: [Knob]) throws(Failure) -> (String, KnobValue) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else {
            throw Failure(description: "--set \"\(text)\" is not NAME=VALUE")
        }
        let name = String(parts[0])
        guard let knob = knobs.first(where: { $0.name == name }) else {
            let names = knobs.map(\.name).joined(separator: ", ")
            throw Failure(description: "unknown knob \"\(name)\"; this scene's knobs are: \(names)")
        }
        return (name, try value(String(parts[1]), for: knob))
    }

    /// The value `text` for `knob`.
    public static func value(_ text: String, for knob: Knob) throws(Failure) -> KnobValue {
        switch knob.kind {
        case .number(let range, _):
            guard let number = Double(text), number.isFinite else {
                throw Failure(
                    description: "knob \(knob.name) takes a number in \(format(range)), not \"\(text)\"",
                    reason: "not a number")
            }
            guard range.contains(number) else {
                throw Failure(
                    description:
                        "knob \(knob.name) = \(text) is outside \(format(range))\(knob.unit.isEmpty ? "" : " \(knob.unit)")",
                    reason: "outside \(format(range))\(knob.unit.isEmpty ? "" : " \(knob.unit)")")
            }
            return .number(number)
        case .choice(let names):
            guard let index = names.firstIndex(of: text) else {
                throw Failure(
                    description:
                        "knob \(knob.name) takes one of \(names.joined(separator: ", ")), not \"\(text)\"",
                    reason: "not one of \(names.joined(separator: ", "))")
            }
            return .choice(index)
        case .curve:
            if let named = Knob.namedCurves.first(where: { $0.name == text }) { return .curve(named.curve) }
            let numbers = text.trimmingPrefix("cubic-bezier(").split(separator: ",").map {
                Double($0.trimmingCharacters(in: [" ", ")"]))
            }
            guard numbers.count == 4, let c1x = numbers[0], let c1y = numbers[1], let c2x = numbers[2],
                let c2y = numbers[3], [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite), (0...1).contains(c1x),
                (0...1).contains(c2x), abs(c1y) <= 10, abs(c2y) <= 10
            else {
                let names = Knob.namedCurves.map(\.name).joined(separator: ", ")
                throw Failure(
                    description: "knob \(knob.name) takes a curve (\(names), or X1,Y1,X2,Y2 with X in 0…1), "
                        + "not \"\(text)\"",
                    reason: "not X1,Y1,X2,Y2 with X in 0…1")
            }
            return .curve(TimingFunction(controlPoints: c1x, c1y, c2x, c2y))
        }
    }

    /// `0…1`, `0.05…2`.
    public static func format(_ range: ClosedRange<Double>) -> String {
        "\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))"
    }

    /// A number without a needless `.0`.
    public static func formatNumber(_ value: Double) -> String {
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// How the value reads in the panel, `knobs` and `--set`.
    public static func text(of value: KnobValue, for knob: Knob) -> String {
        switch value {
        case .number(let number): return formatNumber(number)
        case .choice(let index):
            if case .choice(let names) = knob.kind, names.indices.contains(index) { return names[index] }
            return String(index)
        case .curve(let curve):
            if let named = Knob.namedCurves.first(where: { $0.curve == curve }) { return named.name }
            let points = [
                curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
            ]
            return points.map(formatNumber).joined(separator: ",")
        }
    }
}
