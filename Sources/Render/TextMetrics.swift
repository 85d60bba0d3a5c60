import Animation
import Foundation

/// Widths of text as the renderer sets it (DejaVu Sans, one line), so that the shell can size
/// its panels and messages to their text instead of guessing from the character count.
public enum TextMetrics {
    /// The advance of `text` in pixels at `fontSize`; 0 if Cairo cannot measure it.
    public static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
        let key = WidthKey(text: text, fontSize: fontSize, bold: bold)
        return measuring { context in
            if let width = widths[key] { return width }
            let width = context?.advance(of: text, fontSize: fontSize, bold: bold) ?? 0
            if widths.count >= widthsKept { widths.removeAll(keepingCapacity: true) }
            widths[key] = width
            return width
        }
    }

    /// A text measured, and how.
    private struct WidthKey: Hashable {
        var text: String
        var fontSize: Double
        var bold: Bool
    }
    /// The widths measured, kept (under `lock`): the panels measure the same texts again at each
    /// rebuild (the inspector's header, footer and names, to fit them), and Cairo shapes a text
    /// again for each measure. A width depends only on its key, so a kept one is the same.
    nonisolated(unsafe) private static var widths: [WidthKey: Double] = [:]
    /// How many widths are kept before they are all forgotten, which bounds the memory (a
    /// session's texts of a few thousand rows; then they are measured again as needed).
    static let widthsKept = 8192

    /// One context for every measurement, used by one thread at a time: a context made and
    /// destroyed per call made and destroyed a scaled font each time, and cairo 1.16 aborts
    /// ("cairo_scaled_font_destroy: Assertion `! scaled_font->cache_frozen'") when threads do
    /// that at once (the tests measure the help in parallel).
    nonisolated(unsafe) private static let context: CairoContext? = {
        guard let surface = try? CairoSurface(width: 1, height: 1) else { return nil }
        return CairoContext(surface: surface)
    }()
    private static let lock = NSLock()

    private static func measuring<T>(_ body: (CairoContext?) -> T) -> T {
        lock.withLock { body(context) }
    }

    /// The glyph outlines of `text` as the renderer draws it in `rect` (a text layer's
    /// bounds), in the same space; an empty path if Cairo cannot make them.
    /// `deviceTransform`: the layer's transform to the frame (its scale changes the hinting).
    public static func outline(
        of text: String, in rect: Rect, fontSize: Double, bold: Bool = false,
        alignment: TextAlignment = .left,
        deviceTransform: Animation.AffineTransform = .identity
    ) -> BezierPath {
        // The measuring context, not one of its own: the window's `l` exports on a thread
        // beside the frame loop's measurements (see `context`).
        measuring {
            $0?.outline(
                ofText: text, in: rect, fontSize: fontSize, bold: bold, alignment: alignment,
                deviceTransform: deviceTransform) ?? BezierPath()
        }
    }

    /// Where `fitting` shortens a text that is too wide.
    public enum Cut: Sendable {
        /// Keep the start and the end (`"saved /home/…/animdemo-fish.png"`): paths, messages.
        case middle
        /// Keep the start (`"tap mode: the fish stays; click…"`): labels.
        case end
    }

    /// `text`, or the longest shortened form of it, with `…` where it was cut, whose width is
    /// at most `width` pixels.
    public static func fitting(
        _ text: String, width: Double, fontSize: Double, bold: Bool = false, cut: Cut = .middle
    ) -> String {
        guard Self.width(of: text, fontSize: fontSize, bold: bold) > width else { return text }
        let characters = Array(text)
        func shortened(keeping count: Int) -> String {
            let head = cut == .end ? count : (count + 1) / 2
            return String(characters.prefix(head)) + "…" + String(characters.suffix(count - head))
        }
        var low = 0  // fits (the ellipsis alone is taken as fitting)
        var high = characters.count  // does not fit
        while high - low > 1 {
            let middle = (low + high) / 2
            if Self.width(of: shortened(keeping: middle), fontSize: fontSize, bold: bold) <= width {
                low = middle
            } else {
                high = middle
            }
        }
        return shortened(keeping: low)
    }

    /// `text` broken into lines no wider than `width` pixels, between words (at `\n` too); a
    /// word wider than a whole line is broken between its characters. Nothing is left out:
    /// the lines joined are the text (less the spaces at the breaks).
    public static func lines(of text: String, width: Double, fontSize: Double, bold: Bool = false) -> [String]
    {
        func fits(_ line: String) -> Bool { Self.width(of: line, fontSize: fontSize, bold: bold) <= width }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if fits(candidate) {
                    current = candidate
                    continue
                }
                if !current.isEmpty { lines.append(current) }
                current = String(word)
                // A word longer than a line: as many characters as fit, line after line.
                while !fits(current), current.count > 1 {
                    let characters = Array(current)
                    var low = 1  // fits, or is the least a line takes
                    var high = characters.count  // does not fit
                    while high - low > 1 {
                        let middle = (low + high) / 2
                        if fits(String(characters.prefix(middle))) { low = middle } else { high = middle }
                    }
                    lines.append(String(characters.prefix(low)))
                    current = String(characters.dropFirst(low))
                }
            }
            lines.append(current)
        }
        return lines
    }
}
