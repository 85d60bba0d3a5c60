import Foundation
import Glibc

/// Where a window recording's frames wait for the encoder once the memory for them is full: a
/// temporary file, written by the frame loop and read back, in order, by the encoder's thread
/// (README § Recording). Memory stays bounded and no frame is lost to the encoder being slow.
///
/// The file is unlinked as soon as it is made (`mkstemp`, then `unlink`): nothing is left
/// behind however the program ends, and the disk space returns when the recording is saved.
/// Each thread uses its own offsets (`pwrite` from the loop, `pread` from the encoder), and a
/// patch is read only after its job was queued, which is after it was written.
final class PatchSpill: @unchecked Sendable {
    /// Where a patch is in the file.
    struct Location: Sendable {
        var offset: Int
        var spanCount: Int
        var pixelCount: Int
    }

    private let descriptor: Int32
    /// The file's end: the next patch goes there (the loop's thread only).
    private var end: Int = 0
    /// Bytes written to the file so far.
    var byteCount: Int { end }

    /// A spill file in the first of `directories` that takes one (the recording's folder, then
    /// `$TMPDIR`, for example); nil when none does.
    init?(in directories: [String]) {
        for directory in directories where !directory.isEmpty {
            var template = Array(
                ((directory as NSString).appendingPathComponent(".animdemo-recording-XXXXXX")).utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { name in
                name.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else { continue }
            template.withUnsafeBufferPointer { name in _ = name.baseAddress.map { unlink($0) } }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)  // not for the programs the window starts
            self.descriptor = descriptor
            return
        }
        return nil
    }

    deinit { close(descriptor) }

    /// The directories to try for a recording saved into `folder`: the folder itself (where the
    /// file goes, so there is room), then `$TMPDIR`, then /tmp.
    static func directories(for folder: String) -> [String] {
        [folder, ProcessInfo.processInfo.environment["TMPDIR"] ?? "", "/tmp"]
    }

    /// Appends `patch`; its place, or nil when the file cannot take it (the disk full).
    func write(_ patch: FramePatch) -> Location? {
        let spans = patch.spans.flatMap { [$0.row, $0.start, $0.end] }
        let start = end
        var offset = end
        guard spans.withUnsafeBytes({ writeAll($0, at: &offset) }),
            patch.pixels.withUnsafeBytes({ writeAll($0, at: &offset) })
        else { return nil }  // the next patch goes where this one started
        end = offset
        return Location(offset: start, spanCount: patch.spans.count, pixelCount: patch.pixels.count)
    }

    /// The patch at `location`; nil if it cannot be read back.
    func read(_ location: Location) -> FramePatch? {
        var offset = location.offset
        var spans = [Int](repeating: 0, count: location.spanCount * 3)
        var pixels = [UInt32](repeating: 0, count: location.pixelCount)
        guard spans.withUnsafeMutableBytes({ readAll($0, at: &offset) }),
            pixels.withUnsafeMutableBytes({ readAll($0, at: &offset) })
        else { return nil }
        let patchSpans = stride(from: 0, to: spans.count, by: 3).map {
            FramePatch.Span(row: spans[$0], start: spans[$0 + 1], end: spans[$0 + 2])
        }
        return FramePatch(spans: patchSpans, pixels: pixels)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> Bool {
        var done = 0
        while done < bytes.count {
            guard let base = bytes.baseAddress else { return false }
            let count = pwrite(descriptor, base + done, bytes.count - done, offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
            offset += Int(count)
        }
        return true
    }

    private func readAll(_ bytes: UnsafeMutableRawBufferPointer, at offset: inout Int) -> Bool {
        var done = 0
        while done < bytes.count {
            guard let base = bytes.baseAddress else { return false }
            let count = pread(descriptor, base + done, bytes.count - done, offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
            offset += Int(count)
        }
        return true
    }
}
