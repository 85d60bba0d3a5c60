import Animation
import Testing

/// `Timeline.attachCount`: bumped by what can attach an animation a tree did not have (an
/// animation added, a layer joining a tree, a checkpoint restored), not by frames that only run
/// what is there; the inspector looks for new rows only when it moves.
@Suite("Timeline attach count")
struct AttachCountTests {
    @Test(
        "an add, an insert and a restore bump it; frames, model changes and removals do not; it names the layers"
    )
    func bumps() throws {
        let timeline = Timeline()
        timeline.journalsAttaches = true  // as the inspector turns it on
        let loop = FrameLoop()
        let root = Layer(timeline: timeline)
        let layer = Layer(timeline: timeline)
        var count = timeline.attachCount
        func moved() -> Bool {
            defer { count = timeline.attachCount }
            return timeline.attachCount != count
        }
        let start = timeline.attachCount
        root.addSublayer(layer)
        #expect(moved(), "a layer joined the tree")
        let checkpoint = try #require(timeline.checkpoint(of: [root]))
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        #expect(moved(), "an animation added")
        // The layers since the start: the one that joined, then the one animated.
        #expect(
            timeline.layersAttached(since: start)?.map(ObjectIdentifier.init)
                == [layer, layer].map(ObjectIdentifier.init))
        #expect(timeline.layersAttached(since: count)?.isEmpty == true)
        for time in [0.1, 0.2, 0.5, 2.0] {
            loop.runFrame([(timeline, time)], input: {}, draw: {}, present: {})
        }
        timeline.transaction { transaction in  // without its implicit animation, which would attach
            transaction.disableActions = true
            layer.opacity = 0.5
        }
        layer.removeFromSuperlayer()
        #expect(!moved(), "frames, a model value and a removal add nothing")
        checkpoint.restore()
        #expect(moved(), "a restore may bring animations back")
        #expect(timeline.layersAttached(since: start) == nil, "which layers, the timeline no longer knows")
    }

    @Test(
        "the journal of the layers is kept only once turned on: before, the count moves and the layers are unknown"
    )
    func journalOnlyWhenAsked() {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        let first = Layer(timeline: timeline)
        let second = Layer(timeline: timeline)
        let start = timeline.attachCount
        root.addSublayer(first)
        #expect(timeline.attachCount != start, "a layer joined the tree")
        #expect(timeline.layersAttached(since: start) == nil, "no journal: which layers, it does not know")
        timeline.journalsAttaches = true
        let since = timeline.attachCount
        root.addSublayer(second)
        #expect(
            timeline.layersAttached(since: since)?.map(ObjectIdentifier.init) == [ObjectIdentifier(second)],
            "the layers attached since it was turned on")
        #expect(timeline.layersAttached(since: start) == nil, "nor before it was")
        timeline.journalsAttaches = false
        #expect(timeline.layersAttached(since: since) == nil, "turned off, it forgets")
    }
}
