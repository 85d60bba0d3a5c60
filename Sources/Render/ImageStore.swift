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
