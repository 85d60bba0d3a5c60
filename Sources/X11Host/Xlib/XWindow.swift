internal import CX11
import Glibc

/// Owns the top-level window and what only it uses: its colormap and its graphics context.
///
/// The window has the depth-24 TrueColor visual whose pixels are 32-bit `0x00RRGGBB`, the
/// layout of Cairo's ARGB32 (the alpha byte is ignored), so frames go to the server as drawn.
final class XWindow {
    let display: XDisplay
    let id: Window
    let visual: UnsafeMutablePointer<Visual>
    /// Always 24: see the type's summary.
    let depth: Int32 = 24
    let graphicsContext: GC
    private let colormap: Colormap
    /// Whether `colormap` was made for the window (and is freed with it): only when its visual
    /// is not the screen's default one.
    private let ownsColormap: Bool
    /// Set when the server says the window is gone, so that `deinit` leaves it alone.
    private(set) var isDestroyed = false
    private var title = ""

    /// The smallest window the user can resize to (pixels): room for the help overlay.
    static let preferredMinimumSize = (width: 320, height: 240)

    /// Creates (but does not map) a window of `width` × `height` titled `title`, of class
    /// `className` (`WM_CLASS`); at `position` on the screen when given (a window taken up under
    /// `--watch`), where the window manager puts it otherwise.
    init(
        display: XDisplay, width: Int, height: Int, title: String, className: String = "animdemo",
        position: (x: Int, y: Int)? = nil
    ) throws(WindowError) {
        self.display = display
        let handle = display.handle
        var info = XVisualInfo()
        guard XMatchVisualInfo(handle, display.screen, 24, TrueColor, &info) != 0, let visual = info.visual,
            info.red_mask == 0xFF0000, info.green_mask == 0xFF00, info.blue_mask == 0xFF
        else { throw .unsupportedVisual(display.name) }
        self.visual = visual
        // The screen's own colormap when the visual is the screen's (the usual case): a window
        // with a colormap of its own makes screen grabbers (`xwd -root`) read each such window
        // apart and put the screen together themselves, which goes wrong (a black screen) while
        // a window appears or goes, as at every --watch reload.
        let screenVisual = XDefaultVisual(handle, display.screen)
        ownsColormap = screenVisual.map { XVisualIDFromVisual($0) != XVisualIDFromVisual(visual) } ?? true
        colormap =
            ownsColormap
            ? XCreateColormap(handle, display.rootWindow, visual, AllocNone)
            : XDefaultColormap(handle, display.screen)

        var attributes = XSetWindowAttributes()
        attributes.colormap = colormap
        attributes.border_pixel = 0
        attributes.background_pixmap = UInt(None)  // no clearing on expose: the next frame paints it all
        attributes.bit_gravity = NorthWestGravity  // keep the old pixels on resize until then
        attributes.event_mask =
            ExposureMask | StructureNotifyMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | LeaveWindowMask | FocusChangeMask | VisibilityChangeMask
        let mask = CWColormap | CWBorderPixel | CWBackPixmap | CWBitGravity | CWEventMask
        id = XCreateWindow(
            handle, display.rootWindow, Int32(position?.x ?? 0), Int32(position?.y ?? 0), UInt32(width),
            UInt32(height), 0, depth, UInt32(InputOutput),
            visual, UInt(mask), &attributes)
        graphicsContext = XCreateGC(handle, id, 0, nil)

        setClass(className)
        setMinimumSize(
            width: min(Self.preferredMinimumSize.width, width),
            height: min(Self.preferredMinimumSize.height, height), position: position)
        setProcessProperties()
        var deleteWindow = display.atom("WM_DELETE_WINDOW")
        XSetWMProtocols(handle, id, &deleteWindow, 1)
        setTitle(title)
    }

    deinit {
        XFreeGC(display.handle, graphicsContext)
        if !isDestroyed { XDestroyWindow(display.handle, id) }
        if ownsColormap { XFreeColormap(display.handle, colormap) }
        display.flush()
    }

    /// Shows the window.
    func map() {
        XMapWindow(display.handle, id)
        display.flush()
    }

    /// Where the window is on the screen, pixels: the top left corner of the frame a window
    /// manager puts around it (`_NET_FRAME_EXTENTS`), else of the window itself; the position
    /// `USPosition` asks for, so that a window made there again does not move by its frame.
    /// Nil if the server cannot say.
    var position: (x: Int, y: Int)? {
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(display.handle, id, display.rootWindow, 0, 0, &x, &y, &child) != 0 else {
            return nil
        }
        let frame = frameExtents
        return (Int(x) - frame.left, Int(y) - frame.top)
    }

    /// The left and top sizes of the window manager's frame (`_NET_FRAME_EXTENTS`: left, right,
    /// top, bottom), zero without a window manager that sets it.
    private var frameExtents: (left: Int, top: Int) {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display.handle, id, display.atom("_NET_FRAME_EXTENTS"), 0, 4, 0, XA_CARDINAL, &type, &format,
            &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, format == 32, count == 4 else { return (0, 0) }
        // Format 32 properties are arrays of C longs in Xlib.
        let values = UnsafeRawPointer(data).bindMemory(to: Int.self, capacity: 4)
        return (values[0], values[2])
    }

    /// Notes that the server destroyed the window (a DestroyNotify or a BadWindow for it).
    func noteDestroyed() { isDestroyed = true }

    /// Sets the title in UTF-8 (`_NET_WM_NAME`, and `WM_NAME` for older tools); a no-op if unchanged.
    func setTitle(_ newTitle: String) {
        guard newTitle != title else { return }
        title = newTitle
        let utf8 = display.atom("UTF8_STRING")
        for property in ["_NET_WM_NAME", "WM_NAME", "_NET_WM_ICON_NAME", "WM_ICON_NAME"] {
            setProperty(property, type: utf8, bytes: Array(newTitle.utf8))
        }
        display.flush()
    }

    // MARK: - Properties

    /// `WM_CLASS`: instance and class name, both `name`.
    private func setClass(_ name: String) {
        let instance = strdup(name)
        let className = strdup(name)
        defer {
            free(instance)
            free(className)
        }
        var hint = XClassHint(res_name: instance, res_class: className)
        XSetClassHint(display.handle, id, &hint)
    }

    /// `WM_NORMAL_HINTS` with a minimum size, and the position as the user's (`USPosition`:
    /// window managers keep it) when given.
    private func setMinimumSize(width: Int, height: Int, position: (x: Int, y: Int)?) {
        var hints = XSizeHints()
        hints.flags = PMinSize
        if let position {
            hints.flags |= USPosition
            hints.x = Int32(position.x)
            hints.y = Int32(position.y)
        }
        hints.min_width = Int32(width)
        hints.min_height = Int32(height)
        XSetWMNormalHints(display.handle, id, &hints)
    }

    /// `_NET_WM_PID` and `WM_CLIENT_MACHINE`, so that tools find the window by process.
    private func setProcessProperties() {
        var pid = Int(getpid())  // format 32 properties are arrays of C longs in Xlib
        withUnsafeBytes(of: &pid) { bytes in
            if let base = bytes.baseAddress {
                XChangeProperty(
                    display.handle, id, display.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                    base.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let name = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            setProperty("WM_CLIENT_MACHINE", type: XA_STRING, bytes: name)
        }
    }

    private func setProperty(_ name: String, type: Atom, bytes: [UInt8]) {
        XChangeProperty(
            display.handle, id, display.atom(name), type, 8, PropModeReplace, bytes, Int32(bytes.count))
    }
}
