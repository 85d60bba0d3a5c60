import Foundation
import Testing

@testable import X11Host

/// The screenshot folder is checked again when a screenshot or a recording starts (issue 42,
/// item 11): a file in its place is an error then, not a recording lost at its end.
@Suite("Capture folder")
struct CaptureFolderTests {
    @Test("a file where the folder should be is refused when a capture starts")
    func fileInPlace() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-capture-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for path in [file.path, file.path + "/shots"] {
            #expect(throws: CaptureFolder.Failure.self) {
                try CaptureFolder(directory: path).create(for: "the recording")
            }
        }
        // A folder is fine, made or already there.
        let folder = file.path + "-folder/shots"
        defer { try? FileManager.default.removeItem(atPath: file.path + "-folder") }
        try CaptureFolder(directory: folder).create(for: "the recording")
        try CaptureFolder(directory: folder).create(for: "the recording")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue)
    }
}
