import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The curve editor (`/`), driven as a person drives it, through events scripts as `render`
/// runs them: a row's name clicked in the inspector, `u`, a handle dragged, a preset pressed;
/// the edit replays through time travel and a saved session, and `p` copies it as Swift.
@Suite("The curve editor")
struct CurveEditorTests {
    /// The download scene, 800×600, paused at 1 s with the inspector open.
    static let paused = "0.1 key i; 1.0 key space"

    /// The events that select `row` (a click on its name) and open the editor, worked out from a
    /// run paused at 1 s, and the handles the editor then shows (window pixels).
    static func opened(scene: String = "download", row: String, paused: String = paused) throws -> (
        script: String, handles: [[Double]]
    ) {
        let probe = try SceneTester(scene: scene, events: paused)
        try probe.advance(to: 1.02)
        let rows = probe.session.describe().inspector
        let rect = try #require(rows.first { $0.name == row }?.rect, "\(rows.map(\.name))")
        let script = paused + "; 1.03 tap 40 \(rect[1] + rect[3] / 2); 1.05 key slash"
        let opened = try SceneTester(scene: scene, events: script)
        try opened.advance(to: 1.1)
        let editor = try #require(opened.session.describe().curveEditor)
        #expect(editor.row == row)
        return (script, editor.handles)
    }

    /// The first handle dragged 120 px right and 20 px up, over 0.1 s from 1.15 s.
    static func dragged(scene: String = "download", row: String = "animatingLayer.path") throws -> (
        script: String, to: [Double]
    ) {
        let (script, handles) = try opened(scene: scene, row: row)
        let from = handles[0]
        let to = [from[0] + 120, from[1] - 20]
        return (script + "; 1.15 drag \(from[0]) \(from[1]) \(to[0]) \(to[1]) 0.1", to)
    }

    static func differingPixels(_ a: RenderedFrame, _ b: RenderedFrame) -> Int {
        zip(a.pixels, b.pixels).filter { $0 != $1 }.count + abs(a.pixels.count - b.pixels.count)
    }

    @Test("a handle dragged follows the pointer, changes the row's curve, and the paused moment reshapes")
    func dragChangesCurveAndPicture() throws {
        let (opened, _) = try Self.opened(row: "animatingLayer.path")
        let before = try SceneTester(scene: "download", events: opened)
        let shownBefore = try before.render(at: 1.4)
        let original = try #require(before.session.describe().curveEditor)
        #expect(original.curve == [0, 0, 0.58, 1], "the scene's own: .easeOut")
        #expect(original.source == "DownloadIndicator.swift:261")
        #expect(original.knob == nil)

        let (script, to) = try Self.dragged()
        let after = try SceneTester(scene: "download", events: script)
        let shownAfter = try after.render(at: 1.4)
        let described = after.session.describe()
        let editor = try #require(described.curveEditor)
        #expect(described.paused && described.sceneTime == 1, "still the paused moment")
        // The handle is where the pointer let go, to the plot's hundredths (under a pixel).
        #expect(abs(editor.handles[0][0] - to[0]) <= 1 && abs(editor.handles[0][1] - to[1]) <= 1, "\(editor)")
        #expect(editor.handles[1] == original.handles[1])
        #expect(editor.curve != original.curve)
        #expect(editor.curve[0] > 0.5, "dragged right: x1 grows, \(editor.curve)")
        // The animations of that line run the new curve now: the paused picture changed.
        #expect(Self.differingPixels(shownBefore, shownAfter) > 100)
    }

