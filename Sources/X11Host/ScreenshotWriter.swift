import Glibc
import Render

/// Saves screenshots as `DIR/animdemo-SCENE-YYYYmmdd-HHMMSS.png` (README § Keys).
///
/// A second screenshot within the same second gets `-2`, then `-3`, …: each name is claimed
/// with `O_CREAT | O_EXCL` before the PNG is written, so nothing is ever overwritten.
struct ScreenshotWriter {
    /// `--screenshot-dir`; created if missing.
    let directory: String

    /// Why a screenshot could not be saved.
    struct Failure: Error {
        var directory: String
        var reason: String
        var description: String { "cannot save a screenshot in \(directory): \(reason)" }
    }

    /// Writes `frame` and returns its path.
    func save(_ frame: RenderedFrame, scene: String) throws(Failure) -> String {
        try makeDirectory(directory)
        let stem = "animdemo-\(scene)-\(Self.timestamp())"
        for counter in 1...1000 {
            let name = counter == 1 ? "\(stem).png" : "\(stem)-\(counter).png"
            let path =
                directory == "." ? name : directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw Failure(directory: directory, reason: Self.lastError())
            }
            close(descriptor)
            do {
                try frame.writePNG(to: path)
            } catch {
                unlink(path)
                throw Failure(directory: directory, reason: error.description)
            }
            return path
        }
        throw Failure(directory: directory, reason: "1000 screenshots in one second already")
    }

    /// `mkdir -p`.
    private func makeDirectory(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
        guard errno == ENOENT else { throw Failure(directory: directory, reason: Self.lastError()) }
        let parent = String(path.reversed().drop { $0 == "/" }.drop { $0 != "/" }.reversed())
        guard !parent.isEmpty, parent != path else {
            throw Failure(directory: directory, reason: Self.lastError())
        }
        try makeDirectory(parent)
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
            throw Failure(directory: directory, reason: Self.lastError())
        }
    }

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
