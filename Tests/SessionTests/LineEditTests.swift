import Animation
import Foundation
import Render
import Scenes
import TestSupport
import Testing

@testable import Session

/// A bar end that no knob sets, dragged as a person drags it: the duration or delay of every
/// animation added at the row's source line is edited (`delay@FILE:LINE`), replayed by time
/// travel, saved in session files and copied by `p` with its file and line. The download's
/// path animation starts at once: no knob in seconds is 0, so its left end edits its line.
@Suite("Per-line duration and delay edits")
struct LineEditTests {
    /// The download paused at 1 s, the path row selected, its left end dragged 30 px right.
    static func dragged(then more: String = "") throws -> (
        tester: SceneTester, row: SessionDescription.InspectorRow
    ) {
        let (script, row) = try BarDragTests.selected()
        let bar = try #require(row.bar)
        let rect = try #require(row.rect)
        let y = rect[1] + rect[3] / 2
        let tester = try SceneTester(
            scene: "download", events: script + "; 1.1 drag \(bar[0]) \(y) \(bar[0] + 30) \(y) 0.1" + more)
        try tester.advance(to: 1.3)
        return (tester, row)
    }

    /// The one delay edit the session has, by name and seconds.
    static func delayEdit(_ session: SceneSession) throws -> (name: String, seconds: Double) {
        let edits = session.knobs.lineEdits.filter { $0.key.hasPrefix("delay@") }
        #expect(edits.count == 1, "\(edits)")
        let edit = try #require(edits.first)
        return (edit.key, edit.value)
    }

