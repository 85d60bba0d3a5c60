import Animation
import Foundation
import Testing

@testable import LottieExport

/// A keyframe animation in `discrete` mode jumps from value to value: its keys are Lottie hold
/// keys (`h` 1), which a player at any frame rate holds until the next key, as the engine
/// holds each value until the next key time (docs/LOTTIE.md § The mapping).
@Suite("Lottie hold keys")
struct HoldKeyTests {
    /// The keys (`k`) of the property `name` of the export's `ks` of its first layer.
    static func keys(_ document: String, _ name: String) throws -> [[String: Any]] {
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        let layers = try #require(json["layers"] as? [[String: Any]])
        let transform = try #require(layers.first?["ks"] as? [String: Any])
        let property = try #require(transform[name] as? [String: Any])
        #expect(property["a"] as? Int == 1, "\(name) is not animated")
        return try #require(property["k"] as? [[String: Any]])
    }

    /// Two seconds at 60 fps of a square whose opacity steps 0.2 → 0.6 → 1 → 0.4 (for 0.25 s
    /// each, from 0.5 s), or moves through the same values in `mode`: the export, and the
    /// opacity the engine gave each frame.
    static func export(mode: CalculationMode) -> (document: String, opacities: [Double]) {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.bounds = Rect(x: 0, y: 0, width: 200, height: 200)
        let square = Layer(timeline: timeline)
        square.frame = Rect(x: 50, y: 50, width: 100, height: 100)
        square.backgroundColor = .white
        root.addSublayer(square)
        let steps = KeyframeAnimation(keyPath: .opacity)
        steps.values = [0.2, 0.6, 1, 0.4]
        steps.calculationMode = mode
        steps.keyTimes = mode == .discrete ? [0, 0.25, 0.5, 0.75, 1] : [0, 1 / 3, 2 / 3, 1]
        steps.duration = 1
        steps.beginTime = 0.5
        square.add(steps, forKey: "steps")
        let baker = LottieBaker(
            size: Size(width: 200, height: 200), fps: 60, name: "steps", image: { _ in nil })
        var opacities: [Double] = []
        for frame in 0..<120 {
            timeline.beginFrame(at: Double(frame) / 60)
            opacities.append(square.presentation().opacity)
            baker.capture(root)
        }
        return (baker.document(), opacities)
    }

    @Test("discrete steps are hold keys at the frames the values change; linear ones are not held")
    func discreteHolds() throws {
        let (document, opacities) = Self.export(mode: .discrete)
        let keys = try Self.keys(document, "o")
        let times = keys.compactMap { $0["t"] as? Int }
        let values = keys.compactMap { $0["s"] as? [Double] }.compactMap(\.first)
        // A key at the first frame and at each frame whose opacity differs from the frame
        // before, and one at the last frame, where the still run after the steps ends; the
        // steps start at 0.5 s (frame 30), one every 15 frames.
        let changes = [0] + (1..<opacities.count).filter { opacities[$0] != opacities[$0 - 1] }
        let last = opacities.count - 1
        #expect(times == changes + [last], "keys at \(times); the opacity changes at \(changes)")
        #expect(Array(changes.prefix(5)) == [0, 30, 45, 60, 75], "\(changes)")
        // Written with three decimals: within 0.0005 of a percent.
        let expected = (changes + [last]).map { opacities[$0] * 100 }
        #expect(values.count == expected.count)
        for (value, wanted) in zip(values, expected) { #expect(abs(value - wanted) <= 0.0005) }
        // Every key up to the last change holds its value until the next.
        for key in keys where (key["t"] as? Int ?? last) < (changes.last ?? 0) {
            #expect(key["h"] as? Int == 1, "not held: \(key)")
            #expect(key["o"] == nil && key["i"] == nil)
        }
        #expect(keys.filter { $0["h"] != nil }.count == changes.count - 1)

        let linear = try Self.keys(Self.export(mode: .linear).document, "o")
        #expect(!linear.contains { $0["h"] != nil }, "a linear animation held")
        #expect(linear.contains { $0["o"] != nil })
    }
}
