import Foundation
import Session
import TestSupport
import Testing

/// `l` in the window exports the recorded history as a Lottie animation beside the screenshots
/// (docs/LOTTIE.md § The window's key): the file `animdemo export --session` writes for the
/// moment `b` saves, and one that rlottie draws as animdemo renders the moment.
@Suite("Lottie export from the window", .serialized, .timeLimit(.minutes(10)))
struct LottieWindowTests {
    @Test("l saves the history as Lottie: export --session's bytes for b's file, valid, drawn by rlottie")
    func exportKey() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(app.waitUntilShowing(try TestScene.restingFrame()).shown)
        try app.click(x: Int(TestScene.tap.x), y: Int(TestScene.tap.y))
        #expect(app.waitUntilIdle() != nil, "the tap never settled")
        // Paused, so that b and l see the same history.
        try app.key("space")
        let paused = pollUntil(timeout: 10) { (try? app.title().contains("paused")) == true ? true : nil }
        let title = (try? app.title()) ?? ""
        try #require(paused == true, "the window did not pause: \(title)")

        try app.key("b")
        let session = try RecordingWindowTests.waitForSaved(app, suffix: ".animdemo", after: 0)
        try app.key("l")
        let exported = try RecordingWindowTests.waitForSaved(app, suffix: ".json", after: 1)
        #expect(URL(fileURLWithPath: exported).lastPathComponent.hasPrefix("animdemo-\(TestScene.name)-"))
        #expect(exported.hasPrefix(app.screenshotDirectory.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: app.screenshotDirectory.path)
        #expect(files.filter { $0.hasPrefix(".") }.isEmpty, "a temporary file left: \(files)")
        #expect(app.program.isRunning, "the window ended: \(app.program.errorOutput)")

        // The span: the whole history (under 60 s), up to just past its last frame.
        let state = try WatchState(json: Data(contentsOf: URL(fileURLWithPath: session)))
        let fps = state.history.fps
        let last = try #require(state.history.history()?.frames.last?.time)
        let end = Int((last * Double(fps) + 1e-9).rounded(.down)) + 1
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-lottie-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let expected = work.appendingPathComponent("expected.json").path
        let cli = try ProgramRun.animdemo([
            "export", "--session", session, "--from", "0", "--to", "\(Double(end) / Double(fps))", "--out",
            expected,
        ])
        try #require(cli.status == 0, "export --session: \(cli.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: exported))
        let wanted = try Data(contentsOf: URL(fileURLWithPath: expected))
        #expect(!bytes.isEmpty && bytes == wanted, "the window's export differs from export --session's")
        let json = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(json["op"] as? Int == end, "op \(json["op"] ?? "none") for \(end) frames")
        #expect(json["fr"] as? Int == fps)
        #expect((json["layers"] as? [Any])?.isEmpty == false)

        // The last frame, the paused moment, drawn by rlottie and by render --session.
        #expect(try LottieCheck.isValid(exported), "\(exported) does not validate")
        let frames = work.appendingPathComponent("frames")
        let render = try ProgramRun.animdemo(["render", "--session", session, "--out", frames.path])
        try #require(render.status == 0, "render --session: \(render.stderr)")
        let png = try #require(
            try FileManager.default.contentsOfDirectory(atPath: frames.path).first { $0.hasSuffix(".png") })
        let comparisons = try LottieCheck.compare(
            exported, frames: [(end - 1, frames.appendingPathComponent(png).path)])
        #expect(comparisons.count == 1)
        for comparison in comparisons {
            // As ExportCommandTests requires of the checkmark (docs/LOTTIE.md § How close).
            #expect(comparison.iou >= 0.9, "ink overlap \(comparison.iou)")
            #expect(comparison.colour <= 12, "colour \(comparison.colour)")
        }
    }
}
