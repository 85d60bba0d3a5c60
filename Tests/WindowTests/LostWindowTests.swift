import Animation
import Foundation
import Render
import TestSupport
import Testing

/// What the X server does to the window besides input: it unmaps it mid-drag, covers it,
/// kills it. The program neither keeps a drag whose release it never saw nor draws what no
/// one can see, and it says what happened.
@Suite("Hidden, covered and killed windows", .serialized, .timeLimit(.minutes(1)))
struct LostWindowTests {
    /// 8-bit rounding and antialiasing well inside fills: 0.06 per channel.
    let tolerance = 0.06
    /// The elastic scene's band colour.
    let band = Color(red255: 57, green255: 67, blue255: 89)

    @Test("a drag whose release is lost while the window is unmapped ends; the wave stops following")
    func releaseLostWhileUnmapped() throws {
        let app = try RunningWindow(scene: "elastic")
        defer { app.stop() }
        try app.xdotool("mousemove", "--window", app.window, "200", "60", "mousedown", "1")
        for y in stride(from: 70, through: 220, by: 10) {
            try app.xdotool("mousemove", "--window", app.window, "200", "\(y)")
        }
        Thread.sleep(forTimeInterval: 0.2)
        try app.xdotool("windowunmap", "--sync", app.window)
        try app.xdotool("mouseup", "1")  // to the root window: ours is not there
        try app.xdotool("windowmap", "--sync", app.window)
        // The pointer, no button held, moves over the window where the wave would follow it.
        for y in stride(from: 150, through: 200, by: 10) {
            try app.xdotool("mousemove", "--window", app.window, "200", "\(y)")
        }
        Thread.sleep(forTimeInterval: 1.5)  // the spring settles in about a second
        let shot = try app.screenshot()
        for y in [150, 190] {
            let color = try #require(shot.frame.color(x: 200, y: y))
            #expect(color.isClose(to: .white, within: tolerance), "(200, \(y)) is \(color) in \(shot.path)")
        }
        let top = try #require(shot.frame.color(x: 200, y: 20))
        #expect(top.isClose(to: band, within: tolerance), "(200, 20) is \(top)")
    }

