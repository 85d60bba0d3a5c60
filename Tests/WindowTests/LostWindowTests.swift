import Animation
import Foundation
import Render
import TestSupport
import Testing

/// What the X server does to the window besides input: it unmaps it mid-drag, covers it,
/// kills it. The program neither keeps a drag whose release it never saw nor draws what no
/// one can see, and it says what happened.
@Suite("Hidden, covered and killed windows", .serialized, .timeLimit(.minutes(10)))
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
        // The drag is held: the wave is under the pointer (as in SceneWindowTests.elasticDrag).
        let held = pollUntil(timeout: 10, interval: 0.05) { () -> Bool? in
            guard let capture = try? app.capture() else { return nil }
            let word = capture.pixels[190 * capture.width + 200]
            let color = Color(
                red255: Int(word >> 16 & 0xFF), green255: Int(word >> 8 & 0xFF), blue255: Int(word & 0xFF))
            return color.isClose(to: band, within: tolerance) ? true : nil
        }
        #expect(held == true, "the wave never followed the held pointer to (200, 190)")
        try app.xdotool("windowunmap", "--sync", app.window)
        try app.xdotool("mouseup", "1")  // to the root window: ours is not there
        app.noteLost(events: 1)
        try app.xdotool("windowmap", "--sync", app.window)
        // The pointer, no button held, moves over the window where the wave would follow it.
        for y in stride(from: 150, through: 200, by: 10) {
            try app.xdotool("mousemove", "--window", app.window, "200", "\(y)")
        }
        // The spring back settles; with no drag there is nothing more to animate. (Shift, a key
        // nothing uses, is read after the map and the motion: idle after it is after them.)
        try app.key("shift")
        #expect(app.waitUntilIdle() != nil, "the wave never came to rest")
        let shot = try app.screenshot()
        for y in [150, 190] {
            let color = try #require(shot.frame.color(x: 200, y: y))
            #expect(color.isClose(to: .white, within: tolerance), "(200, \(y)) is \(color) in \(shot.path)")
        }
        let top = try #require(shot.frame.color(x: 200, y: 20))
        #expect(top.isClose(to: band, within: tolerance), "(200, 20) is \(top)")
    }

    /// Waits until the window shows a drawn frame (xwd reads black before: the window has no
    /// background) and then a different one: frames are being drawn.
    static func waitUntilDrawing(_ app: RunningWindow, timeout: Double = 10) -> Bool {
        var first: WindowCapture?
        return pollUntil(timeout: timeout, interval: 0.05) { () -> Bool? in
            guard let capture = try? app.capture(), capture.pixels[5 * capture.width + 5] != 0 else {
                return nil
            }
            guard let earlier = first else {
                first = capture
                return nil
            }
            return earlier.pixels != capture.pixels ? true : nil
        } == true
    }

    @Test("unmapped, the swimming fish waits in poll() with no timeout; mapped again it shows at once")
    func idleWhileUnmapped() throws {
        let app = try RunningWindow(scene: "fish", width: 1000, height: 700)
        defer { app.stop() }
        #expect(Self.waitUntilDrawing(app), "the fish does not swim")
        let lines = app.program.reportLines.count
        try app.xdotool("windowunmap", "--sync", app.window)
        // The fish swims for ever, so the next time it goes idle is the unmap: hidden there is
        // nothing to draw. (What that saves is measured by Scripts/idle-cpu.sh.)
        #expect(app.waitUntilIdle(afterReportLines: lines) != nil, "not idle while unmapped")
        let blocked = pollUntil(timeout: 5, interval: 0.01) { app.isBlockedWithoutTimeout ? true : nil }
        #expect(blocked == true, "now in: \(app.currentSyscall)")
        try app.xdotool("windowmap", "--sync", app.window)
        let drawn = pollUntil(timeout: 5, interval: 0.05) { () -> Bool? in
            guard let capture = try? app.capture() else { return nil }
            // The sea fills the corner once a frame is drawn (xwd reads black before).
            return capture.pixels[5 * capture.width + 5] != 0 ? true : nil
        }
        #expect(drawn == true, "nothing drawn after the window was mapped again")
    }

    @Test("unmapped, the clock runs on: mapped again 6 s later it is 6 s on, and shows the download ended")
    func catchesUpOnMap() throws {
        let app = try RunningWindow(scene: "download")
        defer { app.stop() }
        try app.xdotool("windowunmap", "--sync", app.window)
        // Updates at 1, 2, 3 and 4 s. The time passing while hidden is what is tested, so this
        // wait is the test's input.
        Thread.sleep(forTimeInterval: 6)
        try app.xdotool("windowmap", "--sync", app.window)
        // Paused at once (the key is read after the map): a clock that ran on is 6 s or more
        // in, one stopped while hidden would be where it was at the unmap, under a second.
        try app.key("space")
        let paused = pollUntil(timeout: 10) { () -> Double? in
            guard let title = try? app.title(), let range = title.range(of: "paused at ") else { return nil }
            return Double(title[range.upperBound...].split(separator: " ").first ?? "")
        }
        let time = try #require(paused, "no `paused at` in the title: \((try? app.title()) ?? "")")
        #expect(time >= 6, "paused at \(time) s after 6 s unmapped")
        // Going on, it ends as the download ends (`render` at 8 s: the updates that were due
        // while it was hidden run at the map, so it is there once the window goes idle).
        try app.key("space")
        #expect(app.waitUntilIdle() != nil, "the download never came to rest")
        let finished = try Self.headless(scene: "download", at: 8)
        let differing = try app.capture().differingPixels(from: finished, rows: 40..<TestScene.height)
        #expect(differing == 0, "not the finished download: \(differing ?? -1) pixels differ")
    }

    @Test("covered by another window, it stops drawing; uncovered, it draws again")
    func idleWhileCovered() throws {
        let app = try RunningWindow(scene: "fish", width: 1000, height: 700)
        defer { app.stop() }
        #expect(Self.waitUntilDrawing(app), "the fish does not swim")
        let lines = app.program.reportLines.count
        let cover = try Self.coverScreen(app, seconds: 60)
        defer { cover.stop() }
        // The fish swims for ever, so the next time it goes idle is when VisibilityNotify says
        // it is covered. (What that saves is measured by Scripts/idle-cpu.sh.)
        #expect(app.waitUntilIdle(afterReportLines: lines) != nil, "not idle while covered")
        let blocked = pollUntil(timeout: 5, interval: 0.01) { app.isBlockedWithoutTimeout ? true : nil }
        #expect(blocked == true, "now in: \(app.currentSyscall)")
        let idleLines = app.program.reportLines.count
        cover.stop()
        // Uncovered: it draws again (the Expose's frame), and goes on swimming: frames change.
        #expect(Self.waitUntilDrawing(app), "no frames after the cover went away")
        #expect(app.program.reportLines.count == idleLines, "idle again: \(app.program.reportLines)")
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
