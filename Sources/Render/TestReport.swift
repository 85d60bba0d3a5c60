import Foundation

/// With `ANIMDEMO_TEST_REPORT=1` in its environment the program reports its state for tests,
/// one line at a time on stderr, each starting with `test-report ` (docs/CONTRIBUTING.md
/// § Test): a test then waits for the state it expects instead of sleeping. Without the
/// variable nothing is written, so users never see these lines.
///
/// The lines now:
/// - `test-report ready`: the signal handlers are installed (`render`, `record`, the window);
///   a SIGINT, SIGTERM or SIGHUP from then on ends the run with 128 + N.
/// - `test-report idle frame N events E`: the window waits for input with nothing to animate
///   (no frame is due), after frame N, having read E input events so far (key presses,
///   left-button presses and releases, wheel notches). Printed once each time it goes idle.
/// - `test-report whole frame N`, `reshape pending frame N NAME=VALUE …`, `reshaped frame M`:
///   the window's other lines (docs/CONTRIBUTING.md § Test lists them all).
public enum TestReport {
    /// The environment variable that turns the report on (`1`).
    public static let variable = "ANIMDEMO_TEST_REPORT"
    /// What every report line starts with.
    public static let prefix = "test-report "

    /// Whether the program reports (read once).
    public static let isOn: Bool = getenv(variable).map { String(cString: $0) == "1" } ?? false

    /// Writes `prefix + line` and a newline to stderr, unbuffered, when the report is on.
    public static func line(_ line: @autoclosure () -> String) {
        guard isOn else { return }
        var bytes = Array((prefix + line() + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
