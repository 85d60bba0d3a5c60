import Foundation
import TestSupport
import Testing

/// What a careless user or a hostile script gives `render` and `bench` (README § Command line):
/// status 2 and one line, or a correct result, with bounded memory and no output left behind.
@Suite("Hostile input")
struct HostileInputTests {
    /// Every run here gets 1 GiB of address space: a run that tries to take gigabytes dies.
    static let memoryCap = 1024

    @Test(
        "huge times, drags and coordinates: one line, status 2, no output folder",
        arguments: [
            ["--events", "1e300 tap 1 1"], ["--events", "0.1 drag 1 1 2 2 1e18"],
            ["--scene", "elastic", "--events", "0.1 drag 400 100 400 500 1e7"],
            ["--events", "0.5 tap 1e7 1"], ["--events", "0.5 move 1 -1e300"],
        ])
    func hugeValues(script: [String]) throws {
        try LimitedRun.withScratch("huge") { out in
            let result = try LimitedRun.animdemo(
                ["render"] + script + ["--at", "1", "--out", out.path], addressSpaceMegabytes: Self.memoryCap)
            #expect(result.status == 2, "status \(result.status): \(result.stderr.prefix(300))")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(300))")
            #expect(result.stderr.contains("events line 1"), "\(result.stderr.prefix(300))")
            #expect(!FileManager.default.fileExists(atPath: out.path), "render left \(out.path) behind")
        }
    }

    @Test("bench with a huge time is one line and status 2")
    func benchHugeTime() throws {
        let result = try LimitedRun.animdemo(
            ["bench", "--events", "1e300 tap 1 1", "--frames", "10"], addressSpaceMegabytes: Self.memoryCap)
        #expect(result.status == 2, "status \(result.status): \(result.stderr.prefix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("86400"))
    }

    @Test("a day-long drag at 240 fps renders within 400 MiB: it is expanded frame by frame")
    func dayLongDrag() throws {
        // Written out up front this drag is 20.6 million events: gigabytes.
        try LimitedRun.withScratch("drag") { out in
            let result = try LimitedRun.animdemo(
                [
                    "render", "--scene", "elastic", "--fps", "240", "--events",
                    "0.1 drag 400 100 400 500 86000",
                    "--at", "1", "--out", out.path,
                ], addressSpaceMegabytes: 400)
            #expect(result.status == 0, "status \(result.status): \(result.stderr.prefix(300))")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
            #expect(files == ["elastic-001000.png"])
        }
    }

    @Test("an events file with \\r\\n line endings renders the same bytes as with \\n")
    func crlfFile() throws {
        let script = "0.1 tap 400 300\n0.3 drag 400 100 420 400 0.4\n# a comment\n0.9 key space\n"
        var frames: [Data] = []
        for (name, text) in [("lf", script), ("crlf", script.replacingOccurrences(of: "\n", with: "\r\n"))] {
            try LimitedRun.withScratch(name) { folder in
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let file = folder.appendingPathComponent("events.txt")
                try Data(text.utf8).write(to: file)
                let out = folder.appendingPathComponent("out")
                let result = try ProgramRun.animdemo([
                    "render", "--scene", "elastic", "--events-file", file.path, "--at", "0.5", "--out",
                    out.path,
                ])
                #expect(result.status == 0, "\(name): \(result.stderr)")
                frames.append(try Data(contentsOf: out.appendingPathComponent("elastic-000500.png")))
            }
        }
        #expect(frames.count == 2 && frames[0] == frames[1])
    }

    @Test("a bad line in a \\r\\n file is one line naming it")
    func crlfError() throws {
        try LimitedRun.withScratch("crlf-bad") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("events.txt")
            try Data("0.1 tap 400 300\r\n0.2 tap 1\r\n0.3 key space\r\n".utf8).write(to: file)
            let result = try ProgramRun.animdemo([
                "render", "--events-file", file.path, "--at", "1", "--out",
                folder.appendingPathComponent("o").path,
            ])
            #expect(result.status == 2)
            #expect(result.stderr == "animdemo: error: events line 2 \"0.2 tap 1\": tap takes X Y\n")
        }
    }

    @Test("an events file over 64 MiB is refused in one line; one of exactly 64 MiB is read")
    func scriptSizeLimit() throws {
        try LimitedRun.withScratch("size") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("events.txt")
            // A comment mark, then zero bytes (sparse: no disk is written).
            _ = FileManager.default.createFile(atPath: file.path, contents: Data("#".utf8))
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: UInt64(64 << 20) + 1)
            try handle.close()
            let out = folder.appendingPathComponent("out")
            let over = try LimitedRun.animdemo(
                ["render", "--events-file", file.path, "--at", "0", "--out", out.path],
                addressSpaceMegabytes: Self.memoryCap)
            #expect(over.status == 2)
            #expect(over.stderr.split(separator: "\n").count == 1)
            #expect(over.stderr.contains("64 MiB"), "\(over.stderr.prefix(300))")
            #expect(!FileManager.default.fileExists(atPath: out.path))

            // Exactly 64 MiB: a comment mark, then spaces (a zero byte is refused: no script has one).
            try Data("#".utf8 + [UInt8](repeating: UInt8(ascii: " "), count: (64 << 20) - 1)).write(to: file)
            let at = try LimitedRun.animdemo(
                ["render", "--events-file", file.path, "--at", "0", "--out", out.path],
                addressSpaceMegabytes: Self.memoryCap)
            #expect(at.status == 0, "\(at.stderr.prefix(300))")
        }
    }

    @Test(
        "a value that starts with - is read as the option's value, and named if it is wrong",
        arguments: [
            (["--size", "-5x5"], "--size \"-5x5\""), (["--fps", "-1"], "--fps -1"),
            (["--seed", "-1"], "--seed"),
            (["render", "--at", "-1", "--out", "/tmp/animdemo-cli"], "--at -1"),
            (
                ["render", "--events", "-1 tap 1 1", "--at", "1", "--out", "/tmp/animdemo-cli"],
                "events line 1"
            ),
            (
                [
                    "render", "--scene", "fish", "--scene", "elastic", "--at", "1", "--out",
                    "/tmp/animdemo-cli",
                ], "--scene"
            ),
            (["--scene", "fish", "--scene=elastic"], "--scene is given more than once"),
        ])
    func negativeValuesAndRepeats(arguments: [String], mentions: String) throws {
        let result = try ProgramRun.animdemo(arguments, environment: ["DISPLAY": ""])
        #expect(result.status == 2, "status \(result.status) for \(arguments)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr) should mention \(mentions)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }

    @Test("a full disk says so, and leaves no PNG and none of the folders it made behind")
    func fullDisk() throws {
        try LimitedRun.withScratch("full") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // A 16 KiB file system of our own (a mount namespace: nothing outside sees it);
            // the first fish frames fit, the third does not.
            let script = """
                unshare_flags=--mount; [ "$(id -u)" = 0 ] || unshare_flags="--user --map-root-user --mount"
                exec unshare $unshare_flags sh -c 'mount -t tmpfs -o size=16k tmpfs "$0" || exit 99
                    "$1" render --scene fish --at 0 --at 1 --at 2 --at 3 --out "$0/out/frames"; status=$?
                    ls -A "$0"; exit $status' "$0" "$1"
                """
            let result = try LimitedRun.shell(script, [folder.path, ProgramRun.executable.path])
            #expect(result.status != 99, "cannot mount a tmpfs here (unshare, util-linux): \(result.stderr)")
            #expect(result.status == 2, "status \(result.status): \(result.stderr)")
            #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty, "left behind: \(result.stdout)")
        }
    }
}
