import Foundation
import TestSupport
import Testing

/// Memory follows the window's size down as well as up: after a huge window is made small
/// again, its shared-memory segment and the pages drawn into it are given back.
@Suite("Shrinking window", .serialized, .timeLimit(.minutes(10)))
struct ShrinkWindowTests {
    @Test("after 8000×8000 and back to 400×300: a small segment, and under 100 MiB resident")
    func shrinksBack() throws {
        let app = try RunningWindow()
        defer { app.stop() }
        try app.xdotool("windowsize", "--sync", app.window, "8000", "8000")
        // 8000² × 4 bytes = 244 MiB of segment, all of it drawn by the first frame.
        let big = pollUntil(timeout: 20, interval: 0.1) { () -> Bool? in
            Self.residentMegabytes(app.program.pid) > 200 ? true : nil
        }
        #expect(big == true, "the 8000×8000 frame was never drawn: \(Self.segmentBytes(app.program.pid))")
        try app.xdotool("windowsize", "--sync", app.window, "400", "300")
        let small = pollUntil(timeout: 10, interval: 0.1) { () -> Bool? in
            Self.residentMegabytes(app.program.pid) < 100 ? true : nil
        }
        // The big segment goes once the server has handled its detach (it holds the last mapping).
        // (Marked for removal before the server attached it, it may be listed ~50 ms longer.)
        _ = pollUntil(timeout: 5, interval: 0.05) {
            Self.segmentBytes(app.program.pid).count == 1 ? true : nil
        }
        let segments = Self.segmentBytes(app.program.pid)
        #expect(small == true, "\(Self.residentMegabytes(app.program.pid)) MiB resident at 400×300")
        #expect(
            segments.count == 1 && segments.allSatisfy { $0 <= 2 * 400 * 300 * 4 }, "segments: \(segments)")
    }

    /// VmRSS of `pid` in MiB (0 if unreadable).
    static func residentMegabytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes / 1024
    }

    /// The sizes of the shared-memory segments `pid` created (from /proc/sysvipc/shm).
    static func segmentBytes(_ pid: Int32) -> [Int] {
        guard let table = try? String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8) else { return [] }
        // Columns: key shmid perms size cpid lpid nattch …
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: " ")
            return fields.count > 4 && fields[4] == "\(pid)" ? Int(fields[3]) : nil
        }
    }
}
