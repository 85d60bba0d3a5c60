import Animation
import Foundation

/// Finds and loads the PNG assets that scenes name (`"fish"` → `Assets/fish.png`), once each.
///
/// The folder is `$ANIMDEMO_ASSETS` if set, else `Assets/` beside the executable or three
/// levels up from it (the package root, from `.build/<triple>/<config>/animdemo`), else the
/// package root this file was compiled in.
public final class ImageStore: ImageCatalog {
    private var cache: [String: CairoSurface?] = [:]
    /// The folder images come from, nil if none was found.
    public let directory: URL?

    public init(directory: URL? = nil) {
        self.directory = directory ?? Self.findAssets()
    }

    /// The natural size of `name`, nil if there is no such image.
    public func size(ofImage name: String) -> Size? {
        image(named: name).map { Size(width: Double($0.width), height: Double($0.height)) }
    }

    func image(named name: String) -> CairoSurface? {
        if let cached = cache[name] { return cached }
        var loaded: CairoSurface?
        if let directory, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            loaded = try? CairoSurface(contentsOfPNG: directory.appendingPathComponent("\(name).png").path)
        }
        cache[name] = loaded
        return loaded
    }

    private static func findAssets() -> URL? {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["ANIMDEMO_ASSETS"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("Assets"))
            folder = folder.deletingLastPathComponent()
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("Assets"))
        return candidates.first { fileManager.fileExists(atPath: $0.appendingPathComponent("fish.png").path) }
    }
}
