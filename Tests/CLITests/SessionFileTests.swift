import Foundation
import Render
import TestSupport
import Testing

/// Session files (`b` in the window, `--session FILE`; docs/COMMAND-LINE.md § Session files):
/// `render --session` shows the moment a file holds, and a file that is not one is refused with
/// one line and status 2, nothing written.
@Suite("Session files")
struct SessionFileTests {
    /// A session of the checkmark: frames 0…29 quiet, a click at 0.5 s, frames 31…60 quiet, paused
    /// at 1 s (`moment`), with `extra` fields over it.
    static func session(moment: Double = 1, _ extra: [String: Any] = [:]) -> [String: Any] {
        var state: [String: Any] = [
            "format": "animdemo-session", "version": 1, "scene": "checkmark", "sceneTime": moment,
            "isPaused": true, "rate": 1, "panels": [String](), "seed": 1, "scale": 1, "bubbles": 0,
            "window": ["x": 0, "y": 0, "width": 400, "height": 300],
            "history": [
                "fps": 60, "initialWidth": 400, "initialHeight": 300, "initialKnobs": [String: Any](),
                "frames": [
                    ["first": 0, "count": 30],
                    ["time": 0.5, "input": ["down 200.0 150.0", "up 200.0 150.0"]],
                    ["first": 31, "count": 30],
                ],
            ],
        ]
        state.merge(extra) { $1 }
        return state
    }

    static func write(_ object: Any, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("moment.animdemo")
        try JSONSerialization.data(withJSONObject: object).write(to: file)
        return file
    }

