import Animation
import Foundation
import Render
import Scenes
import TestSupport
import Testing

@testable import Session

/// Motion trails (`u`): driven as a person does, through events scripts, and checked against
/// the history: each ghost is exactly what the scene showed at its time.
@Suite("Motion trails")
struct MotionTrailTests {
    /// A scene, the input that moves it, and when the picture is taken.
    struct Case: CustomTestStringConvertible, Sendable {
        var scene: String
        var events: String
        var at: MediaTime
        var testDescription: String { "\(scene) at \(at) s\(events.contains("key space") ? ", paused" : "")" }
    }

    static let cases = [
        // The fish swimming and its bubbles, playing: ghosts before only.
        Case(scene: "fish", events: "0.2 tap 400 300", at: 1.5),
        // The checkmark's strokes handing over, paused mid-way: ghosts before and after.
        Case(scene: "checkmark", events: "0.5 tap 400 300; 0.75 key space", at: 0.8),
        // The elastic's bounce on its spring, paused: a fan of wave shapes.
        Case(
            scene: "elastic", events: "0.2 drag 400 60 400 200 0.4; 0.61 up 400 200; 0.78 key space", at: 0.8),
    ]

    /// The signatures of what the ghost at index `index` draws (its copy of the scene's root).
    static func ghostSignatures(_ session: SceneSession, index: Int) throws -> Set<MotionTrails.Signature> {
        let containers = session.trails.layer.sublayers
        // Drawn farthest first; `trailTimes` is oldest first: find the container by its time.
        let now = session.sceneTimeline.currentTime
        let time = session.trailTimes[index]
        let order = session.trailTimes.enumerated().sorted { abs($0.element - now) > abs($1.element - now) }
        let position = try #require(order.firstIndex { $0.offset == index })
        let root = try #require(containers[position].sublayers.first)
        #expect(abs(session.trailTimes[order[position].offset] - time) < 1e-12)
        return MotionTrails.signatures(of: root)
    }

    @Test(
        "each ghost draws what the scene showed at its time, and only what differs from now", arguments: cases
    )
    func ghostsAreTheHistory(_ test: Case) throws {
        let tester = try SceneTester(scene: test.scene, events: "0.05 key u; " + test.events)
        _ = try tester.render(at: test.at)
        let session = tester.session
        let described = session.describe().trails
        #expect(described.on && described.count == 6 && described.spacing == 4)
        let paused = test.events.contains("key space")
        #expect(session.trailTimes.count == (paused ? 12 : 6), "\(session.trailTimes)")
        #expect(described.times.count == session.trailTimes.count)
        let shownNow = MotionTrails.signatures(of: session.scene.rootLayer)
        var drawnGhosts = 0
        for (index, time) in session.trailTimes.enumerated() {
            // The same input without trails or pause (shell keys, not in the history), played
            // to the ghost's time: what `render --at` of that time shows.
            let played = test.events.split(separator: ";").filter { !$0.contains("key space") }
                .joined(separator: ";")
            let reference = try SceneTester(scene: test.scene, events: played)
            _ = try reference.render(at: time)
            #expect(abs(reference.session.sceneTimeline.currentTime - time) < 1e-9)
            let expected = MotionTrails.signatures(of: reference.session.scene.rootLayer).subtracting(
                shownNow)
            let ghost = try Self.ghostSignatures(session, index: index)
            #expect(ghost == expected, "ghost at \(time): \(ghost.count) drawn, \(expected.count) expected")
            if !ghost.isEmpty { drawnGhosts += 1 }
        }
        #expect(drawnGhosts >= 4, "only \(drawnGhosts) ghosts differ from now")
    }

    @Test("a ghost is drawn where the scene was: its pixels are the frame's at that time, faded")
    func ghostPixels() throws {
        // The checkmark paused at 0.75 s with one ghost each side, 12 frames away (0.55 s and
        // 0.95 s). Where the frame at 0.55 s differs from now's and the one at 0.95 s does not,
        // the picture is now's with the frame at 0.55 s over it at the ghost's opacity: exact
        // inside a stroke, where the stroke covers the pixel (within 2/255 of rounding),
        // approximate at antialiased edges (not counted).
        let events = "0.5 tap 400 300; 0.75 key space"
        let tester = try SceneTester(scene: "checkmark", events: events)
        let plain = try SceneTester(scene: "checkmark", events: events).render(at: 0.8)
        tester.session.setTrails(on: true, settings: TrailSettings(count: 1, spacing: 12))
        let drawn = try tester.render(at: 0.8)
        #expect(tester.session.trailTimes.map { ($0 * 1000).rounded() } == [550, 950])
        let earlier = try SceneTester(scene: "checkmark", events: "0.5 tap 400 300").render(at: 0.55)
        let later = try SceneTester(scene: "checkmark", events: "0.5 tap 400 300").render(at: 0.95)
        let opacity = MotionTrails.nearestOpacity
        var matching = 0
        var changed = 0
        for y in 100..<500 {
            for x in 200..<600 {
                guard let base = plain.color(x: x, y: y), let shown = drawn.color(x: x, y: y),
                    let then = earlier.color(x: x, y: y), let after = later.color(x: x, y: y)
                else { continue }
                if shown != base { changed += 1 }
                guard then != base, after == base else { continue }
                let channels = [
                    (base.red, then.red, shown.red), (base.green, then.green, shown.green),
                    (base.blue, then.blue, shown.blue),
                ]
                if channels.allSatisfy({ abs($0.0 * (1 - opacity) + $0.1 * opacity - $0.2) <= 2.0 / 255 }) {
                    matching += 1
                }
            }
        }
        #expect(changed > 500, "the trail changed \(changed) pixels")
        #expect(matching > 300, "\(matching) pixels are the frame at 0.55 s through the ghost")
    }