    @Test("the left end of a bar no knob sets: the delay of its line, to hundredths; the row waits for it")
    func leftEndEditsTheLine() throws {
        let (tester, before) = try Self.dragged()
        let (name, seconds) = try Self.delayEdit(tester.session)
        let source = try #require(before.source)
        #expect(name.hasSuffix(source), "\(name) is not the row's line \(source)")
        // 30 px of a 6 s axis about 550 px wide: some 0.33 s (tolerance: 0.2…0.5 s).
        #expect(seconds > 0.2 && seconds < 0.5, "\(seconds)")
        #expect(abs(seconds * 100 - (seconds * 100).rounded()) < 1e-9, "not to hundredths: \(seconds)")
        let described = tester.session.describe()
        #expect(described.changedKnobs.isEmpty, "no knob turned: \(described.changedKnobs)")
        #expect(described.knobs[name] == .number(seconds))
        let row = try #require(described.inspector.first { $0.name == BarDragTests.row })
        #expect(abs(row.delay - seconds) < 1e-6, "the row waits \(row.delay) s, not \(seconds)")
        #expect(abs(row.duration - before.duration) < 1e-9, "the duration changed too")
        #expect(
            described.toast?.contains("no knob") != true, "\(String(describing: described.toast))")
    }

    @Test("time travel replays the edit: back to 0.5 s and again to 1 s shows the same pixels")
    func timeTravelReplays() throws {
        let (tester, _) = try Self.dragged()
        let shown = try tester.render()
        let moment = tester.session.sceneTimeline.currentTime
        tester.session.seek(toTime: 0.5, at: tester.time)
        try tester.tick()
        #expect(abs(tester.session.sceneTimeline.currentTime - 0.5) < 1e-9)
        tester.session.seek(toTime: moment, at: tester.time)
        try tester.tick()
        let again = try tester.render()
        #expect(shown.pixels.count == again.pixels.count)
        #expect(zip(shown.pixels, again.pixels).filter { $0 != $1 }.isEmpty, "another picture after travel")
    }

    @Test("the edit is saved: a version 2 file whose replay shows the same pixels and the same edit")
    func savedSessionReplays() throws {
        let (tester, _) = try Self.dragged()
        let shown = try tester.render()
        let (name, seconds) = try Self.delayEdit(tester.session)
        let (state, resumed) = try tester.savedAndResumed()
        #expect(state.version == 2, "an edit of a line: version 2")
        let again = try resumed.render()
        #expect(resumed.session.knobs.lineEdits[name] == seconds)
        #expect(shown.pixels.count == again.pixels.count)
        #expect(
            zip(shown.pixels, again.pixels).filter { $0 != $1 }.isEmpty, "the replay draws another picture")
    }

    @Test("a session file's edit of a line that is not seconds in 0…60 is refused in one line")
    func badEditRefused() throws {
        let (tester, _) = try Self.dragged()
        let (name, _) = try Self.delayEdit(tester.session)
        let saved = tester.session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        let text = try #require(String(data: try saved.encoded(), encoding: .utf8))
        // The name as JSON writes it (a slash escaped, or not): its seconds made negative.
        var edited = text
        for written in [name, name.replacingOccurrences(of: "/", with: #"\/"#)] {
            edited = edited.replacingOccurrences(
                of: #""\#(written)":{"number":"#, with: #""\#(written)":{"number":-"#)
        }
        #expect(edited != text, "the edit was not found in the file")
        #expect(throws: SessionFileError.self) {
            try SessionFile.state(from: Data(edited.utf8), path: "bad.animdemo", catalog: SceneCatalog.all)
        }
    }

    @Test("the right end of a bar no knob sets (the pull's loading circle, 1 s): the duration of its line")
    func rightEndEditsTheDuration() throws {
        // Pulled down and let go: the loading circle turns for 1 s, which no knob gives.
        let paused = "0.05 key i; 0.6 drag 400 100 400 400 0.3; 1.2 key space"
        let name = "loadingViewCircle.transform"
        let probe = try SceneTester(scene: "pull", events: paused)
        try probe.advance(to: 1.25)
        let before = try #require(probe.session.describe().inspector.first { $0.name == name })
        let rect = try #require(before.rect, "\(name) scrolled away")
        let y = rect[1] + rect[3] / 2
        let selected = paused + "; 1.25 tap 40 \(y)"
        let held = try SceneTester(scene: "pull", events: selected)
        try held.advance(to: 1.28)
        let bar = try #require(held.session.describe().inspector.first { $0.name == name }?.bar)
        let tester = try SceneTester(
            scene: "pull", events: selected + "; 1.3 drag \(bar[1]) \(y) \(bar[1] + 20) \(y) 0.1")
        try tester.advance(to: 1.5)
        let edits = tester.session.knobs.lineEdits.filter { $0.key.hasPrefix("duration@") }
        #expect(edits.count == 1, "\(edits)")
        let edit = try #require(edits.first)
        #expect(edit.key.hasSuffix(try #require(before.source)), "\(edit.key)")
        // 20 px of a 6 s axis about 550 px wide: some 0.22 s longer (tolerance 0.1…0.4 s).
        #expect(edit.value > before.duration + 0.1 && edit.value < before.duration + 0.4, "\(edit.value)")
        let described = tester.session.describe()
        #expect(described.changedKnobs.isEmpty, "\(described.changedKnobs)")
        let row = try #require(described.inspector.first { $0.name == name })
        #expect(abs(row.duration - edit.value) < 1e-9, "the row runs \(row.duration) s, not \(edit.value)")
    }

    @Test("p copies the edit as the scene's Swift with its file and line; the toast counts one line")
    func copiedAsCode() throws {
        let (tester, row) = try Self.dragged(then: "; 1.2 key p")
        let (_, seconds) = try Self.delayEdit(tester.session)
        let source = try #require(row.source)
        let code = try #require(ChangeCode.swift(knobs: tester.session.knobs, sceneName: "download"))
        #expect(code.lines == 1, "\(code.text)")
        let value = KnobAssignment.formatNumber(seconds)
        #expect(
            code.text.contains("beginTime = timeline.currentTime + \(value)  // \(source)")
                || code.text.contains("delay: \(value)  // \(source)"),
            "\(code.text)")
        let toast = tester.session.describe().toast ?? ""
        #expect(toast.contains("copied 1 line"), "\(toast)")
    }
}
