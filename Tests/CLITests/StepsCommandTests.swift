import Foundation
import Scenes
import TestSupport
import Testing

/// `animdemo steps` and `--step N` against the built executable.
@Suite("Tutorial steps on the command line")
struct StepsCommandTests {
    /// The catalogue's scenes that have tutorial steps.
    static let scenesWithSteps = SceneCatalog.all.filter { !$0.steps.isEmpty }.map(\.name)

    @Test(
        "steps lists at least four numbered steps; --json gives step and caption", arguments: scenesWithSteps)
    func list(scene: String) throws {
        let text = try ProgramRun.animdemo(["steps", "--scene", scene])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        #expect(lines.count >= 4)
        #expect(lines.first?.hasPrefix("1  ") == true, "\(text.stdout)")
        let json = try ProgramRun.animdemo(["steps", "--scene", scene, "--json"])
        #expect(json.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == lines.count)
        for (index, object) in objects.enumerated() {
            #expect((object["caption"] as? String)?.isEmpty == false)
            #expect(object["step"] as? Int == index + 1)
        }
    }

    @Test(
        "a step a scene does not have: one line on stderr, status 2",
        arguments: [
            ["steps", "--scene", "floating", "--code", "6"],
            [
                "render", "--scene", "floating", "--step", "6", "--at", "0", "--out",
                "/tmp/animdemo-steps-never",
            ],
            [
                "render", "--scene", "elastic", "--step", "0", "--at", "0", "--out",
                "/tmp/animdemo-steps-never",
            ],
            [
                "render", "--scene", "tictactoe", "--step", "99", "--at", "0", "--out",
                "/tmp/animdemo-steps-never",
            ],
            [
                "record", "--scene", "floating", "--step", "0", "--from", "0", "--to", "0.1", "--out",
                "/tmp/animdemo-steps-never.gif",
            ],
        ])
    func refused(arguments: [String]) throws {
        let result = try ProgramRun.animdemo(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("step"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/animdemo-steps-never"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/animdemo-steps-never.gif"))
    }

    @Test("render --describe says which step runs, and nothing for the scene itself")
    func describe() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-steps-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func described(_ extra: [String]) throws -> [String: Any] {
            let out = folder.appendingPathComponent(extra.joined()).path
            let result = try ProgramRun.animdemo(
                [
                    "render", "--scene", "elastic", "--size", "200x150", "--at", "0", "--describe", "--out",
                    out,
                ]
                    + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: out + "/elastic-000000.json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        #expect(try described(["--step", "2"])["step"] as? Int == 2)
        #expect(try described([])["step"] == nil)
    }

    @Test("record --step records that step: the first differs from the scene and from the last")
    func record() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-steps-record-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func recording(_ extra: [String]) throws -> Data {
            let out = folder.appendingPathComponent("r\(extra.joined()).webp").path
            let result = try ProgramRun.animdemo(
                [
                    "record", "--scene", "elastic", "--size", "200x150", "--fps", "10", "--from", "0", "--to",
                    "0.3",
                    "--out", out,
                ] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: URL(fileURLWithPath: out))
        }
        // The step bar has a band of its own under the scene, in recordings too, so a step's
        // recording is not the scene's bytes; that the last step's scene is the scene's pixels
        // is `TutorialStepTests.lastStepIsTheScene`'s (render, which record draws with).
        let scene = try recording([])
        let first = try recording(["--step", "1"])
        #expect(first != scene)
        #expect(try recording(["--step", "5"]) != first)
    }

