import Animation
import Render

/// The help (`h` or `?`): every key of the shell, of the open panels and of the scene, and
/// the scene's gestures, docked on the right (at the bottom of a portrait window). A list
/// longer than the panel scrolls: the wheel, or Up / Down / Page Up / Page Down while the help
/// is the topmost panel.
final class HelpPanel: Panel {
    let name = "help"
    let layer: Layer
    let edge = PanelEdge.side
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
    private var visibleLineCount: Int { max(Int((frame.height - 2 * lineHeight) / lineHeight), 1) }

    private func scroll(by lines: Int, count: Int) {
        firstLine = min(max(firstLine + lines, 0), max(count - visibleLineCount, 0))
    }

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        let count = context.help.count
        guard count > visibleLineCount else { return nil }  // nothing to scroll: the keys are the shell's
        guard let lines = scrollLines(for: key, page: visibleLineCount) else { return nil }
        scroll(by: lines, count: count)
        return []
    }

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        if case .scroll(let dy, _) = event { scroll(by: dy > 0 ? 3 : -3, count: context.help.count) }
        return []
    }

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        let lines = context.help
        firstLine = min(firstLine, max(lines.count - visibleLineCount, 0))
        let state = DrawnState(frame: frame, lines: lines, firstLine: firstLine, title: context.scene.title)
        guard state != drawn else { return }
        drawn = state
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            let margin = PanelStyle.margin * scale
            canvas.fill(Rect(x: 0, y: 0, width: 1 * scale, height: frame.height), PanelStyle.separator)
            let more =
                lines.count > visibleLineCount
                ? " · \(firstLine + 1)–\(min(firstLine + visibleLineCount, lines.count)) of \(lines.count)"
                : ""
            canvas.text(
                "keys · \(context.scene.title)\(more) · Escape closes",
                in: Rect(x: margin, y: lineHeight * 0.4, width: frame.width - 2 * margin, height: lineHeight),
                bold: true, size: Self.fontSize + 1)
            let fontSize = Self.fontSize * scale
            let keyWidth = min(
                (lines.map { TextMetrics.width(of: $0.key, fontSize: fontSize, bold: true) }.max() ?? 0) + 2,
                (frame.width - 3 * margin) * 0.45)
            let actionX = margin + keyWidth + margin
            for (index, line) in lines.dropFirst(firstLine).prefix(visibleLineCount).enumerated() {
                let y = lineHeight * 1.6 + Double(index) * lineHeight
                canvas.text(
                    line.key, in: Rect(x: margin, y: y, width: keyWidth, height: lineHeight), bold: true,
                    color: Color(red: 1, green: 0.85, blue: 0.4), alignment: .right, size: Self.fontSize)
                canvas.text(
                    line.action,
                    in: Rect(x: actionX, y: y, width: frame.width - actionX - margin, height: lineHeight),
                    size: Self.fontSize)
            }
        }
    }
}
