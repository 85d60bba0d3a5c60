import Animation
import Render
import Scenes
import Session
import Testing

/// Time travel's promise, checked for any scene: a seek lands on the frame a run that was never
/// interrupted draws, byte for byte, whether it restores a checkpoint (`CheckpointingScene`)
/// or replays the scene from its start (any other scene: correct, only slower).
public enum CheckpointReplay {
    /// The window the checks draw in: small, so that the many frames stay quick (the scenes
    /// lay out in points).
    public static let size = Size(width: 400, height: 300)
    public static let fps = 60

    /// A hash of every pixel (with its size): equal pictures hash equal; two different ones
    /// colliding is a 2⁻⁶⁴ chance.
    public static func fingerprint(_ frame: RenderedFrame) -> Int {
        var hasher = Hasher()
        hasher.combine(frame.width)
        hasher.combine(frame.height)
        hasher.combine(frame.pixels)
        return hasher.finalize()
    }

    /// Runs one frame on `tester`'s host and returns its picture's fingerprint. Each picture is
    /// drawn by a renderer of its own: a renderer paints a shape layer that only moves from a
    /// raster it made on an earlier frame (`MovingLayerCache`), which differs in a few edge
    /// pixels from drawing it directly; this compares the scene's state, not the renderer's
    /// history.
    public static func drawFrame(_ tester: SceneTester) throws -> Int {
        var print = 0
        let images = tester.host.canvas.images
        let session = tester.session
        try tester.host.step { root in
            print = fingerprint(
                try FrameRenderer(images: images).render(
                    root, size: session.size, omitting: session.windowOnlyLayers))
        }
        return print
    }

    /// Pauses `tester` on recorded frame `frame` and returns that frame's fingerprint, or nil
    /// if the session shows another frame.
    public static func seek(_ tester: SceneTester, to frame: Int) throws -> Int? {
        tester.session.seek(toFrame: frame, at: tester.host.time(ofFrame: tester.host.frame))
        let print = try drawFrame(tester)
        return tester.session.history.shown == frame ? print : nil
    }

    /// When the input of events script `events` ends, seconds: its last item's time, or the
    /// end of its last drag (0 without input).
    public static func inputEnd(of events: String) throws -> Double {
        try EventScript(parsing: events, fps: fps).items.map { item in
            if case .drag(_, _, let duration) = item.action { return item.time + duration }
            return item.time
        }.max() ?? 0
    }

    /// The frames of `scene` (at its tutorial `step` if given) with `events`, run for
    /// `seconds`, that a seek draws otherwise than the uninterrupted run: seeks from the end
    /// to every checkpoint's frame and the two after it (for a scene without checkpoints, the
    /// same frames every 2 s), then frame by frame (Right) for `stepping` frames from each.
    /// Empty when time travel keeps its promise. The seeks run frames of the tester's host after
    /// the run's: `events` should end before `seconds`, or its later input reaches the paused
    /// scene as new input (`expectCheckpointsReplayExactly` checks that).
    public static func mismatches(
        scene: String, in scenes: [SceneDescriptor] = SceneCatalog.all, events: String = "",
        step: Int? = nil, seconds: Double = 5, stepping: Int = 30
    ) throws -> [Int] {
        func tester() throws -> SceneTester {
            try SceneTester(scene: scene, in: scenes, size: size, fps: fps, events: events, step: step)
        }
        let count = Int(seconds * Double(fps))
        let reference = try tester()
        let expected = try (0..<count).map { _ in try drawFrame(reference) }
        let tester = try tester()
        for _ in 0..<count { try tester.host.step(panelWork: .none) }
        let taken = tester.session.checkpointFrames.filter { $0 >= 0 }
        let starts = taken.isEmpty ? Array(stride(from: 2 * fps, to: count, by: 2 * fps)) : taken
        var differing: [Int] = []
        for start in starts {
            // Frame c is replayed from the checkpoint before; c + 1 is the first frame run from
            // c's state; c + 2 replays one frame from it. Then Right, frame by frame.
            for target in [start, start + 1, start + 2] where target < count {
                _ = try seek(tester, to: count - 1)
                if try seek(tester, to: target) != expected[target] { differing.append(target) }
            }
            guard start + 2 < count else { continue }  // a checkpoint near the run's end
            _ = try seek(tester, to: count - 1)
            _ = try seek(tester, to: start + 1)
            for target in (start + 2)..<min(start + 2 + stepping, count) {
                if try seek(tester, to: target) != expected[target] { differing.append(target) }
            }
        }
        return differing
    }
}

/// Records an issue at the caller unless every seek into a run of `scene` (at `step`) with
/// `events` draws the uninterrupted run's frame (`CheckpointReplay.mismatches`): what a scene
/// saves in its checkpoints (`CheckpointingScene`) is all its state. The run lasts `seconds`,
/// by default until 2 s after the input's end and at least 5 s; input at or after the run's
/// end is an issue, not checked: it would reach the scene during the seeks, while it is paused,
/// and start a new future there (as a person's click on a paused scene does).
public func expectCheckpointsReplayExactly(
    scene: String, in scenes: [SceneDescriptor] = SceneCatalog.all, events: String = "",
    step: Int? = nil, seconds: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let place = step.map { "\(scene) at step \($0)" } ?? scene
    let inputEnd = try CheckpointReplay.inputEnd(of: events)
    let run = seconds ?? max(5, inputEnd + 2)
    guard inputEnd < run else {
        Issue.record(
            Comment(
                rawValue:
                    "\(place): the input lasts until \(inputEnd) s, past the \(run)-s run: it would reach the scene during the seeks; run longer or leave seconds out"
            ),
            sourceLocation: sourceLocation)
        return
    }
    let differing = try CheckpointReplay.mismatches(
        scene: scene, in: scenes, events: events, step: step, seconds: run)
    if !differing.isEmpty {
        Issue.record(
            Comment(
                rawValue: "\(place): seeks to frames \(differing) draw otherwise than the uninterrupted run"),
            sourceLocation: sourceLocation)
    }
}
