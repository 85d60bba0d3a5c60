import Glibc
import Render

/// Turns SIGINT, SIGTERM and SIGHUP into a readable pipe that the event loop polls beside the
/// X connection (the self-pipe trick), so that the loop ends normally, saves a running
/// recording and releases what it holds; the program then exits with 128 + the signal.
///
/// A second signal does not wait for that: it is handled as `render`'s are
/// (`Interruption.cleanUpAndExit`: temporary files and the folders made for them removed).
/// A signal handler may only do async-signal-safe things: it writes one byte, nothing else.
final class SignalPipe {
    /// The end to poll(); readable once a signal arrived.
    let fileDescriptor: Int32
    private let writeEnd: Int32

    nonisolated(unsafe) private static var activeWriteEnd: Int32 = -1
    /// Whether a signal came already (written by the handler only).
    nonisolated(unsafe) private static var hasSignalled: sig_atomic_t = 0

    /// Installs the handlers; when it goes, `Interruption`'s are installed again.
    init() throws(WindowError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotPresent("cannot make a pipe for signals") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
        Self.activeWriteEnd = writeEnd
        var handled = sigset_t()
        sigemptyset(&handled)
        for signalNumber in Interruption.signals {
            sigaddset(&handled, signalNumber)
            _ = signal(signalNumber) { signalNumber in
                guard SignalPipe.hasSignalled == 0 else { Interruption.cleanUpAndExit(signal: signalNumber) }
                SignalPipe.hasSignalled = 1
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(SignalPipe.activeWriteEnd, &byte, 1)
            }
        }
        // A blocked mask survives exec: a parent that blocked these (a test runner's thread)
        // would otherwise leave the program deaf to them.
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
        // A server that dies while we write to it would kill us with SIGPIPE, silently; ignored,
        // the write fails with EPIPE and Xlib calls the I/O error handler (one line, status 1).
        _ = signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        _ = signal(SIGPIPE, SIG_DFL)
        Interruption.install()
        Self.activeWriteEnd = -1
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Empties the pipe; the signal that arrived, nil if none.
    func drain() -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        var signal: Int32?
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            signal = Int32(buffer[count - 1])
        }
        return signal
    }
}