    @Test("unmapped, the swimming fish costs no CPU; mapped again it shows at once")
    func idleWhileUnmapped() throws {
        let app = try RunningWindow(scene: "fish", width: 1000, height: 700)
        defer { app.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        try app.xdotool("windowunmap", "--sync", app.window)
        let (ticks, seconds) = try Self.cpuTicks(of: app, over: 3)
        // Drawing 1000×700 at 60 fps costs several ticks in 3 s; hidden there is nothing to do
        // (one tick of room for the unmap itself).
        #expect(ticks <= 1, "used \(ticks) ticks in \(seconds) s while unmapped")
        #expect(app.isBlockedWithoutTimeout, "now in: \(app.currentSyscall)")
        try app.xdotool("windowmap", "--sync", app.window)
        let drawn = pollUntil(timeout: 5, interval: 0.05) { () -> Bool? in
            guard let capture = try? app.capture() else { return nil }
            // The sea fills the corner once a frame is drawn (xwd reads black before).
            return capture.pixels[5 * capture.width + 5] != 0 ? true : nil
        }
        #expect(drawn == true, "nothing drawn after the window was mapped again")
    }

    @Test("unmapped, the clock runs on: mapped again after the download ends, it shows it ended")
    func catchesUpOnMap() throws {
        let finished = try Self.headless(scene: "download", at: 8)
        let app = try RunningWindow(scene: "download")
        defer { app.stop() }
        try app.xdotool("windowunmap", "--sync", app.window)
        // Updates at 1, 2, 3 and 4 s, each animating for under a second: all done by 5.5 s.
        Thread.sleep(forTimeInterval: 6)
        try app.xdotool("windowmap", "--sync", app.window)
        // A clock stopped while hidden would need 5 s more to get there.
        #expect(app.waitUntilShowing(finished, timeout: 2).shown, "not the finished download after mapping")
    }

    @Test("covered by another window, it stops drawing; uncovered, it draws again")
    func idleWhileCovered() throws {
        let app = try RunningWindow(scene: "fish", width: 1000, height: 700)
        defer { app.stop() }
        let cover = try Self.coverScreen(app, seconds: 8)
        defer { cover.stop() }
        Thread.sleep(forTimeInterval: 1)  // the cover is mapped; the program got VisibilityNotify
        let (ticks, seconds) = try Self.cpuTicks(of: app, over: 3)
        #expect(ticks <= 1, "used \(ticks) ticks in \(seconds) s while covered")
        cover.stop()
        let drawn = pollUntil(timeout: 5, interval: 0.05) { () -> Bool? in
            guard let before = app.program.cpuTicks else { return nil }
            Thread.sleep(forTimeInterval: 0.5)
            guard let after = app.program.cpuTicks else { return nil }
            return after > before ? true : nil
        }
        #expect(drawn == true, "no frames after the cover went away")
    }

    @Test("killed with xkill: one line saying the window was killed, status 1")
    func killed() throws {
        let xkill = try MissingTool.require("xkill", package: "x11-utils")
        let app = try RunningWindow()
        defer { app.stop() }
        let result = try ProcessRunner.run(xkill, ["-id", app.window], environment: app.server.environment)
        #expect(result.status == 0, "xkill: \(result.errorOutput)")
        let ending = app.program.waitForExit(timeout: 5)
        #expect(ending == .exited(1), "\(String(describing: ending))")
        let lines = app.program.errorOutput.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(lines)")
        #expect(lines.first?.contains("closed our connection") == true, "stderr: \(lines)")
        #expect(lines.first?.contains("went away") == false, "stderr: \(lines)")
    }

    // MARK: - Helpers

    /// `animdemo render` of `scene` at the window tests' size, at `time` seconds.
    static func headless(scene: String, at time: Double) throws -> RenderedFrame {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try ProcessRunner.run(
            try Animdemo.executable(),
            [
                "render", "--scene", scene, "--size", "\(TestScene.width)x\(TestScene.height)",
                "--at", "\(time)", "--out", folder.path,
            ])
        guard result.status == 0 else {
            throw WindowTestError("animdemo render failed: \(result.errorOutput)")
        }
        let milliseconds = String(format: "%06d", Int((time * 1000).rounded()))
        return try RenderedFrame(
            contentsOfPNG: folder.appendingPathComponent("\(scene)-\(milliseconds).png").path)
    }

    /// The CPU ticks the program uses over `seconds` of wall time.
    static func cpuTicks(of app: RunningWindow, over seconds: Double) throws -> (Int, Double) {
        guard let start = app.program.cpuTicks else {
            throw WindowTestError("cannot read /proc/\(app.program.pid)/stat")
        }
        let startTime = Date()
        Thread.sleep(forTimeInterval: seconds)
        guard let end = app.program.cpuTicks else {
            throw WindowTestError("the program ended: \(app.program.errorOutput)")
        }
        return (end - start, Date().timeIntervalSince(startTime))
    }

    /// A window of another client over the whole screen for `seconds` (override-redirect, so
    /// no window manager is needed), from a few lines of Python calling libX11.
    static func coverScreen(_ app: RunningWindow, seconds: Double) throws -> ChildProcess {
        let python = try MissingTool.require("python3", package: "python3")
        let script = """
            import ctypes, sys, time
            x = ctypes.CDLL("libX11.so.6")
            x.XOpenDisplay.restype = ctypes.c_void_p
            x.XOpenDisplay.argtypes = [ctypes.c_char_p]
            x.XDefaultRootWindow.restype = ctypes.c_ulong
            x.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
            x.XCreateSimpleWindow.restype = ctypes.c_ulong
            x.XCreateSimpleWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_ulong]
            class Attributes(ctypes.Structure):
                _fields_ = [("pad", ctypes.c_long * 7), ("override_redirect", ctypes.c_int),
                            ("rest", ctypes.c_long * 8)]
            x.XChangeWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong,
                ctypes.POINTER(Attributes)]
            x.XMapRaised.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
            x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
            display = x.XOpenDisplay(None)
            if not display:
                sys.exit("cannot open the display")
            window = x.XCreateSimpleWindow(display, x.XDefaultRootWindow(display), 0, 0, 4000, 4000, 0, 0, 0)
            attributes = Attributes()
            attributes.override_redirect = 1
            x.XChangeWindowAttributes(display, window, 1 << 9, ctypes.byref(attributes))  # CWOverrideRedirect
            x.XMapRaised(display, window)
            x.XSync(display, 0)
            time.sleep(float(sys.argv[1]))
            """
        return try ChildProcess(python, ["-c", script, "\(seconds)"], environment: app.server.environment)
    }
}
