/// The line of a program's source that started an animation, a timer or a display link: the
/// line of the call, as `#fileID` and `#line` give it (like Swift Testing's `sourceLocation:`;
/// named `CallSite` so as not to clash with Testing's `SourceLocation` in tests that import both).
///
/// The engine's entry points (`Layer.add(_:forKey:)`, `Timeline.animate`, `beginTransaction`,
/// `transaction`, `schedule(after:)`, `delay`, `addDisplayLink`) take `fileID: String = #fileID,
/// line: Int = #line` as their last arguments before a closure, so that the caller's line is
/// recorded without being written; a helper that wraps one of them (a scene's `ViewAnimation`)
/// takes the same two defaults and passes them on, so that the line is its caller's. It is
/// stored once, when the object is made, and never read by a frame.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// `Module/Path/File.swift`, as `#fileID` gives it.
    public var fileID: String
    /// 1-based.
    public var line: Int

    public init(fileID: String, line: Int) {
        self.fileID = fileID
        self.line = line
    }

    /// The file's name without its module: `FishScene.swift`.
    public var fileName: String {
        // After the last "/" (the inspector asks every frame): what splitting at "/" and taking
        // the last piece gives, without the pieces, unless the ID ends in "/".
        if let slash = fileID.lastIndex(of: "/"), fileID.index(after: slash) != fileID.endIndex {
            return String(fileID[fileID.index(after: slash)...])
        }
        return fileID.split(separator: "/").last.map(String.init) ?? fileID
    }

    /// The module part of the file ID: `Scenes`.
    public var moduleName: String {
        fileID.split(separator: "/").first.map(String.init) ?? ""
    }

    /// `FishScene.swift:309`.
    public var description: String { "\(fileName):\(line)" }
}
