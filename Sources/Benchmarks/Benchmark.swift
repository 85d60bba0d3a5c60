import Animation
import Foundation
import Render
import Session

/// Frame costs of a scene on the virtual clock, for `animdemo bench` (README § Speed).
///
/// The measured frames are the window's: the engine step (input, timers, display links,
/// commit, completions) and the render (damage, the walk that evaluates each layer's
/// presentation and draws it, Cairo), on an `IncrementalCanvas` unless `fullRedraw`. The
/// engine's whole share, presentations included, is measured on frames of its own that follow:
/// there every layer's presentation is evaluated in a walk before the render, which the
/// program never does (a second walk over thousands of layers costs its cache misses again).
/// Nothing sleeps: frames run back to back.
public struct BenchmarkResult: Codable, Sendable {
    public var frames: Int
    public var medianMilliseconds: Double
    public var p99Milliseconds: Double
    /// The engine's whole share of a frame, presentations included (measured on frames of its
    /// own, `engineFrames`), and the render's (measured frames, presentations included).
    public var engineMedianMilliseconds: Double
    public var renderMedianMilliseconds: Double
    /// How many frames the engine's share was measured on.
    public var engineFrames: Int
    public var pixelsMedian: Int
    public var layers: Int
    /// The engine's median per layer of the tree, microseconds.
    public var engineMicrosecondsPerLayer: Double
    /// The render's parts (medians, milliseconds): finding the damage, walking and drawing
    /// the layers, copying images and rasters onto the frame.
    public var damageMedianMilliseconds: Double
    public var drawMedianMilliseconds: Double
    public var compositeMedianMilliseconds: Double
    /// Images scaled per frame (median): cache misses.
    public var imagesScaledMedian: Int
    /// The same frames drawn by direct Cairo calls (when measured), and frame / baseline.
    public var baselineMedianMilliseconds: Double?
    public var overheadRatio: Double?

    /// The JSON names (`median_ms`, …), as the README lists them.
    enum CodingKeys: String, CodingKey {
        case frames, layers
        case medianMilliseconds = "median_ms"
        case p99Milliseconds = "p99_ms"
        case engineMedianMilliseconds = "engine_median_ms"
        case renderMedianMilliseconds = "render_median_ms"
        case engineFrames = "engine_frames"
        case pixelsMedian = "pixels_median"
        case engineMicrosecondsPerLayer = "engine_us_per_layer"
        case damageMedianMilliseconds = "damage_median_ms"
        case drawMedianMilliseconds = "draw_median_ms"
        case compositeMedianMilliseconds = "composite_median_ms"
        case imagesScaledMedian = "images_scaled_median"
        case baselineMedianMilliseconds = "baseline_median_ms"
        case overheadRatio = "overhead_ratio"
    }
}

