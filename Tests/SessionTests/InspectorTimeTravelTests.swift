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
        let script = Self.played + Self.pagedBack + (1...7).map { "; \(33 + 0.1 * Double($0)) key Next" }.joined()
        let tester = try SceneTester(scene: "fish", events: script)
        _ = try tester.render(at: 32.05)
        let before = tester.session.describe().inspector.map(Self.summary)
        _ = try tester.render(at: 34)
        #expect(abs(tester.session.sceneTimeline.currentTime - 32) <= 1.0 / 60 + 1e-9)
        #expect(tester.session.describe().inspector.map(Self.summary) == before)
    }
}

/// The window a seek used to observe (`TimeMachine.observedReplay`), for the test's words.
private enum TimeSeconds {
    static let replayWindow: MediaTime = 12
}
