import Foundation
import Render
import TestSupport
import Testing

/// The scaffold's own program in a window (README § Write your own scene): what `animdemo new`
/// writes opens the window a person clicks, and the click draws what its `render` draws.
@Suite("animdemo new, in a window")
struct ScaffoldWindowTests {
    /// Runs `arguments` in `folder` to completion; the status and both streams together.
    static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "slow (~1 min, it builds the scaffold): a click in Orbit's window springs the square as its render does"
    )
    func clickInTheWindow() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "animdemo-scaffold-\(UUID())")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try ProgramRun.animdemo(["new", "Orbit", "--path", folder])
        try #require(made.status == 0, "\(made.stderr)")
        let build = try Self.run(["swift", "build"], in: folder)
        try #require(build.status == 0, "swift build: \(build.output.suffix(2000))")
        let program = (folder as NSString).appendingPathComponent(".build/debug/Orbit")

        // The engine's answer: the square settled on the right after a click (the spring of
        // stiffness 200 settles in under 2 s).
        let render = try Self.run(
            [
                program, "render", "--scene", "orbit", "--size", "400x300", "--events", "0.1 tap 200 150",
                "--at", "3",
                "--out", "o",
            ], in: folder)
        try #require(render.status == 0, "render: \(render.output)")
        let settled = try RenderedFrame(
            contentsOfPNG: (folder as NSString).appendingPathComponent("o/orbit-003000.png"))

        let app = try RunningWindow(scene: "orbit", width: 400, height: 300, executable: program)
        defer { app.stop() }
        #expect(
            !app.waitUntilShowing(settled, timeout: 0.5).shown, "the square is on the right before a click")
        try app.click(x: 200, y: 150)
        // The spring overshoots and swings back: on its way it crosses the resting picture
        // (within the comparison's 2/255) before it settles, so wait out its settling (about
        // 1.4 s: the decay rate is damping / 2 = 5 per second, to a thousandth) first.
        Thread.sleep(forTimeInterval: 2.5)
        #expect(
            app.waitUntilShowing(settled, timeout: 10).shown, "the click did not spring the square across")
        let shot = try app.screenshot()
        #expect(shot.frame.matches(settled), "screenshot \(shot.path) is not render's frame after the click")
    }
}
