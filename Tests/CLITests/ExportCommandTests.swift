import Foundation
import TestSupport
import Testing

/// `animdemo export` (docs/LOTTIE.md): every scene's export is valid Lottie and another engine,
/// rlottie, draws it as `animdemo render` draws the scene; the same arguments give the same
/// bytes; the baking follows the scene (a timing function changed, the file changes); bad
/// input is one line and status 2 with nothing written.
///
/// The checks by other software are `Scripts/lottie-check.py`'s (Python: lottie-specs,
/// jsonschema, pillow, rlottie-python; `.ci/run` installs them); without them these tests
/// fail naming what to install.
@Suite("export")
struct ExportCommandTests {
    /// A scene, the input that makes it move, the exported span and the moments compared.
    struct Case: CustomStringConvertible, Sendable {
        var scene: String
        var events: String?
        var to: Double
        var times: [Double]
        /// The least ink overlap (IoU) with animdemo's frames and the most mean colour
        /// difference (levels of 255) over the ink both draw: 0.9 and 12, less where a scene's
        /// ink is mostly small text, whose glyphs Cairo hints when it draws them and not in
        /// the outlines exported (docs/LOTTIE.md § How close).
        var minimumOverlap = 0.9
        var maximumColour = 12.0
        var description: String { scene }
    }

    static let cases: [Case] = [
        Case(scene: "checkmark", events: "0.1 tap 400 300", to: 1.5, times: [0, 0.3, 0.5, 0.8, 1.4]),
        Case(scene: "fish", events: "0.6 tap 400 300", to: 2, times: [0.2, 0.7, 1.0, 1.9]),
        Case(
            scene: "tictactoe",
            events: "0.3 tap 160 140; 0.65 tap 160 300; 1.0 tap 320 140; 1.35 tap 320 300",
            to: 2.5, times: [0.5, 1.2, 1.8, 2.4]),
        Case(scene: "elastic", events: "0.1 drag 400 100 400 400 0.5", to: 2, times: [0.3, 0.6, 0.8, 1.2]),
        Case(scene: "download", to: 2, times: [0.3, 1, 1.9], maximumColour: 18),
        Case(scene: "pull", events: "0.2 drag 400 200 400 450 0.5", to: 2.5, times: [0.5, 0.8, 1.2, 2.4]),
        Case(
            scene: "floating", events: "0.2 tap 400 300", to: 2, times: [0.3, 1, 1.9], minimumOverlap: 0.7,
            maximumColour: 20),
    ]

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func arguments(_ test: Case) -> [String] {
        ["--scene", test.scene] + (test.events.map { ["--events", $0] } ?? [])
    }

    @Test("rlottie draws every scene's export as animdemo renders it, and each validates", arguments: cases)
    func matchesRender(test: Case) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("\(test.scene).json").path
        let export = try ProgramRun.animdemo(
            ["export"] + Self.arguments(test) + ["--from", "0", "--to", "\(test.to)", "--out", file])
        #expect(export.status == 0, "stderr: \(export.stderr)")
        let render = try ProgramRun.animdemo(
            ["render"] + Self.arguments(test) + test.times.flatMap { ["--at", "\($0)"] } + [
                "--out", folder.appendingPathComponent("frames").path,
            ])
        #expect(render.status == 0, "stderr: \(render.stderr)")

        #expect(try LottieCheck.isValid(file), "\(file) does not validate")

