import Animation
import Foundation

/// Finds and loads the PNG assets that scenes name (`"fish"` → `Assets/fish.png`), once each.
///
/// The folder is given, or found by `locateAssets` (README § Assets).
public final class ImageStore: ImageCatalog {
    private var cache: [String: CairoSurface?] = [:]
    /// The folder images come from, nil if none was found.
    public let directory: URL?

    public init(directory: URL? = nil) {
        self.directory = directory ?? Self.locateAssets()
    }

    /// The natural size of `name`, nil if there is no such image.
    public func size(ofImage name: String) -> Size? {
        image(named: name).map { Size(width: Double($0.width), height: Double($0.height)) }
    }

    /// The pixels of `name`, loaded once; nil if there is no such image.
    public func image(named name: String) -> CairoSurface? {
        if let cached = cache[name] { return cached }
        var loaded: CairoSurface?
        if let directory, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            loaded = try? CairoSurface(contentsOfPNG: directory.appendingPathComponent("\(name).png").path)
        }
        cache[name] = loaded
        return loaded
    }

    /// The most pixels a side of an image asset: ten times the largest the scenes ship (the fish,
    /// 480×288), and 64 MiB decoded; a header claiming more is refused before it is decoded.
    public static let maxImageSide = 4096

    /// Loads `names` now (`NAME.png` in `directory`), so that a missing, unreadable, broken or
    /// oversized image is an error before anything runs rather than a scene drawn without it.
    public func loadAll(_ names: [String]) throws(ImageError) {
        guard let directory else { throw .noFolder }
        for name in names {
            let path = directory.appendingPathComponent("\(name).png").path
            try Self.checkHeader(of: path)
            do {
                cache[name] = try CairoSurface(contentsOfPNG: path)
            } catch .cannotReadPNG(_, let reason) {
                // Cairo says "out of memory" for any of libpng's errors; the file is small.
                throw .notPNG(
                    path: path, reason: reason == "out of memory" ? "its image data is damaged" : reason)
            } catch {
                throw .notPNG(path: path, reason: error.description)
            }
        }
    }

    /// The largest image file read, in bytes (64 MiB: an image's decoded limit; the scenes'
    /// files are a few KiB).
    public static let maxFileSize = 64 << 20

    /// Reads the file (a regular file, opened without waiting: a FIFO is refused, not waited
    /// on) and checks it before Cairo decodes it: the PNG signature, the `IHDR` chunk's size,
    /// and every chunk whole with its checksum. Cairo names any damage "out of memory".
    private static func checkHeader(of path: String) throws(ImageError) {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, limit: maxFileSize)
        } catch .tooLarge(let size) {
            let size = size.map { "\($0) bytes" } ?? "it grew while read"
            throw .notPNG(path: path, reason: "\(size); an image file may have at most \(maxFileSize)")
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, bytes.starts(with: signature), Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { throw .notPNG(path: path, reason: "no PNG header") }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (bigEndian(16), bigEndian(20))
        guard width > 0, height > 0 else { throw .notPNG(path: path, reason: "a \(width)x\(height) image") }
        guard max(width, height) <= maxImageSide else {
            throw .tooLarge(path: path, width: width, height: height)
        }
        // The chunks: length, type, data, CRC-32 of type and data; the last is IEND.
        var offset = signature.count
        while true {
            guard offset + 12 <= bytes.count else {
                throw .notPNG(path: path, reason: "cut short at byte \(offset)")
            }
            let length = bigEndian(offset)
            guard length <= bytes.count - offset - 12 else {
                throw .notPNG(path: path, reason: "cut short, or a damaged chunk length at byte \(offset)")
            }
            let typeAndData = bytes[(offset + 4)..<(offset + 8 + length)]
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard CRC32.checksum(typeAndData) == UInt32(bigEndian(offset + 8 + length)) else {
                throw .notPNG(
                    path: path, reason: "damaged: the checksum of the chunk at byte \(offset) does not match")
            }
            offset += 12 + length
            if type == "IEND" { return }
        }
    }

    /// The assets folder by the documented rule (README § Assets): `$ANIMDEMO_ASSETS` if set,
    /// else `Assets/` beside the executable, else the `Assets/` folder of the package this
    /// file was built from; the first that exists as a folder.
    public static func locateAssets(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    ) -> URL? {
        var candidates: [URL] = []
        if let override = environment["ANIMDEMO_ASSETS"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("Assets"))
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("Assets"))
        return candidates.first { candidate in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder)
                && isFolder.boolValue
        }
    }
}

/// Why an image asset cannot be used; each names the file.
public enum ImageError: Error, CustomStringConvertible, Equatable {
    /// No assets folder was given or found.
    case noFolder
    /// Missing, a folder, or not readable: the system's words.
    case unreadable(path: String, reason: String)
    /// Not a PNG, or a broken one (truncated, a bad chunk): cairo's or our words.
    case notPNG(path: String, reason: String)
    /// Its header claims more than `ImageStore.maxImageSide` pixels a side.
    case tooLarge(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case .noFolder:
            return "no assets folder: none beside the program or in its package; give --assets DIR"
        case .unreadable(let path, let reason):
            return "cannot read the image \(path): \(reason)"
        case .notPNG(let path, let reason):
            return "the image \(path) is not a whole PNG file (\(reason))"
        case .tooLarge(let path, let width, let height):
            return "the image \(path) is \(width)x\(height) pixels; an image may be at most "
                + "\(ImageStore.maxImageSide)x\(ImageStore.maxImageSide)"
        }
    }
}

/// PNG's and zlib's CRC-32 (ISO 3309, reflected polynomial 0xEDB88320).
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
