import ArgumentParser
import Session

/// `animdemo keys [--markdown]` (hidden): the shell's keys from `KeyTable`, the table the help
/// overlay shows, then each panel's own keys in a section of its own; `--markdown` prints the
/// shell's table as README § Keys has it (a test checks that the README has it).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Print the window's keys.", shouldDisplay: false)

    @Flag(help: "Print a Markdown table (README § Keys).")
    var markdown = false

    func run() throws {
        if markdown {
            print(Self.markdown(KeyTable.shellKeys), terminator: "")
            return
        }
        print(AlignedColumns.format(KeyTable.shellKeys.map { [$0.key, $0.action] }), terminator: "")
        for section in KeyTable.panelKeys {
            print("\nin the \(section.panel) panel:")
            let rows = AlignedColumns.format(section.keys.map { [$0.key, $0.action] })
            print(rows.split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
        }
    }

    /// `keys` as a Markdown table, `| key | action |`, each key in backticks: README § Keys.
    static func markdown(_ keys: [(key: String, action: String)]) -> String {
        var lines = ["| key | action |", "|---|---|"]
        for binding in keys {
            // A `|` is escaped in a cell, in backticks too (GitHub's tables): `\|`.
            let key = binding.key.split(separator: ", ").map { "`\($0 == "|" ? "\\|" : $0)`" }
                .joined(separator: ", ")
            let action = binding.action.split(separator: "|", omittingEmptySubsequences: false)
                .joined(separator: "\\|")
            lines.append("| \(key) | \(action) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
