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

    /// The first error of `swift build`'s output (`PATH:LINE:COLUMN: error: MESSAGE`, or a bare
    /// `error: MESSAGE` from the package or the linker), the path made relative to
    /// `packageFolder`; nil if the output has no error line.
    public static func firstError(inCompilerOutput output: String, packageFolder: String) -> BuildProblem? {
        let marker = ": error: "
        for rawLine in output.split(whereSeparator: \.isNewline) {
            let line = String(rawLine)
            if let range = line.range(of: marker) {
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
                guard !numbers.isEmpty else {
                    return BuildProblem(headline: buildFailedHeadline, location: nil, message: message)
                }
                let prefix = packageFolder.hasSuffix("/") ? packageFolder : packageFolder + "/"
                if place.hasPrefix(prefix) { place = String(place.dropFirst(prefix.count)) }
                return BuildProblem(
                    headline: buildFailedHeadline, location: ([place] + numbers).joined(separator: ":"),
                    message: message)
            }
            if line.hasPrefix("error: ") {
                return BuildProblem(
                    headline: buildFailedHeadline, location: nil, message: String(line.dropFirst(7)))
            }
        }
        return nil
    }
}