public enum Benchmark {
    /// Runs `warmup` frames, then `frames` measured ones; `perFrame` runs before each frame
    /// (the fish scene keeps its bubbles topped up there).
    public static func run(
        host: HeadlessHost, frames: Int, warmup: Int = 30, fullRedraw: Bool, measureBaseline: Bool = false,
        perFrame: () -> Void = {}
    ) throws -> BenchmarkResult {
        let size = host.session.size
        let canvas = try IncrementalCanvas(
            width: Int(size.width), height: Int(size.height), images: host.canvas.images, background: .black)
        canvas.isFullRedraw = fullRedraw
        canvas.isTimingComposites = true
        let baseline =
            measureBaseline ? try DirectCairoBaseline(width: Int(size.width), height: Int(size.height)) : nil
        var total: [Double] = []
        var render: [Double] = []
        var pixels: [Int] = []
        var parts: [RenderStatistics] = []
        var baselineTimes: [Double] = []
        var layers = 0
        // After the measured frames, the engine's: as many, up to 120.
        let engineFrames = min(frames, 120)
        var engineAlone: [Double] = []
        for index in 0..<(warmup + frames + engineFrames) {
            let measuresEngine = index >= warmup + frames
            perFrame()
            var engineNanos: UInt64 = 0
            var renderNanos: UInt64 = 0
            var repainted = 0
            var scene: DirectCairoBaseline.Frame?
            var extractNanos: UInt64 = 0
            let start = DispatchTime.now().uptimeNanoseconds
            try host.step { root in
                if measuresEngine { IncrementalCanvas.evaluatePresentations(of: root) }
                let drawStart = DispatchTime.now().uptimeNanoseconds
                engineNanos = drawStart - start
                repainted = IncrementalCanvas.area(of: canvas.draw(root))
                renderNanos = DispatchTime.now().uptimeNanoseconds - drawStart
                if index == warmup + frames - 1 { layers = root.allLayers.count }  // once, untimed below
                if baseline != nil {  // the baseline's display list: not part of the engine's time
                    let extractStart = DispatchTime.now().uptimeNanoseconds
                    scene = DirectCairoBaseline.Frame(root)
                    extractNanos = DispatchTime.now().uptimeNanoseconds - extractStart
                }
            }
            // Completions run after the draw, inside `step`: that is engine time too.
            engineNanos = DispatchTime.now().uptimeNanoseconds - start - renderNanos - extractNanos
            if measuresEngine {
                engineAlone.append(Double(engineNanos) / 1e6)
                continue
            }
            guard index >= warmup else { continue }
            if let baseline, let scene {
                let baselineStart = DispatchTime.now().uptimeNanoseconds
                baseline.draw(scene)
                baselineTimes.append(Double(DispatchTime.now().uptimeNanoseconds - baselineStart) / 1e6)
            }
            render.append(Double(renderNanos) / 1e6)
            total.append(Double(engineNanos + renderNanos) / 1e6)
            pixels.append(repainted)
            parts.append(canvas.lastFrame)
        }
        let frameMedian = median(total)
        let baselineMedian = baselineTimes.isEmpty ? nil : median(baselineTimes)
        return BenchmarkResult(
            frames: frames, medianMilliseconds: frameMedian, p99Milliseconds: percentile(total, 0.99),
            engineMedianMilliseconds: median(engineAlone), renderMedianMilliseconds: median(render),
            engineFrames: engineFrames, pixelsMedian: Int(median(pixels.map(Double.init))), layers: layers,
            engineMicrosecondsPerLayer: layers > 0 ? median(engineAlone) * 1000 / Double(layers) : 0,
            damageMedianMilliseconds: median(parts.map { Double($0.damageNanos) / 1e6 }),
            drawMedianMilliseconds: median(parts.map { Double($0.drawNanos) / 1e6 }),
            compositeMedianMilliseconds: median(parts.map { Double($0.compositeNanos) / 1e6 }),
            imagesScaledMedian: Int(median(parts.map { Double($0.imagesScaled) })),
            baselineMedianMilliseconds: baselineMedian,
            overheadRatio: baselineMedian.map { $0 > 0 ? frameMedian / $0 : 0 })
    }

    /// One small layer moving over a still window: the cost of an incremental frame (engine,
    /// damage, repaint) against drawing just the repainted box by direct Cairo calls (the
    /// least any renderer must do). Returns both medians in milliseconds.
    public static func smallLayerProbe(width: Int, height: Int, frames: Int) throws -> (
        frame: Double, box: Double
    ) {
        let timeline = Timeline()
        let root = Layer(timeline: timeline)
        root.anchorPoint = .zero
        root.bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        root.backgroundColor = Color(white: 0.95)
        for index in 0..<12 {  // still content that a full redraw would repaint
            let tile = ShapeLayer(timeline: timeline)
            tile.frame = Rect(
                x: Double(index % 4) * 190 + 20, y: Double(index / 4) * 190 + 20, width: 150, height: 150)
            tile.path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 150, height: 150))
            tile.fillColor = Color(red: 0.8, green: 0.85, blue: 0.95)
            tile.strokeColor = Color(red: 0.2, green: 0.3, blue: 0.6)
            tile.lineWidth = 6
            root.addSublayer(tile)
        }
        let mover = Layer(timeline: timeline)
        mover.frame = Rect(x: 0, y: 0, width: 32, height: 32)
        mover.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.2)
        mover.cornerRadius = 8
        root.addSublayer(mover)
        let move = BasicAnimation(keyPath: .position)
        move.fromValue = Point(x: 40, y: 40)
        move.toValue = Point(x: Double(width) - 40, y: Double(height) - 40)
        move.duration = Double(frames + 60) / 60
        mover.add(move, forKey: "move")
        let canvas = try IncrementalCanvas(width: width, height: height, images: ImageStore())
        let baseline = try DirectCairoBaseline(width: width, height: height)
        var frameTimes: [Double] = []
        var boxTimes: [Double] = []
        for frame in 0..<(frames + 30) {
            let start = DispatchTime.now().uptimeNanoseconds
            timeline.beginFrame(at: Double(frame) / 60)
            IncrementalCanvas.evaluatePresentations(of: root)
            let damage = canvas.draw(root)
            timeline.endFrame()
            let frameNanos = DispatchTime.now().uptimeNanoseconds - start
            guard frame >= 30, let box = damage.first, damage.count == 1 else { continue }
            let list = DirectCairoBaseline.Frame(root)
            let boxStart = DispatchTime.now().uptimeNanoseconds
            baseline.draw(list, in: box)
            boxTimes.append(Double(DispatchTime.now().uptimeNanoseconds - boxStart) / 1e6)
            frameTimes.append(Double(frameNanos) / 1e6)
        }
        return (median(frameTimes), median(boxTimes))
    }

    /// The engine's share of a frame: every layer's presentation at the frame time (the
    /// renderer then reuses them).
    static func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// What `bench --seek` measures: time travel to random frames of a recorded run.
