import Animation
import Foundation
import SceneSources
import TestSupport
import Testing

@testable import Session

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
        // The DocC tutorials' code files are excerpts, not sources.
        where url.pathExtension == "swift" && !url.path.contains(".docc/") {
            let path = url.standardizedFileURL.path
            files[path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path] = url
        }
        return files
    }

    /// Scripts that make each scene start what it can (800 × 600 window pixels but for the
    /// pull's), and how long to run them.
    static let runs: [(scene: String, events: String, seconds: MediaTime)] = [
        ("checkmark", "0.2 tap 400 300; 1.6 tap 400 300; 1.7 tap 400 300", 3.5),
        ("fish", "", 4),
        ("fish", "0 key m; 0.2 tap 400 300; 0.5 tap 300 300", 3.5),
        (
            "tictactoe",
            "0.1 tap 300 200; 0.3 tap 400 200; 0.5 tap 300 300; 0.7 tap 400 300; 0.9 tap 300 400", 2.5
        ),
        ("tictactoe", "0.05 key c; 0.1 tap 300 200; 1.5 tap 300 400", 3),
        ("elastic", "0.1 drag 400 100 420 330 0.5; 1.5 drag 300 100 250 400 0.3", 3),
        ("download", "", 7),
        ("download", "0.5 key o; 1 tap 700 60", 4),
        // At 375 × 667 (a point a pixel), pulled 500 points down and held still before the
        // release: past 95 points (after the rubber band), it loads; then a flick and the wheel.
        (
            "pull",
            "0.2 down 187 100; 0.3 move 187 300; 0.4 move 187 600; 0.5 move 187 600; 0.6 move 187 600; "
                + "0.7 move 187 600; 0.8 up 187 600; 3.5 drag 187 500 187 100 0.2; 4 wheel 187 300 120",
            5.5
        ),
    ]

    /// A function of the scenes that takes its caller's `fileID` and `line` and passes them on
    /// to the engine (`ViewAnimation.animate`, `animateControlPoints`): a call of one is a line
    /// that starts an animation too, and no row may name a line inside one.
    struct ForwardingHelper {
        var name: String
        var file: String
        /// From its `func` line to its closing brace, 1-based.
        var lines: ClosedRange<Int>
    }

    /// Every forwarding helper of `files`: a `func` whose signature has the `#fileID` default,
    /// its body found by counting braces from the signature on (the scenes' helpers have no
    /// brace inside a string).
    static func forwardingHelpers(in files: [URL]) throws -> [ForwardingHelper] {
        var helpers: [ForwardingHelper] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let found = line.range(of: "func ") else { continue }
                let name = line[found.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                var depth = 0
                var opened = false
                var signature = ""
                var end = index
                scan: for (offset, text) in lines[index...].enumerated() {
                    for character in text {
                        if !opened { signature.append(character) }
                        if character == "{" {
                            depth += 1
                            opened = true
                        } else if character == "}" {
                            depth -= 1
                            if opened && depth == 0 {
                                end = index + offset
                                break scan
                            }
                        }
                    }
                }
                if signature.contains("fileID: String = #fileID") {
                    helpers.append(
                        ForwardingHelper(
                            name: String(name), file: file.lastPathComponent, lines: (index + 1)...(end + 1)))
                }
            }
        }
        return helpers
    }

    @Test(
        "every animation, timer and display link names a line of its scene's folder that makes it",
        arguments: runs)
    func everyRowHasItsLine(scene: String, events: String, seconds: MediaTime) throws {
        let size = scene == "pull" ? Size(width: 375, height: 667) : Size(width: 800, height: 600)
        let tester = try SceneTester(scene: scene, size: size, events: events)
        let log = AnimationLog()
        try tester.advance(seconds: seconds) { _ in
            log.observe(scene: tester.scene.rootLayer, timeline: tester.session.sceneTimeline)
        }
        #expect(log.rows.contains { $0.kind == .animation }, "\(scene): no animation ran")
        let disk = try Self.filesOnDisk()
        let helpers = try Self.forwardingHelpers(in: Array(disk.values))
        let helperNames = Set(helpers.map(\.name))
        #expect(
            helperNames.isSuperset(of: ["animate", "delay", "crossDissolve", "animateControlPoints"]),
            "\(helperNames)")
        let sceneFile = "\(type(of: tester.scene)).swift"
        let scenePath = try #require(disk.keys.first { $0.hasSuffix("/" + sceneFile) })
        let sceneFolder = scenePath.split(separator: "/").dropLast().joined(separator: "/")
        for row in log.rows {
            let location = try #require(row.location, "\(scene): \(row.label) has no source")
            #expect(location.fileID.hasPrefix("Scenes/"), "\(row.label): \(location.fileID)")
            #expect(row.source == "\(location.fileName):\(location.line)")
            let path = "\(sceneFolder)/\(location.fileName)"
            let url = try #require(
                disk[path],
                "\(scene): \(row.label) comes from \(location.fileID), not from Sources/Scenes/\(sceneFolder)"
            )
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            try #require(location.line >= 1 && location.line <= lines.count, "\(row.label): \(location)")
            let line = lines[location.line - 1]
            let engineCalls: [String] =
                switch row.kind {
                case .animation: [".add(", ".animate(", ".transaction {", ".beginTransaction("]
                case .timer: [".delay(", ".schedule("]
                case .displayLink: [".addDisplayLink"]
                }
            let calls = engineCalls + helperNames.map { "\($0)(" }
            let inside = helpers.first { $0.file == location.fileName && $0.lines.contains(location.line) }
            #expect(
                inside == nil,
                "\(scene): \(row.label) names \(location), inside \(inside?.name ?? ""), not its caller")
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
