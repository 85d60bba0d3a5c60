import Foundation
import Scenes
import TestSupport
import Testing

/// `animdemo knobs` and `--set` against the built executable.
@Suite("Knobs on the command line")
struct KnobsCommandTests {
    @Test(
        "knobs --json lists at least five knobs per scene with every key",
        arguments: SceneCatalog.all.map(\.name))
    func json(scene: String) throws {
        let result = try ProgramRun.animdemo(["knobs", "--scene", scene, "--json"])
        #expect(result.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count >= 5)
        for object in objects {
            for key in ["name", "value", "min", "max", "step", "unit", "description"] {
                #expect(object[key] != nil, "\(scene): \(object["name"] ?? "?") has no \(key)")
            }
        }
    }

    @Test("knobs prints the tutorial's values; --set shows the changed one")
    func text() throws {
        let plain = try ProgramRun.animdemo(["knobs", "--scene", "elastic"])
        #expect(plain.stdout.contains("dampingRatio = 0.57"))
        let changed = try ProgramRun.animdemo(["knobs", "--scene", "elastic", "--set", "dampingRatio=0.3"])
        #expect(changed.stdout.contains("dampingRatio = 0.3"))
    }

    @Test("knobs --scene fish lists JRMFloatingAnimation's options with their values; --set turns them")
    func fishOptions() throws {
        let plain = try ProgramRun.animdemo(["knobs", "--scene", "fish"])
        #expect(plain.status == 0)
        for line in [
            "shape = straight  (straight | curveLeft | curveRight | triangleUp)", "sink = off  (off | on)",
            "fadeOut = off  (off | on)", "images = bubble  (bubble | bubbles | notes)",
        ] {
            #expect(plain.stdout.contains(line), "no \"\(line)\" in \(plain.stdout)")
        }
        let changed = try ProgramRun.animdemo([
            "knobs", "--scene", "fish", "--set", "shape=triangleUp", "--set", "images=notes",
        ])
        #expect(changed.stdout.contains("shape = triangleUp") && changed.stdout.contains("images = notes"))
        let bad = try ProgramRun.animdemo(["knobs", "--scene", "fish", "--set", "shape=zigzag"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("one of straight, curveLeft, curveRight, triangleUp"), "\(bad.stderr)")
    }

    @Test(
        "a bad --set is one line on stderr naming the names or the range, status 2",
        arguments: [
            (
                [
                    "render", "--scene", "elastic", "--set", "nope=1", "--at", "1", "--out",
                    "/tmp/animdemo-knobs",
                ],
                "knobs are: maxWaveHeight"
            ),
            (
                [
                    "render", "--scene", "elastic", "--set", "dampingRatio=2", "--at", "1", "--out",
                    "/tmp/animdemo-knobs",
                ],
                "outside 0.05…1"
            ),
            (["bench", "--scene", "checkmark", "--set", "d=fast", "--frames", "1"], "takes a number in"),
            (["--scene", "download", "--set", "type=square"], "one of all, closed, filled, mixed"),
        ])
    func bad(arguments: [String], message: String) throws {
        let result = try ProgramRun.animdemo(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("--set on render changes the picture; the same arguments give the same bytes")
    func renderSet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("animdemo-knobs-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ extra: [String], into name: String) throws -> Data {
            let out = folder.appendingPathComponent(name).path
            let result = try ProgramRun.animdemo(
                [
                    "render", "--scene", "tictactoe", "--events",
                    "0.1 tap 300 200; 0.3 tap 400 200; 0.5 tap 300 300; 0.7 tap 400 300; 0.9 tap 300 400",
                    "--at", "2",
                ] + extra + ["--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out + "/tictactoe-002000.png"))
        }
        let plain = try render([], into: "plain")
        let red = try render(["--set", "finishLineColor=red"], into: "red")
        let redAgain = try render(["--set", "finishLineColor=red"], into: "red2")
        #expect(plain != red)
        #expect(red == redAgain)
    }
}
