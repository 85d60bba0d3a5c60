import Animation
import Scenes
import Testing

@testable import Session

/// The frame's decision as a value (`FramePlan.make`, docs/ARCHITECTURE.md § Time travel): a
/// table of what the clock, the requests, the input and the history lead to, without a scene
/// or a renderer. The time-travel, checkpoint and window tests check that carrying a plan out
/// shows what it says.
@Suite("Frame plans")
struct FramePlanTests {
    /// One row: the state a frame meets, and the plan it must make.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The clock after the frame's keys and requests.
        var clock: SceneClock
        var wasPaused: Bool
        var hostTime: MediaTime
        /// The scene time shown now.
        var sceneTime: MediaTime
        var requests = FrameRequests()
        var input: [InputEvent] = []
        var history = HistorySummary(isEmpty: false, lastTime: 2)
        var needsLayout = false
        var hasUnrecordedLayout = false
        var expected: FramePlan

        var testDescription: String { name }
    }

    static let playing = SceneClock(fps: 60)
    /// Paused at host time 2, scene time 2.
    static let paused: SceneClock = {
        var clock = SceneClock(fps: 60)
        clock.set(paused: true, rate: 1, at: 2)
        return clock
    }()
    static let click: [InputEvent] = [.down(Point(x: 10, y: 10))]
    static let wide: [String: KnobValue] = ["width": .number(3)]

    static let cases: [Case] = [
        Case(
            name: "playing, nothing new: a frame at the clock's time", clock: playing, wasPaused: false,
            hostTime: 2.5, sceneTime: 2.4, expected: .play(SceneFrame(time: 2.5, input: [], size: nil))),
        Case(
            name: "playing, a click: on the frame at the clock's time", clock: playing, wasPaused: false,
            hostTime: 2.5, sceneTime: 2.4, input: click,
            expected: .play(SceneFrame(time: 2.5, input: click, size: nil))),
        Case(
            name: "playing, a knob turned: from now on", clock: playing, wasPaused: false, hostTime: 2.5,
            sceneTime: 2.4, requests: FrameRequests(knobChanges: wide),
            expected: .play(SceneFrame(time: 2.5, input: [], size: nil, knobs: wide))),
        Case(
            name: "a scene just started, paused: its first frame", clock: paused, wasPaused: true,
            hostTime: 3,
            sceneTime: 0, history: HistorySummary(isEmpty: true),
            expected: .play(SceneFrame(time: 2, input: [], size: nil))),
        Case(
            name: "a seek in a scene just started: its first frame, nothing to travel",
            clock: paused, wasPaused: true, hostTime: 3, sceneTime: 0, requests: FrameRequests(seekTarget: 1),
            history: HistorySummary(isEmpty: true), expected: .play(SceneFrame(time: 2, input: [], size: nil))
        ),
        Case(
            name: "paused, nothing new: no frame", clock: paused, wasPaused: true, hostTime: 3, sceneTime: 2,
            expected: .idle),
        Case(
            name: "resumed this frame, nothing new: no frame yet", clock: playing, wasPaused: true,
            hostTime: 3,
            sceneTime: 2, expected: .idle),
        Case(
            name: "paused this frame: the frame at the pause", clock: paused, wasPaused: false, hostTime: 2,
            sceneTime: 1.99, expected: .play(SceneFrame(time: 2, input: [], size: nil))),
        Case(
            name: "paused, a click: a frame at the time shown", clock: paused, wasPaused: true, hostTime: 3,
            sceneTime: 2, input: click, expected: .play(SceneFrame(time: 2, input: click, size: nil))),
        Case(
            name: "paused, a panel opened: laid out anew, no frame", clock: paused, wasPaused: true,
            hostTime: 3,
            sceneTime: 2, needsLayout: true, expected: .relayout(backToRecord: false)),
        Case(
            name: "paused, laid out anew twice: back to the record first", clock: paused, wasPaused: true,
            hostTime: 3, sceneTime: 2, needsLayout: true, hasUnrecordedLayout: true,
            expected: .relayout(backToRecord: true)),
        Case(
            name: "paused, laid out off the record, same rect: no frame", clock: paused, wasPaused: true,
            hostTime: 3, sceneTime: 2, hasUnrecordedLayout: true, expected: .idle),
        Case(
            name: "a seek: travel to its goal", clock: paused, wasPaused: true, hostTime: 3, sceneTime: 2,
            requests: FrameRequests(seekTarget: 0.5, pauses: true), expected: .seek(.init(goal: 0.5))),
        Case(
            name: "a seek and a click: the click on the frame reached", clock: paused, wasPaused: true,
            hostTime: 3, sceneTime: 2, requests: FrameRequests(seekTarget: 0.5, pauses: true), input: click,
            expected: .seek(.init(goal: 0.5, input: click))),
        Case(
            name: "a seek and a knob: the knob on the frame reached, not from the start", clock: paused,
            wasPaused: true, hostTime: 3, sceneTime: 2,
            requests: FrameRequests(seekTarget: 0.5, knobChanges: wide, pauses: true),
            expected: .seek(.init(goal: 0.5, knobs: wide))),
        Case(
            name: "paused, a knob turned: from the start, at the time shown", clock: paused, wasPaused: true,
            hostTime: 3, sceneTime: 2, requests: FrameRequests(knobChanges: wide),
            expected: .seek(.init(goal: 2, knobsFromStart: wide))),
        Case(
            name: "paused, a knob and a click: from the start, then the click", clock: paused,
            wasPaused: true,
            hostTime: 3, sceneTime: 2, requests: FrameRequests(knobChanges: wide), input: click,
            expected: .seek(.init(goal: 2, knobsFromStart: wide, input: click))),
        Case(
            name: "past the hour kept: its last frame, said", clock: paused, wasPaused: true, hostTime: 3,
            sceneTime: 2, requests: FrameRequests(seekTarget: 4000, pauses: true),
            history: HistorySummary(isEmpty: false, isFull: true, lastTime: 3600),
            expected: .seek(.init(goal: 3600, isClamped: true))),
        Case(
            name: "back within the hour kept: as asked", clock: paused, wasPaused: true, hostTime: 3,
            sceneTime: 2, requests: FrameRequests(seekTarget: 100, pauses: true),
            history: HistorySummary(isEmpty: false, isFull: true, lastTime: 3600),
            expected: .seek(.init(goal: 100))),
    ]

    @Test("the plan of each frame", arguments: cases)
    func plan(_ row: Case) {
        let plan = FramePlan.make(
            clock: row.clock, wasPaused: row.wasPaused, hostTime: row.hostTime, sceneTime: row.sceneTime,
            requests: row.requests, input: row.input, history: row.history, needsLayout: row.needsLayout,
            hasUnrecordedLayout: row.hasUnrecordedLayout)
        #expect(plan == row.expected)
    }

    @Test("requests fold in order: steps from the time shown or the frame's seek, the scene's knobs only")
    func requestsFold() {
        let knobs: Set<String> = ["width"]
        let steps = FrameRequests([.step(-1 / 60.0), .step(-1 / 60.0)], sceneTime: 1) { knobs.contains($0) }
        #expect(abs((steps.seekTarget ?? 0) - (1 - 2 / 60.0)) < 1e-12 && steps.pauses, "two frames back")
        let seekThenStep = FrameRequests([.seek(0.5), .step(1)], sceneTime: 3) { knobs.contains($0) }
        #expect(seekThenStep == FrameRequests(seekTarget: 1.5, pauses: true))
        let knobsOnly = FrameRequests(
            [.setKnob("width", .number(2)), .setKnob("nothing", .number(1)), .message("hi")], sceneTime: 3
        ) { knobs.contains($0) }
        #expect(knobsOnly == FrameRequests(knobChanges: ["width": .number(2)]))
    }

    @Test("the clock: exact on the frame grid, held while paused, slower at a lower rate")
    func clock() {
        var clock = SceneClock(fps: 60)
        #expect(clock.sceneTime(at: 1.25) == 1.25)
        clock.set(paused: true, rate: 1, at: 0.5)
        #expect(clock.sceneTime(at: 9) == 0.5)
        clock.set(paused: false, rate: 1, at: 2)
        // On the grid from a time on it: whole frames, as an uninterrupted run has them.
        #expect(clock.sceneTime(at: 2 + 7 / 60.0) == 37 / 60.0)
        clock.set(paused: false, rate: 0.25, at: 3)
        let slowed = clock.sceneTime(at: 5)
        #expect(abs(slowed - (clock.sceneTime(at: 3) + 0.5)) < 1e-12)
        clock.resume(paused: false, rate: 0.3, rates: [1, 0.5], sceneTime: 4, at: 10)
        #expect(clock.rate == 1, "a rate the keys do not give falls back to 1")
        #expect(clock.sceneTime(at: 10) == 241 / 60.0, "the next frame is the one after the saved one")
    }
}
