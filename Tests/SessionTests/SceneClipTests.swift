import Animation
import Render
import TestSupport
import Testing

@testable import Session

/// The scene is clipped to its rect (`TimeMachine.layOutScene`): what it draws past it lies
/// under the docked panels, and drawn there it made the panels over it repaint every frame it
/// moved (issue 39: the knob panel alone doubled the fish's frame).
@Suite("The scene's clip")
struct SceneClipTests {
    @Test(
        "the fish swimming under the knob panel repaints only the scene's rect",
        arguments: [
            Size(width: 800, height: 600), Size(width: 375, height: 667), Size(width: 1920, height: 1080),
        ])
    func panelsAreNotRepaintedByTheScene(size: Size) throws {
        // The knob panel changes nothing of its own while no knob is turned: all that is
        // repainted is the scene's.
        let tester = try SceneTester(scene: "fish", size: size, events: "0.05 key k")
        let session = tester.session
        let canvas = try IncrementalCanvas(
            width: Int(size.width), height: Int(size.height), images: FrameRenderer().images)
        try tester.advance(seconds: 0.5) { _ in canvas.draw(session.rootLayer) }
        let scene = session.sceneRect
        #expect(scene.width < size.width || scene.height < size.height, "the panel is docked: \(scene)")
        // A layer's damage box is its extent within the clip grown by a pixel each way (its
        // antialiased edge), then rounded out to whole pixels: two pixels past the scene's
        // rect at most. Unclipped, the fish's box reached into the panel (and the panel's
        // rows there were drawn again every frame).
        let allowed = scene.insetBy(dx: -2, dy: -2)
        var repainted = 0.0
        var outside: [Rect] = []
        try tester.advance(seconds: 3) { _ in
            for rect in canvas.draw(session.rootLayer) {
                repainted += rect.width * rect.height
                if !allowed.contains(rect) { outside.append(rect) }
            }
        }
        #expect(repainted > 0, "the fish and its bubbles moved")
        #expect(outside.isEmpty, "repainted past the scene's rect \(scene): \(outside.prefix(5))")
    }
}
