import Animation
import Foundation
import Glibc
import Session

/// A window run by `--watch`'s supervisor (README § Write your own scene): it reads the
/// supervisor's requests, one a line, on its standard input, which the event loop polls beside
/// the X connection:
/// ```
/// save              write the state (WatchState, JSON) to `statePath` and end (status 0)
/// hold              write the state, then `statePath.held`, and keep the last frame on screen
///                   (no more frames, input dropped) until `end`: the new build's window
///                   takes over the picture
/// end               end now, writing nothing
/// problem {JSON}    show a BuildProblem in the build panel (the build failed)
/// clear             close the build panel
/// ping N            write N to `statePath.alive` (the supervisor's watchdog: a window that
///                   answers no ping for a while is stuck in a frame)
/// ```
/// When the pipe closes (the supervisor went away) the window ends too, leaving no orphan.
///
/// A window that took up a state writes `statePath.shown` once its first whole frame is on
/// screen (presented after the server exposed the window, and the server has it): then the
/// supervisor ends the window that held the picture, so that a reload never shows an empty
/// place (docs/ARCHITECTURE.md § Live reload).
///
/// The window also writes its state to `statePath` as it goes (`noteFrame`): at once after a
/// frame with input, a resize or a knob turned, else at most every quarter second. A window
/// that hangs or crashes thus leaves the moment it reached and every input before it, for the
/// build that comes back.
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
        case hold
        case end
        case problem(BuildProblem?)
        case ping(Int)
        /// The supervisor closed the pipe.
        case ended
    }

    let fileDescriptor: Int32 = STDIN_FILENO
    let child: WatchChild
    private var pending: [UInt8] = []
    /// Where the window is, as last asked (on a ping): the state written as it goes keeps it.
    private(set) var geometry: WindowGeometry?
    /// What the last state written as it goes showed, and when it was written.
    private var written: Written?
    private var writtenAt: Int64 = 0

    /// The parts of a session that a state written as it goes follows.
    private struct Written: Equatable {
        var frames: Int
        var lastTime: MediaTime?
        var scene: String
        var isPaused: Bool
        var rate: Double
    }

    /// A quiet frame's state is written at most this often (nanoseconds).
    static let quietInterval: Int64 = 250_000_000

    /// The file that answers pings: the state file's name and `.alive`.
    var alivePath: String { child.statePath + ".alive" }
    /// Written after `hold`'s state: the state file is the held moment.
    var heldPath: String { child.statePath + ".held" }
    /// Written once the window's first whole frame is on screen.
    var shownPath: String { child.statePath + ".shown" }
    /// Whether `shownPath` was written.
    private(set) var hasReportedShown = false

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
            } else if line == "hold" {
                requests.append(.hold)
            } else if line == "end" {
                requests.append(.end)
            } else if line.hasPrefix("ping "), let number = Int(line.dropFirst(5)) {
                requests.append(.ping(number))
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

    /// Writes the state for `hold`, then the file that says it is written.
    func hold(_ state: WatchState) throws {
        try write(state)
        try Data("held\n".utf8).write(to: URL(fileURLWithPath: heldPath), options: .atomic)
    }

    /// Says (once) that the window's first whole frame is on screen. (The supervisor removes
    /// the file before it starts a window.)
    func noteShown() {
        guard !hasReportedShown else { return }
        hasReportedShown = true
        try? Data("shown\n".utf8).write(to: URL(fileURLWithPath: shownPath), options: .atomic)
    }

    /// Answers ping `number`: the window's loop is turning.
    func answer(ping number: Int) {
        try? Data("\(number)\n".utf8).write(to: URL(fileURLWithPath: alivePath), options: .atomic)
    }

    /// A ping's answer to where the window is. A state written before the window knew it (a
    /// new build's first frames, before the first ping) is written again with it at once: a
    /// paused window runs no frame that would.
    func note(geometry new: WindowGeometry?, of session: SceneSession) {
        guard new != geometry else { return }
        geometry = new
        guard written != nil else { return }
        try? write(session.watchState(window: new))
    }

    /// After each frame (`now`: host time, nanoseconds): writes the session's state when it
    /// changed, at once for a frame with input, a resize, a knob or a new scene, else when a
    /// quarter second has passed since the last write. A failed write is tried again next frame.
    func noteFrame(_ session: SceneSession, now: Int64) {
        let frames = session.history.frames
        let last = frames.last
        let current = Written(
            frames: frames.count, lastTime: last?.time, scene: session.sceneName, isPaused: session.isPaused,
            rate: session.playbackRate)
        guard current != written else { return }
        let hasInput = last.map { !$0.input.isEmpty || $0.size != nil || !$0.knobs.isEmpty } ?? false
        // Only more quiet frames of the same scene, clock and rate since the last write.
        let onlyTimePassed =
            written.map {
                $0.frames < current.frames && $0.scene == current.scene && $0.isPaused == current.isPaused
                    && $0.rate == current.rate
            } ?? false
        if !hasInput && onlyTimePassed && now - writtenAt < Self.quietInterval { return }
        do {
            try write(session.watchState(window: geometry))
            written = current
            writtenAt = now
        } catch {
            written = nil  // the next frame tries again
        }
    }
}
