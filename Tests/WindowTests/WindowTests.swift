import Animation
import Foundation
import Render
import TestSupport
import Testing

/// The real program in a real window: each test starts its own Xvfb, runs `animdemo`, drives it
/// with xdotool and looks at what it saves with `s` (STYLE.md § Tests).
@Suite("The X11 window", .serialized, .timeLimit(.minutes(1)))
struct WindowTests {
    // MARK: - Input and screenshots

    /// How frames reach the server.
    enum Presentation: String, CaseIterable, CustomTestStringConvertible {
        case sharedMemory = "MIT-SHM"
        case putImageForced = "XPutImage (ANIMDEMO_NO_SHM=1)"
        case putImageOverTCP = "XPutImage (over TCP, like a remote display)"

        var testDescription: String { rawValue }
    }

    @Test(
        "a click moves the square there; s saves the window's frame, never overwriting",
        arguments: Presentation.allCases)
    func clickMovesTheSquare(presentation: Presentation) throws {
        let app = try RunningWindow(
            environment: presentation == .putImageForced ? ["ANIMDEMO_NO_SHM": "1"] : [:],
            overTCP: presentation == .putImageOverTCP)
        defer { app.stop() }
        let segments = app.sharedMemorySegments
        #expect(
            segments == (presentation == .sharedMemory ? 1 : 0), "\(segments) segments with \(presentation)")
        #expect(app.program.errorOutput.isEmpty, "stderr: \(app.program.errorOutput)")

        let first = try app.screenshot()
        let size = try app.windowSize()
        #expect(first.frame.width == size.width && first.frame.height == size.height)
        #expect(URL(fileURLWithPath: first.path).lastPathComponent.hasPrefix("animdemo-\(TestScene.name)-"))
        let click = Point(x: 90, y: 220)
        try app.click(x: Int(click.x), y: Int(click.y))
        let moved = try app.screenshot(until: { TestScene.isSquare(in: $0, at: click) })

