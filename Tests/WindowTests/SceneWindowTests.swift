import Animation
import Foundation
import Render
import TestSupport
import Testing

/// Each scene's window test from its issue: the real program, xdotool input, and the
/// screenshot it saves with `s`.
@Suite("Scenes in a window", .serialized, .timeLimit(.minutes(10)))
struct SceneWindowTests {
    /// 8-bit rounding and antialiasing well inside strokes and fills: 0.06 per channel.
    let tolerance = 0.06

    @Test("checkmark: two clicks go to the X and back; screenshots equal render at rest")
    func checkmarkTwice() throws {
        let resting = try TestScene.restingFrame()
        let tapped = try TestScene.tappedFrame()
        let app = try RunningWindow(scene: "checkmark")
        defer { app.stop() }
        try app.click(x: 100, y: 100)
        #expect(app.waitUntilShowing(tapped).shown, "the first click did not settle on the X")
        let x = try app.screenshot()
        #expect(x.frame.matches(tapped), "screenshot \(x.path) is not render's X at rest")
        try app.click(x: 300, y: 200)
        #expect(app.waitUntilShowing(resting).shown, "the second click did not settle on the check")
        let check = try app.screenshot()
        #expect(check.frame.matches(resting), "screenshot \(check.path) is not render's check at rest")
    }

