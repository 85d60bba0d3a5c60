import Foundation
import Render
import TestSupport
import Testing

/// `animdemo record` (docs/COMMAND-LINE.md § Recording): frames read back from the file against
/// `animdemo render` at the same times, determinism, and bad input.
@Suite("record")
struct RecordCommandTests {
    /// The recorded scene: checkmark, tapped at 0.1 s (the strokes and the colour animate until
    /// about 0.85 s), recorded from 0.5 s for one second: moving frames, then still ones.
    static let scene = ["--scene", "checkmark", "--size", "320x240", "--events", "0.1 tap 160 120"]
    static let from = 0.5
    static let to = 1.5

    /// A fresh folder for one run's files, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The mean absolute difference per colour channel, in levels of 255.
    static func meanError(_ a: [UInt32], _ b: [UInt32]) -> Double {
        precondition(a.count == b.count, "same size")
        var total = 0
        for (p, q) in zip(a, b) {
            for shift: UInt32 in [0, 8, 16] {
                total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF))
            }
        }
        return Double(total) / Double(3 * a.count)
    }

    /// The frame shown `milliseconds` after the start, by the frames' stored durations (a WebP
    /// merges a frame identical to the one before into it, one frame shown twice as long).
    static func frame(at milliseconds: Int, of animation: DecodedAnimation) -> DecodedAnimation.Frame? {
        var start = 0
        for frame in animation.frames {
            if milliseconds < start + frame.durationMilliseconds { return frame }
            start += frame.durationMilliseconds
        }
        return nil
    }

    @Test(
        "the file holds the frames render draws at the same times: WebP lossless identical, GIF within 4/255",
        arguments: [("gif", 30), ("webp", 30), ("gif", 25), ("webp", 20)])
    func framesEqualRender(format: String, fps: Int) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("check.\(format)").path
        let result = try ProgramRun.animdemo(
            ["record"] + Self.scene + [
                "--fps", "\(fps)", "--from", "\(Self.from)", "--to", "\(Self.to)", "--out", out,
            ])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "not a terminal: nothing printed")
        let animation = try DecodedAnimation(contentsOfFile: out)
        let count = Int(((Self.to - Self.from) * Double(fps)).rounded())
        #expect(animation.width == 320 && animation.height == 240)
        #expect(animation.loopCount == 0, "loops forever by default")
        // The whole second, to the millisecond: delays carry their rounding.
        #expect(animation.totalMilliseconds == 1000, "\(animation.totalMilliseconds) ms")
        if format == "gif" {
            #expect(animation.frames.count == count, "\(animation.frames.count) frames, not \(count)")
        } else {
            // Frames identical to the one before merge into it; the moving ones cannot.
            #expect((count / 3...count).contains(animation.frames.count), "\(animation.frames.count) frames")
        }

        // Each frame k against render --at from + k/fps (the scene at its default 60 fps).
        let times = (0..<count).map { Self.from + Double($0) / Double(fps) }
        let rendered = folder.appendingPathComponent("rendered")
        let render = try ProgramRun.animdemo(
            ["render"] + Self.scene + times.flatMap { ["--at", "\($0)"] } + ["--out", rendered.path])
        #expect(render.status == 0, "render: \(render.stderr)")
        var worst = 0.0
        var distinct = Set<[UInt32]>()
        for (index, time) in times.enumerated() {
            let sceneFrame = Int((time * 60).rounded())
            let name = String(format: "checkmark-%06d.png", Int((Double(sceneFrame) * 1000 / 60).rounded()))
            let expected = try RenderedFrame(contentsOfPNG: rendered.appendingPathComponent(name).path)
            // Frame k starts at round(k × 1000 / fps) ms (centiseconds × 10 for a GIF).
            let unit = format == "gif" ? 10 : 1
            let start = (2 * index * 1000 / unit + fps) / (2 * fps) * unit
            guard let shown = Self.frame(at: start, of: animation) else {
                Issue.record("no frame at \(start) ms")
                continue
            }
            distinct.insert(shown.pixels)
            if format == "webp" {
                let differing = zip(shown.pixels, expected.pixels).filter { $0 != $1 }.count
                #expect(differing == 0, "frame \(index) (\(time) s): \(differing) pixels differ from render")
            } else {
                let error = Self.meanError(shown.pixels, expected.pixels)
                worst = max(worst, error)
                // Per-frame palettes: exact up to 255 colours, dithered above (RecordingTests).
                #expect(error <= 4, "frame \(index) (\(time) s): mean error \(error) of 255 per channel")
            }
        }
        #expect(distinct.count > 3, "the recording shows the scene changing: \(distinct.count) pictures")
    }

    @Test("two runs give the same bytes", arguments: ["gif", "webp"])
    func deterministic(format: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [Data] = []
        for run in 0..<2 {
            let out = folder.appendingPathComponent("run\(run).\(format)").path
            let result = try ProgramRun.animdemo(
                [
                    "record", "--scene", "fish", "--size", "200x150", "--seed", "7", "--from", "1", "--to",
                    "1.5",
                    "--out", out,
                ])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            files.append(try Data(contentsOf: URL(fileURLWithPath: out)))
        }
        #expect(files[0].count > 1000)
        #expect(files[0] == files[1], "\(files[0].count) and \(files[1].count) bytes")
    }

    @Test("--scale 2 records twice the pixels of --size, as render --scale 2 draws them")
    func scale() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("scaled.webp").path
        let arguments = [
            "--scene", "checkmark", "--size", "160x120", "--scale", "2", "--events", "0.1 tap 80 60",
        ]
        let result = try ProgramRun.animdemo(
            ["record"] + arguments + ["--from", "0.5", "--to", "0.6", "--out", out])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let animation = try DecodedAnimation(contentsOfFile: out)
        #expect(animation.width == 320 && animation.height == 240)
        let rendered = folder.appendingPathComponent("rendered")
        let render = try ProgramRun.animdemo(
            ["render"] + arguments + ["--at", "0.5", "--out", rendered.path])
        #expect(render.status == 0, "render: \(render.stderr)")
        let expected = try RenderedFrame(
            contentsOfPNG: rendered.appendingPathComponent("checkmark-000500.png").path)
        let matchesRender = animation.frames.first?.pixels == expected.pixels
        #expect(matchesRender, "the first frame is not render's")
    }

    @Test("--loop and --quality reach the file: a lossy WebP that plays three times")
    func loopAndQuality() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lossless = folder.appendingPathComponent("a.webp").path
        let lossy = folder.appendingPathComponent("b.webp").path
        for (out, extra) in [(lossless, [String]()), (lossy, ["--quality", "50", "--loop", "3"])] {
            let result = try ProgramRun.animdemo(
                ["record"] + Self.scene + ["--from", "0.2", "--to", "0.6", "--out", out] + extra)
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
        let exact = try DecodedAnimation(contentsOfFile: lossless)
        let approximate = try DecodedAnimation(contentsOfFile: lossy)
        #expect(approximate.loopCount == 3)
        #expect(approximate.totalMilliseconds == 400)
        let isLossy = approximate.frames.first?.pixels != exact.frames.first?.pixels
        #expect(isLossy, "quality 50 is lossy")
        if let a = approximate.frames.first?.pixels, let b = exact.frames.first?.pixels {
            #expect(Self.meanError(a, b) < 8, "lossy, but the same picture")
        }
    }

    @Test(
        "bad input is one line on stderr, status 2, and no file left behind",
        arguments: [
            (["--from", "0", "--to", "1", "--out", "OUT/a.png"], "name it .gif or .webp"),
            (["--from", "0", "--to", "1", "--out", "OUT/a"], "name it .gif or .webp"),
            (["--from", "1", "--to", "1", "--out", "OUT/a.gif"], "is not before --to"),
            (["--from", "2", "--to", "1", "--out", "OUT/a.gif"], "is not before --to"),
            (["--from", "0", "--to", "60.5", "--out", "OUT/a.gif"], "at most 60 s"),
            (["--from", "-1", "--to", "1", "--out", "OUT/a.gif"], "--from"),
            (
                ["--scene-fps", "120", "--fps", "100", "--from", "0", "--to", "40", "--out", "OUT/a.webp"],
                "at most 3600"
            ),
            (["--fps", "90", "--from", "0", "--to", "1", "--out", "OUT/a.gif"], "--scene-fps"),
            (
                ["--scene-fps", "120", "--fps", "101", "--from", "0", "--to", "1", "--out", "OUT/a.gif"],
                "outside 1…100"
            ),
            (["--quality", "80", "--from", "0", "--to", "1", "--out", "OUT/a.gif"], "WebP only"),
            (["--quality", "101", "--from", "0", "--to", "1", "--out", "OUT/a.webp"], "outside 0…100"),
            (["--quality=-1", "--from", "0", "--to", "1", "--out", "OUT/a.webp"], "outside 0…100"),
            (["--loop", "70000", "--from", "0", "--to", "1", "--out", "OUT/a.gif"], "loop count"),
            (["--from", "0", "--to", "1", "--out", "OUT/missing/a.gif"], "does not exist"),
            (["--from", "0", "--to", "1", "--out", "OUT/file.txt/a.gif"], "not a folder"),
            (["--from", "0", "--to", "1", "--out", "OUT/folder.gif"], "is a folder"),
            (["--from", "0", "--out", "OUT/a.gif"], "--to"),
        ])
    func badInput(arguments: [String], mentions: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file, not a folder\n".utf8).write(to: folder.appendingPathComponent("file.txt"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("folder.gif"), withIntermediateDirectories: false)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let result = try ProgramRun.animdemo(
            ["record", "--scene", "checkmark", "--size", "64x48"]
                + arguments.map { $0.replacingOccurrences(of: "OUT", with: folder.path) })
        #expect(result.status == 2, "status \(result.status) for \(arguments)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr should be one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("animdemo: error: "))
        #expect(result.stderr.contains(mentions), "stderr \"\(result.stderr)\" should mention \(mentions)")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(after == before, "left behind: \(Set(after).subtracting(before))")
    }

    @Test("on a terminal, progress on stderr: frames done of the total, then the file's size")
    func progressOnATerminal() throws {
        let python = try MissingTool.require("python3", package: "python3")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("p.gif").path
        // python3's pty gives the program a terminal for stdin, stdout and stderr, and copies
        // what it writes there to python's stdout.
        let script = "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)"
        let result = try ProcessRunner.run(
            python,
            ["-c", script, ProgramRun.executable.path, "record"] + Self.scene
                + ["--from", "0", "--to", "0.5", "--out", out],
            timeout: 120)
        #expect(result.status == 0, "\(result.output) \(result.errorOutput)")
        #expect(result.output.contains("frame 1 of 15"), "\(result.output)")
        #expect(result.output.contains("frame 15 of 15"), "\(result.output)")
        let size = (try FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        #expect(size > 0)
        #expect(
            result.output.contains("15 frames, 0.50 s, \(String(format: "%.1f kB", Double(size) / 1000))"),
            "\(result.output)")
    }
}
