import Foundation
import Render
import TestSupport
import Testing

/// `bench --seek` over the history's hour with an input load, and `bench --encode`: their
/// arguments and what they print that holds on any machine (the timings themselves are in
/// docs/performance-recording.md, from the scripts).
@Suite("Bench: seek load and encoder")
struct BenchLoadTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try ProgramRun.animdemo(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object, "\(result.stdout)")
    }

    @Test(
        "--seconds takes up to the history's hour and no more; --drag-every 0.5…3600",
        arguments: [
            (["--seek", "--seconds", "3600.5"], "--seconds 3600.5 is outside 0.1…3600"),
            (["--seek", "--seconds", "60", "--drag-every", "0.1"], "--drag-every 0.1 is outside 0.5…3600"),
            (["--encode", "png"], "--encode png is not gif or webp"),
            (["--encode", "gif", "--seconds", "61"], "--seconds 61.0 is outside 0.1…60 with --encode"),
        ])
    func limits(arguments: [String], message: String) throws {
        let result = try ProgramRun.animdemo(
            ["bench", "--scene", "elastic", "--size", "200x150"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test("bench --seek with a drag every 2 s: the seeks land and the scene has the input")
    func seekWithDrags() throws {
        let json = try Self.json([
            "bench", "--scene", "pull", "--size", "200x150", "--seek", "--seconds", "10", "--drag-every", "2",
            "--frames", "20", "--json",
        ])
        #expect(json["seeks"] as? Int == 20)
        #expect(json["recorded_seconds"] as? Double == 10)
        #expect((json["p99_ms"] as? Double ?? -1) >= (json["median_ms"] as? Double ?? 0))
    }

    @Test(
        "bench --seek keeps checkpoints (one before the first frame, then one every 2 s) unless told not to")
    func seekCheckpoints() throws {
        var counts: [Int] = []
        for off in [false, true] {
            let json = try Self.json(
                [
                    "bench", "--scene", "fish", "--size", "200x150", "--seek", "--seconds", "10", "--frames",
                    "20",
                    "--json",
                ] + (off ? ["--no-checkpoints"] : []))
            #expect(json["seeks"] as? Int == 20)
            #expect((json["peak_rss_mb"] as? Double ?? 0) > 0)
            #expect((json["max_ms"] as? Double ?? -1) >= (json["p99_ms"] as? Double ?? 0))
            counts.append(json["checkpoints"] as? Int ?? -1)
        }
        #expect(counts == [5, 0])  // before frame 0, after 2, 4, 6 and 8 s
    }

    @Test("bench --seek --reshape turns a knob while paused at the end, each time from the start")
    func reshape() throws {
        let json = try Self.json([
            "bench", "--scene", "elastic", "--size", "200x150", "--seek", "--reshape", "--seconds", "5",
            "--drag-every", "2", "--frames", "3", "--json",
        ])
        #expect(json["seeks"] as? Int == 3)
        #expect((json["median_ms"] as? Double ?? 0) > 0)
        // Replayed from the start with the new value, the history's checkpoints are taken anew.
        #expect(json["checkpoints"] as? Int == 3)
    }

    @Test("--reshape needs --seek")
    func reshapeNeedsSeek() throws {
        let result = try ProgramRun.animdemo(["bench", "--scene", "fish", "--size", "200x150", "--reshape"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--reshape works with --seek only"), "\(result.stderr)")
    }

    @Test("bench --encode: the file's size and one time a frame, fast or not", arguments: ["gif", "webp"])
    func encode(format: String) throws {
        var sizes: [Int] = []
        for fast in [false, true] {
            let json = try Self.json(
                [
                    "bench", "--scene", "fish", "--size", "200x150", "--encode", format, "--seconds", "0.5",
                    "--json",
                ]
                    + (fast ? ["--fast"] : []))
            #expect(json["frames"] as? Int == 15)  // 0.5 s at 30 fps
            #expect(json["effort"] as? String == (fast ? "fast" : "smallestFile"))
            #expect((json["median_ms"] as? Double ?? 0) > 0)
            sizes.append(json["bytes"] as? Int ?? 0)
        }
        #expect(sizes.allSatisfy { $0 > 0 }, "\(sizes)")
        // libwebp's method 0 writes another file (at 800×600 about 1.7× the size; on a tiny
        // frame either may be smaller); GIF has one effort.
        #expect(format == "webp" ? sizes[1] != sizes[0] : sizes[1] == sizes[0], "\(sizes)")
    }

    @Test("record --fast writes the same frames as record, in another WebP")
    func recordFast() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("animdemo-fast-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for fast in [false, true] {
            let path = "\(folder)/\(fast ? "fast" : "small").webp"
            let result = try ProgramRun.animdemo(
                [
                    "record", "--scene", "fish", "--size", "200x150", "--from", "0", "--to", "0.5", "--out",
                    path,
                ]
                    + (fast ? ["--fast"] : []))
            #expect(result.status == 0, "\(result.stderr)")
            files.append(path)
        }
        let small = try DecodedAnimation(contentsOfFile: files[0])
        let fast = try DecodedAnimation(contentsOfFile: files[1])
        #expect(fast == small, "lossless either way: the same frames")
        let sizes = try files.map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0 }
        #expect(sizes[1] != sizes[0], "\(sizes): --fast wrote the default's file")
    }
}
