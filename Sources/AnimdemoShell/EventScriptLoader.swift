import Foundation
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
        let limit = EventScript.maxByteCount
        func failure(_ reason: String) -> ExitWithMessage {
            ExitWithMessage(message: "cannot read the events file \(path): \(reason)", status: 2)
        }
        // Opened without waiting: a FIFO with no writer would block before anything is drawn.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(String(cString: strerror(errno))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure("it is a folder")
        default: throw failure("it is not a regular file")
        }
        if Int(status.st_size) > limit { throw tooLong(path, Int(status.st_size)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw failure(String(cString: strerror(errno))) }
            if got == 0 { break }
            bytes += chunk.prefix(got)
        }
        if bytes.count > limit { throw tooLong(path, nil) }
        return bytes
    }

    private static func tooLong(_ path: String, _ size: Int?) -> ExitWithMessage {
        let size = size.map { "is \($0) bytes" } ?? "is longer than that"
        return ExitWithMessage(
            message: "the events file \(path) \(size); an events script may have at most "
                + "\(EventScript.maxByteCount) bytes (64 MiB)",
            status: 2)
    }
}
