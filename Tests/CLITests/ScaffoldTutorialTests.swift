import Foundation
import TestSupport
import Testing

/// The DocC tutorial "Write your own scene" (Sources/AnimdemoShell/AnimdemoShell.docc), made
/// from the scaffold's own templates by `animdemo new Orbit --docc CATALOG`: the committed files
/// are what that writes now, so the tutorial follows every change to what `new` writes.
/// ScaffoldBuildTests builds the last step's files in a scaffolded package and runs its tests.
@Suite("the DocC tutorial of the scaffold")
struct ScaffoldTutorialTests {
    static let catalog = ProgramRun.packageRoot.appendingPathComponent(
        "Sources/AnimdemoShell/AnimdemoShell.docc")

    /// What `animdemo new Orbit --docc` writes, by path under the catalog.
    static func written() throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-scaffold-docc-\(getpid())-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try ProgramRun.animdemo(["new", "Orbit", "--docc", folder.path])
        guard run.status == 0 else { throw ScaffoldError("new Orbit --docc: \(run.stderr)") }
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.contains(".")
        {
            files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// The tutorial's last version of each file it shows (`OrbitScene.swift` → its text), as a
    /// reader has them at its end.
    static func lastVersions(_ files: [String: String]) -> [String: String] {
        var last: [String: (step: Int, text: String)] = [:]
        for (path, text) in files where path.hasPrefix("Resources/orbit-step-") && path.hasSuffix(".swift") {
            let rest = path.dropFirst("Resources/orbit-step-".count)
            guard let dash = rest.firstIndex(of: "-"), let step = Int(rest[..<dash]) else { continue }
            let name = String(rest[rest.index(after: dash)...])
            if step > last[name]?.step ?? 0 { last[name] = (step, text) }
        }
        return last.mapValues(\.text)
    }

    @Test(
        "the committed tutorial is what `new Orbit --docc` writes from the scaffold's templates; every picture it names exists"
    )
    func current() throws {
        let files = try Self.written()
        #expect(files.keys.contains("Tutorials/WriteYourOwnScene.tutorial"), "\(files.keys.sorted())")
        for (path, fresh) in files {
            let committed = try? String(
                contentsOf: Self.catalog.appendingPathComponent(path), encoding: .utf8)
            #expect(
                fresh == committed,
                "\(path) is out of date: run `animdemo new Orbit --docc Sources/AnimdemoShell/AnimdemoShell.docc`"
            )
            for picture in fresh.components(separatedBy: "@Image(source: \"").dropFirst() {
                let name = String(picture.prefix { $0 != "\"" })
                #expect(
                    FileManager.default.fileExists(
                        atPath: Self.catalog.appendingPathComponent("Resources/\(name)").path),
                    "\(name) is missing: run Scripts/scaffold-tutorial-media.sh")
            }
        }
    }

    /// The catalogue's tutorials written by hand: YourOwnScene.tutorial (`new` does not write it).
    static let handWritten: Set = ["Tutorials/YourOwnScene.tutorial"]

    @Test(
        "no file is left over from an older tutorial: every step file and tutorial is one `new --docc` writes, every picture one a tutorial shows"
    )
    func doccHasNoOrphans() throws {
        let files = try Self.written()
        let committed = try FileManager.default.subpathsOfDirectory(atPath: Self.catalog.path)
        // What `new --docc` writes: the steps' code and the tutorials, but the hand-written one.
        let generated = committed.filter {
            ($0.hasPrefix("Resources/") && $0.hasSuffix(".swift"))
                || ($0.hasPrefix("Tutorials/") && $0.hasSuffix(".tutorial") && !Self.handWritten.contains($0))
        }
        let steps = files.keys.filter { $0.hasPrefix("Resources/orbit-step-") }.count
        #expect(steps >= 5 && generated.count > steps, "the check sees the committed files: \(generated)")
        let orphans = generated.filter { files[$0] == nil }.sorted()
        #expect(orphans.isEmpty, "`new Orbit --docc` no longer writes \(orphans): remove them")
        // Pictures (Scripts/scaffold-tutorial-media.sh makes them): each one a tutorial shows.
        var tutorials = files.filter { $0.key.hasPrefix("Tutorials/") }.map(\.value)
        for path in Self.handWritten {
            tutorials.append(
                try String(contentsOf: Self.catalog.appendingPathComponent(path), encoding: .utf8))
        }
        let shown = Set(
            tutorials.flatMap { text in
                text.components(separatedBy: "source: \"").dropFirst().map {
                    "Resources/" + $0.prefix { $0 != "\"" }
                }
            })
        let pictures = committed.filter {
            $0.hasPrefix("Resources/") && ($0.hasSuffix(".png") || $0.hasSuffix(".gif"))
        }
        #expect(!pictures.isEmpty && !shown.isEmpty)
        let unshown = pictures.filter { !shown.contains($0) }.sorted()
        #expect(unshown.isEmpty, "no tutorial shows \(unshown): remove them")
    }

    @Test("new --docc naming no folder, or one that cannot be made, is one line and status 2")
    func badCatalog() throws {
        for catalog in ["", "/proc/animdemo-never"] {
            let run = try ProgramRun.animdemo(["new", "Orbit", "--docc", catalog])
            #expect(run.status == 2, "--docc '\(catalog)': \(run.stderr)")
            #expect(run.stderr.contains("--docc"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test(
        "the tutorial walks the package in sections (make it, the starter, a knob, --watch, a test, checkpoints); every step's file is whole, fits 80 columns and parses"
    )
    func steps() throws {
        let files = try Self.written()
        let tutorial = try #require(files["Tutorials/WriteYourOwnScene.tutorial"])
        let titles = tutorial.components(separatedBy: "@Section(title: \"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(
            titles == [
                "Make the package", "Read the starter", "Add a knob", "Change it while it runs", "Test it",
                "Save checkpoints",
            ])
        for needle in ["animdemo new Orbit", "swift run Orbit --watch", "swift test", "CheckpointingScene"] {
            #expect(tutorial.contains(needle), "the tutorial never says \(needle)")
        }
        let questions = tutorial.components(separatedBy: "@MultipleChoice {").dropFirst()
        #expect(questions.count == 3)
        for question in questions {
            #expect(
                question.components(separatedBy: "@Choice(isCorrect: true)").count == 2, "one right answer")
        }
        let swiftc = try MissingTool.require("swiftc", package: "a Swift toolchain")
        let code = files.filter { $0.key.hasPrefix("Resources/") && $0.key.hasSuffix(".swift") }
        #expect(code.count == tutorial.components(separatedBy: "@Step {").count - 1, "one file a step")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-scaffold-parse-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in code {
            for (index, line) in text.split(separator: "\n").enumerated() where line.count > 80 {
                Issue.record("\(path):\(index + 1) is \(line.count) columns")
            }
            let file = folder.appendingPathComponent((path as NSString).lastPathComponent)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let parse = try ProcessRunner.run(swiftc, ["-parse", file.path], timeout: 60)
            #expect(parse.status == 0, "\(path): \(parse.errorOutput)")
        }
        // A step shows the file after the change it describes: each of the scene's versions
        // differs from the one before.
        let scenes = code.filter { $0.key.hasSuffix("-OrbitScene.swift") }.sorted { $0.key < $1.key }.map(
            \.value)
        #expect(scenes.count == 4)
        for (before, after) in zip(scenes, scenes.dropFirst()) { #expect(before != after) }
        let last = Self.lastVersions(files)
        #expect(last["OrbitScene.swift"]?.contains("extension OrbitScene: CheckpointingScene") == true)
        #expect(last["OrbitTests.swift"]?.contains("knobs: [\"damping=4\"]") == true)
    }
}
