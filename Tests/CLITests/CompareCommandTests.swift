import Foundation
import TestSupport
import Testing

/// `--compare NAME=VALUE[,…]` on the command line: bad input is one line, status 2, nothing
/// written; `render --describe` gives both halves.
@Suite("--compare")
struct CompareCommandTests {
    @Test(
        "a bad --compare is refused in one line with status 2, and nothing is written",
        arguments: [
            ("nosuchknob=1", "nosuchknob"), ("d", "--compare"), ("d=fast", "--compare"),
            ("d=99", "--compare"),
            ("d=1,", "--compare"),
        ])
    func badCompare(setting: String, mention: String) throws {
        try BadInputTests.withFolder("compare-bad") { folder in
            let out = folder.appendingPathComponent("out")
            let result = try BadInputTests.run([
                "render", "--scene", "checkmark", "--compare", setting, "--at", "0.1", "--out", out.path,
            ])
            BadInputTests.expectRefused(result, mentions: [mention])
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test("render --compare --describe writes one picture of both halves and their rects and knobs")
    func renderDescribes() throws {
        try BadInputTests.withFolder("compare-render") { folder in
            let out = folder.appendingPathComponent("out")
            let result = try BadInputTests.run([
                "render", "--scene", "checkmark", "--compare", "d=1", "--at", "0.5", "--describe",
                "--out", out.path,
            ])
            #expect(result.status == 0, "\(result.stderr.prefix(300))")
            let json = try Data(contentsOf: out.appendingPathComponent("checkmark-000500.json"))
            let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let halves = try #require(object["compare"] as? [[String: Any]])
            #expect(halves.count == 2)
            #expect(halves.map { $0["sceneRect"] as? [Double] } == [[0, 0, 399, 600], [400, 0, 399, 600]])
            let knobs = halves.compactMap { ($0["knobs"] as? [String: Any])?["d"] as? Double }
            #expect(knobs == [0.5, 1])
        }
    }

    @Test(
        "render --compare --describe with the inspector open: each row's half, A's then B's; without --compare none"
    )
    func renderDescribesHalves() throws {
        try BadInputTests.withFolder("compare-half") { folder in
            for compare in [true, false] {
                let out = folder.appendingPathComponent(compare ? "both" : "one")
                let result = try BadInputTests.run(
                    ["render", "--scene", "checkmark"] + (compare ? ["--compare", "d=1"] : []) + [
                        "--events", "0.05 key i; 0.1 tap 200 200", "--at", "0.5", "--describe", "--out",
                        out.path,
                    ])
                #expect(result.status == 0, "\(result.stderr.prefix(300))")
                let json = try Data(contentsOf: out.appendingPathComponent("checkmark-000500.json"))
                let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
                let rows = try #require(object["inspector"] as? [[String: Any]])
                let halves = rows.map { $0["half"] as? String }
                #expect(!rows.isEmpty)
                if compare {
                    #expect(halves.contains("A") && halves.contains("B"), "\(halves)")
                    #expect(
                        halves == halves.sorted { ($0 ?? "") < ($1 ?? "") }, "not A's then B's: \(halves)")
                } else {
                    #expect(halves.allSatisfy { $0 == nil }, "\(halves)")
                }
            }
        }
    }
}