    @Test("the edit replays exactly through time travel: a second away and back shows the same pixels")
    func replaysThroughTimeTravel() throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(scene: "download", events: script + "; 1.5 key Next; 1.7 key Prior")
        let edited = try tester.render(at: 1.45)
        let curve = tester.session.describe().curveEditor?.curve
        let away = try tester.render(at: 1.6)
        #expect(tester.session.describe().sceneTime == 2)
        let back = try tester.render(at: 1.8)
        let described = tester.session.describe()
        #expect(described.sceneTime == 1)
        #expect(described.curveEditor?.curve == curve)
        #expect(Self.differingPixels(edited, away) > 0, "the second later looks different")
        #expect(Self.differingPixels(edited, back) == 0, "back at 1 s: the edited moment, pixel for pixel")
    }

    @Test("a saved session (version 2) holds the edit: resumed, the same curve and pixels")
    func replaysThroughSavedSession() throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(scene: "download", events: script)
        let edited = try tester.render(at: 1.45)
        let editor = try #require(tester.session.describe().curveEditor)
        let (state, resumed) = try tester.savedAndResumed()
        #expect(state.version == 2)
        #expect(
            state.history.initialKnobs.keys.contains { $0.hasPrefix("curve@") },
            "\(state.history.initialKnobs)")
        let shown = try resumed.render()
        #expect(resumed.session.describe().curveEditor == editor)
        #expect(Self.differingPixels(edited, shown) == 0)
    }

    @Test("a file with a curve edit but version 1 is refused with one line")
    func versionOneRefusesEdits() throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(scene: "download", events: script)
        try tester.advance(to: 1.4)
        var state = tester.session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        state.version = 1
        #expect(throws: SessionFileError.self) {
            try SessionFile.state(from: try state.encoded(), path: "old.animdemo", catalog: SceneCatalog.all)
        }
        // Without curve edits a file is still written as version 1, which older programs read.
        let plain = try SceneTester(scene: "download", events: Self.paused)
        try plain.advance(to: 1.1)
        #expect(plain.session.watchState(window: nil).version == 1)
    }

    @Test(
        "presets: 1 linear, 4 ease in-out, 0 back to the scene's own",
        arguments: [("1", [0.0, 0, 1, 1]), ("4", [0.42, 0, 0.58, 1]), ("0", [0, 0, 0.58, 1])])
    func preset(key: String, curve: [Double]) throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(scene: "download", events: script + "; 1.4 key \(key)")
        try tester.advance(to: 1.5)
        let described = tester.session.describe()
        #expect(described.curveEditor?.curve == curve)
        #expect(
            described.toast?.hasPrefix("animatingLayer.path: ") == true,
            "\(String(describing: described.toast))")
    }

    @Test("where a knob owns the curve (the checkmark's b3.curve), a drag turns the knob")
    func knobOwnedCurve() throws {
        let paused = "0.1 key i; 0.2 tap 200 150; 1.0 key space"
        let (opened, handles) = try Self.opened(scene: "checkmark", row: "b3.strokeEnd", paused: paused)
        let from = handles[1]
        let tester = try SceneTester(
            scene: "checkmark",
            events: opened + "; 1.15 drag \(from[0]) \(from[1]) \(from[0] - 60) \(from[1]) 0.1")
        try tester.advance(to: 1.4)
        let described = tester.session.describe()
        let editor = try #require(described.curveEditor)
        #expect(editor.knob == "b3.curve")
        #expect(described.changedKnobs == ["b3.curve"])
        #expect(tester.session.knobs.curveEdits.isEmpty, "the knob, not an edit of the line")
        let text = try #require(described.knobs["b3.curve"])
        #expect(
            "\(text)".contains(KnobAssignment.formatNumber(editor.curve[2])), "\(text) vs \(editor.curve)")
    }

    @Test("p copies every change as the scene's Swift with file:line, and says how many lines")
    func copiesAsSwift() throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(scene: "download", events: script + "; 1.4 key p")
        try tester.advance(to: 1.35)
        var printed: [String] = []
        var copied: [String] = []
        for _ in 0..<10 {
            let result = try tester.tick()
            for command in result?.commands ?? [] {
                if case .output(let text) = command { printed.append(text) }
                if case .copyToClipboard(let text) = command { copied.append(text) }
            }
        }
        #expect(printed.count == 1 && copied == printed)
        let code = printed.first ?? ""
        let curve = try #require(tester.session.describe().curveEditor?.curve)
        let numbers = curve.map(KnobAssignment.formatNumber).joined(separator: ", ")
        #expect(
            code.contains(
                "pathAnimation.timingFunction = TimingFunction(controlPoints: \(numbers))  // DownloadIndicator.swift:261"
            ),
            "\(code)")
        #expect(code.hasPrefix("// download: 1 change since the tutorial's values"), "\(code)")
        #expect(tester.session.describe().toast?.hasPrefix("copied 1 line of Swift") == true)
    }

    @Test("p with knobs and a curve edit: one block, a line each with its file and line")
    func copiesKnobsAndEdits() throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(
            scene: "download", events: script + "; 1.4 key p", knobs: ["coverWidth=4"])
        try tester.advance(to: 1.35)
        var printed: [String] = []
        for _ in 0..<10 {
            for case .output(let text) in try tester.tick()?.commands ?? [] { printed.append(text) }
        }
        let lines = (printed.first ?? "").split(separator: "\n")
        #expect(lines.count == 3, "\(lines)")
        for line in lines.dropFirst() {
            #expect(line.range(of: #"  // \w+\.swift:\d+"#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(tester.session.describe().toast?.hasPrefix("copied 2 lines of Swift") == true)
    }

    @Test(
        "the editor fits from 375×667 up and at --scale 2",
        arguments: [(375.0, 667.0, 1.0), (1920, 1080, 1), (1600, 1200, 2)])
    func fits(width: Double, height: Double, scale: Double) throws {
        let tester = try SceneTester(
            scene: "download", size: Size(width: width, height: height), events: "0.1 key slash", scale: scale
        )
        try tester.advance(to: 0.2)
        let described = tester.session.describe()
        let panel = try #require(described.panels.first { $0.name == "curve" })
        #expect(panel.rect[2] >= 200 && panel.rect[3] >= 200, "\(panel.rect)")
        #expect(described.elided.isEmpty || described.elided.allSatisfy { !$0.text.hasPrefix("Select") })
    }
}

