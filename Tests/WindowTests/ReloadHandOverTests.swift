import Foundation
import Render
import TestSupport
import Testing

/// A `--watch` reload as the supervisor makes it, played by the test with two windows of
/// `animdemo --watch-state FILE` (the protocol of `WatchControl`): the running window is told
/// `hold` (it writes its state and keeps its last frame on screen), the next one takes the state
/// up and says when its first frame is on screen (`FILE.shown`), then the old one is told `end`.
/// Meanwhile the test captures the screen where the window is, as fast as `xwd` goes: no capture
/// may be all black (the old window gone, the new one not drawn yet).
@Suite("A reload keeps the picture", .serialized)
struct ReloadHandOverTests {
    static let width = 400
    static let height = 300

    @Test("through a hand-over from one window to the next, the screen never shows an empty, black window")
    func handOverNeverGoesBlack() throws {
        let executable = try Animdemo.executable()
        let xdotool = try MissingTool.require("xdotool", package: "xdotool")
        let server = try Xvfb(width: 600, height: 500)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-handover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appendingPathComponent("state.json").path
        var environment = server.environment
        environment["GDK_SCALE"] = ""
        environment["ANIMDEMO_NO_HINT"] = "1"
        environment[TestReport.variable] = "1"
        let arguments = [
            "--scene", "fish", "--size", "\(Self.width)x\(Self.height)", "--screenshot-dir", folder.path,
            "--watch-state", state,
        ]
        func windows(of program: ChildProcess) -> [String] {
            let search = try? ProcessRunner.run(
                xdotool, ["search", "--onlyvisible", "--pid", "\(program.pid)"],
                environment: server.environment)
            return search?.output.split(separator: "\n").map(String.init) ?? []
        }

        let old = try ChildProcess(executable, arguments, environment: environment, input: true)
        defer { old.stop() }
        let shown = pollUntil(timeout: 30, interval: 0.05) { () -> Bool? in
            guard old.isRunning else { return false }
            guard !windows(of: old).isEmpty, let isBlack = try? ScreenWatch.capture(server) else {
                return nil
            }
            return isBlack ? nil : true
        }
        if shown != true {
            let screen = Result { try ScreenWatch.capture(server) }
            let seen = screen.map { $0 ? "black" : "drawn" }
            let message: String =
                "the first window never showed the fish: windows \(windows(of: old)), running \(old.isRunning), "
                + "screen \(seen), \(old.rawErrorOutput)"
            Issue.record(Comment(rawValue: message))
            return
        }

        let watch = ScreenWatch(server: server)
        watch.start()
        defer { watch.stop() }
        #expect(watch.waitForCaptures(3), "no capture of the screen before the hand-over")

        watch.note("hold")
        #expect(old.write("hold\n"))
        let held = pollUntil(timeout: 10) { () -> Bool? in
            if FileManager.default.fileExists(atPath: state + ".held") { return true }
            return old.isRunning ? nil : false
        }
        try #require(held == true, "the old window did not hold: \(old.errorOutput)")
        #expect(old.isRunning, "the old window ended instead of holding its picture")

        watch.note("held")
        try? FileManager.default.removeItem(atPath: state + ".shown")  // as the supervisor does
        let new = try ChildProcess(executable, arguments, environment: environment, input: true)
        defer { new.stop() }
        let newShown = pollUntil(timeout: 30, interval: 0.01) { () -> Bool? in
            if FileManager.default.fileExists(atPath: state + ".shown") { return true }
            return new.isRunning ? nil : false
        }
        try #require(newShown == true, "the new window never said its frame is on screen: \(new.errorOutput)")
        #expect(new.errorOutput.contains("reloaded at"), "the new window did not take up the state")
        #expect(old.isRunning, "the old window did not wait for the new one")

        watch.note("shown")
        #expect(old.write("end\n"))
        let ending = old.waitForExit(timeout: 10)
        #expect(ending == .exited(0), "the old window did not end on `end`: \(String(describing: ending))")
        watch.note("ended")
        // A few captures with the new window alone.
        #expect(watch.waitForCaptures(watch.captureCount + 3), "no capture after the hand-over")
        watch.stop()

        #expect(windows(of: new).count == 1, "the new window is not on screen")
        #expect(windows(of: old).isEmpty, "the old window is still on screen")
        let (captures, black) = watch.result
        print("hand-over: \(captures) captures of the screen, \(black) of them black")
        #expect(captures >= 6, "too few captures to see the hand-over: \(captures)")
        #expect(black == 0, "\(black) of \(captures) captures showed a black window: \(watch.history)")
    }
}