    @Test("tictactoe: X wins the top row; the finish line runs from the first to the last field")
    func tictactoeGame() throws {
        // 400×300 (0.8 px a point): the board, 300 points, is 240 px square at (80, 30), fields
        // 80 px wide; centres at 120 + 80·c.
        let app = try RunningWindow(scene: "tictactoe")
        defer { app.stop() }
        for (column, row) in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)] {
            try app.click(x: 120 + 80 * column, y: 70 + 80 * row)
            // Each mark drawn, as a player waits for it; after the winning move, the line.
            #expect(app.waitUntilIdle() != nil, "still animating after the click on (\(column), \(row))")
        }
        let shot = try app.screenshot()
        let finish = Color(red: 0.953, green: 0.686, blue: 0.133)
        for x in [120, 200, 280] {
            let color = try #require(shot.frame.color(x: x, y: 70))
            #expect(
                color.isClose(to: finish, within: tolerance),
                "(\(x), 70) is \(color) in \(shot.path); reported: \(app.program.reportLines.suffix(4))")
        }
        // Nothing beyond the end circle (radius 12.5 points, 10 px, at x = 280): at x = 300 the
        // X's field shows.
        let beyond = try #require(shot.frame.color(x: 300, y: 70))
        #expect(!beyond.isClose(to: finish, within: 0.2), "(300, 70) is \(beyond)")
    }

    @Test(
        "--step 1 opens the tutorial's first stage: the finish line's square ends, the elastic's red points")
    func firstSteps() throws {
        let finish = Color(red: 0.953, green: 0.686, blue: 0.133)
        do {
            // As `tictactoeGame`: 0.8 px a point, the top row's centres at x 120, 200, 280, y 70.
            let height = try Self.heightKeepingScene(scene: "tictactoe", step: 1)
            let app = try RunningWindow(scene: "tictactoe", height: height, arguments: ["--step", "1"])
            defer { app.stop() }
            for (column, row) in [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)] {
                try app.click(x: 120 + 80 * column, y: 70 + 80 * row)
                #expect(app.waitUntilIdle() != nil, "still animating after the click on (\(column), \(row))")
            }
            let shot = try app.screenshot()
            let middle = try #require(shot.frame.color(x: 200, y: 70))
            #expect(middle.isClose(to: finish, within: tolerance), "(200, 70) is \(middle) in \(shot.path)")
            // 6 px past the last centre: inside the scene's round end (10 px), past the
            // rectangle's square one.
            let beyond = try #require(shot.frame.color(x: 286, y: 70))
            #expect(!beyond.isClose(to: finish, within: 0.2), "(286, 70) is \(beyond) in \(shot.path)")
        }
        do {
            // The centre control point at rest: (200, 40) px, a 2.4 px red square over that pixel.
            let height = try Self.heightKeepingScene(scene: "elastic", step: 1)
            let app = try RunningWindow(scene: "elastic", height: height, arguments: ["--step", "1"])
            defer { app.stop() }
            #expect(app.waitUntilIdle() != nil, "the elastic view never came to rest")
            let shot = try app.screenshot()
            let point = try #require(shot.frame.color(x: 200, y: 40))
            #expect(
                point.isClose(to: Color(red: 1, green: 0, blue: 0), within: tolerance),
                "(200, 40) is \(point) in \(shot.path)")
        }
    }

    /// The window's height that leaves the scene `TestScene`'s rect above the step bar's band
    /// (the bar's height at that width, from `render --describe`), so that a step's scene is
    /// where the scene alone is in the tests above.
    static func heightKeepingScene(scene: String, step: Int) throws -> Int {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-bar-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let size = "\(TestScene.width)x\(TestScene.height)"
        let run = try ProcessRunner.run(
            try Animdemo.executable(),
            [
                "render", "--scene", scene, "--step", "\(step)", "--size", size, "--at", "0", "--describe",
                "--out", out.path,
            ])
        guard run.status == 0 else { throw WindowTestError("render --describe: \(run.errorOutput)") }
        let json = try #require(
            try FileManager.default.contentsOfDirectory(atPath: out.path).first { $0.hasSuffix(".json") })
        let described =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(json)))
            as? [String: Any]
        let bar = try #require(described?["stepBarRect"] as? [Double], "no step bar at step \(step)")
        return TestScene.height + Int(bar[3].rounded(.up))
    }

    @Test("elastic: a drag held mid-way shows the wave under the pointer")
    func elasticDrag() throws {
        let app = try RunningWindow(scene: "elastic")
        defer { app.stop() }
        try app.xdotool("mousemove", "--window", app.window, "200", "60", "mousedown", "1")
        for y in stride(from: 70, through: 220, by: 10) {
            try app.xdotool("mousemove", "--window", app.window, "200", "\(y)")
        }
        // At 0.8 px a point a 160 px pull is 200 points: waveHeight 100, baseHeight 150; the apex
        // under the pointer reaches about 150 + 0.96·100 = 246 points, 197 px (the tutorial's
        // curve), the edges stay at 150 points, 120 px. The display link runs while the
        // button is held, so the window never goes idle: screenshots until the apex is there.
        let band = Color(red255: 57, green255: 67, blue255: 89)
        let pulled = pollUntil(timeout: 10, interval: 0.1) { () -> (path: String, frame: RenderedFrame)? in
            guard let shot = try? app.screenshot(),
                shot.frame.color(x: 200, y: 190)?.isClose(to: band, within: tolerance) == true
            else { return nil }
            return shot
        }
        try app.xdotool("mouseup", "1")
        let shot = try #require(pulled, "the wave never reached (200, 190) under the held pointer")
        let underPointer = try #require(shot.frame.color(x: 200, y: 190))
        #expect(
            underPointer.isClose(to: band, within: tolerance), "(200, 190) is \(underPointer) in \(shot.path)"
        )
        let edge = try #require(shot.frame.color(x: 5, y: 150))
        #expect(edge.isClose(to: .white, within: tolerance), "(5, 150) is \(edge)")
        let below = try #require(shot.frame.color(x: 200, y: 230))
        #expect(below.isClose(to: .white, within: tolerance), "(200, 230) is \(below)")
    }

    @Test(
        "pull: a pull past 95 points loads (a flat band, the circle), then shows the new rows; the wheel scrolls"
    )
    func pullRefreshAndWheel() throws {
        // 375 × 667, the phone's screen: one pixel a point, so the library's numbers are pixels.
        // The table is 603 tall under the 64-point bar; a 300-point drag pulls about 120.
        let size = Size(width: 375, height: 667)
        let drag = "0.1 drag 200 100 200 400 0.5"
        let expected = try SceneTester.frames(
            scene: "pull", size: size, events: drag + "; 6 wheel 200 300 120", at: [5.5, 6.5])
        let refreshed = try #require(expected[5.5])
        let scrolled = try #require(expected[6.5])
        let app = try RunningWindow(scene: "pull", width: 375, height: 667)
        defer { app.stop() }
        try app.xdotool("mousemove", "--window", app.window, "200", "100", "mousedown", "1")
        for y in stride(from: 110, through: 400, by: 10) {
            try app.xdotool("mousemove", "--window", app.window, "200", "\(y)")
            Thread.sleep(forTimeInterval: 0.02)  // about a frame apart, as a hand moves
        }
        try app.xdotool("mouseup", "1")
        // Loading: for 2 s the band is flat 50 px under the bar, the circle spinning in it.
        let band = Color(red255: 57, green255: 67, blue255: 89)
        let table = Color(red255: 250, green255: 250, blue255: 251)
        func color(_ capture: WindowCapture, _ x: Int, _ y: Int) -> Color {
            let word = capture.pixels[y * capture.width + x]
            return Color(
                red255: Int(word >> 16 & 0xFF), green255: Int(word >> 8 & 0xFF), blue255: Int(word & 0xFF))
        }
        let loading = pollUntil(timeout: 10) { () -> WindowCapture? in
            guard let capture = try? app.capture(), capture.width == 375, capture.height == 667 else {
                return nil
            }
            let isBand =
                color(capture, 5, 64 + 45).isClose(to: band, within: tolerance)
                && color(capture, 370, 64 + 45).isClose(to: band, within: tolerance)
                && color(capture, 5, 64 + 56).isClose(to: table, within: tolerance)
            return isBand ? capture : nil
        }
        let capture = try #require(loading, "no flat loading band within 10 s of the release")
        var teal = 0
        for y in 64 + 8..<64 + 42 {
            for x in 170..<205 where color(capture, x, y).green - color(capture, x, y).red > 0.15 {
                teal += 1
            }
        }
        #expect(teal > 10, "no loading circle in the band (\(teal) teal pixels)")
        // Then the three new rows at the top and the band closed: render's picture at rest.
        let shown = app.waitUntilShowing(refreshed, timeout: 8)
        #expect(
            shown.shown,
            "not refreshed: \(shown.capture?.differingPixels(from: refreshed) ?? -1) pixels differ")
        // Three wheel notches down (X buttons 5): 40 px each.
        try app.xdotool(
            "mousemove", "--window", app.window, "200", "300", "click", "5", "click", "5", "click", "5")
        let wheeled = app.waitUntilShowing(scrolled, timeout: 5)
        #expect(
            wheeled.shown,
            "not scrolled by 120: \(wheeled.capture?.differingPixels(from: scrolled) ?? -1) pixels differ")
    }

    /// How many pixels of `region` differ between two captures by more than 8/255 in a channel.
    static func changed(in region: Rect, from before: WindowCapture, to after: WindowCapture) -> Int {
        guard before.width == after.width, before.height == after.height else {
            return Int(region.width * region.height)
        }
        var count = 0
        for y in max(Int(region.minY), 0)..<min(Int(region.maxY), after.height) {
            for x in max(Int(region.minX), 0)..<min(Int(region.maxX), after.width) {
                let a = before.pixels[y * after.width + x]
                let b = after.pixels[y * after.width + x]
                var largest = 0
                for shift: UInt32 in [16, 8, 0] {
                    let difference = abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
                    largest = max(largest, difference)
                }
                if largest > 8 { count += 1 }
            }
        }
        return count
    }

    /// The fish in tap mode (after `keys`), at rest: every bubble of the swim before has
    /// floated away and the window went idle, so what changes after a click is that click's.
    /// The window's pixels then.
    static func fishAtRest(_ app: RunningWindow, keys: [String]) throws -> WindowCapture {
        for key in keys { try app.key(key) }
        guard app.waitUntilIdle() != nil else {
            throw WindowTestError("the fish never came to rest after \(keys): \(app.program.reportLines)")
        }
        return try app.capture()
    }

    @Test("fish: in tap mode a click on the fish blows a bubble that shows above its tail")
    func fishBubble() throws {
        let app = try RunningWindow(scene: "fish")
        defer { app.stop() }
        // `m`, tap mode: the fish stays in the middle, no timer bubbles. 400×300 (0.8 px a
        // point): the 200-point fish, 160 × 96 px, is centred, so it spans x 120…280,
        // y 102…198; its tail notch is at (140, 150). Bubbles rise from there 50–300 points
        // (40–240 px), swinging up to 29 points (23 px) sideways. At rest nothing else moves,
        // so whatever changes after the click, on the fish or above it, is the bubble.
        let before = try Self.fishAtRest(app, keys: ["m"])
        try app.click(x: 200, y: 150)
        // A bubble of 5–30 points (4–24 px) at 10 % or more: its rim alone is a dozen pixels,
        // around the tail and above it.
        let region = Rect(x: 80, y: 0, width: 120, height: 200)
        let bubble = pollUntil(timeout: 10, interval: 0.05) { () -> Int? in
            guard let after = try? app.capture() else { return nil }
            let changed = Self.changed(in: region, from: before, to: after)
            return changed >= 10 ? changed : nil
        }
        #expect(bubble != nil, "no bubble near the fish's tail within 10 s of the click")
    }

    @Test("fish: n makes bubbles sink: in tap mode a click's bubble shows below the tail, none above")
    func fishSinks() throws {
        let app = try RunningWindow(scene: "fish")
        defer { app.stop() }
        // Tap mode, as in `fishBubble`, and `n`: JRMFloatingAnimation's objectsShouldSink.
        let before = try Self.fishAtRest(app, keys: ["m", "n"])
        try app.click(x: 200, y: 150)
        // The tail notch is at (140, 150) px; a sinking bubble goes 40–240 px down, within
        // 23 px of x = 140 sideways. Once it shows below the fish (which ends at y 198),
        // a dozen pixels at least (as in `fishBubble`), nothing may have changed above it.
        let below = Rect(x: 80, y: 200, width: 120, height: 100)
        let sunk = pollUntil(timeout: 10, interval: 0.05) { () -> WindowCapture? in
            guard let after = try? app.capture() else { return nil }
            return Self.changed(in: below, from: before, to: after) >= 10 ? after : nil
        }
        let after = try #require(sunk, "no bubble below the tail within 10 s of the click")
        let above = Self.changed(in: Rect(x: 0, y: 0, width: 400, height: 100), from: before, to: after)
        #expect(above == 0, "\(above) pixels changed above the fish")
    }

    @Test("HiDPI: GDK_SCALE=2 or Xft.dpi 192 doubles the window, the same picture sharper; --scale wins")
    func hiDPI() throws {
        let sharp = try TestScene.restingFrame(scale: 2)
        #expect(sharp.width == 2 * TestScene.width && sharp.height == 2 * TestScene.height)
        for (environment, resources) in [(["GDK_SCALE": "2"], nil), ([:], "Xft.dpi:\t192\n")] {
            let app = try RunningWindow(environment: environment, resources: resources)
            defer { app.stop() }
            let size = try app.windowSize()
            #expect(size.width == 800 && size.height == 600, "\(environment) \(resources ?? ""): \(size)")
            #expect(app.waitUntilShowing(sharp).shown, "the 2× window is not render --scale 2")
        }
        let app = try RunningWindow(arguments: ["--scale", "1"], environment: ["GDK_SCALE": "2"])
        defer { app.stop() }
        let size = try app.windowSize()
        #expect(size.width == TestScene.width && size.height == TestScene.height, "--scale 1: \(size)")
    }
}
