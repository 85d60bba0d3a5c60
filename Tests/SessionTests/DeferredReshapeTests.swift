import Animation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The window's way of turning a knob while paused (`SceneSession.defersReshape`,
/// docs/ARCHITECTURE.md § Knobs): the frame the knob is turned on draws its new value in the
/// panels and leaves the moment as it was; the next frame reshapes it, with the latest value
/// asked by then. What is on screen after that is what one frame doing both shows.
@Suite("A knob turned while paused: the panel first, the reshape next frame")
struct DeferredReshapeTests {
    /// The checkmark tapped at 0.1 s, paused at 0.3 s mid-stroke, the knob panel opened and
    /// `lineWidth` chosen in it.
    static func script() throws -> String {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "checkmark" })
        let index = try #require(descriptor.knobs.firstIndex { $0.name == "lineWidth" })
        let downs = (0..<index).map { "; \(0.4 + Double($0) / 30) key Down" }
        return "0.1 tap 400 300; 0.3 key space; 0.35 key k" + downs.joined()
    }

    /// A tester at 1 s of `script`, reshapes deferred as the window defers them or not.
    static func paused(defers: Bool) throws -> SceneTester {
        let tester = try SceneTester(scene: "checkmark", events: try script())
        try tester.advance(to: 1.0)
        tester.session.defersReshape = defers
        return tester
    }

    /// The elastic scene pulled at 5 s, paused at 5.9 s, at 6 s (its spring, which reads
    /// `dampingRatio` on the release, still moves), reshapes deferred as the window does.
    static func elastic() throws -> SceneTester {
        let tester = try SceneTester(scene: "elastic", events: ReshapeFromReadTests.script)
        try tester.advance(to: 6.0)
        tester.session.defersReshape = true
        return tester
    }

    /// The pixels of `frame` inside `box` (`[x, y, width, height]`, whole pixels), row by row.
    static func pixels(of frame: RenderedFrame, in box: [Double]) -> [UInt32] {
        guard box.count == 4 else { return [] }
        let (x0, y0) = (Int(box[0]), Int(box[1]))
        let (x1, y1) = (min(x0 + Int(box[2]), frame.width), min(y0 + Int(box[3]), frame.height))
        let all = frame.pixels
        return (y0..<y1).flatMap { y in all[(y * frame.width + x0)..<(y * frame.width + x1)] }
    }

    @Test(
        "Page Up on a knob: the panel shows the new value at once over the old moment, the next frame reshapes it"
    )
    func panelFirst() throws {
        let tester = try Self.paused(defers: true)
        let before = try tester.render()
        let old = try #require(tester.session.describe().knobs["lineWidth"])
        let sceneRect = tester.session.describe().sceneRect
        let panel = try #require(tester.session.describe().panels.first { $0.name == "knobs" }?.rect)

        try tester.key("Prior")
        let first = try tester.render()
        let asked = tester.session.describe()
        let new = try #require(asked.knobs["lineWidth"])
        #expect(new != old, "Page Up did not change lineWidth (\(old))")
        #expect(asked.reshapePending == ["lineWidth": new], "\(String(describing: asked.reshapePending))")
        // The scene's own settings are untouched until the reshape, and so is the moment.
        if case .number(let value) = old {
            #expect(
                tester.session.knobs.value(of: "lineWidth") == .number(value), "set before its reshape")
        }
        let sceneKept = Self.pixels(of: first, in: sceneRect) == Self.pixels(of: before, in: sceneRect)
        #expect(sceneKept, "the scene changed before its reshape")
        let panelChanged = Self.pixels(of: first, in: panel) != Self.pixels(of: before, in: panel)
        #expect(panelChanged, "the panel did not show the new value")

        let second = try tester.render()
        #expect(tester.session.reshapePending.isEmpty)
        #expect(tester.session.describe().reshapePending == nil)
        #expect(tester.session.describe().knobs["lineWidth"] == new)
        let panelKept = Self.pixels(of: second, in: panel) == Self.pixels(of: first, in: panel)
        #expect(panelKept, "the panel drawn first is not the panel after the reshape")

        // One frame doing both, then an idle one: the same picture.
        let direct = try Self.paused(defers: false)
        _ = try direct.render()
        try direct.key("Prior")
        let reshapedAtOnce = try direct.render()
        let reshapedScene =
            Self.pixels(of: reshapedAtOnce, in: sceneRect) != Self.pixels(of: before, in: sceneRect)
        #expect(reshapedScene, "lineWidth \(new) changed nothing")
        let directSecond = try direct.render()
        let same = second.pixels == directSecond.pixels
        #expect(same, "deferred, the reshaped moment differs from one frame doing both")
        #expect(tester.session.history.initialKnobs == direct.session.history.initialKnobs)
    }

    @Test("values asked on consecutive frames: one reshape, with the latest, as a run with it from the start")
    func latestValueWins() throws {
        let tester = try Self.elastic()
        tester.session.setKnob("dampingRatio", to: .number(0.3))
        try tester.tick()
        #expect(tester.session.reshapePending == ["dampingRatio": .number(0.3)])
        #expect(tester.session.knobs.value(of: "dampingRatio") == .number(0.57), "set before its reshape")
        tester.session.setKnob("dampingRatio", to: .number(0.2))
        let reshaped = try tester.render()
        #expect(tester.session.reshapePending.isEmpty, "the frame that carries a reshape defers none")
        #expect(tester.session.knobs.value(of: "dampingRatio") == .number(0.2))
        #expect(tester.session.history.initialKnobs["dampingRatio"] == .number(0.2))

        let always = try SceneTester(
            scene: "elastic", events: ReshapeFromReadTests.script, knobs: ["dampingRatio=0.2"])
        try always.advance(to: 6.0)
        try always.tick()
        let same = reshaped.pixels == (try always.render()).pixels
        #expect(same, "the moment differs from a run with 0.2")
        let untouched = try SceneTester(scene: "elastic", events: ReshapeFromReadTests.script)
        try untouched.advance(to: 6.0)
        try untouched.tick()
        let changed = reshaped.pixels != (try untouched.render()).pixels
        #expect(changed, "dampingRatio 0.2 changed nothing at 6 s")
    }

    @Test("a knob turned in the frame of a host command (a screenshot) is reshaped in that frame")
    func notDeferredWithCommands() throws {
        let tester = try Self.elastic()
        tester.session.setKnob("dampingRatio", to: .number(0.3))
        try tester.key("s")
        let result = try tester.tick()
        #expect(result?.commands.contains(.screenshot) == true, "\(String(describing: result?.commands))")
        #expect(tester.session.reshapePending.isEmpty)
        #expect(tester.session.knobs.value(of: "dampingRatio") == .number(0.3))
    }

    @Test("while playing, a knob turned is the frame's input: never deferred")
    func notDeferredWhilePlaying() throws {
        let tester = try SceneTester(scene: "elastic")
        try tester.advance(to: 1)
        tester.session.defersReshape = true
        tester.session.setKnob("dampingRatio", to: .number(0.3))
        try tester.tick()
        #expect(tester.session.reshapePending.isEmpty)
        #expect(tester.session.knobs.value(of: "dampingRatio") == .number(0.3))
    }
}
