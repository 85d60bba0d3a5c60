import Foundation
import Render
import TestSupport

/// Where the built program is.
enum Animdemo {
    /// `$ANIMDEMO_BIN`, else `animdemo` beside the test runner (`swift build` puts both in
    /// `.build/<triple>/debug/`), else `.build/debug/animdemo` under the package root.
    static func executable() throws -> String {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["ANIMDEMO_BIN"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("animdemo"))
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/animdemo"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else {
            throw WindowTestError(
                "animdemo is not built (looked at \(candidates.map(\.path))): run `swift build`")
        }
        return found.path
    }
}

/// A test failure with a message.
struct WindowTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `animdemo --scene <TestScene>` in a window on a private Xvfb, driven with xdotool.
///
/// Everything it starts (the server, the program) is stopped by pid in `stop()` and `deinit`.
final class RunningWindow {
    let server: Xvfb
    let program: ChildProcess
    /// The window's id, as xdotool prints it.
    let window: String
    let screenshotDirectory: URL
    private let xdotoolPath: String
    private let ownsScreenshotDirectory: Bool

    /// Starts the server and the program and waits (up to 15 s) until its window is on screen.
    /// - `environment`: over the test's own; `GDK_SCALE` is empty unless given, so that the
    ///   desktop the tests run on does not scale the window.
    /// - `screenshotDirectory`: `--screenshot-dir`; a fresh temporary folder when nil.
    /// - `overTCP`: the program reaches the server at `127.0.0.1:N`, as a remote display.
    /// - `resources`: the server's resource database (`Xft.dpi: 192`), set before the program
    ///   starts, as a desktop's `xrdb` does.
    /// - `executable`: the program to run; `Animdemo.executable()` when nil.
    init(
        scene: String = TestScene.name, width: Int = TestScene.width, height: Int = TestScene.height,
        arguments: [String] = [], environment: [String: String] = [:], screenshotDirectory: String? = nil,
        overTCP: Bool = false, resources: String? = nil, executable: String? = nil
    ) throws {
        xdotoolPath = try MissingTool.require("xdotool", package: "xdotool")
        let executable = try executable ?? Animdemo.executable()
        if let screenshotDirectory {
            self.screenshotDirectory = URL(fileURLWithPath: screenshotDirectory)
            ownsScreenshotDirectory = false
        } else {
            self.screenshotDirectory = FileManager.default.temporaryDirectory
                .appendingPathComponent("animdemo-shots-\(UUID().uuidString)")
            try FileManager.default.createDirectory(
                at: self.screenshotDirectory, withIntermediateDirectories: true)
            ownsScreenshotDirectory = true
        }
        server = try Xvfb(listensOnTCP: overTCP)
        if let resources {
            let xprop = try MissingTool.require("xprop", package: "x11-utils")
            let result = try ProcessRunner.run(
                xprop, ["-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER", resources],
                environment: server.environment)
            guard result.status == 0 else {
                server.stop()
                throw WindowTestError("xprop could not set the resources: \(result.errorOutput)")
            }
        }
        var programEnvironment = server.environment
        programEnvironment["GDK_SCALE"] = ""
        // The scene's hint on open would cover the scene in the pictures compared with
        // `render`'s (which leaves it out); tests of the hint give ANIMDEMO_NO_HINT="".
        programEnvironment["ANIMDEMO_NO_HINT"] = "1"
        // The program reports when it is ready and when it goes idle (`TestReport`): the tests
        // wait for those states instead of sleeping.
        programEnvironment[TestReport.variable] = "1"
        if overTCP, let tcpDisplay = server.tcpDisplay { programEnvironment["DISPLAY"] = tcpDisplay }
        program = try ChildProcess(
            executable,
            [
                "--scene", scene, "--size", "\(width)x\(height)",
                "--screenshot-dir", self.screenshotDirectory.path,
            ] + arguments,
            environment: programEnvironment.merging(environment) { $1 })
        let found = pollUntil(timeout: 15, interval: 0.05) { [server, program, xdotoolPath] () -> String? in
            guard program.isRunning else { return "" }
            let search = try? ProcessRunner.run(
                xdotoolPath, ["search", "--onlyvisible", "--pid", "\(program.pid)"],
                environment: server.environment)
            return search?.output.split(separator: "\n").first.map(String.init)
        }
        guard let found, !found.isEmpty else {
            let reason =
                program.isRunning ? "no window appeared within 15 s" : "it ended: \(program.errorOutput)"
            program.stop()
            server.stop()
            throw WindowTestError("animdemo \(arguments) on \(server.display): \(reason)")
        }
        window = found
        guard program.waitUntilReady(timeout: 15) else {
            program.stop()
            server.stop()
            throw WindowTestError("animdemo \(arguments): no `ready` line: \(program.rawErrorOutput)")
        }
        // No window manager runs, so the focus is PointerRoot: keys go to the window under the pointer.
        try xdotool("mousemove", "--window", window, "5", "5")
    }

