import Foundation
import Glibc
import Session

/// A window run by `--watch`'s supervisor (README § Write your own scene): it reads the
/// supervisor's requests, one a line, on its standard input, which the event loop polls beside
/// the X connection:
/// ```
/// save              write the state (WatchState, JSON) to `statePath` and end (status 0)
/// problem {JSON}    show a BuildProblem in the build panel (the build failed)
/// clear             close the build panel
/// ```
/// When the pipe closes (the supervisor went away) the window ends too, leaving no orphan.
public struct WatchChild: Sendable {
    /// Where `save` writes the state.
    public var statePath: String
    /// The state to take up at the start (the previous build's), nil for a fresh start.
    public var resume: WatchState?

    public init(statePath: String, resume: WatchState?) {
        self.statePath = statePath
        self.resume = resume
    }
}

/// The reading end of the supervisor's requests: standard input, made non-blocking.
final class WatchControl {
    enum Request: Equatable {
        case save
        case problem(BuildProblem?)
        /// The supervisor closed the pipe.
        case ended
    }

    let fileDescriptor: Int32 = STDIN_FILENO
    let child: WatchChild
    private var pending: [UInt8] = []

    init(_ child: WatchChild) {
        self.child = child
        _ = fcntl(fileDescriptor, F_SETFL, fcntl(fileDescriptor, F_GETFL) | O_NONBLOCK)
    }

    /// The requests that arrived, without blocking.
    func requests() -> [Request] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var requests: [Request] = []
        var hasEnded = false
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            if count == 0 {
                hasEnded = true
                break
            }
            guard count > 0 else { break }
            pending += buffer[0..<count]
        }
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            if line == "save" {
                requests.append(.save)
            } else if line == "clear" {
                requests.append(.problem(nil))
            } else if line.hasPrefix("problem "),
                let problem = try? JSONDecoder().decode(BuildProblem.self, from: Data(line.dropFirst(8).utf8))
            {
                requests.append(.problem(problem))
            }
        }
        if hasEnded { requests.append(.ended) }  // the pipe's end after its last lines
        return requests
    }

    /// Writes `state` to the state file (whole or not at all).
    func write(_ state: WatchState) throws {
        try state.encoded().write(to: URL(fileURLWithPath: child.statePath), options: .atomic)
    }
}
