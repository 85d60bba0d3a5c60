import SceneSources

/// The code each step of a tutorial adds, marked in the scene's own source (docs/ARCHITECTURE.md
/// § Tutorial steps). A region opens with a comment line `// step N {` and closes with
/// `// } step N`; its lines are the code step N adds and every later step keeps. A region marked
/// `// step N only {` is there at step N alone (a stage the tutorial later replaces, such as the
/// finish line's plain thick line). Regions nest: a line is present at a step when every region
/// around it is. The code of a step is then the present lines, as the compiler reads them: the
/// code panel marks them in the file, and `steps --docc` writes them as the DocC tutorial's code.
public struct StepCode: Sendable, Equatable {
    /// One marked region of a file.
    public struct Region: Sendable, Equatable {
        /// The step that adds it, from 1.
        public var step: Int
        /// Whether only that step has it.
        public var isOnly: Bool
        /// The lines between its markers, 1-based.
        public var lines: ClosedRange<Int>

        /// Whether the region's code is there at step `number`.
        public func isPresent(atStep number: Int) -> Bool { isOnly ? number == step : number >= step }
    }

    /// A file's marked regions and its text.
    public struct File: Sendable, Equatable {
        /// The file's name (`FishScene.swift`).
        public var name: String
        public var lines: [Substring]
        /// The regions, in the order they open.
        public var regions: [Region]

        /// Whether line `number` (1-based) is a marker.
        public func isMarker(_ number: Int) -> Bool {
            regions.contains { $0.lines.lowerBound - 1 == number || $0.lines.upperBound + 1 == number }
        }

        /// Whether line `number` (1-based) is inside any region.
        public func isMarked(_ number: Int) -> Bool { regions.contains { $0.lines.contains(number) } }

        /// Whether line `number` (1-based) is tutorial code present at step `step`: inside a
        /// region, and every region around it present then.
        public func isPresent(_ number: Int, atStep step: Int) -> Bool {
            var inside = false
            for region in regions where region.lines.contains(number) {
                guard region.isPresent(atStep: step) else { return false }
                inside = true
            }
            return inside && !isMarker(number)
        }

        /// The lines present at step `step` and not at the step before: what it adds.
        public func addedLines(atStep step: Int) -> Set<Int> {
            Set(
                lines.indices.map { $0 + 1 }.filter {
                    isPresent($0, atStep: step) && !isPresent($0, atStep: step - 1)
                })
        }

        /// The lines present at the step before and not at step `step`: what it removes (an
        /// earlier step's `only` stage it replaces).
        public func removedLines(atStep step: Int) -> Set<Int> {
            Set(
                lines.indices.map { $0 + 1 }.filter {
                    isPresent($0, atStep: step - 1) && !isPresent($0, atStep: step)
                })
        }

        /// The marked lines not present at step `step` (markers aside): later steps' code, or
        /// an earlier step's `only` stage.
        public func absentLines(atStep step: Int) -> Set<Int> {
            Set(
                lines.indices.map { $0 + 1 }.filter {
                    isMarked($0) && !isMarker($0) && !isPresent($0, atStep: step)
                })
        }
    }

    /// A marker that does not pair up, with its file and line.
    public struct MarkerError: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    /// The files with regions, in path order.
    public let files: [File]

    /// The regions of the scene files in `folder` (`Fish`), from the sources built into the
    /// program; throws the first marker that does not pair up.
    public init(folder: String) throws(MarkerError) {
        var files: [File] = []
        for source in SceneSources.files where source.folder == folder {
            let file = try Self.parse(source.text, name: source.name)
            if !file.regions.isEmpty { files.append(file) }
        }
        self.files = files
    }

    /// The code of the scene whose type is `typeName` (its file `TypeName.swift` names the
    /// folder); nil when it has no source, no marked steps, or markers that do not pair up
    /// (a test reads every scene's markers).
    public static func forScene(typeName: String) -> StepCode? {
        guard let folder = SceneSources.file(named: "\(typeName).swift")?.folder else { return nil }
        return try? forFolder(folder)
    }

    /// The code of the scenes' folder named `name` (`fish` finds `Fish`), nil when there is no
    /// such folder or it has no marked steps.
    public static func forFolder(named name: String) throws(MarkerError) -> StepCode? {
        guard
            let folder = SceneSources.files.first(where: { $0.folder.lowercased() == name.lowercased() })?
                .folder
        else { return nil }
        return try forFolder(folder)
    }

    private static func forFolder(_ folder: String) throws(MarkerError) -> StepCode? {
        let code = try StepCode(folder: folder)
        return code.files.isEmpty ? nil : code
    }

