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
                throw .notPNG(path: path, reason: reason)
            } catch {
                throw .notPNG(path: path, reason: error.description)
            }
        }
    }

    /// Reads the PNG signature and the `IHDR` chunk's size (the first 24 bytes) without decoding.
    private static func checkHeader(of path: String) throws(ImageError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(path: path, reason: "it is a folder")
        }
        var header = [UInt8](repeating: 0, count: 24)
        var count = 0
        while count < header.count {
            let got = header.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(descriptor, $0 + count, buffer.count - count) } ?? 0
            }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
            if got == 0 { break }
            count += got
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard count == header.count, header.starts(with: signature),
            Array(header[12..<16]) == Array("IHDR".utf8)
        else { throw .notPNG(path: path, reason: "no PNG header") }
        func bigEndian(_ offset: Int) -> Int { header[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (bigEndian(16), bigEndian(20))
        guard width > 0, height > 0 else { throw .notPNG(path: path, reason: "a \(width)x\(height) image") }
        guard max(width, height) <= maxImageSide else {
            throw .tooLarge(path: path, width: width, height: height)
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
