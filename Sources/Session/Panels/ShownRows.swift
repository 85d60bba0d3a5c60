/// The rows and groups the inspector lists: the running scene's log alone, or while two
/// settings are compared, both halves' logs, A's groups then B's, each row and group named
/// with its half's letter (`A b1.strokeEnd`, `B tap at 1.2 s`), so that a name stays unique
/// across the halves and a row is selected, collapsed and saved by it
/// (docs/COMMAND-LINE.md § Compare).
struct ShownRows {
    var rows: [InspectorRow]
    var groups: [RowGroup]

    /// The log's rows and groups as they are.
    init(_ log: AnimationLog) {
        rows = log.rows
        groups = log.groups
    }

    /// Both halves', A's first: each row's group numbered after the groups before its half's.
    init(halves: [(letter: String, log: AnimationLog, isCopy: Bool)]) {
        rows = []
        groups = []
        for half in halves {
            let offset = groups.count
            groups += half.log.groups.map { group in
                var group = group
                group.label = Self.name(group.label, in: half.letter)
                return group
            }
            rows += half.log.rows.map { row in
                var row = row
                row.label = Self.name(row.label, in: half.letter)
                row.group += offset
                row.half = half.letter
                row.isCopy = half.isCopy
                return row
            }
        }
    }

    /// `label` as the inspector names it in half `letter`.
    static func name(_ label: String, in letter: String) -> String { "\(letter) \(label)" }

    /// `name` without the half's letter that `name(_:in:)` put before it (as it is otherwise).
    static func unnamed(_ name: String) -> String {
        for letter in ["A ", "B "] where name.hasPrefix(letter) { return String(name.dropFirst(2)) }
        return name
    }
}
