/// The animated image formats a recording can be written as.
public enum AnimationFormat: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Animated GIF (GIF89a): 256 colours per frame, delays in centiseconds.
    case gif
    /// Animated WebP: lossless by default, lossy with a quality; timestamps in milliseconds.
    case webp

    /// The file extension, without the dot (`gif`, `webp`).
    public var fileExtension: String { rawValue }

    /// The name as in a file extension: `gif`, `webp`.
    public var description: String { rawValue }

    /// The format a file name asks for by its extension (`.gif` or `.webp`, any case).
    /// - Throws: `RecordingError.unknownExtension` for any other extension, or none.
    public static func format(forPath path: String) throws(RecordingError) -> AnimationFormat {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex,
            let format = AnimationFormat(rawValue: name[name.index(after: dot)...].lowercased())
        else { throw .unknownExtension(path: path) }
        return format
    }
}
