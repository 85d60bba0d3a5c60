import Foundation
import Render
import TestSupport
import Testing

/// `--bubbles N` (README § Command line): the fish scene keeps N bubbles in flight in the
/// window, `render`, `record` and `bench` alike; anything else is one line and status 2.
@Suite("--bubbles")
struct BubbleLoadTests {
    /// A fresh folder for one run's files, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-bubbles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What each command needs besides `--bubbles` and `--scene` to get past its own checks.
    static let commands: [(name: String, arguments: [String])] = [
        ("window", []),
        ("render", ["render", "--at", "1", "--out", "/tmp/animdemo-cli-bubbles"]),
        ("record", ["record", "--from", "0", "--to", "1", "--out", "/tmp/animdemo-cli-bubbles.gif"]),
        ("bench", ["bench", "--frames", "1"]),
    ]

    @Test(
        "a load outside 0…100000, or not a number, is one line and status 2 in every command",
        arguments: [("-1", "outside 0…100000"), ("100001", "outside 0…100000"), ("many", "'many'")])
    func badValue(value: String, mentions: String) throws {
        for command in Self.commands {
            let result = try ProgramRun.animdemo(
                command.arguments + ["--scene", "fish", "--bubbles", value], environment: ["DISPLAY": ""])
            #expect(result.status == 2, "\(command.name) --bubbles \(value): status \(result.status)")
            #expect(result.stderr.contains(mentions), "\(command.name) --bubbles \(value): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        }
    }

    @Test(
        "a load on any scene but fish is refused in every command, before the display is opened",
        arguments: ["checkmark", "tictactoe", "elastic", "download", "pull"])
    func notFish(scene: String) throws {
        for command in Self.commands {
            let result = try ProgramRun.animdemo(
                command.arguments + ["--scene", scene, "--bubbles", "10"], environment: ["DISPLAY": ""])
            #expect(result.status == 2, "\(command.name) --scene \(scene): status \(result.status)")
            #expect(
                result.stderr == "animdemo: error: --bubbles works with --scene fish only\n",
                "\(command.name) --scene \(scene): \(result.stderr)")
        }
    }

    /// Pixels of a bubble: blue at least 40/255 above red (the bluish glossy bubble's body and
    /// rim), which the white screen and the yellow fish never reach.
    static func bubblePixels(_ frame: RenderedFrame) -> Int {
        frame.pixels.filter { argb in
            Int(argb & 0xFF) - Int((argb >> 16) & 0xFF) >= 40
        }.count
    }

    @Test("render --scene fish --bubbles 500 shows many more bubbles than without, the same at every run")
    func renderWithLoad() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        var frames: [String: RenderedFrame] = [:]
        for (name, extra) in [
            ("none", []), ("load", ["--bubbles", "500"]), ("again", ["--bubbles", "500"]),
        ] {
            let result = try ProgramRun.animdemo(
                ["render", "--scene", "fish", "--at", "1", "--out", out.appendingPathComponent(name).path]
                    + extra)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            frames[name] = try RenderedFrame(
                contentsOfPNG: out.appendingPathComponent(name).appendingPathComponent("fish-001000.png").path
            )
        }
        let without = Self.bubblePixels(try #require(frames["none"]))
        let with = Self.bubblePixels(try #require(frames["load"]))
        // Without the load, at 1 s: the swim's own ten bubbles (measured 4,735 pixels). 500
        // bubbles of 13–77 px at 800×600 (1.6 px a point), overlapping in places: measured
        // 138,481; 40,000 leaves room for another seed of the load's placement and still needs
        // hundreds of bubbles.
        #expect(without < 15000, "\(without) bubble pixels without --bubbles")
        #expect(with >= 40000, "\(with) bubble pixels with --bubbles 500")
        #expect(with >= 10 * without, "\(with) with the load, \(without) without")
        #expect(frames["load"]?.pixels == frames["again"]?.pixels, "two runs drew different bubbles")
    }

    @Test("record --bubbles draws the frames render draws with the same load")
    func recordWithLoad() throws {
        let out = try Self.folder()
        defer { try? FileManager.default.removeItem(at: out) }
        let scene = ["--scene", "fish", "--size", "320x240", "--bubbles", "300"]
        let webp = out.appendingPathComponent("load.webp").path
        let record = try ProgramRun.animdemo(
            ["record"] + scene + ["--fps", "10", "--from", "1", "--to", "1.1", "--out", webp])
        #expect(record.status == 0, "record: \(record.stderr)")
        let render = try ProgramRun.animdemo(["render"] + scene + ["--at", "1", "--out", out.path])
        #expect(render.status == 0, "render: \(render.stderr)")
        let animation = try DecodedAnimation(contentsOfFile: webp)
        let expected = try RenderedFrame(contentsOfPNG: out.appendingPathComponent("fish-001000.png").path)
        let first = try #require(animation.frames.first)
        // Lossless WebP: the very pixels (RecordCommandTests).
        let differing = zip(first.pixels, expected.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ from render --bubbles 300 at 1 s")
        // 300 bubbles of 5–31 px at 0.64 px a point: thousands of bubble pixels.
        #expect(
            Self.bubblePixels(expected) >= 3000, "\(Self.bubblePixels(expected)) bubble pixels at 320×240")
    }
}
