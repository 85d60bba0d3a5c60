import Animation
import Session
import TestSupport
import Testing

/// A scene the session leaves behind (another scene chosen, restarted, rebuilt to travel back
/// in time) is freed with its layers, whatever it was animating: nothing keeps it alive.
@Suite("Scene lifetime")
struct SceneLifetimeTests {
    @Test(
        "a scene left mid-animation is freed",
        arguments: [
            ("checkmark", "0.1 tap 400 300", ["2"]), ("fish", "0.1 tap 400 300", ["r"]),
            ("tictactoe", "0.1 tap 300 200", ["Tab"]), ("elastic", "0.1 drag 400 100 400 400 0.3", ["1"]),
            ("download", "", ["ISO_Left_Tab"]), ("checkmark", "0.1 tap 400 300", ["space", "Left"]),
        ])
    func leftSceneIsFreed(scene: String, events: String, keys: [String]) throws {
        let tester = try SceneTester(scene: scene, events: events)
        // Travelling back rebuilds the scene only where it keeps no checkpoints (with them it
        // restores the same instance, CheckpointTests).
        if keys.contains("Left") { tester.session.usesCheckpoints = false }
        try tester.advance(to: 0.3)  // something animates now
        weak let oldRoot = tester.scene.rootLayer
        weak let oldTimeline = tester.session.sceneTimeline
        for key in keys {
            try tester.key(key)
            try tester.tick()
        }
        try tester.tick(3)
        #expect(oldRoot == nil || oldRoot === tester.scene.rootLayer, "the old scene's layers live on")
        #expect(oldTimeline == nil || oldTimeline === tester.session.sceneTimeline, "the old clock lives on")
        #expect(oldTimeline !== tester.session.sceneTimeline, "\(keys) did not replace the scene")
    }

    @Test("a session let go mid-animation frees its scene and both clocks", arguments: ["download", "fish"])
    func sessionIsFreed(scene: String) throws {
        weak var root: Layer?
        weak var sceneClock: Timeline?
        weak var hostClock: Timeline?
        do {
            let tester = try SceneTester(scene: scene, events: "0.1 tap 400 300; 0.2 key h")
            try tester.advance(to: 2.2)  // a download update and the help panel are animating
            root = tester.scene.rootLayer
            sceneClock = tester.session.sceneTimeline
            hostClock = tester.session.hostTimeline
            #expect(root != nil && sceneClock != nil && hostClock != nil)
        }
        #expect(root == nil, "the scene's layers live on")
        #expect(sceneClock == nil && hostClock == nil, "a clock lives on")
    }
}
