import Animation
import Foundation
import Render
import Scenes
import Session

/// `--session FILE`: a moment saved by the window's `b` key (docs/COMMAND-LINE.md § Session
/// files), read and checked before anything starts; what is wrong with it is one line and
/// status 2.
struct OpenedSession {
    /// The state as saved, paused: a session opens on its moment.
    var state: WatchState
    /// The program's scenes, the session's at its tutorial step.
    var catalog: [SceneDescriptor]
    var index: Int
    /// The window's size in pixels, and its scale (pixels per `--size` pixel).
    var pixelSize: Size
    var scale: Double
    var fps: Int
    var seed: UInt64
    var bubbleLoad: Int
    /// The file's path, for messages.
    var path: String

    /// Reads and checks the session file at `path`.
    init(path: String) throws {
        try self.init(bytes: try Self.contents(of: path), path: path)
    }

    /// Reads and checks a session file's `bytes`; `path` names it in messages.
    init(bytes: [UInt8], path: String) throws {
        var state: WatchState
        do {
            state = try SessionFile.state(from: Data(bytes), path: path, catalog: ShellScenes.all)
        } catch {
            throw ExitWithMessage(message: error.description, status: 2)
        }
        state.isPaused = true
        var catalog = ShellScenes.all
        guard let index = catalog.firstIndex(where: { $0.name == state.scene }), let window = state.window
        else {
            throw ExitWithMessage(
                message: "cannot open the session file \(path): it names no scene", status: 2)
        }
        if let step = state.step, let stepped = catalog[index].atStep(step) { catalog[index] = stepped }
        self.state = state
        self.catalog = catalog
        self.index = index
        pixelSize = Size(width: Double(window.width), height: Double(window.height))
        scale = state.scale ?? 1
        fps = state.history.fps
        seed = state.seed ?? 1
        bubbleLoad = state.bubbles ?? 0
        self.path = path
    }

    /// A headless host on the session, resumed paused at its moment (the window's panels, their
    /// scroll, the pointer's hover), on `canvas`'s images; time travel moves it through the history.
    func host(canvas: FrameRenderer) throws -> HeadlessHost {
        let session = SceneSession(
            catalog: catalog, index: index, size: pixelSize, seed: seed, images: canvas.images, fps: fps,
            bubbleLoad: bubbleLoad, scale: scale, showsHints: false)
        guard session.resume(from: state, at: 0) != nil else {
            throw ExitWithMessage(
                message: "cannot open the session file \(path): its history does not replay", status: 2)
        }
        return HeadlessHost(session: session, fps: fps, canvas: canvas)
    }

    /// The file's bytes, at most `SessionFile.maxByteCount`: a folder, a FIFO, a device or a
    /// larger file is refused before it is read.
    private static func contents(of path: String) throws -> [UInt8] {
        let limit = SessionFile.maxByteCount
        do {
            return try BoundedFile.read(path, limit: limit)
        } catch {
            let reason =
                if case .tooLarge = error {
                    "\(error.reason); a session file may have at most \(limit) (64 MiB)"
                } else { error.reason }
            throw ExitWithMessage(message: "cannot open the session file \(path): \(reason)", status: 2)
        }
    }
}
