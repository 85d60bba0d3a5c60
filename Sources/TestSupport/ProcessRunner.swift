import Foundation
import Render

/// A program started by a test: its stdout and stderr go to files (read at any time, no pipe
/// to fill up), it is waited for with deadlines, and it is ended by its own pid only.
///
/// Started with `posix_spawn`, not Foundation's `Process`: the test runner's threads block
/// most signals, a blocked mask is inherited across exec, and a program that cannot receive
/// SIGTERM cannot be tested (or stopped) with it. The child gets an empty mask and default
/// handlers, as from a shell.
public final class ChildProcess {
    public let pid: Int32
    /// What the program was (for messages).
    public let commandLine: String
    private let outputDirectory: URL
    private let stdoutURL: URL
    private let stderrURL: URL
    private var ending: Ending?
    /// The test's end of the program's standard input when it was started with `input: true`
    /// (-1 otherwise, or once closed).
    private var inputDescriptor: Int32 = -1

    /// Starts `executable` with `arguments`; `environment` overrides the test's own variables
    /// and `removing` deletes some (`["DISPLAY"]`). Its standard input is /dev/null, or with
    /// `input` a pipe the test writes to (`write(_:)`) and closes (`closeInput()`).
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        removing: [String] = [], input: Bool = false
    ) throws {
        outputDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
        stdoutURL = outputDirectory.appendingPathComponent("stdout")
        stderrURL = outputDirectory.appendingPathComponent("stderr")
        commandLine = ([executable] + arguments).joined(separator: " ")
        var variables = ProcessInfo.processInfo.environment
        for name in removing { variables[name] = nil }
        for (name, value) in environment { variables[name] = value }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if input {
            // A socket pair rather than a pipe: a write after the program ended fails
            // (MSG_NOSIGNAL) instead of raising SIGPIPE in the test process.
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, type, 0, &pipeEnds) == 0 else {
                throw CocoaError(
                    .executableLoad,
                    userInfo: [NSLocalizedDescriptionKey: "cannot make a socket pair: \(errno)"])
            }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)  // dup2 clears close-on-exec
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        defer { if pipeEnds[0] >= 0 { close(pipeEnds[0]) } }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
            throw CocoaError(
                .executableLoad,
                userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): \(status)"])
        }
        pid = child
        inputDescriptor = pipeEnds[1]
    }

    deinit {
        closeInput()
        stop()
        try? FileManager.default.removeItem(at: outputDirectory)
    }

    /// Everything written to stdout so far.
    public var output: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    /// Everything written to stderr so far but the report for tests (`TestReport`'s lines,
    /// with `ANIMDEMO_TEST_REPORT=1`): what a user would see.
    public var errorOutput: String {
        rawErrorOutput.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix(TestReport.prefix) }.joined(separator: "\n")
    }
    /// Everything written to stderr so far, the report's lines included.
    public var rawErrorOutput: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
    /// The report's lines so far (`ready`, `idle frame N presses P`), without their prefix.
    public var reportLines: [String] {
        rawErrorOutput.split(separator: "\n").filter { $0.hasPrefix(TestReport.prefix) }.map {
            String($0.dropFirst(TestReport.prefix.count))
        }
    }

    /// Writes `text` to the program's standard input (started with `input: true`); false if it
    /// could not (no pipe, or the program closed it).
    @discardableResult
    public func write(_ text: String) -> Bool {
        guard inputDescriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes {
                Glibc.send(inputDescriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }

    /// Closes the program's standard input (it reads its end).
    public func closeInput() {
        guard inputDescriptor >= 0 else { return }
        close(inputDescriptor)
        inputDescriptor = -1
    }

    /// Waits up to `timeout` s for the `ready` report line (the program's signal handlers are
    /// installed); false if it did not come, or the program ended first.
    public func waitUntilReady(timeout: Double) -> Bool {
        pollUntil(timeout: timeout, interval: 0.01) { () -> Bool? in
            if reportLines.contains("ready") { return true }
            return isRunning ? nil : false
        } == true
    }

    /// Whether it has not ended yet (it is reaped as soon as it has).
    public var isRunning: Bool { reap() == nil }

    /// How it ended, once it has: the exit status, or the signal that killed it.
    public enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case killed(signal: Int32)

        public var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .killed(let signal): return "killed by signal \(signal)"
            }
        }
    }

    /// Waits up to `timeout` seconds for the program to end; nil if it is still running.
    @discardableResult
    public func waitForExit(timeout: Double) -> Ending? {
        pollUntil(timeout: timeout, interval: 0.01) { reap() }
    }

    /// Sends `signal` to this process (and no other; never to a reaped pid).
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Kills the program if it still runs (SIGKILL, by pid) and reaps it.
    public func stop() {
        guard isRunning else { return }
        kill(pid, SIGKILL)
        _ = waitForExit(timeout: 10)
    }

    /// The ending, collecting it without blocking if the process has just ended.
    private func reap() -> Ending? {
        if let ending { return ending }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros that Swift does not import.
        let signal = status & 0x7F
        ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .killed(signal: signal)
        return ending
    }

    /// CPU time used so far (user + system), in clock ticks, from `/proc/PID/stat`; nil once gone.
    public var cpuTicks: Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after "(comm)": state is field 3, utime 14, stime 15 (proc(5)).
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}

/// Runs short commands (xdotool, xprop) to completion.
public enum ProcessRunner {
    /// The outcome of one command.
    public struct Result {
        public var status: Int32
        public var output: String
        public var errorOutput: String
    }

    /// Runs `executable` with `arguments`; kills it after `timeout` seconds (status -1 then).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        removing: [String] = [],
        timeout: Double = 10
    ) throws -> Result {
        let child = try ChildProcess(executable, arguments, environment: environment, removing: removing)
        let ending = child.waitForExit(timeout: timeout)
        let output = child.output
        let errorOutput = child.errorOutput
        guard case .exited(let status) = ending else {
            child.stop()
            return Result(
                status: -1, output: output, errorOutput: errorOutput + "\n(\(child.commandLine): timed out)")
        }
        return Result(status: status, output: output, errorOutput: errorOutput)
    }

    /// The full path of `name` on `PATH`, nil if it is not installed.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A tool a test needs is not installed; the message names the Debian package.
public struct MissingTool: Error, CustomStringConvertible {
    public var tool: String
    public var package: String

    public init(tool: String, package: String) {
        self.tool = tool
        self.package = package
    }

    public var description: String { "\(tool) is not installed: apt-get install \(package)" }

    /// The path of `tool`, or this error.
    public static func require(_ tool: String, package: String) throws -> String {
        guard let path = ProcessRunner.which(tool) else { throw MissingTool(tool: tool, package: package) }
        return path
    }
}

/// Calls `check` every `interval` seconds until it returns a value or `timeout` seconds pass:
/// waiting for a file, a window or an exit with a deadline instead of a fixed sleep.
public func pollUntil<T>(timeout: Double, interval: Double = 0.02, _ check: () throws -> T?) rethrows -> T? {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if let value = try check() { return value }
        if Date() >= deadline { return nil }
        Thread.sleep(forTimeInterval: interval)
    }
}
