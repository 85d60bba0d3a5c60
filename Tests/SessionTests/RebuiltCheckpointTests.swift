import Animation
import Foundation
import Scenes
import Session
import TestSupport
import Testing

/// Checkpoints that leave the fish's bubbles out and make them again on a restore
/// (`CheckpointingScene.rebuiltLayer`, FishScene+Rebuild.swift; issue 39): a moment restored
/// from one, bubbles mid-float and mid-pop, is the moment an uninterrupted run reaches, in
/// its pixels and in its layer tree (model values, presentation values, animations).
@Suite("Checkpoints that make the fish's bubbles again")
struct RebuiltCheckpointTests {
    static let size = CheckpointReplay.size
    static let fps = CheckpointReplay.fps

    /// What a frame shows: its pixels' fingerprint and the layer tree as `describe` gives it.
    struct Moment: Equatable {
        let pixels: Int
        let layers: String
    }

    static func layers(_ tester: SceneTester) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(tester.session.describe().layers), as: UTF8.self)
    }

    /// The moments at `targets` of an uninterrupted run, and a tester run to `count` frames
    /// whose seeks to them restore the checkpoints: each target is reached by seeking to the
    /// last frame, then back to it.
    static func compare(events: String, bubbleLoad: Int, count: Int, targets: [Int]) throws -> (
        expected: [Int: Moment], shown: [Int: Moment], rebuilt: [Int], snapshots: Int
    ) {
        let uninterrupted = try SceneTester(
            scene: "fish", size: size, fps: fps, events: events, bubbleLoad: bubbleLoad)
        var expected: [Int: Moment] = [:]
        for frame in 0...(targets.max() ?? 0) {
            let pixels = try CheckpointReplay.drawFrame(uninterrupted)
            if targets.contains(frame) {
                expected[frame] = Moment(pixels: pixels, layers: try layers(uninterrupted))
            }
        }
        let tester = try SceneTester(
            scene: "fish", size: size, fps: fps, events: events, bubbleLoad: bubbleLoad)
        for _ in 0..<count { try tester.host.step(panelWork: .none) }
        let rebuilt = tester.session.checkpointFramesRebuildingLayers
        let root = tester.session.scene.rootLayer
        var shown: [Int: Moment] = [:]
        var snapshots = 0
        for target in targets {
            _ = try CheckpointReplay.seek(tester, to: count - 1)
            let pixels = try #require(try CheckpointReplay.seek(tester, to: target))
            let tree = try layers(tester)
            snapshots += tree.components(separatedBy: "bubble snapshot").count - 1
            shown[target] = Moment(pixels: pixels, layers: tree)
        }
        #expect(tester.session.scene.rootLayer === root, "the seeks restored checkpoints, not a rebuild")
        return (expected, shown, rebuilt, snapshots)
    }

    /// Each target's pixels and layer tree equal; a tree that differs is shown from a little
    /// before its first difference.
    static func expectEqual(
        _ result: (expected: [Int: Moment], shown: [Int: Moment], rebuilt: [Int], snapshots: Int),
        targets: [Int]
    ) {
        for target in targets {
            let shown = result.shown[target]
            let expected = result.expected[target]
            #expect(shown?.pixels == expected?.pixels, "frame \(target): pixels")
            let (a, b) = (Array(shown?.layers ?? ""), Array(expected?.layers ?? ""))
            if a != b {
                let first =
                    zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(a.count, b.count)
                let start = max(first - 300, 0)
                let restored = String(a[start..<min(first + 200, a.count)])
                let uninterrupted = String(b[start..<min(first + 200, b.count)])
                Issue.record(
                    "frame \(target): the layer trees differ at \(first): restored …\(restored) uninterrupted …\(uninterrupted)"
                )
            }
        }
    }

    @Test(
        "with --bubbles 300, moments after each checkpoint, bubbles mid-float and mid-pop, are the uninterrupted run's"
    )
    func bubbleLoad() throws {
        // The checkpoints after frames 120, 240 and 360; seeks to the frame itself (replayed
        // from the one before), the first frames after it and some later.
        let targets = [120, 121, 122, 127, 183, 240, 241, 246, 300, 360, 361, 419]
        let result = try Self.compare(events: "", bubbleLoad: 300, count: 480, targets: targets)
        #expect(result.rebuilt == [120, 240, 360], "the load's checkpoints make the bubbles again")
        #expect(result.snapshots > 0, "some bubbles were popping")
        Self.expectEqual(result, targets: targets)
    }

    /// The line of FishScene.swift that holds `text` (the line an animation's `source` names).
    static func fishLine(_ text: String) throws -> Int {
        let source = try String(
            contentsOf: ProgramRun.packageRoot.appendingPathComponent("Sources/Scenes/Fish/FishScene.swift"),
            encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        return try #require(
            lines.firstIndex { $0.contains(text) }, "no line of FishScene.swift holds \(text)") + 1
    }

    @Test(
        "with the float, the fade and the pop edited (curve, duration, delay), restored moments are the run's"
    )
    func edited() throws {
        let path = try Self.fishLine("bubbleImageView.add(pathAnimation, forKey:")
        let fade = try Self.fishLine("bubbleImageView.add(fadeAnimation(")
        let pop = try Self.fishLine("ViewTransition.crossDissolve(with: bubbleImageView")
        let file = "Scenes/FishScene.swift"
        let edits: [(String, KnobValue)] = [
            ("duration@\(file):\(path)", .number(1.7)), ("curve@\(file):\(path)", .curve(.easeIn)),
            ("delay@\(file):\(fade)", .number(0.2)), ("duration@\(file):\(pop)", .number(0.4)),
            ("curve@\(file):\(pop)", .curve(.linear)),
        ]
        // Fading bubbles until 3 s (a faded bubble's pop ends at once), then popping ones.
        let targets = [120, 121, 125, 150, 240, 241, 262, 360, 361, 365, 400]
        func edited() throws -> SceneTester {
            let tester = try SceneTester(
                scene: "fish", size: Self.size, fps: Self.fps, events: "3 key a", bubbleLoad: 100,
                knobs: ["fadeOut=on"])
            for (name, value) in edits { tester.session.setKnob(name, to: value) }
            return tester
        }
        let uninterrupted = try edited()
        var expected: [Int: Moment] = [:]
        for frame in 0...(targets.max() ?? 0) {
            let pixels = try CheckpointReplay.drawFrame(uninterrupted)
            if targets.contains(frame) {
                expected[frame] = Moment(pixels: pixels, layers: try Self.layers(uninterrupted))
            }
        }
        let tester = try edited()
        for _ in 0..<480 { try tester.host.step(panelWork: .none) }
        #expect(tester.session.checkpointFramesRebuildingLayers == [120, 240, 360])
        #expect(tester.session.knobs.curveEdits.count == 2 && tester.session.knobs.lineEdits.count == 3)
        var shown: [Int: Moment] = [:]
        var snapshots = 0
        for target in targets {
            _ = try CheckpointReplay.seek(tester, to: 479)
            let pixels = try #require(try CheckpointReplay.seek(tester, to: target))
            let tree = try Self.layers(tester)
            snapshots += tree.components(separatedBy: "bubble snapshot").count - 1
            shown[target] = Moment(pixels: pixels, layers: tree)
        }
        #expect(snapshots > 0, "some bubbles were popping")
        Self.expectEqual((expected, shown, [], snapshots), targets: targets)
    }

    @Test(
        "with the float and the fade edited from frame 200 on, bubbles blown before and after the edit restore as the run's"
    )
    func editedMidRun() throws {
        // A bubble's save takes its begin time and edits as it is blown (FishScene+Rebuild.swift):
        // the checkpoints after the edit hold bubbles blown before it and after it.
        let path = try Self.fishLine("bubbleImageView.add(pathAnimation, forKey:")
        let fade = try Self.fishLine("bubbleImageView.add(fadeAnimation(")
        let file = "Scenes/FishScene.swift"
        let edits: [(String, KnobValue)] = [
            ("duration@\(file):\(path)", .number(2.6)), ("curve@\(file):\(path)", .curve(.easeOut)),
            ("delay@\(file):\(fade)", .number(0.3)),
        ]
        let (editFrame, count) = (200, 480)
        let targets = [120, 201, 240, 241, 262, 300, 360, 361, 400]
        func run(_ tester: SceneTester, frame: Int, draw: Bool) throws -> Int? {
            if frame == editFrame { for (name, value) in edits { tester.session.setKnob(name, to: value) } }
            if draw { return try CheckpointReplay.drawFrame(tester) }
            try tester.host.step(panelWork: .none)
            return nil
        }
        func fish() throws -> SceneTester {
            try SceneTester(
                scene: "fish", size: Self.size, fps: Self.fps, events: "1 key a", bubbleLoad: 100,
                knobs: ["fadeOut=on"])
        }
        let uninterrupted = try fish()
        var expected: [Int: Moment] = [:]
        for frame in 0...(targets.max() ?? 0) {
            let pixels = try #require(try run(uninterrupted, frame: frame, draw: true))
            if targets.contains(frame) {
                expected[frame] = Moment(pixels: pixels, layers: try Self.layers(uninterrupted))
            }
        }
        let tester = try fish()
        for frame in 0..<count { _ = try run(tester, frame: frame, draw: false) }
        #expect(tester.session.knobs.curveEdits.count == 1 && tester.session.knobs.lineEdits.count == 2)
        let rebuilt = tester.session.checkpointFramesRebuildingLayers
        #expect(rebuilt.contains(240) && rebuilt.contains(360), "checkpoints after the edit: \(rebuilt)")
        var shown: [Int: Moment] = [:]
        var snapshots = 0
        for target in targets {
            _ = try CheckpointReplay.seek(tester, to: count - 1)
            let pixels = try #require(try CheckpointReplay.seek(tester, to: target))
            let tree = try Self.layers(tester)
            snapshots += tree.components(separatedBy: "bubble snapshot").count - 1
            shown[target] = Moment(pixels: pixels, layers: tree)
        }
        #expect(snapshots > 0, "some bubbles were popping")
        Self.expectEqual((expected, shown, [], snapshots), targets: targets)
    }

    @Test("the plain fish tapped in tap mode, a bubble fading: mid-float and mid-pop across a checkpoint")
    func tapping() throws {
        // Tap mode from 0.1 s; taps on the fish so that at 4 s (frame 240) one bubble is
        // popping (blown at 1.95 s) and others float; `a` fades the later ones.
        let events =
            "0.1 key m; 0.5 tap 200 150; 1.95 tap 200 150; 2.5 key a; 2.6 tap 200 150; 3.0 tap 200 150; "
            + "3.5 tap 200 150; 4.3 tap 200 150"
        let targets = [240, 241, 242, 245, 250, 300, 360]
        let result = try Self.compare(events: events, bubbleLoad: 0, count: 420, targets: targets)
        #expect(result.rebuilt.contains(240))
        #expect(result.snapshots > 0, "a bubble was popping at a checkpoint")
        Self.expectEqual(result, targets: targets)
    }
}