extension CurveEditorTests {
    @Test("idle, the editor costs nothing: paused with a row shown, frames rebuild none of its layers")
    func idleCostsNothing() throws {
        let (script, _) = try Self.dragged()
        let tester = try SceneTester(scene: "download", events: script)
        try tester.advance(to: 1.5)
        let panel = try #require(tester.session.rootLayer.allLayers.first { $0.name == "curve" })
        let before = panel.sublayers.map(ObjectIdentifier.init)
        #expect(before.count > 10, "the plot, handles, buttons and text are drawn")
        var asked = 0
        try tester.tick(30) { _ in }
        for _ in 0..<5 where try tester.tick()?.needsAnotherFrame == true { asked += 1 }
        #expect(panel.sublayers.map(ObjectIdentifier.init) == before, "not rebuilt")
        #expect(asked == 0, "no frame asked for")
    }
}

@Suite("The curve editor on a spring")
struct CurveEditorSpringTests {
    @Test("a spring row shows its damping ratio and response and its response curve, its peak a handle")
    func springRow() throws {
        let paused = "0.1 key i; 0.3 drag 400 150 400 400 0.3; 0.7 key space"
        let probe = try SceneTester(scene: "elastic", events: paused)
        try probe.advance(to: 0.75)
        let rows = probe.session.describe().inspector
        let row = try #require(rows.first { $0.kind == "animation" && $0.rect != nil }, "\(rows.map(\.name))")
        let rect = try #require(row.rect)
        let tester = try SceneTester(
            scene: "elastic", events: paused + "; 0.75 tap 40 \(rect[1] + rect[3] / 2); 0.77 key slash")
        try tester.advance(to: 0.85)
        let described = tester.session.describe()
        #expect(described.selectedRow == row.name)
        let texts = tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
        let spring = try #require(
            SceneCatalog.all.first { $0.name == "elastic" }?.knobs.first { $0.name == "dampingRatio" })
        guard case .number(let ratio) = spring.defaultValue else { return }
        #expect(
            texts.contains { $0.contains("damping ratio \(KnobAssignment.formatNumber(ratio))") },
            "\(texts.filter { $0.contains("spring") || $0.contains("damping") })")
        #expect(texts.contains { $0.hasPrefix("spring · \(row.name)") })
        #expect(described.curveEditor?.spring?.dampingRatio == ratio, "the knob's ratio")
        #expect(described.curveEditor?.handles.count == 1, "the overshoot peak")
    }
}
