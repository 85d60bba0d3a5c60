import Foundation
import Render
import Session
import TestSupport
import Testing

/// The scaffold's own program in a window (README § Write your own scene): what `animdemo new`
/// writes opens the window a person clicks, and the click draws what its `render` draws; with
/// `--watch`, every save reloads the window at the same moment.
///
/// The tests use the test process's one scaffold (`ScaffoldPackage.withShared`: built once, about
/// 30 s alone, a minute or two beside other builds), one at a time: the watch tests edit its
/// scene, which is put back after each.
@Suite("animdemo new, in a window", .serialized)
struct ScaffoldWindowTests {
    @Test(
        "slow (~1 min, it builds the scaffold): a click in Orbit's window springs the square as its render does"
    )
    func clickInTheWindow() throws {
        try ScaffoldPackage.withShared { package in
            let program = package.program

            // The engine's answer: the square settled on the right after a click (the spring of
            // stiffness 200 settles in under 2 s).
            let render = try package.run([
                program, "render", "--scene", "orbit", "--size", "400x300", "--events", "0.1 tap 200 150",
                "--at",
                "3",
                "--out", "o",
            ])
            try #require(render.status == 0, "render: \(render.output)")
            let settled = try RenderedFrame(contentsOfPNG: package.path("o/orbit-003000.png"))

            let app = try RunningWindow(scene: "orbit", width: 400, height: 300, executable: program)
            defer { app.stop() }
            #expect(
                !app.waitUntilShowing(settled, timeout: 0.5).shown,
                "the square is on the right before a click")
            try app.click(x: 200, y: 150)
            // The spring overshoots and swings back: on its way it crosses the resting picture
            // (within the comparison's 2/255) before it settles, so wait until it has settled (the
            // window goes idle) first.
            #expect(app.waitUntilIdle(timeout: 30) != nil, "the spring never settled")
            #expect(
                app.waitUntilShowing(settled, timeout: 10).shown, "the click did not spring the square across"
            )
            let shot = try app.screenshot()
            #expect(
                shot.frame.matches(settled), "screenshot \(shot.path) is not render's frame after the click")
            #expect(try app.title().hasPrefix("Orbit — "), "the title names the package's program")
            #expect(
                URL(fileURLWithPath: shot.path).lastPathComponent.hasPrefix("Orbit-orbit-"),
                "the screenshot is named for the package's program: \(shot.path)")
        }
    }

    @Test(
        "slow (~15 s after the shared build): --watch reloads the window at the same moment on a save, shows a syntax error while the old scene runs, recovers, and survives a crash of new code"
    )
    func watchReloads() throws {
        try ScaffoldPackage.withShared { package in
            let original = try String(contentsOfFile: package.sceneFile, encoding: .utf8)
            let window = try WatchedWindow(package: package, width: 375, height: 667)
            defer { window.stop() }

            // A click starts the spring; once the window's state has it, pause it (any moment of
            // the swing does: the test reads the time paused at).
            try window.xdotool("mousemove", "--window", window.window, "94", "333", "click", "1")
            try #require(window.waitForDowns(atLeast: 1) != nil, "the window's state has no click")
            try window.xdotool("key", "space")
            let paused = pollUntil(timeout: 60) {
                (try? window.title())?.contains("paused at") == true ? true : nil
            }
            try #require(
                paused == true, "the window did not pause: \(String(describing: try? window.title()))")

            // A colour and the spring's stiffness (its timing) change; the window comes back with the
            // new code at the same scene time.
            let edited =
                original
                .replacingOccurrences(
                    of: "Color(red255: 255, green255: 149, blue255: 0)",
                    with: "Color(red255: 40, green255: 200, blue255: 120)"
                )
                .replacingOccurrences(
                    of: "static let stiffnessDefault = 200.0", with: "static let stiffnessDefault = 60.0")
            try #require(edited != original, "the starter changed: the test's edits no longer apply")
            let saved = Date()
            try edited.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 1, timeout: 240)
            let reloadSeconds = Date().timeIntervalSince(saved)
            // The new window writes its state as it goes: wait for one that has its size (CI once
            // read a state written before the window knew it).
            let stateFile = URL(fileURLWithPath: package.path(".build/watch/state.json"))
            let state = try #require(
                pollUntil(timeout: 30) { () -> WatchState? in
                    guard let data = try? Data(contentsOf: stateFile),
                        let state = try? WatchState(json: data),
                        state.window?.width == 375 && state.window?.height == 667
                    else { return nil }
                    return state
                }, "the reloaded window's state never had its 375×667 size")
            #expect(state.isPaused)

            // What the edited scene draws at that time with the same input (`render --events`).
            let build = try package.run(["swift", "build"])
            try #require(build.status == 0, "\(build.output.suffix(2000))")
            let expected = try window.render(state: state)
            let (capture, shown) = window.waitUntilShowing(expected, timeout: 10)
            let differing =
                capture.map { $0.differingPixels(from: expected, rows: WatchedWindow.belowStatus) ?? -1 }
                ?? -1
            #expect(
                shown,
                "the reloaded window is not the edited scene at \(state.sceneTime) s: \(differing) pixels differ"
            )
            #expect(try window.title().contains("paused at"), "the clock stayed paused")
            print("watch test: the save-to-frame time was \(String(format: "%.1f", reloadSeconds)) s")

            // A syntax error: the window runs on, the error in the build panel.
            let windowPID = try window.windowPID()
            try (edited + "\nthis is not Swift\n").write(
                toFile: package.sceneFile, atomically: true, encoding: .utf8)
            let failed = pollUntil(timeout: 240) {
                window.supervisor.errorOutput.contains("build failed") ? true : nil
            }
            try #require(failed == true, "no `build failed` line: \(window.supervisor.errorOutput)")
            #expect(
                window.supervisor.errorOutput.contains("OrbitScene.swift:"),
                "\(window.supervisor.errorOutput)")
            let panelShown = pollUntil(timeout: 5) { () -> Bool? in
                guard let capture = try? window.capture() else { return nil }
                return WatchedWindow.showsBuildPanel(capture) ? true : nil
            }
            #expect(panelShown == true, "no build panel at the window's bottom")
            #expect(try window.windowPID() == windowPID, "the old build's window kept running")
            let shot = try window.screenshot(named: "watch-error-375x667")
            #expect(WatchedWindow.showsBuildPanel(shot), "the screenshot has no build panel")

            // Fixed: the next good build clears the panel and shows the same moment again.
            try edited.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 2, timeout: 240)
            let recovered = window.waitUntilShowing(expected, timeout: 10)
            #expect(
                recovered.shown, "after the fix the window is not the edited scene at \(state.sceneTime) s")
            let pausedTitle = try window.title()

            // New code that crashes as it lays the scene out: the last good build comes back with
            // the state (the same moment) and says why in the build panel.
            let crashing = edited.replacingOccurrences(
                of: "        self.bounds = bounds\n",
                with:
                    "        self.bounds = bounds\n        precondition(bounds.width < 0, \"the new code crashed\")\n"
            )
            try #require(crashing != edited, "the starter's layout(in:) changed: the crash no longer applies")
            try crashing.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            let crashed = pollUntil(timeout: 240) {
                window.supervisor.errorOutput.contains("the new build crashed") ? true : nil
            }
            try #require(crashed == true, "no crash reported: \(window.supervisor.errorOutput)")
            #expect(
                window.supervisor.errorOutput.contains(
                    "the new build crashed: Precondition failed: the new code crashed"))
            try window.waitForReload(number: 3, timeout: 20)  // the last good build takes up the state
            let crashShown = pollUntil(timeout: 5) { () -> Bool? in
                guard let capture = try? window.capture() else { return nil }
                return WatchedWindow.showsBuildPanel(capture) ? true : nil
            }
            #expect(crashShown == true, "no build panel after the crash")
            #expect(try window.title() == pausedTitle, "the last good build is not at the same moment")

            // The window's place and size are kept through a reload.
            try window.xdotool("windowmove", window.window, "37", "21")
            try window.xdotool("windowsize", window.window, "420", "640")
            let moved = pollUntil(timeout: 5) { (try? window.geometry()) == "37,21 420x640" ? true : nil }
            try #require(
                moved == true,
                "xdotool did not move the window: \(String(describing: try? window.geometry()))")
            try edited.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 4, timeout: 240)
            #expect(try window.geometry() == "37,21 420x640", "the reloaded window is elsewhere")
            #expect(try window.title() == pausedTitle, "the reloaded window is not at the same moment")
        }
    }
}

