import Animation
import Testing

/// `Timeline.checkpoint(of:)`: the values a timeline runs on, put back on the same objects, so
/// that the frames after a restore are the frames after the checkpoint, callbacks and all.
@Suite("Timeline checkpoints")
struct TimelineCheckpointTests {
    /// A small scene: a layer swimming back and forth in block animations whose completion
    /// starts the next leg and adds a spark that fades out and leaves; a repeating timer that
    /// sets the opacity to a random value (an implicit animation); a display link counting.
    final class World {
        let timeline = Timeline()
        let loop = FrameLoop()
        let root: Layer
        let mover: Layer
        var random = SeededRandom(seed: 7)
        var legs = 0
        var ticks = 0

        init() {
            root = Layer(timeline: timeline)
            mover = Layer(timeline: timeline)
            mover.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            root.addSublayer(mover)
            timeline.schedule(after: 0.25, repeats: true) { [unowned self] _ in
                mover.opacity = Double.random(in: 0.2...1, using: &random)
            }
            timeline.addDisplayLink { [unowned self] _ in ticks += 1 }
            leg()
        }

        func leg() {
            timeline.animate(duration: 0.7) {
                mover.position = Point(x: legs.isMultiple(of: 2) ? 100 : 0, y: Double(legs))
            } completion: { [unowned self] in
                legs += 1
                let spark = Layer(timeline: timeline)
                root.addSublayer(spark)
                let fade = BasicAnimation(keyPath: .opacity)
                fade.fromValue = 1
                fade.toValue = 0
                fade.duration = 0.3
                fade.completion = { _ in spark.removeFromSuperlayer() }
                spark.add(fade, forKey: "fade")
                leg()
            }
        }

        /// What the world's own objects hold (a scene's `savedState`), and what puts it back.
        func savedState() -> () -> Void {
            let saved = (legs, ticks, random.state)
            return { [self] in (legs, ticks, random.state) = saved }
        }

        /// What a frame shows, and the world's counts.
        struct Shown: Equatable {
            var position: Point
            var opacity: Double
            var layers: Int
            var legs: Int
            var ticks: Int
        }

        /// Runs frame `frame` (at frame / 60 s) and returns what it shows.
        func run(frame: Int) -> Shown {
            loop.runFrame([(timeline, Double(frame) / 60)], input: {}, draw: {}, present: {})
            let shown = mover.presentation()
            return Shown(
                position: shown.position, opacity: shown.opacity, layers: root.sublayers.count, legs: legs,
                ticks: ticks)
        }
    }

    @Test("restored after frame 40, frames 41…150 are the uninterrupted run's")
    func restoreReplaysTheSameFrames() throws {
        let world = World()
        for frame in 0...40 { _ = world.run(frame: frame) }
        let engine = try #require(world.timeline.checkpoint(of: [world.root]))
        let own = world.savedState()
        #expect(engine.layerCount >= 2)
        let first = (41...150).map { world.run(frame: $0) }
        #expect(world.legs >= 3, "legs ended")
        #expect(first.contains { $0.layers == 2 } && first.last?.layers == 1, "sparks came and went")
        let revision = world.mover.revision
        own()
        engine.restore()
        #expect(world.mover.revision != revision, "a restore is a change for the caches")
        #expect(world.root.sublayers.count == 1, "the spark made since is not the root's")
        let again = (41...150).map { world.run(frame: $0) }
        #expect(again == first)
    }

    @Test("a checkpoint shares what has not changed since the one before, and each restores its own frame")
    func sharedSavedStates() throws {
        let world = World()
        let still = Layer(timeline: world.timeline)
        still.bounds = Rect(x: 0, y: 0, width: 4, height: 4)
        world.root.addSublayer(still)
        for frame in 0...40 { _ = world.run(frame: frame) }
        let first = try #require(world.timeline.checkpoint(of: [world.root]))
        let firstOwn = world.savedState()
        // Nothing ran: every saved state is the first checkpoint's.
        let twin = try #require(world.timeline.checkpoint(of: [world.root]))
        #expect(twin.layerCount == first.layerCount && twin.newLayerCount == 0)
        #expect(twin.animationCount == first.animationCount && twin.newAnimationCount == 0)
        var shown = (41...100).map { world.run(frame: $0) }
        let second = try #require(world.timeline.checkpoint(of: [world.root]))
        let secondOwn = world.savedState()
        // The mover moved and its animations changed; the still layer is shared.
        #expect(second.newLayerCount >= 1 && second.newLayerCount < second.layerCount)
        shown += (101...200).map { world.run(frame: $0) }
        still.isHidden = true  // a change after both: neither may keep it
        firstOwn()
        first.restore()
        #expect(!still.isHidden)
        #expect((41...200).map { world.run(frame: $0) } == shown)
        still.isHidden = true
        secondOwn()
        second.restore()
        #expect(!still.isHidden)
        #expect((101...200).map { world.run(frame: $0) } == Array(shown[60...]))
    }

    @Test(
        "a layer made since the checkpoint, mid-animation, is freed by a restore, not kept by its own completion block"
    )
    func restoreFreesWhatWasMadeSince() throws {
        let world = World()
        for frame in 0...40 { _ = world.run(frame: frame) }
        let checkpoint = try #require(world.timeline.checkpoint(of: [world.root]))
        var frame = 41
        while world.root.sublayers.count < 2 && frame < 400 {
            _ = world.run(frame: frame)
            frame += 1
        }
        weak let spark = world.root.sublayers.last
        #expect(spark != nil && spark !== world.mover, "a spark fades at frame \(frame)")
        #expect(spark?.animation(forKey: "fade") != nil)
        checkpoint.restore()
        #expect(spark == nil, "the spark, its fade and the block that removes it keep each other")
    }

    @Test("no checkpoint between a frame's phases: callbacks due or a transaction open")
    func notMidFrame() {
        let world = World()
        _ = world.run(frame: 0)
        world.timeline.beginTransaction()
        #expect(world.timeline.checkpoint(of: [world.root]) == nil)
        world.timeline.commitTransaction()
        #expect(world.timeline.checkpoint(of: [world.root]) != nil)
    }

    @Test("a checkpoint's copy of an array with room to grow holds just its elements")
    func checkpointCopyIsExact() {
        var live: [Layer?] = []
        live.reserveCapacity(1_000)
        let timeline = Timeline()
        for _ in 0..<10 { live.append(Layer(timeline: timeline)) }
        let saved = live.checkpointCopy
        let sameElements = saved.elementsEqual(live, by: ===)
        #expect(sameElements)
        #expect(saved.capacity < 100, "capacity \(saved.capacity) for 10 elements: the live array's storage")
        live[0] = nil
        #expect(saved[0] != nil, "the live array changed in its own storage, not the saved one's")
        let full = Array(0..<64)
        #expect(full.checkpointCopy == full)
    }
}