    /// Reads a file's markers.
    public static func parse(_ text: String, name: String) throws(MarkerError) -> File {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var regions: [Region] = []
        var open: [(step: Int, isOnly: Bool, line: Int)] = []
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingPrefix { $0 == " " }
            if trimmed.hasPrefix("// step "), trimmed.hasSuffix("{") {
                let words = trimmed.dropFirst("// step ".count).dropLast().split(separator: " ")
                guard let first = words.first, let step = Int(first), step >= 1,
                    words.count == 1 || (words.count == 2 && words[1] == "only")
                else {
                    throw MarkerError(
                        file: name, line: number, message: "expected `// step N {` or `// step N only {`")
                }
                open.append((step, words.count == 2, number))
            } else if trimmed.hasPrefix("// } step ") {
                let step = Int(trimmed.dropFirst("// } step ".count))
                guard let last = open.popLast(), last.step == step else {
                    throw MarkerError(
                        file: name, line: number, message: "`\(trimmed)` closes no open region of that step")
                }
                regions.append(
                    Region(
                        step: last.step, isOnly: last.isOnly,
                        lines: (last.line + 1)...max(number - 1, last.line + 1)))
            }
        }
        if let unclosed = open.last {
            throw MarkerError(
                file: name, line: unclosed.line, message: "region of step \(unclosed.step) is not closed")
        }
        return File(
            name: name, lines: lines, regions: regions.sorted { $0.lines.lowerBound < $1.lines.lowerBound })
    }

    /// The highest step any region names.
    public var lastStep: Int { files.flatMap(\.regions).map(\.step).max() ?? 0 }

    /// The code present at step `step`, file by file: each file's name as a comment, then its
    /// present lines as they are in the file, a `// …` line wherever lines are left out. With
    /// `marked`, the step's change as a diff: each line after a one-character mark, `+` for a
    /// line the step adds, `-` for one it removes (shown where it was), a space for the rest.
    public func excerpt(atStep step: Int, marked: Bool = false) -> String {
        var out: [String] = []
        for file in files {
            let added = marked ? file.addedLines(atStep: step) : []
            let removed = marked ? file.removedLines(atStep: step) : []
            let shown = file.lines.indices.filter {
                file.isPresent($0 + 1, atStep: step) || removed.contains($0 + 1)
            }
            guard !shown.isEmpty else { continue }
            if !out.isEmpty { out.append("") }
            out.append("// \(file.name)")
            func mark(_ number: Int) -> String {
                guard marked else { return "" }
                return added.contains(number) ? "+" : removed.contains(number) ? "-" : " "
            }
            var previous: Int?
            for index in shown {
                if let previous, index > previous + 1,
                    !file.lines[(previous + 1)..<index].allSatisfy({ isMarkerOrBlank($0) })
                {
                    out.append(mark(0) + indentation(of: file.lines[index]) + "// …")
                }
                out.append(mark(index + 1) + String(file.lines[index]))
                previous = index
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// The file `file` as the tutorial's reader has it at step `step`, whole: its lines with
    /// the markers and the code of other steps left out, so that one step's file differs from
    /// the step before's by what the step adds. The file's opening comment (notes on the port)
    /// is left out, and so is the scaffolding of a `…Steps.swift` file (the stages and their
    /// captions), which keeps only the top-level declarations around the present code. Nil
    /// when nothing of the file is there at that step.
    public func readerText(of file: File, atStep step: Int) -> String? {
        let numbers = file.lines.indices.map { $0 + 1 }
        guard numbers.contains(where: { file.isPresent($0, atStep: step) }) else { return nil }
        let isStepsFile = file.name.hasSuffix("Steps.swift")
        let header = numbers.prefix { number in
            let trimmed = file.lines[number - 1].trimmingPrefix { $0 == " " }
            return (trimmed.isEmpty || trimmed.hasPrefix("//")) && !file.isMarked(number)
        }.count
        var kept: [Substring] = []
        var depth = 0
        var scopeStart: Int?
        var scope: [Substring] = []
        var scopeHasCode = false
        for number in numbers.dropFirst(header) {
            let line = file.lines[number - 1]
            let code = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
            let opens = code.filter { $0 == "{" }.count
            let closes = code.filter { $0 == "}" }.count
            defer { depth += opens - closes }
            if file.isMarker(number) || (file.isMarked(number) && !file.isPresent(number, atStep: step)) {
                continue
            }
            guard isStepsFile else {
                kept.append(line)
                continue
            }
            let trimmed = line.trimmingPrefix { $0 == " " }
            if trimmed.hasPrefix("import ") {
                kept.append(line)
            } else if depth == 0, opens > closes, !file.isMarked(number) {
                scopeStart = number
                scope = [line]
                scopeHasCode = false
            } else if scopeStart != nil, depth + opens - closes == 0, !file.isMarked(number) {
                if scopeHasCode { kept += scope + [line] }
                scopeStart = nil
            } else if file.isPresent(number, atStep: step) {
                scope.append(line)
                scopeHasCode = true
            }
        }
        return Self.tidied(kept)
    }

    /// `lines` without the blank lines that leaving code out strands: none first, none after
    /// an opening brace or before a closing one, never two in a row.
    private static func tidied(_ lines: [Substring]) -> String {
        var out: [Substring] = []
        for (index, line) in lines.enumerated() {
            let isBlank = line.allSatisfy { $0 == " " }
            if isBlank {
                let next = lines[(index + 1)...].first { !$0.allSatisfy { $0 == " " } }
                let nextStartsWithClose = next?.trimmingPrefix { $0 == " " }.hasPrefix("}") ?? true
                guard let last = out.last, !last.isEmpty, !last.hasSuffix("{"), !nextStartsWithClose
                else { continue }
                out.append("")
            } else {
                out.append(line)
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func isMarkerOrBlank(_ line: Substring) -> Bool {
        let trimmed = line.trimmingPrefix { $0 == " " }
        return trimmed.isEmpty || trimmed.hasPrefix("// step ") || trimmed.hasPrefix("// } step ")
    }

    private func indentation(of line: Substring) -> String { String(line.prefix { $0 == " " }) }
}
