import Animation
import Render

/// Under `--watch`, why the window still runs the last good build: the first compiler error
/// (file:line and message) or the new build's crash, docked at the bottom in red until the next
/// good build (README § Write your own scene). The message wraps at word boundaries over up to
/// `maxMessageLines` lines, the last cut with an ellipsis.
final class BuildProblemPanel: Panel {
    static let kind = PanelKind(name: "build", edge: .bottom, isKept: false)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 150, height: 40)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    /// What it shows; set by the session before it opens.
    var problem: BuildProblem?
    private var drawn: DrawnState?
    static let maxMessageLines = 3
    static let locationColor = Color(red: 1, green: 0.85, blue: 0.4)

    private struct DrawnState: Equatable {
        var frame: Rect
        var problem: BuildProblem?
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "build", timeline: timeline)
    }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        let lines = Double(2 + Self.maxMessageLines)
        return min(
            (lines * PanelStyle.lineHeight + 2 * PanelStyle.margin) * scale, (size.height * 0.4).rounded())
    }

    func setOpen(_ isOpen: Bool) {
        drawn = nil
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] { [] }

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        let state = DrawnState(frame: frame, problem: problem)
        guard state != drawn else { return }
        drawn = state
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            guard let problem else { return }
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            let margin = PanelStyle.margin * scale
            let lineHeight = PanelStyle.lineHeight * scale
            let width = frame.width - 2 * margin
            canvas.fill(Rect(x: 0, y: 0, width: frame.width, height: 2 * scale), PanelStyle.problem)
            canvas.text(
                problem.headline, in: Rect(x: margin, y: margin, width: width, height: lineHeight),
                bold: true,
                color: PanelStyle.problem)
            var y = margin + lineHeight
            if let location = problem.location {
                canvas.text(
                    location, in: Rect(x: margin, y: y, width: width, height: lineHeight), bold: true,
                    color: Self.locationColor, cut: .middle)
                y += lineHeight
            }
            let lines = Self.wrap(
                problem.message, width: width, fontSize: PanelStyle.fontSize * scale,
                maxLines: Self.maxMessageLines)
            for line in lines where y + lineHeight <= frame.height {
                canvas.text(line, in: Rect(x: margin, y: y, width: width, height: lineHeight))
                y += lineHeight
            }
        }
    }

    /// `text` in lines no wider than `width` (pixels at `fontSize`), broken between words; the
    /// last of `maxLines` keeps the rest, for the canvas to cut with an ellipsis.
    static func wrap(_ text: String, width: Double, fontSize: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || lines.count == maxLines - 1
                || TextMetrics.width(of: candidate, fontSize: fontSize) <= width
            {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
