import Animation
import ArgumentParser
import Foundation
import Render
import Scenes
import Session
import X11Host

/// `animdemo`: the window, `--list`, and the `render` subcommand (README § Command line).
struct AnimDemo: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: ShellScenes.programName,
            abstract: ShellScenes.programName == "animdemo"
                ? "Five iOS animation tutorials in an X11 window, on an engine with Core Animation's semantics."
                : "Animations in an X11 window, on animdemo's engine with Core Animation's semantics.",
            version: AnimDemoVersion.current,
            // A package's own program (`includingTutorials: false`) has no `new` and no `watch DIR`
            // (it is `--watch` there), and `steps` only when one of its scenes has steps.
            subcommands: [RenderCommand.self, RecordCommand.self, BenchCommand.self, KnobsCommand.self]
                + (ShellScenes.haveSteps ? [StepsCommand.self] : []) + [KeysCommand.self, ExportCommand.self]
                + (ShellScenes.includesTutorials ? [NewCommand.self, WatchCommand.self] : []))
    }

    @OptionGroup var scene: SceneOptions

    @OptionGroup var frameRate: FrameRateOptions

    @OptionGroup var bubbleLoad: BubbleLoadOptions

    @Option(
        name: .customLong("screenshot-dir"), parsing: .unconditional,
        help: ArgumentHelp(
            "Where the s key saves screenshots and g recordings.",
            discussion: "Default: the current folder; started from the desktop entry (--from-desktop), "
                + "the \(ShellScenes.programName) folder in the pictures folder (xdg-user-dir PICTURES, else ~/Pictures).",
            valueName: "DIR"))
    var screenshotDirectory: String?

    @Flag(
        name: .customLong("from-desktop"),
        help: ArgumentHelp(
            "Started from the desktop entry: save pictures in the pictures folder.", visibility: .hidden))
    var fromDesktop = false

    @Option(
        name: .customLong("record-format"), parsing: .unconditional,
        help: "What the g key records: gif or webp (lossless), saved beside the screenshots.",
        completion: .list(["gif", "webp"]))
    var recordingFormat = "gif"

    @Flag(help: "List the scenes and exit.")
    var list = false

    @Flag(
        help: ArgumentHelp(
            "Rebuild on every save of the package's sources and reload the window at the same moment.",
            discussion:
                "For a package of one's own (`swift run NAME --watch`): the scene's input is replayed "
                + "with the new code, and the window keeps its place, size, panels, step and knobs. A failed "
                + "build shows its first error in the window, which runs on."))
    var watch = false

    @Option(
        name: .customLong("watch-state"),
        help: ArgumentHelp(
            "Run as --watch's window: requests on stdin, the state written to and taken up from FILE.",
            visibility: .private))
    var watchState: String?

    func validate() throws {
        _ = try bubbleLoad.load(scene: scene.scene)
    }

    func run() throws {
        if list {
            print(AlignedColumns.format(ShellScenes.all.map { [$0.name, $0.summary] }), terminator: "")
            return
        }
        if watch {
            if scene.session != nil {
                throw ValidationError("--watch takes up its own state: leave out --session")
            }
            Foundation.exit(try WatchCommand.superviseThisProgram())
        }
        // A recording would run its whole length and then find it cannot be saved.
        if screenshotDirectory?.isEmpty == true {
            throw ExitWithMessage(message: "--screenshot-dir names no folder", status: 2)
        }
        if let file = OutputFolder.firstNonFolder(in: capturesFolder) {
            let what = file == capturesFolder ? "" : "\(file) in "
            throw ExitWithMessage(
                message: "--screenshot-dir: \(what)\(capturesFolder) is not a folder", status: 2)
        }
        var options: WindowOptions
        if let opened = try scene.openedSession() {
            options = WindowOptions(
                catalog: opened.catalog, sceneIndex: opened.index,
                size: Size(
                    width: opened.pixelSize.width / opened.scale,
                    height: opened.pixelSize.height / opened.scale),
                fps: opened.fps, seed: opened.seed, screenshotDirectory: capturesFolder,
                images: try scene.imageStore(), scale: opened.scale,
                recordingFormat: try parsedRecordingFormat(),
                bubbleLoad: opened.bubbleLoad)
            options.session = (opened.state, opened.path)
        } else {
            options = WindowOptions(
                catalog: try scene.catalog(), sceneIndex: try scene.sceneIndex(),
                size: try scene.parsedSize(),
                fps: frameRate.fps, seed: scene.seed, screenshotDirectory: capturesFolder,
                images: try scene.imageStore(), scale: try scene.parsedScale().map(Double.init),
                knobs: try scene.knobs(), recordingFormat: try parsedRecordingFormat(),
                bubbleLoad: try bubbleLoad.load(scene: scene.scene))
            options.compare = try scene.compareKnobs()
        }
        options.programName = ShellScenes.programName
        options.historyExporter = HistoryExport.lottie(imagesFolder: options.images.directory)
        if let watchState {
            options.watch = WatchChild(statePath: watchState, resume: Self.state(at: watchState))
        }
        Interruption.install()
        let signal: Int32?
        do {
            signal = try WindowHost.run(options)
        } catch {
            throw ExitWithMessage(message: error.description, status: error.exitStatus)
        }
        if let signal { throw Interrupted(signal: signal) }
    }
}

extension AnimDemo {
    /// The previous build's state at `path`, nil when there is none or it cannot be read.
    static func state(at path: String) -> WatchState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? WatchState(json: data)
    }

    /// Where screenshots and recordings go: `--screenshot-dir`, else the pictures folder when
    /// started from the desktop entry, else the current folder.
    var capturesFolder: String {
        screenshotDirectory ?? (fromDesktop ? DesktopLayout.picturesFolder() : ".")
    }

    /// `--record-format`: `gif` or `webp`.
    func parsedRecordingFormat() throws -> AnimationFormat {
        guard let format = AnimationFormat(rawValue: recordingFormat.lowercased()) else {
            throw ValidationError("--record-format \"\(recordingFormat)\" is neither gif nor webp")
        }
        return format
    }
}

/// A signal ended the run after it saved what it had (the window): the program exits with
/// 128 + `signal`, without a message. (`render` and `record` exit from the signal handler:
/// `Interruption`.)
struct Interrupted: Error {
    var signal: Int32
}

/// An error that ends the program with a one-line message and a chosen status.
struct ExitWithMessage: Error {
    var message: String
    var status: Int32
}
