import ArgumentParser
import Foundation
import Session

/// Reads `--events` and `--events-file` into one `EventScript` (README § Command line): the
/// text of `--events`, then the file's lines. `render` and `record` share it.
enum EventScriptLoader {
    /// The script; a file that cannot be read or a line that does not parse is bad input.
    static func load(events: String?, file: String?, fps: Int) throws -> EventScript {
        var text = events ?? ""
        if let file {
            guard let contents = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw ValidationError("cannot read the events file \(file)")
            }
            text += (text.isEmpty ? "" : "\n") + contents
        }
        do {
            return try EventScript(parsing: text, fps: fps)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
