import TestSupport
import Testing

@testable import Animation

@Suite("Presentation, block animations, keyframes and groups")
struct PresentationTests {
    @Test("strokeEnd is halfway at half the duration; the model keeps its value")
    func halfway() {
        let timeline = Timeline()
        let check = ShapeLayer(timeline: timeline)
        let draw = BasicAnimation(keyPath: .strokeEnd)
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 2
        check.add(draw, forKey: "draw")
        timeline.beginFrame(at: 1)
        #expect(abs(check.presentation().strokeEnd - 0.5) <= 1e-12)  // linear; exact up to rounding
        #expect(check.strokeEnd == 1)
    }

    @Test("shape layer defaults are Core Animation's")
    func shapeDefaults() {
        let shape = ShapeLayer(timeline: Timeline())
        #expect(shape.fillColor == .black)
        #expect(shape.strokeColor == .clear)
        #expect(shape.lineWidth == 1)
        #expect(shape.lineCap == .butt)
        #expect(shape.lineJoin == .miter)
        #expect(shape.miterLimit == 10)
        #expect(shape.fillRule == .nonZero)
        #expect(shape.strokeStart == 0 && shape.strokeEnd == 1)
    }

    @Test("a block animation with a delay holds the start, then eases; completion at delay + duration")
    func blockAnimation() {
        let stepper = FrameStepper()
        let root = Layer(timeline: stepper.timeline)
        let layer = Layer(timeline: stepper.timeline)
        root.addSublayer(layer)
        var completedAt: MediaTime?
        stepper.timeline.animate(
            duration: 1, delay: 0.5, curve: .easeInEaseOut, changes: { layer.opacity = 0 },
            completion: { completedAt = stepper.timeline.currentTime })
        stepper.advance(to: 0.25)
        #expect(layer.presentation().opacity == 1)  // fill backwards during the delay
        stepper.advance(to: 1.0)
        #expect(abs(layer.presentation().opacity - 0.5) <= 1e-6)  // easeInEaseOut(0.5) = 0.5
        stepper.advance(to: 2)
        #expect(completedAt == 1.5)
    }

    @Test("a spring block follows the Framer spring for ζ 0.57, d 0.9 (docs/SEMANTICS.md table)")
    func springBlock() {
        let stepper = FrameStepper(fps: 100)  // frames at whole hundredths: 0.09 s = t/d 0.1
        let root = Layer(timeline: stepper.timeline)
        let layer = Layer(timeline: stepper.timeline)
        root.addSublayer(layer)
        stepper.timeline.animate(
            duration: 0.9, dampingRatio: 0.57, changes: { layer.position = Point(x: 100, y: 0) })
        let expected = [0.4028, 0.9056, 1.1037, 1.0889, 1.0262, 0.9920, 0.9880, 0.9948, 1.0001]
        for (index, value) in expected.enumerated() {
            stepper.advance(to: 0.09 * Double(index + 1))
            // The table has 4 decimals (±5e-5 of the distance, 0.005 px) plus solver error.
            #expect(abs(layer.presentation().position.x - 100 * value) <= 0.01)
        }
        stepper.advance(to: 1)
        #expect(layer.presentation().position.x == 100)
    }