    deinit { stop() }

    /// Ends the program (if it still runs) and the server, by their pids.
    func stop() {
        program.stop()
        server.stop()
        if ownsScreenshotDirectory { try? FileManager.default.removeItem(at: screenshotDirectory) }
    }

    /// Runs xdotool against the server; throws with its stderr if it fails. The input events
    /// it sends are counted (`inputEvents`).
    @discardableResult
    func xdotool(_ arguments: String...) throws -> String { try xdotool(arguments) }

    /// The same, with the arguments as an array (a drag's steps made in a loop).
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        inputEvents += Self.inputEvents(in: arguments)
        return try server.xdotool(arguments)
    }

    /// The input events sent so far, as the program counts them in its `idle` report line:
    /// key presses, left-button presses and releases, wheel notches.
    private(set) var inputEvents = 0

    /// Takes back `count` events sent that the window will never read (a release that goes
    /// to the root window while ours is unmapped).
    func noteLost(events count: Int) { inputEvents -= count }

    /// The input events in one xdotool command chain: each key name after `key` or `keydown`
    /// (each key of a combination), a `click` of button 1 two (press and release), of 4 or 5
    /// (a wheel notch) one, a `mousedown` or `mouseup` of button 1 one.
    static func inputEvents(in arguments: [String]) -> Int {
        let commands: Set = [
            "mousemove", "mousedown", "mouseup", "click", "key", "keydown", "keyup", "windowsize",
            "windowmap",
            "windowunmap", "windowmove", "windowclose", "getwindowname", "getwindowgeometry", "getwindowpid",
            "search", "sleep",
        ]
        let optionsWithValues: Set = ["--window", "--delay", "--repeat", "--repeat-delay"]
        var count = 0
        var command = ""
        var skipsValue = false
        for argument in arguments {
            if skipsValue {
                skipsValue = false
            } else if commands.contains(argument) {
                command = argument
            } else if optionsWithValues.contains(argument) {
                skipsValue = true
            } else if argument.hasPrefix("-") {
                continue
            } else if command == "key" || command == "keydown" {
                count += argument.split(separator: "+").count  // shift+Tab: two KeyPress events
            } else if ["click", "mousedown", "mouseup"].contains(command) {
                switch (command, argument) {
                case ("click", "1"): count += 2
                case ("click", "4"), ("click", "5"), ("mousedown", "1"), ("mouseup", "1"): count += 1
                default: break
                }
                command = ""  // one button each
            }
        }
        return count
    }

    /// Waits (up to `timeout` s) until the program has read every input event sent and has
    /// nothing left to animate (its `idle frame N events E` report line, E the events sent):
    /// what they started has ended and is on screen. The frame it went idle after; nil if it
    /// did not within `timeout` (a scene that animates for ever never goes idle) or ended.
    ///
    /// What is not counted (a map, an unmap, motion) is no barrier: after it, press a key
    /// nothing uses (`shift`) before waiting, or give `afterReportLines`, the number of report
    /// lines before it, when the scene animates until it (an `idle` line must come after).
    @discardableResult
    func waitUntilIdle(timeout: Double = 15, afterReportLines: Int = 0) -> Int? {
        let frame = pollUntil(timeout: timeout, interval: 0.02) { () -> Int? in
            guard program.isRunning else { return -1 }  // it ended: no use waiting
            // The last line, an `idle` line, after the lines given: idle frame N events E.
            let lines = program.reportLines
            guard lines.count > afterReportLines, let line = lines.last else { return nil }
            let fields = line.split(separator: " ")
            guard fields.count == 5, fields[0] == "idle", let frame = Int(fields[2]),
                let read = Int(fields[4]),
                read >= inputEvents
            else { return nil }
            return frame
        }
        return frame == -1 ? nil : frame
    }

    /// Presses and releases a key (by keysym name, as xdotool takes it: `s`, `Escape`, `shift+Tab`).
    func key(_ name: String) throws { try xdotool("key", name) }

    /// Clicks the left button at (x, y) in the window.
    func click(x: Int, y: Int) throws {
        try xdotool("mousemove", "--window", window, "\(x)", "\(y)", "click", "1")
    }

    /// The window's title (`_NET_WM_NAME`, through xdotool).
    func title() throws -> String {
        try xdotool("getwindowname", window).trimmingCharacters(in: .newlines)
    }

    /// The window's size from the server (`xdotool getwindowgeometry`).
    func windowSize() throws -> (width: Int, height: Int) {
        let text = try xdotool("getwindowgeometry", window)
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
            let sizeText = line.split(separator: " ").last
        else { throw WindowTestError("no geometry in: \(text)") }
        let parts = sizeText.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw WindowTestError("no geometry in: \(text)") }
        return (parts[0], parts[1])
    }

    /// The pixels the server shows in the window now (xwd).
    func capture() throws -> WindowCapture {
        try WindowCapture.capture(window: window, environment: server.environment)
    }

    /// Waits (up to `timeout` s) until the window shows `frame`; the last capture and whether it did.
    func waitUntilShowing(_ frame: RenderedFrame, timeout: Double = 5) -> (
        capture: WindowCapture?, shown: Bool
    ) {
        var last: WindowCapture?
        let shown = pollUntil(timeout: timeout, interval: 0.05) { () -> Bool? in
            last = try? capture()
            return last?.shows(frame) == true ? true : nil
        }
        return (last, shown == true)
    }

    /// The `saved PATH` lines the program printed so far.
    var savedPaths: [String] {
        program.output.split(separator: "\n").filter { $0.hasPrefix("saved ") }.map {
            String($0.dropFirst(6))
        }
    }

    /// Presses `s` and waits (up to `timeout` s) for the `saved PATH` line; returns the path and
    /// the image.
    func screenshot(timeout: Double = 5) throws -> (path: String, frame: RenderedFrame) {
        let before = savedPaths.count
        try key("s")
        guard let path = pollUntil(timeout: timeout, { savedPaths.count > before ? savedPaths.last : nil })
        else {
            throw WindowTestError(
                "no `saved PATH` line within \(timeout) s of pressing s; stderr: \(program.errorOutput)")
        }
        return (path, try RenderedFrame(contentsOfPNG: path))
    }

    /// Sends `WM_DELETE_WINDOW`, as a window manager's close button does. xdotool cannot send
    /// a ClientMessage, so a few lines of Python call libX11 through ctypes.
    func sendDeleteWindow() throws {
        let python = try MissingTool.require("python3", package: "python3")
        let script = """
            import ctypes, sys
            x = ctypes.CDLL("libX11.so.6")
            x.XOpenDisplay.restype = ctypes.c_void_p
            x.XOpenDisplay.argtypes = [ctypes.c_char_p]
            x.XInternAtom.restype = ctypes.c_ulong
            x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
            class ClientMessage(ctypes.Structure):
                _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                            ("display", ctypes.c_void_p), ("window", ctypes.c_ulong),
                            ("message_type", ctypes.c_ulong), ("format", ctypes.c_int),
                            ("data", ctypes.c_long * 5)]
            class Event(ctypes.Union):
                _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]
            x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                                     ctypes.POINTER(Event)]
            x.XFlush.argtypes = [ctypes.c_void_p]
            x.XCloseDisplay.argtypes = [ctypes.c_void_p]
            display = x.XOpenDisplay(None)
            if not display:
                sys.exit("cannot open the display")
            window = int(sys.argv[1])
            event = Event()
            event.xclient.type = 33  # ClientMessage
            event.xclient.window = window
            event.xclient.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
            event.xclient.format = 32
            event.xclient.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
            x.XSendEvent(display, window, 0, 0, ctypes.byref(event))
            x.XFlush(display)
            x.XCloseDisplay(display)
            """
        let result = try ProcessRunner.run(python, ["-c", script, window], environment: server.environment)
        guard result.status == 0 else {
            throw WindowTestError("sending WM_DELETE_WINDOW failed: \(result.errorOutput)")
        }
    }

    /// The system call the program is in now, from `/proc/PID/syscall` ("NR ARG1 ARG2 …").
    var currentSyscall: String {
        (try? String(contentsOfFile: "/proc/\(program.pid)/syscall", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "(unreadable)"
    }

    /// Whether the program sleeps in poll() with an infinite timeout: x86-64's poll is system
    /// call 7 and its third argument the timeout (-1, printed as 0xffffffff); ppoll is 271,
    /// with a null timeout pointer. Elsewhere, only that it sleeps in some poll.
    var isBlockedWithoutTimeout: Bool {
        let fields = currentSyscall.split(separator: " ")
        #if arch(x86_64)
            guard fields.count > 3 else { return false }
            return (fields[0] == "7" && fields[3] == "0xffffffff")
                || (fields[0] == "271" && fields[3] == "0x0")
        #else
            let wchan = (try? String(contentsOfFile: "/proc/\(program.pid)/wchan", encoding: .utf8)) ?? ""
            return wchan.contains("poll")
        #endif
    }

    /// How often the program's main thread has gone to sleep so far (`voluntary_ctxt_switches`
    /// in `/proc/PID/task/PID/status`): it does not change while the thread stays blocked.
    var mainThreadWakeups: Int? {
        guard
            let status = try? String(
                contentsOfFile: "/proc/\(program.pid)/task/\(program.pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }
            )
        else { return nil }
        return Int(line.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    /// The System V shared-memory segments this program created (from /proc/sysvipc/shm).
    var sharedMemorySegments: Int { Self.sharedMemorySegments(createdBy: program.pid) }

    static func sharedMemorySegments(createdBy pid: Int32) -> Int {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return 0 }
        // Columns: key shmid perms size cpid lpid nattch …
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 && fields[4] == "\(pid)"
        }.count
    }
}
