import ArgumentParser
import Foundation
import Render

/// One file written whole or not at all: under a hidden name in its folder, renamed into place
/// (an interruption removes the hidden file, `Interruption`).
enum OutputFile {
    /// Fails before any work when `path` could not be written: its folder is missing, is no
    /// folder, or refuses a new file (tried: permissions alone do not tell, root may write
    /// anywhere but a read-only file system), or `path` is a folder.
    static func checkFolder(of path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("--out \(path) is a folder: name a file in it")
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw ValidationError("cannot write \(path): the folder \(folder) does not exist")
        }
        guard isFolder.boolValue else {
            throw ValidationError("cannot write \(path): \(folder) is a file, not a folder")
        }
        let probe = "\(folder)/.\(url.lastPathComponent).\(getpid()).probe"
        let failure = Interruption.deferringSignals { () -> Int32? in
            let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return errno }
            close(descriptor)
            unlink(probe)
            return nil
        }
        if let failure {
            throw ValidationError("cannot write \(path): \(String(cString: strerror(failure)))")
        }
    }

    /// Writes `data` to a hidden file beside `path`, then renames it to `path`.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let hidden = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).part"
        ).path
        Interruption.removeOnSignal(file: hidden)
        defer { Interruption.forget(file: hidden) }
        do {
            try data.write(to: URL(fileURLWithPath: hidden))
            guard rename(hidden, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(hidden)
                throw ValidationError("cannot write \(path): \(reason)")
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            unlink(hidden)
            throw ValidationError("cannot write \(path): \(error.localizedDescription)")
        }
    }
}
