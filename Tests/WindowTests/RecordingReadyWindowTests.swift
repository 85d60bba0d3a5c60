import Foundation
import Render
import TestSupport
import Testing

/// The optimized program, for tests of its speed.
enum OptimizedAnimdemo {
    /// `$ANIMDEMO_BIN`, else the release build under the package root, if built.
    static let path: String? = {
        if let path = ProcessInfo.processInfo.environment["ANIMDEMO_BIN"], !path.isEmpty {
            return path
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let release = packageRoot.appendingPathComponent(".build/release/animdemo").path
        return FileManager.default.isExecutableFile(atPath: release) ? release : nil
    }()
}

/// A recording in the window is whole once it is saved: the encoder keeps up while recording
/// (`WindowRecording.effort`, docs/performance-recording.md), the file appears under its name
/// after the second `g`, decodes, and holds the time between the two keys.
///
/// How soon after the second `g` it is saved is speed, not correctness: measured by
/// `Scripts/window-recording.sh` (docs/PERFORMANCE.md § Recording), not here.
///
/// Runs the optimized program (`$ANIMDEMO_BIN`, else `.build/release/animdemo`) and is skipped
/// without one: a debug build's encoders are far slower (GIF's palettes 76 ms a frame of fish
/// against 10 ms, `bench --encode gif --fast`), so 10 s of fish would take minutes to save.
@Suite(
    "A window recording is whole when it is saved", .serialized, .timeLimit(.minutes(10)),
    .enabled(if: OptimizedAnimdemo.path != nil, "needs `swift build -c release`"))
struct RecordingReadyWindowTests {
    /// How long the test waits for the file after the second `g`: a deadline for a hang, not a
    /// bound on speed (the release build saves within 0.1 s on a quiet machine).
    static let deadline = 120.0

    @Test(
        "g, 10 s of fish at 800×600, g: the file is saved whole, decodes and holds the time between the keys",
        arguments: ["gif", "webp"])
    func wholeAfterStop(format: String) throws {
        let app = try RunningWindow(
            scene: "fish", width: 800, height: 600, arguments: ["--record-format", format],
            executable: OptimizedAnimdemo.path)
        defer { app.stop() }
        let drawn = pollUntil(timeout: 10, interval: 0.05) { () -> Bool? in
            guard let capture = try? app.capture() else { return nil }
            return capture.pixels[5 * capture.width + 5] != 0 ? true : nil  // xwd reads black before
        }
        #expect(drawn == true, "nothing drawn in the window")
        let pressed = Date()
        try app.key("g")
        // The dot shows once the recording runs: it started between the key and this capture.
        let dot = pollUntil(timeout: 30, interval: 0.01) {
            (try? app.capture()).flatMap { RecordingWindowTests.showsDot($0, width: 800) ? Date() : nil }
        }
        let started = try #require(dot, "no recording dot after g")
        Thread.sleep(forTimeInterval: 10)  // the recording's length: input, as a hand would pace it
        let stopping = Date()
        try app.key("g")
        // The program prints `saved PATH` once the file is whole under its name (written
        // under a temporary name, then renamed), so the line is the moment it exists.
        let saved = pollUntil(timeout: Self.deadline, interval: 0.01) { () -> (String, Date)? in
            app.savedPaths.first { $0.hasSuffix(".\(format)") }.map { ($0, Date()) }
        }
        guard let (path, savedAt) = saved else {
            let output = "stdout: \(app.program.output) stderr: \(app.program.errorOutput)"
            Issue.record("no .\(format) saved within \(Self.deadline) s of the second g; \(output)")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: app.screenshotDirectory.path)
        #expect(files == [URL(fileURLWithPath: path).lastPathComponent], "no temporary file left: \(files)")
        let animation = try DecodedAnimation(contentsOfFile: path)
        #expect(animation.width == 800 && animation.height == 600)
        // The recording ran at least from the dot seen to the second g sent, and at most from
        // the first g sent to the saved line read: bounds from the test's own clock, true at
        // any speed. Tolerance: a frame at each end (1/30 s) and GIF's delays in hundredths.
        let seconds = Double(animation.totalMilliseconds) / 1000
        let (least, most) = (stopping.timeIntervalSince(started), savedAt.timeIntervalSince(pressed))
        #expect(
            seconds >= least - 0.1 && seconds <= most + 0.1,
            "\(seconds) s recorded, between \(least) and \(most) s expected")
        #expect(animation.frames.count >= 30, "\(animation.frames.count) frames: the fish swims")
        #expect(app.program.errorOutput.isEmpty, "stderr: \(app.program.errorOutput)")
    }
}
