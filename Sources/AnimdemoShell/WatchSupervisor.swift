import Foundation
import Glibc
import Session

/// `--watch` and `animdemo watch DIR` (README § Write your own scene): a process without a
/// window that rebuilds the package on every save of its sources and restarts the window with
/// the new code at the same moment.
///
/// ```
///  save ─▶ swift build --product NAME ─┬─ fails:   the running window shows the first error
///                                       └─ builds:  the window writes its state and holds its
///                                                   last frame; the new build takes the state
///                                                   up (replaying the history to the same
///                                                   scene time), and once its window shows its
///                                                   first frame the old window ends
///  the new build crashes ─▶ the last good build comes back with the state, showing the crash
///  the new build hangs   ─▶ the same, showing where it was stuck
/// ```
/// The window writes its state as it goes (`WatchControl`), so a build that comes back after a
/// crash or a hang starts at the moment the window reached, with every input before it. A
/// window that answers no ping for `hangSeconds` (or does not hand over its state within
/// `handOverSeconds`) is stuck: it gets SIGABRT, which makes Swift's runtime print the stuck
/// thread's backtrace (the place shown is its first frame in the package's own sources), and
/// SIGKILL after `graceSeconds`.
/// The window is a child: the program run with the hidden `--watch-state FILE`, reading the
/// supervisor's requests on its standard input (`WatchControl`). Each build is run from a copy
/// in `.build/watch/N/`, so the next build can replace the product while it runs and the last
/// good one stays at hand.
final class WatchSupervisor {
    let package: URL
    let product: String
    /// The program's options for the window (the scene, the size, …), `--watch` left out.
    let arguments: [String]
    /// `.build/watch`: the copies of the builds and the state file.
    let folder: URL
    var stateFile: URL { folder.appendingPathComponent("state.json") }

    private var child: Process?
    private var childInput: FileHandle?
    /// The window of the build before, holding its last frame on screen until the new build's
    /// window shows its first (`hold`, `end`): a reload never leaves the place empty.
    private var holder: (process: Process, input: FileHandle?, since: Date)?
    /// The build the window runs, and whether it is new (not yet known to run well).
    private var childBinary: String?
    private var childIsNew = false
    /// The last build that ran well: it comes back when a new one crashes.
    private var lastGood: String?
    private var generation = 0
    private let tail = StderrTail()
    /// When the window started, and how many times in a row it could not reach the X server.
    private var childStarted = Date.distantPast
    private var displayRetries = 0
    /// A window that cannot open the display is started again this many times, 0.2 s apart:
    /// on a busy machine the X server has been seen to refuse a connection for a moment.
    static let maxDisplayRetries = 5

    /// A running window that answers no ping for this long is stuck in a frame (seconds). A
    /// window starting up replays its history first, which may take a while: before its first
    /// answer it has `startSeconds`.
    static let hangSeconds = 5.0
    static let startSeconds = 20.0
    /// How long a window has to write its state (`hold`) when a new build is ready (seconds).
    static let handOverSeconds = 5.0
    /// How long a stuck window has to print its backtrace before SIGKILL (seconds).
    static let graceSeconds = 20.0
    /// Pings go this often (seconds).
    static let pingInterval = 1.0

    /// The pings sent to the running window, the last it answered, and since when the oldest
    /// unanswered one waits.
    private var pingsSent = 0
    private var pingsAnswered = 0
    private var lastPing = Date.distantPast
    private var unansweredSince: Date?
    var aliveFile: URL { folder.appendingPathComponent("state.json.alive") }
    /// Written by a window that holds its picture once its state is written (`hold`).
    var heldFile: URL { folder.appendingPathComponent("state.json.held") }
    /// Written by a window once its first whole frame is on screen.
    var shownFile: URL { folder.appendingPathComponent("state.json.shown") }
    /// The longest a window holds its picture for the next one (seconds): a new window that
    /// shows nothing by then (hidden, or slow to start) no longer keeps the old one.
    static let holdSeconds = 20.0

