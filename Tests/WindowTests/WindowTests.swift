import Animation
import Foundation
import Render
import TestSupport
import Testing

/// The real program in a real window: each test starts its own Xvfb, runs `animdemo`, drives it
/// with xdotool and looks at what it saves with `s` (docs/ARCHITECTURE.md § Tests).
@Suite("The X11 window", .serialized, .timeLimit(.minutes(10)))
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
        "a tap changes the window as the engine says; s saves that frame, never overwriting",
        arguments: Presentation.allCases)
    func tapChangesTheWindow(presentation: Presentation) throws {
        let resting = try TestScene.restingFrame()
        let tapped = try TestScene.tappedFrame()
        let app = try RunningWindow(
            environment: presentation == .putImageForced ? ["ANIMDEMO_NO_SHM": "1"] : [:],
            overTCP: presentation == .putImageOverTCP)
        defer { app.stop() }
        let segments = app.sharedMemorySegments
        #expect(
            segments == (presentation == .sharedMemory ? 1 : 0), "\(segments) segments with \(presentation)")
        let before = app.waitUntilShowing(resting)
        let differingBefore = String(describing: before.capture?.differingPixels(from: resting))
        #expect(before.shown, "before the tap: \(differingBefore) pixels differ")

        try app.click(x: Int(TestScene.tap.x), y: Int(TestScene.tap.y))
        let after = app.waitUntilShowing(tapped)
        #expect(
            after.shown,
            "after the tap: \(String(describing: after.capture?.differingPixels(from: tapped))) pixels differ"
        )
        let shot = try app.screenshot()
        let size = try app.windowSize()
        #expect(shot.frame.width == size.width && shot.frame.height == size.height)
        #expect(shot.frame.matches(tapped), "the screenshot \(shot.path) is not the frame on screen")
        #expect(URL(fileURLWithPath: shot.path).lastPathComponent.hasPrefix("animdemo-\(TestScene.name)-"))
        #expect(!resting.matches(tapped), "the tap changed nothing")
        #expect(TestScene.showsTheTap(shot.frame), "the tap is not shown in \(shot.path)")

        // Three presses within a second: at least two share that second, so one of them is
        // named with a counter (`…-HHMMSS-2.png`, or higher after an earlier screenshot).
        let count = app.savedPaths.count
        try app.xdotool("key", "s", "s", "s")
        let burst = pollUntil(timeout: 5) {
            app.savedPaths.count >= count + 3 ? app.savedPaths.suffix(3) : nil
        }
        let counted = burst?.filter {
            $0.range(of: #"-[0-9]{8}-[0-9]{6}-[0-9]+\.png$"#, options: .regularExpression) != nil
        }
        #expect(counted?.isEmpty == false, "names: \(String(describing: burst))")
        let paths = app.savedPaths
        #expect(Set(paths).count == paths.count, "every screenshot has its own file: \(paths)")
        for path in paths { #expect(FileManager.default.fileExists(atPath: path)) }
        #expect(app.program.errorOutput.isEmpty, "stderr: \(app.program.errorOutput)")
    }

    @Test(
        "the window shows the frame it drew, and paints it again when exposed",
        arguments: [Presentation.sharedMemory, .putImageForced])
    func windowShowsTheFrame(presentation: Presentation) throws {
        let resting = try TestScene.restingFrame()
        let app = try RunningWindow(
            environment: presentation == .putImageForced ? ["ANIMDEMO_NO_SHM": "1"] : [:])
        defer { app.stop() }
        let shown = app.waitUntilShowing(resting)
        #expect(
            shown.shown, "\(String(describing: shown.capture?.differingPixels(from: resting))) pixels differ")
        // Unmapped, the window loses its pixels (no backing store, no background); mapped
        // again, only the program's answer to Expose can paint it: nothing else is animating.
        try app.xdotool("windowunmap", "--sync", app.window)
        try app.xdotool("windowmap", "--sync", app.window)
        let repainted = app.waitUntilShowing(resting)
        let differingAfter = String(describing: repainted.capture?.differingPixels(from: resting))
        #expect(repainted.shown, "after the expose \(differingAfter) pixels differ")
    }

    @Test("pointer motion reaches the recognizers: a press that wanders off and back is no tap")
    func motionIsDelivered() throws {
        let resting = try TestScene.restingFrame()
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(app.waitUntilShowing(resting).shown)
        let (x, y) = ("\(Int(TestScene.tap.x))", "\(Int(TestScene.tap.y))")
        // Runs of motion are coalesced to the latest per frame; a Shift press (no key of the
        // host or the scene) between the two moves keeps them apart however slowly the
        // program reads its events.
        try app.xdotool(
            "mousemove", "--window", app.window, x, y, "mousedown", "1",
            "mousemove", "--window", app.window, "300", "40", "key", "shift",
            "mousemove", "--window", app.window, x, y, "mouseup", "1")
        // Had the motion been lost, press and release at the tap point would be a tap, whose
        // animation ends on the tapped picture. Once the program has read the press, the Shift
        // and the release and has nothing left to animate, the window shows the resting picture.
        #expect(app.waitUntilIdle() != nil, "not idle after the press, the Shift and the release")
        let capture = try app.capture()
        #expect(
            capture.shows(resting), "the window changed: \(capture.differingPixels(from: resting)) pixels")
        #expect(app.program.isRunning)
    }

    @Test("a resize lays the scene out again at the new size")
    func resize() throws {
        let resized = try TestScene.restingFrame(width: 520, height: 360)
        let app = try RunningWindow()
        defer { app.stop() }
        try app.xdotool("windowsize", app.window, "520", "360")
        let shown = app.waitUntilShowing(resized)
        let size = shown.capture.map { "\($0.width)x\($0.height)" } ?? "unknown"
        let differing = shown.capture?.differingPixels(from: resized) ?? -1
        #expect(shown.shown, "the window is \(size), \(differing) pixels differ from the 520x360 layout")
        let shot = try app.screenshot()
        #expect(shot.frame.matches(resized), "the screenshot \(shot.path) is not the 520x360 layout")
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

    @Test("a screenshot into a folder that can no longer exist is a message; the program keeps running")
    func unwritableScreenshotDirectory() throws {
        // A folder through a file is refused at the start (BadInputTests); one that becomes
        // impossible while the window runs is found when `s` saves. Tests run as root, which may
        // write anywhere: a path under a regular file cannot be made.
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: parent) }
        let app = try RunningWindow(screenshotDirectory: parent.appendingPathComponent("sub").path)
        defer { app.stop() }
        try Data("not a folder\n".utf8).write(to: parent)
        try app.key("s")
        let message = pollUntil(timeout: 20) {
            app.program.errorOutput.contains("cannot save a screenshot") ? app.program.errorOutput : nil
        }
        #expect(message?.contains(parent.path) == true, "stderr: \(app.program.errorOutput)")
        #expect(app.savedPaths.isEmpty)
        #expect(app.program.isRunning)
        try app.key("q")
        #expect(app.program.waitForExit(timeout: 20) == .exited(0))
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

    @Test(
        "SIGINT, SIGTERM and SIGHUP end it cleanly with 128 + N and release the shared memory",
        arguments: [SIGINT, SIGTERM, SIGHUP])
    func signals(signal: Int32) throws {
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(app.sharedMemorySegments == 1)
        app.program.send(signal)
        let ending = app.program.waitForExit(timeout: 5)
        #expect(ending == .exited(128 + signal), "\(String(describing: ending)): \(app.program.errorOutput)")
        #expect(app.program.errorOutput.isEmpty, "stderr: \(app.program.errorOutput)")
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

    @Test("once an animation ends it waits in poll() with no timeout, and does not wake")
    func idleWaitsWithoutTimeout() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try app.click(x: 90, y: 220)  // half a second of animation, then nothing to do
        #expect(app.waitUntilIdle() != nil, "never went idle after the tap's animation")
        let blocked = pollUntil(timeout: 5, interval: 0.01) { app.isBlockedWithoutTimeout ? true : nil }
        #expect(blocked == true, "not blocked without a timeout; now in: \(app.currentSyscall)")
        // Blocked so, only input can wake it: its main thread makes no voluntary context
        // switch while nothing is sent. Watching for a second is what a "nothing happened"
        // claim takes; how much CPU the idle window uses is measured by Scripts/idle-cpu.sh
        // (docs/PERFORMANCE.md § In a window), not here.
        let start = try #require(app.mainThreadWakeups, "cannot read /proc/\(app.program.pid)/status")
        let woke = pollUntil(timeout: 1, interval: 0.1) { () -> Int? in
            guard let now = app.mainThreadWakeups, now != start else { return nil }
            return now
        }
        #expect(
            woke == nil, "woke \((woke ?? start) - start) times while idle; now in: \(app.currentSyscall)")
        #expect(app.isBlockedWithoutTimeout, "now in: \(app.currentSyscall)")
    }
}