extension ScaffoldWindowTests {
    @Test(
        "slow (~2 min after the shared build): under --watch, a loop in a tap handler and a crash by index each bring the last good build back with every input before them and a panel naming the scene's line; a fixed save recovers with the history kept"
    )
    func watchSurvivesHangAndCrash() throws {
        try ScaffoldPackage.withShared { package in
            let original = try String(contentsOfFile: package.sceneFile, encoding: .utf8)
            let window = try WatchedWindow(package: package, width: 375, height: 667)
            defer { window.stop() }
            let toggle = "    private func toggle() {\n"
            try #require(
                original.contains(toggle), "the starter's toggle() changed: the test's edits no longer apply")

            // A click with the starter: the window writes its state as it goes, the click in it.
            try window.xdotool("mousemove", "--window", window.window, "94", "333", "click", "1")
            try #require(window.waitForDowns(atLeast: 1) != nil, "the window's state has no click")

            // New code that loops for ever in the tap handler when the square is on the right, as
            // after the first click (whose replay does not loop); a second click hangs it.
            let looping = original.replacingOccurrences(
                of: toggle, with: toggle + "        while onRight {}  // hangs\n")
            let loopLine = try #require(Self.line(of: "// hangs", in: looping))
            try looping.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 1, timeout: 240)
            try window.xdotool("mousemove", "--window", window.window, "94", "333", "click", "1")
            let hung = pollUntil(timeout: 120) {
                window.supervisor.errorOutput.contains("the new build hung") ? true : nil
            }
            try #require(hung == true, "no hang reported: \(window.supervisor.errorOutput.suffix(3000))")
            // The stuck frame: the loop's line, or only its file when the instruction caught has no
            // line in the debug info (a loop's own jump often has none). When the instruction has
            // no place of its own at all, the backtrace's first frame with one is the tap handler
            // that called toggle(), on its line (seen in about one run in ten): still the scene's.
            let hangPlace = "the new build hung in OrbitScene.toggle() (Sources/OrbitScene/OrbitScene.swift"
            let tapLine = try #require(Self.line(of: "self?.toggle()", in: looping))
            let caller =
                "the new build hung in closure #1 in OrbitScene.init(context:) (Sources/OrbitScene/OrbitScene.swift"
            #expect(
                window.supervisor.errorOutput.contains(hangPlace + ":\(loopLine):")
                    || window.supervisor.errorOutput.contains(hangPlace + ")")
                    || window.supervisor.errorOutput.contains(caller + ":\(tapLine):"),
                "the hang is not placed in toggle(), line \(loopLine), nor its tap handler, line \(tapLine): \(window.supervisor.errorOutput.suffix(3000))"
            )
            try window.waitForReload(number: 2, timeout: 60)  // the last good build, at the same moment
            #expect(window.waitForBuildPanel(), "no build panel after the hang")
            _ = try? window.screenshot(named: "watch-hung-375x667")
            #expect(window.waitForDowns(atLeast: 1) != nil, "the click before the hang is gone")

            // New code that traps on an index out of range in the tap handler, again when the square
            // is on the right; the next click crashes it.
            let crashing = original.replacingOccurrences(
                of: toggle, with: toggle + "        if onRight { _ = [0, 1][Int(bounds.width)] }  // traps\n")
            let trapLine = try #require(Self.line(of: "// traps", in: crashing))
            try crashing.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 3, timeout: 240)
            let before = try #require(window.waitForDowns(atLeast: 1), "the new build lost the history")
            try window.xdotool("mousemove", "--window", window.window, "281", "333", "click", "1")
            let crashed = pollUntil(timeout: 60) {
                window.supervisor.errorOutput.contains("the new build crashed") ? true : nil
            }
            try #require(crashed == true, "no crash reported: \(window.supervisor.errorOutput.suffix(3000))")
            #expect(
                window.supervisor.errorOutput.contains(
                    "the new build crashed: Fatal error: Index out of range (at Sources/OrbitScene/OrbitScene.swift:\(trapLine):"
                ),
                "the crash is not placed at the index, line \(trapLine): \(window.supervisor.errorOutput.suffix(3000))"
            )
            try window.waitForReload(number: 4, timeout: 60)
            #expect(window.waitForBuildPanel(), "no build panel after the crash")
            _ = try? window.screenshot(named: "watch-crashed-375x667")
            let after = try #require(
                window.waitForDowns(atLeast: before.count), "the clicks before the crash are gone")
            #expect(Array(after.prefix(before.count)) == before, "the history before the crash changed")

            // Fixed: the next build takes up the same history, with no panel.
            try original.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 5, timeout: 240)
            let fixed = try #require(
                window.waitForDowns(atLeast: after.count), "the fixed build lost the history")
            #expect(Array(fixed.prefix(after.count)) == after)
            #expect(fixed.first == "down 94.0 333.0", "the first click is not the first input: \(fixed)")
            #expect(try window.windowPID() != "", "the fixed build's window runs")
            window.expectOneBuildPerSave(3)
            for line in window.supervisor.errorOutput.split(separator: "\n")
            where line.hasPrefix("Orbit --watch: the") {
                print("watch test: \(line)")
            }
        }
    }

    @Test(
        "slow (~2 min after the shared build): under --watch, a loop in a display link and a crash by unwrapping nil each bring the last good build back with every input before them and a panel; a fixed save recovers with the history kept"
    )
    func watchSurvivesDisplayLinkLoopAndUnwrap() throws {
        try ScaffoldPackage.withShared { package in
            let original = try String(contentsOfFile: package.sceneFile, encoding: .utf8)
            let window = try WatchedWindow(package: package, width: 375, height: 667)
            defer { window.stop() }
            let toggled = "        onRight.toggle()\n"
            try #require(
                original.components(separatedBy: toggled).count == 2,
                "the starter's toggle() changed: the test's edits no longer apply")

            // A click with the starter: the square goes right; the state has the click.
            try window.xdotool("mousemove", "--window", window.window, "94", "333", "click", "1")
            try #require(window.waitForDowns(atLeast: 1) != nil, "the window's state has no click")

            // New code that unwraps nil on the click back to the left: Int("375.0") is nil.
            let crashing = original.replacingOccurrences(
                of: toggled,
                with: toggled
                    + "        if !onRight { _ = Int(String(describing: bounds.width))! }  // traps\n")
            let trapLine = try #require(Self.line(of: "// traps", in: crashing))
            try crashing.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 1, timeout: 240)
            let before = try #require(window.waitForDowns(atLeast: 1), "the new build lost the history")
            #expect(before == ["down 94.0 333.0"], "\(before)")
            try window.xdotool("mousemove", "--window", window.window, "281", "333", "click", "1")
            let crashed = pollUntil(timeout: 60) { () -> String? in
                window.supervisor.errorOutput.split(separator: "\n").first {
                    $0.contains("the new build crashed")
                }.map(
                    String.init)
            }
            let crashLine = try #require(
                crashed, "no crash reported: \(window.supervisor.errorOutput.suffix(3000))")
            #expect(
                crashLine.contains("Unexpectedly found nil while unwrapping an Optional value"),
                "\(crashLine)")
            #expect(
                crashLine.contains("(at Sources/OrbitScene/OrbitScene.swift:\(trapLine)"),
                "the crash is not placed at the unwrap, line \(trapLine): \(crashLine)")
            try window.waitForReload(number: 2, timeout: 60)
            #expect(window.waitForBuildPanel(), "no build panel after the crash")
            #expect(
                window.waitForDowns(atLeast: before.count).map { Array($0.prefix(before.count)) } == before,
                "the history before the crash changed")

            // New code whose click back to the left starts a display link that loops for ever in
            // its first frame (the replayed first click goes right and starts none).
            let looping = original.replacingOccurrences(
                of: toggled,
                with: toggled
                    + "        if !onRight { rootLayer.timeline.addDisplayLink { [weak self] _ in while self?.onRight == false {} } }  // hangs\n"
            )
            try looping.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 3, timeout: 240)
            try window.xdotool("mousemove", "--window", window.window, "281", "333", "click", "1")
            let hung = pollUntil(timeout: 120) { () -> String? in
                window.supervisor.errorOutput.split(separator: "\n").first {
                    $0.contains("the new build hung")
                }
                .map(
                    String.init)
            }
            let hangLine = try #require(
                hung, "no hang reported: \(window.supervisor.errorOutput.suffix(3000))")
            // Placed in the package's own code, not in the engine: the display link's closure in
            // OrbitScene.swift, or, when the backtrace caught the loop with the closure's frame
            // missing (seen once in CI: a leaf loop keeps no frame of its own), the package's main.
            #expect(
                hangLine.contains("(Sources/OrbitScene/OrbitScene.swift")
                    || hangLine.contains("(Sources/Orbit/main.swift"),
                "\(hangLine)")
            #expect(!hangLine.contains("/Sources/Animation/"), "placed in the engine: \(hangLine)")
            try window.waitForReload(number: 4, timeout: 60)  // the last good build, at the same moment
            #expect(window.waitForBuildPanel(), "no build panel after the hang")
            let after = try #require(
                window.waitForDowns(atLeast: before.count), "the clicks before the hang are gone")
            #expect(Array(after.prefix(before.count)) == before, "the history before the hang changed")

            // Fixed: the next build takes up the same history.
            try original.write(toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try window.waitForReload(number: 5, timeout: 240)
            let fixed = try #require(
                window.waitForDowns(atLeast: after.count), "the fixed build lost the history")
            #expect(Array(fixed.prefix(after.count)) == after)
            #expect(fixed.first == "down 94.0 333.0", "the first click is not the first input: \(fixed)")
            window.expectOneBuildPerSave(3)
            for line in window.supervisor.errorOutput.split(separator: "\n")
            where line.hasPrefix("Orbit --watch: the") {
                print("watch test: \(line)")
            }
        }
    }

    /// The 1-based number of the first line of `text` containing `marker`.
    static func line(of marker: String, in text: String) -> Int? {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(marker) }.map {
            $0 + 1
        }
    }
}