        let pairs = test.times.map { time in
            let frame = Int((time * 60).rounded())
            let png = folder.appendingPathComponent(
                String(format: "frames/%@-%06d.png", test.scene, Int((time * 1000).rounded())))
            return (frame, png.path)
        }
        let comparisons = try LottieCheck.compare(file, frames: pairs)
        #expect(comparisons.count == test.times.count, "one comparison a frame: \(comparisons)")
        for comparison in comparisons {
            #expect(
                comparison.iou >= test.minimumOverlap,
                "\(test.scene) frame \(comparison.frame): ink overlap \(comparison.iou) < \(test.minimumOverlap)"
            )
            #expect(
                comparison.colour <= test.maximumColour,
                "\(test.scene) frame \(comparison.frame): colour \(comparison.colour) > \(test.maximumColour)"
            )
        }
    }

    @Test("the same arguments give the same bytes; another timing function gives others")
    func deterministicAndBaked() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func export(_ name: String, _ extra: [String] = []) throws -> Data {
            let path = folder.appendingPathComponent(name).path
            let run = try ProgramRun.animdemo(
                [
                    "export", "--scene", "checkmark", "--events", "0.1 tap 400 300", "--from", "0", "--to",
                    "1.5",
                ]
                    + extra + ["--out", path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let first = try export("a.json")
        let second = try export("b.json")
        #expect(!first.isEmpty)
        #expect(first == second, "two exports of the same arguments differ")
        let linear = try export("linear.json", ["--set", "a.curve=linear"])
        #expect(linear != first, "a.curve=linear exported the same file as easeOut")
    }

    @Test("3-s exports: the checkmark under 50 kB, the elastic wave 500 kB, the pull 400 kB, the fish 300 kB")
    func sizes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (scene, events, limit) in [
            ("checkmark", "0.1 tap 400 300; 1.5 tap 400 300", 50_000),
            ("elastic", "0.1 drag 400 100 400 400 0.5; 1.5 drag 400 100 400 300 0.3", 500_000),
            // The table's motion is keyed once, in its null layer, not in each cell (2.1 MB before).
            ("pull", "0.2 drag 400 200 400 450 0.5", 400_000),
            // 2.5 s of the fish on its own: a still run longer than the longest eased run tried.
            ("fish", "2.5 tap 400 300", 300_000),
        ] {
            let path = folder.appendingPathComponent("\(scene).json").path
            let run = try ProgramRun.animdemo(
                ["export", "--scene", scene, "--events", events, "--from", "0", "--to", "3", "--out", path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? .max
            #expect(size < limit, "\(scene): \(size) bytes, the limit \(limit)")
        }
    }

    @Test(
        "bad input: one line, status 2, nothing written",
        arguments: [
            ["--scene", "checkmark", "--from", "1", "--to", "0.5"],
            ["--scene", "checkmark", "--from", "-1", "--to", "1"],
            ["--scene", "checkmark", "--from", "0", "--to", "100"],
            ["--scene", "nosuchscene", "--from", "0", "--to", "1"],
            ["--scene", "checkmark", "--from", "0", "--to", "1", "--scale", "2"],
        ])
    func badInput(arguments: [String]) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.animdemo(
            ["export"] + arguments + ["--out", folder.appendingPathComponent("x.json").path])
        #expect(run.status == 2)
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a folder that is missing or not writable: one line, status 2")
    func unwritableFolder() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for out in [folder.appendingPathComponent("missing/x.json").path, "/proc/x.json", folder.path + "/"] {
            let run = try ProgramRun.animdemo(
                ["export", "--scene", "checkmark", "--from", "0", "--to", "1", "--out", out])
            #expect(run.status == 2, "\(out)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(out): one line: \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Every key of every animated property in `json`, as (o.x, i.x) pairs of its tangents.
    static func tangents(in json: Any) -> [[Double]] {
        var found: [[Double]] = []
        if let object = json as? [String: Any] {
            if let out = object["o"] as? [String: Any], let into = object["i"] as? [String: Any],
                let ox = (out["x"] as? [Double])?.first, let oy = (out["y"] as? [Double])?.first,
                let ix = (into["x"] as? [Double])?.first, let iy = (into["y"] as? [Double])?.first
            {
                found.append([ox, oy, ix, iy])
            }
            for value in object.values { found += tangents(in: value) }
        } else if let array = json as? [Any] {
            for value in array { found += tangents(in: value) }
        }
        return found
    }

    @Test("an eased run is one key pair with its timing function's tangents; a moving table is a null layer")
    func easedKeysAndParents() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func export(_ arguments: [String]) throws -> [String: Any] {
            let path = folder.appendingPathComponent("x.json").path
            let run = try ProgramRun.animdemo(
                ["export"] + arguments + ["--from", "0", "--to", "1.5", "--out", path])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
        }
        // The checkmark's first strokes ease in (0.42, 0, 1, 1), the chained second ones
        // ease out (0, 0, 0.58, 1), unless a.curve says otherwise.
        let checkmark = Self.tangents(
            in: try export(["--scene", "checkmark", "--events", "0.1 tap 400 300"]))
        #expect(checkmark.contains([0.42, 0, 1, 1]), "no easeIn key: \(checkmark)")
        #expect(checkmark.contains([0, 0, 0.58, 1]), "no easeOut key: \(checkmark)")
        let changed = Self.tangents(
            in: try export([
                "--scene", "checkmark", "--events", "0.1 tap 400 300", "--set", "a.curve=easeInEaseOut",
            ]))
        #expect(changed.contains([0.42, 0, 0.58, 1]), "no easeInEaseOut key: \(changed)")
        #expect(!changed.contains([0, 0, 0.58, 1]), "an easeOut key left: \(changed)")

        let pull = try export(["--scene", "pull", "--events", "0.2 drag 400 200 400 450 0.5"])
        let layers = (pull["layers"] as? [[String: Any]]) ?? []
        let nulls = layers.filter { ($0["ty"] as? Int) == 3 }
        let indices = Set(nulls.compactMap { $0["ind"] as? Int })
        #expect(!nulls.isEmpty, "no null layer in the pull's export")
        #expect(
            layers.allSatisfy { ($0["parent"] as? Int).map(indices.contains) ?? true },
            "a layer's parent is not a null layer")
    }

    @Test("--session exports the session's history as --events exports the same input; past it, status 2")
    func session() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try SessionFileTests.write(SessionFileTests.session(), in: folder)
        let fromSession = folder.appendingPathComponent("session.json").path
        let fromEvents = folder.appendingPathComponent("events.json").path
        let first = try ProgramRun.animdemo([
            "export", "--session", file.path, "--from", "0", "--to", "1", "--out", fromSession,
        ])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let second = try ProgramRun.animdemo([
            "export", "--scene", "checkmark", "--size", "400x300", "--events", "0.5 tap 200 150", "--from",
            "0",
            "--to", "1", "--out", fromEvents,
        ])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: fromSession))
        let b = try Data(contentsOf: URL(fileURLWithPath: fromEvents))
        #expect(!a.isEmpty && a == b, "the session's export differs from the same input's")

        let past = folder.appendingPathComponent("past.json").path
        let late = try ProgramRun.animdemo([
            "export", "--session", file.path, "--from", "0", "--to", "2", "--out", past,
        ])
        #expect(late.status == 2)
        #expect(late.stderr.split(separator: "\n").count == 1, "one line: \(late.stderr)")
        #expect(!FileManager.default.fileExists(atPath: past))
    }

    @Test("a signal while export runs its frames: no file, 128 + N", arguments: [SIGINT, SIGTERM])
    func interrupted(signal: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let program = try ChildProcess(
            ProgramRun.executable.path,
            [
                "export", "--scene", "fish", "--events", "0.6 tap 400 300", "--from", "0", "--to", "60",
                "--out",
                folder.appendingPathComponent("fish.json").path,
            ], environment: ["ANIMDEMO_TEST_REPORT": "1"])
        defer { program.stop() }
        // Past the checks, the handlers installed: 3,600 frames to bake.
        #expect(program.waitUntilReady(timeout: 60), "no `ready` line: \(program.rawErrorOutput)")
        #expect(program.isRunning, "export ended before the signal: \(program.errorOutput)")
        program.send(signal)
        let ending = program.waitForExit(timeout: 10)
        #expect(ending == .exited(128 + signal), "\(String(describing: ending)): \(program.errorOutput)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty,
            "left: \((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])")
    }
}
