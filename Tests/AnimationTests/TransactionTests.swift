import TestSupport
import Testing

@testable import Animation

/// docs/SEMANTICS.md § Implicit animations and transactions.
@Suite("Transactions and implicit animations")
struct TransactionTests {
    /// A layer in a tree (implicit animations only run for layers in a tree); the root is
    /// returned too, because a superlayer is held weakly and the tree must stay alive.
    func makeLayer() -> (Layer, FrameStepper, root: Layer) {
        let stepper = FrameStepper()
        let root = Layer(timeline: stepper.timeline)
        let layer = Layer(timeline: stepper.timeline)
        root.addSublayer(layer)
        return (layer, stepper, root)
    }

    @Test("changing a property animates it implicitly: 0.25 s, linear, from the old value")
    func implicitDefaults() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        layer.position = Point(x: 100, y: 0)
        #expect(layer.position == Point(x: 100, y: 0))  // the model changes at once
        var trace: [Double] = []
        stepper.advance(seconds: 0.25) { _ in trace.append(layer.presentation().position.x) }
        // Linear over 15 frames: 100/15 per frame; frame times are exact, 1e-9 covers rounding.
        for (index, x) in trace.dropLast().enumerated() {
            #expect(abs(x - 100 * Double(index + 1) / 15) <= 1e-9)
        }
        #expect(layer.animationKeys.isEmpty)
        #expect(layer.presentation().position.x == 100)
    }

    @Test("disableActions and the actions map turn implicit animations off")
    func suppression() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        stepper.timeline.transaction { transaction in
            transaction.disableActions = true
            layer.opacity = 0.5
        }
        #expect(layer.animationKeys.isEmpty)

        layer.setAction(.none, for: .position)
        layer.position = Point(x: 10, y: 10)
        #expect(layer.animationKeys.isEmpty)
        layer.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(layer.animationKeys == ["bounds"])  // other properties still animate
    }

    @Test("path has no implicit animation; a layer outside a tree none either")
    func noImplicitForPathOrDetached() {
        let stepper = FrameStepper()
        let root = Layer(timeline: stepper.timeline)
        let shape = ShapeLayer(timeline: stepper.timeline)
        root.addSublayer(shape)
        var path = BezierPath()
        path.move(to: .zero)
        path.addLine(to: Point(x: 10, y: 0))
        shape.path = path
        #expect(shape.animationKeys.isEmpty)

        let detached = Layer(timeline: stepper.timeline)
        detached.opacity = 0
        #expect(detached.animationKeys.isEmpty)
    }

    @Test("nested transactions inherit and override duration and timing function")
    func nesting() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        let timeline = stepper.timeline
        timeline.transaction { outer in
            outer.animationDuration = 2
            outer.animationTimingFunction = .easeIn
            timeline.transaction { inner in
                #expect(inner.animationDuration == 2)
                inner.animationDuration = 1
                layer.opacity = 0
            }
            layer.cornerRadius = 10
        }
        let opacity = layer.animation(forKey: "opacity") as? BasicAnimation<Double>
        let corner = layer.animation(forKey: "cornerRadius") as? BasicAnimation<Double>
        #expect(opacity?.duration == 1)
        #expect(opacity?.timingFunction == .easeIn)
        #expect(corner?.duration == 2)
        stepper.advance(to: 0.5)
        #expect(abs(layer.presentation().opacity - (1 - TimingFunction.easeIn.progress(at: 0.5))) <= 1e-9)
    }

    @Test("a completion block with no animation runs at commit")
    func completionAtCommit() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        var runs = 0
        stepper.timeline.transaction { transaction in
            transaction.disableActions = true
            transaction.completionBlock = { runs += 1 }
            layer.opacity = 0.5
        }
        #expect(runs == 1)
    }

    @Test("a completion block waits for every animation added after it was set")
    func completionWaits() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        var finishedAt: MediaTime?
        let timeline = stepper.timeline
        let early = BasicAnimation(keyPath: .opacity)
        early.duration = 5  // added before the block: not waited for
        layer.add(early, forKey: "early")
        timeline.transaction { transaction in
            transaction.completionBlock = { finishedAt = timeline.currentTime }
            let short = BasicAnimation(keyPath: .cornerRadius)
            short.duration = 0.5
            layer.add(short, forKey: "short")
            let long = BasicAnimation(keyPath: .borderWidth)
            long.duration = 1
            layer.add(long, forKey: "long")
        }
        stepper.advance(to: 0.9)
        #expect(finishedAt == nil)
        stepper.advance(to: 1.5)
        // Frame times are k/60: the first frame at or after 1 s is exactly 1.0.
        #expect(finishedAt == 1.0)
    }

    @Test("removing an animation reports finished = false and completes the transaction")
    func removedCountsAsNotFinished() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        var reports: [Bool] = []
        var blockRuns = 0
        stepper.timeline.transaction { transaction in
            transaction.completionBlock = { blockRuns += 1 }
            let fade = BasicAnimation(keyPath: .opacity)
            fade.duration = 1
            fade.completion = { reports.append($0) }
            layer.add(fade, forKey: "fade")
        }
        stepper.advance(to: 0.5)
        layer.removeAnimation(forKey: "fade")
        stepper.step()
        #expect(reports == [false])
        #expect(blockRuns == 1)
    }

    @Test("an animation that runs to its end reports finished = true, once")
    func finishedTrue() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        var reports: [Bool] = []
        let fade = BasicAnimation(keyPath: .opacity)
        fade.duration = 0.5
        fade.completion = { reports.append($0) }
        layer.add(fade, forKey: "fade")
        stepper.advance(to: 2)
        #expect(reports == [true])
    }

    @Test("adding under an existing key replaces it (finished = false) and copies the animation")
    func replaceAndCopy() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        var reports: [String] = []
        let first = BasicAnimation(keyPath: .opacity)
        first.fromValue = 0
        first.toValue = 1
        first.completion = { reports.append("first \($0)") }
        layer.add(first, forKey: "fade")
        first.toValue = 0.5  // changing the original after adding has no effect
        stepper.advance(to: 0.15)
        #expect(abs(layer.presentation().opacity - 0.6) <= 1e-9)
        let second = BasicAnimation(keyPath: .opacity)
        second.completion = { reports.append("second \($0)") }
        layer.add(second, forKey: "fade")
        stepper.advance(to: 1)
        #expect(reports == ["first false", "second true"])
        #expect(layer.animationKeys.isEmpty)
    }

    @Test("an implicit animation interrupted mid-way starts from the presentation value")
    func interruptionIsSmooth() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        stepper.timeline.transaction {
            $0.animationDuration = 1
            layer.position = Point(x: 100, y: 0)
        }
        stepper.advance(to: 0.5)
        let before = layer.presentation().position.x
        stepper.timeline.transaction {
            $0.animationDuration = 1
            layer.position = Point(x: 0, y: 0)
        }
        let after = layer.presentation().position.x
        #expect(abs(before - 50) <= 1e-9)
        #expect(abs(after - before) <= 1e-9)  // no jump at the change
    }

    @Test("basic animation endpoints: from/to, from/by, by/to, to only, from only")
    func endpoints() {
        let (layer, stepper, root) = makeLayer()
        defer { withExtendedLifetime(root) {} }
        stepper.timeline.transaction {
            $0.disableActions = true
            layer.opacity = 0.2
        }
        func halfway(_ configure: (BasicAnimation<Double>) -> Void) -> Double {
            let animation = BasicAnimation(keyPath: .opacity)
            animation.duration = 1
            animation.beginTime = stepper.timeline.currentTime - 0.5
            configure(animation)
            layer.add(animation, forKey: "probe")
            defer { layer.removeAnimation(forKey: "probe") }
            return layer.presentation().opacity
        }
        #expect(
            abs(
                halfway {
                    $0.fromValue = 0
                    $0.toValue = 1
                } - 0.5) <= 1e-12)
        #expect(
            abs(
                halfway {
                    $0.fromValue = 0.4
                    $0.byValue = 0.2
                } - 0.5) <= 1e-12)
        #expect(
            abs(
                halfway {
                    $0.byValue = 0.2
                    $0.toValue = 1
                } - 0.9) <= 1e-12)
        #expect(abs(halfway { $0.toValue = 1 } - 0.6) <= 1e-12)  // from the underlying 0.2
        #expect(abs(halfway { $0.fromValue = 1 } - 0.6) <= 1e-12)  // to the underlying 0.2
    }
}
