import Animation
import Scenes
import Session
import Testing

/// Scenes in points (docs/ARCHITECTURE.md § Points): the window's shorter side is 375 points,
/// the scene's root layer scales them to pixels, input arrives in points, and the overlays grow
/// with the HiDPI scale instead.
@Suite("Points and HiDPI")
struct PointsTests {
    /// A scene that records its layout and where its taps land, in its own coordinates.
    final class RecordingScene: Scene {
        let title = "Recording"
        let rootLayer: Layer
        var bounds: [Rect] = []
        var taps: [Point] = []
        var pans: [Point] = []

        init(context: SceneContext) {
            rootLayer = Layer(timeline: context.timeline)
            rootLayer.addGestureRecognizer(
                TapGestureRecognizer { [unowned self] recognizer in
                    taps.append(recognizer.location(in: rootLayer))
                })
            rootLayer.addGestureRecognizer(
                PanGestureRecognizer { [unowned self] recognizer in
                    guard let pan = recognizer as? PanGestureRecognizer else { return }
                    pans.append(pan.translation(in: rootLayer))
                })
        }

        func layout(in bounds: Rect) { self.bounds.append(bounds) }
    }

    struct NoImages: ImageCatalog {
        func size(ofImage name: String) -> Size? { nil }
    }

    func makeSession(size: Size, scale: Double = 1) -> SceneSession {
        let catalog = [SceneDescriptor(name: "recording", summary: "") { RecordingScene(context: $0) }]
        return SceneSession(
            catalog: catalog, index: 0, size: size, seed: 1, images: NoImages(), scale: scale)
    }

    func scene(_ session: SceneSession) throws -> RecordingScene {
        try #require(session.scene as? RecordingScene)
    }

    @Test(
        "the scene is laid out in points: the shorter side 375, its root scaled to the window's pixels",
        arguments: [
            (Size(width: 375, height: 667), Size(width: 375, height: 667), 1.0),
            (Size(width: 800, height: 600), Size(width: 500, height: 375), 1.6),
            (Size(width: 1600, height: 1000), Size(width: 600, height: 375), 1600.0 / 600),
            (Size(width: 300, height: 900), Size(width: 375, height: 1125), 0.8),
        ])
    func layout(window: Size, points: Size, scale: Double) throws {
        let session = makeSession(size: window)
        let recorded = try scene(session)
        // Exact: the shorter side is 375 by construction, the other in proportion.
        #expect(recorded.bounds.last == Rect(origin: .zero, size: points))
        #expect(abs(session.pointScale - scale) <= 1e-12)
        let root = recorded.rootLayer
        #expect(root.transform == AffineTransform(scaleX: session.pointScale, y: session.pointScale))
        // The root's frame in the window is the window, to rounding of the scale.
        let frame = root.frame
        #expect(abs(frame.width - window.width) <= 1e-9 && abs(frame.height - window.height) <= 1e-9)
        #expect(frame.origin == .zero)
    }

    @Test("a resize lays the scene out again in points")
    func resize() throws {
        let session = makeSession(size: Size(width: 800, height: 600))
        try session.runFrame(at: 0, input: [])
        try session.runFrame(at: 1.0 / 60, input: [], resize: Size(width: 750, height: 1334))
        let recorded = try scene(session)
        #expect(recorded.bounds.last == Rect(x: 0, y: 0, width: 375, height: 667))
        #expect(session.pointScale == 2)
    }

    @Test("taps and drags reach the scene in points")
    func input() throws {
        let session = makeSession(size: Size(width: 800, height: 600))
        try session.runFrame(at: 0, input: [.down(Point(x: 400, y: 300)), .up(Point(x: 400, y: 300))])
        let recorded = try scene(session)
        // Through the inverse of the 1.6 scale: 1e-9 points of rounding.
        #expect(recorded.taps.count == 1)
        #expect(recorded.taps.first.map { $0.distance(to: Point(x: 250, y: 187.5)) <= 1e-9 } == true)
        // A drag of 160 px down is 100 points.
        try session.runFrame(at: 1.0 / 60, input: [.down(Point(x: 400, y: 100))])
        try session.runFrame(at: 2.0 / 60, input: [.move(Point(x: 400, y: 260))])
        #expect(recorded.pans.last.map { abs($0.y - 100) <= 1e-9 && abs($0.x) <= 1e-9 } == true)
    }

    @Test("the tap's and the pan's slop is 10 points: 16 px at 1.6 px a point is still a tap")
    func slopInPoints() throws {
        let session = makeSession(size: Size(width: 800, height: 600))
        let recorded = try scene(session)
        // 16 px = 10 points: a tap (UIKit's allowable movement), and no pan yet.
        try session.runFrame(
            at: 0,
            input: [.down(Point(x: 100, y: 100)), .move(Point(x: 116, y: 100)), .up(Point(x: 116, y: 100))])
        #expect(recorded.taps.count == 1)
        #expect(recorded.pans.isEmpty)
        // 17.6 px = 11 points: a drag, no tap.
        try session.runFrame(
            at: 1.0 / 60,
            input: [
                .down(Point(x: 100, y: 100)), .move(Point(x: 117.6, y: 100)), .up(Point(x: 117.6, y: 100)),
            ])
        #expect(recorded.taps.count == 1)
        #expect(!recorded.pans.isEmpty)
    }

    @Test("the overlays' text grows with the HiDPI scale, not with the points", arguments: [1.0, 2.0])
    func overlays(scale: Double) throws {
        let session = makeSession(size: Size(width: 800 * scale, height: 600 * scale), scale: scale)
        guard let h = Key(keysymName: "h") else { preconditionFailure("no key h") }
        try session.runFrame(at: 0, input: [.key(h)])
        session.showMessage("saved /tmp/x.png")
        let texts = session.rootLayer.allLayers.compactMap { $0 as? TextLayer }.filter { !$0.string.isEmpty }
        let help = try #require(texts.first { $0.string == "space" })
        #expect(help.fontSize == 13 * scale)
        let toast = try #require(texts.first { $0.string == "saved /tmp/x.png" })
        #expect(toast.fontSize == 14 * scale)
        // One line of 14-px text, in a line 20 px high at scale 1 (the box around it adds its
        // padding); at 2× the line rounds to whole pixels, hence a pixel of slack.
        #expect(abs(toast.bounds.height - 20 * scale) <= 1, "\(toast.bounds.height)")
    }
}