    /// The signal that asked the supervisor to end (0: none).
    nonisolated(unsafe) static var endingSignal: Int32 = 0

    /// The window's pid, for the signal handler to pass a signal on (0: none runs).
    nonisolated(unsafe) static var childPID: pid_t = 0
    /// Whether the window is in the supervisor's process group: then a terminal's Ctrl-C
    /// reaches it already, and passing SIGINT on would make it a second one (which ends a
    /// window at once, without saving a recording).
    nonisolated(unsafe) static var childSharesGroup = false

    /// `debug` or `release`: the configuration the program was built in, which rebuilds keep.
    let configuration: String

    init(package: URL, product: String, arguments: [String], configuration: String = "debug") {
        self.configuration = configuration
        self.package = package
        self.product = product
        self.arguments = arguments
        folder = package.appendingPathComponent(".build/watch")
    }

    /// Runs until the window is closed (or a signal ends it); the program's exit status.
    /// `builtBinary`: a build already made (the program `--watch` was given to), else it builds.
    func run(builtBinary: String?) throws -> Int32 {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: stateFile)
        installSignalHandlers()
        defer { endHolder() }
        let watcher = try SourceWatcher(root: package.appendingPathComponent("Sources"))
        say("watching \(watcher.root.path): every save rebuilds \(product) and reloads the window")
        if let builtBinary {
            try start(copy(of: builtBinary))
        } else {
            rebuild()
        }
        while true {
            let changed = watcher.waitForChanges(timeout: holder == nil ? 0.1 : 0.01)
            // A new build that crashed first brings the last good one back: the window holding
            // the picture waits for that one's first frame.
            if let status = checkChild() { return status }
            endHolderOnceShown()
            if let status = watchForHang() { return status }
            if Self.endingSignal != 0 && child == nil { return 128 + Self.endingSignal }
            if !changed.isEmpty { rebuild() }
        }
    }

    // MARK: - Building

    /// Builds; on success hands the window over to the new build, else shows the first error.
    private func rebuild() {
        let start = Date()
        let (status, output) = Self.run(
            ["swift", "build", "-c", configuration, "--product", product], in: package)
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        guard status == 0 else {
            let problem =
                BuildProblem.firstError(inCompilerOutput: output, packageFolder: package.path)
                ?? BuildProblem(
                    headline: BuildProblem.buildFailedHeadline, location: nil,
                    message: "swift build ended with status \(status)")
            say("build failed (\(seconds) s): \(problem.location.map { $0 + ": " } ?? "")\(problem.message)")
            send(problem)
            return
        }
        say("built in \(seconds) s: reloading")
        do {
            let binary = try copy(
                of: package.appendingPathComponent(".build/\(configuration)/\(product)").path)
            handOver(to: binary)
        } catch {
            say("cannot copy the build: \(error.localizedDescription)")
        }
    }

    /// Asks the window for its state, waits until it is written (the window then holds its last
    /// frame on screen), and starts `binary` with the state; the old window ends once the new one
    /// shows (`endHolderOnceShown`). A window that does not hand over in time is stopped; the
    /// state it wrote as it went is taken up.
    private func handOver(to binary: String) {
        endHolder()  // one held at a time: a reload before the last one showed ends it
        let hadWindow = child?.isRunning == true
        if let child, hadWindow {
            try? FileManager.default.removeItem(at: heldFile)
            write("hold")
            let deadline = Date().addingTimeInterval(Self.handOverSeconds)
            var held = false
            while child.isRunning && !held && Date() < deadline {
                usleep(2000)
                held = FileManager.default.fileExists(atPath: heldFile.path)
            }
            if held {
                lastGood = childBinary  // it ran and handed over its state: a good build
                holder = (child, childInput, Date())
                childInput = nil
            } else if child.isRunning {
                let stuck = stop(stuck: child)
                if Self.endingSignal != 0 { return }
                let what = "it did not hand over its state within \(Self.format(Self.handOverSeconds)) s"
                if bringBackLastGood(afterHangIn: stuck, what: what, insteadOf: binary) != nil { return }
                say(
                    "the window did not hand over its state within \(Self.format(Self.handOverSeconds)) s"
                        + "\(Self.place(stuck).map { " (stuck\($0))" } ?? ""): stopped it; the new build "
                        + "takes up the moment it reached")
            } else if child.terminationReason == .exit && child.terminationStatus == 0 {
                lastGood = childBinary  // it ran and handed over its state: a good build
            }
        }
        self.child = nil
        Self.childPID = 0
        do {
            try start(binary)
            childIsNew = lastGood != nil
        } catch {
            say("cannot start \(binary): \(error.localizedDescription)")
        }
    }

    /// `built` copied to `.build/watch/N/PRODUCT` (the next build overwrites the product; the
    /// copy keeps its name, the program's name in its title and messages).
    private func copy(of built: String) throws -> String {
        generation += 1
        let copyFolder = folder.appendingPathComponent("\(generation)")
        try? FileManager.default.removeItem(at: copyFolder)
        try FileManager.default.createDirectory(at: copyFolder, withIntermediateDirectories: true)
        let copy = copyFolder.appendingPathComponent(product).path
        try FileManager.default.copyItem(atPath: built, toPath: copy)
        // Keep the copies of the last good build, the running one and the newest; older ones go.
        let kept = [copy, lastGood, childBinary].compactMap {
            $0.map { ($0 as NSString).deletingLastPathComponent }
        }
        for old in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where Int(old) != nil {
            let path = folder.appendingPathComponent(old).path
            if !kept.contains(path) { try? FileManager.default.removeItem(atPath: path) }
        }
        return copy
    }

    // MARK: - The window

    private func start(_ binary: String) throws {
        try? FileManager.default.removeItem(at: shownFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + ["--watch-state", stateFile.path]
        // Swift's backtracer names the crashing or stuck frame; plain text, never interactive.
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil {
            environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no"
        }
        process.environment = environment
        try? FileManager.default.removeItem(at: aliveFile)
        pingsSent = 0
        pingsAnswered = 0
        unansweredSince = nil
        lastPing = .distantPast
        let input = Pipe()
        process.standardInput = input
        let errors = Pipe()
        process.standardError = errors
        tail.reset()
        errors.fileHandleForReading.readabilityHandler = { [tail] handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                return
            }
            FileHandle.standardError.write(data)
            tail.append(data)
        }
        try process.run()
        child = process
        childInput = input.fileHandleForWriting
        childBinary = binary
        if Date().timeIntervalSince(childStarted) > 5 { displayRetries = 0 }
        childStarted = Date()
        Self.childPID = process.processIdentifier
        Self.childSharesGroup = getpgid(process.processIdentifier) == getpgrp()
    }

    /// Ends the window holding the picture once the new window's first frame is on screen, or
    /// when there is no new window to wait for (it ended or was stopped, and no build came back
    /// in its place), or after `holdSeconds`. A new build that crashes before its first frame
    /// thus hands the picture from the held window straight to the last good build's.
    private func endHolderOnceShown() {
        guard let holder else { return }
        let shown = FileManager.default.fileExists(atPath: shownFile.path)
        let waiting = child?.isRunning == true && Date().timeIntervalSince(holder.since) < Self.holdSeconds
        if shown || !waiting { endHolder() }
    }

    /// Tells the window holding the picture to end (`end`, then its input closed); it is not
    /// waited for (a recording it saves may take a while).
    private func endHolder() {
        guard let holder else { return }
        self.holder = nil
        if holder.process.isRunning, let input = holder.input {
            try? input.write(contentsOf: Data("end\n".utf8))
        }
        try? holder.input?.close()
    }

    /// The window's exit, if it ended: nil while it runs (or after a crash, when the last good
    /// build came back); else the status the supervisor exits with.
    private func checkChild() -> Int32? {
        guard let child, !child.isRunning else { return nil }
        self.child = nil
        Self.childPID = 0
        let status = child.terminationStatus
        let signalled = child.terminationReason == .uncaughtSignal
        // Ended by the user (closed, q, a signal to the window or to the supervisor) or by the
        // X server going away (1): the supervisor ends with it.
        if signalled && [SIGINT, SIGTERM, SIGHUP, SIGKILL].contains(status) { return 128 + status }
        if !signalled && [0, 1, 128 + SIGINT, 128 + SIGTERM, 128 + SIGHUP].contains(status) { return status }
        usleep(50_000)  // the last of its stderr
        if !signalled && status == 2 && tail.cannotOpenDisplay && displayRetries < Self.maxDisplayRetries,
            let binary = childBinary
        {
            displayRetries += 1
            usleep(200_000)
            say("the window could not open the display: trying again (\(displayRetries))")
            do {
                try start(binary)
                return nil
            } catch {
                say("cannot start \(binary): \(error.localizedDescription)")
                return 1
            }
        }
        // A crash. Read before the next window's start empties the tail.
        let location = tail.frame(inPackage: packageFolders)?.location ?? tail.crashLocation
        let message =
            tail.crashMessage
            ?? (signalled ? "it ended with signal \(status)" : "it ended with status \(status)")
        let place = location.map { " (at \($0))" } ?? ""
        guard childIsNew, let lastGood else {
            say("\(product) crashed: \(message)\(place)")
            return signalled ? 128 + status : status
        }
        say(
            "the new build crashed: \(message)\(place); the last good build comes back at the moment it reached"
        )
        do {
            try start(lastGood)
            childIsNew = false
            send(
                BuildProblem(
                    headline: "new build crashed: back to the last good build",
                    location: location, message: message))
        } catch {
            say("cannot start the last good build: \(error.localizedDescription)")
            return 1
        }
        return nil
    }

    // MARK: - A stuck window

    /// The package's folder as the backtracer may name it (as given, and with links resolved).
    private var packageFolders: [String] {
        Array(Set([package.standardizedFileURL.path, package.resolvingSymlinksInPath().path]))
    }

    /// Pings the running window every `pingInterval`; a window stuck in a frame is stopped and,
    /// when it was a new build, the last good one comes back at the moment it reached. The
    /// supervisor's exit status when a signal asked it to end meanwhile, else nil.
    private func watchForHang() -> Int32? {
        guard let child, child.isRunning else { return nil }
        let now = Date()
        if let text = try? String(contentsOf: aliveFile, encoding: .utf8),
            let answered = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), answered > pingsAnswered
        {
            pingsAnswered = answered
            unansweredSince = answered >= pingsSent ? nil : now
        }
        if now.timeIntervalSince(lastPing) >= Self.pingInterval {
            pingsSent += 1
            lastPing = now
            if unansweredSince == nil { unansweredSince = now }
            write("ping \(pingsSent)")
        }
        let allowance = pingsAnswered == 0 ? Self.startSeconds : Self.hangSeconds
        guard let since = unansweredSince, now.timeIntervalSince(since) > allowance else { return nil }
        let stuck = stop(stuck: child)
        if Self.endingSignal != 0 { return 128 + Self.endingSignal }
        let what = "it finished no frame for \(Self.format(allowance)) s"
        if let started = bringBackLastGood(afterHangIn: stuck, what: what, insteadOf: nil) {
            return started ? nil : 1
        }
        say(
            "the window hung\(Self.place(stuck) ?? ""): stopped it; save a fix and the next good build comes back at the moment it reached"
        )
        return nil
    }

    /// After a stuck window was stopped (by the pings, or at a hand-over it did not make): when
    /// it ran a new build, the last good one comes back at the moment it reached, with the hang
    /// in its panel (`what` went wrong, and where). Either path says the same, so a hang in new
    /// code is met the same way whichever noticed it first. `ready`, a build that was to take
    /// over from the stuck one, is dropped when it is the same program as the stuck one (a build
    /// of the same code, which would hang again); a different one takes over (it may be the
    /// fix). Whether the last good build started; nil when it was not brought back.
    private func bringBackLastGood(
        afterHangIn stuck: (location: String?, function: String?), what: String, insteadOf ready: String?
    ) -> Bool? {
        guard childIsNew, let lastGood, let stuckBinary = childBinary, lastGood != stuckBinary else {
            return nil
        }
        if let ready, !FileManager.default.contentsEqual(atPath: ready, andPath: stuckBinary) { return nil }
        say(
            "the new build hung\(Self.place(stuck) ?? ""): stopped it; the last good build comes back at the moment it reached"
        )
        do {
            try start(lastGood)
            childIsNew = false
            send(
                BuildProblem(
                    headline: "new build hung: back to the last good build", location: stuck.location,
                    message: what + (stuck.function.map { ", stuck in \($0)" } ?? "")))
        } catch {
            say("cannot start the last good build: \(error.localizedDescription)")
            return false
        }
        return true
    }

    /// Stops a window stuck in a frame: SIGABRT (Swift's runtime prints the stuck thread's
    /// backtrace: the main thread's, which Linux gives a process's signal to first), then
    /// SIGKILL once the backtrace is written or `graceSeconds` passed. Its first frame in the
    /// package's sources, when the backtrace names one.
    private func stop(stuck child: Process) -> (location: String?, function: String?) {
        let pid = child.processIdentifier
        tail.reset()
        kill(pid, SIGABRT)
        let deadline = Date().addingTimeInterval(Self.graceSeconds)
        var length = 0
        var steadySince = Date()
        while child.isRunning && Date() < deadline && Self.endingSignal == 0 {
            usleep(20_000)
            let now = tail.length
            if now != length {
                length = now
                steadySince = Date()
            } else if tail.hasBacktrace && Date().timeIntervalSince(steadySince) > 0.5 {
                break  // written, and the process may go on spinning after it
            }
        }
        if child.isRunning { kill(pid, SIGKILL) }
        child.waitUntilExit()
        usleep(50_000)  // the last of its stderr
        self.child = nil
        Self.childPID = 0
        let frame = tail.frame(inPackage: packageFolders)
        return (frame?.location, frame?.function)
    }

    /// ` in FUNCTION (LOCATION)` for a stuck or crashed frame; nil when nothing is known. The
    /// location may have no line: a loop's own instructions often have none in the debug info.
    static func place(_ frame: (location: String?, function: String?)) -> String? {
        switch (frame.function, frame.location) {
        case (let function?, let location?): " in \(function) (\(location))"
        case (let function?, nil): " in \(function)"
        case (nil, let location?): " in \(location)"
        case (nil, nil): nil
        }
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%.1f", seconds)
    }

    private func send(_ problem: BuildProblem) {
        guard let data = try? JSONEncoder().encode(problem) else { return }
        write("problem " + String(decoding: data, as: UTF8.self))
    }

    private func write(_ line: String) {
        guard let childInput, child?.isRunning == true else { return }
        try? childInput.write(contentsOf: Data((line + "\n").utf8))
    }

    private func say(_ line: String) {
        FileHandle.standardError.write(Data("\(product) --watch: \(line)\n".utf8))
    }

    /// SIGINT, SIGTERM and SIGHUP go on to the window (SIGINT only when a terminal's Ctrl-C has
    /// not reached it already), whose end ends the supervisor with the same status; with no
    /// window they end it at once. A window gone leaves a closed pipe, not a SIGPIPE.
    private func installSignalHandlers() {
        signal(SIGPIPE, SIG_IGN)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in
                WatchSupervisor.endingSignal = number
                let pid = WatchSupervisor.childPID
                guard pid > 0 else { _exit(128 + number) }
                if number != SIGINT || !WatchSupervisor.childSharesGroup { kill(pid, number) }
            }
        }
    }

    /// Runs `arguments` (through env) in `folder`; the status and both streams together.
    static func run(_ arguments: [String], in folder: URL) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return (127, "cannot run \(arguments[0]): \(error)") }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// The last lines the window wrote on stderr, for a crash's message.