/// `NAME --watch` on a private Xvfb: the supervisor (no window) and the window it runs, which
/// is found by its title (each reload is a new window of a new process).
final class WatchedWindow {
    let server: Xvfb
    let supervisor: ChildProcess
    let package: ScaffoldPackage
    let width: Int
    let height: Int
    let shots: URL
    private(set) var window: String
    /// The pid of `window`'s process, read when it was found (the old window's, during a reload).
    private(set) var process: String
    private let xdotoolPath: String

    /// The rows compared with `render`: below the status line (`paused · 1.234 s`, drawn only in
    /// the window, at the top right).
    static let belowStatus = 40..<667

    init(package: ScaffoldPackage, width: Int, height: Int) throws {
        xdotoolPath = try MissingTool.require("xdotool", package: "xdotool")
        self.package = package
        self.width = width
        self.height = height
        shots = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        server = try Xvfb()
        supervisor = try ChildProcess(
            package.program,
            [
                "--watch", "--scene", "orbit", "--size", "\(width)x\(height)", "--screenshot-dir", shots.path,
            ], environment: server.environment.merging(["GDK_SCALE": "", "ANIMDEMO_NO_HINT": "1"]) { $1 })
        window = ""
        process = ""
        guard let found = findWindow(timeout: 20) else {
            let reason =
                supervisor.isRunning ? "no window within 20 s" : "it ended: \(supervisor.errorOutput)"
            stop()
            throw WindowTestError("Orbit --watch: \(reason)")
        }
        window = found
        process = try windowPID()
        try xdotool("mousemove", "--window", window, "5", "5")
    }

