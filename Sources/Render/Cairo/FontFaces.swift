internal import CCairo

/// The two faces all text is drawn and measured in, DejaVu Sans and DejaVu Sans Bold: made once
/// a process, resolved by fontconfig at `resolvedSize` before their first use, and kept.
///
/// Why not `cairo_select_font_face`: Cairo's toy faces look their fontconfig pattern up the
/// first time a size is asked for and keep that answer for every size after, as long as the face
/// lives (cairo 1.16, `_cairo_ft_font_face_get_implementation`). Fontconfig's DejaVu rules turn
/// hinting off below 7.5 pixels (`20-unhint-small-dejavu-sans.conf`), so whether small text was
/// hinted hung on the size of the first text the process happened to draw or measure. The
/// window, whose help had drawn 12-pixel bold keys, drew the floating scene's 5.9-pixel "Balloon"
/// tab hinted; `render` of the same moment, whose first bold text was that tab, drew it
/// unhinted: 68 pixels up to 66/255 apart (SessionPropertyTests, seed 2026). Resolved here at
/// one size, every process draws every size of text the same way: as fontconfig hints 12-pixel
/// DejaVu Sans (`hintslight` here), small text included.
///
/// The answer is kept until fontconfig's configuration changes under the running program
/// (fonts installed while it runs), when Cairo looks the pattern up again.
enum FontFaces {
    /// Pixels: the size the faces are resolved at. At least 7.5, so that the whole range of sizes
    /// is hinted as ordinary text is; any such size gives the same answer.
    static let resolvedSize = 12.0

    /// Not freed: they live as long as the process.
    nonisolated(unsafe) static let regular = make(weight: CAIRO_FONT_WEIGHT_NORMAL)
    nonisolated(unsafe) static let bold = make(weight: CAIRO_FONT_WEIGHT_BOLD)

    static func face(bold isBold: Bool) -> OpaquePointer? { isBold ? bold : regular }

    /// A toy face of DejaVu Sans at `weight`, made to resolve its pattern now by making (and
    /// dropping) a scaled font of it at `resolvedSize`.
    private static func make(weight: cairo_font_weight_t) -> OpaquePointer? {
        guard let face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight) else {
            return nil
        }
        var size = cairo_matrix_t()
        cairo_matrix_init_scale(&size, resolvedSize, resolvedSize)
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_destroy(cairo_scaled_font_create(face, &size, &identity, options))
        return face
    }
}
