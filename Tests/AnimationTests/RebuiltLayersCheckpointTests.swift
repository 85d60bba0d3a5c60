import Animation
import Testing

/// `Timeline.checkpoint(of:rebuilding:)`: a checkpoint that leaves out the sublayers of a layer
/// for its owner to make again keeps none of them alive, and its restore puts the ones made
/// again back in their places in the list of animated layers, so that completions run in the
/// order they ran.
@Suite("Timeline checkpoints that leave layers out")
struct RebuiltLayersCheckpointTests {
    /// Sparks under a container, each fading out over `duration` and noting its name in
    /// `ended` when it does; the fades begin at 0.
    final class Sparks {
        let timeline = Timeline()
        let loop = FrameLoop()
        let root: Layer
        let container: Layer
        var ended: [String] = []

        init() {
            root = Layer(timeline: timeline)
            container = Layer(timeline: timeline)
            root.addSublayer(container)
        }

        /// A spark named `name` fading over `duration` from `begin`; `restored`: as a restore
        /// makes it again (`addRestored`), else as a scene adds it.
        @discardableResult
        func spark(_ name: String, duration: MediaTime, begin: MediaTime, restored: Bool = false) -> Layer {
            let spark = Layer(timeline: timeline)
            spark.name = name
            container.addSublayer(spark)
            let fade = BasicAnimation(keyPath: .opacity)
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = duration
            fade.beginTime = begin
            fade.completion = { [unowned self] _ in ended.append(name) }
            if restored {
                spark.addRestored(fade, forKey: "fade", source: nil, hasFinished: false)
            } else {
                spark.add(fade, forKey: "fade")
            }
            return spark
        }

        func run(frame: Int) {
            loop.runFrame([(timeline, Double(frame) / 60)], input: {}, draw: {}, present: {})
        }
    }

    @Test(
        "the left-out layers are not kept alive, and made again in another order they end in the recorded one"
    )
    func leftOutAndPutBack() throws {
        let sparks = Sparks()
        // b first in the list of animated layers, then a; both end on frame 60.
        weak let b = sparks.spark("b", duration: 1, begin: 1e-9)
        sparks.container.insertSublayer(sparks.spark("a", duration: 1, begin: 1e-9), at: 0)
        sparks.run(frame: 1)
        let checkpoint = try #require(
            sparks.timeline.checkpoint(of: [sparks.root], rebuilding: sparks.container))
        #expect(checkpoint.rebuiltAnimatedLayerCount == 2)
        // The run goes on: both end (b's completion first), and leave.
        for frame in 2...61 { sparks.run(frame: frame) }
        #expect(sparks.ended == ["b", "a"])
        for layer in sparks.container.sublayers { layer.removeFromSuperlayer() }
        #expect(b == nil, "the checkpoint does not keep a left-out layer")
        // Restored, the container's sublayers made again in its order (a, then b): the list
        // has b's place before a's, so b's completion runs first again.
        sparks.ended = []
        checkpoint.restore {
            sparks.spark("a", duration: 1, begin: 1e-9, restored: true)
            sparks.spark("b", duration: 1, begin: 1e-9, restored: true)
        }
        #expect(sparks.container.sublayers.map(\.name) == ["a", "b"])
        for frame in 2...61 { sparks.run(frame: frame) }
        #expect(sparks.ended == ["b", "a"])
    }
}