final class StderrTail: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""

    func reset() { lock.withLock { text = "" } }

    func append(_ data: Data) {
        lock.withLock {
            text += String(decoding: data, as: UTF8.self)
            // Room for a backtrace: its crashed thread comes first, the registers and images after.
            if text.utf8.count > 256_000 { text = String(text.suffix(128_000)) }
        }
    }

    /// How much text the tail holds (grows while the window writes).
    var length: Int { lock.withLock { text.utf8.count } }

    /// Whether Swift's backtracer has written its crashed thread.
    var hasBacktrace: Bool { lock.withLock { text.contains(" crashed:") } }

    /// The first frame of the backtrace's crashed thread in the package's sources (the first of
    /// `packageFolders`' `Sources/`): `Sources/OrbitScene/OrbitScene.swift:57:13` and the
    /// function (`OrbitScene.toggle()`); nil when the backtrace names none.
    func frame(inPackage packageFolders: [String]) -> (location: String, function: String)? {
        let text = lock.withLock { self.text }
        return Self.frame(inBacktrace: text, packageFolders: packageFolders)
    }

    /// The parsing of `frame(inPackage:)`. A frame line of Swift's backtracer is
    /// `  3 [ra] 0x0000561b483bcb48 OrbitScene.toggle() + 823 in Orbit at /PATH/File.swift:14:10`.
    static func frame(inBacktrace text: String, packageFolders: [String]) -> (
        location: String, function: String
    )? {
        let lines = text.split(whereSeparator: \.isNewline)
        guard let start = lines.lastIndex(where: { $0.hasPrefix("Thread ") && $0.hasSuffix(" crashed:") })
        else { return nil }
        let prefixes = packageFolders.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + "Sources/" }
        for line in lines[(start + 1)...] {
            if line.hasPrefix("Thread ") || line.hasPrefix("Registers:") { break }
            guard let at = line.range(of: " at /", options: .backwards),
                let address = line.range(of: " 0x")
            else { continue }
            let place = String(line[line.index(before: at.upperBound)...])  // from the `/`
            guard let prefix = prefixes.first(where: { place.hasPrefix($0) }) else { continue }
            let location = "Sources/" + place.dropFirst(prefix.count)
            // After the address: `FUNCTION + OFFSET in IMAGE at …`.
            let afterAddress = line[address.upperBound...].drop { !$0.isWhitespace }.dropFirst()
            let function = afterAddress.range(of: " + ").map { String(afterAddress[..<$0.lowerBound]) }
            return (location, function ?? String(afterAddress.prefix { $0 != " " }))
        }
        return nil
    }

    /// The words Swift's runtime starts a trap's line with, after `File.swift:LINE: `.
    static let trapWords = [
        "Fatal error", "Precondition failed", "Assertion failed", "Unexpectedly found nil",
    ]

    /// The runtime's last trap line (`OrbitScene/OrbitScene.swift:47: Precondition failed: boom`),
    /// split at the words: the place before them, nil if none is named, and the message.
    private var trap: (location: String?, message: String)? {
        lock.withLock {
            for line in text.split(whereSeparator: \.isNewline).reversed() {
                for word in Self.trapWords {
                    guard let range = line.range(of: word) else { continue }
                    let before = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
                    let location = before.hasSuffix(":") ? String(before.dropLast()) : nil
                    return (location.flatMap { $0.isEmpty ? nil : $0 }, String(line[range.lowerBound...]))
                }
            }
            return nil
        }
    }

    /// Whether the window said it cannot open the X display (`WindowError.cannotOpenDisplay`).
    var cannotOpenDisplay: Bool { lock.withLock { text.contains("cannot open X display") } }

    /// The trap's message (`Precondition failed: boom`), nil if the window wrote none.
    var crashMessage: String? { trap?.message }

    /// Where it trapped (`OrbitScene/OrbitScene.swift:47`), when the line names it.
    var crashLocation: String? { trap?.location }
}
