import Animation
import Glibc
import Render
import Scenes
import Session

/// What the window needs from the command line.
public struct WindowOptions {
    public var catalog: [SceneDescriptor]
    public var sceneIndex: Int
    public var size: Size
    public var fps: Int
    public var seed: UInt64
    public var screenshotDirectory: String
    public var images: ImageStore

    public init(
        catalog: [SceneDescriptor], sceneIndex: Int, size: Size, fps: Int, seed: UInt64,
        screenshotDirectory: String, images: ImageStore
    ) {
        self.images = images
        self.catalog = catalog
        self.sceneIndex = sceneIndex
        self.size = size
        self.fps = fps
        self.seed = seed
        self.screenshotDirectory = screenshotDirectory
    }
}

/// Why the window could not run; `exitStatus` is what the program ends with.
public enum WindowError: Error, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case serverGone(String)
    /// The display has no depth-24 TrueColor visual with 8-bit RGB channels.
    case unsupportedVisual(String)
    /// Frames cannot be drawn or sent (out of memory, a server without 32-bit images).
    case cannotPresent(String)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name) where name.isEmpty:
            return "cannot open an X display: DISPLAY is not set; set it to a running X server, "
                + "or use `animdemo render` to draw without one"
        case .cannotOpenDisplay(let name):
            return "cannot open X display \"\(name)\": set DISPLAY to a running X server, "
                + "or use `animdemo render` to draw without one"
        case .serverGone(let reason):
            return "the X server went away: \(reason)"
        case .unsupportedVisual(let name):
            return "X display \"\(name)\" has no 24-bit TrueColor visual; "
                + "use `animdemo render` to draw without one"
        case .cannotPresent(let reason):
            return "cannot show frames in the window: \(reason)"
        }
    }

    public var exitStatus: Int32 {
        switch self {
        case .cannotOpenDisplay, .unsupportedVisual: return 2
        case .serverGone, .cannotPresent: return 1
        }
    }
}

/// Runs a scene in an X11 window until the user quits.
public enum WindowHost {
    /// Set to 1 to present with XPutImage even where MIT-SHM works.
    public static let noShmVariable = "ANIMDEMO_NO_SHM"

    /// Opens the window and runs the event loop; returns when the window is closed, `q` or
    /// `Escape` is pressed, or SIGINT or SIGTERM arrives. Everything it holds (the shared
    /// memory, the window, the connection) is released on the way out.
    public static func run(_ options: WindowOptions) throws(WindowError) {
        let display = try XDisplay()
        let width = Int(options.size.width.rounded())
        let height = Int(options.size.height.rounded())
        let canvas = FrameCanvas(images: options.images)
        let session = SceneSession(
            catalog: options.catalog, index: options.sceneIndex, size: options.size, seed: options.seed,
            images: canvas.images)
        let window = try XWindow(display: display, width: width, height: height, title: session.windowTitle)
        let presenter = try makePresenter(window: window, width: width, height: height)
        let signals = try SignalPipe()
        let loop = EventLoop(
            session: session, canvas: canvas, window: window, presenter: presenter, signals: signals,
            screenshots: ScreenshotWriter(directory: options.screenshotDirectory), fps: options.fps)
        window.map()
        defer { if FrameStats.isRequested { Console.error(loop.frameStats.summary) } }
        try loop.run()
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
