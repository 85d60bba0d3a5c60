/// The scenes' Swift sources (every file of Sources/Scenes), built into the program by the
/// EmbedSceneSources build plugin, so that an installed animdemo, away from its checkout,
/// still shows a scene's code.
///
/// An inspector row's `source` (`FishScene.swift:309`, the engine's `CallSite`) names a file
/// by its name alone, which is unique among the scenes' files:
/// ```swift
/// let text = SceneSources.text(ofFile: site.fileName)   // the whole file, byte for byte
/// let line = SceneSources.lines(ofFile: site.fileName)?[site.line - 1]
/// ```
public enum SceneSources {
    /// One source file.
    public struct File: Sendable {
        /// Its path under Sources/Scenes: `Fish/FishScene.swift`.
        public let path: String
        /// Its text, exactly as on disk (UTF-8, `\n` line ends).
        public let text: String

        /// Its name: `FishScene.swift`.
        public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
        /// Its folder under Sources/Scenes (`Fish`; empty for the files at the top).
        public var folder: String { path.split(separator: "/").dropLast().joined(separator: "/") }

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// A package's own scenes' files (`AnimdemoShell.main(scenes:sources:)`), set once before
    /// anything reads the sources; they come before animdemo's.
    nonisolated(unsafe) public static var packageFiles: [File] = []

    /// Every file: the package's own, then animdemo's in path order.
    public static var files: [File] { packageFiles + embedded }

    /// The file named `name` (`FishScene.swift`) or at the path `name` (`Fish/FishScene.swift`).
    public static func file(named name: String) -> File? {
        packageFiles.first { $0.name == name || $0.path == name }
            ?? embedded.first { $0.name == name || $0.path == name }
    }

    /// The text of the file named `name` (or at the path `name`), nil if there is none.
    public static func text(ofFile name: String) -> String? { file(named: name)?.text }

    /// The file's lines without their line ends; line n (1-based) is at index n − 1.
    public static func lines(ofFile name: String) -> [Substring]? {
        text(ofFile: name).map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    }
}
