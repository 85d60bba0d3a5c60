import Animation
import ArgumentParser
import Benchmarks
import Foundation
import Render
import Scenes
import Session

/// `animdemo bench`: frame costs on the virtual clock, with no sleeping (README § Speed).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure frame costs of a scene headless: medians and p99.")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var frameRate: FrameRateOptions

    @Option(parsing: .unconditional, help: "Measured frames (after a warm-up of 30).")
    var frames = 300

    @Option(parsing: .unconditional, help: "Scripted input, as for render.")
    var events: String?

    @OptionGroup var bubbleLoad: BubbleLoadOptions

    @Flag(name: .customLong("full-redraw"), help: "Repaint the whole frame every frame (no damage tracking).")
    var fullRedraw = false

    @Flag(
        name: [.customLong("baseline"), .customLong("floor")],
        help: "Also draw the same frames straight through Cairo and report the ratio.")
    var baseline = false

    @Flag(help: "Time travel: play --seconds, then seek to random frames of the recording.")
    var seek = false

    @Option(
        parsing: .unconditional, help: "With --seek: seconds to record before seeking, 0.1…600 (default: 60)."
    )
    var seconds: Double?

    /// Seconds `--seek` records when `--seconds` is not given.
    static let defaultSeekSeconds = 60.0

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(
        name: .customLong("small-layer-probe"),
        help: "Instead of a scene: one small layer moving, incremental frame vs. its box drawn alone.")
    var smallLayerProbe = false

    func validate() throws {
        guard (1...100_000).contains(frames) else {
            throw ValidationError("--frames \(frames) is outside 1…100000")
        }
        if let seconds {
            guard seek else { throw ValidationError("--seconds works with --seek only") }
            guard seconds.isFinite, (0.1...600).contains(seconds) else {
                throw ValidationError("--seconds \(seconds) is outside 0.1…600")
            }
        }
        _ = try bubbleLoad.load(scene: scene.scene)
    }

    func run() throws {
        if smallLayerProbe {
            let size = try scene.headlessSize().size
            let probe = try Benchmark.smallLayerProbe(
                width: Int(size.width), height: Int(size.height), frames: frames)
            print(String(format: "small layer moving, %@, %d frames", scene.size, frames))
            print(String(format: "incremental frame median %.3f ms", probe.frame))
            print(String(format: "its box alone     median %.3f ms (direct Cairo)", probe.box))
            print(String(format: "frame / box %.2f×", probe.box > 0 ? probe.frame / probe.box : 0))
            return
        }
        let (size, scale) = try scene.headlessSize()
        let script = SceneOptions.scaled(
            try EventScriptLoader.load(events: events, file: nil, fps: frameRate.fps), by: scale)
        let canvas = FrameRenderer(images: try scene.imageStore())
        let session = SceneSession(
            catalog: SceneCatalog.all, index: try scene.sceneIndex(), size: size,
            seed: scene.seed, images: canvas.images, fps: frameRate.fps,
            bubbleLoad: try bubbleLoad.load(scene: scene.scene),
            scale: scale,
            knobs: try scene.knobs())
        let host = HeadlessHost(session: session, fps: frameRate.fps, events: script, canvas: canvas)
        if seek {
            let seconds = seconds ?? Self.defaultSeekSeconds
            let result = try Benchmark.seek(host: host, seconds: seconds, seeks: frames)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                print(String(decoding: try encoder.encode(result), as: UTF8.self))
            } else {
                print(String(format: "%@ %@: %d seeks into %.0f s", scene.scene, scene.size, frames, seconds))
                print(
                    String(
                        format: "seek    median %.3f ms  p99 %.3f ms", result.medianMilliseconds,
                        result.p99Milliseconds))
                print(
                    String(
                        format: "draw    median %.3f ms (the frame reached, whole)",
                        result.drawMedianMilliseconds))
            }
            return
        }
        let result = try Benchmark.run(
            host: host, frames: frames, fullRedraw: fullRedraw, measureBaseline: baseline)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
            return
        }
        print(
            String(
                format: "%@ %@ %d frames%@", scene.scene, scene.size, result.frames,
                fullRedraw ? " (full redraw)" : ""))
        print(
            String(
                format: "frame   median %.3f ms  p99 %.3f ms", result.medianMilliseconds,
                result.p99Milliseconds))
        print(
            String(
                format:
                    "engine  median %.3f ms (%.2f µs a layer), presentations included, on %d frames of its own",
                result.engineMedianMilliseconds, result.engineMicrosecondsPerLayer, result.engineFrames))
        print(
            String(
                format:
                    "render  median %.3f ms: damage %.3f, draw %.3f (presentations included), composite %.3f (%d images scaled)",
                result.renderMedianMilliseconds, result.damageMedianMilliseconds,
                result.drawMedianMilliseconds,
                result.compositeMedianMilliseconds, result.imagesScaledMedian))
        print("pixels  median \(result.pixelsMedian) repainted, \(result.layers) layers")
        if let baselineMedian = result.baselineMedianMilliseconds, let ratio = result.overheadRatio {
            print(
                String(
                    format: "baseline median %.3f ms (direct Cairo), frame / baseline %.2f×", baselineMedian,
                    ratio))
        }
    }
}
