import Animation
import Render
import SceneSources

/// The code panel (`e`): the scene's own Swift source, built into the program, with the lines
/// whose animations, timers or display links run at the playhead marked, scrolled to the line
/// of the inspector row under the pointer (else to the newest running one). At a tutorial step
/// (`--step N`, `[` `]`) it shows the step's code (`StepCode`): the lines the step adds marked
/// `+` and scrolled to, the lines of later steps dimmed. Docked on the right (at the bottom of a
/// portrait window); the wheel, or Up / Down / Page Up / Page Down while it is topmost, scroll
/// it.
final class CodePanel: Panel {
    static let kind = PanelKind(
        name: "code",
        toggle: ShellKey.Row(
            keys: [.character("e")], label: "e", action: "code: the scene's source, the running lines marked"),
        edge: .side, observesScene: true)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 280, height: 100)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    /// The first line shown (0-based), and whether the panel follows the code that runs.
    private var firstLine = 0
    private var followsCode = true
    private var drawn: DrawnState?
    /// Sizes at scale 1, pixels.
    static let fontSize = 11.0
    static let lineHeight = 15.0
    static let preferredWidth = 560.0

    private struct DrawnState: Equatable {
        var frame: Rect
        var file: String
        var firstLine: Int
        var focus: Int?
        var running: Set<Int>
        var step: StepMarks?
    }

    /// What the code panel shows: the file, the line to show, the lines running now, and at a
    /// tutorial step its marks.
    struct Focus: Equatable {
        var file: String
        var line: Int?
        var running: Set<Int>
        var step: StepMarks?
    }

    /// A tutorial step's marks in the file shown: `number` of `count`, the lines it adds and
    /// removes (1-based), the lines of later steps.
    struct StepMarks: Equatable {
        var number: Int
        var count: Int
        var added: Set<Int>
        var removed: Set<Int>
        var later: Set<Int>
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "code", timeline: timeline)
    }

    var keyHelp: [HelpLine] { [HelpLine("code: wheel, Up, Down", "scroll the scene's source")] }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        switch edge {
        case .side: return min(Self.preferredWidth * scale, (size.width * 0.5).rounded(.down))
        case .bottom: return (size.height * 0.45).rounded(.down)
        }
    }

    func setOpen(_ isOpen: Bool) {
        drawn = nil
        updated = nil
        followsCode = true
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    var view: PanelView { PanelView(firstRow: firstLine, follows: followsCode) }

    func restore(_ view: PanelView) {
        firstLine = max(view.firstRow ?? 0, 0)
        followsCode = view.follows ?? true
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    private var lineHeight: Double { Self.lineHeight * scale }
    /// The header's height: its lines (it wraps) and a little room.
    private var headerHeight: Double { Double(max(headerLineCount, 1)) * 16 * scale + 4 * scale }
    private var headerLineCount = 1
    private var numberWidth: Double { 34 * scale }
    private var codeX: Double { numberWidth + 4 * scale }
    /// The source lines that fit whole from `firstLine`, each wrapped to the panel's width.
    private var visibleLineCount: Int { visibleLineCount(from: firstLine) }

    private func visibleLineCount(from first: Int) -> Int {
        let lines = sourceLines
        var rows = 0
        var count = 0
        let room = max(Int((frame.height - headerHeight) / lineHeight), 1)
        for index in first..<max(lines.count, first) {
            let needed = wrappedRows(of: index, lines: lines).count
            if count > 0 && rows + needed > room { break }
            rows += needed
            count += 1
        }
        return max(count, 1)
    }

    /// Each source line's rows at the panel's width: the tokens of each row and where they go.
    private var wrapped: (file: String, width: Double, scale: Double, rows: [Int: [[Placed]]])?

    /// A token placed in a row, `x` from the panel's left.
    private struct Placed {
        var text: String
        var kind: SwiftTokens.Kind
        var x: Double
        var width: Double
    }

    /// Line `index` (0-based) of `lines` in rows no wider than the panel: broken between tokens,
    /// comments and strings between their words, a word wider than a row between its letters;
    /// the rows after the first indented a little more than the line.
    private func wrappedRows(of index: Int, lines: [Substring]) -> [[Placed]] {
        if wrapped?.file != focus.file || wrapped?.width != frame.width || wrapped?.scale != scale {
            wrapped = (focus.file, frame.width, scale, [:])
        }
        if let rows = wrapped?.rows[index] { return rows }
        guard lines.indices.contains(index) else { return [[]] }
        let fontSize = Self.fontSize * scale
        let right = frame.width - PanelStyle.margin * scale
        let text = String(lines[index]).replacingOccurrences(of: "\t", with: "    ")
        var pieces: [(text: String, kind: SwiftTokens.Kind)] = []
        for token in SwiftTokens.split(text) {
            guard token.kind == .comment || token.kind == .string, token.text.contains(" ") else {
                pieces.append(token)
                continue
            }
            let words = token.text.split(separator: " ", omittingEmptySubsequences: false)
            for (number, word) in words.enumerated() {
                if number > 0 { pieces.append((" ", token.kind == .string ? .string : .space)) }
                if !word.isEmpty { pieces.append((String(word), token.kind)) }
            }
        }
        let indent =
            codeX
            + TextMetrics.width(
                of: String(text.prefix { $0 == " " }) + "    ", fontSize: fontSize)
        let continuationX = min(indent, codeX + (right - codeX) / 3)
        var rows: [[Placed]] = [[]]
        var left = codeX
        for piece in pieces {
            var width = TextMetrics.width(of: piece.text, fontSize: fontSize)
            let isSpace = piece.text.allSatisfy(\.isWhitespace)
            if left + width > right && !rows[rows.count - 1].isEmpty {
                if isSpace { continue }  // the break instead of the space
                rows.append([])
                left = continuationX
            }
            if isSpace && rows.count > 1 && rows[rows.count - 1].isEmpty { continue }
            var textLeft = piece.text
            while left + width > right, textLeft.count > 1 {
                // A word wider than a whole row: as many letters as fit, row after row.
                let part =
                    TextMetrics.lines(of: textLeft, width: right - left, fontSize: fontSize).first ?? textLeft
                let partWidth = TextMetrics.width(of: part, fontSize: fontSize)
                rows[rows.count - 1].append(Placed(text: part, kind: piece.kind, x: left, width: partWidth))
                textLeft = String(textLeft.dropFirst(part.count))
                rows.append([])
                left = continuationX
                width = TextMetrics.width(of: textLeft, fontSize: fontSize)
            }
            rows[rows.count - 1].append(Placed(text: textLeft, kind: piece.kind, x: left, width: width))
            left += width
        }
        wrapped?.rows[index] = rows
        return rows
    }

    private func scroll(by lines: Int, count: Int) {
        firstLine = min(max(firstLine + lines, 0), max(count - visibleLineCount, 0))
        followsCode = false
    }

    private var lineCount = 0

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        guard let lines = scrollLines(for: key, page: visibleLineCount) else { return nil }
        scroll(by: lines, count: lineCount)
        return []
    }

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        if case .scroll(let dy, _, _, _) = event { scroll(by: dy > 0 ? 3 : -3, count: lineCount) }
        return []
    }

    /// The lines marked and scrolled to (`follow`).
    private(set) var focus = Focus(file: "", line: nil, running: [])
    /// The marks for the running scene type at its step, worked out once a scene type and
    /// step: the file with the step's first new line, and each file's marks.
    private var stepMarks: (key: String, firstFile: String?, byFile: [String: StepMarks])?

    /// What it shows now: the hovered inspector row's file, else at a tutorial step (opened
    /// with `--step` or `[` `]`) the file with the step's first new line, else the scene's own
    /// file; the lines running now, from the inspector's log.
    func follow(context: PanelContext) {
        let typeName = "\(type(of: context.scene))"
        let key = "\(typeName) \(context.step ?? 0)"
        if stepMarks?.key != key {
            var byFile: [String: StepMarks] = [:]
            var firstFile: String?
            if let step = context.step, let code = StepCode.forScene(typeName: typeName) {
                for file in code.files {
                    let added = file.addedLines(atStep: step)
                    let removed = file.removedLines(atStep: step)
                    if firstFile == nil && !added.isEmpty { firstFile = file.name }
                    byFile[file.name] = StepMarks(
                        number: step, count: context.stepCount, added: added, removed: removed,
                        later: file.absentLines(atStep: step).subtracting(removed))
                }
            }
            stepMarks = (key, firstFile, byFile)
        }
        let hovered = context.hoveredLocation
        let file = hovered?.fileName ?? stepMarks?.firstFile ?? "\(typeName).swift"
        // The distinct lines first: a fish's bubbles run hundreds of rows from a few lines.
        let running = Set(context.runningLocations()).filter { $0.fileName == file }
        focus = Focus(
            file: file, line: hovered?.line, running: Set(running.map(\.line)), step: stepMarks?.byFile[file])
    }

    /// The focused file's lines, split once per file (the sources are fixed for the process):
    /// splitting a file every frame cost a core's fifth at 60 Hz.
    private var sourceLines: [Substring] {
        if split?.file != focus.file { split = (focus.file, SceneSources.lines(ofFile: focus.file) ?? []) }
        return split?.lines ?? []
    }
    private var split: (file: String, lines: [Substring])?

    /// Everything `update` reads: when it is what the last update saw, nothing it would
    /// compute or draw can differ, so the update ends there.
    private struct Input: Equatable {
        var frame: Rect
        var scale: Double
        var focus: Focus
        var firstLine: Int
        var followsCode: Bool
    }
    private var updated: Input?

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        func input() -> Input {
            Input(frame: frame, scale: scale, focus: focus, firstLine: firstLine, followsCode: followsCode)
        }
        guard input() != updated else { return }
        // What this update leaves (its scroll included) is what the next one compares with.
        defer { updated = input() }
        let lines = sourceLines
        lineCount = lines.count
        let followed = followsCode || focus.line != nil
        let target =
            followed ? focus.line ?? focus.step.flatMap({ $0.added.min() }) ?? focus.running.max() : nil
        /// The focused line a third of the way down, counted from that line (not from the
        /// scroll before), so the same moment scrolls the same way however it was reached.
        func follow() {
            guard let line = target else { return }
            let count = visibleLineCount(from: max(line - 1, 0))
            firstLine = min(max(line - 1 - count / 3, 0), max(lines.count - count, 0))
        }
        follow()
        // The header's height depends on its text, which says how many lines show: taken at
        // its count now, then again (and the scroll followed again) if that changed its lines.
        var header = headerLines(lines: lines, shownCount: visibleLineCount)
        if header.count != headerLineCount {
            headerLineCount = header.count
            follow()
            header = headerLines(lines: lines, shownCount: visibleLineCount)
        }
        let state = DrawnState(
            frame: frame, file: focus.file, firstLine: firstLine, focus: focus.line, running: focus.running,
            step: focus.step)
        guard state != drawn else { return }
        drawn = state
        let shownCount = visibleLineCount
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            let margin = PanelStyle.margin * scale
            canvas.fill(Rect(x: 0, y: 0, width: 1 * scale, height: frame.height), PanelStyle.separator)
            for (index, line) in header.enumerated() {
                canvas.text(
                    line,
                    in: Rect(
                        x: margin, y: 2 * scale + Double(index) * 16 * scale, width: frame.width - 2 * margin,
                        height: 16 * scale),
                    bold: true)
            }
            var y = headerHeight
            for number in stride(
                from: firstLine + 1, through: min(firstLine + shownCount, lines.count), by: 1)
            {
                let rows = wrappedRows(of: number - 1, lines: lines)
                let height = Double(rows.count) * lineHeight
                if number == focus.line {
                    canvas.fill(Rect(x: 0, y: y, width: frame.width, height: height), Color(white: 0.24))
                } else if focus.running.contains(number) {
                    canvas.fill(
                        Rect(x: 0, y: y, width: frame.width, height: height),
                        Color(red: 0.2, green: 0.17, blue: 0.06))
                } else if focus.step?.added.contains(number) == true {
                    canvas.fill(Rect(x: 0, y: y, width: frame.width, height: height), Self.addedBackground)
                } else if focus.step?.removed.contains(number) == true {
                    canvas.fill(Rect(x: 0, y: y, width: frame.width, height: height), Self.removedBackground)
                }
                let isRunning = focus.running.contains(number)
                let isAdded = focus.step?.added.contains(number) == true
                let isRemoved = focus.step?.removed.contains(number) == true
                canvas.text(
                    isRunning
                        ? "▶\(number)" : isAdded ? "+\(number)" : isRemoved ? "−\(number)" : "\(number)",
                    in: Rect(x: 2 * scale, y: y, width: numberWidth - 4 * scale, height: lineHeight),
                    color: isRunning
                        ? PanelStyle.accent
                        : isAdded ? Self.addedText : isRemoved ? Self.removedText : PanelStyle.dimText,
                    alignment: .right, size: Self.fontSize)
                let dimmed = isRemoved || focus.step?.later.contains(number) == true
                for row in rows {
                    for piece in row where piece.kind != .space && !piece.text.allSatisfy(\.isWhitespace) {
                        canvas.text(
                            piece.text,
                            in: Rect(x: piece.x, y: y, width: piece.width + 1, height: lineHeight),
                            color: dimmed ? Self.laterText : piece.kind.color, size: Self.fontSize)
                    }
                    y += lineHeight
                }
            }
        }
    }

    /// The header in lines at the panel's width; `shownCount` source lines shown.
    private func headerLines(lines: [Substring], shownCount: Int) -> [String] {
        let shown = "\(firstLine + 1)–\(min(firstLine + shownCount, lines.count)) of \(lines.count)"
        let stepNote =
            focus.step.map {
                "step \($0.number) of \($0.count) · + this step\($0.removed.isEmpty ? "" : ", − removed") · "
            } ?? ""
        let text =
            lines.isEmpty
            ? "code · no source for \(focus.file)"
            : "code · \(stepNote)\(focus.file) · lines \(shown) · ▶ runs now"
        return TextMetrics.lines(
            of: text, width: max(frame.width - 2 * PanelStyle.margin * scale, 1),
            fontSize: PanelStyle.fontSize * scale, bold: true)
    }

    /// The background and number colour of a line the step adds.
    static let addedBackground = Color(red: 0.07, green: 0.22, blue: 0.1)
    static let addedText = Color(red: 0.45, green: 0.9, blue: 0.5)
    /// The background and number colour of a line the step removes.
    static let removedBackground = Color(red: 0.25, green: 0.08, blue: 0.08)
    static let removedText = Color(red: 0.95, green: 0.45, blue: 0.42)
    /// The colour of a later step's code.
    static let laterText = Color(white: 0.42)
}

