import Animation
import Scenes

/// A bar end of the inspector's selected row, held by the pointer: its right end sets the
/// duration, its left end the delay, each through the knob that sets it (the finish line's
/// `finishLineDuration`, the checkmark's delays), to hundredths of a second.
struct BarDrag: Equatable {
    enum End: Equatable {
        case duration
        case delay
    }

    /// Why a bar end cannot be dragged: one line for the toast.
    struct Problem: Error {
        var text: String
    }

    var row: String
    var end: End
    /// The knob turned, and its range.
    var knob: String
    var range: ClosedRange<Double>
    /// The time the value counts from: the row's begin (duration) or when it was added (delay).
    var origin: MediaTime
    /// The value set now, seconds.
    var value: Double

    /// The value with the end at scene time `time`: from `origin`, to hundredths, in the range.
    func value(at time: MediaTime) -> Double {
        let seconds = ((time - origin) * 100).rounded() / 100
        return min(max(seconds, range.lowerBound), range.upperBound)
    }

    /// What the inspector's last line says while it is dragged.
    var text: String {
        let what =
            "\(row): \(end == .duration ? "duration" : "delay") \(KnobAssignment.formatNumber(value)) s"
        if let edit = KnobSettings.lineEdit(named: knob) {
            return what + " (every animation added at \(edit.site))"
        }
        return what + " (knob \(knob))"
    }

    /// The drag of `end` of `row`'s bar, or why not: the one knob in seconds whose value is
    /// the row's duration (or delay) sets it; no such knob, or several, and it is not edited.
    static func start(row: InspectorRow, end: End, knobs: KnobSettings) -> Result<BarDrag, Problem> {
        let delay = max(row.begin - row.addedAt, 0)
        let value = end == .duration ? row.duration : delay
        let what = end == .duration ? "duration" : "delay"
        if row.isCopy {  // its knobs are fixed from its start
            return .failure(
                Problem(text: "\(row.label): the compared copy's knobs are fixed; drag the other half's row"))
        }
        let owners = knobs.knobs.filter { knob in
            guard knob.unit == "s", knob.kind.range != nil,
                case .number(let now)? = knobs.value(of: knob.name)
            else { return false }
            return abs(now - value) <= 1e-9 * max(abs(value), 1)
        }
        // No knob sets it: the line that added the animation is edited (docs/COMMAND-LINE.md
        // § Curve edits), as is one edited already.
        if let site = row.location, (row.object as? LayerAnimation)?.isSpring == false {
            let name = KnobSettings.lineEditName(end == .duration ? .duration : .delay, for: site)
            if owners.isEmpty || knobs.lineEdits[name] != nil {
                return .success(
                    BarDrag(
                        row: row.label, end: end, knob: name, range: KnobSettings.lineEditRange,
                        origin: end == .duration ? row.begin : row.addedAt, value: value))
            }
        }
        guard owners.count == 1, let owner = owners.first, let range = owner.kind.range else {
            return .failure(
                Problem(
                    text: owners.isEmpty
                        ? "\(row.label): no knob sets its \(what) (\(KnobAssignment.formatNumber(value)) s)"
                        : "\(row.label): \(owners.map(\.name).joined(separator: ", ")) all give its \(what)"))
        }
        return .success(
            BarDrag(
                row: row.label, end: end, knob: owner.name, range: range,
                origin: end == .duration ? row.begin : row.addedAt, value: value))
    }
}

extension Knob.Kind {
    /// A number knob's range, nil for other kinds.
    fileprivate var range: ClosedRange<Double>? {
        if case .number(let range, _) = self { return range }
        return nil
    }
}
