import Foundation

/// A file that appears whole or not at all: its bytes go to a hidden temporary name beside it
/// (`.NAME.RANDOM.partial`), which `commit` renames into place (a rename within one file
/// system is atomic, so a reader sees the old file or the new one, never part of it).
///
/// A recording streams into one as it is encoded (`RecordingOutput`), so the file need not
/// be held in memory. On an error in `commit`, on `discard`, and when it is dropped
/// uncommitted, the temporary file is removed; a signal removes it too (`Interruption`).
final class PartialFile: RecordingOutput {
    /// Where the file goes once whole.
    let path: String
    /// The hidden name it is written under.
    private let temporary: String
    /// Open until committed or discarded, then nil.
    private var descriptor: Int32?
    private(set) var count = 0
    /// The most bytes the file takes: past them a write fails as on a full disk (for tests;
    /// `Int.max` otherwise).
    private let capacity: Int

    /// Creates the temporary file beside `path`, empty, with the usual permissions (0666 less
    /// the umask, as any new file).
    /// - Throws: `RecordingError.cannotWrite` naming `path` when its folder takes no new file.
    init(beside path: String, capacity: Int = .max) throws(RecordingError) {
        self.capacity = capacity
        let (folder, name) = Self.split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .cannotWrite(path: path, reason: "the path names a folder, not a file")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let suffix = String(generator.next() & 0xFFFF_FFFF, radix: 16)
            let temporary = "\(folder)/.\(name).\(suffix).partial"
            let (descriptor, failure) = Interruption.deferringSignals { () -> (Int32, Int32) in
                let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
                guard descriptor >= 0 else { return (descriptor, errno) }
                Interruption.removeOnSignal(file: temporary)
                return (descriptor, 0)
            }
            if descriptor >= 0 {
                self.path = path
                self.temporary = temporary
                self.descriptor = descriptor
                return
            }
            guard failure == EEXIST else {
                throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
            }
        }
        throw .cannotWrite(path: path, reason: "no free temporary name beside it")
    }

    deinit { discard() }

    /// Writes `bytes` to a new file at `path`, replacing a file already there.
    static func write(_ bytes: [UInt8], to path: String) throws(RecordingError) {
        let file = try PartialFile(beside: path)
        try file.write(bytes)
        try file.commit()
    }

    func write(_ bytes: [UInt8]) throws(RecordingError) {
        guard bytes.count <= capacity - count else {
            // As a full disk: what fits is written, then the error.
            try overwrite(Array(bytes.prefix(capacity - count)), at: count)
            throw .cannotWrite(path: path, reason: String(cString: strerror(ENOSPC)))
        }
        try overwrite(bytes, at: count)
        count += bytes.count
    }

    func overwrite(_ bytes: [UInt8], at offset: Int) throws(RecordingError) {
        guard let descriptor else { preconditionFailure("a write after commit or discard") }
        precondition(offset >= 0 && offset <= count, "a write at \(offset), past the end (\(count))")
        guard !bytes.isEmpty else { return }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                pwrite(
                    descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written,
                    off_t(offset + written))
            }
            if result < 0 {
                guard errno == EINTR else { throw .cannotWrite(path: path, reason: Self.lastError()) }
                continue
            }
            written += result
        }
    }

    /// Cuts the file back to its first `count` bytes (after a failed write, to the last whole
    /// part).
    func truncate(to count: Int) throws(RecordingError) {
        guard let descriptor else { preconditionFailure("a truncate after commit or discard") }
        precondition((0...self.count).contains(count), "a truncate to \(count) of \(self.count) bytes")
        guard ftruncate(descriptor, off_t(count)) == 0 else {
            throw .cannotWrite(path: path, reason: Self.lastError())
        }
        self.count = count
    }

    /// Makes sure the bytes are on disk and gives the file its name, replacing a file already
    /// there; on an error the temporary file is removed.
    func commit() throws(RecordingError) {
        guard let descriptor else { preconditionFailure("commit after commit or discard") }
        self.descriptor = nil
        let synced = fsync(descriptor) == 0 ? nil : Self.lastError()
        let closed = close(descriptor) == 0 ? nil : Self.lastError()  // closed even on an error
        if let reason = synced ?? closed {
            removeTemporary()
            throw .cannotWrite(path: path, reason: reason)
        }
        let failure = Interruption.deferringSignals { () -> Int32? in
            guard rename(temporary, path) == 0 else { return errno }
            Interruption.forget(file: temporary)
            return nil
        }
        if let failure {
            removeTemporary()
            throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Closes and removes the temporary file, unless it was committed.
    func discard() {
        guard let descriptor else { return }
        self.descriptor = nil
        close(descriptor)
        removeTemporary()
    }

    private func removeTemporary() {
        unlink(temporary)
        Interruption.forget(file: temporary)
    }

    /// The folder part (`.` when there is none) and the file name part of `path`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    /// The C library's message for `errno` ("Permission denied").
    private static func lastError() -> String { String(cString: strerror(errno)) }
}
