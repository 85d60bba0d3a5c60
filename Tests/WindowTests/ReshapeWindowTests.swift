import Foundation
import Render
import Session
import TestSupport
import Testing

/// A knob turned while paused in the real window (docs/ARCHITECTURE.md § Knobs): the frame
/// the key or the drag lands on draws the knob panel with the new value (`reshape pending`
/// in the program's test report), the next one reshapes the moment (`reshaped`), and what
/// stays on screen is `render --session` of the moment saved after it.
@Suite("The window: a knob turned while paused shows its value, then reshapes", .serialized)
struct ReshapeWindowTests {
    /// The fish at 4.5 s, paused at 4 s (bubbles in the water), as a session file the window
    /// opens: a few seconds of history to replay.
    static func pausedFish(in folder: URL) throws -> String {
        let tester = try SceneTester(scene: "fish", events: "4 key space")
        try tester.advance(to: 4.5)
        let state = tester.session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        let path = folder.appendingPathComponent("fish.\(SessionFile.fileExtension)").path
        try Data(try state.encoded()).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The report lines after the first `skip`, with the prefix's words split off.
    static func lines(of window: RunningWindow, after skip: Int) -> [[Substring]] {
        window.program.reportLines.dropFirst(skip).map { $0.split(separator: " ") }
    }

    /// Waits (with a deadline) for a `reshape pending frame N NAME=VALUE…` line after `skip` report
    /// lines and a `reshaped frame M` after it: the last such pair's knobs and frames.
    static func reshape(in window: RunningWindow, after skip: Int) -> (
        knobs: [String: String], pending: Int, reshaped: Int
    )? {
        pollUntil(timeout: 20) { () -> ([String: String], Int, Int)? in
            let lines = Self.lines(of: window, after: skip)
            guard let last = lines.lastIndex(where: { $0.starts(with: ["reshape", "pending", "frame"]) }),
                lines[last].count >= 4, let pending = Int(lines[last][3])
            else { return nil }
            let after = lines[(last + 1)...]
            guard let done = after.first(where: { $0.starts(with: ["reshaped", "frame"]) }), done.count == 3,
                let reshaped = Int(done[2])
            else { return nil }
            var knobs: [String: String] = [:]
            for pair in lines[last].dropFirst(4) {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { knobs[String(parts[0])] = String(parts[1]) }
            }
            return (knobs, pending, reshaped)
        }
    }

    /// Saves the moment with `b` and renders the file with `--describe`: the picture and the
    /// description.
    static func savedMoment(of window: RunningWindow, into folder: URL) throws -> (
        frame: RenderedFrame, described: [String: Any]
    ) {
        let sessions = { window.savedPaths.filter { $0.hasSuffix(".\(SessionFile.fileExtension)") } }
        let before = sessions().count
        try window.key("b")
        let path = try #require(
            pollUntil(timeout: 20) { sessions().count > before ? sessions().last : nil },
            "no session saved within 20 s of b: \(window.program.errorOutput.suffix(500))")
        let out = folder.appendingPathComponent(UUID().uuidString)
        let render = try ProcessRunner.run(
            try Animdemo.executable(), ["render", "--session", path, "--out", out.path, "--describe"])
        try #require(render.status == 0, "render --session failed: \(render.errorOutput)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        let png = try #require(names.first { $0.hasSuffix(".png") }, "render wrote \(names)")
        let json = try #require(names.first { $0.hasSuffix(".json") }, "render wrote \(names)")
        let described =
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(json)))
            as? [String: Any] ?? [:]
        return (try RenderedFrame(contentsOfPNG: out.appendingPathComponent(png).path), described)
    }

    /// Waits (with a deadline) until the window shows `expected` outside the window-only areas
    /// `described` gives, as `SessionPropertyTests` compares them; the pixels still apart.
    static func differingPixels(
        in window: RunningWindow, from expected: RenderedFrame, described: [String: Any]
    ) -> Int {
        let masks = ((described["windowOnly"] as? [[Double]]) ?? []).filter { $0.count == 4 }
        var differing = -1
        _ = pollUntil(timeout: 15, interval: 0.05) { () -> Bool? in
            guard let capture = try? window.capture() else { return nil }
            differing = SessionDriver.differingPixels(capture, expected, masks: masks).count
            return differing == 0 ? true : nil
        }
        return differing
    }

    @Test(
        "Page Up on the fish's duration, then its slider dragged: the value first, the moment reshaped after")
    func keyThenDrag() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-reshape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try Self.pausedFish(in: folder)
        let window = try RunningWindow(
            scene: "fish", width: 800, height: 600, arguments: ["--session", session, "--scale", "1"])
        defer { window.stop() }
        try #require(window.waitUntilIdle() != nil, "the window never settled")
        try window.key("k")
        try #require(window.waitUntilIdle() != nil, "the knob panel never settled")

        // A key: `duration`, the first knob, ten steps of 0.1 s up from 2 s.
        var skip = window.program.reportLines.count
        try window.key("Prior")
        let keyed = try #require(
            Self.reshape(in: window, after: skip),
            "no reshape pending then reshaped: \(Self.lines(of: window, after: skip))")
        #expect(keyed.knobs == ["duration": "3"], "\(keyed.knobs)")
        #expect(
            keyed.reshaped > keyed.pending, "reshaped on frame \(keyed.reshaped), asked on \(keyed.pending)")
        try #require(window.waitUntilIdle() != nil, "the reshape never settled")
        var moment = try Self.savedMoment(of: window, into: folder)
        #expect((moment.described["knobs"] as? [String: Any])?["duration"] as? Double == 3)
        #expect(moment.described["reshapePending"] == nil, "render has no reshape waiting")
        var apart = Self.differingPixels(in: window, from: moment.frame, described: moment.described)
        #expect(apart == 0, "after the key, the window differs from render --session in \(apart) pixels")

        // A drag along the panel's first row (its slider): the latest value is the one shown.
        let panels = moment.described["panels"] as? [[String: Any]] ?? []
        let rect = try #require(
            panels.first { $0["name"] as? String == "knobs" }?["rect"] as? [Double],
            "no knob panel: \(panels)")
        let y = Int(rect[1] + 24 + 12)
        let xs = stride(from: 0.6, through: 0.9, by: 0.05).map { Int(rect[0] + rect[2] * $0) }
        skip = window.program.reportLines.count
        var drag = ["mousemove", "--window", window.window, "\(xs[0])", "\(y)", "mousedown", "1"]
        for x in xs.dropFirst() { drag += ["mousemove", "--window", window.window, "\(x)", "\(y)"] }
        try window.xdotool(drag + ["mouseup", "1"])
        try #require(window.waitUntilIdle() != nil, "the drag never settled")
        let dragged = try #require(
            Self.reshape(in: window, after: skip),
            "no reshape pending then reshaped after the drag: \(Self.lines(of: window, after: skip))")
        print(
            "ReshapeWindowTests: the drag's report: \(Self.lines(of: window, after: skip).map { $0.joined(separator: " ") })"
        )
        moment = try Self.savedMoment(of: window, into: folder)
        let knobs = moment.described["knobs"] as? [String: Any] ?? [:]
        for (name, value) in dragged.knobs {
            #expect(
                (knobs[name] as? Double).map { "\($0)" } == Double(value).map { "\($0)" }, "\(name): \(knobs)"
            )
        }
        #expect(dragged.knobs["duration"] != nil && dragged.knobs["duration"] != "3", "\(dragged.knobs)")
        apart = Self.differingPixels(in: window, from: moment.frame, described: moment.described)
        #expect(apart == 0, "after the drag, the window differs from render --session in \(apart) pixels")
    }
}
