import Animation
import Foundation
import Scenes
import Session
import TestSupport
import Testing

/// The inspector holds the whole session through time travel: a seek back keeps the rows of
/// the frames before the moment reached, however old, as an unbroken run to that moment has
/// them, and a session file saved there gives them again.
@Suite("Inspector rows through time travel")
struct InspectorTimeTravelTests {
    /// What a row is, in the terms the test compares: name, kind, start, delay, duration,
    /// group, source (exact: the same computations on the same frames).
    static func summary(_ row: SessionDescription.InspectorRow) -> String {
        "\(row.name) \(row.kind) \(row.start) \(row.delay) \(row.duration) \(row.group ?? "-") \(row.source ?? "-")"
    }

    /// The inspector opened at 0.05 s, two taps early on, paused at 32 s, then seven Page Ups
    /// (one second back each) to 25 s: the 12 s a seek used to observe began at 13 s.
    static let played = "0.05 key i; 0.3 tap 400 150; 1.5 tap 400 150; 32 key space"
    static let pagedBack = (1...7).map { "; \(32 + 0.1 * Double($0)) key Prior" }.joined()

    @Test(
        "seven Page Ups from 32 s to 25 s keep the rows of 0–5 s, equal to those before, and every row an unbroken run to 25 s has",
        arguments: ["fish", "checkmark"])
    func rowsSurviveSeekBack(scene: String) throws {
        let tester = try SceneTester(scene: scene, events: Self.played + Self.pagedBack)
        _ = try tester.render(at: 32.05)
        let before = tester.session.describe().inspector
        let early = before.filter { $0.start < 5 }.map(Self.summary)
        #expect(!early.isEmpty, "the session has rows from its first seconds")
        _ = try tester.render(at: 33)
        #expect(tester.session.isPaused)
        // 32 s less seven seconds, within a frame (1/60 s) of rounding in the steps back.
        let shown = tester.session.sceneTimeline.currentTime
        #expect(abs(shown - 25) <= 1.0 / 60 + 1e-9, "\(shown)")
        let after = tester.session.describe().inspector
        #expect(after.filter { $0.start < 5 }.map(Self.summary) == early)
        #expect(after.contains { $0.start < shown - TimeSeconds.replayWindow }, "older than 12 s")

        // The same rows as an unbroken run paused at that moment.
        let unbroken = try SceneTester(scene: scene, events: "0.05 key i; 0.3 tap 400 150; 1.5 tap 400 150")
        while unbroken.session.sceneTimeline.currentTime < shown - 1e-9 { try unbroken.tick() }
        try #require(unbroken.session.sceneTimeline.currentTime == shown)
        #expect(after.map(Self.summary) == unbroken.session.describe().inspector.map(Self.summary))

        // Saved there, a session file gives the same rows (`render --session`).
        let state = try WatchState(json: try tester.session.watchState(window: nil).encoded())
        let resumed = try SceneTester(scene: scene)
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        _ = try resumed.render()
        #expect(resumed.session.describe().inspector.map(Self.summary) == after.map(Self.summary))
    }

    @Test("seven Page Downs after them keep every row: back at 32 s, the rows are those before")
    func backAndForth() throws {
        let script =
            Self.played + Self.pagedBack + (1...7).map { "; \(33 + 0.1 * Double($0)) key Next" }.joined()
        let tester = try SceneTester(scene: "fish", events: script)
        _ = try tester.render(at: 32.05)
        let before = tester.session.describe().inspector.map(Self.summary)
        _ = try tester.render(at: 34)
        #expect(abs(tester.session.sceneTimeline.currentTime - 32) <= 1.0 / 60 + 1e-9)
        #expect(tester.session.describe().inspector.map(Self.summary) == before)
    }
}

/// The inspector's axis pans sideways: Shift and the wheel (or the wheel tilted) over the
/// panel, `,` and `.` while it is topmost; the axis is kept in session files.
@Suite("Inspector axis panning")
struct InspectorPanTests {
    /// Paused at 3 s, the 6-s axis at [0, 6]; the panel's rows under y 500 in 800×600.
    static let played = "0.05 key i; 0.3 tap 400 150; 1.5 tap 400 150; 3 key space"

    func axis(_ events: String, at time: MediaTime = 3.8) throws -> ([Double], SceneTester) {
        let tester = try SceneTester(scene: "checkmark", events: Self.played + events)
        _ = try tester.render(at: time)
        return (try #require(tester.session.describe().inspectorAxis), tester)
    }

    /// `a` and `b` equal to a microsecond, each end.
    func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
    }

    @Test(". pans the axis a tenth of its span later, , back, never before 0")
    func keys() throws {
        #expect(try axis("").0 == [0, 6])
        let later = try axis("; 3.1 key period; 3.2 key period").0
        #expect(same(later, [1.2, 7.2]), "\(later)")
        let back = try axis("; 3.1 key period; 3.2 key period; 3.3 key comma").0
        #expect(same(back, [0.6, 6.6]), "\(back)")
        let clamped = try axis("; 3.1 key comma").0
        #expect(same(clamped, [0, 6]), "\(clamped)")
        // + follows the time again: as if it had not been panned.
        let followed = try axis("; 3.1 key period; 3.2 key plus").0
        #expect(followed == (try axis("; 3.1 key plus").0), "\(followed)")
    }