    @Test(
        "the committed DocC tutorial is what steps --docc writes: the same captions and code; every picture it names exists",
        arguments: scenesWithSteps)
    func doccTutorialIsCurrent(scene: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-docc-\(scene)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.animdemo(["steps", "--scene", scene, "--docc", folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let catalog = ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes/Scenes.docc")
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            $0.contains(".")
        }
        let steps =
            try ProgramRun.animdemo(["steps", "--scene", scene, "--json"]).stdout.components(
                separatedBy: "\"step\""
            ).count - 1
        for step in 1...steps {
            #expect(
                written.contains {
                    $0.hasPrefix("Resources/\(scene)-step-\(step)-") && $0.hasSuffix(".swift")
                },
                "step \(step) has a code file: \(written)")
        }
        let tutorial = try String(
            contentsOf: folder.appendingPathComponent("Tutorials/\(scene).tutorial"), encoding: .utf8)
        let sections = tutorial.components(separatedBy: "@Section(").count - 1
        #expect((2...4).contains(sections), "stages, not one list of every step: \(sections)")
        let questions = tutorial.components(separatedBy: "@MultipleChoice {").dropFirst()
        #expect((2...3).contains(questions.count))
        for question in questions {
            #expect(
                question.components(separatedBy: "@Choice(isCorrect: true)").count == 2, "one right answer")
            #expect(question.contains("@Justification"))
        }
        for path in written {
            let fresh = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let committed = try String(contentsOf: catalog.appendingPathComponent(path), encoding: .utf8)
            #expect(
                fresh == committed,
                "\(path) is out of date: run `animdemo steps --scene \(scene) --docc Sources/Scenes/Scenes.docc`"
            )
            for picture in fresh.components(separatedBy: "@Image(source: \"").dropFirst() {
                let name = String(picture.prefix { $0 != "\"" })
                #expect(
                    FileManager.default.fileExists(
                        atPath: catalog.appendingPathComponent("Resources/\(name)").path),
                    "\(name) is missing: run Scripts/tutorial-media.sh \(scene)")
            }
        }
    }

    @Test(
        "every tutorial and step file in Scenes.docc is one that steps --docc writes for a scene: no orphan of a removed step or scene"
    )
    func doccHasNoOrphans() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-docc-orphans-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        for scene in Self.scenesWithSteps {
            let run = try ProgramRun.animdemo(["steps", "--scene", scene, "--docc", folder.path])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let written = Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
        let catalog = ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes/Scenes.docc")
        // Every step file and tutorial but the table of contents (Animdemo.tutorial, by hand).
        let generated = try FileManager.default.subpathsOfDirectory(atPath: catalog.path).filter {
            ($0.hasPrefix("Resources/") && $0.contains("-step-") && $0.hasSuffix(".swift"))
                || ($0.hasPrefix("Tutorials/") && $0.hasSuffix(".tutorial")
                    && $0 != "Tutorials/Animdemo.tutorial")
        }
        #expect(generated.count >= Self.scenesWithSteps.count * 5, "the check sees the committed files")
        let orphans = generated.filter { !written.contains($0) }.sorted()
        #expect(orphans.isEmpty, "no scene's steps --docc writes \(orphans): remove them")
    }

    @Test(
        "each step's code file fits the code pane (80 columns) and is Swift that parses",
        arguments: scenesWithSteps)
    func doccCodeFilesParse(scene: String) throws {
        let swiftc = try MissingTool.require("swiftc", package: "a Swift toolchain")
        let resources = ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes/Scenes.docc/Resources")
        let files = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter {
            $0.hasPrefix("\(scene)-step-") && $0.hasSuffix(".swift")
        }
        #expect(!files.isEmpty)
        var paths: [String] = []
        for name in files.sorted() {
            let path = resources.appendingPathComponent(name).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for (index, line) in text.split(separator: "\n").enumerated() where line.count > 80 {
                Issue.record("\(name):\(index + 1) is \(line.count) columns")
            }
            paths.append(path)
        }
        // One swiftc for the scene's files (a process each cost 0.15 s of CPU, 50 files): each
        // file is parsed on its own as a library file, and an error names its file.
        let parse = try ProcessRunner.run(swiftc, ["-parse", "-parse-as-library"] + paths, timeout: 60)
        #expect(parse.status == 0, "\(files): \(parse.errorOutput)")
    }

    @Test(
        "each step's code files type-check, with no warnings, as a module of their own against Animation and Scenes",
        arguments: scenesWithSteps)
    func doccCodeFilesCompile(scene: String) throws {
        let swiftc = try MissingTool.require("swiftc", package: "a Swift toolchain")
        let modules = try StepModule.modulesFolder()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-step-modules-\(scene)-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let steps = try StepModule.stepCount(scene: scene)
        #expect(steps >= 4)
        for step in 1...steps {
            let files = try StepModule.files(scene: scene, step: step)
            #expect(files.contains { $0.name.hasPrefix("\(scene)-step-") }, "step \(step) has its own files")
            let module = folder.appendingPathComponent("step-\(step)")
            try FileManager.default.createDirectory(at: module, withIntermediateDirectories: true)
            var paths: [String] = []
            for file in files {
                let url = module.appendingPathComponent(file.name)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
                paths.append(url.path)
            }
            let check = try ProcessRunner.run(
                swiftc,
                // Whole-module: one frontend process type-checks every file of the step (the
                // driver's default, one frontend a file each loading Animation and Scenes again,
                // took 3-4 times the CPU); the same checks and diagnostics.
                ["-typecheck", "-wmo", "-swift-version", "6", "-module-name", "Step\(step)", "-I", modules]
                    + paths,
                timeout: 300)
            #expect(
                check.status == 0,
                "step \(step) of \(scene) (\(files.map(\.name))) does not type-check:\n\(check.errorOutput)")
            #expect(
                !check.errorOutput.contains("warning:"),
                "step \(step) of \(scene) has warnings:\n\(check.errorOutput)")
        }
    }

    @Test("steps --code N prints the step's code; a step the scene does not have is status 2")
    func code() throws {
        let first = try ProgramRun.animdemo(["steps", "--scene", "tictactoe", "--code", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("// FinishLine.swift\n"))
        #expect(first.stdout.contains("+    func addThickLine"), "step 1 adds it")
        let last = try ProgramRun.animdemo(["steps", "--scene", "tictactoe", "--code", "4"])
        #expect(!last.stdout.contains("func addThickLine"), "step 2 removed it; step 4 shows no diff of it")
        #expect(last.stdout.contains("func addDrawingLine"))
        let unwritable = try ProgramRun.animdemo([
            "steps", "--scene", "tictactoe", "--docc", "/proc/animdemo-never",
        ])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.hasPrefix("animdemo: error: --docc: cannot write /proc/animdemo-never/"))
        #expect(unwritable.stderr.split(separator: "\n").count == 1, "\(unwritable.stderr)")
        let missing = try ProgramRun.animdemo(["steps", "--scene", "tictactoe", "--code", "5"])
        #expect(missing.status == 2)
        #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    }
}