/// Captures the screen's top left `ReloadHandOverTests.width` × `height` (where the window is: no
/// window manager) with `xwd -root` in a loop on a thread of its own, counting the captures that
/// are all black there.
final class ScreenWatch: @unchecked Sendable {
    private let server: Xvfb
    private let lock = NSLock()
    private var captures = 0
    private var black = 0
    /// What happened, in order: the test's steps and each capture (`.` drawn, `B` black).
    private var log: [String] = []
    private var isStopped = false
    private var thread: Thread?

    init(server: Xvfb) { self.server = server }

    func start() {
        let thread = Thread { [self] in
            while !lock.withLock({ isStopped }) {
                guard let isBlack = try? Self.capture(server) else { continue }
                lock.withLock {
                    captures += 1
                    if isBlack { black += 1 }
                    log.append(isBlack ? "B" : ".")
                }
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() { lock.withLock { isStopped = true } }

    /// Puts a step of the test in the log, between the captures.
    func note(_ step: String) { lock.withLock { log.append(" \(step) ") } }
    var history: String { lock.withLock { log.joined() } }

    var captureCount: Int { lock.withLock { captures } }
    var result: (captures: Int, black: Int) { lock.withLock { (captures, black) } }

    /// Waits (up to 30 s) until `count` captures were taken.
    func waitForCaptures(_ count: Int) -> Bool {
        pollUntil(timeout: 30, interval: 0.01) { captureCount >= count ? true : nil } == true
    }

    /// The screen where the window is, read with xwd: whether every pixel there is black
    /// (0x000000: nothing drawn there). xwd reads the root in one request only while every
    /// window on it has the screen's visual and colormap (as the program's have); else it reads
    /// each window apart and, when one appears meanwhile, writes an all-black screen. Read from the XWD file (X11/XWDFile.h) by its own row
    /// and pixel sizes: the root's image may say 24 bits a pixel and still hold 4 bytes each.
    static func capture(_ server: Xvfb) throws -> Bool {
        let xwd = try MissingTool.require("xwd", package: "x11-apps")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-screen-\(UUID().uuidString).xwd")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ProcessRunner.run(
            xwd, ["-root", "-silent", "-out", file.path], environment: server.environment)
        guard result.status == 0 else { throw WindowTestError("xwd -root failed: \(result.errorOutput)") }
        let bytes = [UInt8](try Data(contentsOf: file))
        func field(_ index: Int) -> Int {
            let offset = index * 4
            guard offset + 4 <= bytes.count else { return 0 }
            return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let (width, height, bytesPerLine) = (field(4), field(5), field(12))
        let start = field(0) + field(19) * 12
        let bytesPerPixel = width > 0 ? bytesPerLine / width : 0
        let rows = min(ReloadHandOverTests.height, height)
        let columns = min(ReloadHandOverTests.width, width)
        guard bytesPerPixel >= 3, field(3) == 24, start + bytesPerLine * rows <= bytes.count else {
            throw WindowTestError("unexpected xwd image: \(width)x\(height), \(bytesPerLine) bytes a row")
        }
        // Depth 24: three of each pixel's bytes are its colour, the fourth (if any) is padding,
        // first or last by the byte order. Every other pixel of every other row: a window with
        // a picture has more than that many pixels that are not black.
        let first = field(7) == 0 ? 0 : bytesPerPixel - 3
        for y in stride(from: 0, to: rows, by: 2) {
            for x in stride(from: 0, to: columns, by: 2) {
                let offset = start + y * bytesPerLine + x * bytesPerPixel + first
                if bytes[offset] != 0 || bytes[offset + 1] != 0 || bytes[offset + 2] != 0 { return false }
            }
        }
        return true
    }
}
