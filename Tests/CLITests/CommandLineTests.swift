import Foundation
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
        #expect(lines.count == SceneNames.all.count)
        for (line, name) in zip(lines, SceneNames.all) {
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
        for name in SceneNames.all { #expect(result.stderr.contains(name)) }
    }

    @Test("--help is status 0 on stdout")
    func help() throws {
        let result = try ProgramRun.animdemo(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("render"))
    }

    @Test("render writes NAME-MMMMMM.png per --at, identical bytes on every run")
    func renderIsDeterministic() throws {
        let scene = SceneNames.all[0]
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
            ["--scene", SceneNames.all[0]], environment: ["DISPLAY": ":\(number)"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(":\(number)"))
        #expect(result.stderr.contains("render"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
