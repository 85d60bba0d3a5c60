import Foundation
import TestSupport
import Testing

/// Bad input that used to get through (issue 42, items 5–14): each is one line on stderr,
/// status 2, and nothing written, in bounded time and memory (README § Command line).
@Suite("Bad input")
struct BadInputTests {
    /// `result` is a refusal: status 2, one line on stderr containing each of `mentions`.
    static func expectRefused(
        _ result: LimitedRun.Outcome, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            result.status == 2, "status \(result.status): \(result.stderr.prefix(300))",
            sourceLocation: sourceLocation)
        #expect(
            result.stderr.split(separator: "\n").count == 1, "\(result.stderr.prefix(300))",
            sourceLocation: sourceLocation)
        for text in mentions {
            #expect(
                result.stderr.contains(text), "\(result.stderr.prefix(300)) lacks \(text)",
                sourceLocation: sourceLocation)
        }
    }

    /// animdemo with `arguments` in the folder `folder`, ended after 60 s if it blocks
    /// (`timeout` then exits with 124), with 1 GiB of address space.
    static func run(_ arguments: [String], in folder: URL? = nil, environment: String = "") throws
        -> LimitedRun.Outcome
    {
        let change = folder.map { "cd '\($0.path)' && " } ?? ""
        return try LimitedRun.shell(
            "\(change)ulimit -v \(1024 * 1024); exec env \(environment) timeout 60 \"$0\" \"$@\"",
            [ProgramRun.executable.path] + arguments)
    }

    /// A fresh, existing folder for `body`, removed afterwards.
    static func withFolder<T>(_ name: String, _ body: (URL) throws -> T) throws -> T {
        try LimitedRun.withScratch(name) { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try body(folder)
        }
    }

    @Test("item 5: an events file with a NUL byte is refused, naming its line")
    func nulByte() throws {
        try Self.withFolder("nul") { folder in
            let file = folder.appendingPathComponent("events.txt")
            try Data("0.05 key space\n0.1 tap 400 300\u{0}garbage\n".utf8).write(to: file)
            let out = folder.appendingPathComponent("out")
            let result = try Self.run([
                "render", "--events-file", file.path, "--at", "0.2", "--out", out.path,
            ])
            Self.expectRefused(result, mentions: ["events line 2", "NUL"])
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("item 6: a thousand overlapping day-long drags render at 300 s within 400 MiB: a press ends a drag")
    func overlappingDrags() throws {
        try Self.withFolder("drags") { folder in
            let file = folder.appendingPathComponent("events.txt")
            try Data(String(repeating: "0 drag 0 0 800 600 86400\n", count: 1000).utf8).write(to: file)
            let out = folder.appendingPathComponent("out")
            // Before, each frame delivered a thousand moves, and memory grew to 611 MB by 300 s.
            let result = try LimitedRun.animdemo(
                [
                    "render", "--scene", "elastic", "--events-file", file.path, "--at", "300", "--out",
                    out.path,
                ],
                addressSpaceMegabytes: 400)
            #expect(result.status == 0, "status \(result.status): \(result.stderr.prefix(300))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["elastic-300000.png"])
        }
    }

    @Test("item 7: a 5-MB word is refused by its length, in one line")
    func hugeWord() throws {
        try Self.withFolder("word") { folder in
            let file = folder.appendingPathComponent("events.txt")
            try Data(("0.1 " + String(repeating: "a", count: 5_000_000) + "\n").utf8).write(to: file)
            let out = folder.appendingPathComponent("out")
            let result = try Self.run([
                "render", "--events-file", file.path, "--at", "0.2", "--out", out.path,
            ])
            Self.expectRefused(result, mentions: ["events line 1", "a word of 5000000 bytes"])
            #expect(result.stderr.count < 300)
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("item 8: a PNG with one flipped byte is damaged, not \"out of memory\"")
    func flippedByte() throws {
        try ImageAssetTests.withAssets { folder in
            let fish = folder.appendingPathComponent("fish.png")
            var bytes = [UInt8](try Data(contentsOf: fish))
            bytes[bytes.count / 2] ^= 0x10
            try Data(bytes).write(to: fish)
            // Before, Cairo's words for any libpng error: "out of memory".
            try ImageAssetTests.expectRefused(
                ["--assets", folder.path], mentions: ["\(fish.path)", "damaged"])
        }
    }

    @Test("item 9: steps --code -1 names the range; --docc '' and --docc naming a file or FIFO write nothing")
    func stepsMistakes() throws {
        let negative = try Self.run(["steps", "--scene", "fish", "--code", "-1"])
        Self.expectRefused(negative, mentions: ["not -1"])
        #expect(negative.stdout.isEmpty)
        try Self.withFolder("docc") { folder in
            let empty = try Self.run(["steps", "--scene", "fish", "--docc", ""], in: folder)
            Self.expectRefused(empty, mentions: ["--docc"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

            let file = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            let fifo = folder.appendingPathComponent("fifo")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            for (path, named) in [
                (file.path, file.path), (fifo.path, fifo.path), (file.path + "/catalog", file.path),
            ] {
                let result = try Self.run(
                    ["steps", "--scene", "fish", "--code", "1", "--docc", path], in: folder)
                Self.expectRefused(result, mentions: ["\(named)", "is not a folder"])
                #expect(!result.stderr.contains("NSCocoaErrorDomain"))
                #expect(result.stdout.isEmpty, "printed the code before refusing")
            }
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["fifo", "file"])
            #expect(try Data(contentsOf: file) == Data("x".utf8))
        }
    }

    @Test(
        "item 10: a size × scale of more bytes than a frame may take is refused before anything starts",
        arguments: [["render", "--at", "0", "--out", "OUT"], ["--screenshot-dir", "OUT"]])
    func frameTooLarge(mode: [String]) throws {
        try Self.withFolder("large") { folder in
            let out = folder.appendingPathComponent("out").path
            let result = try Self.run(
                mode.map { $0 == "OUT" ? out : $0 } + ["--scale", "4", "--size", "8191x8191"],
                environment: "DISPLAY=")
            Self.expectRefused(result, mentions: ["--size 8191x8191 at --scale 4", "MiB a frame"])
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test("item 11: --screenshot-dir naming a file, or a path through one, is refused at start")
    func screenshotDirIsFile() throws {
        try Self.withFolder("shots") { folder in
            let file = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            for path in [file.path, file.path + "/shots"] {
                // No display: the folder is checked before the window is opened.
                let result = try Self.run(["--screenshot-dir", path], environment: "DISPLAY=")
                Self.expectRefused(result, mentions: ["--screenshot-dir", "\(file.path)", "is not a folder"])
            }
            Self.expectRefused(
                try Self.run(["--screenshot-dir", ""], environment: "DISPLAY="),
                mentions: ["--screenshot-dir"])
        }
    }

    @Test("item 12: render removes the .partial files of processes that no longer exist, and only those")
    func stalePartials() throws {
        try Self.withFolder("partials") { out in
            // A process id that no process has.
            var dead: pid_t = 99_999
            while kill(dead, 0) == 0 || errno != ESRCH { dead += 1 }
            let stale = ".checkmark-000500.png.\(dead).partial"
            let live = ".checkmark-000500.png.\(getpid()).partial"
            let other = ".notes.txt.\(dead).partial"
            for name in [stale, live, other] {
                try Data("half".utf8).write(to: out.appendingPathComponent(name))
            }
            let result = try Self.run(["render", "--at", "0.1", "--out", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names == [live, other, "checkmark-000100.png"].sorted())
        }
    }

    @Test(
        "item 13: bench options that would be ignored are refused",
        arguments: [
            (["bench", "--fast", "--frames", "1"], "--fast works with --encode only"),
            (["bench", "--small-layer-probe", "--scene", "fish", "--frames", "1"], "--scene"),
            (["bench", "--small-layer-probe", "--frames", "1", "--events", "0 tap 1 1"], "--events"),
        ])
    func benchIgnoredOptions(arguments: [String], mentions: String) throws {
        let result = try Self.run(arguments)
        Self.expectRefused(result, mentions: [mentions])
        #expect(result.stdout.isEmpty)
    }

    @Test("item 14: a FIFO as the events file or an image is refused at once, not waited on")
    func fifoInputs() throws {
        try ImageAssetTests.withAssets { assets in
            let fish = assets.appendingPathComponent("fish.png")
            try FileManager.default.removeItem(at: fish)
            #expect(mkfifo(fish.path, 0o600) == 0)
            let events = assets.appendingPathComponent("events")
            #expect(mkfifo(events.path, 0o600) == 0)
            let out = assets.appendingPathComponent("out")
            // Nobody writes to either FIFO: a program that opens one to read waits forever (here
            // until `timeout` ends it with status 124).
            let image = try Self.run(["render", "--assets", assets.path, "--at", "0", "--out", out.path])
            Self.expectRefused(image, mentions: ["\(fish.path)", "not a regular file"])
            // (The package's own images: the fish here is the FIFO.)
            let script = try Self.run([
                "render", "--events-file", events.path, "--at", "0", "--out", out.path,
            ])
            Self.expectRefused(script, mentions: ["\(events.path)", "not a regular file"])
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test(
        "motion trails' settings out of range, or without --trails, are refused in one line",
        arguments: [
            (["--trails", "--trail-count", "0"], "ghost count must be a whole number from 1 to 16 (got 0)"),
            (
                ["--trails", "--trail-spacing", "61"],
                "spacing must be a whole number of frames from 1 to 60 (got 61)"
            ),
            (["--trail-count", "3"], "--trail-count and --trail-spacing need --trails"),
        ])
    func badTrails(_ arguments: [String], message: String) throws {
        try Self.withFolder("trails") { folder in
            let out = folder.appendingPathComponent("out")
            let result = try Self.run(
                ["render", "--scene", "fish", "--at", "1", "--out", out.path] + arguments)
            Self.expectRefused(result, mentions: [message])
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}
