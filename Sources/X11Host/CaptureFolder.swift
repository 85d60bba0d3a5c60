import Glibc
import Render

/// The folder screenshots and recordings go to (`--screenshot-dir`), and how they are named:
/// `DIR/animdemo-SCENE-YYYYmmdd-HHMMSS.png` (or `.gif`, `.webp`; README § Recording).
///
/// A file appears whole or not at all: it is written under a hidden temporary name in the
/// folder, then given its name with `link()`, which fails rather than replace a file already
/// there. A second file within the same second gets `-2`, then `-3`, …: nothing is ever
/// overwritten, and no reader sees half a file.
///
/// A value of plain strings, so the capture threads use it as they like.
struct CaptureFolder: Sendable {
    /// `--screenshot-dir`; created if missing.
    let directory: String

    /// Why a file could not be saved.
    struct Failure: Error, CustomStringConvertible {
        /// What was being saved: "a screenshot", "the recording".
        var what: String
        var directory: String
        var reason: String
        var description: String { "cannot save \(what) in \(directory): \(reason)" }
    }

    /// `DIR/NAME`.
    func path(of name: String) -> String {
        directory == "." ? name : directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
    }

    /// A hidden name in the folder for a file being written: unique in this process, and
    /// removed if a second signal ends the program before `publish` (`Interruption`).
    func temporaryPath(for stem: String, fileExtension: String, number: Int) -> String {
        let temporary = path(of: ".\(stem).\(getpid())-\(number).partial.\(fileExtension)")
        Interruption.removeOnSignal(file: temporary)
        return temporary
    }

    /// The file at `temporary` is named or gone: a signal need not remove it.
    func forget(_ temporary: String) { Interruption.forget(file: temporary) }

    /// Makes the folder if missing (`mkdir -p`).
    func create(for what: String) throws(Failure) {
        try makeDirectory(directory, what: what)
    }

    /// Gives the finished file at `temporary` its name, `STEM.EXT` or the first free
    /// `STEM-N.EXT`, and returns that path; on failure the temporary file is removed.
    func publish(_ temporary: String, stem: String, fileExtension: String, what: String) throws(Failure)
        -> String
    {
        for counter in 1...1000 {
            let name = counter == 1 ? "\(stem).\(fileExtension)" : "\(stem)-\(counter).\(fileExtension)"
            let target = path(of: name)
            if link(temporary, target) == 0 {
                unlink(temporary)
                forget(temporary)
                return target
            }
            switch errno {
            case EEXIST:
                continue
            case EPERM, EOPNOTSUPP, EXDEV, EMLINK:
                // A file system without hard links (FAT, some network ones): a rename into a free
                // name, which another program could take in between; none does here.
                if access(target, F_OK) == 0 { continue }
                guard rename(temporary, target) == 0 else { break }
                forget(temporary)
                return target
            default:
                break
            }
            let reason = Self.lastError()
            unlink(temporary)
            forget(temporary)
            throw Failure(what: what, directory: directory, reason: reason)
        }
        unlink(temporary)
        forget(temporary)
        throw Failure(
            what: what, directory: directory, reason: "1000 files of that name in one second already")
    }

    /// `mkdir -p`; a folder it makes is removed, if still empty, when a second signal ends
    /// the program (`Interruption`).
    private func makeDirectory(_ path: String, what: String) throws(Failure) {
        if Self.madeNow(path) { return }
        if errno == EEXIST {
            // Something is there: a folder, or a file that no recording can be saved in.
            var status = stat()
            guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
                throw Failure(what: what, directory: directory, reason: "\(path) is not a folder")
            }
            return
        }
        guard errno == ENOENT else {
            throw Failure(what: what, directory: directory, reason: Self.lastError())
        }
        let parent = String(path.reversed().drop { $0 == "/" }.drop { $0 != "/" }.reversed())
        guard !parent.isEmpty, parent != path else {
            throw Failure(what: what, directory: directory, reason: Self.lastError())
        }
        try makeDirectory(parent, what: what)
        guard Self.madeNow(path) || errno == EEXIST else {
            throw Failure(what: what, directory: directory, reason: Self.lastError())
        }
    }

    /// `mkdir path`, and if it made it, registers it with `Interruption` in the same step.
    private static func madeNow(_ path: String) -> Bool {
        Interruption.deferringSignals {
            guard mkdir(path, 0o755) == 0 else { return false }
            Interruption.removeOnSignal(folder: path)
            return true
        }
    }

    /// `PROGRAM-SCENE-YYYYmmdd-HHMMSS` for local time now (`animdemo-fish-…`, `Orbit-orbit-…`).
    static func stem(scene: String) -> String { "\(Console.programName)-\(scene)-\(timestamp())" }

    /// Local time as `YYYYmmdd-HHMMSS`.
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        var text = [CChar](repeating: 0, count: 32)
        let count = strftime(&text, text.count, "%Y%m%d-%H%M%S", &parts)
        return String(decoding: text.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