/// A step's code as a module of its own (`doccCodeFilesCompile`): the step's DocC code files
/// as committed (each of the scene's marked files at its latest version up to the step; one
/// the tutorial has not shown yet as it is before any of its steps), the scene's other files
/// as they are, and the stages of its `…Steps.swift` file (the `Stage`
/// enum and the captions, which the reader's version leaves out), each importing the
/// `Scenes` library. A scene built on a library of the catalogue's (the fish on
/// JRMFloatingAnimation) has the library's files too, as they are.
enum StepModule {
    static let catalog = ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes/Scenes.docc")
    static let libraries = ["fish": ["JRMFloatingAnimation"], "floating": ["JRMFloatingAnimation"]]
    /// Files of another scene's a scene uses, at their last version: the pull's wave is the
    /// elastic scene's.
    static let borrowed = ["pull": [(scene: "elastic", file: "ElasticWave")]]
    /// Files of another scene's folder, not in any tutorial, that a scene uses as they are:
    /// the floating demo's switches are the download scene's.
    static let shared = ["floating": ["Download/Switch.swift"]]

    /// The folder of the built modules beside the executable (`.build/debug/Modules`).
    static func modulesFolder() throws -> String {
        let build = ProgramRun.executable.deletingLastPathComponent()
        for candidate in [build.appendingPathComponent("Modules"), build]
        where FileManager.default.fileExists(
            atPath: candidate.appendingPathComponent("Scenes.swiftmodule").path)
        {
            return candidate.path
        }
        throw ModulesMissing(folder: build.path)
    }