    @Test(
        "slow motion: ghosts from replicas kept frame to frame equal a fresh replay's",
        arguments: [
            ("fish", "0.2 tap 400 300; 0.5 key t"),
            ("elastic", "0.2 drag 400 60 400 200 0.4; 0.61 up 400 200; 0.62 key t"),
        ])
    func slowMotion(scene: String, events: String) throws {
        // Slow motion puts the ghosts' times between recorded frames; every frame is drawn, so
        // the replicas are kept and moved on each frame. Then paused and saved: a session that
        // opens the file makes its ghosts afresh, as render --session does.
        let tester = try SceneTester(scene: scene, events: "0.05 key u; " + events)
        try tester.advance(to: 2)
        try tester.key("space")
        try tester.tick(2)
        let session = tester.session
        #expect(session.isPaused && session.playbackRate < 1)
        let state = session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        let fresh = try SceneTester(scene: "checkmark")
        try #require(fresh.session.resume(from: state, at: 0) != nil)
        _ = try fresh.render()
        #expect(fresh.session.trailTimes == session.trailTimes)
        #expect(session.trailTimes.count == 12, "\(session.trailTimes)")
        for index in session.trailTimes.indices {
            let kept = try Self.ghostSignatures(session, index: index)
            let made = try Self.ghostSignatures(fresh.session, index: index)
            #expect(kept == made, "ghost \(index) at \(session.trailTimes[index])")
        }
    }

    @Test("off costs nothing: no layer, no replay, the same pixels as never on")
    func offCostsNothing() throws {
        let events = "0.2 tap 400 300"
        let never = try SceneTester(scene: "fish", events: events)
        let twice = try SceneTester(scene: "fish", events: "0.05 key u; 0.5 key u; " + events)
        let plain = try never.render(at: 1.2)
        let toggled = try twice.render(at: 1.2)
        #expect(plain.pixels == toggled.pixels)
        #expect(never.session.trailBuildCount == 0)
        #expect(!twice.session.trailsAreOn && twice.session.trailTimes.isEmpty)
        #expect(twice.session.trails.layer.superlayer == nil)
        #expect(twice.session.trails.layer.sublayers.isEmpty)
        let described = twice.session.describe().trails
        #expect(!described.on && described.times.isEmpty)
        // Off, a session file has no trails field: the same file as before trails.
        #expect(never.session.watchState(window: nil).trails == nil)
    }

    @Test("paused, the ghosts are made once; a step or a setting makes them again")
    func pausedIsCached() throws {
        let tester = try SceneTester(
            scene: "checkmark", events: "0.05 key u; 0.5 tap 400 300; 0.75 key space")
        _ = try tester.render(at: 0.8)
        let session = tester.session
        let made = session.trailBuildCount
        try tester.tick(10)
        #expect(session.trailBuildCount == made, "paused frames made the ghosts again")
        try tester.key("Left")
        try tester.tick(2)
        #expect(session.trailBuildCount == made + 1)
        #expect(abs((session.trailTimes.first ?? 0) - (0.75 - 1.0 / 60 - 0.4)) < 1e-9)
        try tester.key("parenright")
        try tester.tick(2)
        #expect(session.trailBuildCount == made + 2)
        #expect(session.trailSettings.count == 7 && session.trailTimes.count == 14)
        try tester.key("braceright")
        try tester.tick(2)
        #expect(session.trailSettings.spacing == 5)
        #expect(session.describe().toast == "motion trails: 7 ghosts, every 5 frames (83 ms)")
        for _ in 0..<20 { try tester.key("parenright") }
        try tester.tick()
        #expect(session.trailSettings.count == TrailSettings.counts.upperBound)
    }

    @Test("a session file keeps the trails; a bad setting in one is refused in one line")
    func sessionFile() throws {
        let tester = try SceneTester(
            scene: "elastic",
            events:
                "0.05 key u; 0.06 key braceleft; 0.2 drag 400 60 400 200 0.4; 0.61 up 400 200; 0.78 key space"
        )
        let image = try tester.render(at: 0.8)
        let state = tester.session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        #expect(state.trails == StoredTrails(on: true, count: 6, spacing: 3))
        let data = try state.encoded()
        let read = try SessionFile.state(from: data, path: "a.animdemo", catalog: SceneCatalog.all)
        let reopened = try SceneTester(scene: "checkmark")
        try #require(reopened.session.resume(from: read, at: 0) != nil)
        let again = try reopened.render()
        #expect(reopened.session.trailTimes == tester.session.trailTimes)
        #expect(again.pixels == image.pixels)

        var bad = state
        bad.trails = StoredTrails(on: true, count: 0, spacing: 3)
        #expect {
            try SessionFile.state(from: try bad.encoded(), path: "b.animdemo", catalog: SceneCatalog.all)
        } throws: { error in
            "\(error)"
                == "cannot open the session file b.animdemo: a trail's ghost count must be a whole number from 1 to 16 (got 0)"
        }
        #expect(TrailSettings(count: 6, spacing: 61).problem?.contains("1 to 60") == true)
    }
}
