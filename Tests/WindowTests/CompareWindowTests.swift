import Animation
import Foundation
import Render
import TestSupport
import Testing

/// `|` in the real window, driven with xdotool: the tutorial's knobs (A, left) beside the
/// current ones (B, right), the same tap delivered to both halves.
@Suite("Compare in a window", .serialized, .timeLimit(.minutes(5)))
struct CompareWindowTests {
    /// How many pixels differ between the left and the right half of `frame` (each `half`
    /// pixels wide), every other column.
    static func halvesDiffer(_ frame: RenderedFrame, half: Int) -> Int {
        var count = 0
        for y in 0..<frame.height {
            for x in stride(from: 0, to: half, by: 2)
            where frame.color(x: x, y: y) != frame.color(x: x + half, y: y) {
                count += 1
            }
        }
        return count
    }

    @Test("checkmark, d turned: | shows A and B at rest alike; a tap in A's half turns both into the X")
    func barKeyAndATapReachBoth() throws {
        let app = try RunningWindow(scene: "checkmark", width: 800, height: 600, arguments: ["--set", "d=1"])
        defer { app.stop() }
        #expect(app.waitUntilIdle() != nil, "the scene never settled")
        try app.key("bar")
        #expect(app.waitUntilIdle() != nil, "the comparison never settled")
        let atRest = try app.screenshot().frame
        #expect(atRest.width == 800)
        // At rest the duration shows nowhere: the halves are the same picture (tolerance 0).
        #expect(Self.halvesDiffer(atRest, half: 400) == 0)
        try app.click(x: 200, y: 300)  // A's half, on the check
        #expect(app.waitUntilIdle() != nil, "the tap's animations never ended")
        let tapped = try app.screenshot().frame
        #expect(Self.halvesDiffer(tapped, half: 400) == 0, "B did not get A's tap")
        var changed = 0
        for y in stride(from: 0, to: 600, by: 2) {
            for x in stride(from: 0, to: 800, by: 2)
            where tapped.color(x: x, y: y) != atRest.color(x: x, y: y) {
                changed += 1
            }
        }
        #expect(changed > 100, "the tap changed nothing: \(changed) pixels")
    }
}
