import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The curve editor on a spring row (the elastic's bounce), driven as a person drives it:
/// the wave pulled and let go, paused, the row's name clicked, `/`, the overshoot peak dragged.
/// The elastic's knobs `dampingRatio` and `duration` set the spring, so a drag turns them.
@Suite("The curve editor edits a spring")
struct SpringEditorTests {
    /// Pulled down and let go at 0.6 s, paused at 0.7 s mid-bounce, the inspector open.
    static let paused = "0.1 key i; 0.3 drag 400 150 400 400 0.3; 0.7 key space"

    /// The overshoot of a spring released from rest with damping ratio ζ: e^(−πζ/√(1−ζ²)).
    static func overshoot(_ ratio: Double) -> Double {
        exp(-Double.pi * ratio / (1 - ratio * ratio).squareRoot())
    }

    /// The script that selects the spring row and opens the editor, and the editor it shows.
    static func opened(knobs: [String] = []) throws -> (
        script: String, editor: SessionDescription.CurveEditor
    ) {
        let probe = try SceneTester(scene: "elastic", events: paused, knobs: knobs)
        try probe.advance(to: 0.75)
        let rows = probe.session.describe().inspector
        let row = try #require(rows.first { $0.kind == "animation" && $0.rect != nil }, "\(rows.map(\.name))")
        let rect = try #require(row.rect)
        let script = paused + "; 0.75 tap 40 \(rect[1] + rect[3] / 2); 0.77 key slash"
        let tester = try SceneTester(scene: "elastic", events: script, knobs: knobs)
        try tester.advance(to: 0.85)
        return (script, try #require(tester.session.describe().curveEditor))
    }

    /// The peak dragged `up` pixels up and `right` pixels right over 0.1 s from 0.9 s.
    static func dragged(up: Double = 40, right: Double = 0) throws -> String {
        let (script, editor) = try opened()
        let from = try #require(editor.handles.first)
        return script + "; 0.9 drag \(from[0]) \(from[1]) \(from[0] + right) \(from[1] - up) 0.1"
    }

    static func differingPixels(_ a: RenderedFrame, _ b: RenderedFrame) -> Int {
        zip(a.pixels, b.pixels).filter { $0 != $1 }.count + abs(a.pixels.count - b.pixels.count)
    }

    @Test("the tutorial's spring: damping ratio 0.57, 0.9 s, overshoot 11.3 % of the travel")
    func tutorialSpring() throws {
        let (_, editor) = try Self.opened()
        let spring = try #require(editor.spring)
        #expect(editor.knob == "dampingRatio")
        #expect(spring.knobs == ["dampingRatio", "duration"])
        #expect(spring.dampingRatio == 0.57 && spring.duration == 0.9)
        // Tolerance: half the last digit of 11.3 %.
        #expect(abs(spring.overshoot - 0.113) < 0.0005, "\(spring)")
        #expect(abs(spring.overshoot - Self.overshoot(0.57)) < 1e-6)
        #expect(editor.handles.count == 1)
    }

    @Test("damping ratio 0.3 (set as a knob): the editor's overshoot is 37.2 %")
    func lowDamping() throws {
        let (_, editor) = try Self.opened(knobs: ["dampingRatio=0.3"])
        let spring = try #require(editor.spring)
        #expect(spring.dampingRatio == 0.3)
        #expect(abs(spring.overshoot - 0.372) < 0.0005, "\(spring)")
    }

    @Test(
        "the peak dragged up: less damping, the overshoot its ratio gives, the knob turned, the moment reshaped"
    )
    func dragUpLowersDamping() throws {
        let (opened, original) = try Self.opened()
        let before = try SceneTester(scene: "elastic", events: opened)
        let shownBefore = try before.render(at: 1.1)
        let script = try Self.dragged(up: 40)
        let after = try SceneTester(scene: "elastic", events: script)
        let shownAfter = try after.render(at: 1.1)
        let described = after.session.describe()
        let editor = try #require(described.curveEditor)
        let spring = try #require(editor.spring)
        #expect(described.paused && abs(described.sceneTime - 0.7) < 0.02, "still the paused moment")
        #expect(spring.dampingRatio < 0.57, "\(spring)")
        #expect(spring.dampingRatio == (spring.dampingRatio * 100).rounded() / 100, "hundredths")
        #expect(abs(spring.overshoot - Self.overshoot(spring.dampingRatio)) < 1e-6, "\(spring)")
        #expect(spring.overshoot > 0.113)
        #expect(described.changedKnobs == ["dampingRatio"], "a vertical drag leaves the duration")
        #expect(
            described.knobs["dampingRatio"].map {
                "\($0)".contains(KnobAssignment.formatNumber(spring.dampingRatio))
            } == true)
        // The peak follows the pointer up (to the ratio's hundredths: within a few pixels).
        let handle = try #require(editor.handles.first)
        let start = try #require(original.handles.first)
        #expect(abs(handle[1] - (start[1] - 40)) <= 4, "\(handle) vs \(start)")
        #expect(Self.differingPixels(shownBefore, shownAfter) > 100, "the paused bounce reshaped")
    }

    @Test("the peak dragged right: a longer duration, the damping ratio kept")
    func dragRightLengthensDuration() throws {
        let script = try Self.dragged(up: 0, right: 40)
        let tester = try SceneTester(scene: "elastic", events: script)
        try tester.advance(to: 1.1)
        let described = tester.session.describe()
        let spring = try #require(described.curveEditor?.spring)
        #expect(spring.duration > 0.9, "\(spring)")
        #expect(spring.dampingRatio == 0.57)
        #expect(described.changedKnobs == ["duration"])
    }

    @Test("the spring edit replays exactly through time travel")
    func replaysThroughTimeTravel() throws {
        let script = try Self.dragged()
        let tester = try SceneTester(scene: "elastic", events: script + "; 1.1 key Next; 1.3 key Prior")
        let edited = try tester.render(at: 1.05)
        let editor = tester.session.describe().curveEditor
        let away = try tester.render(at: 1.2)
        #expect(tester.session.describe().sceneTime > 1.5)
        let back = try tester.render(at: 1.4)
        #expect(abs(tester.session.describe().sceneTime - 0.7) < 0.02)
        #expect(tester.session.describe().curveEditor == editor)
        #expect(Self.differingPixels(edited, away) > 0, "a second later looks different")
        #expect(Self.differingPixels(edited, back) == 0, "back: the edited moment, pixel for pixel")
    }

    @Test("a saved session holds the spring edit: resumed, the same spring and pixels")
    func replaysThroughSavedSession() throws {
        let script = try Self.dragged()
        let tester = try SceneTester(scene: "elastic", events: script)
        let edited = try tester.render(at: 1.05)
        let editor = try #require(tester.session.describe().curveEditor)
        let resumed = try tester.savedAndResumed().resumed
        let shown = try resumed.render()
        #expect(resumed.session.describe().curveEditor == editor)
        #expect(Self.differingPixels(edited, shown) == 0)
    }

    @Test("p copies the spring edit as the scene's Swift: the knob's declaration with its file and line")
    func copiesAsSwift() throws {
        let script = try Self.dragged()
        let tester = try SceneTester(scene: "elastic", events: script + "; 1.1 key p")
        try tester.advance(to: 1.05)
        var printed: [String] = []
        for _ in 0..<10 {
            for case .output(let text) in try tester.tick()?.commands ?? [] { printed.append(text) }
        }
        let code = printed.first ?? ""
        let ratio = try #require(tester.session.describe().curveEditor?.spring?.dampingRatio)
        #expect(
            code.contains("bounceDampingRatioDefault = \(KnobAssignment.formatNumber(ratio))")
                && code.contains("ElasticScene.swift:"),
            "\(code)")
    }
}
