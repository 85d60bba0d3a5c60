import Foundation
import Glibc

/// A thread of its own that runs jobs one at a time, in the order given, below the frame
/// loop's priority: what screenshots and recordings encode and write, off the frame loop.
///
/// Each job may say what it holds (`cost`, bytes of pixels waiting), so that the loop can
/// tell how far the thread has fallen behind.
final class WorkerThread: @unchecked Sendable {
    /// A thread's niceness above the frame loop's: the most there is, so that on a busy machine
    /// it runs on what the loop and everything else leave. Measured with
    /// `Scripts/window-recording.sh` (fish, 800×600, a GIF of 10 s, load 2–8 on two cores):
    /// at +0 the loop missed 3 and 11 of 600 frames while recording, at +5 2–8, at +19 0–3
    /// (a WebP 0–7); the GIF's encoder then took 10–17 s instead of 5–7 s, its frames waiting
    /// in memory.
    static let niceness: Int32 = 19

    /// Guards everything below and signals new jobs and the thread's end.
    private let condition = NSCondition()
    private var jobs: [(cost: Int, run: @Sendable () -> Void)] = []
    private var queuedCost = 0
    private var isClosed = false
    private var isDone = false

    /// Starts the thread, named `name` (as `top -H` shows it).
    init(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    /// Adds `job`, which holds `cost` bytes until it has run.
    func enqueue(cost: Int = 0, _ job: @escaping @Sendable () -> Void) {
        condition.withLock {
            precondition(!isClosed, "a job after close()")
            jobs.append((cost, job))
            queuedCost += cost
            condition.signal()
        }
    }

    /// The bytes the waiting jobs hold.
    var pendingCost: Int { condition.withLock { queuedCost } }

    /// Whether the thread has run its last job and ended.
    var hasEnded: Bool { condition.withLock { isDone } }

    /// Takes no more jobs; the thread ends after the last one.
    func close() {
        condition.withLock {
            isClosed = true
            condition.signal()
        }
    }

    /// Closes and waits until every job has run.
    func finish() {
        close()
        condition.withLock {
            while !isDone { condition.wait() }
        }
    }

    private func run() {
        // On Linux a thread's id names it alone to setpriority(2): this lowers just this thread,
        // relative to the loop's (the program may run at another niceness).
        if let thread = Self.currentThreadID() {
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let current = getpriority(which, thread)
            if errno == 0 { _ = setpriority(which, thread, min(current + Self.niceness, 19)) }
        }
        while true {
            condition.lock()
            while jobs.isEmpty && !isClosed { condition.wait() }
            guard !jobs.isEmpty else {
                isDone = true
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.run()
            condition.withLock { queuedCost -= job.cost }
        }
    }

    /// The calling thread's kernel id, from the link `/proc/thread-self` → `PID/task/TID`
    /// (glibc's `gettid()` is not visible to Swift, and `syscall()` is variadic).
    private static func currentThreadID() -> id_t? {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return link.split(separator: "/").last.flatMap { id_t($0) }
    }
}
