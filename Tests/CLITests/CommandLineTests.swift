import Animation
import Foundation
import Render
import Scenes
import TestSupport
import Testing

/// The command-line contract (README § Command line), against the built executable.
@Suite("Command line")
struct CommandLineTests {
    @Test("--list prints one line per scene with a description")
    func list() throws {
        let result = try ProgramRun.animdemo(["--list"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == SceneCatalog.all.count)
        for (line, name) in zip(lines, SceneCatalog.all.map(\.name)) {
            #expect(line.hasPrefix(name + " "), "line \"\(line)\" should start with \(name)")
            #expect(line.count > name.count + 10, "line \"\(line)\" has no description")
        }
    }

    @Test(
        "bad input is one line on stderr and status 2",
        arguments: [
            (["--scene", "nope"], "unknown scene"),
            (["--size", "800"], "--size"),
            (["--size", "0x600"], "--size"),
            (["--fps", "0"], "--fps"),
            (["--fps", "241"], "--fps"),
            (["render", "--scene", "nope", "--at", "1", "--out", "/tmp/x"], "unknown scene"),
            (
                ["render", "--at", "1", "--out", "/tmp/animdemo-cli", "--events", "0.1 jump 1 2"],
                "events line 1"
            ),
            (
                ["render", "--at", "1", "--out", "/tmp/animdemo-cli", "--events-file", "/nonexistent/e.txt"],
                "events file"
            ),
            (["render", "--out", "/tmp/animdemo-cli"], "--at"),
            (["render", "--at", "-1", "--out", "/tmp/animdemo-cli"], "--at"),
            (["--bogus"], "bogus"),
            (["--scale", "0"], "--scale"),
            (["--scale", "5"], "--scale"),
            (["--scale", "1.5"], "--scale"),
            (["--scale", "two"], "--scale"),
            (["render", "--scale", "9", "--at", "1", "--out", "/tmp/animdemo-cli"], "--scale"),
            (["bench", "--scale", "-1", "--frames", "1"], "--scale"),
        ])
    func badInput(arguments: [String], mentions: String) throws {
        let result = try ProgramRun.animdemo(arguments, environment: ["DISPLAY": ""])
        #expect(result.status == 2, "status \(result.status) for \(arguments)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr should be one line: \(result.stderr)")
        #expect(result.stderr.contains(mentions), "stderr \"\(result.stderr)\" should mention \(mentions)")
        #expect(result.stderr.hasPrefix("animdemo: error: "))
    }

    @Test("the unknown-scene message lists the valid scenes")
    func unknownSceneListsScenes() throws {
        let result = try ProgramRun.animdemo(["--scene", "nope"])
        for name in SceneCatalog.all.map(\.name) { #expect(result.stderr.contains(name)) }
    }

    @Test("--help is status 0 on stdout")
    func help() throws {
        let result = try ProgramRun.animdemo(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("render"))
    }

    @Test("render writes NAME-MMMMMM.png per --at, identical bytes on every run")
    func renderIsDeterministic() throws {
        let scene = SceneCatalog.all[0].name
        var outputs: [[Data]] = []
        for run in 0..<2 {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent(
                "animdemo-cli-\(run)-\(getpid())")
            try? FileManager.default.removeItem(at: out)
            defer { try? FileManager.default.removeItem(at: out) }
            let result = try ProgramRun.animdemo([
                "render", "--scene", scene, "--size", "320x240", "--at", "1.5", "--at", "0", "--at", "0.25",
                "--events", "0.1 tap 100 100", "--out", out.path,
            ])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let names = ["\(scene)-000000.png", "\(scene)-000250.png", "\(scene)-001500.png"]
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(files == names)
            outputs.append(try names.map { try Data(contentsOf: out.appendingPathComponent($0)) })
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0][0] != outputs[0][2], "the tap should change the picture")
    }

    @Test("no display: one line naming it and suggesting render, status 2")
    func noDisplay() throws {
        // A display number with no server behind it (no socket, no lock file).
        let number =
            (97...400).first { n in
                !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
                    && !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock")
            } ?? 399
        let result = try ProgramRun.animdemo(
            ["--scene", SceneCatalog.all[0].name], environment: ["DISPLAY": ":\(number)"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(":\(number)"))
        #expect(result.stderr.contains("render"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    // MARK: - HiDPI

    /// Renders `scene` at `time` with `arguments` into a fresh folder and reads the PNG back.
    static func render(
        _ scene: String, at time: Double, events: String, _ arguments: [String]
    ) throws -> RenderedFrame {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-cli-scale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try ProgramRun.animdemo(
            ["render", "--scene", scene, "--at", "\(time)", "--events", events, "--out", out.path] + arguments
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let name = String(format: "%@-%06d.png", scene, Int((time * 1000).rounded()))
        return try RenderedFrame(contentsOfPNG: out.appendingPathComponent(name).path)
    }

    /// `frame` at half the size: each pixel the mean of a 2 × 2 block, per premultiplied channel.
    static func halved(_ frame: RenderedFrame) -> [UInt32] {
        let width = frame.width / 2
        let pixels = frame.pixels
        var result: [UInt32] = []
        for y in 0..<(frame.height / 2) {
            for x in 0..<width {
                var word: UInt32 = 0
                for shift: UInt32 in [24, 16, 8, 0] {
                    var sum: UInt32 = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        sum += (pixels[(2 * y + dy) * frame.width + 2 * x + dx] >> shift) & 0xFF
                    }
                    word |= ((sum + 2) / 4) << shift
                }
                result.append(word)
            }
        }
        return result
    }

    /// A scene, a moment and its input (in --size pixels) for `scaleTwo`, and whether the frame
    /// has text (hinted at each size, so its pixels differ more than shapes').
    struct ScaleCase: Sendable, CustomTestStringConvertible {
        var scene: String
        var time: Double
        var events: String
        var hasText: Bool
        var testDescription: String { scene }
    }

    @Test(
        "render --scale 2 is twice the size and, halved, the 1× frame: the same picture, sharper",
        arguments: [
            ScaleCase(scene: "checkmark", time: 0.9, events: "0.5 tap 200 150", hasText: false),
            ScaleCase(
                scene: "elastic", time: 0.3, events: "0.1 down 200 50; 0.2 move 230 200", hasText: false),
            ScaleCase(scene: "download", time: 1.25, events: "", hasText: true),
            ScaleCase(
                scene: "tictactoe", time: 1.5, events: "0.1 tap 140 70; 0.3 tap 200 150; 0.5 tap 260 230",
                hasText: true),
        ])
    func scaleTwo(_ scaleCase: ScaleCase) throws {
        let (scene, time, events) = (scaleCase.scene, scaleCase.time, scaleCase.events)
        let one = try Self.render(scene, at: time, events: events, ["--size", "400x300"])
        let two = try Self.render(scene, at: time, events: events, ["--size", "400x300", "--scale", "2"])
        #expect(one.width == 400 && one.height == 300)
        #expect(two.width == 800 && two.height == 600)
        // Coverage adds up: a 2 × 2 block of the sharper frame covers what its pixel of the 1×
        // frame covers, so shapes agree to antialiasing's rounding: a mean difference under
        // 0.05/255 (measured: 0.006 and 0.011) and a pixel in 2,000 beyond 10/255 (0 and 19 of
        // 120,000). Text is hinted at each size: where there is text, under 2/255 and 2 %
        // (measured: 0.4 and 1.0/255, 0.4 and 1 %).
        let halved = Self.halved(two)
        let pixels = one.pixels
        var total = 0
        var far = 0
        for index in pixels.indices {
            var largest = 0
            for shift: UInt32 in [16, 8, 0] {
                let a = Int((pixels[index] >> shift) & 0xFF)
                let b = Int((halved[index] >> shift) & 0xFF)
                total += abs(a - b)
                largest = max(largest, abs(a - b))
            }
            if largest > 10 { far += 1 }
        }
        let mean = Double(total) / Double(3 * pixels.count)
        let farShare = Double(far) / Double(pixels.count)
        #expect(mean < (scaleCase.hasText ? 2 : 0.05), "\(scene): mean difference \(mean)/255")
        #expect(farShare < (scaleCase.hasText ? 0.02 : 0.0005), "\(scene): \(far) pixels beyond 10/255")
    }
}
