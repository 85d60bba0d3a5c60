import Animation
import Testing

@testable import Render

/// `TextMetrics.width` keeps what it measured (the panels measure the same texts at each
/// rebuild): a kept width must be the one a measure gives, for that text, size and weight.
@Suite("Text widths kept")
struct TextMetricsTests {
    @Test("a width measured again, and after the kept ones are forgotten, is the same")
    func again() {
        let text = "inspector · rows 255–262 of 262 · wheel scrolls"
        let first = TextMetrics.width(of: text, fontSize: 11)
        #expect(first > 100, "measured: \(first)")
        #expect(TextMetrics.width(of: text, fontSize: 11) == first)
        // More texts than are kept: the first is forgotten, then measured again.
        for index in 0...TextMetrics.widthsKept { _ = TextMetrics.width(of: "row \(index)", fontSize: 11) }
        #expect(TextMetrics.width(of: text, fontSize: 11) == first)
    }

    @Test("the size and the weight are part of what is kept")
    func key() {
        let text = "bubble 98.position"
        let regular = TextMetrics.width(of: text, fontSize: 11)
        let bold = TextMetrics.width(of: text, fontSize: 11, bold: true)
        let double = TextMetrics.width(of: text, fontSize: 22)
        #expect(bold > regular, "bold \(bold), regular \(regular)")
        // Twice the size, about twice the width (hinting moves each glyph by under a pixel).
        #expect(abs(double - 2 * regular) < Double(text.count), "22 px: \(double), 11 px: \(regular)")
        #expect(TextMetrics.width(of: text, fontSize: 11) == regular)
        #expect(TextMetrics.width(of: text, fontSize: 11, bold: true) == bold)
    }
}
