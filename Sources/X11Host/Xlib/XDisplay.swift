internal import CX11
import Glibc

/// Owns the connection to the X server (`Display *`): opened in `init`, closed in `deinit`.
///
/// Everything else that holds an X resource keeps a reference to its `XDisplay`, so the
/// connection closes last.
final class XDisplay {
    let handle: OpaquePointer
    /// The display's name as Xlib resolved it (`:0`), for messages.
    let name: String
    let screen: Int32
    let rootWindow: Window

    /// Opens `name`, or `$DISPLAY` when nil; installs the error handlers.
    init(name requested: String? = nil) throws(WindowError) {
        let resolved = XDisplayName(requested).map { String(cString: $0) } ?? ""
        guard let handle = XOpenDisplay(requested) else { throw .cannotOpenDisplay(resolved) }
        self.handle = handle
        name = resolved
        XErrorTrap.install(displayName: resolved)
        screen = XDefaultScreen(handle)
        rootWindow = XRootWindow(handle, screen)
    }

    deinit { XCloseDisplay(handle) }

    /// The socket to poll() for events.
    var fileDescriptor: Int32 { XConnectionNumber(handle) }

    /// Sends buffered requests.
    func flush() { XFlush(handle) }

    /// Sends buffered requests and waits until the server has handled them (errors included).
    func sync() { XSync(handle, False) }

    /// Flushes, reads what the socket has without blocking, and tells whether an event waits.
    var hasPendingEvents: Bool { XPending(handle) > 0 }

    /// The next event; blocks if none is queued (call after `hasPendingEvents`).
    func nextEvent() -> XEvent {
        var event = XEvent()
        XNextEvent(handle, &event)
        return event
    }

    /// The server's resource database as text (what `xrdb -query` prints: the root window's
    /// RESOURCE_MANAGER property), nil if it has none.
    var resourceManagerString: String? {
        XResourceManagerString(handle).map { String(cString: $0) }
    }

    /// The atom called `name`, created if needed.
    func atom(_ name: String) -> Atom { XInternAtom(handle, name, False) }

    /// Whether the server has MIT-SHM, and the event code of its completion event.
    var shmCompletionEventType: Int32? {
        guard XShmQueryExtension(handle) != 0 else { return nil }
        return XShmGetEventBase(handle) + ShmCompletion
    }
}
