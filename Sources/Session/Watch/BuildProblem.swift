/// Why the window under `--watch` still shows the last good build: the first compiler error of
/// a failed build (its file, line and message), or the new build's crash.
public struct BuildProblem: Codable, Equatable, Sendable {
    /// The first line of the panel: what happened.
    public var headline: String
    /// `Sources/OrbitScene/OrbitScene.swift:12:5`, relative to the package; nil if unknown.
    public var location: String?
    /// The compiler's or the runtime's message.
    public var message: String

    public init(headline: String, location: String?, message: String) {
        self.headline = headline
        self.location = location
        self.message = message
    }

    /// The panel's headline for a failed build.
    public static let buildFailedHeadline = "build failed: the window runs the last good build"

    /// The first error of `swift build`'s output with a place (`PATH:LINE:COLUMN: error: MESSAGE`),
    /// the path made relative to `packageFolder`; else the first bare `error: MESSAGE` (from the
    /// package or the linker: the driver's own `error: emit-module command failed` comes
    /// before the compiler's located one, so a located error wins); nil if there is none.
    public static func firstError(inCompilerOutput output: String, packageFolder: String) -> BuildProblem? {
        let lines = output.split(whereSeparator: \.isNewline).map(String.init)
        for line in lines {
            if let problem = located(line, packageFolder: packageFolder) { return problem }
        }
        for line in lines {
            if line.hasPrefix("error: ") {
                return BuildProblem(
                    headline: buildFailedHeadline, location: nil, message: String(line.dropFirst(7)))
            }
        }
        return nil
    }

    /// `PATH:LINE[:COLUMN]: error: MESSAGE` as a problem, nil for any other line.
    private static func located(_ line: String, packageFolder: String) -> BuildProblem? {
        guard let range = line.range(of: ": error: ") else { return nil }
        let message = String(line[range.upperBound...])
        var place = String(line[..<range.lowerBound])
        var numbers: [String] = []
        // Up to two numbers at the end: LINE, or LINE:COLUMN.
        while numbers.count < 2, let colon = place.lastIndex(of: ":"),
            Int(place[place.index(after: colon)...]) != nil
        {
            numbers.insert(String(place[place.index(after: colon)...]), at: 0)
            place = String(place[..<colon])
        }
        guard !numbers.isEmpty, !place.isEmpty else { return nil }
        let prefix = packageFolder.hasSuffix("/") ? packageFolder : packageFolder + "/"
        if place.hasPrefix(prefix) { place = String(place.dropFirst(prefix.count)) }
        return BuildProblem(
            headline: buildFailedHeadline, location: ([place] + numbers).joined(separator: ":"),
            message: message)
    }
}
