/// The help texts spelled in ASCII for the man page (`--experimental-dump-help`, which
/// swift-argument-parser's generate-manual plugin reads and which drops other characters).
enum ManualText {
    static let replacements: [Character: String] = [
        "…": "...", "×": "x", "§": "section", "↔": "<->", "→": "->", "—": "--", "–": "-", "µ": "u",
        "’": "'", "“": "'", "”": "'",
    ]

    /// Each character beyond ASCII by its replacement, else "?" (never a quote: this is JSON).
    static func ascii(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isASCII {
                result.append(character)
            } else {
                result += replacements[character] ?? "?"
            }
        }
        return result
    }
}
