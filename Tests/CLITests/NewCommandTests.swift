import Foundation
import Render
import TestSupport
import Testing

/// `animdemo new NAME [--path DIR]`: the scaffold of a package of one's own (README § Write your
/// own scene).
@Suite("animdemo new")
struct NewCommandTests {
    /// A fresh temporary folder's path (not yet made).
    static func temporaryFolder() -> String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-new-\(UUID().uuidString)")
    }

    static func files(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter {
            var isFolder: ObjCBool = false
            let path = (folder as NSString).appendingPathComponent($0)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    @Test("new writes the manifest, main.swift, the scene, its test and a README")
    func writesThePackage() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ProgramRun.animdemo(["new", "Orbit", "--path", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.files(under: folder) == [
                ".gitignore", "Package.swift", "README.md", "Sources/Orbit/main.swift",
                "Sources/OrbitScene/OrbitScene.swift", "Tests/OrbitTests/OrbitTests.swift",
            ])
        func text(_ path: String) throws -> String {
            try String(contentsOfFile: (folder as NSString).appendingPathComponent(path), encoding: .utf8)
        }
        // The dependency is this package, by path: it builds offline.
        #expect(try text("Package.swift").contains("path: \"\(ProgramRun.packageRoot.path)\""))
        #expect(
            try text("Sources/Orbit/main.swift").contains(
                "scenes: [OrbitScene.descriptor], sources: OrbitSceneSources.files, includingTutorials: false)"
            ))
        // The scene's own code, for the code panel.
        #expect(
            try text("Package.swift").contains(".plugin(name: \"EmbedSceneSources\", package: \"animdemo\")"))
        #expect(try text("Sources/OrbitScene/OrbitScene.swift").contains("name: \"orbit\""))
        #expect(try text("Sources/OrbitScene/OrbitScene.swift").contains("SpringAnimation"))
        #expect(try text("Tests/OrbitTests/OrbitTests.swift").contains("SceneTester(scene: \"orbit\""))
        #expect(try text("README.md").contains("swift run Orbit"))
        #expect(try text("README.md").contains("swift test"))
    }

    @Test("new takes an existing empty folder")
    func emptyFolder() throws {
        let folder = Self.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ProgramRun.animdemo(["new", "Spin_2", "--path", folder])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.files(under: folder).contains("Sources/Spin_2Scene/Spin_2Scene.swift"))
    }

    @Test(
        "new refuses a name that is not a Swift identifier or is one of animdemo's modules, in one line",
        arguments: ["9lives", "my-scene", "Orbit.swift", "", "Grün", "Animation", "animdemo"])
    func refusesBadNames(name: String) throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try ProgramRun.animdemo(["new", name, "--path", folder])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("animdemo: error: "))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder), "something was written")
    }

    @Test("new refuses a folder that is not empty and leaves it as it was")
    func refusesNonEmptyFolder() throws {
        let folder = Self.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let mine = (folder as NSString).appendingPathComponent("mine.txt")
        #expect(FileManager.default.createFile(atPath: mine, contents: Data("keep".utf8)))
        let result = try ProgramRun.animdemo(["new", "Orbit", "--path", folder])
        #expect(result.status == 2)
        #expect(result.stderr == "animdemo: error: \(folder) is not empty; name a new or empty folder\n")
        #expect(Self.files(under: folder) == ["mine.txt"])
    }
}
