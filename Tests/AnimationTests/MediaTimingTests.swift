import TestSupport
import Testing

@testable import Animation

/// docs/SEMANTICS.md § Media timing: local time, fill modes, repeats, autoreverse, speed, offset.
@Suite("Media timing")
struct MediaTimingTests {
    /// A linear opacity animation 0 → 1 on a layer in a tree, added at t = 0.
    /// The root is not returned: nothing here needs the tree after the animation is added.
    func makeFade(_ configure: (BasicAnimation<Double>) -> Void) -> (Layer, FrameStepper) {
        let stepper = FrameStepper()
        let root = Layer(timeline: stepper.timeline)
        let layer = Layer(timeline: stepper.timeline)
        layer.opacity = 0.25  // the model value, shown outside the active interval
        root.addSublayer(layer)
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        configure(fade)
        layer.add(fade, forKey: "fade")
        return (layer, stepper)
    }

    // Values are linear in time and computed from exact frame times: 1e-9 covers rounding.
    let tolerance = 1e-9

    @Test("a duration of 0 means 0.25 s")
    func defaultDuration() {
        let (layer, stepper) = makeFade { $0.duration = 0 }
        stepper.advance(to: 0.15)
        #expect(abs(layer.presentation().opacity - 0.6) <= tolerance)
    }

    @Test("fillMode removed shows the model after the end; forwards holds the end value")
    func fillForwards() {
        let (removed, stepperA) = makeFade { _ in }
        stepperA.advance(to: 1.5)
        #expect(removed.presentation().opacity == 0.25)
        #expect(removed.animationKeys.isEmpty)

        let (held, stepperB) = makeFade {
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        stepperB.advance(to: 1.5)
        #expect(abs(held.presentation().opacity - 1) <= tolerance)
        #expect(held.opacity == 0.25)  // the model is untouched
    }

    @Test("forwards without isRemovedOnCompletion = false does not hold")
    func forwardsNeedsNotRemoved() {
        let (layer, stepper) = makeFade { $0.fillMode = .forwards }
        stepper.advance(to: 1.5)
        #expect(layer.presentation().opacity == 0.25)
    }

    @Test("backwards holds the first value before beginTime; removed does not")
    func fillBackwards() {
        let (held, stepperA) = makeFade {
            $0.beginTime = 0.5
            $0.fillMode = .backwards
        }
        stepperA.advance(to: 0.25)
        #expect(held.presentation().opacity == 0)
        stepperA.advance(to: 1.0)
        #expect(abs(held.presentation().opacity - 0.5) <= tolerance)

        let (notHeld, stepperB) = makeFade { $0.beginTime = 0.5 }
        stepperB.advance(to: 0.25)
        #expect(notHeld.presentation().opacity == 0.25)
    }

    @Test("repeatCount 2.5 runs two and a half cycles, then ends")
    func fractionalRepeat() {
        let (layer, stepper) = makeFade {
            $0.repeatCount = 2.5
            $0.fillMode = .forwards
            $0.isRemovedOnCompletion = false
        }
        stepper.advance(to: 1.25)
        #expect(abs(layer.presentation().opacity - 0.25) <= tolerance)  // second cycle, a quarter in
        stepper.advance(to: 2.5)
        #expect(abs(layer.presentation().opacity - 0.5) <= tolerance)  // held at the half-cycle end
        stepper.advance(to: 3)
        #expect(abs(layer.presentation().opacity - 0.5) <= tolerance)
    }

    @Test("repeatCount infinity never ends; repeatDuration wins over repeatCount")
    func infiniteAndRepeatDuration() {
        let (forever, stepperA) = makeFade { $0.repeatCount = .infinity }
        stepperA.advance(to: 10.5)
        #expect(abs(forever.presentation().opacity - 0.5) <= 1e-6)
        #expect(forever.animationKeys == ["fade"])

        let (limited, stepperB) = makeFade {
            $0.repeatCount = 10
            $0.repeatDuration = 1.5
        }
        stepperB.advance(to: 1.25)
        #expect(abs(limited.presentation().opacity - 0.25) <= tolerance)
        stepperB.advance(to: 1.5)
        #expect(limited.animationKeys.isEmpty)
    }

    @Test("autoreverses mirrors the progress, then applies the timing function")
    func autoreverse() {
        let (layer, stepper) = makeFade {
            $0.autoreverses = true
            $0.timingFunction = .easeIn
        }
        stepper.advance(to: 0.25)
        let forward = layer.presentation().opacity
        stepper.advance(to: 1.75)  // 0.25 s before the end of the reverse half: progress 0.25
        let backward = layer.presentation().opacity
        #expect(abs(forward - TimingFunction.easeIn.progress(at: 0.25)) <= tolerance)
        #expect(abs(backward - TimingFunction.easeIn.progress(at: 0.25)) <= tolerance)
        stepper.advance(to: 2.0)
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("speed 2 runs twice as fast; speed 0 pauses at timeOffset")
    func speedAndPause() {
        let (fast, stepperA) = makeFade { $0.speed = 2 }
        stepperA.advance(to: 0.25)
        #expect(abs(fast.presentation().opacity - 0.5) <= tolerance)
        stepperA.advance(to: 0.5)
        #expect(fast.animationKeys.isEmpty)

        let (paused, stepperB) = makeFade {
            $0.speed = 0
            $0.timeOffset = 0.3
        }
        stepperB.advance(to: 5)
        #expect(abs(paused.presentation().opacity - 0.3) <= tolerance)
    }

    @Test("timeOffset starts part way and wraps around within the active duration")
    func timeOffsetWraps() {
        let (layer, stepper) = makeFade { $0.timeOffset = 0.75 }
        stepper.advance(to: 0.15)
        #expect(abs(layer.presentation().opacity - 0.9) <= tolerance)
        stepper.advance(to: 0.5)
        #expect(abs(layer.presentation().opacity - 0.25) <= tolerance)  // wrapped: 1.25 → 0.25
    }

    @Test("an animation with no timing function is linear")
    func linearByDefault() {
        let (layer, stepper) = makeFade { _ in }
        var trace: [Double] = []
        stepper.advance(seconds: 0.5) { _ in trace.append(layer.presentation().opacity) }
        for (index, value) in trace.enumerated() {
            #expect(abs(value - Double(index + 1) / 60) <= tolerance)
        }
    }
}
