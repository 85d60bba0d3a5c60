import Animation
import ArgumentParser
import Foundation
import Render
import Scenes
import Session

/// `animdemo record`: the scene on a virtual clock, as an animated GIF or WebP (README §
/// Recording).
///
/// The scene runs at `--scene-fps` exactly as `render` runs it at `--fps`; the recording keeps
/// the scene frame nearest each of its times (`RecordingSchedule`). Everything that can be
/// wrong with the arguments (the extension, the times, the frame rate, the quality, the
/// folder) is found before the first frame is drawn, and the file is written whole at the end,
/// so a failure leaves nothing behind.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a scene headless as an animated GIF or WebP, deterministically.")

    @OptionGroup var scene: SceneOptions

    /// `--fps`: the recording's frame rate (`FrameRateOptions` explains why a group).
    @OptionGroup var frameRate: FrameRateOptions

    /// The recording's frames per second when `--fps` is not given.
    static let defaultFPS = 30

    /// The recording's frames per second: 1…100 for GIF, at most `--scene-fps`.
    var fps: Int { frameRate.given ?? Self.defaultFPS }

    @Option(
        name: .customLong("scene-fps"), parsing: .unconditional,
        help:
            "Frames per second the scene runs at, 1…240 (render's --fps): each recorded frame is the scene frame nearest its time; with --session, the session's."
    )
    var sceneFPS = Self.defaultSceneFPS

    /// The scene's frames per second when `--scene-fps` is not given.
    static let defaultSceneFPS = 60

    @OptionGroup var bubbleLoad: BubbleLoadOptions

    @OptionGroup var trails: TrailOptions

    @Option(parsing: .unconditional, help: "Scripted input: lines or ;-separated items of TIME VERB ARGS.")
    var events: String?

    @Option(
        name: .customLong("events-file"), parsing: .unconditional, help: "Read the events script from a file."
    )
    var eventsFile: String?

    @Option(parsing: .unconditional, help: "The first recorded moment, seconds.")
    var from: Double

    @Option(
        parsing: .unconditional,
        help: "The end of the recording (not included), seconds; at most 60 s after --from.")
    var to: Double

    @Option(
        parsing: .unconditional, help: "The file to write, FILE.gif or FILE.webp (its folder must exist).")
    var out: String

    @Option(parsing: .unconditional, help: "How many times it plays, 0…65535; 0 (the default) loops forever.")
    var loop = 0

    @Option(parsing: .unconditional, help: "WebP only: lossy at this quality, 0…100 (lossless without it).")
    var quality: Int?

    @Flag(
        help:
            "WebP: libwebp's fastest method (about 10× faster, the file about 1.7× larger; lossless, the same pixels), as the window records; GIF is the same either way."
    )
    var fast = false

    func validate() throws {
        if scene.session != nil, events != nil || eventsFile != nil {
            throw ValidationError("--session gives the input: leave out --events and --events-file")
        }
        guard FrameRateOptions.range.contains(sceneFPS) else {
            throw ValidationError("--scene-fps \(sceneFPS) is outside 1…240")
        }
        _ = try schedule()
        _ = try bubbleLoad.load(scene: scene.scene)
        do {
            _ = try AnimationFormat.format(forPath: out)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        Interruption.install()
        TestReport.line("ready")
        let opened = try scene.openedSession()
        if let opened, sceneFPS != Self.defaultSceneFPS, sceneFPS != opened.fps {
            throw ValidationError(
                "--scene-fps \(sceneFPS): the session runs at \(opened.fps); leave --scene-fps out")
        }
        let schedule = try schedule(sceneFPS: opened?.fps ?? sceneFPS)
        let (size, scale) = try opened.map { (size: $0.pixelSize, scale: $0.scale) } ?? scene.headlessSize()
        func recorder(streaming: Bool) throws -> AnimationRecorder {
            do {
                return try AnimationRecorder(
                    format: try AnimationFormat.format(forPath: out), width: Int(size.width),
                    height: Int(size.height), fps: fps, loopCount: loop, quality: quality,
                    effort: fast ? .fast : .smallestFile, streamingTo: streaming ? out : nil)
            } catch {
                throw ValidationError(error.description)
            }
        }
        _ = try recorder(streaming: false)  // the settings are checked before the folder
        try checkFolder()
        // The file is written as it is encoded (a hidden name beside --out until it is whole),
        // so a long WebP's memory does not grow with it.
        let recorder = try recorder(streaming: true)
        let canvas = FrameRenderer(images: try scene.imageStore())
        let progress = Progress(total: schedule.frameCount)
        if let opened {
            let host = try opened.host(canvas: canvas)
            trails.apply(to: host.session)
            try host.recordHistory(schedule, into: recorder) {
                progress.show(done: $0)
            }
        } else {
            let script = SceneOptions.scaled(
                try EventScriptLoader.load(events: events, file: eventsFile, fps: sceneFPS), by: scale)
            let session = SceneSession(
                catalog: try scene.catalog(), index: try scene.sceneIndex(), size: size, seed: scene.seed,
                images: canvas.images, fps: sceneFPS, bubbleLoad: try bubbleLoad.load(scene: scene.scene),
                scale: scale, knobs: try scene.knobs(), compare: try scene.compareKnobs())
            trails.apply(to: session)
            let host = HeadlessHost(session: session, fps: sceneFPS, events: script, canvas: canvas)
            try host.record(schedule, into: recorder) { progress.show(done: $0) }
        }
        do {
            try recorder.finish()
        } catch {
            progress.end()
            throw ValidationError(error.description)
        }
        progress.end(summary: summary(frames: schedule.frameCount))
    }

    private func schedule(sceneFPS: Int? = nil) throws -> RecordingSchedule {
        do {
            return try RecordingSchedule(from: from, to: to, fps: fps, sceneFPS: sceneFPS ?? self.sceneFPS)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The line shown at the end on a terminal: frames, length and the file's size.
    private func summary(frames: Int) -> String {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        let size =
            bytes >= 1_000_000
            ? String(format: "%.2f MB", Double(bytes) / 1_000_000)
            : String(format: "%.1f kB", Double(bytes) / 1000)
        return String(format: "%@: %d frames, %.2f s, %@", out, frames, Double(frames) / Double(fps), size)
    }

    /// Fails now, before any frame is drawn, when the file could not be written: its folder is
    /// missing, is no folder, or refuses a new file (tried with an empty file of a hidden name,
    /// removed at once: permissions alone do not tell, root may write anywhere but a
    /// read-only file system).
    private func checkFolder() throws {
        let url = URL(fileURLWithPath: out)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("--out \(out) is a folder: name a file in it, FILE.gif or FILE.webp")
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw ValidationError("cannot write \(out): the folder \(folder) does not exist")
        }
        guard isFolder.boolValue else {
            throw ValidationError("cannot write \(out): \(folder) is a file, not a folder")
        }
        let probe = "\(folder)/.\(url.lastPathComponent).\(getpid()).probe"
        // Made and removed with signals held back: an interruption cannot leave it.
        let failure = Interruption.deferringSignals { () -> Int32? in
            let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return errno }
            close(descriptor)
            unlink(probe)
            return nil
        }
        if let failure { throw ValidationError("cannot write \(out): \(String(cString: strerror(failure)))") }
    }
}

/// `record`'s progress on stderr, only when stderr is a terminal: `frame 45 of 90`, rewritten
/// in place, then the summary line.
private final class Progress {
    private let total: Int
    private let isShown = isatty(STDERR_FILENO) == 1
    private var lastShown = -1

    init(total: Int) { self.total = total }

    func show(done: Int) {
        guard isShown, done != lastShown else { return }
        lastShown = done
        write("\rrecording: frame \(done) of \(total)")
    }

    /// Clears the progress line and, given one, prints the summary.
    func end(summary: String? = nil) {
        guard isShown else { return }
        write("\r\u{1B}[K" + (summary.map { "recorded \($0)\n" } ?? ""))
    }

    private func write(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }
}
