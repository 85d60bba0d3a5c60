import Animation
import Foundation
import Render
import TestSupport
import Testing

/// The panels in the real window, driven with xdotool as a learner would
/// (docs/ARCHITECTURE.md § Panels): clicks on a panel stay in it, Escape closes before it
/// quits, the scene's hint shows on open.
@Suite("Panels in a window", .serialized, .timeLimit(.minutes(10)))
struct PanelWindowTests {
    /// The scene time in the title while paused (`… — paused at 1.250 s`).
    func pausedTime(_ app: RunningWindow) throws -> Double? {
        let title = try app.title()
        guard let range = title.range(of: "paused at ") else { return nil }
        return Double(title[range.upperBound...].split(separator: " ").first ?? "")
    }

    @Test("checkmark: clicks on the inspector's axis travel in time and never reach the scene")
    func axisClicks() throws {
        let app = try RunningWindow(scene: "checkmark", width: 800, height: 600)
        defer { app.stop() }
        try app.key("i")
        #expect(app.waitUntilIdle() != nil, "the inspector never settled")
        try app.click(x: 200, y: 150)  // the scene (above the inspector): check → X
        #expect(app.waitUntilIdle() != nil, "the tap's animations never ended")  // the X at rest
        try app.key("space")
        let pausedAt = try #require(pollUntil(timeout: 5) { try? pausedTime(app) })
        let atPause = try app.screenshot().frame
        // The axis is 30 px under the inspector's top, which is 40 % of 600 px up at most.
        let axisY = 600 - 206 + 28
        try app.click(x: 230, y: axisY)  // near 0 s
        let early = try #require(
            pollUntil(timeout: 5) { try? pausedTime(app).flatMap { $0 < 0.2 ? $0 : nil } })
        let before = try app.screenshot().frame
        try app.click(x: 300, y: axisY)  // the same height, later on the axis: still the panel
        _ = pollUntil(timeout: 5) { try? pausedTime(app).flatMap { $0 > early ? $0 : nil } }
        // Forward again, a second at a time, to the moment paused: the tap is still recorded.
        for _ in 0..<Int(pausedAt.rounded(.up)) + 1 { try app.key("Next") }
        let back = try #require(
            pollUntil(timeout: 5) { try? pausedTime(app).flatMap { $0 >= pausedAt - 1e-6 ? $0 : nil } })
        #expect(abs(back - pausedAt) < 1e-3 || back > pausedAt)
        let again = try app.screenshot().frame
        let sceneRows = 0..<(600 - 206)
        func differing(_ a: RenderedFrame, _ b: RenderedFrame) -> Int {
            var count = 0
            for y in sceneRows {
                for x in stride(from: 0, to: 800, by: 2) where a.color(x: x, y: y) != b.color(x: x, y: y) {
                    count += 1
                }
            }
            return count
        }
        #expect(differing(before, atPause) > 100, "at 0 s the check shows, not the X")
        // Paused past the end of the tap's animations: the X is back, pixel for pixel.
        #expect(
            differing(again, atPause) == 0, "the X did not come back: \(differing(again, atPause)) pixels")
    }

    /// The debug overlay wakes the window every frame, paused too, so the window is never idle:
    /// the whole draw that makes a paused frame `render`'s (`EventLoop.wholeDrawTime`) then
    /// comes after a frame that changed nothing. Before, it waited for an idle that never came.
    @Test("paused with the debug overlay on, a change is drawn again whole")
    func wholeDrawWithDebugOverlay() throws {
        let app = try RunningWindow(scene: "checkmark", width: 800, height: 600)
        defer { app.stop() }
        try app.key("k")
        try app.key("space")
        #expect(app.waitUntilIdle() != nil, "the knob panel never settled")
        try app.key("d")
        let wholeDraws = { app.program.reportLines.filter { $0.hasPrefix("whole frame ") }.count }
        let before = wholeDraws()
        // The next knob chosen: two rows of the panel repainted, clipped to their damage.
        try app.key("Down")
        #expect(
            pollUntil(timeout: 10) { wholeDraws() > before ? true : nil } == true,
            "no whole draw after the change: \(app.program.reportLines.suffix(5))")
    }

    @Test("Escape closes the help, then the knob panel, and only then quits")
    func escape() throws {
        let app = try RunningWindow(scene: "elastic", width: 800, height: 600)
        defer { app.stop() }
        try app.key("k")
        try app.key("h")
        #expect(app.waitUntilIdle() != nil, "the panels never settled")
        try app.key("Escape")
        try app.key("Escape")
        // Both read and their frames drawn: the program is still there.
        #expect(app.waitUntilIdle() != nil, "Escape quit with a panel open: \(app.program.errorOutput)")
        #expect(app.program.isRunning, "Escape quit with a panel open")
        try app.key("Escape")
        #expect(
            pollUntil(timeout: 5) { app.program.isRunning ? nil : true } == true,
            "Escape with no panel did not quit")
    }
}