    @Test("render --session draws the moment as render --events draws the same input")
    func sameAsEvents() throws {
        try LimitedRun.withScratch("session") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = try Self.write(Self.session(), in: folder)
            let fromSession = folder.appendingPathComponent("session")
            let fromEvents = folder.appendingPathComponent("events")
            let first = try ProgramRun.animdemo(["render", "--session", file.path, "--out", fromSession.path])
            #expect(first.status == 0, "\(first.stderr)")
            let second = try ProgramRun.animdemo([
                "render", "--scene", "checkmark", "--size", "400x300", "--events",
                "0.5 down 200 150; 0.5 up 200 150",
                "--at", "1", "--out", fromEvents.path,
            ])
            #expect(second.status == 0, "\(second.stderr)")
            let sessionPNG = try Data(contentsOf: fromSession.appendingPathComponent("checkmark-001000.png"))
            let eventsPNG = try Data(contentsOf: fromEvents.appendingPathComponent("checkmark-001000.png"))
            // Byte for byte: the same frames with the same input, drawn by the same renderer.
            #expect(sessionPNG == eventsPNG)
            // --at travels in the same history: the moment before the click is the unclicked check.
            let earlier = folder.appendingPathComponent("earlier")
            let third = try ProgramRun.animdemo([
                "render", "--session", file.path, "--at", "0.25", "--out", earlier.path, "--describe",
            ])
            #expect(third.status == 0, "\(third.stderr)")
            let json = try String(
                contentsOf: earlier.appendingPathComponent("checkmark-000250.json"), encoding: .utf8)
            #expect(json.contains("\"paused\" : true"), "\(json)")
            #expect(json.contains("\"sceneTime\" : 0.25"), "\(json)")
        }
    }

    @Test(
        "a file that is not a session is one line, status 2, nothing written",
        arguments: [
            ("not JSON", "it is not the JSON of a session file"),
            ("another version", "it is of version 3; this program reads versions 1…2"),
            ("unknown scene", "this program has no scene \"nope\""),
            ("unknown knob", "checkmark has no knob \"nope\""),
            ("a history line", "its history does not parse"),
            ("a run of 10^15 frames", "its history has more than"),
            ("no format", "it has no \"format\""),
        ])
    func refused(case name: String, mentions: String) throws {
        try LimitedRun.withScratch("session-bad") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("moment.animdemo")
            switch name {
            case "not JSON": try Data("{ not json".utf8).write(to: file)
            case "another version": _ = try Self.write(Self.session(["version": 3]), in: folder)
            case "unknown scene": _ = try Self.write(Self.session(["scene": "nope"]), in: folder)
            case "unknown knob":
                var state = Self.session()
                var history = state["history"] as? [String: Any] ?? [:]
                history["initialKnobs"] = ["nope": ["number": 1]]
                state["history"] = history
                _ = try Self.write(state, in: folder)
            case "a history line", "a run of 10^15 frames":
                var state = Self.session()
                var history = state["history"] as? [String: Any] ?? [:]
                history["frames"] =
                    name == "a history line"
                    ? [["time": 0.5, "input": ["jump 1 2"]]] : [["first": 0, "count": 1_000_000_000_000_000]]
                state["history"] = history
                _ = try Self.write(state, in: folder)
            default:
                var state = Self.session()
                state["format"] = nil
                _ = try Self.write(state, in: folder)
            }
            let out = folder.appendingPathComponent("out")
            let result = try ProgramRun.animdemo(["render", "--session", file.path, "--out", out.path])
            SmallSlipsTests.expectRefused(result, mentions: mentions)
            #expect(!FileManager.default.fileExists(atPath: out.path), "render made \(out.path)")
        }
    }

    @Test("a FIFO, a folder and a 100-MB file are refused before anything is read")
    func notRegularFiles() throws {
        try LimitedRun.withScratch("session-special") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let fifo = folder.appendingPathComponent("fifo.animdemo")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let big = folder.appendingPathComponent("big.animdemo")
            #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
            #expect(truncate(big.path, 100 << 20) == 0)  // sparse: nothing is written to disk
            let out = folder.appendingPathComponent("out")
            for (path, mentions) in [
                (fifo.path, "it is not a regular file"), (folder.path, "it is a folder"),
                (big.path, "a session file may have at most"),
            ] {
                // The window refuses it too, before it opens (no display is needed for that).
                for command in [["render", "--session", path, "--out", out.path], ["--session", path]] {
                    let result = try ProgramRun.animdemo(command, environment: ["DISPLAY": ":99999"])
                    SmallSlipsTests.expectRefused(result, mentions: mentions)
                }
            }
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("--session with --events, --set or --step is refused: the file gives them")
    func contradictions() throws {
        try LimitedRun.withScratch("session-both") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = try Self.write(Self.session(), in: folder)
            let out = folder.appendingPathComponent("out")
            let events = try ProgramRun.animdemo([
                "render", "--session", file.path, "--events", "1 key space", "--out", out.path,
            ])
            SmallSlipsTests.expectRefused(events, mentions: "--session gives the input")
            let knobs = try ProgramRun.animdemo([
                "render", "--session", file.path, "--set", "d=1", "--out", out.path,
            ])
            SmallSlipsTests.expectRefused(knobs, mentions: "--session gives the knobs")
            let recorded = folder.appendingPathComponent("a.webp")
            let record = try ProgramRun.animdemo([
                "record", "--session", file.path, "--events", "1 key space", "--from", "0", "--to", "1",
                "--out", recorded.path,
            ])
            SmallSlipsTests.expectRefused(record, mentions: "--session gives the input")
            let rate = try ProgramRun.animdemo([
                "record", "--session", file.path, "--scene-fps", "30", "--from", "0", "--to", "1",
                "--out", recorded.path,
            ])
            SmallSlipsTests.expectRefused(rate, mentions: "the session runs at 60")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            #expect(!FileManager.default.fileExists(atPath: recorded.path))
        }
    }

    @Test("record --session holds the frames render --session draws at the same times, pixel for pixel")
    func recordSession() throws {
        try LimitedRun.withScratch("session-record") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Past the history's end (1 s) too: the scene goes on with no input.
            let file = try Self.write(Self.session(), in: folder)
            let out = folder.appendingPathComponent("moment.webp")
            let (from, to, fps) = (0.4, 1.3, 10)
            let record = try ProgramRun.animdemo([
                "record", "--session", file.path, "--fps", "\(fps)", "--from", "\(from)", "--to", "\(to)",
                "--out", out.path,
            ])
            #expect(record.status == 0, "\(record.stderr)")
            let animation = try DecodedAnimation(contentsOfFile: out.path)
            #expect(animation.width == 400 && animation.height == 300)
            let times = (0..<9).map { from + Double($0) / Double(fps) }
            let rendered = folder.appendingPathComponent("rendered")
            let render = try ProgramRun.animdemo(
                ["render", "--session", file.path] + times.flatMap { ["--at", "\($0)"] } + [
                    "--out", rendered.path,
                ])
            #expect(render.status == 0, "\(render.stderr)")
            var distinct = Set<[UInt32]>()
            for (index, time) in times.enumerated() {
                let name = String(format: "checkmark-%06d.png", Int((time * 1000).rounded()))
                let expected = try RenderedFrame(contentsOfPNG: rendered.appendingPathComponent(name).path)
                guard let shown = RecordCommandTests.frame(at: index * 1000 / fps, of: animation) else {
                    Issue.record("no frame at \(index * 1000 / fps) ms")
                    continue
                }
                distinct.insert(shown.pixels)
                // Lossless WebP of the same session at the same moments: no pixel may differ.
                let differing = zip(shown.pixels, expected.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "frame \(index) (\(time) s): \(differing) pixels differ from render")
            }
            // The click at 0.5 s starts the check's animation: the recording moves.
            #expect(distinct.count > 3, "\(distinct.count) pictures")
        }
    }
}
