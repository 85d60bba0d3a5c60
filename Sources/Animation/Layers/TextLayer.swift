/// Horizontal placement of text in its bounds.
public enum TextAlignment: Sendable, Hashable { case left, center, right }

/// A single line of text, centred vertically in the bounds (CATextLayer, reduced).
///
/// The renderer draws it with the system sans-serif font (DejaVu Sans on Debian).
open class TextLayer: Layer {
    public var string = "" { didSet { noteChange() } }
    /// Pixels.
    public var fontSize = 14.0 { didSet { noteChange() } }
    public var isBold = false { didSet { noteChange() } }
    public var foregroundColor = Color.black { didSet { didChange(.foregroundColor, from: oldValue) } }
    public var alignment = TextAlignment.center { didSet { noteChange() } }

    public override init(timeline: Timeline) {
        super.init(timeline: timeline)
    }

    public required init(presentationOf model: Layer) {
        super.init(presentationOf: model)
        guard let text = model as? TextLayer else { return }
        string = text.string
        fontSize = text.fontSize
        isBold = text.isBold
        foregroundColor = text.foregroundColor
        alignment = text.alignment
    }
}
