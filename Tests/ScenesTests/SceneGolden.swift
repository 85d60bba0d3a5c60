import Animation
import Foundation
import Render
import TestSupport
import Testing

/// One golden image of a scene: the frame `animdemo render` draws for `scene` with `events`
/// at `time`, kept as `Goldens/<scene>-<MMMMMM>.png` (the name `render` gives it), and what the
/// picture must show besides being the same as before (docs/ARCHITECTURE.md § Tests).
///
/// Each scene's render suite lists its goldens in a `static let goldens` that is also the
/// arguments of its golden test, so a name is listed exactly when a test compares it;
/// `GoldenGuardTests` checks the folder against the union of the lists.
struct SceneGolden: Sendable, CustomTestStringConvertible {
    var scene: String
    var events = ""
    /// Seconds; the frame nearest it is drawn, as with `--at`.
    var time: MediaTime
    var size = Size(width: 800, height: 600)
    /// What the picture must show: probes that state the intent (a golden alone proves
    /// sameness, not correctness).
    var intent: @Sendable (RenderedFrame) throws -> Void

    init(
        scene: String, events: String = "", at time: MediaTime, size: Size = Size(width: 800, height: 600),
        intent: @escaping @Sendable (RenderedFrame) throws -> Void
    ) {
        self.scene = scene
        self.events = events
        self.time = time
        self.size = size
        self.intent = intent
    }

    /// `<scene>-<MMMMMM>`: the time in whole milliseconds, as `render` names its files.
    var name: String { "\(scene)-" + String(format: "%06d", Int((time * 1000).rounded())) }

    /// The frame, drawn through a fresh `SceneTester`.
    func render() throws -> RenderedFrame {
        try SceneTester(scene: scene, size: size, events: events).render(at: time)
    }

    var testDescription: String { name }
}
