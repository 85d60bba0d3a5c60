import Animation
import ArgumentParser
import Benchmarks
import Foundation
import Render
import Scenes
import Session

/// `animdemo bench`: frame costs on the virtual clock, with no sleeping (docs/PERFORMANCE.md).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure frame costs of a scene headless: medians and p99.")

    @OptionGroup var scene: SceneOptions

    @OptionGroup var frameRate: FrameRateOptions

    @Option(parsing: .unconditional, help: "Measured frames (after a warm-up of 30).")
    var frames = 300

    @Option(parsing: .unconditional, help: "Scripted input, as for render.")
    var events: String?

    @Option(
        name: .customLong("events-file"), parsing: .unconditional, help: "Read the events script from a file."
    )
    var eventsFile: String?

    @Option(
        name: .customLong("drag-every"), parsing: .unconditional,
        help:
            "An input load: from 1 s on, every this many seconds a drag of 0.5 s down the middle of the scene, from a quarter of its height to three quarters (the elastic scene's wave, the pull scene's refresh); 0.5…3600."
    )
    var dragEvery: Double?

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
        parsing: .unconditional,
        help:
            "With --seek: seconds to record before seeking, 0.1…3600 (the history keeps an hour; default: 60)."
    )
    var seconds: Double?

    @Flag(
        name: .customLong("no-checkpoints"),
        help:
            "Keep no time-travel checkpoints: every seek back replays from the start (with --seek), and frames take none."
    )
    var noCheckpoints = false

    @Flag(
        help:
            "With --seek: instead of seeks, turn the scene's first number knob while paused at the end, --frames times (each replays the scene from its start)."
    )
    var reshape = false

    /// Seconds `--seek` records when `--seconds` is not given.
    static let defaultSeekSeconds = 60.0

    /// The longest `--seconds`: the hour a scene's history keeps.
    static let maxSeconds = RecordingSchedule.maxTime

    @Option(
        parsing: .unconditional,
        help:
            "Instead of frames: time a recording's encoder alone (gif or webp), 30 fps over --seconds (at most 60), the frames drawn beforehand."
    )
    var encode: String?

    @Flag(help: "With --encode: the fast effort (the window's; record --fast).")
    var fast = false

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
            guard seek || encode != nil else {
                throw ValidationError("--seconds works with --seek or --encode only")
            }
            guard seconds.isFinite, (0.1...Self.maxSeconds).contains(seconds) else {
                throw ValidationError("--seconds \(seconds) is outside 0.1…\(Int(Self.maxSeconds))")
            }
        }
        _ = try bubbleLoad.load(scene: scene.scene)
        if reshape && !seek { throw ValidationError("--reshape works with --seek only") }
        if fast && encode == nil { throw ValidationError("--fast works with --encode only") }
        if smallLayerProbe, let ignored = Self.probeIgnores(CommandLine.arguments.dropFirst()) {
            throw ValidationError("--small-layer-probe draws no scene and takes no \(ignored)")
        }
        if let dragEvery {
            guard dragEvery.isFinite, (0.5...Self.maxSeconds).contains(dragEvery) else {
                throw ValidationError("--drag-every \(dragEvery) is outside 0.5…\(Int(Self.maxSeconds))")
            }
        }
    }

    /// What `--small-layer-probe` takes besides itself: the picture's size and the frames.
    static let probeTakes: Set<String> = ["--small-layer-probe", "--size", "--frames", "--scale"]

    /// The first option in `arguments` that the probe would ignore (`--scene fish`), nil if none.
    static func probeIgnores(_ arguments: some Sequence<String>) -> String? {
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
                continue
            }
            if argument == "--" { break }
            guard argument.hasPrefix("-") else { continue }
            let name = String(argument.prefix { $0 != "=" })
            if !probeTakes.contains(name) { return name }
            skipNext = RepeatedOptions.valued.contains(name) && !argument.contains("=")
        }
        return nil
    }

    /// The drags of `--drag-every` over the first `seconds`, as events script lines in `size`
    /// pixels: from 1 s on, one every `interval` seconds, each 0.5 s long, straight down the
    /// middle from a quarter of the height to three quarters.
    static func dragLoad(every interval: Double, seconds: Double, size: Size) -> String {
        let (x, top, bottom) = (size.width / 2, size.height / 4, size.height * 3 / 4)
        var lines: [String] = []
        var index = 0
        while true {
            let time = 1 + Double(index) * interval
            guard time + 0.5 < seconds else { break }
            lines.append(String(format: "%.3f drag %.1f %.1f %.1f %.1f 0.5", time, x, top, x, bottom))
            index += 1
        }
        return lines.joined(separator: "\n")
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
        var given = events
        if let dragEvery {
            let load = Self.dragLoad(
                every: dragEvery, seconds: seek ? seconds ?? Self.defaultSeekSeconds : Self.maxSeconds,
                size: Size(width: size.width / scale, height: size.height / scale))
            given = given.map { $0 + "\n" + load } ?? load
        }
        let script = SceneOptions.scaled(
            try EventScriptLoader.load(events: given, file: eventsFile, fps: frameRate.fps), by: scale)
        let canvas = FrameRenderer(images: try scene.imageStore())
        let session = SceneSession(
            catalog: try scene.catalog(), index: try scene.sceneIndex(), size: size,
            seed: scene.seed, images: canvas.images, fps: frameRate.fps,
            bubbleLoad: try bubbleLoad.load(scene: scene.scene),
            scale: scale,
            knobs: try scene.knobs())
        session.usesCheckpoints = !noCheckpoints
        let host = HeadlessHost(session: session, fps: frameRate.fps, events: script, canvas: canvas)
        if let encode {
            try runEncode(encode, host: host)
            return
        }
        if seek {
            let seconds = seconds ?? Self.defaultSeekSeconds
            let result: SeekBenchmarkResult
            if reshape {
                result = try runReshape(host: host, seconds: seconds)
            } else {
                result = try Benchmark.seek(host: host, seconds: seconds, seeks: frames)
            }
            if json {
                try printJSON(result)
            } else {
                print(
                    String(
                        format: "%@ %@: %d seeks into %.0f s%@", scene.scene, scene.size, frames, seconds,
                        dragEvery.map { String(format: ", a drag every %g s", $0) } ?? ""))
                print(
                    String(
                        format: "%@ median %.3f ms  p99 %.3f ms  max %.3f ms",
                        reshape ? "reshape" : "seek   ",
                        result.medianMilliseconds, result.p99Milliseconds, result.maxMilliseconds))
                if !reshape {
                    print(
                        String(
                            format: "draw    median %.3f ms (the frame reached, whole)",
                            result.drawMedianMilliseconds))
                }
                print(
                    String(
                        format: "%d checkpoints; recording %.2f s, peak resident memory then %.1f MB",
                        result.checkpoints, result.recordingSeconds, result.peakResidentMegabytes))
            }
            return
        }
        let result = try Benchmark.run(
            host: host, frames: frames, fullRedraw: fullRedraw, measureBaseline: baseline)
        if json {
            try printJSON(result)
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

    /// Prints `result` as one line of JSON, keys sorted (`--json`).
    private func printJSON(_ result: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(result), as: UTF8.self))
    }

    /// `--seek --reshape`: the scene's first number knob, one step up and back, while paused
    /// at the end of the recording.
    private func runReshape(host: HeadlessHost, seconds: Double) throws -> SeekBenchmarkResult {
        let knobs = host.session.knobs.knobs
        guard
            let knob = knobs.first(where: {
                if case .number = $0.kind { return true } else { return false }
            }), case .number(let tutorial) = knob.defaultValue, case .number(let range, let step) = knob.kind
        else {
            throw ValidationError("--reshape: the scene \(scene.scene) has no number knob")
        }
        let turned = tutorial + step <= range.upperBound ? tutorial + step : tutorial - step
        return try Benchmark.reshape(host: host, seconds: seconds, changes: frames) { session, change in
            session.setKnob(knob.name, to: .number(change.isMultiple(of: 2) ? turned : tutorial))
        }
    }

    /// `--encode FORMAT`: the encoder's cost a frame, on one thread.
    private func runEncode(_ name: String, host: HeadlessHost) throws {
        guard let format = AnimationFormat(rawValue: name) else {
            throw ValidationError("--encode \(name) is not gif or webp")
        }
        let seconds = seconds ?? Self.defaultSeekSeconds
        guard seconds.isFinite, (0.1...RecordingSchedule.maxDuration).contains(seconds) else {
            throw ValidationError(
                "--seconds \(seconds) is outside 0.1…\(Int(RecordingSchedule.maxDuration)) with --encode")
        }
        let path = NSTemporaryDirectory() + "/animdemo-bench-\(getpid()).\(format.fileExtension)"
        let result = try Benchmark.encode(
            host: host, seconds: seconds, fps: RecordCommand.defaultFPS, format: format,
            effort: fast ? .fast : .smallestFile, path: path)
        if json {
            try printJSON(result)
            return
        }
        print(
            String(
                format: "%@ %@: %@ (%@), %d frames at %d fps", scene.scene, scene.size, name, result.effort,
                result.frames, RecordCommand.defaultFPS))
        print(
            String(
                format: "append  median %.3f ms  p99 %.3f ms  max %.3f ms", result.medianMilliseconds,
                result.p99Milliseconds, result.maxMilliseconds))
        print(
            String(
                format: "total   %.0f ms, the end %.0f ms; %d bytes", result.totalMilliseconds,
                result.finishMilliseconds, result.bytes))
    }
}
