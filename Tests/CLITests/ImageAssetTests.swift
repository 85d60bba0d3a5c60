import Foundation
import TestSupport
import Testing

/// Images are input (issue 31, item 3; README § Assets): a missing, unreadable, broken or
/// oversized image is one line naming the file and status 2, before anything is drawn or
/// written; `ANIMDEMO_ASSETS` is checked like `--assets`.
@Suite("Image assets")
struct ImageAssetTests {
    /// The package's assets folder.
    static let assets = ProgramRun.packageRoot.appendingPathComponent("Assets")
    /// The PNGs it ships.
    static let shipped =
        (try? FileManager.default.contentsOfDirectory(atPath: assets.path))?
        .filter { $0.hasSuffix(".png") }.sorted() ?? []

    /// A copy of the package's PNGs in a fresh folder, for `body` to change and use.
    static func withAssets<T>(_ body: (URL) throws -> T) throws -> T {
        try LimitedRun.withScratch("assets") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in shipped {
                try FileManager.default.copyItem(
                    at: assets.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
            return try body(folder)
        }
    }

    /// `render` with `arguments`; expects status 2, one line containing each of `mentions`, and
    /// no output folder.
    static func expectRefused(
        _ arguments: [String], environment: [String: String] = [:], mentions: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try LimitedRun.withScratch("out") { out in
            let result = try ProgramRun.animdemo(
                ["render", "--scene", "checkmark", "--at", "0.5", "--out", out.path] + arguments,
                environment: environment)
            #expect(
                result.status == 2, "status \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
            #expect(
                result.stderr.split(separator: "\n").count == 1, "\(result.stderr)",
                sourceLocation: sourceLocation)
            for text in mentions {
                #expect(
                    result.stderr.contains(text), "\(result.stderr) lacks \(text)",
                    sourceLocation: sourceLocation)
            }
            #expect(
                !FileManager.default.fileExists(atPath: out.path), "made \(out.path)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("the package ships the twelve images the scenes use, and they render")
    func shippedAssetsWork() throws {
        #expect(
            Self.shipped == [
                "balloon1.png", "blueballoon.png", "bubble.png", "bubble2.png", "dustcloud.png", "fish.png",
                "note1.png", "note2.png", "note3.png", "sax.png", "tractor.png", "treasure.png",
            ])
        try Self.withAssets { folder in
            let result = try LimitedRun.withScratch("out") { out in
                try ProgramRun.animdemo([
                    "render", "--scene", "fish", "--assets", folder.path, "--at", "1", "--out", out.path,
                ])
            }
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    @Test("an empty --assets folder names the first image it lacks")
    func emptyFolder() throws {
        try LimitedRun.withScratch("empty") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.expectRefused(
                ["--assets", folder.path],
                mentions: ["cannot read the image \(folder.path)/fish.png: No such file or directory"])
        }
    }

    @Test("each image, missing, is named: every scene may need it", arguments: shipped)
    func eachMissing(name: String) throws {
        try Self.withAssets { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            try Self.expectRefused(["--assets", folder.path], mentions: ["\(folder.path)/\(name)"])
        }
    }

    @Test("a truncated fish.png is not a whole PNG")
    func truncated() throws {
        try Self.withAssets { folder in
            let file = folder.appendingPathComponent("fish.png")
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count / 2).write(to: file)
            try Self.expectRefused(
                ["--assets", folder.path],
                mentions: ["the image \(folder.path)/fish.png is not a whole PNG file"])
        }
    }

    @Test("text in fish.png is not a PNG")
    func notPNG() throws {
        try Self.withAssets { folder in
            try Data("not a picture\n".utf8).write(to: folder.appendingPathComponent("fish.png"))
            try Self.expectRefused(
                ["--assets", folder.path], mentions: ["\(folder.path)/fish.png", "no PNG header"])
        }
    }

    @Test("a PNG whose header claims 30000×30000 is refused before it is decoded")
    func hugeHeader() throws {
        try Self.withAssets { folder in
            // Signature, then an IHDR of 30000 × 30000, 8-bit RGBA; no pixels follow. Decoding it
            // would allocate 3.6 GB first, so the run also gets a 1 GiB address-space cap.
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            bytes += Array("IHDR".utf8) + [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30, 8, 6, 0, 0, 0, 0, 0, 0, 0]
            try Data(bytes).write(to: folder.appendingPathComponent("fish.png"))
            try Self.expectRefused(
                ["--assets", folder.path],
                mentions: [
                    "the image \(folder.path)/fish.png is 30000x30000 pixels; an image may be at most 4096x4096"
                ])
            let capped = try LimitedRun.withScratch("out") { out in
                try LimitedRun.animdemo(
                    ["render", "--scene", "fish", "--assets", folder.path, "--at", "1", "--out", out.path],
                    addressSpaceMegabytes: 1024)
            }
            #expect(capped.status == 2, "\(capped.stderr)")
        }
    }

    @Test("an image that cannot be read is named with the reason (a folder where bubble.png should be)")
    func unreadable() throws {
        // Permissions would do, but root (CI) reads anything: a folder fails for everyone.
        try Self.withAssets { folder in
            let file = folder.appendingPathComponent("bubble.png")
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            try Self.expectRefused(
                ["--assets", folder.path],
                mentions: ["cannot read the image \(folder.path)/bubble.png: it is a folder"])
        }
    }

    @Test("ANIMDEMO_ASSETS is checked like --assets: not a folder is an error, not a fallback")
    func environmentVariable() throws {
        try Self.expectRefused(
            [], environment: ["ANIMDEMO_ASSETS": "/nonexistent"],
            mentions: ["ANIMDEMO_ASSETS=/nonexistent is not a folder"])
        try LimitedRun.withScratch("empty") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.expectRefused(
                [], environment: ["ANIMDEMO_ASSETS": folder.path], mentions: ["\(folder.path)/fish.png"])
        }
        try Self.expectRefused(
            ["--assets", "/nonexistent"], mentions: ["--assets /nonexistent is not a folder"])
    }

    @Test(
        "record, bench and the window check the images too, before anything else",
        arguments: [
            ["record", "--from", "0", "--to", "0.1", "--out", "/tmp/animdemo-never.gif"],
            ["bench", "--frames", "1"], [],
        ])
    func otherCommands(command: [String]) throws {
        try LimitedRun.withScratch("empty") { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // The window: with no display, the image is still the error: it comes first.
            let result = try ProgramRun.animdemo(
                command + ["--assets", folder.path], environment: ["DISPLAY": ""])
            #expect(result.status == 2, "\(command): status \(result.status)")
            #expect(
                result.stderr
                    == "animdemo: error: cannot read the image \(folder.path)/fish.png: No such file or directory\n"
            )
        }
    }
}