    deinit { stop() }

    /// Ends the supervisor (it passes the SIGTERM to its window and waits for it) and the server.
    func stop() {
        supervisor.send(SIGTERM)
        if supervisor.waitForExit(timeout: 10) == nil { supervisor.stop() }
        server.stop()
        try? FileManager.default.removeItem(at: shots)
    }

    /// The visible window titled for the program, of another process than `oldProcess` (a pid),
    /// polled for up to `timeout` s. During a reload the old window holds its picture until the
    /// new one shows its first frame, so two are titled for the program for a moment: this waits
    /// until only the new one is. The old window is told apart by its process, not its id: an X
    /// server gives a new client the slot of one that left, and with it the same window ids.
    func findWindow(timeout: Double, otherThanProcess oldProcess: String? = nil) -> String? {
        pollUntil(timeout: timeout, interval: 0.05) { () -> String? in
            let search = try? ProcessRunner.run(
                xdotoolPath, ["search", "--onlyvisible", "--name", "^Orbit — "],
                environment: server.environment)
            let found = search?.output.split(separator: "\n").map(String.init) ?? []
            guard found.count == 1, let window = found.first else { return nil }
            guard let oldProcess else { return window }
            let pid = try? ProcessRunner.run(
                xdotoolPath, ["getwindowpid", window], environment: server.environment)
            guard let pid, pid.status == 0 else { return nil }
            let process = pid.output.trimmingCharacters(in: .whitespacesAndNewlines)
            return process.isEmpty || process == oldProcess ? nil : window
        }
    }

