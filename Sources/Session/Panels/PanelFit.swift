import Animation
import Render

/// What a panel shows when the window leaves it less room than it needs (`Panel.minimumSize`):
/// a note that it does not fit, over the panel, instead of a header that counts rows it cannot
/// show ("rows 14–13 of 13") or a list cut to nothing. The panel's own drawing stays under the
/// note, untouched, and shows again (brought up to date) when the window grows.
final class PanelFit {
    private let timeline: Timeline
    /// The note over each panel that does not fit, and the frame it was drawn for.
    private var notes: [ObjectIdentifier: (layer: Layer, frame: Rect)] = [:]

    init(timeline: Timeline) {
        self.timeline = timeline
    }

    /// Whether `panel`, in its frame now, has the room it needs at `scale`.
    static func fits(_ panel: Panel, scale: Double) -> Bool {
        panel.frame.width >= panel.minimumSize.width * scale
            && panel.frame.height >= panel.minimumSize.height * scale
    }

    /// Shows or removes `panel`'s note; returns whether the panel fits (and should draw itself).
    func update(_ panel: Panel, scale: Double) -> Bool {
        let id = ObjectIdentifier(panel)
        let fits = Self.fits(panel, scale: scale)
        if fits {
            if let note = notes.removeValue(forKey: id) {
                timeline.transaction { transaction in
                    transaction.disableActions = true
                    note.layer.removeFromSuperlayer()
                }
            }
            return true
        }
        // Each rebuild of the panel removes its sublayers: the note must be its last one.
        if let note = notes[id], note.frame == panel.frame, note.layer.superlayer === panel.layer,
            panel.layer.sublayers.last === note.layer
        {
            return false
        }
        notes[id]?.layer.removeFromSuperlayer()
        let note = Layer(timeline: timeline)
        note.name = panel.name
        note.anchorPoint = .zero
        note.backgroundColor = PanelStyle.background
        timeline.transaction { transaction in
            transaction.disableActions = true
            note.frame = Rect(origin: .zero, size: panel.frame.size)
            panel.layer.addSublayer(note)
            let canvas = PanelCanvas(layer: note, timeline: timeline, scale: scale)
            let margin = PanelStyle.margin * scale
            let lineHeight = PanelStyle.lineHeight * scale
            let width = max(panel.frame.width - 2 * margin, 1)
            let needed = panel.minimumSize
            let text =
                "the \(panel.name) needs \(Int(needed.width))×\(Int(needed.height)) px: "
                + "make the window larger, or close a panel (Escape)"
            var y = margin / 2
            for line in TextMetrics.lines(of: text, width: width, fontSize: PanelStyle.fontSize * scale) {
                guard y + lineHeight <= panel.frame.height + 0.5 else { break }
                canvas.text(
                    line, in: Rect(x: margin, y: y, width: width, height: lineHeight),
                    color: PanelStyle.dimText)
                y += lineHeight
            }
        }
        notes[id] = (note, panel.frame)
        return false
    }

    /// Forgets the note of a closed panel.
    func remove(_ panel: Panel) {
        notes.removeValue(forKey: ObjectIdentifier(panel))?.layer.removeFromSuperlayer()
    }
}
