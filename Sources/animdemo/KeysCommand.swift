import ArgumentParser
import Scenes
import Session

/// `animdemo keys [--markdown]` (hidden): the shell's keys from `KeyTable`, the table the help
/// overlay shows; `--markdown` prints README § Keys (a test checks that the README has it).
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Print the window's keys.", shouldDisplay: false)

    @Flag(help: "Print a Markdown table (README § Keys).")
    var markdown = false

    func run() throws {
        let keys = KeyTable.shellKeys(sceneCount: SceneCatalog.all.count)
        if markdown {
            print(KeyTable.markdown(keys), terminator: "")
            return
        }
        print(AlignedColumns.format(keys.map { [$0.key, $0.action] }), terminator: "")
    }
}
