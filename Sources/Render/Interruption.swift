import Foundation

/// Interrupted is the same as failed (README § Command line): when SIGINT, SIGTERM or SIGHUP
/// ends a run, the temporary files it was writing and the folders it made are removed, and it
/// exits with the shell's status for the signal, 128 + N (130, 143, 129).
///
/// Whoever makes a temporary file or a folder registers it here first and forgets it once
/// the file has its name (or is gone); the handler removes what is registered then, with
/// `unlink` and `rmdir` only (async-signal-safe, and `rmdir` leaves a folder that is not
/// empty), and ends the process with `_exit`.
///
/// The lists are C strings in memory of their own, guarded by a spin lock (`pthread_spin_lock`:
/// an atomic exchange, no system call, no allocation) that the handler takes too: a thread
/// holds it with the three signals blocked, so the handler never waits for the thread it
/// interrupted, only, briefly, for another.
public enum Interruption {
    /// The signals that end a run as a failure does.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_spinlock_t> = {
        let lock = UnsafeMutablePointer<pthread_spinlock_t>.allocate(capacity: 1)
        pthread_spin_init(lock, Int32(PTHREAD_PROCESS_PRIVATE))
        return lock
    }()
    nonisolated(unsafe) private static var files = PathList()
    nonisolated(unsafe) private static var folders = PathList()

    /// Installs the handlers (again, after a host had its own).
    public static func install() {
        withLock {  // the statics are made now, not first in the handler
            files.reserve()
            folders.reserve()
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in Interruption.cleanUpAndExit(signal: signal) }
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaddset(&action.sa_mask, signal) }  // one handler at a time
        action.sa_flags = 0
        for signal in signals { sigaction(signal, &action, nil) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        // A blocked mask survives exec: a parent that blocked these would leave us deaf to them.
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// Removes `path` if a signal ends the program before `forget(file:)`.
    public static func removeOnSignal(file path: String) { withLock { files.append(path) } }

    /// No longer removes `path` on a signal: it has its final name, or is gone.
    public static func forget(file path: String) { withLock { files.remove(path, keepingOrder: false) } }

    /// Removes the folder `path`, if it is empty, if a signal ends the program before
    /// `forget(folder:)`; folders go in the reverse order of registration (innermost first).
    public static func removeOnSignal(folder path: String) { withLock { folders.append(path) } }

    /// No longer removes the folder `path` on a signal.
    public static func forget(folder path: String) { withLock { folders.remove(path, keepingOrder: true) } }

    /// Runs `body` with the three signals held back on this thread: a signal that comes
    /// meanwhile is handled when it returns, so making something and registering it (a folder,
    /// a file under a name that may already be taken) is one step to the handler.
    public static func deferringSignals<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var mask = sigset_t()
        var previous = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Removes the registered files, then the registered folders that are empty, and ends the
    /// process with status 128 + `signal`. Async-signal-safe: for a signal handler.
    public static func cleanUpAndExit(signal: Int32) -> Never {
        while pthread_spin_trylock(lock) != 0 { sched_yield() }
        files.forEachPath { unlink($0) }
        folders.forEachPathReversed { rmdir($0) }
        _exit(128 + signal)
    }

    private static func withLock(_ body: () -> Void) {
        deferringSignals {
            pthread_spin_lock(lock)
            body()
            pthread_spin_unlock(lock)
        }
    }
}

/// Paths as C strings in memory of its own (the handler reads it without Swift's runtime).
private struct PathList {
    private var paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    private var count = 0
    private var capacity = 0

    /// Makes room for a first few paths.
    mutating func reserve() { if capacity == 0 { grow() } }

    mutating func append(_ path: String) {
        if count == capacity { grow() }
        paths?[count] = strdup(path)
        count += 1
    }

    private mutating func grow() {
        do {
            let newCapacity = max(16, capacity * 2)
            let grown = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: newCapacity)
            if let paths {
                grown.update(from: paths, count: count)
                paths.deallocate()
            }
            paths = grown
            capacity = newCapacity
        }
    }

    /// Removes the last entry equal to `path`; the last entry takes its place unless `keepingOrder`.
    mutating func remove(_ path: String, keepingOrder: Bool) {
        guard let paths else { return }
        for index in stride(from: count - 1, through: 0, by: -1) {
            guard let entry = paths[index], strcmp(entry, path) == 0 else { continue }
            free(entry)
            if keepingOrder {
                for later in index..<(count - 1) { paths[later] = paths[later + 1] }
            } else {
                paths[index] = paths[count - 1]
            }
            count -= 1
            return
        }
    }

    func forEachPath(_ body: (UnsafeMutablePointer<CChar>) -> Void) {
        for index in 0..<count { if let entry = paths?[index] { body(entry) } }
    }

    func forEachPathReversed(_ body: (UnsafeMutablePointer<CChar>) -> Void) {
        for index in stride(from: count - 1, through: 0, by: -1) {
            if let entry = paths?[index] { body(entry) }
        }
    }
}