    struct ModulesMissing: Error, CustomStringConvertible {
        var folder: String
        var description: String { "no Scenes.swiftmodule under \(folder): build the package first" }
    }

    static func stepCount(scene: String) throws -> Int {
        let json = try ProgramRun.animdemo(["steps", "--scene", scene, "--json"])
        return json.stdout.components(separatedBy: "\"step\"").count - 1
    }

    /// The scene's source folder (`tictactoe` is `TicTacToe`).
    static func sourceFolder(scene: String) throws -> URL {
        let scenes = ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: scenes.path).first {
                $0.lowercased() == scene.lowercased()
            })
        return scenes.appendingPathComponent(name)
    }

    /// Whether `text` has a step marker (`// step N {`).
    static func isMarked(_ text: String) -> Bool {
        text.split(separator: "\n").contains {
            let trimmed = $0.trimmingPrefix { $0 == " " }
            return trimmed.hasPrefix("// step ") && trimmed.hasSuffix("{")
        }
    }

    /// `text` without its marked regions and markers: a `…Steps.swift` file's stages.
    static func unmarked(_ text: String) -> String {
        var depth = 0
        var kept: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingPrefix { $0 == " " }
            if trimmed.hasPrefix("// step "), trimmed.hasSuffix("{") {
                depth += 1
            } else if trimmed.hasPrefix("// } step ") {
                depth -= 1
            } else if depth == 0 {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n")
    }

    /// The module's files, by name and text.
    static func files(scene: String, step: Int) throws -> [(name: String, text: String)] {
        let resources = try FileManager.default.contentsOfDirectory(
            atPath: catalog.appendingPathComponent("Resources").path)
        let source = try sourceFolder(scene: scene)
        var files: [(name: String, text: String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path).sorted()
        where name.hasSuffix(".swift") {
            let text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            guard isMarked(text) else {
                files.append((name, "import Scenes\n" + text))
                continue
            }
            let base = name.replacingOccurrences(of: ".swift", with: "")
            if let latest = (1...step).reversed().map({ "\(scene)-step-\($0)-\(base).swift" }).first(where: {
                resources.contains($0)
            }) {
                files.append(
                    (
                        latest,
                        try String(
                            contentsOf: catalog.appendingPathComponent("Resources/\(latest)"), encoding: .utf8
                        )
                    ))
            } else if !name.hasSuffix("Steps.swift") {
                // Not in the tutorial yet: the file before any of its steps.
                files.append((name, "import Scenes\n" + unmarked(text)))
            }
            if name.hasSuffix("Steps.swift") {
                files.append(("\(base)Stages.swift", "import Scenes\n" + unmarked(text)))
            }
        }
        for (other, base) in borrowed[scene] ?? [] {
            let last = try #require(
                resources.filter { $0.hasPrefix("\(other)-step-") && $0.hasSuffix("-\(base).swift") }.max {
                    $0.localizedStandardCompare($1) == .orderedAscending
                })
            files.append(
                (
                    last,
                    try String(
                        contentsOf: catalog.appendingPathComponent("Resources/\(last)"), encoding: .utf8)
                ))
        }
        let scenes = ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes")
        for path in shared[scene] ?? [] {
            let text = try String(contentsOf: scenes.appendingPathComponent(path), encoding: .utf8)
            files.append((URL(fileURLWithPath: path).lastPathComponent, "import Scenes\n" + text))
        }
        for library in libraries[scene] ?? [] {
            let folder = scenes.appendingPathComponent(library)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                files.append((name, "import Scenes\n" + text))
            }
        }
        return files
    }
}
