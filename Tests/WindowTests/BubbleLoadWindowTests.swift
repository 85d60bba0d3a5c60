import Foundation
import Render
import TestSupport
import Testing

/// `animdemo --scene fish --bubbles N` (README § Command line): the window keeps N bubbles in
/// flight, as `render` and `bench` do.
@Suite("Bubble load in a window", .serialized, .timeLimit(.minutes(10)))
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
        // At 400×300 (0.8 px a point) 300 bubbles are 6–38 px across: `render` draws
        // 9,000–10,000 pale pixels (at 1 s and 3 s); 3,000 needs well over a hundred of them.
        // The first screenshot may come before the load's first frame: screenshots until one
        // has them.
        var shots: [(path: String, pale: Set<Int>)] = []
        let loaded = pollUntil(timeout: 20, interval: 0.1) { () -> Int? in
            guard let shot = try? app.screenshot() else { return nil }
            shots.append((shot.path, Self.palePixels(shot.frame)))
            return shots[shots.count - 1].pale.count >= 3000 ? shots.count - 1 : nil
        }
        let first = try #require(
            loaded, "never 3,000 pale pixels: \(shots.map { "\($0.path): \($0.pale.count)" })")
        // Bubbles rise 50–300 points in 2 s: between two screenshots most move by whole pixels,
        // so their rims land elsewhere; the fish's eye alone changes a few hundred at most.
        // Screenshots until one differs so (one frame apart would be 1/60 s: not yet enough).
        var moved = 0
        let second = pollUntil(timeout: 20, interval: 0.1) { () -> String? in
            guard let shot = try? app.screenshot() else { return nil }
            let after = Self.palePixels(shot.frame)
            moved = after.symmetricDifference(shots[first].pale).count
            return after.count >= 3000 && moved >= 1000 ? shot.path : nil
        }
        #expect(second != nil, "at most \(moved) pale pixels moved since \(shots[first].path)")
        #expect(app.program.isRunning, "the program ended: \(app.program.errorOutput)")
    }
}
