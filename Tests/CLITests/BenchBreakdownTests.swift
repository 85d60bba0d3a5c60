import Foundation
import TestSupport
import Testing

/// `animdemo bench --json` says where a frame goes (docs/PERFORMANCE.md): the engine per layer, and
/// the render's damage, draw and composite. Their values are timings, so the test checks only
/// what holds on any machine: they are there, they add up, and the counts are the scene's.
@Suite("Bench breakdown")
struct BenchBreakdownTests {
    @Test("bench --json with a bubble load: per-layer engine cost and the render's parts")
    func breakdown() throws {
        let result = try ProgramRun.animdemo([
            "bench", "--scene", "fish", "--bubbles", "300", "--frames", "20", "--size", "400x300", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let json = try #require(object)
        func number(_ key: String) throws -> Double {
            try #require(json[key] as? Double, "\(key) in \(json)")
        }
        let layers = try number("layers")
        // 300 bubbles, the fish, the sea, the guides, popping bubbles' snapshots.
        #expect(layers >= 300 && layers < 400)
        let engine = try number("engine_median_ms")
        // The engine is measured on frames of its own after the 20 measured: as many, up to 120.
        #expect(try number("engine_frames") == 20)
        // The per-layer cost is the engine's median spread over the layers (µs), to rounding.
        #expect(abs(try number("engine_us_per_layer") - engine * 1000 / layers) < 1e-6)
        let parts = try ["damage_median_ms", "draw_median_ms", "composite_median_ms"].map(number)
        // Three hundred bubbles take time to draw: a zero would mean the phase was not timed.
        #expect(parts[1] > 0)
        // Medians of parts need not add up to the median of the whole, but none exceeds the
        // slowest frame's render by much: each is under the p99 of the frame.
        let p99 = try number("p99_ms")
        #expect(parts.allSatisfy { $0 <= p99 }, "\(parts) against p99 \(p99)")
        // Bubbles are copied every frame: at least one composite's time is measured.
        #expect(parts[2] > 0)
        // A frame scales at most one image per layer (the cache keeps each scale it made).
        #expect(try number("images_scaled_median") <= layers)
    }
}
