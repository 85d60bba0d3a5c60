import Foundation
import TestSupport
import Testing

/// Slips a careful user makes (issue 31, item 7): each is refused up front with one line and
/// status 2, or does what was meant; none is settled silently.
@Suite("Small slips")
struct SmallSlipsTests {
    /// A fresh folder path (not created), removed at the end of `body`.
    static func scratch<T>(_ body: (URL) throws -> T) rethrows -> T {
        try LimitedRun.withScratch("slips", body)
    }

    /// The run is status 2 with one line that mentions `mentions`.
    static func expectRefused(
        _ result: ProgramRun, mentions: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            result.status == 2, "status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.split(separator: "\n").count == 1, "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasPrefix("animdemo: error: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains(mentions), "\(result.stderr) lacks \(mentions)",
            sourceLocation: sourceLocation)
    }

    @Test("two --at times on one frame at a low --fps are an error, not one file")
    func twoTimesOneFrame() throws {
        try Self.scratch { out in
            // At 10 fps, 1 and 1.04 s both round to frame 10, whose file is fish-001000.png.
            let result = try ProgramRun.animdemo([
                "render", "--scene", "fish", "--fps", "10", "--at", "1", "--at", "1.04", "--out", out.path,
            ])
            Self.expectRefused(result, mentions: "--at 1.0 and --at 1.04 are one frame at --fps 10")
            #expect(!FileManager.default.fileExists(atPath: out.path), "render made \(out.path)")
        }
        try Self.scratch { out in
            let result = try ProgramRun.animdemo([
                "render", "--scene", "fish", "--fps", "10", "--at", "2", "--at", "2", "--out", out.path,
            ])
            Self.expectRefused(result, mentions: "one frame")
        }
        try Self.scratch { out in
            // At 60 fps they are frames 60 and 62: two files.
            let result = try ProgramRun.animdemo([
                "render", "--scene", "fish", "--fps", "60", "--at", "1", "--at", "1.04", "--out", out.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(files == ["fish-001000.png", "fish-001033.png"])
        }
    }

    @Test(
        "--size 8192x8192 --scale 4 is refused before anything starts: 32768 pixels a side",
        arguments: [
            ["render", "--at", "0", "--out", "/tmp/animdemo-never"], ["bench", "--frames", "1"], [],
        ])
    func sizeTimesScale(command: [String]) throws {
        // The window: no display is needed to be told (DISPLAY empty would be the other error).
        let result = try ProgramRun.animdemo(
            command + ["--size", "8192x8192", "--scale", "4"], environment: ["DISPLAY": ""])
        Self.expectRefused(result, mentions: "is 32768x32768 pixels; the most is 32767 a side")
    }

    @Test("bench --seconds without --seek is refused; with it, it runs")
    func secondsWithoutSeek() throws {
        Self.expectRefused(
            try ProgramRun.animdemo(["bench", "--seconds", "3", "--frames", "1"]),
            mentions: "--seconds works with --seek or --encode only")
        Self.expectRefused(
            try ProgramRun.animdemo(["bench", "--seek", "--seconds", "0", "--frames", "1"]),
            mentions: "0.1…3600")
        let seek = try ProgramRun.animdemo(["bench", "--seek", "--seconds", "0.5", "--frames", "2", "--json"])
        #expect(seek.status == 0, "\(seek.stderr)")
    }

    /// `render` of the checkmark at 0.5 s with `script` (as --events, or from a file with these
    /// bytes); the PNG's bytes, or the failed run.
    static func render(script: String? = nil, file: [UInt8]? = nil) throws -> (ProgramRun, Data?) {
        try scratch { out in
            var arguments = [
                "render", "--scene", "checkmark", "--size", "320x240", "--at", "0.5", "--out", out.path,
            ]
            if let script { arguments += ["--events", script] }
            let eventsFile = out.path + ".events"
            defer { try? FileManager.default.removeItem(atPath: eventsFile) }
            if let file {
                try Data(file).write(to: URL(fileURLWithPath: eventsFile))
                arguments += ["--events-file", eventsFile]
            }
            let result = try ProgramRun.animdemo(arguments)
            return (result, try? Data(contentsOf: out.appendingPathComponent("checkmark-000500.png")))
        }
    }

    @Test(
        "a key animdemo has no use for is accepted (an X keysym) and changes nothing",
        arguments: ["Insert", "Delete", "Shift_L", "Control_L", "XF86AudioPlay"])
    func anyKeysym(name: String) throws {
        let (plain, expected) = try Self.render(script: "0.1 tap 160 120")
        #expect(plain.status == 0 && expected != nil, "\(plain.stderr)")
        let (result, png) = try Self.render(script: "0.05 key \(name); 0.1 tap 160 120; 0.2 key \(name)")
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(png == expected, "\(name) changed the picture")
    }

    @Test("an events file that starts with a UTF-8 byte-order mark reads as without it")
    func byteOrderMark() throws {
        let script = Array("0.1 tap 160 120\n0.2 key space\n".utf8)
        let (plain, expected) = try Self.render(file: script)
        #expect(plain.status == 0 && expected != nil, "\(plain.stderr)")
        let (marked, png) = try Self.render(file: [0xEF, 0xBB, 0xBF] + script)
        #expect(marked.status == 0, "\(marked.stderr)")
        #expect(png == expected)
    }
}
