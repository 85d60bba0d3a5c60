import Foundation
import TestSupport
import Testing

/// Interrupted is the same as failed (issue 31, item 2; README § Command line): SIGINT,
/// SIGTERM or SIGHUP during `render` or `record` leaves the output as it was (no temporary
/// file, no folder the run made) and ends with 128 + the signal (130, 143, 129).
@Suite("Interrupted runs", .serialized, .timeLimit(.minutes(10)))
struct InterruptTests {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    /// The program reports `ready` once its handlers are installed (`TestReport`).
    static let reporting = ["ANIMDEMO_TEST_REPORT": "1"]

    /// `--at 0.1 … --at 30.0`: 300 frames of 1600×1200, a render of half a minute or more in a
    /// debug build (0.15 s a frame), writing from its first tenth of a second: a signal after
    /// two frames, or at any of the random moments, finds it writing. (2,000 `--at`s took
    /// swift-argument-parser's debug build 10 s of CPU to parse, quadratic in their number,
    /// before anything ran.)
    static let longRender =
        ["render", "--scene", "fish", "--size", "1600x1200"]
        + (1...300).flatMap { ["--at", String(format: "%.1f", Double($0) / 10)] }

    /// Every name in `folder`, hidden ones included, sorted; nil if it does not exist.
    static func contents(_ folder: URL) -> [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.sorted()
    }

    /// The temporary files under `folder`.
    static func partials(_ folder: URL) -> [String] {
        (contents(folder) ?? []).filter { $0.hasSuffix(".partial") }
    }

    @Test(
        "a signal while render writes its frames: no .partial file, no folder it made, 128 + N",
        arguments: signals)
    func renderMidway(signal: Int32) throws {
        try LimitedRun.withScratch("interrupt") { scratch in
            let out = scratch.appendingPathComponent("made/by/render")
            let program = try ChildProcess(
                ProgramRun.executable.path, Self.longRender + ["--out", out.path], environment: Self.reporting
            )
            defer { program.stop() }
            // Frames are written as they come and renamed at the end: wait for two of them (the
            // deadline guards a hang; on a busy machine two frames took over 30 s).
            try #require(program.waitUntilReady(timeout: 300), "render never became ready")
            let writing = pollUntil(timeout: 300, interval: 0.01) {
                Self.partials(out).count >= 2 ? true : nil
            }
            try #require(writing == true, "no temporary frames within 300 s: \(program.errorOutput)")
            program.send(signal)
            let ending = program.waitForExit(timeout: 120)
            #expect(ending == .exited(128 + signal), "\(String(describing: ending)): \(program.errorOutput)")
            #expect(
                !FileManager.default.fileExists(atPath: scratch.path), "left: \(Self.contents(out) ?? [])")
        }
    }

    @Test("render interrupted at random moments leaves a folder that existed as it was")
    func renderAtRandomMoments() throws {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<8 {
            let signal = Self.signals[trial % 3]
            // From before the handlers are installed (then the signal's default action ends it,
            // with nothing made yet) to well into the writing: a random moment on purpose, not
            // a wait for a state. Once `ready` was reported, only 128 + N will do.
            let delay = Double.random(in: 0...1.5, using: &generator)
            try LimitedRun.withScratch("random") { out in
                try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
                try Data("the user's\n".utf8).write(to: out.appendingPathComponent("fish-000100.png"))
                let program = try ChildProcess(
                    ProgramRun.executable.path, Self.longRender + ["--out", out.path],
                    environment: Self.reporting)
                defer { program.stop() }
                Thread.sleep(forTimeInterval: delay)
                let wasReady = program.reportLines.contains("ready")
                program.send(signal)
                let ending = program.waitForExit(timeout: 120)
                #expect(
                    ending == .exited(128 + signal) || (!wasReady && ending == .killed(signal: signal)),
                    "trial \(trial), \(delay) s, ready: \(wasReady): \(String(describing: ending)): \(program.errorOutput)"
                )
                #expect(
                    Self.contents(out) == ["fish-000100.png"],
                    "trial \(trial), signal \(signal) after \(delay) s")
                let kept = try String(
                    contentsOf: out.appendingPathComponent("fish-000100.png"), encoding: .utf8)
                #expect(kept == "the user's\n", "the user's file was replaced")
            }
        }
    }

    @Test("a signal while record runs its frames: no file, 128 + N", arguments: signals)
    func recordMidway(signal: Int32) throws {
        try LimitedRun.withScratch("record") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let program = try ChildProcess(
                ProgramRun.executable.path,
                [
                    "record", "--scene", "fish", "--size", "1600x1200", "--from", "0", "--to", "60", "--out",
                    folder.appendingPathComponent("fish.gif").path,
                ], environment: Self.reporting)
            defer { program.stop() }
            // Past the checks, the handlers installed: 2,700 frames of 1600×1200 to go.
            #expect(program.waitUntilReady(timeout: 60), "no `ready` line: \(program.rawErrorOutput)")
            #expect(program.isRunning, "record ended before the signal: \(program.errorOutput)")
            program.send(signal)
            let ending = program.waitForExit(timeout: 120)
            #expect(ending == .exited(128 + signal), "\(String(describing: ending)): \(program.errorOutput)")
            #expect(Self.contents(folder) == [], "left: \(Self.contents(folder) ?? [])")
        }
    }
}
