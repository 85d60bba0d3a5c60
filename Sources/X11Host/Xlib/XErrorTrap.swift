internal import CX11
import Glibc

/// Catches the X server's errors instead of letting Xlib print them and exit.
///
/// Xlib reports errors through C callbacks that cannot capture context, so they are recorded
/// in static storage here and read back by the one thread that talks to the server (the host
/// is single-threaded; there is no XInitThreads).
/// - Protocol errors (`XSetErrorHandler`) are recorded and never fatal: a `BadWindow` for our
///   own window means it was destroyed (`xdotool windowclose`), a failed `XShmAttach` means
///   the server cannot reach our memory (a remote display).
/// - A lost connection (`XSetIOErrorHandler`) prints one line, saves a running recording
///   (`beforeExit`) and exits with status 1: Xlib cannot go on after it, and the
///   shared-memory segments are already marked for removal.
///   The line says whether the server went away or, still running, closed the connection
///   (the window was killed): a new connection to it tells which.
enum XErrorTrap {
    /// One protocol error.
    struct Record {
        /// `BadWindow`, `BadAccess`, … (X.h).
        var errorCode: Int32
        /// The major opcode of the failed request.
        var requestCode: Int32
        /// The resource the request named (a window, a segment).
        var resource: UInt
    }

    nonisolated(unsafe) private static var records: [Record] = []
    nonisolated(unsafe) private static var displayName = ""
    /// Runs when the connection is lost, after the message and before the exit: the window's
    /// recording is saved then (its frames are in this process, not the server).
    nonisolated(unsafe) static var beforeExit: (() -> Void)?

    /// Installs both handlers; `displayName` goes into the lost-connection message.
    static func install(displayName: String) {
        Self.displayName = displayName
        _ = XSetErrorHandler { _, event in
            guard let event else { return 0 }
            if XErrorTrap.records.count < 1000 {
                XErrorTrap.records.append(
                    Record(
                        errorCode: Int32(event.pointee.error_code),
                        requestCode: Int32(event.pointee.request_code),
                        resource: UInt(event.pointee.resourceid)))
            }
            return 0
        }
        _ = XSetIOErrorHandler { _ in
            // A server that still takes connections closed ours on purpose (XKillClient).
            let name = XErrorTrap.displayName
            let error: WindowError
            if let probe = XOpenDisplay(name) {
                XCloseDisplay(probe)
                error = .connectionClosed(name)
            } else {
                error = .serverGone("lost the connection to \(name)")
            }
            Console.error("error: \(error.description)")
            if let beforeExit = XErrorTrap.beforeExit {
                XErrorTrap.beforeExit = nil  // once, even if it loses the connection again
                beforeExit()
            }
            exit(error.exitStatus)
        }
    }

    /// The errors recorded since the last call, oldest first.
    static func take() -> [Record] {
        defer { records.removeAll() }
        return records
    }

    /// Where the record ends now, to see what one request caused (after an `XSync`).
    static var mark: Int { records.count }

    /// The errors recorded after `mark`, which `take()` will then not return.
    static func take(since mark: Int) -> [Record] {
        let start = min(mark, records.count)
        defer { records.removeSubrange(start...) }
        return Array(records[start...])
    }
}

extension XErrorTrap.Record {
    /// Whether the error says that `window` no longer exists.
    func isMissing(_ window: UInt) -> Bool {
        resource == window && (errorCode == BadWindow || errorCode == BadDrawable)
    }

    /// One line for stderr.
    var description: String {
        "X error \(errorCode) on request \(requestCode) (resource 0x\(String(resource, radix: 16)))"
    }
}
