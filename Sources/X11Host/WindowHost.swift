import Animation
import Foundation
import Glibc
import Render
import Scenes
import Session

/// Runs a scene in an X11 window until the user quits.
public enum WindowHost {
    /// The most pixels a side of the window: X's and Cairo's limit (a 16-bit signed size).
    public static let maxPixels = 32767

    /// The most bytes a frame may have (4 a pixel): Cairo's limit (its stride × height is a C
    /// `int`), and at most a third of this machine's memory, for the renderer, the window's
    /// buffer and a capture each hold one. 32767 × 16384 pixels is already over it.
    public static var maxFrameBytes: Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        let (memory, overflow) = pages.multipliedReportingOverflow(by: pageSize)
        guard pages > 0, pageSize > 0, !overflow else { return Int(Int32.max) }
        return min(Int(Int32.max), memory / 3)
    }

    /// Whether a `width` × `height` frame fits `maxPixels` a side and `maxFrameBytes`.
    public static func fits(width: Int, height: Int) -> Bool {
        max(width, height) <= maxPixels && width * height * 4 <= maxFrameBytes
    }

    /// Set to 1 to present with XPutImage even where MIT-SHM works.
    public static let noShmVariable = "ANIMDEMO_NO_SHM"

    /// Opens the window, `options.size` × the scale in pixels, and runs the event loop; returns when the window is closed, `q` or
    /// `Escape` is pressed, or SIGINT, SIGTERM or SIGHUP arrives: then it returns that signal,
    /// for the program to exit with 128 + it. Everything it holds (the shared memory, the
    /// window, the connection) is released on the way out.
    @discardableResult
    public static func run(_ options: WindowOptions) throws(WindowError) -> Int32? {
        var captures: FrameCapture?
        // A recording running at the end is saved, and files still being written are finished,
        // once the window and the connection are gone; and when the server goes away, before
        // the program exits with status 1 (XErrorTrap).
        defer {
            XErrorTrap.beforeExit = nil
            captures?.finish()
        }
        return try runWindow(options) { kept in
            captures = kept
            XErrorTrap.beforeExit = { kept.finish() }
        }
    }

    /// Everything of `run` but waiting for the files: `keep` receives the captures.
    private static func runWindow(_ options: WindowOptions, keep: (FrameCapture) -> Void) throws(WindowError)
        -> Int32?
    {
        Console.programName = options.programName
        let display = try XDisplay()
        let scale =
            options.scale
            ?? Double(
                DesktopScale.scale(
                    gdkScale: getenv("GDK_SCALE").map { String(cString: $0) },
                    resources: display.resourceManagerString))
        let resumed = options.watch?.resume ?? options.session?.state
        // A window taken up under --watch keeps the size it had.
        let width = resumed?.window?.width ?? Int((options.size.width * scale).rounded())
        let height = resumed?.window?.height ?? Int((options.size.height * scale).rounded())
        // The desktop's scale is known only now; a --scale given was checked with the arguments.
        guard fits(width: width, height: height) else {
            throw .tooLarge(width: width, height: height, scale: scale)
        }
        let canvas = FrameRenderer(images: options.images)
        let session = SceneSession(
            catalog: options.catalog, index: options.sceneIndex,
            size: Size(width: Double(width), height: Double(height)), seed: options.seed,
            images: canvas.images, fps: options.fps, bubbleLoad: options.bubbleLoad, scale: scale,
            knobs: options.knobs,
            showsHints: getenv("ANIMDEMO_NO_HINT").map { String(cString: $0).isEmpty } ?? true,
            compare: options.compare)
        session.programName = options.programName
        if let resumed { resume(session, from: resumed, sessionFile: options.session?.path) }
        // A session file may come from another screen: only a reload keeps the place.
        let position = options.watch?.resume?.window.map { ($0.x, $0.y) }
        let window = try XWindow(
            display: display, width: width, height: height, title: session.windowTitle,
            className: options.programName, position: position)
        let presenter = try makePresenter(window: window, width: width, height: height)
        let signals = try SignalPipe()
        TestReport.line("ready")  // Interruption's handlers, then these: a signal now ends it cleanly
        let captures = try FrameCapture(
            session: session, renderer: canvas, folder: CaptureFolder(directory: options.screenshotDirectory),
            format: options.recordingFormat, windowFPS: options.fps, exporter: options.historyExporter)
        let loop = EventLoop(
            session: session, images: canvas.images, window: window, presenter: presenter, signals: signals,
            captures: captures, fps: options.fps, watch: options.watch.map(WatchControl.init))
        keep(captures)
        window.map()
        defer { if FrameStats.isRequested { Console.error(loop.frameStats.summary) } }
        try loop.run()
        return loop.endingSignal
    }

    /// Takes up the previous build's state (`--watch`) or a session file's moment
    /// (`sessionFile`, its path) and says how long its replay took.
    private static func resume(_ session: SceneSession, from state: WatchState, sessionFile: String?) {
        let start = FrameClock.now()
        guard let frames = session.resume(from: state, at: 0) else {
            Console.error("the previous build's state names no scene of this build: starting afresh")
            return
        }
        let milliseconds = Double(FrameClock.now() - start) / 1e6
        let moment = String(format: "%.3f", session.sceneTimeline.currentTime)
        Console.error(
            (sessionFile.map { "opened \($0) at \(moment) s" } ?? "reloaded at \(moment) s")
                + ": replayed \(frames) frames in \(String(format: "%.1f", milliseconds)) ms")
    }

    /// MIT-SHM where the server can share our memory and it is not turned off, else XPutImage.
    private static func makePresenter(window: XWindow, width: Int, height: Int) throws(WindowError)
        -> FramePresenter
    {
        let shmDisabled = getenv(noShmVariable).map { String(cString: $0) == "1" } ?? false
        if !shmDisabled, let shm = ShmPresenter(window: window, width: width, height: height) { return shm }
        return try PutImagePresenter(window: window, width: width, height: height)
    }
}
