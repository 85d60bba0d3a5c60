/// What can go wrong while recording an animation or reading one back; each case names the bad
/// input and the fix.
public enum RecordingError: Error, CustomStringConvertible, Equatable {
    /// The path ends in neither `.gif` nor `.webp`.
    case unknownExtension(path: String)
    /// The path's extension asks for another format than the recorder writes.
    case extensionMismatch(path: String, format: AnimationFormat)
    /// The frame size is empty or beyond what the format can store.
    case invalidSize(width: Int, height: Int, format: AnimationFormat, limit: Int)
    /// The frame rate is outside 1…`limit` (GIF delays are whole centiseconds, WebP timestamps
    /// whole milliseconds: above the limit frames would share a start).
    case invalidFrameRate(Int, format: AnimationFormat, limit: Int)
    /// The loop count is outside 0…65535 (0 loops forever).
    case invalidLoopCount(Int)
    /// The quality is outside 0…100.
    case invalidQuality(Int)
    /// A quality was given for a GIF, which has no quality setting.
    case qualityNeedsWebP(quality: Int)
    /// A frame's pixel count is not width × height.
    case frameSizeMismatch(expected: Int, actual: Int)
    /// `finish` was called before any frame was appended.
    case noFrames(path: String)
    /// The file (or its temporary twin beside it) could not be written.
    case cannotWrite(path: String, reason: String)
    /// The file could not be read as an animation.
    case cannotRead(path: String, reason: String)
    /// The encoding library refused a frame.
    case encoderFailed(format: AnimationFormat, reason: String)

    /// One line for stderr, naming the bad input and the fix.
    public var description: String {
        switch self {
        case .unknownExtension(let path):
            return "cannot tell the format of \(path): name it .gif or .webp"
        case .extensionMismatch(let path, let format):
            return "\(path) does not end in .\(format.fileExtension), the format being recorded"
        case .invalidSize(let width, let height, let format, let limit):
            return "cannot record \(width)x\(height) as \(format): each side must be 1…\(limit) pixels"
        case .invalidFrameRate(let fps, let format, let limit):
            return "frame rate \(fps) is outside 1…\(limit) frames per second, what \(format) can time"
        case .invalidLoopCount(let count):
            return "loop count \(count) is outside 0…65535 (0 loops forever)"
        case .invalidQuality(let quality):
            return "quality \(quality) is outside 0…100 (leave it out for lossless WebP)"
        case .qualityNeedsWebP(let quality):
            return "quality \(quality) applies to WebP only: leave it out for a GIF"
        case .frameSizeMismatch(let expected, let actual):
            return "a frame has \(actual) pixels where the recording expects \(expected)"
        case .noFrames(let path):
            return "nothing to write to \(path): the recording has no frames"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .cannotRead(let path, let reason):
            return "cannot read the animation \(path): \(reason)"
        case .encoderFailed(let format, let reason):
            return "the \(format) encoder failed: \(reason)"
        }
    }
}
