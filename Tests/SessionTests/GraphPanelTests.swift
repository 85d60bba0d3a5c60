import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The graph panel (`y`): a click on a row's name in the inspector selects it, and the graph
/// shows that row's value at every frame of its span, as the engine presented it. Driven as a
/// person does, through an events script and the panels, and checked against the motion's
/// closed form.
@Suite("Graph panel")
struct GraphPanelTests {
    /// Where the inspector shows row `name` at scene time `time` after `events` (window
    /// pixels): the middle of its name.
    func rowName(_ name: String, scene: String, events: String, at time: MediaTime, knobs: [String] = [])
        throws
        -> Point
    {
        let probe = try SceneTester(scene: scene, events: events, knobs: knobs)
        _ = try probe.render(at: time)
        let row = try #require(probe.session.describe().inspector.first { $0.name == name })
        let rect = try #require(row.rect, "row \(name) is scrolled away")
        return Point(x: rect[0] + 30, y: rect[1] + rect[3] / 2)
    }

    /// The elastic scene's bounce: open both panels, pull the band down and let go, pause once
    /// it settled, click `row`'s name.
    func bounce(row: String, knobs: [String] = []) throws -> (SceneTester, SessionDescription.Graph) {
        let events = "0.05 key i; 0.1 key y; 0.2 drag 400 60 400 200 0.4; 0.61 up 400 200; 1.7 key space"
        let name = try rowName(row, scene: "elastic", events: events, at: 1.8, knobs: knobs)
        let tester = try SceneTester(
            scene: "elastic", events: events + "; 1.8 tap \(name.x) \(name.y)", knobs: knobs)
        _ = try tester.render(at: 1.9)
        let described = tester.session.describe()
        #expect(described.selectedRow == row)
        return (tester, try #require(described.graph, "no graph"))
    }

    /// A spring's progress with no initial velocity, underdamped: the closed form.
    static func springProgress(_ t: Double, mass: Double, stiffness: Double, damping: Double) -> Double {
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(omegaD * t) + zeta * omega / omegaD * sin(omegaD * t))
    }

