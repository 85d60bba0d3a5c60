import Animation
import Render
import TestSupport
import Testing

@testable import Scenes

/// JRMFloatingAnimation's options in the running fish scene (docs/SEMANTICS.md § Fish
/// (JRMFloatingAnimation)): the keys that turn the knobs and what the help says, the fade-out,
/// the images, and a key being the same as its knob.
@Suite("Fish: JRMFloatingAnimation's options in the scene")
struct FishOptionsTests {
    /// Tap mode, and a click on the fish at 0.2 s (800×600: the fish is centred on 400, 300).
    static let oneClick = "\(FishTest.tapMode); 0.2 tap 400 300"

    func help(_ scene: FishScene, _ key: Character) -> String {
        scene.keyHelp.first { $0.key == .character(key) }?.action ?? "(no help for \(key))"
    }

    @Test("f cycles the shape knob through the library's shapes, n, a and v toggle; the help follows")
    func keysTurnKnobs() throws {
        let tester = try SceneTester(scene: "fish")
        let scene = try tester.scene(as: FishScene.self)
        let knobs = tester.session.knobs
        #expect(help(scene, "f") == "floating shape: straight → curveLeft")
        for (index, name) in FloatingShape.allCases.map(\.rawValue).enumerated() {
            #expect(knobs.value(of: "shape") == .choice(index))
            #expect(scene.floatOptions.library.floatingShape.rawValue == name)
            #expect(scene.handleKey(.character("f")))
        }
        #expect(knobs.value(of: "shape") == .choice(0), "f did not come round to straight")

        #expect(help(scene, "n") == "sink instead of float: off → on")
        #expect(scene.handleKey(.character("n")) && scene.floatOptions.library.objectsShouldSink)
        #expect(knobs.value(of: "sink") == .choice(1))
        #expect(help(scene, "n") == "sink instead of float: on → off")

        #expect(help(scene, "a") == "fade out: off → on")
        #expect(scene.handleKey(.character("a")) && scene.floatOptions.library.fadeOut)
        #expect(knobs.value(of: "fadeOut") == .choice(1))
        #expect(help(scene, "a") == "fade out: on → off")
        #expect(scene.handleKey(.character("a")) && !scene.floatOptions.library.fadeOut)

        #expect(help(scene, "v") == "images: bubble → bubbles")
        #expect(scene.handleKey(.character("v")))
        #expect(scene.floatOptions.images == ["bubble", "bubble2"])
        #expect(help(scene, "v") == "images: bubbles → notes")
        #expect(scene.handleKey(.character("v")))
        #expect(scene.floatOptions.images == ["note1", "note2", "note3"])
        #expect(scene.handleKey(.character("v")))
        #expect(scene.floatOptions.images == ["bubble"])
        // Keys the shell keeps are not the scene's.
        #expect(!scene.handleKey(.character("d")) && !scene.handleKey(.character("k")))
    }

    @Test("a bubble blown after f takes the new shape; the ones before keep theirs")
    func shapeAppliesToNewBubbles() throws {
        let tester = try SceneTester(
            scene: "fish", events: "\(FishTest.tapMode); 0.2 tap 400 300; 0.3 key f; 0.4 tap 400 300")
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 0.5)
        #expect(scene.floats.map(\.bubble.shape) == [.straight, .curveLeft])
    }

    @Test("fade-out: the opacity falls from the bubble's alpha to 0 over the float, ease in/out")
    func fadeOut() throws {
        let tester = try SceneTester(scene: "fish", events: Self.oneClick, knobs: ["fadeOut=on"])
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 0.2)
        let entry = try #require(scene.floats.first)
        let alpha = entry.bubble.alpha
        #expect(entry.bubble.fadesOut)
        #expect(entry.bubbleImageView.opacity == 0, "the model is 0, as after the UIView block")
        var samples: [(fraction: Double, opacity: Double)] = []
        let start = tester.time
        while tester.time < start + bubbleFloatDuration - 1.0 / 60 {
            try tester.tick()
            let opacity = entry.bubbleImageView.presentation().opacity
            samples.append(((tester.time - start) / bubbleFloatDuration, opacity))
        }
        // Falling every frame, from nearly the alpha to nearly 0 (a frame of 120 from each end:
        // ease in/out moves under 0.1 % there).
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1.opacity < $0.opacity })
        #expect((samples.first?.opacity ?? 0) > 0.99 * alpha)
        #expect((samples.last?.opacity ?? 1) < 0.01 * alpha)
        // The curve: alpha · (1 − easeInEaseOut(fraction)), the fraction from the frame before
        // the float began (or the one it began on): within a frame's change, 1/120 · 1.7 · alpha
        // at the steepest.
        for sample in samples {
            let expected = alpha * (1 - TimingFunction.easeInEaseOut.progress(at: sample.fraction))
            #expect(abs(sample.opacity - expected) <= 0.015 * alpha, "at \(sample.fraction)")
        }
        // Ease in/out, not linear: a quarter of the way it has lost less than a quarter.
        let quarter = try #require(samples.first { $0.fraction >= 0.25 })
        #expect(quarter.opacity > 0.8 * alpha)
    }

    @Test("without fade-out the opacity stays the bubble's alpha")
    func noFade() throws {
        let tester = try SceneTester(scene: "fish", events: Self.oneClick)
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 0.2)
        let entry = try #require(scene.floats.first)
        for _ in 0..<100 {
            try tester.tick()
            #expect(entry.bubbleImageView.presentation().opacity == entry.bubble.alpha)
        }
    }

    /// The images the live bubbles show after 3 s of swimming (about 30 bubbles).
    func imagesShown(knobs: [String]) throws -> Set<String> {
        let tester = try SceneTester(scene: "fish", knobs: knobs)
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 3)
        #expect(scene.bubbles.sublayers.count >= 15)
        return Set(scene.bubbles.sublayers.compactMap { $0.contents?.name })
    }

    @Test("several images: the swimming fish's bubbles show each of them; one image: only it")
    func images() throws {
        // Deterministic (seed 1); with 15 or more bubbles an image of three is missing with
        // probability under 3·(2/3)¹⁵ ≈ 0.7 %, for any seed.
        #expect(try imagesShown(knobs: []) == ["bubble"])
        #expect(try imagesShown(knobs: ["images=bubbles"]) == ["bubble", "bubble2"])
        #expect(try imagesShown(knobs: ["images=notes"]) == ["note1", "note2", "note3"])
    }

    @Test("a key at the start draws the same frames as its knob set from the start")
    func keyIsKnob() throws {
        let keys = try SceneTester(scene: "fish", events: "0 key f; 0 key f; 0 key n; 0 key a; 0 key v")
        let knobs = try SceneTester(
            scene: "fish", knobs: ["shape=curveRight", "sink=on", "fadeOut=on", "images=bubbles"])
        for time in [0.7, 1.5] {
            let a = try keys.render(at: time)
            let b = try knobs.render(at: time)
            #expect(a.pixels == b.pixels, "at \(time) s")
        }
        #expect(keys.session.knobs.changed == knobs.session.knobs.changed)
    }
}