        withKnownIssue("the engine of this build draws no square, even headless") {
            #expect(TestScene.isSquare(in: first.frame, at: TestScene.center), "before: \(first.path)")
            #expect(
                moved.accepted,
                "after clicking \(click) the square is at \(String(describing: TestScene.squareCenter(in: moved.frame))) in \(moved.path)"
            )
        } when: {
            !TestScene.engineDrawsTheSquare
        }
        // Three presses within a second: at least two share that second, so one of them is
        // named with a counter (`…-HHMMSS-2.png`, or higher after the earlier screenshots).
        let before = app.savedPaths.count
        try app.xdotool("key", "s", "s", "s")
        let burst = pollUntil(timeout: 5) {
            app.savedPaths.count >= before + 3 ? app.savedPaths.suffix(3) : nil
        }
        let counted = burst?.filter {
            $0.range(of: #"-[0-9]{8}-[0-9]{6}-[0-9]+\.png$"#, options: .regularExpression) != nil
        }
        #expect(counted?.isEmpty == false, "names: \(String(describing: burst))")
        let paths = app.savedPaths
        #expect(Set(paths).count == paths.count, "every screenshot has its own file: \(paths)")
        for path in paths { #expect(FileManager.default.fileExists(atPath: path)) }
    }

    @Test(
        "the window shows the frame it drew, and paints it again when exposed",
        arguments: [Presentation.sharedMemory, .putImageForced])
    func windowShowsTheFrame(presentation: Presentation) throws {
        let resting = try TestScene.restingFrame()
        let app = try RunningWindow(
            environment: presentation == .putImageForced ? ["ANIMDEMO_NO_SHM": "1"] : [:])
        defer { app.stop() }
        func capture() -> WindowCapture? {
            try? WindowCapture.capture(window: app.window, environment: app.server.environment)
        }
        let shown = pollUntil(timeout: 5, interval: 0.05) {
            capture().flatMap { $0.shows(resting) ? $0 : nil }
        }
        #expect(
            shown != nil,
            "\(String(describing: capture()?.differingPixels(from: resting, rows: 0..<TestScene.height))) pixels differ"
        )
        // Unmapped, the window loses its pixels (no backing store, no background); mapped
        // again, only the program's answer to Expose can paint it: nothing else is animating.
        try app.xdotool("windowunmap", "--sync", app.window)
        try app.xdotool("windowmap", "--sync", app.window)
        let repainted = pollUntil(timeout: 5, interval: 0.05) {
            capture().flatMap { $0.shows(resting) ? $0 : nil }
        }
        #expect(
            repainted != nil,
            "after the expose, \(String(describing: capture()?.differingPixels(from: resting, rows: 0..<TestScene.height))) pixels differ"
        )
    }

    @Test("pointer motion reaches the recognizers: a press that wanders off and back is no tap")
    func motionIsDelivered() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        // Runs of motion are coalesced to the latest per frame; a Shift press (no key of the
        // host or the scene) between the two moves keeps them apart however slowly the
        // program reads its events.
        try app.xdotool(
            "mousemove", "--window", app.window, "100", "100", "mousedown", "1",
            "mousemove", "--window", app.window, "300", "200", "key", "shift",
            "mousemove", "--window", app.window, "100", "100", "mouseup", "1")
        // Had the motion been lost, press and release at (100, 100) would be a tap and the
        // square would get there in 0.5 s. Watching for 0.8 s is what a "did not move" claim
        // takes; the screenshots are the program's own frames, in order after the drag.
        let end = Date().addingTimeInterval(0.8)
        var shots: [(path: String, frame: RenderedFrame)] = []
        repeat {
            shots.append(try app.screenshot())
            Thread.sleep(forTimeInterval: 0.1)  // pacing between screenshots
        } while Date() < end
        withKnownIssue("the engine of this build draws no square, even headless") {
            for shot in shots {
                #expect(
                    TestScene.isSquare(in: shot.frame, at: TestScene.center),
                    "the square left the centre: \(shot.path)")
            }
        } when: {
            !TestScene.engineDrawsTheSquare
        }
        #expect(app.program.isRunning)
    }

    @Test("a resize lays the scene out again at the new size")
    func resize() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try app.xdotool("windowsize", app.window, "520", "360")
        let shot = try app.screenshot(until: { $0.width == 520 && $0.height == 360 })
        #expect(shot.accepted, "screenshot size \(shot.frame.width)x\(shot.frame.height), wanted 520x360")
        withKnownIssue("the engine of this build draws no square, even headless") {
            #expect(
                TestScene.isSquare(in: shot.frame, at: Point(x: 260, y: 180)), "square centred: \(shot.path)")
        } when: {
            !TestScene.engineDrawsTheSquare
        }
    }

    @Test("Tab and Shift+Tab switch scenes; the title follows")
    func switchScenes() throws {
        let list = try ProcessRunner.run(try Animdemo.executable(), ["--list"])
        let sceneCount = list.output.split(separator: "\n").count
        let app = try RunningWindow()
        defer { app.stop() }
        let first = try app.title()
        #expect(first == TestScene.title)
        try app.key("Tab")
        if sceneCount > 1 {
            let next = pollUntil(timeout: 5) { (try? app.title()).flatMap { $0 != first ? $0 : nil } }
            #expect(
                next?.hasPrefix("animdemo — ") == true, "the title after Tab: \(String(describing: next))")
        }
        try app.key("shift+Tab")  // ISO_Left_Tab: back to the first scene
        let back = pollUntil(timeout: 5) { (try? app.title()).flatMap { $0 == first ? $0 : nil } }
        #expect(back == first, "the title after Shift+Tab: \(String(describing: try? app.title()))")
        #expect(app.program.isRunning)
    }

    @Test("the window has its title, class and close protocol")
    func properties() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(try app.xdotool("getwindowname", app.window) == TestScene.title + "\n")
        let xprop = try MissingTool.require("xprop", package: "x11-utils")
        let properties = try ProcessRunner.run(
            xprop, ["-id", app.window], environment: app.server.environment)
        #expect(
            properties.output.contains("WM_CLASS(STRING) = \"animdemo\", \"animdemo\""),
            "\(properties.output)")
        #expect(properties.output.contains("_NET_WM_NAME(UTF8_STRING) = \"\(TestScene.title)\""))
        #expect(properties.output.contains("WM_DELETE_WINDOW"))
        #expect(properties.output.contains("program specified minimum size"))
    }

    @Test("a screenshot into a folder that cannot exist is a message; the program keeps running")
    func unwritableScreenshotDirectory() throws {
        // Tests run as root, which may write anywhere: a path under a regular file cannot be made.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-\(UUID().uuidString).txt")
        try Data("not a folder\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let app = try RunningWindow(screenshotDirectory: file.appendingPathComponent("sub").path)
        defer { app.stop() }
        try app.key("s")
        let message = pollUntil(timeout: 5) {
            app.program.errorOutput.contains("cannot save a screenshot") ? app.program.errorOutput : nil
        }
        #expect(message?.contains(file.path) == true, "stderr: \(app.program.errorOutput)")
        #expect(app.savedPaths.isEmpty)
        #expect(app.program.isRunning)
        try app.key("q")
        #expect(app.program.waitForExit(timeout: 5) == .exited(0))
    }

    // MARK: - Ending

    @Test("q and Escape end the program with status 0", arguments: ["q", "Escape"])
    func quitKeys(key: String) throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try app.key(key)
        #expect(app.program.waitForExit(timeout: 5) == .exited(0), "stderr: \(app.program.errorOutput)")
    }

    @Test(
        "closing the window ends the program with status 0", arguments: ["WM_DELETE_WINDOW", "windowclose"])
    func close(how: String) throws {
        let app = try RunningWindow()
        defer { app.stop() }
        if how == "windowclose" {
            try app.xdotool("windowclose", app.window)  // destroys the window under the program
        } else {
            try app.sendDeleteWindow()  // what a window manager's close button sends
        }
        #expect(app.program.waitForExit(timeout: 5) == .exited(0), "stderr: \(app.program.errorOutput)")
        #expect(app.program.errorOutput.isEmpty)
    }

    @Test("SIGINT and SIGTERM end it cleanly and release the shared memory", arguments: [SIGINT, SIGTERM])
    func signals(signal: Int32) throws {
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(app.sharedMemorySegments == 1)
        app.program.send(signal)
        #expect(app.program.waitForExit(timeout: 5) == .exited(0), "stderr: \(app.program.errorOutput)")
        // The server detaches once it has seen the client go; the kernel then frees the segment.
        let released = pollUntil(timeout: 5) { app.sharedMemorySegments == 0 ? true : nil }
        #expect(released == true, "a segment created by \(app.program.pid) is still in /proc/sysvipc/shm")
    }

    @Test(
        "the X server going away is one line and status 1, not a crash",
        arguments: ["while idle", "while animating"])
    func serverGone(when: String) throws {
        let app = try RunningWindow()
        defer { app.stop() }
        if when == "while animating" {
            try app.click(x: 90, y: 220)  // half a second of frames, each written to the server
            let animating = pollUntil(timeout: 5, interval: 0.005) {
                app.isBlockedWithoutTimeout ? nil : true
            }
            #expect(animating == true, "never saw it wait for a frame deadline")
        }
        app.server.process.stop()  // SIGKILL: the connection drops at once
        let ending = app.program.waitForExit(timeout: 5)
        #expect(ending == .exited(1), "\(String(describing: ending))")
        let lines = app.program.errorOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("the X server went away"), "stderr: \(lines)")
    }

    @Test(
        "without a display: one line that names it and suggests render, status 2", arguments: [":4711", nil])
    func noDisplay(display: String?) throws {
        let executable = try Animdemo.executable()
        let environment = display.map { ["DISPLAY": $0] } ?? [:]
        let result = try ProcessRunner.run(
            executable, ["--scene", TestScene.name], environment: environment,
            removing: display == nil ? ["DISPLAY"] : [])
        #expect(result.status == 2)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.errorOutput)")
        #expect(result.errorOutput.contains(display ?? "DISPLAY"))
        #expect(result.errorOutput.contains("animdemo render"))
        #expect(result.output.isEmpty)
    }

    // MARK: - Idle

    @Test("once an animation ends it waits in poll() with no timeout: under 2 % of a core over 3 s")
    func idleUsesNoCPU() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try app.click(x: 90, y: 220)  // half a second of animation, then nothing to do
        let blocked = pollUntil(timeout: 5, interval: 0.05) { app.isBlockedWithoutTimeout ? true : nil }
        #expect(blocked == true, "not blocked without a timeout; now in: \(app.currentSyscall)")
        guard let start = app.program.cpuTicks else {
            Issue.record("cannot read /proc/\(app.program.pid)/stat")
            return
        }
        let startTime = Date()
        Thread.sleep(forTimeInterval: 3)  // the measurement window itself
        guard let end = app.program.cpuTicks else {
            Issue.record("the program ended while idle: \(app.program.errorOutput)")
            return
        }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        let seconds = Date().timeIntervalSince(startTime)
        let share = Double(end - start) / ticksPerSecond / seconds
        // 2 % of 3 s is 6 ticks at 100 Hz: room for a stray frame, none for a loop that spins
        // or wakes on a timer.
        #expect(share < 0.02, "used \(end - start) ticks in \(seconds) s (\(share * 100) % of a core)")
        #expect(app.isBlockedWithoutTimeout, "now in: \(app.currentSyscall)")
    }
}
