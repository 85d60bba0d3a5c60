import Foundation
import Render
import TestSupport
import Testing

/// Nothing lost, nothing left behind (issue 31): a recording survives a signal and the X
/// server's death; no shared memory survives even SIGKILL; broken images and a window too
/// large for X are refused before a window opens.
@Suite("Nothing lost, nothing left behind", .serialized, .timeLimit(.minutes(10)))
struct NothingLeftBehindTests {
    /// Waits for a first frame, presses `g`, waits for the recording dot, taps so that the
    /// frames change, and waits until the window shows the tap's end (its frames are kept).
    static func startRecording(_ app: RunningWindow) throws {
        let drawn = pollUntil(timeout: 5, interval: 0.05) { () -> Bool? in
            guard let capture = try? app.capture() else { return nil }
            return capture.pixels[5 * capture.width + 5] != 0 ? true : nil  // xwd reads black before
        }
        #expect(drawn == true, "nothing drawn in the window")
        try app.key("g")
        let dot = pollUntil(timeout: 5) {
            (try? app.capture()).flatMap { RecordingWindowTests.showsDot($0) ? true : nil }
        }
        #expect(dot == true, "no red dot while recording")
        let tapped = try TestScene.tappedFrame()
        try app.click(x: Int(TestScene.tap.x), y: Int(TestScene.tap.y))
        let settled = pollUntil(timeout: 10) {
            (try? app.capture())?.differingPixels(from: tapped, rows: RecordingWindowTests.sceneRows) == 0
                ? true : nil
        }
        #expect(settled == true, "the window never showed the tapped scene")
    }

