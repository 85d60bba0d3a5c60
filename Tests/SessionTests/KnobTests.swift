import Animation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// Knobs (`animdemo knobs`, `--set`, the `k` panel): the tutorials' constants, turned.
@Suite("Knobs")
struct KnobTests {
    /// Each scene's knobs with the tutorial's values they must start from (the tutorial files
    /// and docs/SEMANTICS.md): at least five per scene. One entry per scene of the catalogue
    /// (`everySceneHasValues`).
    static let tutorialValues: [String: [String: KnobValue]] = [
        "checkmark": [
            "d": .number(0.5), "dc": .number(0.25), "b3ToXDelay": .number(0.15),
            "b2ToXDelay": .number(0.3), "toCheckDelay": .number(0.5), "b1ToX.curve": .curve(.easeIn),
            "a.curve": .curve(.easeOut),
        ],
        "fish": [
            "timerInterval": .number(0.1), "goFishGoDuration": .number(5), "popScale": .number(1.3),
            "minSize": .number(5), "maxSize": .number(30), "minT": .number(20), "maxT": .number(100),
        ],
        "tictactoe": [
            "finishLineWidth": .number(12), "finishLineAnimationDuration": .number(2),
            "finishLineColor": .choice(0),
        ],
        "elastic": [
            "dampingRatio": .number(0.57), "duration": .number(0.9), "edgeShiftFactor": .number(0.28),
            "outerControlPointFactor": .number(0.44), "innerControlPointFactor": .number(0.71),
            "innerWaveFactor": .number(0.64), "centerWaveFactor": .number(1.36),
        ],
        "download": [
            "animationDuration": .number(0.5), "coverWidth": .number(2), "radiusPercent": .number(0.45),
            "type": .choice(0), "percentage": .choice(0),
        ],
        "pull": [
            "waveMaxHeight": .number(70), "minOffsetToPull": .number(95),
            "loadingContentInset": .number(50),
            "loadingViewSize": .number(30), "duration": .number(0.9), "dampingRatio": .number(0.43),
            "loadingDuration": .number(1.5), "decelerationRate": .number(0.998),
        ],
        "floating": [
            "floatingShape": .choice(0), "fadeOut": .choice(0), "pop": .choice(0),
            "varyAlpha": .choice(0),
            "removeOnCompletion": .choice(0), "sink": .choice(0), "startingPointWidth": .number(0),
            "minAnimationHeight": .number(0), "maxAnimationHeight": .number(0),
            "animationWidth": .number(0),
            "minFloatObjectSize": .number(0), "maxFloatObjectSize": .number(0),
            "animationDuration": .number(0),
        ],
    ]

    /// The catalogue's scene names, in its order.
    static let scenes = SceneCatalog.all.map(\.name)

    @Test("every scene of the catalogue has its tutorial values here, and nothing else does")
    func everySceneHasValues() {
        #expect(Set(Self.tutorialValues.keys) == Set(Self.scenes))
    }