public struct SeekBenchmarkResult: Codable, Sendable {
    public var seeks: Int
    public var recordedSeconds: Double
    /// Rebuilding and replaying up to the frame, and running it (no drawing).
    public var medianMilliseconds: Double
    public var p99Milliseconds: Double
    /// Drawing the frame reached, whole (the window then repaints everything).
    public var drawMedianMilliseconds: Double
    /// The slowest seek.
    public var maxMilliseconds: Double = 0
    /// Playing the recording before the seeks, taking its checkpoints on the way, seconds.
    public var recordingSeconds: Double = 0
    /// Time travel's checkpoints kept after the seeks (0 with `--no-checkpoints`).
    public var checkpoints: Int = 0
    /// Those checkpoints' memory as the session estimates it (`SceneCheckpoints.byteBudget`),
    /// megabytes.
    public var checkpointEstimateMegabytes: Double = 0
    /// The process's peak resident memory when the recording is played, before the seeks draw
    /// anything (Linux's VmHWM), megabytes: the checkpoints' memory is the difference from a
    /// run with `--no-checkpoints`.
    public var peakResidentMegabytes: Double = 0

    enum CodingKeys: String, CodingKey {
        case seeks, checkpoints
        case checkpointEstimateMegabytes = "checkpoint_estimate_mb"
        case recordedSeconds = "recorded_seconds"
        case medianMilliseconds = "median_ms"
        case p99Milliseconds = "p99_ms"
        case drawMedianMilliseconds = "draw_median_ms"
        case maxMilliseconds = "max_ms"
        case recordingSeconds = "recording_s"
        case peakResidentMegabytes = "peak_rss_mb"
    }
}

/// The process's peak resident memory so far, megabytes (Linux's `VmHWM` in /proc/self/status;
/// 0 where there is none).
func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kilobytes / 1024
    }
    return 0
}

/// A seek of `bench --seek` that did not land on its frame: its time would not be a seek's.
public struct SeekRefused: Error, CustomStringConvertible {
    public let target: Int
    public let shown: Int
    public var description: String { "a seek to frame \(target) showed frame \(shown)" }
}

extension Benchmark {
    /// Plays `host`'s scene for `seconds`, pauses, then seeks to `seeks` frames spread at random
    /// (a fixed seed) over the recording, timing each seek and the draw of the frame reached.
    ///
    /// A history holding its whole `SceneHistory.capacity` (an hour at 60 fps) refuses seeks
    /// ("time travel keeps the first hour"), so the recording stops one frame short of it: at
    /// `seconds` 3600 it is an hour less one frame.
    public static func seek(host: HeadlessHost, seconds: Double, seeks: Int) throws -> SeekBenchmarkResult {
        let frames = min(max(Int((seconds * Double(host.fps)).rounded()), 1), SceneHistory.capacity - 1)
        let recordingStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<frames { try host.step() }
        let recordingNanos = DispatchTime.now().uptimeNanoseconds - recordingStart
        let recordingPeak = peakResidentMegabytes()
        let size = host.session.size
        let canvas = try IncrementalCanvas(
            width: Int(size.width), height: Int(size.height), images: host.canvas.images, background: .black)
        var random = SeededRandom(seed: 0x5EE4)
        var seekTimes: [Double] = []
        var drawTimes: [Double] = []
        for _ in 0..<seeks {
            let target = Int.random(in: 0..<frames, using: &random)
            host.session.seek(toFrame: target, at: host.time(ofFrame: host.frame))
            var drawNanos: UInt64 = 0
            let start = DispatchTime.now().uptimeNanoseconds
            try host.step { root in
                let drawStart = DispatchTime.now().uptimeNanoseconds
                canvas.invalidate()
                _ = canvas.draw(root)
                drawNanos = DispatchTime.now().uptimeNanoseconds - drawStart
            }
            let total = DispatchTime.now().uptimeNanoseconds - start
            guard host.session.history.shown == target else {
                throw SeekRefused(target: target, shown: host.session.history.shown)
            }
            seekTimes.append(Double(total - drawNanos) / 1e6)
            drawTimes.append(Double(drawNanos) / 1e6)
        }
        return SeekBenchmarkResult(
            seeks: seeks, recordedSeconds: Double(frames) / Double(host.fps),
            medianMilliseconds: median(seekTimes), p99Milliseconds: percentile(seekTimes, 0.99),
            drawMedianMilliseconds: median(drawTimes), maxMilliseconds: seekTimes.max() ?? 0,
            recordingSeconds: Double(recordingNanos) / 1e9, checkpoints: host.session.checkpointCount,
            checkpointEstimateMegabytes: Double(host.session.checkpointEstimatedBytes) / 1_048_576,
            peakResidentMegabytes: recordingPeak)
    }

