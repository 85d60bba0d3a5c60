internal import CCairo
import Foundation

/// Texts as Cairo sets them, kept: each glyph and how far it advances, the whole line's
/// advance and the font's ascent and descent. `cairo_show_text` turns the text into glyphs
/// again at every draw, and measuring it for its alignment did so once more: with the panels
/// open, repainting their texts spent an eighth of the frames' instructions there (issue 39).
///
/// Drawing from a kept run places the glyphs as `cairo_show_text` does (the first at the
/// current point as Cairo keeps it, each next one at the one before plus its advance, the
/// same additions in the same order) and hands them to `cairo_show_glyphs`, which
/// `cairo_show_text` calls: the same pixels (`GlyphRunTests`).
final class GlyphRuns: @unchecked Sendable {
    /// One text's glyphs under one scaled font.
    struct Run {
        var indices: [UInt]
        /// Each glyph's advance (its metrics', in user space).
        var advances: [(x: Double, y: Double)]
        /// The line's advance: its glyphs' added in order from 0, as `cairo_text_extents` adds
        /// them for its `x_advance`.
        var width: Double { advances.reduce(0) { $0 + $1.x } }
        var ascent: Double
        var descent: Double
    }

    /// What a run depends on: the text, the face, the size, and the transform's linear part
    /// (Cairo hints the metrics in device pixels; it drops the translation from a scaled
    /// font's key too).
    private struct Key: Hashable {
        var text: String
        var fontSize: Double
        var bold: Bool
        var xx: Double
        var yx: Double
        var xy: Double
        var yy: Double
    }

    static let shared = GlyphRuns()

    /// How many runs are kept before all are forgotten (which bounds the memory: a panel's
    /// texts are a few hundred; a playing scene's changing values make new ones).
    static let kept = 4096

    private var runs: [Key: Run] = [:]
    private let lock = NSLock()

    /// The run of `text` with the context's font (`fontSize`, `bold`, already set) under its
    /// transform now; nil if Cairo cannot set it.
    func run(of text: String, fontSize: Double, bold: Bool, in handle: OpaquePointer) -> Run? {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(handle, &matrix)
        let key = Key(
            text: text, fontSize: fontSize, bold: bold, xx: matrix.xx, yx: matrix.yx, xy: matrix.xy,
            yy: matrix.yy)
        if let run = lock.withLock({ runs[key] }) { return run }
        guard let run = Self.make(text, in: handle) else { return nil }
        lock.withLock {
            if runs.count >= Self.kept { runs.removeAll(keepingCapacity: true) }
            runs[key] = run
        }
        return run
    }

    private static func make(_ text: String, in handle: OpaquePointer) -> Run? {
        guard let font = cairo_get_scaled_font(handle) else { return nil }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let status = cairo_scaled_font_text_to_glyphs(font, 0, 0, text, -1, &glyphs, &count, nil, nil, nil)
        guard status == CAIRO_STATUS_SUCCESS, let glyphs else { return nil }
        defer { cairo_glyph_free(glyphs) }
        var indices: [UInt] = []
        var advances: [(x: Double, y: Double)] = []
        indices.reserveCapacity(Int(count))
        advances.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            // One glyph at the origin: its extents' advance is its metrics' advance.
            var glyph = cairo_glyph_t(index: glyphs[index].index, x: 0, y: 0)
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(font, &glyph, 1, &extents)
            indices.append(glyph.index)
            advances.append((extents.x_advance, extents.y_advance))
        }
        var metrics = cairo_font_extents_t()
        cairo_font_extents(handle, &metrics)
        return Run(indices: indices, advances: advances, ascent: metrics.ascent, descent: metrics.descent)
    }
}

extension GlyphRuns.Run {
    /// Shows the glyphs with the first at (`x`, `y`), in the context's source and font.
    func show(atX x: Double, y: Double, in handle: OpaquePointer) {
        guard !indices.isEmpty else { return }
        // From the current point, as `cairo_show_text` starts: Cairo keeps it in fixed point
        // on the device, so it may be a 256th of a pixel off (x, y), which can move a glyph
        // by a pixel.
        cairo_move_to(handle, x, y)
        var x = x
        var y = y
        cairo_get_current_point(handle, &x, &y)
        cairo_new_path(handle)
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: indices.count) { buffer in
            for index in indices.indices {
                buffer[index] = cairo_glyph_t(index: indices[index], x: x, y: y)
                x += advances[index].x
                y += advances[index].y
            }
            cairo_show_glyphs(handle, buffer.baseAddress, Int32(buffer.count))
        }
    }
}
