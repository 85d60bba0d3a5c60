import Animation
import Scenes
import TestSupport
import Testing

@testable import Session

/// The knob panel's header offers its keys only while it has them: keys go to the topmost open
/// panel, so with the inspector opened after the knobs, ←→ step the scene's time and the header
/// says so. Driven by `render`'s events as a person presses them.
@Suite("Knobs: the header offers the keys only while the panel has them")
struct KnobHeaderKeysTests {
    /// The fish at `size` after `keys` (key names), a frame apart, then `Right`.
    static func pressed(_ keys: [String], size: Size) throws -> SceneTester {
        let all = keys + ["Right"]
        let lines = all.enumerated().map { "\(Double($0.offset + 1) / 30) key \($0.element)" }
        let tester = try SceneTester(scene: "fish", size: size, events: lines.joined(separator: "; "))
        try tester.advance(to: Double(all.count + 2) / 30)
        return tester
    }

    static func header(_ tester: SceneTester) -> String {
        WholeTextTests.texts(in: "knobs", of: tester.session).prefix(2).map(\.string).joined(separator: " ")
    }

    @Test(
        "k then i: the header names the inspector and Right does not turn a knob; i closed: the keys again",
        arguments: [Size(width: 800, height: 600), Size(width: 375, height: 667)])
    func underTheInspector(size: Size) throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "fish" })
        let knob = descriptor.knobs[0]
        let under = try Self.pressed(["k", "i"], size: size)
        let header = Self.header(under)
        #expect(header.contains("the inspector panel has the keys"), "\(header)")
        #expect(!header.contains("←→ change"), "\(header)")
        #expect(under.session.knobs.value(of: knob.name) ?? knob.defaultValue == knob.defaultValue)
        #expect(under.session.describe().elided.isEmpty, "\(under.session.describe().elided)")

        let topmost = try Self.pressed(["i", "k"], size: size)
        #expect(Self.header(topmost).contains("←→ change"), "\(Self.header(topmost))")
        #expect(
            topmost.session.knobs.value(of: knob.name) != knob.defaultValue, "Right did not turn \(knob.name)"
        )

        let closed = try Self.pressed(["k", "i", "i"], size: size)
        #expect(Self.header(closed).contains("←→ change"), "\(Self.header(closed))")
        #expect(closed.session.knobs.value(of: knob.name) != knob.defaultValue)
    }
}