    /// The bounce's samples against the closed form, and its overshoot against the damping
    /// ratio's: e^(−ζπ/√(1−ζ²)) of the travel (11.3 % at 0.57, 37.2 % at 0.3).
    func checkOvershoot(dampingRatio zeta: Double, expected: Double, knobs: [String] = []) throws {
        let (tester, graph) = try bounce(row: "c.position", knobs: knobs)
        #expect(graph.property == "position" && graph.components == ["x", "y"])
        let row = try #require(tester.session.describe().inspector.first { $0.name == "c.position" })
        // The spring's constants: the block converter's for the bounce's 0.9 s and ζ (UIKit's
        // `usingSpringWithDamping`, docs/SEMANTICS.md § Block spring animations).
        let spring = Spring(dampingRatio: zeta, duration: 0.9)
        #expect(abs(spring.dampingRatio - zeta) < 1e-12)
        let begin = row.start
        let from = graph.samples[0][2]
        let to = try #require(graph.samples.last)[2]
        let travel = to - from
        #expect(abs(travel) > 100, "travel \(travel)")
        // Every frame's value is the closed form's at its time. Describe rounds values and times
        // to 1e-6: a value may be off by that, plus the speed times the times' rounding (1e-6).
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let omegaD = omega * (1 - zeta * zeta).squareRoot()
        for sample in graph.samples.dropLast() {
            let t = sample[0] - begin
            let progress = Self.springProgress(
                t, mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
            let speed = abs(travel) * exp(-zeta * omega * t) * omega * omega / omegaD * abs(sin(omegaD * t))
            let tolerance = 2e-6 + (speed + abs(travel)) * 1.1e-6
            #expect(abs(sample[2] - (from + travel * progress)) <= tolerance, "at \(sample[0])")
        }
        #expect(to == 50, "the band's height, at rest")
        // The overshoot: the frame nearest the peak is at most half a frame (1/120 s) from it,
        // where the value is below the peak by at most ½·x''·δ² = ½·ω²·overshoot·δ² of the travel.
        let peak = (graph.samples.map { ($0[2] - from) / travel }.max() ?? 0) - 1
        let analytic = exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())
        let omegaSquared = spring.stiffness / spring.mass
        let bound = 0.5 * omegaSquared * analytic * pow(1.0 / 120, 2) + 1e-6
        #expect(abs(analytic - expected) < 0.0005, "closed form \(analytic)")
        #expect(
            peak <= analytic + 1e-6 && peak >= analytic - bound,
            "peak \(peak), closed form \(analytic) − \(bound)")
        #expect(abs(peak - expected) <= bound + 0.0005, "peak \(peak), the issue's \(expected)")
        // x does not move.
        #expect(Set(graph.samples.map { $0[1] }).count == 1)
    }

    @Test("a spring row's graph overshoots as its damping ratio says: 11.3 % at 0.57")
    func springOvershoot() throws {
        try checkOvershoot(dampingRatio: 0.57, expected: 0.113)
    }

    @Test("turned to 0.3 (its knob), the spring overshoots 37.2 %")
    func springOvershootLowDamping() throws {
        try checkOvershoot(dampingRatio: 0.3, expected: 0.372, knobs: ["dampingRatio=0.3"])
    }

    @Test("an eased stroke follows its timing curve: checkmark's b3.strokeEnd, ease in ease out")
    func easedStroke() throws {
        let events = "0.05 key i; 0.1 key y; 0.3 tap 400 150; 1.5 key space"
        let name = try rowName("b3.strokeEnd", scene: "checkmark", events: events, at: 1.6)
        let tester = try SceneTester(scene: "checkmark", events: events + "; 1.6 tap \(name.x) \(name.y)")
        _ = try tester.render(at: 1.7)
        let described = tester.session.describe()
        let graph = try #require(described.graph)
        let row = try #require(described.inspector.first { $0.name == "b3.strokeEnd" })
        #expect(graph.row == "b3.strokeEnd" && graph.property == "strokeEnd" && graph.components == ["value"])
        let from = graph.samples[0][1]
        let to = try #require(graph.samples.last)[1]
        #expect(abs(to - from) > 0.3, "\(from) → \(to)")
        // Every frame of the half second, and the one after it, on the curve (rounding: 1e-6).
        #expect(graph.samples.count >= Int(row.duration * 60))
        #expect(abs(graph.samples[0][0] - row.start) < 1e-6)
        for sample in graph.samples {
            let fraction = min(max((sample[0] - row.start) / row.duration, 0), 1)
            let expected = from + (to - from) * TimingFunction.easeInEaseOut.progress(at: fraction)
            #expect(abs(sample[1] - expected) <= 2e-6, "at \(sample[0]): \(sample[1]) vs \(expected)")
        }
    }

    @Test("clicked and keyed as a person does: the row is selected, the graph drawn, y closes it")
    func drivenThroughThePanels() throws {
        let events = "0.05 key i; 0.3 tap 400 150; 1.5 key space"
        let name = try rowName("b3.strokeEnd", scene: "checkmark", events: events, at: 1.6)
        let script = events + "; 1.6 tap \(name.x) \(name.y); 1.65 key y"
        let tester = try SceneTester(scene: "checkmark", events: script)
        let frame = try tester.render(at: 1.7)
        let described = tester.session.describe()
        #expect(described.selectedRow == "b3.strokeEnd")
        let panel = try #require(described.panels.first { $0.name == "graph" })
        #expect(described.graph?.row == "b3.strokeEnd")
        #expect(described.elided.isEmpty, "\(described.elided)")
        // Drawn: the curve's amber (the panels' accent) inside the panel's plot.
        let accent = Color(red: 1, green: 0.75, blue: 0.2)
        var amber = 0
        for y in stride(from: Int(panel.rect[1]) + 24, to: Int(panel.rect[1] + panel.rect[3]) - 40, by: 1) {
            for x in stride(from: 70, to: 790, by: 2)
            where frame.color(x: x, y: y)?.isClose(to: accent, within: 24.0 / 255) == true {
                amber += 1
            }
        }
        #expect(amber > 100, "\(amber) amber pixels of the curve")
        // y again closes it; the selection stays.
        let closed = try SceneTester(scene: "checkmark", events: script + "; 1.75 key y")
        _ = try closed.render(at: 1.8)
        #expect(closed.session.describe().graph == nil)
        #expect(closed.session.describe().selectedRow == "b3.strokeEnd")
    }

    @Test("the selection and the graph come back from a session file")
    func sessionFile() throws {
        let events = "0.05 key i; 0.3 tap 400 150; 1.5 key space"
        let name = try rowName("b3.strokeEnd", scene: "checkmark", events: events, at: 1.6)
        let tester = try SceneTester(
            scene: "checkmark", events: events + "; 1.6 tap \(name.x) \(name.y); 1.65 key y")
        let before = try tester.render(at: 1.7)
        let state = try WatchState(json: try tester.session.watchState(window: nil).encoded())
        let resumed = try SceneTester(scene: "checkmark")
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        let after = try resumed.render()
        #expect(resumed.session.describe().selectedRow == "b3.strokeEnd")
        #expect(resumed.session.describe().graph?.samples == tester.session.describe().graph?.samples)
        #expect(after.pixels == before.pixels)
    }

    /// A scene of every kind of row, started by a tap: a basic animation that repeats twice
    /// and autoreverses, a keyframe animation, a block animation and an implicit one.
    final class MotionScene: Scene {
        let title = "Motions"
        let rootLayer: Layer
        let pulse: Layer
        let dot: Layer
        let box: Layer
        let timeline: Timeline

        init(context: SceneContext) {
            timeline = context.timeline
            rootLayer = Layer(timeline: timeline)
            pulse = Layer(timeline: timeline)
            dot = Layer(timeline: timeline)
            box = Layer(timeline: timeline)
            for (layer, name) in [(pulse, "pulse"), (dot, "dot"), (box, "box")] {
                layer.name = name
                layer.frame = Rect(x: 20, y: 20, width: 40, height: 40)
                layer.backgroundColor = .white
                rootLayer.addSublayer(layer)
            }
            rootLayer.addGestureRecognizer(TapGestureRecognizer { [unowned self] _ in start() })
        }

        func start() {
            let fade = BasicAnimation(keyPath: .opacity)
            fade.fromValue = 1
            fade.toValue = 0.2
            fade.duration = 0.2
            fade.repeatCount = 2
            fade.autoreverses = true
            pulse.add(fade, forKey: "pulse")
            let path = KeyframeAnimation(keyPath: .position)
            path.values = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100)]
            path.duration = 0.6
            dot.add(path, forKey: "path")
            box.opacity = 0.5  // implicit: the frame's transaction, 0.25 s
            timeline.animate(duration: 0.4, curve: .linear) { box.position = Point(x: 200, y: 40) }
        }

        func layout(in bounds: Rect) {}
    }

    /// The graph of `row` in the motion scene after a tap at 0.2 s, paused at 1.5 s.
    func motionGraph(_ row: String) throws -> (SessionDescription.Graph, SessionDescription.InspectorRow) {
        let catalog = [SceneDescriptor(name: "motions", summary: "") { MotionScene(context: $0) }]
        let events = "0.05 key i; 0.1 key y; 0.2 tap 100 100; 1.5 key space"
        let probe = try SceneTester(scene: "motions", in: catalog, events: events)
        _ = try probe.render(at: 1.6)
        let found = try #require(probe.session.describe().inspector.first { $0.name == row }, "no row \(row)")
        let rect = try #require(found.rect)
        let tester = try SceneTester(
            scene: "motions", in: catalog, events: events + "; 1.6 tap 30 \(rect[1] + rect[3] / 2)")
        _ = try tester.render(at: 1.7)
        let described = tester.session.describe()
        let graph = try #require(described.graph, "no graph of \(row)")
        #expect(graph.row == row)
        return (graph, try #require(described.inspector.first { $0.name == row }))
    }

    /// The sample at `time` (scene seconds; on the frame grid).
    func value(_ graph: SessionDescription.Graph, at time: Double) throws -> [Double] {
        Array(
            try #require(graph.samples.first { abs($0[0] - time) < 1e-6 }, "no sample at \(time)").dropFirst()
        )
    }

    @Test("a repeat that autoreverses graphs each cycle there and back")
    func repeatsAndAutoreverses() throws {
        let (graph, row) = try motionGraph("pulse.opacity")
        #expect(graph.components == ["value"])
        // Two cycles of 0.2 s out and 0.2 s back (linear), every frame of them and the one after.
        #expect(graph.samples.count == 49, "\(graph.samples.count)")
        for (offset, expected) in [(0.0, 1.0), (0.1, 0.6), (0.2, 0.2), (0.4, 1.0), (0.6, 0.2), (0.7, 0.6)] {
            #expect(abs(try value(graph, at: row.start + offset)[0] - expected) < 1e-6, "at +\(offset)")
        }
        #expect(abs((graph.samples.last?[0] ?? 0) - (row.start + 0.8)) < 1e-6)
    }

    @Test("a keyframe animation graphs its path's x and y; block and implicit animations graph too")
    func keyframesBlocksImplicit() throws {
        let (path, pathRow) = try motionGraph("dot.position")
        #expect(path.components == ["x", "y"])
        #expect(try value(path, at: pathRow.start + 0.15) == [50, 0])
        #expect(try value(path, at: pathRow.start + 0.3) == [100, 0])
        #expect(try value(path, at: pathRow.start + 0.45) == [100, 50])
        let (block, blockRow) = try motionGraph("box.position")
        // From (40, 40) to (200, 40) over 0.4 s, linear.
        #expect(try value(block, at: blockRow.start + 0.2) == [120, 40])
        let (implicit, implicitRow) = try motionGraph("box.opacity")
        #expect(implicitRow.duration == 0.25)
        #expect(try value(implicit, at: implicitRow.start)[0] == 1)
        #expect(abs((implicit.samples.last?[1] ?? 0) - 0.5) < 1e-9)
    }

    @Test("a colour graphs its channels")
    func colourChannels() throws {
        let events = "0.05 key i; 0.3 tap 400 150; 1.5 key space"
        let name = try rowName("b3.strokeColor", scene: "checkmark", events: events, at: 1.6)
        let tester = try SceneTester(
            scene: "checkmark", events: events + "; 1.6 tap \(name.x) \(name.y); 1.65 key y")
        _ = try tester.render(at: 1.7)
        let graph = try #require(tester.session.describe().graph)
        #expect(graph.components == ["red", "green", "blue", "alpha"])
        #expect(graph.samples.count >= 45)
    }

    @Test("the samples are made once per row and history: not again while nothing they show changes")
    func cached() throws {
        // Both panels open from the start: opened while paused, the graph would lay the scene
        // out anew, and the next recorded frame (the seek's) would record it, a real change.
        let events = "0.05 key i; 0.1 key y; 0.3 tap 400 150; 1.5 key space"
        let name = try rowName("b3.strokeEnd", scene: "checkmark", events: events, at: 1.6)
        let tester = try SceneTester(
            scene: "checkmark", events: events + "; 1.6 tap \(name.x) \(name.y); 2 key space")
        _ = try tester.render(at: 1.7)
        #expect(tester.session.graphSamplingCount == 1)
        // Playing on (quiet frames), new input after the row's end, travelling back: the same
        // samples, no replay.
        try tester.advance(to: 3)
        tester.tap(Point(x: 700, y: 100))
        try tester.tick(2)
        #expect(tester.session.graphSamplingCount == 1)
        tester.session.seek(toTime: 0.7, at: tester.session.hostTimeline.currentTime)
        try tester.tick(2)
        #expect(tester.session.graphSamplingCount == 1)
        // A knob turned while paused replays from the start: the samples are made again.
        tester.session.setKnob("b3.curve", to: .curve(.linear))
        try tester.tick(2)
        #expect(tester.session.graphSamplingCount == 2)
    }
}
