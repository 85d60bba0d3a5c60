import Foundation
import Render
import Session

/// Reads `--events` and `--events-file` into one `EventScript`, refusing a file over the
/// script's size limit before reading it (README § Command line).
enum EventScriptLoader {
    /// U+FEFF in UTF-8.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The script of `events` then the file's lines; errors end the program with status 2.
    static func load(events: String?, file: String?, fps: Int) throws -> EventScript {
        var bytes = Array((events ?? "").utf8)
        if let file {
            var contents = try contents(of: file)
            // Editors on some systems start a UTF-8 file with a byte-order mark; it is no event.
            if contents.starts(with: byteOrderMark) { contents.removeFirst(byteOrderMark.count) }
            if bytes.isEmpty {
                bytes = contents
            } else {
                bytes.append(UInt8(ascii: "\n"))
                bytes += contents
            }
        }
        do {
            return try EventScript(parsingUTF8: bytes, fps: fps)
        } catch {
            throw ExitWithMessage(message: error.description, status: 2)
        }
    }

    /// The file's bytes, at most `EventScript.maxByteCount` of them.
    private static func contents(of path: String) throws -> [UInt8] {
        do {
            return try BoundedFile.read(path, limit: EventScript.maxByteCount)
        } catch .tooLarge(let size) {
            throw tooLong(path, size)
        } catch {
            throw ExitWithMessage(message: "cannot read the events file \(path): \(error.reason)", status: 2)
        }
    }

    private static func tooLong(_ path: String, _ size: Int?) -> ExitWithMessage {
        let size = size.map { "is \($0) bytes" } ?? "is longer than that"
        return ExitWithMessage(
            message: "the events file \(path) \(size); an events script may have at most "
                + "\(EventScript.maxByteCount) bytes (64 MiB)",
            status: 2)
    }
}
