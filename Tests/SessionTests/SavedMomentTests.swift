import Animation
import Foundation
import Render
import Scenes
import TestSupport
import Testing

@testable import Session

/// Moments the window saved (`b`) that `render --session` drew otherwise (SessionPropertyTests'
/// failures), brought down to the session: a seek in the window must show what a replay from
/// the start shows, checkpoints or not.
@Suite("Saved moments: a seek shows what a replay shows")
struct SavedMomentTests {
    /// Property failure 092E5660 (seed 2026, sequence 126): the elastic wave dragged and let go
    /// at 2.380 s while paused (the bounce starts at the moment shown), then the inspector's
    /// axis clicked at that time. The window showed the band flat; a replay shows the wave as
    /// released.
    static let elasticBounceJustReleased = #"""
        {"bubbles":0,"debugOverlay":false,"format":"animdemo-session","history":{"fps":60,"frames":[{"count"\#
        :1,"first":0},{"input":["move 2.0 2.0"],"time":0},{"count":10,"first":1},{"height":161,"input":["mov\#
        e 2.0 2.0"],"time":0.16666666666666666,"width":320},{"height":398,"input":["move 2.0 2.0"],"time":0.\#
        16666666666666666,"width":420},{"count":131,"first":11},{"height":161,"input":["move 2.0 2.0"],"time\#
        ":2.3637681159420287,"width":320},{"height":288,"input":["key char:a"],"time":2.3637681159420287,"wi\#
        dth":320},{"input":["key char:a"],"time":2.3637681159420287},{"count":1,"first":142},{"height":161,"\#
        input":["move 15.0 6.0","down 15.0 6.0","up 15.0 6.0"],"time":2.3804347826086953,"width":320},{"heig\#
        ht":398,"input":["move 2.0 2.0"],"time":2.3804347826086953,"width":400},{"input":["move 237.0 170.0"\#
        ,"down 237.0 170.0"],"time":2.3804347826086953},{"input":["move 8.0 400.0","up 8.0 400.0"],"time":2.\#
        3804347826086953},{"input":["move 37.0 49.0"],"time":2.3804347826086953},{"input":["move 230.0 368.0\#
        "],"time":2.3804347826086953}],"initialHeight":498,"initialKnobs":{},"initialWidth":620},"isPaused":\#
        true,"observedFrom":0,"panelViews":{"help":{"firstRow":0},"inspector":{"firstRow":0,"follows":true}}\#
        ,"panels":["inspector","help"],"pointer":[165,526],"rate":1,"scale":1,"scene":"elastic","sceneTime":\#
        2.3804347826086953,"seed":1,"step":5,"version":1,"window":{"height":600,"width":800,"x":0,"y":0}}
        """#

    /// The picture of the session's next frame, by a renderer of its own (CheckpointTests).
    static func picture(_ tester: SceneTester) throws -> Int { try CheckpointTests.drawFrame(tester) }

    /// A session on `state`'s history, replayed to its end (as the window played it) with one
    /// checkpoint, after frame `checkpointFrame` (nil: none), then sought to its moment.
    static func seekToMoment(_ state: WatchState, checkpointFrame: Int?) throws -> (SceneTester, Int) {
        // The scene's own space at the end, without panels: no frame lays it out anew.
        let tester = try SceneTester(scene: "elastic", size: Size(width: 400, height: 398))
        let session = tester.session
        session.usesCheckpoints = false
        session.history = try #require(state.history.history())
        session.rebuildScene()
        session.usesCheckpoints = checkpointFrame != nil
        let frames = session.history.frames
        for (index, frame) in frames.enumerated() {
            session.runReplayed(frame, index: index, observes: false)
            if index == checkpointFrame { session.checkpointIfDue(afterFrame: index) }
        }
        session.history.shown = frames.count - 1
        session.seek(toTime: state.sceneTime, at: tester.host.time(ofFrame: tester.host.frame))
        let picture = try Self.picture(tester)
        #expect(session.sceneTimeline.currentTime == state.sceneTime)
        #expect(session.history.frames.count == frames.count)
        return (tester, picture)
    }

    @Test(
        "the elastic bounce released while paused: a seek to its moment from a checkpoint after each of its last frames shows it as a replay does",
        arguments: 120...153)
    func elasticSeekFromCheckpoint(checkpointFrame: Int) throws {
        let state = try WatchState(json: Data(Self.elasticBounceJustReleased.utf8))
        let (_, expected) = try Self.seekToMoment(state, checkpointFrame: nil)
        let (tester, shown) = try Self.seekToMoment(state, checkpointFrame: checkpointFrame)
        #expect(tester.session.checkpointFrames.contains(checkpointFrame))
        #expect(shown == expected)
    }

    /// The moment with the window resized while paused (640×480, then back to 800×600): the
    /// scene is laid out for each rect at once, unrecorded (docs/ARCHITECTURE.md § Time travel),
    /// and the elastic scene cuts a running bounce on layout, so the band is flat; the history
    /// has no trace of it. `seeks`: the seek to the moment then replays it as recorded.
    static func resizedWhilePaused(seeks: Bool) throws -> (shown: Int, expected: Int, frames: Int) {
        let state = try WatchState(json: Data(Self.elasticBounceJustReleased.utf8))
        let replayed = try SceneTester(scene: "elastic", size: Size(width: 800, height: 600))
        try #require(replayed.session.resume(from: state, at: 0) != nil)
        let expected = try Self.picture(replayed)
        let tester = try SceneTester(scene: "elastic", size: Size(width: 800, height: 600))
        try #require(tester.session.resume(from: state, at: 0) != nil)
        #expect(try Self.picture(tester) == expected)
        tester.resize(to: Size(width: 640, height: 480))
        _ = try Self.picture(tester)
        tester.resize(to: Size(width: 800, height: 600))
        _ = try Self.picture(tester)
        if seeks {
            tester.session.seek(toTime: state.sceneTime, at: tester.host.time(ofFrame: tester.host.frame))
        }
        return (try Self.picture(tester), expected, tester.session.history.frames.count)
    }

    @Test(
        "a knob panel scrolled to its end in a narrow window, its header on two lines: the saved moment opens with the same rows",
        arguments: ["fish", "checkmark"])
    func narrowKnobPanelRestored(scene: String) throws {
        let size = Size(width: 320, height: 480)
        let count = try #require(SceneCatalog.all.first { $0.name == scene }).knobs.count
        let downs = (0..<count).map { "\(0.2 + Double($0) * 0.02) key Down" }.joined(separator: "; ")
        let tester = try SceneTester(scene: scene, size: size, events: "0.1 key k; \(downs); 1.5 key space")
        try tester.advance(to: 2)
        let shown = try Self.picture(tester)
        let state = tester.session.watchState(window: WindowGeometry(x: 0, y: 0, width: 320, height: 480))
        let reopened = try SceneTester(scene: scene, size: size)
        try #require(reopened.session.resume(from: state, at: 0) != nil)
        #expect(try Self.picture(reopened) == shown, "the reopened knob panel shows other rows")
    }

    @Test("the elastic moment resized while paused, then sought to: the replay's picture, the history kept")
    func elasticResizedWhilePausedThenSought() throws {
        let (shown, expected, frames) = try Self.resizedWhilePaused(seeks: true)
        #expect(shown == expected)
        #expect(frames == 155)
    }

    @Test("the elastic moment resized while paused and back: the replay's picture, the history kept")
    func elasticResizedWhilePaused() throws {
        let (shown, expected, frames) = try Self.resizedWhilePaused(seeks: false)
        #expect(frames == 155)
        #expect(shown == expected)
    }
}
