import TestSupport
import Testing

@testable import Animation

@Suite("Timers, display links, gestures and event scripts")
struct FramesAndInputTests {
    @Test("a repeating timer fires on its grid; delay fires once")
    func timers() {
        let stepper = FrameStepper()
        var repeats: [MediaTime] = []
        var once: [MediaTime] = []
        stepper.timeline.schedule(after: 0.5, repeats: true) { _ in
            repeats.append(stepper.timeline.currentTime)
        }
        stepper.timeline.delay(0.3) { once.append(stepper.timeline.currentTime) }
        stepper.advance(to: 1.6)
        #expect(repeats == [0.5, 1.0, 1.5])
        #expect(once == [0.3])
    }

    @Test("an invalidated timeline lets go of the timers it fired last: their callbacks may hold its layers")
    func invalidateReleasesFiredTimers() {
        // The fuzzer's leak: the host's toast timer fired, stayed in `firedTimers`, and its
        // callback held the toast's layers, which hold the timeline: a cycle no one ended.
        weak var released: Timeline?
        do {
            let stepper = FrameStepper()
            let layer = Layer(timeline: stepper.timeline)
            stepper.timeline.delay(0.1) { layer.opacity = 0 }
            stepper.advance(to: 0.1)
            #expect(stepper.timeline.firedTimers.count == 1)
            released = stepper.timeline
            stepper.timeline.invalidate()
        }
        #expect(released == nil)
    }

    @Test("a display link sees the previous and the target frame times, and stops when invalidated")
    func displayLink() {
        let stepper = FrameStepper(fps: 50)
        var stamps: [(MediaTime, MediaTime)] = []
        stepper.timeline.addDisplayLink { link in
            stamps.append((link.timestamp, link.targetTimestamp))
            if stamps.count == 3 { link.invalidate() }
        }
        stepper.advance(seconds: 0.2)
        #expect(stamps.count == 3)
        #expect(stamps[1] == (0.02, 0.04))
    }

    @Test("an animation added in a display link callback starts at the target time")
    func addedNowStartsNow() {
        let stepper = FrameStepper()
        let layer = Layer(timeline: stepper.timeline)
        var added = false
        stepper.timeline.addDisplayLink { link in
            guard !added, link.targetTimestamp >= 0.5 else { return }
            added = true
            let fade = BasicAnimation(keyPath: .opacity)
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            layer.add(fade, forKey: "f")
        }
        stepper.advance(to: 0.5)
        #expect(layer.animation(forKey: "f")?.beginTime == 0.5)
        #expect(layer.presentation().opacity == 0)
    }

    /// Root 400×300 with a 100×100 child whose presentation moves from (50,50) to (350,50).
    func movingTarget() -> (root: Layer, child: Layer, timeline: Timeline) {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        let child = Layer(timeline: timeline)
        child.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        child.position = Point(x: 50, y: 50)
        root.addSublayer(child)
        let move = BasicAnimation(keyPath: .position)
        move.fromValue = Point(x: 50, y: 50)
        move.toValue = Point(x: 350, y: 50)
        move.duration = 1
        child.add(move, forKey: "move")
        return (root, child, timeline)
    }

    @Test("hit testing uses presentation values: a moving layer is hit where it is seen")
    func hitTestPresentation() {
        let (root, child, timeline) = movingTarget()
        timeline.beginFrame(at: 1)  // ended: model position
        timeline.beginFrame(at: 1)
        #expect(root.hitTest(Point(x: 50, y: 50)) === child)
        let (root2, child2, timeline2) = movingTarget()
        timeline2.beginFrame(at: 0.5)  // presentation at x = 200
        #expect(root2.hitTest(Point(x: 200, y: 50)) === child2)
        #expect(root2.hitTest(Point(x: 50, y: 50)) === root2)
        child2.isUserInteractionEnabled = false
        #expect(root2.hitTest(Point(x: 200, y: 50)) === root2)
    }

