import Foundation
import TestSupport
import Testing

/// `animdemo watch DIR` refusing what it cannot watch, in one line with status 2, before it
/// builds or opens anything (the reload itself: Tests/WindowTests/ScaffoldWindowTests).
@Suite("animdemo watch")
struct WatchCommandTests {
    @Test("watch refuses a folder without a Package.swift")
    func noPackage() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-watch-\(UUID())")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ProgramRun.animdemo(["watch", folder])
        #expect(run.status == 2)
        #expect(run.stderr == "animdemo: error: \(folder) has no Package.swift: name a package's folder\n")
        #expect(run.stdout.isEmpty)
    }

    @Test("watch refuses a package whose Sources has no program or two")
    func noSingleProgram() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-watch-\(UUID())")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for program in ["One", "Two"] {
            try FileManager.default.createDirectory(
                atPath: "\(folder)/Sources/\(program)", withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: "\(folder)/Sources/\(program)/main.swift", contents: Data())
        }
        _ = FileManager.default.createFile(atPath: "\(folder)/Package.swift", contents: Data())
        let run = try ProgramRun.animdemo(["watch", folder])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("animdemo: error: "))
        #expect(run.stderr.contains("has 2 programs"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test("--watch is in the program's help; the window's state file option is not")
    func help() throws {
        let run = try ProgramRun.animdemo(["--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("--watch"))
        #expect(!run.stdout.contains("--watch-state"))
    }
}
