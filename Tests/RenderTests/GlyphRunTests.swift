import Animation
import CCairo
import Testing

@testable import Render

/// Text drawn from kept glyph runs (`GlyphRuns`) is `cairo_show_text`'s, pixel for pixel.
@Suite("Glyph runs")
struct GlyphRunTests {
    /// What `CairoContext.draw(text:…)` did before the runs: measure the text, move to its
    /// start on the baseline, `cairo_show_text`.
    static func showText(
        _ text: String, in rect: Rect, fontSize: Double, bold: Bool, alignment: TextAlignment,
        on context: CairoContext
    ) {
        context.withHandle { handle in
            cairo_set_font_face(handle, FontFaces.face(bold: bold))
            cairo_set_font_size(handle, fontSize)
            var extents = cairo_text_extents_t()
            cairo_text_extents(handle, text, &extents)
            var font = cairo_font_extents_t()
            cairo_font_extents(handle, &font)
            let x: Double
            switch alignment {
            case .left: x = rect.minX
            case .center: x = rect.midX - extents.x_advance / 2
            case .right: x = rect.maxX - extents.x_advance
            }
            cairo_set_source_rgba(handle, 0.9, 0.8, 0.2, 1)
            cairo_move_to(handle, x, rect.midY + (font.ascent - font.descent) / 2)
            cairo_show_text(handle, text)
            cairo_new_path(handle)
        }
    }

    /// Texts of the panels' kinds (names, numbers, a dropped-rows note, an accented word, a
    /// symbol the face may lack), at the panels' sizes, bold or not, each alignment, drawn at
    /// fractional places under the transforms the window uses (none, a HiDPI scale, a fraction
    /// of a pixel, a turn): the same text meets every transform in turn, so a run kept for
    /// one and used under another would show.
    @Test("the same pixels as cairo_show_text")
    func samePixels() throws {
        let texts = [
            "bubble snapshot 27.opacity", "inspector · rows 104–111 of 111 · wheel scrolls", "3 s", "0.25",
            "12,013 older rows dropped", "crème brûlée", "⌘ ⇧ ✓ 🐟", "W",
        ]
        let transforms = [
            AffineTransform.identity, AffineTransform(scaleX: 2, y: 2),
            AffineTransform(translationX: 0.3, y: 0.55),
            AffineTransform(rotationAngle: 0.2).scaledBy(x: 1.5, y: 1.5),
        ]
        var compared = 0
        for text in texts {
            for (sizeIndex, fontSize) in [11.0, 12.5, 26].enumerated() {
                for transform in transforms {
                    let bold = sizeIndex == 1
                    let alignment = [TextAlignment.left, .center, .right][(compared / 2) % 3]
                    let rect = Rect(x: 3.4, y: 2.7 + Double(sizeIndex), width: 150, height: fontSize * 1.4)
                    func draw(_ body: (CairoContext) -> Void) throws -> [UInt32] {
                        let surface = try CairoSurface(width: 360, height: 120)
                        let context = CairoContext(surface: surface)
                        context.clear(to: Color(white: 0.1))
                        context.concatenate(transform)
                        body(context)
                        return surface.pixels()
                    }
                    let kept = try draw {
                        $0.draw(
                            text: text, in: rect, fontSize: fontSize, bold: bold,
                            color: Color(red: 0.9, green: 0.8, blue: 0.2), alignment: alignment)
                    }
                    let shown = try draw {
                        Self.showText(
                            text, in: rect, fontSize: fontSize, bold: bold, alignment: alignment, on: $0)
                    }
                    let differing = zip(kept, shown).filter { $0 != $1 }.count
                    #expect(
                        differing == 0,
                        "\(text) at \(fontSize), \(transform), \(alignment): \(differing) pixels")
                    #expect(shown.contains { $0 != shown[0] }, "\(text): nothing drawn")
                    compared += 1
                }
            }
        }
        #expect(compared == texts.count * 3 * 4)
    }
}
