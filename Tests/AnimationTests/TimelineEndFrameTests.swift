import Testing

@testable import Animation

/// `Timeline.endFrame` looks only at layers whose animations changed or may have ended, and
/// keeps them in the order they got their first animation, with holes closed now and then
/// (docs/internals/rendering-many-layers.md; docs/SEMANTICS.md § Fill modes).
@Suite("The end of a frame")
struct TimelineEndFrameTests {
    /// An opacity fade of `duration` seconds on `layer` that records `name` (and whether it
    /// finished) in `log` when it ends.
    static func fade(_ layer: Layer, duration: MediaTime, name: String, log: Log, key: String = "fade") {
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = 0
        fade.duration = duration
        fade.completion = { finished in log.entries.append(finished ? name : "\(name) cut") }
        layer.add(fade, forKey: key)
    }

    final class Log {
        var entries: [String] = []
    }

    @Test("animations ending on one frame complete in the order their layers got a first animation")
    func orderOnOneFrame() {
        let timeline = Timeline()
        let log = Log()
        let layers = (0..<6).map { _ in Layer(timeline: timeline) }
        // Added in the order 3, 1, 5, 0, 4, 2; all end at 1 s, except 4, which ends at 0.5 s.
        for index in [3, 1, 5, 0, 4, 2] {
            Self.fade(layers[index], duration: index == 4 ? 0.5 : 1, name: "\(index)", log: log)
        }
        for frame in 1...60 {
            timeline.beginFrame(at: Double(frame) / 60)
            timeline.endFrame()
        }
        #expect(log.entries == ["4", "3", "1", "5", "0", "2"])
        #expect(timeline.animatedLayerCount == 0)
    }

    @Test("a layer that lost its animations comes back at the end; holes closed keep the order")
    func leaveAndComeBack() {
        let timeline = Timeline()
        let log = Log()
        let layers = (0..<60).map { _ in Layer(timeline: timeline) }
        for (index, layer) in layers.enumerated() {
            Self.fade(layer, duration: 10, name: "\(index)", log: log)
        }
        timeline.beginFrame(at: 0.25)  // times on whole binary fractions: the ends are exact
        // 40 of 60 leave: more than half, so the list is compacted at the end of this frame.
        for index in 0..<40 { layers[index].removeAnimation(forKey: "fade") }
        timeline.endFrame()
        #expect(timeline.animatedLayerCount == 20)
        #expect(log.entries == (0..<40).map { "\($0) cut" })
        log.entries = []
        // Layer 5 comes back after 40…59; a replaced fade on 45 reports cut and starts again.
        Self.fade(layers[5], duration: 0.75, name: "5", log: log)
        Self.fade(layers[45], duration: 0.75, name: "45", log: log)
        timeline.beginFrame(at: 0.5)
        timeline.endFrame()
        #expect(log.entries == ["45 cut"])
        log.entries = []
        for index in [59, 41] {  // replaced too, so that they end with 5 and 45 at 1 s
            layers[index].removeAnimation(forKey: "fade")
            Self.fade(layers[index], duration: 0.5, name: "\(index)", log: log)
        }
        timeline.beginFrame(at: 1.0)
        timeline.endFrame()
        // The cut ones first (queued when removed), then the ends in the order of first
        // animations: 41…59 from the start (45, 59 and 41 were never without one), then 5.
        #expect(log.entries == ["59 cut", "41 cut", "41", "45", "59", "5"])
        #expect(timeline.animatedLayerCount == 20 + 1 - 4)  // 5 came back; four ended
    }

    @Test("a held end (fill forwards, not removed) keeps its layer in the list without looking at it again")
    func heldEnd() {
        let timeline = Timeline()
        let log = Log()
        let layer = Layer(timeline: timeline)
        let move = BasicAnimation(keyPath: .opacity)
        move.fromValue = 0
        move.duration = 0.5
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        move.completion = { _ in log.entries.append("held") }
        layer.add(move, forKey: "move")
        for frame in 1...120 {
            timeline.beginFrame(at: Double(frame) / 60)
            timeline.endFrame()
        }
        #expect(log.entries == ["held"])  // once, at 0.5 s
        #expect(timeline.animatedLayerCount == 1)
        #expect(layer.presentation().opacity == 1)  // the end held
        layer.removeAnimation(forKey: "move")
        timeline.endFrame()
        #expect(timeline.animatedLayerCount == 0)
        #expect(log.entries == ["held"])  // finished already: no second report
    }
}
