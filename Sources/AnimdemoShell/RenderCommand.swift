import Animation
import ArgumentParser
import Foundation
import Render
import Scenes
import Session

/// `animdemo render`: the scene on a virtual clock, PNGs at chosen times (README § Command line).
///
/// All or nothing: the frames are written under temporary names and renamed into place only
/// when every one is written, so a failure (a full disk, an error mid-way) leaves no PNG of
/// this run and no folder it created.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render", abstract: "Render a scene headless at chosen times, deterministically.")

    /// The latest `--at` time, in seconds.
    static let maxTime: MediaTime = 3600

    @OptionGroup var scene: SceneOptions

    @OptionGroup var frameRate: FrameRateOptions

    @OptionGroup var bubbleLoad: BubbleLoadOptions

    @OptionGroup var trails: TrailOptions

    @Option(parsing: .unconditional, help: "Scripted input: lines or ;-separated items of TIME VERB ARGS.")
    var events: String?

    @Option(
        name: .customLong("events-file"), parsing: .unconditional,
        help: "Read the events script from a file (at most 64 MiB).")
    var eventsFile: String?

    @Option(
        name: .customLong("at"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp(
            "A time in seconds to render, 0…3600 (repeatable; at least one, but with --session: its moment).",
            valueName: "SECONDS"))
    var times: [Double] = []

    @Option(parsing: .unconditional, help: "Output folder (created if missing).")
    var out: String

    @Flag(
        help:
            "Also write DIR/NAME-MMMMMM.json beside each PNG: what the window shows then (panels, status, inspector rows, knobs)."
    )
    var describe = false

    func validate() throws {
        if scene.session != nil, events != nil || eventsFile != nil {
            throw ValidationError("--session gives the input: leave out --events and --events-file")
        }
        guard !times.isEmpty || scene.session != nil else {
            throw ValidationError("give at least one --at SECONDS")
        }
        for time in times where !(time.isFinite && time >= 0 && time <= Self.maxTime) {
            throw ValidationError("--at \(time) is not a time in 0…3600 seconds")
        }
        if let (first, second) = Self.sameFrame(times, fps: frameRate.fps) {
            let fps = frameRate.fps
            let frameTime = Double(HeadlessHost.nearestFrame(to: first, fps: fps)) / Double(fps)
            throw ValidationError(
                "--at \(first) and --at \(second) are one frame at --fps \(fps) (\(String(format: "%.3f", frameTime)) s), "
                    + "which would be one file: give each time once, or a higher --fps")
        }
        _ = try bubbleLoad.load(scene: scene.scene)
    }

    /// `image` as `NAME.png`, and with `--describe` what `session` shows as `NAME.json`.
    private func write(
        _ image: RenderedFrame, of session: SceneSession, name: String, to output: OutputFolder
    ) throws {
        try output.write(image, name: name + ".png")
        if describe {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let json = try encoder.encode(session.describe())
            try output.write(text: String(decoding: json, as: UTF8.self) + "\n", name: name + ".json")
        }
    }

    /// `--session`: the session's moment, paused, as the window shows it when it opens the file
    /// (its panels, their scroll, the pointer's hover), and each `--at` time of its history as
    /// time travel shows it; files are named by their scene time.
    private func render(_ opened: OpenedSession) throws {
        let canvas = FrameRenderer(images: try scene.imageStore())
        let host = try opened.host(canvas: canvas)
        let session = host.session
        trails.apply(to: session)
        let output = try OutputFolder(path: out)
        do {
            var targets: [MediaTime?] = times.isEmpty ? [nil] : times.map { $0 }
            if !times.isEmpty { targets.sort { ($0 ?? 0) < ($1 ?? 0) } }
            for target in targets {
                if let target { session.seek(toTime: target, at: host.time(ofFrame: host.frame)) }
                var image: RenderedFrame?
                try host.step { root in
                    image = try canvas.render(
                        root, size: session.size, background: .black, omitting: session.windowOnlyLayers)
                }
                guard let image else { preconditionFailure("the frame was not drawn") }
                let milliseconds = Int((session.sceneTimeline.currentTime * 1000).rounded())
                try write(
                    image, of: session, name: String(format: "%@-%06d", opened.state.scene, milliseconds),
                    to: output)
            }
            try output.commit()
        } catch let error as ExitWithMessage {
            output.discard()
            throw error
        } catch {
            output.discard()
            throw ExitWithMessage(message: "\(error)", status: 2)
        }
    }

    /// The first two of `times` that fall on one frame (each file is named after its frame's
    /// time, so two such times would write one file), nil if none do.
    static func sameFrame(_ times: [MediaTime], fps: Int) -> (MediaTime, MediaTime)? {
        guard FrameRateOptions.range.contains(fps) else { return nil }  // its own error comes first
        var seen: [Int: MediaTime] = [:]
        for time in times {
            let frame = HeadlessHost.nearestFrame(to: time, fps: fps)
            if let earlier = seen[frame] { return (earlier, time) }
            seen[frame] = time
        }
        return nil
    }

    func run() throws {
        Interruption.install()
        TestReport.line("ready")
        if let opened = try scene.openedSession() {
            try render(opened)
            return
        }
        let (size, scale) = try scene.headlessSize()
        let script = SceneOptions.scaled(
            try EventScriptLoader.load(events: events, file: eventsFile, fps: frameRate.fps), by: scale)
        let canvas = FrameRenderer(images: try scene.imageStore())
        let session = SceneSession(
            catalog: try scene.catalog(), index: try scene.sceneIndex(), size: size, seed: scene.seed,
            images: canvas.images, fps: frameRate.fps, bubbleLoad: try bubbleLoad.load(scene: scene.scene),
            scale: scale, knobs: try scene.knobs(), compare: try scene.compareKnobs())
        trails.apply(to: session)
        let host = HeadlessHost(session: session, fps: frameRate.fps, events: script, canvas: canvas)
        let output = try OutputFolder(path: out)
        do {
            try host.render(at: times) { frame, image in
                let milliseconds = Int((Double(frame) * 1000 / Double(frameRate.fps)).rounded())
                try write(
                    image, of: host.session, name: String(format: "%@-%06d", scene.scene, milliseconds),
                    to: output)
            }
            try output.commit()
        } catch let error as ExitWithMessage {
            output.discard()
            throw error
        } catch {
            output.discard()
            throw ExitWithMessage(message: "\(error)", status: 2)
        }
    }
}
