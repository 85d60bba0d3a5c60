import Animation
import Foundation
import Render
import TestSupport
import Testing

/// `g` records the window and `s` takes screenshots, both of what the scene shows: without the
/// toast of an earlier file and without the recording dot (README § Keys).
@Suite("Recording and screenshots in a window", .serialized, .timeLimit(.minutes(10)))
struct RecordingWindowTests {
    /// The recording dot's centre (FrameCapture: 12 px, 10 px from the top and right edges).
    static let dotCenter = Point(x: Double(TestScene.width) - 16, y: 16)
    static let red = Color(red: 0.9, green: 0.1, blue: 0.1)
    /// Rows clear of the dot (top) and the toast (the bottom 44 px): the scene alone.
    static let sceneRows = 30..<(TestScene.height - 50)

    /// Whether the window shows the red dot (12 px, 10 px from the top and right edges of a
    /// window `width` wide).
    static func showsDot(_ capture: WindowCapture, width: Int = TestScene.width) -> Bool {
        let center = (x: width - 16, y: Int(dotCenter.y))
        guard center.x < capture.width, center.y < capture.height else { return false }
        let word = capture.pixels[center.y * capture.width + center.x]
        let color = Color(
            red: Double((word >> 16) & 0xFF) / 255, green: Double((word >> 8) & 0xFF) / 255,
            blue: Double(word & 0xFF) / 255)
        return color.isClose(to: red, within: 0.05)
    }

    /// Waits (up to `timeout` s) for a new `saved PATH` line ending in `suffix`.
    static func waitForSaved(_ app: RunningWindow, suffix: String, after count: Int, timeout: Double = 60)
        throws -> String
    {
        guard
            let path = pollUntil(
                timeout: timeout,
                { app.savedPaths.dropFirst(count).first { $0.hasSuffix(suffix) } })
        else {
            throw WindowTestError(
                "no `saved …\(suffix)` line within \(timeout) s; stdout: \(app.program.output) "
                    + "stderr: \(app.program.errorOutput)")
        }
        return path
    }