    @Test("Shift and the wheel over the panel pan the axis; without Shift the wheel leaves it")
    func shiftWheel() throws {
        let later = try axis("; 3.1 wheel 500 500 40 shift; 3.2 wheel 500 500 40 shift").0
        #expect(same(later, [1.2, 7.2]), "\(later)")
        let back = try axis(
            "; 3.1 wheel 500 500 40 shift; 3.2 wheel 500 500 40 shift; 3.3 wheel 500 500 -40 shift"
        ).0
        #expect(same(back, [0.6, 6.6]), "\(back)")
        #expect(try axis("; 3.1 wheel 500 500 40").0 == [0, 6])
        // Zoomed with Control as well as Shift, it zooms.
        let zoomed = try axis("; 3.1 wheel 500 500 40 ctrl shift").0
        #expect(abs((zoomed[1] - zoomed[0]) - 7.5) < 1e-6, "6 × 1.25: \(zoomed)")
        #expect(
            StoredHistory.event(StoredHistory.line(.scroll(dy: -40, at: Point(x: 5, y: 6), shift: true)))
                == .scroll(dy: -40, at: Point(x: 5, y: 6), shift: true))
    }

    @Test("a drag of the header over the axis pans it; a click there neither pans nor travels")
    func headerDrag() throws {
        // 800×600: the panel from y 398, its header line to 418, the axis under it. The track
        // runs from the name column to 24 px before the right edge; 6 s across it.
        let (start, tester) = try axis("")
        #expect(start == [0, 6])
        /// Within 5 ms each end: the bar's pixels, which give the pixels a second, are rounded.
        func near(_ a: [Double], _ b: [Double]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.005 }
        }
        let panel = try #require(tester.session.describe().panels.first { $0.name == "inspector" }?.rect)
        let y = panel[1] + 8
        // Pixels a second on the axis, from a row's bar (its ends at its begin and end).
        let row = try #require(
            tester.session.describe().inspector.first { ($0.bar?.count ?? 0) == 2 && $0.duration > 0.1 })
        let bar = try #require(row.bar)
        let half = (bar[1] - bar[0]) / row.duration * 3  // 3 s of the 6-s axis
        // Dragged left by half the track: the axis shows 3 s later; back right past 0: held at 0.
        let later = try axis("; 3.1 down 700 \(y); 3.2 move \(700 - half) \(y); 3.3 up \(700 - half) \(y)")
        #expect(near(later.0, [3, 9]), "\(later.0)")
        #expect(
            later.1.session.sceneTimeline.currentTime == tester.session.sceneTimeline.currentTime,
            "the drag travelled")
        let back = try axis(
            "; 3.1 down 700 \(y); 3.2 move \(700 - half) \(y); 3.3 up \(700 - half) \(y)"
                + "; 3.4 down 300 \(y); 3.5 move \(300 + half / 3) \(y); 3.6 up \(300 + half / 3) \(y)")
        #expect(near(back.0, [2, 8]), "a second drag, a sixth of the track right: 1 s earlier: \(back.0)")
        let clamped = try axis("; 3.1 down 300 \(y); 3.2 move 700 \(y); 3.3 up 700 \(y)")
        #expect(near(clamped.0, [0, 6]), "\(clamped.0)")
        // A click on the header: no pan, no travel (the axis under it travels).
        let clicked = try axis("; 3.1 tap 600 \(y)")
        #expect(clicked.0 == [0, 6])
        #expect(clicked.1.session.sceneTimeline.currentTime == tester.session.sceneTimeline.currentTime)
        let travelled = try axis("; 3.1 tap 600 \(panel[1] + 28)")
        #expect(
            abs(travelled.1.session.sceneTimeline.currentTime - tester.session.sceneTimeline.currentTime)
                > 0.1, "a click on the axis travels")
        // The panned axis is in the session file, as the window draws it.
        let before = try later.1.render()
        let state = try WatchState(json: try later.1.session.watchState(window: nil).encoded())
        let resumed = try SceneTester(scene: "checkmark")
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        let after = try resumed.render()
        let axis = try #require(resumed.session.describe().inspectorAxis)
        #expect(same(axis, later.0), "\(axis) after the session file, \(later.0) before")
        #expect(after.pixels == before.pixels)
    }

    @Test("panned to the first rows at 32 s, they are on the axis; a session file keeps the axis and pixels")
    func panToEarlyRows() throws {
        let tester = try SceneTester(
            scene: "checkmark",
            events: "0.05 key i; 0.3 tap 400 150; 1.5 tap 400 150; 32 key space"
                + (1...50).map { "; \(32 + 0.01 * Double($0)) key comma" }.joined())
        _ = try tester.render(at: 33)
        let described = tester.session.describe()
        let span = try #require(described.inspectorAxis)
        #expect(span == [0, 6], "fifty steps of 0.6 s back, to 0: \(span)")
        let tap = try #require(described.inspector.first { $0.name == "b1.strokeStart" })
        #expect(tap.start >= span[0] && tap.start <= span[1])
        let before = try tester.render()
        let state = try WatchState(json: try tester.session.watchState(window: nil).encoded())
        let resumed = try SceneTester(scene: "checkmark")
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        let after = try resumed.render()
        #expect(resumed.session.describe().inspectorAxis == span)
        #expect(after.pixels == before.pixels)
    }
}

/// The window a seek used to observe (`TimeMachine.observedReplay`), for the test's words.
private enum TimeSeconds {
    static let replayWindow: MediaTime = 12
}
