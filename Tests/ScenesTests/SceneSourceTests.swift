import Animation
import Foundation
import SceneSources
@testable import Session
import TestSupport
import Testing

/// Issue 27's first part: every animation, timer and display link of every scene names the
/// line of the scene's source that started it, and that line makes the call; the scenes'
/// sources are built into the program, byte for byte what is on disk.
@Suite("Scene sources")
struct SceneSourceTests {
    static let scenesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Scenes")

    /// Every Swift file under Sources/Scenes, by its path there (`Fish/FishScene.swift`).
    static func filesOnDisk() throws -> [String: URL] {
        let root = scenesFolder.standardizedFileURL.path + "/"
        let enumerator = FileManager.default.enumerator(at: scenesFolder, includingPropertiesForKeys: nil)
        var files: [String: URL] = [:]
        for case let url as URL in enumerator ?? FileManager.DirectoryEnumerator()
        where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            files[path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path] = url
        }
        return files
    }

    /// Scripts that make each scene start what it can (800 × 600 window pixels), and how long
    /// to run them.
    static let runs: [(scene: String, events: String, seconds: MediaTime)] = [
        ("checkmark", "0.2 tap 400 300; 1.6 tap 400 300; 1.7 tap 400 300", 3.5),
        ("fish", "", 4),
        ("fish", "0 key m; 0.2 tap 400 300; 0.5 tap 300 300", 3.5),
        ("tictactoe", "0.1 tap 300 200; 0.3 tap 400 200; 0.5 tap 300 300; 0.7 tap 400 300; 0.9 tap 300 400", 2.5),
        ("tictactoe", "0.05 key c; 0.1 tap 300 200; 1.5 tap 300 400", 3),
        ("elastic", "0.1 drag 400 100 420 330 0.5; 1.5 drag 300 100 250 400 0.3", 3),
        ("download", "", 7),
        ("download", "0.5 key o; 1 tap 700 60", 4),
        ("pull", "0.2 drag 400 150 400 450 0.5; 3.5 drag 400 500 400 100 0.2; 4 wheel 400 300 120", 5.5),
    ]

    @Test(
        "every animation, timer and display link names a line of its scene's folder that makes it",
        arguments: runs)
    func everyRowHasItsLine(scene: String, events: String, seconds: MediaTime) throws {
        let tester = try SceneTester(scene: scene, events: events)
        let log = AnimationLog()
        try tester.advance(seconds: seconds) { _ in
            log.observe(scene: tester.scene.rootLayer, timeline: tester.session.sceneTimeline)
        }
        #expect(log.rows.contains { $0.kind == .animation }, "\(scene): no animation ran")
        let disk = try Self.filesOnDisk()
        let sceneFile = "\(type(of: tester.scene)).swift"
        let sceneFolder = try #require(disk.keys.first { $0.hasSuffix("/" + sceneFile) }).split(separator: "/")
            .dropLast().joined(separator: "/")
        for row in log.rows {
            let location = try #require(row.location, "\(scene): \(row.label) has no source")
            #expect(location.fileID.hasPrefix("Scenes/"), "\(row.label): \(location.fileID)")
            #expect(row.source == "\(location.fileName):\(location.line)")
            let path = "\(sceneFolder)/\(location.fileName)"
            let url = try #require(
                disk[path], "\(scene): \(row.label) comes from \(location.fileID), not from Sources/Scenes/\(sceneFolder)")
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            try #require(location.line >= 1 && location.line <= lines.count, "\(row.label): \(location)")
            let line = lines[location.line - 1]
            let calls: [String] =
                switch row.kind {
                case .animation: [".add(", "animate(", "transaction", "crossDissolve("]
                case .timer: ["delay(", "schedule("]
                case .displayLink: ["addDisplayLink"]
                }
            #expect(
                calls.contains { line.contains($0) },
                "\(scene): \(row.label) from \(location): \"\(line.trimmingCharacters(in: .whitespaces))\"")
        }
    }

    @Test("the built-in sources are the files on disk, byte for byte, under unique names")
    func embeddedEqualsDisk() throws {
        let disk = try Self.filesOnDisk()
        #expect(Set(SceneSources.files.map(\.path)) == Set(disk.keys))
        #expect(Set(SceneSources.files.map(\.name)).count == SceneSources.files.count)
        for (path, url) in disk {
            let text = try String(contentsOf: url, encoding: .utf8)
            let name = url.lastPathComponent
            #expect(SceneSources.text(ofFile: name) == text, "\(path) differs from its built-in copy")
            #expect(SceneSources.text(ofFile: path) == text)
            #expect(SceneSources.file(named: name)?.path == path)
        }
        #expect(SceneSources.text(ofFile: "NoSuchScene.swift") == nil)
        let lines = try #require(SceneSources.lines(ofFile: "CheckmarkScene.swift"))
        #expect(lines.contains { $0 == "final class CheckmarkScene: Scene {" })
    }
}
