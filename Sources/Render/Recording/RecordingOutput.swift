/// Where an encoder's bytes go as it makes them: a file being written (`PartialFile`), or
/// memory (`RecordingBuffer`). A streaming encoder writes each frame as it is encoded, so what
/// the recording holds in memory does not grow with the file; it may go back over bytes it has
/// written (a header whose sizes are known only at the end).
protocol RecordingOutput: AnyObject {
    /// Bytes written so far: where the next `write` goes.
    var count: Int { get }
    /// Appends `bytes`.
    func write(_ bytes: [UInt8]) throws(RecordingError)
    /// Writes `bytes` over ones already written, from `offset` (`offset + bytes.count ≤ count`).
    func overwrite(_ bytes: [UInt8], at offset: Int) throws(RecordingError)
    /// Cuts what was written back to its first `count` bytes (after a failed write, to the end
    /// of the last whole part).
    func truncate(to count: Int) throws(RecordingError)
}

/// A `RecordingOutput` in memory: the whole file, for `AnimationRecorder.finish(to:)`.
final class RecordingBuffer: RecordingOutput {
    private(set) var bytes: [UInt8] = []

    var count: Int { bytes.count }

    func write(_ bytes: [UInt8]) { self.bytes += bytes }

    func overwrite(_ bytes: [UInt8], at offset: Int) {
        precondition(offset >= 0 && offset + bytes.count <= self.bytes.count, "overwrite past the end")
        self.bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
    }

    func truncate(to count: Int) {
        precondition((0...bytes.count).contains(count), "a truncate to \(count) of \(bytes.count) bytes")
        bytes.removeLast(bytes.count - count)
    }
}
