import Foundation
import Glibc

/// Tells when a Swift file under a folder is saved: inotify on the folder and every folder in
/// it (inotify does not descend by itself; folders made later are watched as they appear).
///
/// Editors save in different ways — written in place (`IN_CLOSE_WRITE`), or written beside and
/// renamed over (`IN_MOVED_TO`) — so both count, as do files created or deleted.
///
/// A file is reported only when its contents differ from the last ones seen: one save is often
/// several events (Foundation's atomic write renames its copy over the file and closes it after,
/// an `IN_MOVED_TO` then an `IN_CLOSE_WRITE` of the same name), and on a busy machine the second
/// can come long after the first. Counted as a save of its own, it started a second build of the
/// same code once the first was done, which then took the window over from itself.
final class SourceWatcher {
    let root: URL
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    /// The contents of each Swift file as last seen (at the start, then at each reported change).
    private var contents: [String: Data] = [:]

    init(root: URL) throws {
        self.root = root
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw ExitWithMessage(
                message: "cannot watch \(root.path): inotify: \(String(cString: strerror(errno)))", status: 1)
        }
        watchTree(root.path)
    }

    deinit { close(descriptor) }

    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)

    /// Watches `folder` and every folder below it.
    private func watchTree(_ folder: String) {
        let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
        guard watch >= 0 else { return }
        folders[watch] = folder
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for entry in entries where !entry.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(entry)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                watchTree(path)
            } else if entry.hasSuffix(".swift") {
                contents[path] = FileManager.default.contents(atPath: path)
            }
        }
    }

    /// Waits up to `timeout` seconds for a change; the Swift files that changed (empty if none).
    /// A save often comes as several events (a write and a rename, or several files): after the
    /// first, the events of the next `settle` seconds are taken with it.
    func waitForChanges(timeout: Double, settle: Double = 0.03) -> Set<String> {
        var changed = Set<String>()
        guard waitReadable(timeout) else { return changed }
        changed.formUnion(readEvents())
        while waitReadable(settle) { changed.formUnion(readEvents()) }
        return changed.filter(hasNewContents)
    }

    /// Whether `path` (a folder, or a Swift file created, written or deleted) is a change: a
    /// folder always is; a file when its contents differ from the last seen, which it then is.
    private func hasNewContents(_ path: String) -> Bool {
        guard path.hasSuffix(".swift") else { return true }
        let now = FileManager.default.contents(atPath: path)
        defer { contents[path] = now }
        return now != contents[path]
    }

    private func waitReadable(_ timeout: Double) -> Bool {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        return poll(&descriptors, 1, Int32(timeout * 1000)) > 0
    }

    /// Reads the queued events: the changed Swift files, new folders watched.
    private func readEvents() -> Set<String> {
        var changed = Set<String>()
        let size = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, size) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameBytes = buffer[(offset + header)..<min(offset + header + length, count)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += header + length
                guard let folder = folders[watch] else { continue }
                let path = (folder as NSString).appendingPathComponent(name)
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        watchTree(path)
                        changed.insert(path)
                    }
                } else if name.hasSuffix(".swift") {
                    changed.insert(path)
                }
            }
        }
        return changed
    }
}