    @discardableResult
    func xdotool(_ arguments: String...) throws -> String { try server.xdotool(arguments) }

    func title() throws -> String { try xdotool("getwindowname", window).trimmingCharacters(in: .newlines) }

    /// `X,Y WIDTHxHEIGHT` from `xdotool getwindowgeometry` (no window manager: no frame).
    func geometry() throws -> String {
        let lines = try xdotool("getwindowgeometry", window).split(separator: "\n")
        let position = lines.first { $0.contains("Position:") }?.split(separator: " ").dropFirst().first ?? ""
        let size = lines.first { $0.contains("Geometry:") }?.split(separator: " ").last ?? ""
        return "\(position) \(size)"
    }

    func windowPID() throws -> String {
        try xdotool("getwindowpid", window).trimmingCharacters(in: .newlines)
    }

    /// Waits until the supervisor's stderr has `number` `reloaded at` lines (the new build took
    /// up the state), then finds the new window.
    func waitForReload(number: Int, timeout: Double) throws {
        let reloaded = pollUntil(timeout: timeout, interval: 0.05) { () -> Bool? in
            supervisor.errorOutput.components(separatedBy: "reloaded at").count - 1 >= number ? true : nil
        }
        guard reloaded == true else {
            throw WindowTestError("no reload \(number) within \(timeout) s: \(supervisor.errorOutput)")
        }
        guard let found = findWindow(timeout: 10, otherThanProcess: process) else {
            throw WindowTestError("no window after reload \(number)")
        }
        window = found
        process = try windowPID()
        try xdotool("mousemove", "--window", window, "5", "5")
    }