    /// The mean absolute difference per colour channel, in levels of 255.
    static func meanError(_ a: [UInt32], _ b: [UInt32]) -> Double {
        var total = 0
        for (p, q) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16] {
                total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
            }
        }
        return Double(total) / Double(3 * max(a.count, 1))
    }

    @Test(
        "g … g saves a whole animation of the scene changing, prints its path; the dot is only on screen",
        arguments: ["gif", "webp"])
    func recordTap(format: String) throws {
        let resting = try TestScene.restingFrame()
        let tapped = try TestScene.tappedFrame()
        let app = try RunningWindow(arguments: format == "webp" ? ["--record-format", "webp"] : [])
        defer { app.stop() }
        #expect(app.waitUntilShowing(resting).shown)
        #expect(!Self.showsDot(try app.capture()), "a dot before recording")
        try app.key("g")
        let dot = pollUntil(timeout: 5) { (try? app.capture()).flatMap { Self.showsDot($0) ? true : nil } }
        #expect(dot == true, "no red dot while recording")
        try app.click(x: Int(TestScene.tap.x), y: Int(TestScene.tap.y))
        // The tap settles within 0.75 s; the dot and the toast stay out of these rows.
        let settled = pollUntil(timeout: 5) {
            (try? app.capture())?.differingPixels(from: tapped, rows: Self.sceneRows) == 0 ? true : nil
        }
        #expect(settled == true, "the window never showed the tapped scene")
        try app.key("g")
        let path = try Self.waitForSaved(app, suffix: ".\(format)", after: 0)
        #expect(URL(fileURLWithPath: path).lastPathComponent.hasPrefix("animdemo-\(TestScene.name)-"))
        #expect(path.hasPrefix(app.screenshotDirectory.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: app.screenshotDirectory.path)
        #expect(files == [URL(fileURLWithPath: path).lastPathComponent], "no temporary file left: \(files)")

        let animation = try DecodedAnimation(contentsOfFile: path)
        #expect(animation.format.rawValue == format)
        #expect(animation.width == TestScene.width && animation.height == TestScene.height)
        // Recorded from before the tap until after it settled: at least the 0.75 s of motion.
        #expect(animation.totalMilliseconds >= 750, "\(animation.totalMilliseconds) ms")
        guard let first = animation.frames.first, let last = animation.frames.last else {
            Issue.record("no frames in \(path)")
            return
        }
        // GIF: per-frame palettes, exact up to 255 colours; WebP: lossless.
        let tolerance = format == "gif" ? 2.0 : 0.0
        #expect(Self.meanError(first.pixels, resting.pixels) <= tolerance, "the first frame is not the check")
        #expect(Self.meanError(last.pixels, tapped.pixels) <= tolerance, "the last frame is not the X")
        let lastFrame = try RenderedFrame(
            width: animation.width, height: animation.height, pixels: last.pixels)
        #expect(TestScene.showsTheTap(lastFrame), "the last frame does not show the tap")
        var distinct = Set<[UInt32]>()
        for (index, frame) in animation.frames.enumerated() {
            distinct.insert(frame.pixels)
            let image = try RenderedFrame(
                width: animation.width, height: animation.height, pixels: frame.pixels)
            let color = image.color(at: Self.dotCenter)
            #expect(color?.isClose(to: Self.red, within: 0.2) != true, "frame \(index) shows the dot")
        }
        #expect(distinct.count >= 4, "the frames show the scene changing: \(distinct.count) pictures")
        let gone = pollUntil(timeout: 5) { (try? app.capture()).flatMap { Self.showsDot($0) ? nil : true } }
        #expect(gone == true, "the dot stays after the recording stopped")
        #expect(app.program.errorOutput.isEmpty, "stderr: \(app.program.errorOutput)")
    }

    @Test("q while recording saves the recording before the program ends")
    func quitSaves() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(app.waitUntilShowing(try TestScene.restingFrame()).shown)
        try app.key("g")
        _ = pollUntil(timeout: 5) { (try? app.capture()).flatMap { Self.showsDot($0) ? true : nil } }
        try app.click(x: Int(TestScene.tap.x), y: Int(TestScene.tap.y))
        try app.key("q")
        #expect(app.program.waitForExit(timeout: 60) == .exited(0), "stderr: \(app.program.errorOutput)")
        let path = app.savedPaths.first { $0.hasSuffix(".gif") }
        #expect(path != nil, "stdout: \(app.program.output)")
        if let path { #expect(try DecodedAnimation(contentsOfFile: path).frames.count >= 1) }
    }

    @Test(
        "a screenshot is what the scene shows: no toast of the one before, no recording dot, the help stays")
    func screenshotsLeaveOutTheToastAndTheDot() throws {
        let resting = try TestScene.restingFrame()
        let app = try RunningWindow()
        defer { app.stop() }
        #expect(app.waitUntilShowing(resting).shown)
        let first = try app.screenshot()
        #expect(first.frame.matches(resting), "\(first.path) is not the scene at rest")
        // Its toast ("saved …") is on screen now, at the bottom.
        let toast = pollUntil(timeout: 5) { (try? app.capture()).flatMap { $0.shows(resting) ? nil : true } }
        #expect(toast == true, "no toast in the window after a screenshot")
        let second = try app.screenshot()
        #expect(second.frame.matches(resting), "\(second.path) shows the toast of \(first.path)")

        try app.key("g")
        let dot = pollUntil(timeout: 5) { (try? app.capture()).flatMap { Self.showsDot($0) ? true : nil } }
        #expect(dot == true)
        let recording = try app.screenshot()
        #expect(recording.frame.matches(resting), "\(recording.path) shows the recording dot or a toast")
        try app.key("g")
        _ = try Self.waitForSaved(app, suffix: ".gif", after: 0)

        try app.key("h")  // the help panel: the user's, so it stays
        let help = pollUntil(timeout: 5) {
            (try? app.capture()).flatMap {
                ($0.differingPixels(from: resting, rows: Self.sceneRows) ?? 0) > 1000 ? $0 : nil
            }
        }
        let withHelp = try app.screenshot()
        #expect(!withHelp.frame.matches(resting), "the help panel is missing from \(withHelp.path)")
        if help != nil {
            // Once the toast of the saved recording (over the scene, which the docked help
            // shortened) has gone, the window shows what the screenshot has.
            let same = pollUntil(timeout: 5) {
                (try? app.capture())?.differingPixels(from: withHelp.frame, rows: Self.sceneRows) == 0
                    ? true : nil
            }
            #expect(same == true, "\(withHelp.path) is not what the window shows")
        } else {
            Issue.record("the help panel never showed")
        }
        #expect(app.program.errorOutput.isEmpty, "stderr: \(app.program.errorOutput)")
    }
}
