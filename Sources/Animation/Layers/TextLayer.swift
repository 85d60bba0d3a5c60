/// Horizontal placement of text in its bounds.
public enum TextAlignment: Sendable, Hashable { case left, center, right }

/// A single line of text, centred vertically in the bounds (CATextLayer, reduced).
///
/// The renderer draws it with the system sans-serif font (DejaVu Sans on Debian).
open class TextLayer: Layer {
    /// What the layer draws, as one value; the properties below read and write it.
    public final internal(set) var textDrawing = TextDrawing()

    /// `Layer.savedState()`, and the text drawn.
    open override func savedState() -> () -> Void {
        let layer = super.savedState()
        let saved = textDrawing
        return { [self] in
            layer()
            textDrawing = saved
            noteChange(writes: .subclassDrawing)
        }
    }
    public final var string: String {
        get { textDrawing.string }
        set {
            textDrawing.string = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    /// Pixels.
    public final var fontSize: Double {
        get { textDrawing.fontSize }
        set {
            textDrawing.fontSize = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    public final var isBold: Bool {
        get { textDrawing.isBold }
        set {
            textDrawing.isBold = newValue
            noteChange(writes: .subclassDrawing)
        }
    }
    public final var foregroundColor: Color {
        get { textDrawing.foregroundColor }
        set {
            let oldValue = textDrawing.foregroundColor
            textDrawing.foregroundColor = newValue
            didChange(.foregroundColor, from: oldValue, writes: .subclassDrawing)
        }
    }
    public final var alignment: TextAlignment {
        get { textDrawing.alignment }
        set {
            textDrawing.alignment = newValue
            noteChange(writes: .subclassDrawing)
        }
    }

    public override init(timeline: Timeline) {
        super.init(timeline: timeline)
    }

    public required init(presentationOf model: Layer) {
        super.init(presentationOf: model)
    }

    override func takeModelValues(from model: Layer) {
        super.takeModelValues(from: model)
        guard let text = model as? TextLayer else { return }
        textDrawing = text.textDrawing
    }

    override func retakeModelValues(_ written: PresentationWrites, from model: Layer) {
        super.retakeModelValues(written, from: model)
        guard written.contains(.subclassDrawing), let text = model as? TextLayer else { return }
        textDrawing = text.textDrawing
    }
}