    @Test("keyframes: linear with keyTimes and per-segment timing functions")
    func keyframesLinear() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let move = KeyframeAnimation(keyPath: .opacity)
        move.values = [0, 1, 0.5]
        move.keyTimes = [0, 0.25, 1]
        move.timingFunctions = [.linear, .easeIn]
        move.duration = 1
        layer.add(move, forKey: "k")
        timeline.beginFrame(at: 0.125)
        #expect(abs(layer.presentation().opacity - 0.5) <= 1e-12)
        timeline.beginFrame(at: 0.625)
        let expected = 1 - 0.5 * TimingFunction.easeIn.progress(at: 0.5)
        #expect(abs(layer.presentation().opacity - expected) <= 1e-12)
    }

    @Test("keyframes: discrete holds each value until the next key time")
    func keyframesDiscrete() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let steps = KeyframeAnimation(keyPath: .opacity)
        steps.values = [0.1, 0.2, 0.3]
        steps.calculationMode = .discrete
        steps.duration = 3
        layer.add(steps, forKey: "k")
        for (time, value) in [(0.5, 0.1), (1.5, 0.2), (2.9, 0.3)] {
            timeline.beginFrame(at: time)
            #expect(layer.presentation().opacity == value)
        }
    }

    @Test("keyframes: paced moves at constant speed whatever the key spacing")
    func keyframesPaced() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let paced = KeyframeAnimation(keyPath: .position)
        paced.values = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 40, y: 0)]
        paced.keyTimes = [0, 0.9, 1]  // ignored in paced mode
        paced.calculationMode = .paced
        paced.duration = 1
        layer.add(paced, forKey: "k")
        timeline.beginFrame(at: 0.5)
        #expect(abs(layer.presentation().position.x - 20) <= 1e-9)
    }

    @Test("keyframes: cubic passes through every value")
    func keyframesCubic() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let cubic = KeyframeAnimation(keyPath: .opacity)
        cubic.values = [0, 1, 0, 1]
        cubic.calculationMode = .cubic
        cubic.duration = 3
        layer.add(cubic, forKey: "k")
        for (time, value) in [(1.0, 1.0), (2.0, 0.0)] {
            timeline.beginFrame(at: time)
            #expect(abs(layer.presentation().opacity - value) <= 1e-9)
        }
        timeline.beginFrame(at: 2.5)
        // Catmull-Rom on 0 → 1 with neighbours 1 and 1 (the end repeated), u = 0.5:
        // −0.0625·1 + 0.5625·0 + 0.5625·1 − 0.0625·1 = 0.4375.
        #expect(abs(layer.presentation().opacity - 0.4375) <= 1e-9)
    }

    @Test("a group runs its children on its own clock and cuts them off at its duration")
    func group() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        let later = BasicAnimation(keyPath: .cornerRadius)
        later.fromValue = 0
        later.toValue = 10
        later.beginTime = 0.5
        later.duration = 1
        let group = AnimationGroup()
        group.animations = [fade, later]
        group.duration = 1
        layer.add(group, forKey: "g")
        timeline.beginFrame(at: 0.75)
        #expect(abs(layer.presentation().opacity - 0.375) <= 1e-12)
        #expect(abs(layer.presentation().cornerRadius - 2.5) <= 1e-12)
        timeline.beginFrame(at: 1.5)
        #expect(layer.presentation().opacity == 1)  // the group ended: model values
    }

    @Test("transforms interpolate by rotation, not by shrinking")
    func transformInterpolation() {
        let quarter = AffineTransform.identity.interpolated(
            to: AffineTransform(rotationAngle: .pi / 2), fraction: 0.5)
        let expected = AffineTransform(rotationAngle: .pi / 4)
        #expect(quarter.distance(to: expected) <= 1e-12)
    }

    /// Moves `layer` from x 0 to 100 over the first second.
    static func move(_ layer: Layer) {
        let move = BasicAnimation(keyPath: .position)
        move.fromValue = Point(x: 0, y: 0)
        move.toValue = Point(x: 100, y: 0)
        move.duration = 1
        layer.add(move, forKey: "move")
    }

    @Test("a presentation copy someone keeps does not change with later frames; the layer's own is reused")
    func keptCopies() throws {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        Self.move(layer)
        timeline.beginFrame(at: 0.25)
        let kept = layer.presentation()
        #expect(kept.position.x == 25)
        #expect(kept.modelLayer === layer)
        timeline.beginFrame(at: 0.5)
        let identity: ObjectIdentifier
        do {
            let now = layer.presentation()
            // The kept copy is another object, still at its frame's place, and no longer linked.
            #expect(now !== kept)
            #expect(kept.position.x == 25 && now.position.x == 50)
            #expect(kept.modelLayer == nil && now.modelLayer === layer)
            identity = ObjectIdentifier(now)
        }
        // Not kept by anyone now, the layer's copy is the same object next frame, with new values.
        timeline.beginFrame(at: 0.75)
        #expect(ObjectIdentifier(layer.presentation()) == identity)
        #expect(layer.presentation().position.x == 75)
    }

    @Test("a layer leaving the tree lets go of its presentation copy, unless someone keeps it")
    func removedLayerDropsCopy() {
        let timeline = Timeline()
        let parent = Layer(timeline: timeline)
        let layer = Layer(timeline: timeline)
        parent.addSublayer(layer)
        Self.move(layer)
        timeline.beginFrame(at: 0.25)
        // Kept by someone: the removal leaves it linked to its layer.
        let kept = layer.presentation()
        layer.removeFromSuperlayer()
        #expect(kept.modelLayer === layer)
        // Kept by nobody but the layer: it goes with the removal (a checkpoint that keeps the
        // layer alive no longer keeps its copy), and the next one is made anew.
        parent.addSublayer(layer)
        timeline.beginFrame(at: 0.5)
        weak let copy = layer.presentation()
        #expect(copy != nil && copy !== kept)
        layer.removeFromSuperlayer()
        #expect(copy == nil)
        #expect(layer.presentation().position.x == 50)
    }

    @Test("a presentation copy outliving its layer has no model layer (and does not crash)")
    func copyOutlivesLayer() {
        let timeline = Timeline()
        var layer: Layer? = Layer(timeline: timeline)
        let move = BasicAnimation(keyPath: .opacity)
        move.fromValue = 0.0
        move.toValue = 1.0
        move.duration = 1
        layer?.add(move, forKey: "fade")
        timeline.beginFrame(at: 0.5)
        let copy = layer?.presentation()
        #expect(copy?.modelLayer != nil)
        timeline.invalidate()  // the timeline lets go of its animated layers
        layer = nil
        #expect(copy?.modelLayer == nil)
        #expect(copy?.opacity == 0.5)
    }

    @Test("isAnimatingNow: while an animation runs, not after it ended or was removed; forever repeats run")
    func animatingNow() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let move = BasicAnimation(keyPath: .opacity)
        move.fromValue = 0.0
        move.toValue = 1.0
        move.duration = 1
        layer.add(move, forKey: "fade")
        var seen: [Bool] = []
        for time in [0.5, 0.999, 1.0, 1.5, 2.0] {
            timeline.beginFrame(at: time)
            seen.append(layer.isAnimatingNow)
            timeline.endFrame()  // removes it once ended
        }
        #expect(seen == [true, true, false, false, false])
        #expect(layer.animationKeys.isEmpty)
        let spin = BasicAnimation(keyPath: .opacity)
        spin.fromValue = 0.0
        spin.toValue = 1.0
        spin.duration = 1
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
        for time in [2.5, 100.0] {
            timeline.beginFrame(at: time)
            #expect(layer.isAnimatingNow, "at \(time)")
            timeline.endFrame()
        }
    }
}
