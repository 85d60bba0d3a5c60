import Animation
import Glibc
import Render
import Scenes
import Session

/// Why the window could not run; `exitStatus` is what the program ends with.
public enum WindowError: Error, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case serverGone(String)
    /// The server closed our connection while it still runs: the window was killed (`xkill`,
    /// a window manager's "force quit").
    case connectionClosed(String)
    /// The display has no depth-24 TrueColor visual with 8-bit RGB channels.
    case unsupportedVisual(String)
    /// Frames cannot be drawn or sent (out of memory, a server without 32-bit images).
    case cannotPresent(String)
    /// `--size` times the desktop's scale is more than `WindowHost.maxPixels` a side.
    case tooLarge(width: Int, height: Int, scale: Double)

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
        case .connectionClosed(let name):
            return "the X server \(name) closed our connection: the window was killed "
                + "(xkill, or the window manager)"
        case .unsupportedVisual(let name):
            return "X display \"\(name)\" has no 24-bit TrueColor visual; "
                + "use `animdemo render` to draw without one"
        case .cannotPresent(let reason):
            return "cannot show frames in the window: \(reason)"
        case .tooLarge(let width, let height, let scale):
            return "the window would be \(width)x\(height) pixels at the desktop's scale \(Int(scale)); "
                + "the most is \(WindowHost.maxPixels) a side and \(WindowHost.maxFrameBytes >> 20) MiB a frame: "
                + "give a smaller --size or --scale 1"
        }
    }

    public var exitStatus: Int32 {
        switch self {
        case .cannotOpenDisplay, .unsupportedVisual, .tooLarge: return 2
        case .serverGone, .connectionClosed, .cannotPresent: return 1
        }
    }
}
