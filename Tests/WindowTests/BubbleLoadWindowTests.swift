import Foundation
import Render
import TestSupport
import Testing

/// `animdemo --scene fish --bubbles N` (README § Command line): the window keeps N bubbles in
/// flight, as `render` and `bench` do.
@Suite("Bubble load in a window", .serialized, .timeLimit(.minutes(1)))
struct BubbleLoadWindowTests {
    /// Where a bubble's pale rim is: red ≥ 120 and blue ≥ 190, which the sea (red 28, blue
    /// 178) and the orange fish never reach (its eye does, about a hundred pixels at 400×300).
    static func palePixels(_ frame: RenderedFrame) -> Set<Int> {
        var pale: Set<Int> = []
        for (index, argb) in frame.pixels.enumerated()
        where (argb >> 16) & 0xFF >= 120 && argb & 0xFF >= 190 {
            pale.insert(index)
        }
        return pale
    }

    @Test("--bubbles 300 starts, keeps hundreds of bubbles moving, and saves them in a screenshot")
    func threeHundred() throws {
        let app = try RunningWindow(scene: "fish", arguments: ["--bubbles", "300"])
        defer { app.stop() }
        let first = try app.screenshot()
        Thread.sleep(forTimeInterval: 0.3)
        let second = try app.screenshot()
        #expect(app.program.isRunning, "the program ended: \(app.program.errorOutput)")
        let before = Self.palePixels(first.frame)
        let after = Self.palePixels(second.frame)
        // At 400×300 (0.8 px a point) 300 bubbles are 6–38 px across: `render` draws
        // 9,000–10,000 pale pixels (at 1 s and 3 s); 3,000 needs well over a
        // hundred of them. The first screenshot may come before the load's first frame, so the
        // second is the one counted.
        #expect(after.count >= 3000, "\(after.count) pale pixels in \(second.path)")
        // Bubbles rise 50–300 points in 2 s: in 0.3 s most move by whole pixels, so their
        // rims land elsewhere; the fish's eye alone changes a few hundred at most.
        let moved = after.symmetricDifference(before).count
        #expect(moved >= 1000, "\(moved) pale pixels changed between \(first.path) and \(second.path)")
    }
}
