import Animation

// C4's named colours that the checkmark tutorial uses (docs/SEMANTICS.md § Checkmark (C4), from C4's
// C4Color.swift). The names are C4's, as the tutorial writes them.

/// C4's purple, the tutorial's background: (0, 0, 0.541), a dark navy despite its name.
// swift-format-ignore: AlwaysUseLowerCamelCase
let C4Purple = Color(red: 0.0, green: 0.0, blue: 0.541)

/// C4's blue, the colour of the check: (0.098, 0.271, 1.0).
// swift-format-ignore: AlwaysUseLowerCamelCase
let C4Blue = Color(red: 0.098, green: 0.271, blue: 1.0)

/// C4's pink, the colour of the X: (1.0, 0.0, 0.475).
// swift-format-ignore: AlwaysUseLowerCamelCase
let C4Pink = Color(red: 1.0, green: 0.0, blue: 0.475)
