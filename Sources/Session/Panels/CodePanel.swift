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
    let name = "code"
    let layer: Layer
    let edge = PanelEdge.side
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 240, height: 60)
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

    /// A tutorial step's marks in the file shown: `number` of `count`, the lines it adds
    /// (1-based), the lines of later steps.
    struct StepMarks: Equatable {
        var number: Int
        var count: Int
        var added: Set<Int>
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
        followsCode = true
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    private var lineHeight: Double { Self.lineHeight * scale }
    private var headerHeight: Double { 20 * scale }
    private var visibleLineCount: Int { max(Int((frame.height - headerHeight) / lineHeight), 1) }

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
        if case .scroll(let dy, _) = event { scroll(by: dy > 0 ? 3 : -3, count: lineCount) }
        return []
    }

    /// The lines marked and scrolled to, given by the session from the inspector's log.
    var focus = Focus(file: "", line: nil, running: [])

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        let lines = SceneSources.lines(ofFile: focus.file) ?? []
        lineCount = lines.count
        if followsCode || focus.line != nil,
            let line = focus.line ?? focus.step.flatMap({ $0.added.min() }) ?? focus.running.max()
        {
            // The focused line a third of the way down.
            firstLine = min(max(line - 1 - visibleLineCount / 3, 0), max(lines.count - visibleLineCount, 0))
        }
        let state = DrawnState(
            frame: frame, file: focus.file, firstLine: firstLine, focus: focus.line, running: focus.running,
            step: focus.step)
        guard state != drawn else { return }
        drawn = state
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            let margin = PanelStyle.margin * scale
            canvas.fill(Rect(x: 0, y: 0, width: 1 * scale, height: frame.height), PanelStyle.separator)
            let shown = "\(firstLine + 1)–\(min(firstLine + visibleLineCount, lines.count)) of \(lines.count)"
            let stepNote = focus.step.map { "step \($0.number) of \($0.count) · + this step · " } ?? ""
            canvas.text(
                lines.isEmpty
                    ? "code · no source for \(focus.file)"
                    : "code · \(stepNote)\(focus.file) · lines \(shown) · ▶ runs now",
                in: Rect(
                    x: margin, y: 2 * scale, width: frame.width - 2 * margin, height: headerHeight - 4 * scale
                ),
                bold: true)
            let numberWidth = 34 * scale
            for (offset, line) in lines.dropFirst(firstLine).prefix(visibleLineCount).enumerated() {
                let number = firstLine + offset + 1
                let y = headerHeight + Double(offset) * lineHeight
                if number == focus.line {
                    canvas.fill(Rect(x: 0, y: y, width: frame.width, height: lineHeight), Color(white: 0.24))
                } else if focus.running.contains(number) {
                    canvas.fill(
                        Rect(x: 0, y: y, width: frame.width, height: lineHeight),
                        Color(red: 0.2, green: 0.17, blue: 0.06))
                } else if focus.step?.added.contains(number) == true {
                    canvas.fill(
                        Rect(x: 0, y: y, width: frame.width, height: lineHeight), Self.addedBackground)
                }
                let isRunning = focus.running.contains(number)
                let isAdded = focus.step?.added.contains(number) == true
                canvas.text(
                    isRunning ? "▶\(number)" : isAdded ? "+\(number)" : "\(number)",
                    in: Rect(x: 2 * scale, y: y, width: numberWidth - 4 * scale, height: lineHeight),
                    color: isRunning ? PanelStyle.accent : isAdded ? Self.addedText : PanelStyle.dimText,
                    alignment: .right, size: Self.fontSize)
                drawCode(
                    String(line), x: numberWidth + 4 * scale, y: y, canvas: canvas,
                    dimmed: focus.step?.later.contains(number) == true)
            }
        }
    }

    /// The background and number colour of a line the step adds.
    static let addedBackground = Color(red: 0.07, green: 0.22, blue: 0.1)
    static let addedText = Color(red: 0.45, green: 0.9, blue: 0.5)
    /// The colour of a later step's code.
    static let laterText = Color(white: 0.42)

    /// One line of Swift, coloured by token: comments, strings, numbers, keywords; all of it in
    /// `laterText` when `dimmed` (a later step's code).
    private func drawCode(_ line: String, x: Double, y: Double, canvas: PanelCanvas, dimmed: Bool = false) {
        let fontSize = Self.fontSize * scale
        let right = frame.width - PanelStyle.margin * scale
        var left = x
        for token in SwiftTokens.split(line.replacingOccurrences(of: "\t", with: "    ")) {
            guard left < right else { break }
            let width = TextMetrics.width(of: token.text, fontSize: fontSize)
            if token.kind != .space {
                canvas.text(
                    token.text,
                    in: Rect(x: left, y: y, width: min(width + 1, right - left), height: lineHeight),
                    color: dimmed ? Self.laterText : token.kind.color, size: Self.fontSize)
            }
            left += width
        }
    }
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
