import Animation
import TestSupport
import Testing

@testable import Scenes

/// The fish scene keeps what new bubbles and pops take from the knobs until a knob changes
/// (`FishScene.readKnobs`): a knob turned mid-run must still reach the next bubble blown and the
/// next pop, in both modes, and the curves' widths must follow a resize.
@Suite("Fish scene: knobs turned mid-run")
struct FishKnobTests {
    @Test(
        "a knob turned while running reaches the next bubble blown; the ones before keep theirs",
        arguments: [FishScene.Mode.swim, .tap])
    func nextBubbleTakesTheKnob(mode: FishScene.Mode) throws {
        // Tap mode: a click at 0.2 s and one at 0.6 s; swim mode: the timer's bubble every 0.1 s.
        let events = mode == .tap ? "\(FishTest.tapMode); 0.2 tap 400 300; 0.6 tap 400 300" : ""
        let tester = try SceneTester(scene: "fish", events: events)
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 0.4)
        #expect(scene.mode == mode)
        let before = scene.floats.map(\.bubble)
        #expect(!before.isEmpty)
        tester.session.setKnob("minSize", to: .number(40))  // on the next frame
        tester.session.setKnob("maxSize", to: .number(40))
        tester.session.setKnob("shape", to: .choice(2))  // curveRight
        tester.session.setKnob("duration", to: .number(3))
        try tester.advance(to: 0.8)
        let floats = scene.floats.map(\.bubble)
        #expect(Array(floats.prefix(before.count)) == before, "a bubble in flight changed")
        let after = floats.dropFirst(before.count)
        #expect(!after.isEmpty, "no bubble was blown after the change")
        for bubble in after {
            // The tutorial's sizes are 5…30: 40 only from the new knobs (a range of one value).
            #expect(bubble.size == 40 && bubble.shape == .curveRight && bubble.duration == 3)
        }
    }

    @Test("popScale turned mid-float: the pop grows the bubble to the new scale")
    func popTakesTheKnob() throws {
        let tester = try SceneTester(scene: "fish", events: "\(FishTest.tapMode); 0.2 tap 400 300")
        let scene = try tester.scene(as: FishScene.self)
        try tester.advance(to: 1)
        let bubbleImageView = try #require(scene.floats.first?.bubbleImageView)
        tester.session.setKnob("popScale", to: .number(2))
        // The float of 2 s ends at 2.2 s; the pop's 0.1 s cross-dissolve is under way at 2.25 s.
        try tester.advance(to: 2.25)
        #expect(bubbleImageView.superlayer != nil, "the pop is already over")
        #expect(bubbleImageView.transform == AffineTransform(scaleX: 2, y: 2))
        try tester.advance(to: 2.5)
        #expect(bubbleImageView.superlayer == nil && scene.liveBubbleCount == 0)
        #expect(tester.layer(named: "bubble snapshot") == nil)
    }

    @Test("a resize moves the edges the curves' widths come from")
    func resizeMovesTheEdges() throws {
        let tester = try SceneTester(scene: "fish", knobs: ["shape=curveRight"])
        let scene = try tester.scene(as: FishScene.self)
        try tester.tick()
        // 800 × 600 pixels at 1.6 pixels a point: 500 points wide.
        #expect(scene.floatOptions.horizontalExtent == 0...500)
        tester.resize(to: Size(width: 375, height: 667))  // points, on the next frame
        try tester.tick()
        #expect(scene.floatOptions.horizontalExtent == 0...375)
        #expect(scene.floatOptions.library.floatingShape == .curveRight)
    }
}
