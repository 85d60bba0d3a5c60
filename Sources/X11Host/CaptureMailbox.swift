import Foundation
import Glibc

/// Messages from the capture threads to the frame loop ("saved animdemo-fish-….gif"), with a
/// pipe the loop polls beside the X connection: a message wakes a loop asleep in `poll()`
/// (the self-pipe trick, as `SignalPipe` does for signals).
final class CaptureMailbox: @unchecked Sendable {
    /// The end to poll(); readable while messages wait.
    let fileDescriptor: Int32
    private let writeEnd: Int32
    /// Guards `messages`; the pipe needs no lock.
    private let lock = NSLock()
    private var messages: [Message] = []

    /// A message for the window's toast; one that `holds` stays until the next message (a
    /// recording's "saving … N %" until the file is whole), the others for two seconds.
    struct Message: Equatable {
        var text: String
        var holds = false
    }

    init() throws(WindowError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .cannotPresent("cannot make a pipe for saved files") }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(fileDescriptor)
        close(writeEnd)
    }

    /// Leaves `message` for the loop and wakes it (any thread); `holds`: it stays on screen
    /// until the next one.
    func post(_ message: String, holds: Bool = false) {
        lock.withLock { messages.append(Message(text: message, holds: holds)) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)  // full pipe: a wake-up is pending anyway
    }

    /// The messages left so far, oldest first, and an empty pipe (the loop's thread).
    func take() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(fileDescriptor, &buffer, buffer.count) > 0 {}
        return lock.withLock {
            defer { messages = [] }
            return messages
        }
    }
}
