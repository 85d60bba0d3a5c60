import Foundation

/// Writes a file so that it appears whole or not at all: the bytes go to a temporary name in
/// the same folder, which is then renamed into place (a rename within one file system is
/// atomic, so a reader sees the old file or the new one, never half of it). On any error the
/// temporary file is removed and nothing is left behind.
enum WholeFile {
    /// Writes `bytes` to `path`, replacing a file already there.
    static func write(_ bytes: [UInt8], to path: String) throws(RecordingError) {
        let (folder, name) = split(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw .cannotWrite(path: path, reason: "the path names a folder, not a file")
        }
        let (temporary, descriptor) = try create(in: folder, for: name, path: path)
        var isOpen = true
        do throws(RecordingError) {
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw .cannotWrite(path: path, reason: lastError()) }
            isOpen = false  // closed even when close reports an error
            guard close(descriptor) == 0 else { throw .cannotWrite(path: path, reason: lastError()) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            Interruption.forget(file: temporary)
            throw error
        }
        let failure = Interruption.deferringSignals { () -> Int32? in
            guard rename(temporary, path) == 0 else { return errno }
            Interruption.forget(file: temporary)
            return nil
        }
        if let failure {
            let reason = String(cString: strerror(failure))
            unlink(temporary)
            Interruption.forget(file: temporary)
            throw .cannotWrite(path: path, reason: reason)
        }
    }

    /// The folder part (`.` when there is none) and the file name part of `path`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    /// Creates a new, empty, hidden file beside the target (`.NAME.RANDOM.partial`), with the
    /// usual permissions (0666 less the umask, as any new file), and opens it for writing; a
    /// signal before it is renamed removes it (`Interruption`).
    private static func create(in folder: String, for name: String, path: String) throws(RecordingError)
        -> (String, Int32)
    {
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
            if descriptor >= 0 { return (temporary, descriptor) }
            guard failure == EEXIST else {
                throw .cannotWrite(path: path, reason: String(cString: strerror(failure)))
            }
        }
        throw .cannotWrite(path: path, reason: "no free temporary name beside it")
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(RecordingError)
    {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if result < 0 {
                guard errno == EINTR else { throw .cannotWrite(path: path, reason: lastError()) }
                continue
            }
            written += result
        }
    }

    /// The C library's message for `errno` ("Permission denied").
    private static func lastError() -> String { String(cString: strerror(errno)) }
}
