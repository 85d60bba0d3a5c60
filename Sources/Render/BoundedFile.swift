import Foundation

/// A file read whole, at most `limit` bytes, by the program's readers of outside files (event
/// scripts, session files, images): opened without waiting (a FIFO with no writer would block
/// the program for ever), refused unless it is a regular file, its size checked before it is
/// read and again as it is read (it may grow meanwhile).
public enum BoundedFile {
    public enum Failure: Error, Equatable {
        /// The system's reason (`strerror`).
        case unreadable(String)
        case folder
        case notRegular
        /// Its size when known beforehand; nil when it grew past the limit as it was read.
        case tooLarge(Int?)

        /// The reason as the program's messages say it, after "cannot read FILE: ".
        public var reason: String {
            switch self {
            case .unreadable(let reason): reason
            case .folder: "it is a folder"
            case .notRegular: "it is not a regular file"
            case .tooLarge(let size?): "it is \(size) bytes"
            case .tooLarge(nil): "it grew past the limit while read"
            }
        }
    }

    public static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        func systemFailure() -> Failure { .unreadable(String(cString: strerror(errno))) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw systemFailure() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw systemFailure() }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder
        default: throw .notRegular
        }
        guard Int(status.st_size) <= limit else { throw .tooLarge(Int(status.st_size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= limit {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw systemFailure() }
            if got == 0 { break }
            bytes += chunk.prefix(got)
        }
        guard bytes.count <= limit else { throw .tooLarge(nil) }
        return bytes
    }
}
