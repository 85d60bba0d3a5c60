import Foundation
import Render

/// The `render` output folder: PNGs written under temporary names, renamed into place by
/// `commit`, or removed with the folder (if this run made it) by `discard`.
final class OutputFolder {
    private let path: String
    private let madeFolder: Bool
    /// Temporary and final paths of the frames written so far.
    private var written: [(temporary: String, final: String)] = []

    init(path: String) throws {
        self.path = path
        var isFolder: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if existed && !isFolder.boolValue {
            throw ExitWithMessage(message: "--out \(path) is a file, not a folder", status: 2)
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw ExitWithMessage(
                message: "cannot create the output folder \(path): \(Self.reason(of: error))", status: 2)
        }
        madeFolder = !existed
    }

    /// Writes `image` as `name` under a temporary name.
    func write(_ image: RenderedFrame, name: String) throws {
        let final = (path as NSString).appendingPathComponent(name)
        let temporary = (path as NSString).appendingPathComponent(".\(name).\(getpid()).partial")
        written.append((temporary, final))
        do {
            try image.writePNG(to: temporary)
        } catch .cannotWritePNG(_, let reason) {
            throw ExitWithMessage(message: "cannot write \(final): \(reason)", status: 2)
        }
    }

    /// Renames every frame into place.
    func commit() throws {
        for (index, file) in written.enumerated() where rename(file.temporary, file.final) != 0 {
            let reason = String(cString: strerror(errno))
            written.removeFirst(index)
            throw ExitWithMessage(message: "cannot write \(file.final): \(reason)", status: 2)
        }
        written = []
    }

    /// Removes what this run wrote, and the folder if this run made it and it is empty.
    func discard() {
        for file in written { unlink(file.temporary) }
        written = []
        if madeFolder { rmdir(path) }
    }

    /// The last part of a Foundation error's message, the system's own words where it has them.
    private static func reason(of error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