    /// Plays `host`'s scene for `seconds`, pauses at the end, then `changes` times turns a knob
    /// (`turn` with the change's number: `session.setKnob`) and times the frame: paused, a knob
    /// change shows the moment as if the knob had always had its value, which replays the
    /// scene from the last checkpoint before the knob's first read, else from its start
    /// (docs/ARCHITECTURE.md § Knobs). The seek figures' fields,
    /// for one reshaping each.
    public static func reshape(
        host: HeadlessHost, seconds: Double, changes: Int, turn: (SceneSession, Int) -> Void
    ) throws -> SeekBenchmarkResult {
        let frames = min(max(Int((seconds * Double(host.fps)).rounded()), 1), SceneHistory.capacity - 1)
        let recordingStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<frames { try host.step() }
        let recordingNanos = DispatchTime.now().uptimeNanoseconds - recordingStart
        let recordingPeak = peakResidentMegabytes()
        host.session.seek(toFrame: frames - 1, at: host.time(ofFrame: host.frame))
        try host.step()
        var times: [Double] = []
        for change in 0..<changes {
            turn(host.session, change)
            let start = DispatchTime.now().uptimeNanoseconds
            try host.step()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard host.session.history.shown == frames - 1 else {
                throw SeekRefused(target: frames - 1, shown: host.session.history.shown)
            }
        }
        return SeekBenchmarkResult(
            seeks: changes, recordedSeconds: Double(frames) / Double(host.fps),
            medianMilliseconds: median(times), p99Milliseconds: percentile(times, 0.99),
            drawMedianMilliseconds: 0, maxMilliseconds: times.max() ?? 0,
            recordingSeconds: Double(recordingNanos) / 1e9, checkpoints: host.session.checkpointCount,
            checkpointEstimateMegabytes: Double(host.session.checkpointEstimatedBytes) / 1_048_576,
            peakResidentMegabytes: recordingPeak)
    }
}

/// What `bench --encode` measures: a recording's encoder alone, on the scene's frames.
public struct EncodeBenchmarkResult: Codable, Sendable {
    public var format: String
    public var effort: String
    public var frames: Int
    /// Appending each frame (the frames are drawn beforehand, untimed), milliseconds.
    public var medianMilliseconds: Double
    public var p99Milliseconds: Double
    public var maxMilliseconds: Double
    /// Every frame's append together, and the end: the last frame and writing the file.
    public var totalMilliseconds: Double
    public var finishMilliseconds: Double
    /// The file's size.
    public var bytes: Int

    enum CodingKeys: String, CodingKey {
        case format, effort, frames, bytes
        case medianMilliseconds = "median_ms"
        case p99Milliseconds = "p99_ms"
        case maxMilliseconds = "max_ms"
        case totalMilliseconds = "total_ms"
        case finishMilliseconds = "finish_ms"
    }
}

extension Benchmark {
    /// Records `host`'s scene from 0 to `seconds` at `fps` as `record` does (`RecordingSchedule`)
    /// and times only the encoder: each frame is drawn, then appended under the clock; then
    /// the file is finished into `path` (removed after). One thread: the encoder's cost on one
    /// core, which the window's recording thread must keep below 1 / `fps` a frame.
    public static func encode(
        host: HeadlessHost, seconds: Double, fps: Int, format: AnimationFormat, effort: EncodingEffort,
        path: String
    ) throws -> EncodeBenchmarkResult {
        let schedule = try RecordingSchedule(from: 0, to: seconds, fps: fps, sceneFPS: host.fps)
        let size = host.session.size
        let recorder = try AnimationRecorder(
            format: format, width: Int(size.width), height: Int(size.height), fps: fps, effort: effort)
        var times: [Double] = []
        for index in 0..<schedule.frameCount {
            let frame = try host.render(frame: schedule.sceneFrame(ofFrame: index))
            let pixels = frame.pixels
            let start = DispatchTime.now().uptimeNanoseconds
            try recorder.append(pixels: pixels)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let start = DispatchTime.now().uptimeNanoseconds
        try recorder.finish(to: path)
        let finish = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        try? FileManager.default.removeItem(atPath: path)
        return EncodeBenchmarkResult(
            format: format.description, effort: effort.rawValue, frames: times.count,
            medianMilliseconds: median(times), p99Milliseconds: percentile(times, 0.99),
            maxMilliseconds: times.max() ?? 0, totalMilliseconds: times.reduce(0, +) + finish,
            finishMilliseconds: finish, bytes: bytes)
    }
}
