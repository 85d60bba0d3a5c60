import Foundation
import Render

/// The `render` output folder: PNGs written under temporary names, renamed into place by
/// `commit`, or removed with the folders this run made by `discard`, or by a signal
/// (`Interruption`).
final class OutputFolder {
    private let path: String
    /// The folders this run made, outermost first.
    private var madeFolders: [String] = []
    /// Temporary and final paths of the frames written so far.
    private var written: [(temporary: String, final: String)] = []

    init(path: String) throws {
        self.path = path
        var isFolder: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if existed && !isFolder.boolValue {
            throw ExitWithMessage(message: "--out \(path) is a file, not a folder", status: 2)
        }
        if let reason = Self.makeFolder(path, made: &madeFolders) {
            removeMadeFolders()
            throw ExitWithMessage(message: "cannot create the output folder \(path): \(reason)", status: 2)
        }
        Self.removeStalePartials(in: path)
    }

    /// The path itself, or the first of its folders that exists, when that is not a folder
    /// (a file, a FIFO, a device) so that no folder can be made there; nil when `path` is a
    /// folder or can become one. Symbolic links are followed.
    static func firstNonFolder(in path: String) -> String? {
        var current = path
        while !current.isEmpty {
            var status = stat()
            if stat(current, &status) == 0 {
                return (status.st_mode & S_IFMT) == S_IFDIR ? nil : current
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { return nil }
            current = parent
        }
        return nil
    }

    /// Removes the temporary files (`.NAME.PID.partial`) that a `render` killed outright (a
    /// signal it cannot catch) left in `folder`: those of processes that no longer exist.
    static func removeStalePartials(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = stalePartialProcess(name) else { continue }
            if kill(pid, 0) == -1 && errno == ESRCH {
                unlink((folder as NSString).appendingPathComponent(name))
            }
        }
    }

    /// The process id in a temporary file's name of ours (`.fish-000500.png.1234.partial`),
    /// nil for any other name.
    static func stalePartialProcess(_ name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return nil }
        let parts = name.dropLast(".partial".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 3, let last = parts.last, let pid = pid_t(last), pid > 0,
            parts[parts.count - 2] == "png" || parts[parts.count - 2] == "json"
        else { return nil }
        return pid
    }

    /// Writes `image` as `name` under a temporary name.
    func write(_ image: RenderedFrame, name: String) throws {
        let final = (path as NSString).appendingPathComponent(name)
        let temporary = (path as NSString).appendingPathComponent(".\(name).\(getpid()).partial")
        written.append((temporary, final))
        Interruption.removeOnSignal(file: temporary)
        do {
            try image.writePNG(to: temporary)
        } catch .cannotWritePNG(_, let reason) {
            throw ExitWithMessage(message: "cannot write \(final): \(reason)", status: 2)
        }
    }

    /// Writes `text` (UTF-8) as `name` under a temporary name (`render --describe`'s JSON).
    func write(text: String, name: String) throws {
        let final = (path as NSString).appendingPathComponent(name)
        let temporary = (path as NSString).appendingPathComponent(".\(name).\(getpid()).partial")
        written.append((temporary, final))
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw ExitWithMessage(message: "cannot write \(final)", status: 2)
        }
    }

    /// Renames every frame into place.
    /// Renames every frame into place; a signal meanwhile waits until they all are.
    func commit() throws {
        try Interruption.deferringSignals { () throws(ExitWithMessage) in
            for (index, file) in written.enumerated() {
                guard rename(file.temporary, file.final) == 0 else {
                    let reason = String(cString: strerror(errno))
                    written.removeFirst(index)
                    throw ExitWithMessage(message: "cannot write \(file.final): \(reason)", status: 2)
                }
                Interruption.forget(file: file.temporary)
            }
            written = []
            for folder in madeFolders { Interruption.forget(folder: folder) }
            madeFolders = []
        }
    }

    /// Removes what this run wrote, and the folder if this run made it and it is empty.
    func discard() {
        for file in written {
            unlink(file.temporary)
            Interruption.forget(file: file.temporary)
        }
        written = []
        removeMadeFolders()
    }

    /// Removes the folders this run made, innermost first, if they are empty.
    private func removeMadeFolders() {
        for folder in madeFolders.reversed() {
            rmdir(folder)
            Interruption.forget(folder: folder)
        }
        madeFolders = []
    }

    /// `mkdir -p path`, noting each folder it makes in `made`; nil when done, else the
    /// system's words for why not.
    private static func makeFolder(_ path: String, made: inout [String]) -> String? {
        if madeNow(path, made: &made) { return nil }
        if errno == EEXIST { return nil }
        guard errno == ENOENT else { return String(cString: strerror(errno)) }
        let parent = (path as NSString).deletingLastPathComponent
        guard !parent.isEmpty, parent != path else { return String(cString: strerror(ENOENT)) }
        if let reason = makeFolder(parent, made: &made) { return reason }
        guard madeNow(path, made: &made) else { return String(cString: strerror(errno)) }
        return nil
    }

    /// `mkdir path`, and if it made it, notes it in `made` and for a signal, in one step.
    private static func madeNow(_ path: String, made: inout [String]) -> Bool {
        Interruption.deferringSignals {
            guard mkdir(path, 0o755) == 0 else { return false }
            made.append(path)
            Interruption.removeOnSignal(folder: path)
            return true
        }
    }
}