    /// Each of the test's `saves` (each a change) built once: a save is several file events (an
    /// atomic write's rename and its close after it), which on a busy machine may come apart;
    /// a second build of the same code met a window hung in it and took it over, unreported.
    /// No other build is under way: each save was waited for (its reload, or its crash).
    func expectOneBuildPerSave(_ saves: Int) {
        let builds = supervisor.errorOutput.components(separatedBy: "Orbit --watch: built in ").count - 1
        #expect(
            builds == saves, "\(builds) builds for \(saves) saves: \(supervisor.errorOutput.suffix(3000))")
        #expect(
            !supervisor.errorOutput.contains("did not hand over"),
            "a hung build was taken over: \(supervisor.errorOutput.suffix(3000))")
    }

    func capture() throws -> WindowCapture {
        try WindowCapture.capture(window: window, environment: server.environment)
    }

    /// Waits until the rows below the status line show `frame`.
    func waitUntilShowing(_ frame: RenderedFrame, timeout: Double) -> (capture: WindowCapture?, shown: Bool) {
        var last: WindowCapture?
        let shown = pollUntil(timeout: timeout, interval: 0.05) { () -> Bool? in
            last = try? capture()
            return last?.differingPixels(from: frame, rows: Self.belowStatus) == 0 ? true : nil
        }
        return (last, shown == true)
    }

    /// `render` of the built program with the state's input, at its scene time, the same size.
    func render(state: WatchState) throws -> RenderedFrame {
        var lines: [String] = []
        for frame in try #require(state.history.history()).frames where !frame.input.isEmpty {
            for event in frame.input { lines.append("\(frame.time) \(StoredHistory.line(event))") }
        }
        let out = shots.appendingPathComponent("render-\(UUID().uuidString)").path
        let result = try package.run([
            package.program, "render", "--scene", "orbit", "--size", "\(width)x\(height)", "--events",
            lines.joined(separator: "\n"), "--at", "\(state.sceneTime)", "--out", out,
        ])
        guard result.status == 0 else { throw WindowTestError("render: \(result.output)") }
        let files = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".png") }
        guard let file = files.first, files.count == 1 else { throw WindowTestError("render wrote \(files)") }
        return try RenderedFrame(contentsOfPNG: (out as NSString).appendingPathComponent(file))
    }

    /// `s` pressed, the screenshot read, and kept under `.build/watch-window/NAME.png` to look at.
    func screenshot(named name: String) throws -> RenderedFrame {
        let before = savedPaths.count
        try xdotool("key", "s")
        guard let path = pollUntil(timeout: 5, { savedPaths.count > before ? savedPaths.last : nil }) else {
            throw WindowTestError("no `saved PATH` line: \(supervisor.errorOutput)")
        }
        let frame = try RenderedFrame(contentsOfPNG: path)
        let folder = ProgramRun.packageRoot.appendingPathComponent(".build/watch-window")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? frame.writePNG(to: folder.appendingPathComponent("\(name).png").path)
        return frame
    }

    private var savedPaths: [String] {
        supervisor.output.split(separator: "\n").filter { $0.hasPrefix("saved ") }.map {
            String($0.dropFirst(6))
        }
    }

    /// The `down X Y` inputs of the state the window writes as it goes, once it has at least
    /// `count` of them (polled for up to a minute); nil if it never has.
    func waitForDowns(atLeast count: Int) -> [String]? {
        let file = URL(fileURLWithPath: package.path(".build/watch/state.json"))
        return pollUntil(timeout: 60, interval: 0.1) { () -> [String]? in
            guard let data = try? Data(contentsOf: file), let state = try? WatchState(json: data) else {
                return nil
            }
            let downs = state.history.frames.flatMap { $0.input ?? [] }.filter { $0.hasPrefix("down ") }
            return downs.count >= count ? downs : nil
        }
    }

    /// Whether the build panel shows within a few seconds.
    func waitForBuildPanel() -> Bool {
        pollUntil(timeout: 10) { () -> Bool? in
            guard let capture = try? capture() else { return nil }
            return Self.showsBuildPanel(capture) ? true : nil
        } == true
    }

    /// The build panel's dark ground along the window's bottom and its red headline above.
    static func showsBuildPanel(_ capture: WindowCapture) -> Bool {
        let bottom = capture.pixels[(capture.height - 3) * capture.width + 3]
        // PanelStyle.background (0.08, 0.09, 0.12) is (20, 23, 31) in 8 bits, ±2 for rounding.
        let isGround = abs(Int(bottom >> 16 & 0xFF) - 20) <= 2 && abs(Int(bottom & 0xFF) - 31) <= 2
        let reds = capture.pixels.filter {
            ($0 >> 16 & 0xFF) > 220 && ($0 >> 8 & 0xFF) < 140 && ($0 & 0xFF) < 140
        }
        return isGround && reds.count > 50
    }

    static func showsBuildPanel(_ frame: RenderedFrame) -> Bool {
        guard let ground = frame.color(x: 3, y: frame.height - 3) else { return false }
        return abs(ground.red - 0.08) < 0.01 && abs(ground.blue - 0.12) < 0.01
    }
}
