import Glibc

/// Lines on stdout and stderr, written straight to the file descriptors: unbuffered, so a
/// test or script reading `saved PATH` sees it at once, and usable from Xlib's error callbacks.
enum Console {
    /// The program's name at the start of error lines (a package's own, `AnimdemoShell.main`).
    nonisolated(unsafe) static var programName = "animdemo"

    /// Writes `line` and a newline to stdout.
    static func output(_ line: String) { write(line + "\n", to: STDOUT_FILENO) }

    /// Writes the program's name, `: `, `line` and a newline to stderr.
    static func error(_ line: String) { write("\(programName): \(line)\n", to: STDERR_FILENO) }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