/// A line of Swift cut into coloured pieces: good enough for reading, not a parser.
enum SwiftTokens {
    enum Kind {
        case space, comment, string, number, keyword, type, plain

        var color: Color {
            switch self {
            case .comment: return Color(red: 0.5, green: 0.62, blue: 0.5)
            case .string: return Color(red: 0.95, green: 0.55, blue: 0.45)
            case .number: return Color(red: 0.75, green: 0.7, blue: 1)
            case .keyword: return Color(red: 0.98, green: 0.45, blue: 0.7)
            case .type: return Color(red: 0.55, green: 0.85, blue: 0.95)
            case .space, .plain: return PanelStyle.text
            }
        }
    }

    static let keywords: Set<String> = [
        "let", "var", "func", "if", "else", "guard", "return", "for", "in", "while", "switch", "case",
        "default",
        "self", "Self", "init", "import", "struct", "class", "final", "enum", "extension", "private",
        "public",
        "static", "true", "false", "nil", "weak", "override", "some", "any", "try", "throws", "where",
        "defer",
    ]

    static func split(_ line: String) -> [(text: String, kind: Kind)] {
        var tokens: [(text: String, kind: Kind)] = []
        var rest = Substring(line)
        while let first = rest.first {
            if rest.hasPrefix("//") {
                tokens.append((String(rest), .comment))
                break
            }
            if first == "\"" {
                let end = rest.dropFirst().firstIndex(of: "\"").map { rest.index(after: $0) } ?? rest.endIndex
                tokens.append((String(rest[..<end]), .string))
                rest = rest[end...]
                continue
            }
            let run = rest.prefix { character in
                first.isWhitespace
                    ? character.isWhitespace
                    : first.isLetter || first == "_" || first.isNumber
                        ? character.isLetter || character.isNumber || character == "_"
                            || (first.isNumber && character == ".")
                        : !(character.isLetter || character.isNumber || character.isWhitespace
                            || character == "\"" || character == "_")
                            && !rest.hasPrefix("//")
            }
            let text = String(run.isEmpty ? rest.prefix(1) : run)
            let kind: Kind
            if first.isWhitespace {
                kind = .space
            } else if first.isNumber {
                kind = .number
            } else if keywords.contains(text) {
                kind = .keyword
            } else if first.isUppercase {
                kind = .type
            } else {
                kind = .plain
            }
            tokens.append((text, kind))
            rest = rest.dropFirst(text.count)
        }
        return tokens
    }
}