    @Test("points convert between layers through position, anchor point and transform")
    func convert() {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        let child = Layer(timeline: timeline)
        child.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
        child.position = Point(x: 200, y: 100)
        child.transform = AffineTransform(rotationAngle: .pi / 2)
        root.addSublayer(child)
        // The child's top-left corner is (−50, −25) from its centre; turned 90° clockwise it
        // lands at (25, −50) from the position.
        let corner = child.convert(Point(x: 0, y: 0), to: root)
        #expect(abs(corner.x - 225) <= 1e-9 && abs(corner.y - 50) <= 1e-9)
        let back = child.convert(corner, from: root)
        #expect(abs(back.x) <= 1e-9 && abs(back.y) <= 1e-9)
    }

    @Test("a press and release is a tap; a drag beyond 10 px is a pan with translation")
    func gestures() {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: 400, height: 300)
        var taps: [Point] = []
        var pans: [(GestureState, Point)] = []
        var velocities: [Point] = []
        root.addGestureRecognizer(TapGestureRecognizer { taps.append($0.location(in: root)) })
        root.addGestureRecognizer(
            PanGestureRecognizer { recognizer in
                guard let pan = recognizer as? PanGestureRecognizer else { return }
                pans.append((pan.state, pan.translation(in: root)))
                velocities.append(pan.velocity)
            })
        let dispatcher = GestureDispatcher()
        dispatcher.handle(.down(Point(x: 10, y: 10)), in: root, at: 0)
        dispatcher.handle(.move(Point(x: 13, y: 12)), in: root, at: 0.01)
        dispatcher.handle(.up(Point(x: 13, y: 12)), in: root, at: 0.02)
        #expect(taps == [Point(x: 13, y: 12)])
        #expect(pans.isEmpty)

        dispatcher.handle(.down(Point(x: 100, y: 100)), in: root, at: 1)
        dispatcher.handle(.move(Point(x: 100, y: 105)), in: root, at: 1.01)
        dispatcher.handle(.move(Point(x: 100, y: 130)), in: root, at: 1.02)
        dispatcher.handle(.move(Point(x: 100, y: 160)), in: root, at: 1.03)
        dispatcher.handle(.up(Point(x: 100, y: 160)), in: root, at: 1.04)
        #expect(taps.count == 1)
        #expect(pans.map(\.0) == [.began, .changed, .ended])
        #expect(pans.last?.1 == Point(x: 0, y: 60))
        // 60 px down in the 0.03 s since the press (all within the 0.1 s window): 2000 px/s;
        // the times are sums of hundredths, so 1e-6 covers their rounding.
        #expect(velocities.last.map { abs($0.x) <= 1e-6 && abs($0.y - 2000) <= 1e-6 } == true)
    }

    @Test("the seeded generator repeats its stream for a seed and differs between seeds")
    func seeded() {
        var a = SeededRandom(seed: 7)
        var b = SeededRandom(seed: 7)
        var c = SeededRandom(seed: 8)
        let first = (0..<5).map { _ in Double.random(in: 0..<1, using: &a) }
        #expect(first == (0..<5).map { _ in Double.random(in: 0..<1, using: &b) })
        #expect(first != (0..<5).map { _ in Double.random(in: 0..<1, using: &c) })
    }
}

@Suite("Timer grid")
struct TimerGridTests {
    @Test("a 0.1 s timer fires every 6th frame at 60 fps, for a minute, never a frame late")
    func noDrift() {
        let stepper = FrameStepper()
        var frames: [Int] = []
        stepper.timeline.schedule(after: 0.1, repeats: true) { _ in frames.append(stepper.frame) }
        stepper.advance(to: 60)
        // 0.1 s is 6 frames exactly; summing 0.1 600 times would drift by rounding.
        #expect(frames.count == 600)
        #expect(frames == (1...600).map { $0 * 6 })
    }
}
