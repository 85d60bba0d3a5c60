import Animation
import Render

/// What the window needs from the command line.
public struct WindowOptions {
    public var catalog: [SceneDescriptor]
    public var sceneIndex: Int
    public var size: Size
    public var fps: Int
    public var seed: UInt64
    public var screenshotDirectory: String

    public init(
        catalog: [SceneDescriptor], sceneIndex: Int, size: Size, fps: Int, seed: UInt64, screenshotDirectory: String
    ) {
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

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            return "cannot open X display \"\(name)\": set DISPLAY to a running X server, "
                + "or use `animdemo render` to draw without one"
        case .serverGone(let reason):
            return "the X server went away: \(reason)"
        }
    }

    public var exitStatus: Int32 {
        switch self {
        case .cannotOpenDisplay: return 2
        case .serverGone: return 1
        }
    }
}

/// Runs a scene in an X11 window until the user quits.
public enum WindowHost {
    /// Opens the window and runs the event loop; returns when the window is closed.
    public static func run(_ options: WindowOptions) throws(WindowError) {
        throw .cannotOpenDisplay("(the window host is not built yet)")
    }
}
