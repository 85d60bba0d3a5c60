import Animation
import Render

/// The help (`h` or `?`): every key of the shell, of the open panels and of the scene, and
/// the scene's gestures, docked on the right (at the bottom of a portrait window). A list
/// longer than the panel scrolls: the wheel, or Up / Down / Page Up / Page Down while the help
/// is the topmost panel.
final class HelpPanel: Panel {
    static let kind = PanelKind(
        name: "help",
        toggle: ShellKey.Row(keys: [.character("h"), .character("?")], label: "h, ?", action: "this help"),
        edge: .side)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 220, height: 100)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    private var firstLine = 0
    private var drawn: DrawnState?
    /// Sizes at scale 1, pixels.
    static let fontSize = 13.0
    static let lineHeight = 20.0
    static let preferredWidth = 520.0

    private struct DrawnState: Equatable {
        var frame: Rect
        var lines: [HelpLine]
        var firstLine: Int
        var title: String
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "help", timeline: timeline)
    }

    var keyHelp: [HelpLine] { [HelpLine("help: wheel, Up, Down", "scroll this list")] }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        switch edge {
        case .side: return min(Self.preferredWidth * scale, (size.width * 0.5).rounded(.down))
        case .bottom: return (size.height * 0.5).rounded(.down)
        }
    }

    func setOpen(_ isOpen: Bool) {
        drawn = nil
        firstLine = 0
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    var view: PanelView { PanelView(firstRow: firstLine) }

    func restore(_ view: PanelView) { firstLine = max(view.firstRow ?? 0, 0) }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    private var lineHeight: Double { Self.lineHeight * scale }
    private var margin: Double { PanelStyle.margin * scale }

    /// One entry of the help as laid out: its key's and its action's lines, and where the
    /// action starts (beside the key in two columns, under it in a narrow panel).
    private struct Row {
        var key: [String]
        var action: [String]
        var actionX: Double
        var isStacked: Bool
        var lineCount: Int { isStacked ? key.count + action.count : max(key.count, action.count) }
    }

    /// The least width of the action column beside the keys, pixels at scale 1: narrower, each
    /// entry takes two rows (its key, then its action).
    static let minimumActionWidth = 180.0

    /// The rows of `lines` wrapped to the panel's width (worked out once a width and list).
    private var laidOut: (width: Double, scale: Double, lines: [HelpLine], rows: [Row])?

    private func rows(for lines: [HelpLine]) -> [Row] {
        if let laidOut, laidOut.width == frame.width, laidOut.scale == scale, laidOut.lines == lines {
            return laidOut.rows
        }
        let fontSize = Self.fontSize * scale
        let inner = max(frame.width - 2 * margin, 1)
        let widest = lines.map { TextMetrics.width(of: $0.key, fontSize: fontSize, bold: true) }.max() ?? 0
        let keyWidth = min(widest + 2 * scale, (inner - margin) * 0.45)
        let actionWidth = inner - keyWidth - margin
        let isStacked = actionWidth < Self.minimumActionWidth * scale
        let rows = lines.map { line in
            isStacked
                ? Row(
                    key: TextMetrics.lines(of: line.key, width: inner, fontSize: fontSize, bold: true),
                    action: TextMetrics.lines(of: line.action, width: inner - 2 * margin, fontSize: fontSize),
                    actionX: 3 * margin, isStacked: true)
                : Row(
                    key: TextMetrics.lines(of: line.key, width: keyWidth, fontSize: fontSize, bold: true),
                    action: TextMetrics.lines(of: line.action, width: actionWidth, fontSize: fontSize),
                    actionX: 2 * margin + keyWidth, isStacked: false)
        }
        laidOut = (frame.width, scale, lines, rows)
        return rows
    }

    /// The header's lines: what the list is, which entries show, how to close it.
    private func headerLines(title: String, first: Int, shown: Int, count: Int) -> [String] {
        let more = shown < count ? " · \(first + 1)–\(first + shown) of \(count) · wheel scrolls" : ""
        return TextMetrics.lines(
            of: "keys · \(title)\(more) · Escape closes", width: max(frame.width - 2 * margin, 1),
            fontSize: (Self.fontSize + 1) * scale, bold: true)
    }

    /// The height the list has below a header of `headerLineCount` lines.
    private func listHeight(headerLineCount: Int) -> Double {
        frame.height - (Double(headerLineCount) + 0.6) * lineHeight - 0.4 * lineHeight
    }

    /// How many entries from `first` fit in `height` (at least one).
    private func fittingCount(_ rows: [Row], from first: Int, height: Double) -> Int {
        var used = 0.0
        var count = 0
        for row in rows.dropFirst(first) {
            let rowHeight = Double(row.lineCount) * lineHeight + (row.isStacked ? 0.3 * lineHeight : 0)
            if count > 0 && used + rowHeight > height { break }
            used += rowHeight
            count += 1
        }
        return count
    }

    /// The entries shown from `firstLine`, and the header above them (whose "1–14 of 22" needs
    /// the count, and whose height the count needs: the header is taken at two lines first).
    private func page(_ rows: [Row], title: String) -> (header: [String], count: Int) {
        let guess = headerLines(title: title, first: firstLine, shown: 1, count: rows.count + 1).count
        var count = fittingCount(rows, from: firstLine, height: listHeight(headerLineCount: guess))
        var header = headerLines(title: title, first: firstLine, shown: count, count: rows.count)
        if header.count != guess {
            count = fittingCount(rows, from: firstLine, height: listHeight(headerLineCount: header.count))
            header = headerLines(title: title, first: firstLine, shown: count, count: rows.count)
        }
        return (header, count)
    }

    /// The first entry of the last page: scrolling stops when the last entry shows. The header
    /// is taken at its longest ("27–27 of 27"), so that the last entry is never below the panel.
    private func lastFirstLine(_ rows: [Row], title: String) -> Int {
        let header = headerLines(title: title, first: rows.count - 1, shown: 1, count: rows.count).count
        let height = listHeight(headerLineCount: header)
        var used = 0.0
        var first = rows.count
        for row in rows.reversed() {
            let rowHeight = Double(row.lineCount) * lineHeight + (row.isStacked ? 0.3 * lineHeight : 0)
            if first < rows.count && used + rowHeight > height { break }
            used += rowHeight
            first -= 1
        }
        return max(first, 0)
    }

    private func scroll(by lines: Int, context: PanelContext) {
        let rows = rows(for: context.help)
        firstLine = min(max(firstLine + lines, 0), lastFirstLine(rows, title: context.scene.title))
    }

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        let rows = rows(for: context.help)
        // Nothing to scroll: the keys are the shell's.
        guard lastFirstLine(rows, title: context.scene.title) > 0 else { return nil }
        let shown = page(rows, title: context.scene.title).count
        guard let lines = scrollLines(for: key, page: shown) else { return nil }
        scroll(by: lines, context: context)
        return []
    }

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        if case .scroll(let dy, _, _, _) = event { scroll(by: dy > 0 ? 3 : -3, context: context) }
        return []
    }

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        let lines = context.help
        let rows = rows(for: lines)
        let title = context.scene.title
        firstLine = min(firstLine, lastFirstLine(rows, title: title))
        let state = DrawnState(frame: frame, lines: lines, firstLine: firstLine, title: title)
        guard state != drawn else { return }
        drawn = state
        let (header, count) = page(rows, title: title)
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            let width = frame.width - 2 * margin
            canvas.fill(Rect(x: 0, y: 0, width: 1 * scale, height: frame.height), PanelStyle.separator)
            // A line that would end below the panel (a panel too short for one entry) is not
            // drawn; the last line drawn then says so with "…" (and `elided` lists it).
            var lastDrawn: FittedTextLayer?
            var isCut = false
            func draw(
                _ text: String, in rect: Rect, bold: Bool = false, color: Color = PanelStyle.text,
                alignment: TextAlignment = .left, size: Double = Self.fontSize
            ) {
                guard rect.maxY <= frame.height + 0.5 else {
                    isCut = true
                    return
                }
                lastDrawn =
                    canvas.text(text, in: rect, bold: bold, color: color, alignment: alignment, size: size)
                    as? FittedTextLayer
            }
            var y = lineHeight * 0.4
            for line in header {
                draw(
                    line, in: Rect(x: margin, y: y, width: width, height: lineHeight), bold: true,
                    size: Self.fontSize + 1)
                y += lineHeight
            }
            y += 0.2 * lineHeight
            let keyColor = Color(red: 1, green: 0.85, blue: 0.4)
            for row in rows.dropFirst(firstLine).prefix(count) {
                let keyWidth = row.isStacked ? width : row.actionX - 2 * margin
                for (index, key) in row.key.enumerated() {
                    draw(
                        key,
                        in: Rect(
                            x: margin, y: y + Double(index) * lineHeight, width: keyWidth, height: lineHeight),
                        bold: true, color: keyColor, alignment: row.isStacked ? .left : .right,
                        size: Self.fontSize)
                }
                let actionY = row.isStacked ? y + Double(row.key.count) * lineHeight : y
                for (index, action) in row.action.enumerated() {
                    draw(
                        action,
                        in: Rect(
                            x: row.actionX, y: actionY + Double(index) * lineHeight,
                            width: frame.width - row.actionX - margin, height: lineHeight),
                        size: Self.fontSize)
                }
                y += Double(row.lineCount) * lineHeight + (row.isStacked ? 0.3 * lineHeight : 0)
            }
            if isCut, let lastDrawn {
                let whole = (lastDrawn.wholeText ?? lastDrawn.string) + " … (more than the panel holds)"
                lastDrawn.setFitting(lastDrawn.string + " …", width: lastDrawn.frame.width, cut: .end)
                lastDrawn.wholeText = whole
            }
        }
    }
}
