import Animation
import Render

/// A line of the panels' or the overlay's text that remembers the whole text when it had to
/// be shortened to fit (`TextMetrics.fitting`): what `render --describe` lists as `elided`.
final class FittedTextLayer: TextLayer {
    /// The text before it was shortened; nil when `string` is the whole text.
    var wholeText: String?

    /// Shows `text`, shortened with `…` if it is wider than `width` pixels (noted in
    /// `wholeText`).
    func setFitting(_ text: String, width: Double, cut: TextMetrics.Cut) {
        let fitted = TextMetrics.fitting(
            text, width: max(width, 0), fontSize: fontSize, bold: isBold, cut: cut)
        string = fitted
        wholeText = fitted == text ? nil : text
    }
}

/// One text drawn shortened, for `render --describe`.
public struct ElidedText: Encodable, Sendable, Equatable {
    /// The panel or overlay it is in (`help`, `inspector`, `toast`, …).
    public var place: String
    /// The whole text.
    public var text: String
    /// What was drawn.
    public var shown: String
}

extension Layer {
    /// Every shortened text in this visible tree, in drawing order; `place` is the name of the
    /// nearest named layer.
    func elidedTexts(place: String = "window") -> [ElidedText] {
        guard !isHidden, opacity > 0 else { return [] }
        let place = name ?? place
        var found: [ElidedText] = []
        if let text = self as? FittedTextLayer, let whole = text.wholeText {
            found.append(ElidedText(place: place, text: whole, shown: text.string))
        }
        for sublayer in sublayers { found += sublayer.elidedTexts(place: place) }
        return found
    }
}