    @Test("every scene has at least five knobs, starting at the tutorial's values", arguments: scenes)
    func defaults(scene: String) throws {
        let values = try #require(
            Self.tutorialValues[scene], "no values for \(scene) in KnobTests.tutorialValues")
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        #expect(descriptor.knobs.count >= 5)
        for (name, value) in values {
            #expect(descriptor.knobs.first { $0.name == name }?.defaultValue == value, "\(scene).\(name)")
        }
        #expect(Set(descriptor.knobs.map(\.name)).count == descriptor.knobs.count, "names are unique")
    }

    @Test(
        "bad values are one line naming the valid names or the range",
        arguments: [
            ("nope=1", "unknown knob \"nope\"; this scene's knobs are: maxWaveHeight"),
            ("dampingRatio=3", "knob dampingRatio = 3 is outside 0.05…1"),
            ("dampingRatio=soft", "knob dampingRatio takes a number in 0.05…1, not \"soft\""),
            ("dampingRatio", "--set \"dampingRatio\" is not NAME=VALUE"),
        ])
    func badValues(text: String, message: String) throws {
        let knobs = try #require(SceneCatalog.all.first { $0.name == "elastic" }).knobs
        #expect(throws: KnobAssignment.Failure.self) { try KnobAssignment.parse(text, knobs: knobs) }
        do {
            _ = try KnobAssignment.parse(text, knobs: knobs)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    /// The elastic bounce after a drag released at 0.6 s: `c`'s y on the release frame (where
    /// the bounce starts), then every frame until 2.5 s.
    func bounce(knobs: [String]) throws -> [Double] {
        let tester = try SceneTester(
            scene: "elastic", events: "0.1 drag 400 60 400 360 0.5", knobs: knobs)
        try tester.advance(to: 0.6)
        var trace = [try tester.presentation(of: "c").position.y]
        try tester.advance(to: 2.5) { _ in
            trace.append((try? tester.presentation(of: "c").position.y) ?? .nan)
        }
        return trace
    }

    @Test("a lower damping ratio overshoots as the spring formula predicts", arguments: [0.2, 0.57, 0.9])
    func damping(ratio: Double) throws {
        let trace = try bounce(knobs: ["dampingRatio=\(ratio)"])
        let start = try #require(trace.first)
        let rest = 50.0  // the band's minimal height, where every point comes to rest
        // The spring block of (ζ, 0.9 s) sampled on the same frames (k / 60 s after the
        // release): its largest value above 1 is the overshoot the frames show.
        let spring = Spring(dampingRatio: ratio, duration: 0.9)
        let peak = (0...54).map { spring.value(at: Double($0) / 60) }.max() ?? 1
        let predicted = rest - (start - rest) * (peak - 1)
        let measured = trace.min() ?? .nan
        // Both sides are the same formula at the same times: 1e-6 px is rounding.
        #expect(abs(measured - predicted) <= 1e-6, "min \(measured) vs \(predicted)")
        #expect(ratio >= 0.9 || measured < rest - 5, "ζ \(ratio) must overshoot visibly")
    }

    @Test("a longer duration slows the bounce")
    func duration() throws {
        let quick = try bounce(knobs: [])
        let slow = try bounce(knobs: ["duration=1.8"])
        /// The first frame at which c is within 1 px of rest for good.
        func settled(_ trace: [Double]) -> Int? {
            trace.indices.first { i in trace[i...].allSatisfy { abs($0 - 50) <= 1 } }
        }
        let a = try #require(settled(quick))
        let b = try #require(settled(slow))
        // Twice the duration: the motion stretches in time by 2 (a frame either way).
        #expect(abs(Double(b) - 2 * Double(a)) <= 2, "settled at \(a) and \(b) frames")
    }

    @Test("--set d changes the checkmark's timing: b1 reaches 0.6 at the click plus d")
    func checkmarkDuration() throws {
        for d in [0.5, 1.2] {
            let tester = try SceneTester(scene: "checkmark", events: "0.1 tap 400 300", knobs: ["d=\(d)"])
            // Half-way through d the easeIn stroke start is 0.6 · easeIn(0.5).
            try tester.advance(to: 0.1 + d / 2)
            let half = try tester.presentation(of: "b1").presentationValue(of: .strokeStart) ?? .nan
            let expected = 0.6 * TimingFunction.easeIn.progress(at: 0.5)
            // The click lands on frame 6 exactly (0.1 s); d/2 is on the grid for both values.
            #expect(abs(half - expected) <= 1e-6, "d \(d): \(half) vs \(expected)")
        }
    }

    @Test("turned while paused, a knob reshapes the frozen moment as if it had always been set")
    func pausedChange() throws {
        let script = "0.1 drag 400 60 400 360 0.5; 0.9 key space"
        let tester = try SceneTester(scene: "elastic", events: script)
        try tester.advance(to: 1.0)
        tester.session.setKnob("dampingRatio", to: .number(0.2))
        let frozen = try tester.render()
        let always = try SceneTester(scene: "elastic", events: script, knobs: ["dampingRatio=0.2"])
        try always.advance(to: 1.0)
        let expected = try always.render()
        #expect(frozen.pixels == expected.pixels)
        let untouched = try SceneTester(scene: "elastic", events: script)
        try untouched.advance(to: 1.0)
        #expect(frozen.pixels != (try untouched.render()).pixels)
    }

    @Test("a knob turned while playing is input: time travel replays it")
    func replayedChange() throws {
        let tester = try SceneTester(scene: "checkmark", events: "0.1 tap 400 300")
        try tester.advance(to: 0.05)
        tester.session.setKnob("d", to: .number(1.5))
        try tester.advance(to: 1.0)
        try tester.key("space")
        try tester.tick()
        try tester.key("Home")
        try tester.tick()
        try tester.key("Page_Down")  // back to 1 s by replaying: the knob change is in the replay
        try tester.tick()
        let b1 = try tester.presentation(of: "b1").presentationValue(of: .strokeStart) ?? .nan
        // d = 1.5: at 1 s, 0.9 s into b1's 1.5 s easeIn.
        let expected = 0.6 * TimingFunction.easeIn.progress(at: 0.9 / 1.5)
        #expect(abs(b1 - expected) <= 1e-6, "\(b1) vs \(expected)")
    }

    @Test("dampingRatio stepped 30 down and 30 back up in the knob panel is not changed (0.57 again)")
    func steppedBackIsNotChanged() throws {
        // The panel: k, Down to the ninth knob (dampingRatio), Left ×30, Right ×30, a frame apart.
        var lines = ["0 key k"]
        var time = 0.0
        func add(_ key: String, times: Int) {
            for _ in 0..<times {
                time += 1.0 / 60
                lines.append("\(time) key \(key)")
            }
        }
        add("Down", times: 8)
        add("Left", times: 30)
        let down = time
        add("Right", times: 30)
        let tester = try SceneTester(scene: "elastic", events: lines.joined(separator: "; "))
        try tester.advance(to: down + 0.5 / 60)
        #expect(tester.session.knobs.changed.keys.sorted() == ["dampingRatio"])
        guard case .number(let lowered)? = tester.session.knobs.value(of: "dampingRatio") else {
            Issue.record("dampingRatio is not a number")
            return
        }
        // About 30 steps of 0.01 down (the script's times are sums of 1/60 and may put two keys
        // on one frame: a step either way).
        #expect(abs(lowered - 0.27) <= 0.01 + 1e-9, "\(lowered)")
        try tester.advance(to: time + 2.0 / 60)
        #expect(tester.session.knobs.changed.isEmpty, "\(tester.session.knobs.changed)")
    }

    @Test("p prints the changed knobs as Swift, ready to paste")
    func printSwift() throws {
        let tester = try SceneTester(
            scene: "elastic", events: "0 key k; 0.1 key Down; 0.2 key Left; 0.3 key p")
        var printed: [String] = []
        for _ in 0..<30 {
            let result = try tester.tick()
            for case .output(let text) in result?.commands ?? [] { printed.append(text) }
        }
        #expect(printed.count == 1)
        #expect(
            printed.first?.contains("static let waveHeightFactorDefault = 0.55  // ElasticScene.swift:")
                == true
                && printed.first?.contains(" (tutorial: 0.6") == true,
            "\(printed)")
    }
}