    /// The one GIF in `app`'s folder, decoded: no temporary file beside it.
    static func expectOneRecording(in app: RunningWindow, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let files = try FileManager.default.contentsOfDirectory(atPath: app.screenshotDirectory.path)
        #expect(
            files.count == 1 && files[0].hasSuffix(".gif"), "files: \(files)", sourceLocation: sourceLocation)
        guard let name = files.first, name.hasSuffix(".gif") else { return }
        let animation = try DecodedAnimation(
            contentsOfFile: app.screenshotDirectory.appendingPathComponent(name).path)
        // Started before the tap and saved after its half second of animation ended: at least
        // 10 frames at 30 fps.
        #expect(
            animation.frames.count >= 10, "\(animation.frames.count) frames", sourceLocation: sourceLocation)
        #expect(
            app.savedPaths.contains { $0.hasSuffix(name) }, "stdout: \(app.program.output)",
            sourceLocation: sourceLocation)
    }

    @Test(
        "a signal while recording: the recording is saved, then status 128 + N", arguments: [SIGTERM, SIGHUP])
    func signalSavesTheRecording(signal: Int32) throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try Self.startRecording(app)
        app.program.send(signal)
        let ending = app.program.waitForExit(timeout: 60)
        #expect(ending == .exited(128 + signal), "\(String(describing: ending)): \(app.program.errorOutput)")
        try Self.expectOneRecording(in: app)
    }

    @Test("the X server killed while recording: the frames captured are saved, then one line and status 1")
    func serverDeathSavesTheRecording() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try Self.startRecording(app)
        app.server.process.stop()  // SIGKILL: the connection drops at once
        let ending = app.program.waitForExit(timeout: 60)
        #expect(ending == .exited(1), "\(String(describing: ending)): \(app.program.errorOutput)")
        let lines = app.program.errorOutput.split(separator: "\n")
        #expect(
            lines.count == 1 && lines.first?.contains("the X server went away") == true, "stderr: \(lines)")
        try Self.expectOneRecording(in: app)
    }

    /// The shared-memory segments `pid` created (ids, from /proc/sysvipc/shm: what `ipcs -m -p` lists).
    static func segments(createdBy pid: Int32) -> [Int32] {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return [] }
        // Columns: key shmid perms size cpid lpid nattch …
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 && fields[4] == "\(pid)" ? Int32(fields[1]) : nil
        }
    }

    @Test("SIGKILL while the window waits for the server to attach a new segment leaves no shared memory")
    func killedMidResize() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        let server = app.server.process.pid
        let pid = app.program.pid
        defer {
            kill(server, SIGCONT)
            // What a failing run left: removed here, not left to the machine.
            for id in Self.segments(createdBy: pid) { shmctl(id, IPC_RMID, nil) }
        }
        #expect(Self.segments(createdBy: pid).count == 1)
        // Idle first, waiting for input with nothing unsent: stopped mid-frame on a loaded
        // machine, it once resumed into a round trip to the stopped server before it read the
        // resize, and made no second segment.
        #expect(app.waitUntilIdle() != nil, "the window never went idle")
        // The program stopped, the server resizes the window and queues the ConfigureNotify in
        // the program's socket; then the server stops and the program runs on: it makes a
        // bigger segment and waits, in XSync, for a server that will never answer.
        kill(pid, SIGSTOP)
        try app.xdotool("windowsize", "--sync", app.window, "1200", "900")
        kill(server, SIGSTOP)
        kill(pid, SIGCONT)
        let waiting = pollUntil(timeout: 5) { Self.segments(createdBy: pid).count >= 2 ? true : nil }
        #expect(waiting == true, "no second segment; now in: \(app.currentSyscall)")
        kill(pid, SIGKILL)
        #expect(app.program.waitForExit(timeout: 5) == .killed(signal: SIGKILL))
        kill(server, SIGCONT)  // it sees the client gone and detaches what it attached
        let released = pollUntil(timeout: 5) { Self.segments(createdBy: pid).isEmpty ? true : nil }
        #expect(released == true, "segments left by \(pid): \(Self.segments(createdBy: pid))")
    }

    @Test("SIGKILL at random moments of a resize storm leaves no shared memory (8 trials)")
    func killedDuringResizeStorm() throws {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<8 {
            let app = try RunningWindow()
            defer { app.stop() }
            let pid = app.program.pid
            defer { for id in Self.segments(createdBy: pid) { shmctl(id, IPC_RMID, nil) } }
            let sizes = (0..<6).map { _ in
                (Int.random(in: 200...2500, using: &generator), Int.random(in: 200...2000, using: &generator))
            }
            for (width, height) in sizes {
                try app.xdotool("windowsize", app.window, "\(width)", "\(height)")
            }
            // A random moment of the storm (random on purpose, not a wait for a state).
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.05, using: &generator))
            app.program.stop()  // SIGKILL
            let released = pollUntil(timeout: 5) { Self.segments(createdBy: pid).isEmpty ? true : nil }
            #expect(
                released == true, "trial \(trial): segments left by \(pid): \(Self.segments(createdBy: pid))")
        }
    }

    /// Runs the window program on a fresh Xvfb with `arguments` until it ends (it must, at once).
    static func runUntilRefused(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        ChildProcess.Ending?, String
    ) {
        let server = try Xvfb()
        defer { server.stop() }
        let program = try ChildProcess(
            try Animdemo.executable(), ["--scene", TestScene.name] + arguments,
            environment: server.environment.merging(environment) { $1 })
        defer { program.stop() }
        return (program.waitForExit(timeout: 10), program.errorOutput)
    }

    @Test("a broken image: the window says which, on stderr, and ends with status 2 before it opens")
    func brokenImage() throws {
        try ScratchFolder.withScratch { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let (ending, stderr) = try Self.runUntilRefused(["--assets", folder.path])
            #expect(ending == .exited(2), "\(String(describing: ending))")
            #expect(
                stderr
                    == "animdemo: error: cannot read the image \(folder.path)/fish.png: No such file or directory\n"
            )
        }
    }

    @Test("--size times the desktop's scale past 32767 pixels: one line, status 2, before a window")
    func tooLargeAtTheDesktopScale() throws {
        let (ending, stderr) = try Self.runUntilRefused(
            ["--size", "8192x8192"], environment: ["GDK_SCALE": "4"])
        #expect(ending == .exited(2), "\(String(describing: ending)): \(stderr)")
        #expect(stderr.split(separator: "\n").count == 1, "\(stderr)")
        #expect(stderr.contains("32768x32768 pixels"), "\(stderr)")
    }
}

/// A fresh folder path for one test, removed at the end.
enum ScratchFolder {
    static func withScratch<T>(_ body: (URL) throws -> T) rethrows -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-window-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
