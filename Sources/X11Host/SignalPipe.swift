import Glibc

/// Turns SIGINT and SIGTERM into a readable pipe that the event loop polls beside the X
/// connection (the self-pipe trick), so that the loop ends normally and releases what it holds.
///
/// A signal handler may only do async-signal-safe things: it writes one byte, nothing else.
final class SignalPipe {
    /// The end to poll(); readable once a signal arrived.
    let fileDescriptor: Int32
    private let writeEnd: Int32

    nonisolated(unsafe) private static var activeWriteEnd: Int32 = -1

    /// Installs the handlers; they stay until `deinit` restores the defaults.
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
        for signalNumber in [SIGINT, SIGTERM] {
            sigaddset(&handled, signalNumber)
            _ = signal(signalNumber) { _ in
                var byte: UInt8 = 1
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
        for signalNumber in [SIGINT, SIGTERM, SIGPIPE] { _ = signal(signalNumber, SIG_DFL) }
        Self.activeWriteEnd = -1
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Empties the pipe; whether a signal had arrived.
    func drain() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        var sawSignal = false
        while read(fileDescriptor, &buffer, buffer.count) > 0 { sawSignal = true }
        return sawSignal
    }
}
