import Animation

/// Keys by their X keysym names (`space`, `Tab`, `question`, `F12`): the names events
/// scripts use and the X server reports. The engine never sees a name, only a `Key`.
extension Key {
    /// Keysym names of the keys that are not a plain character.
    private static let named: [String: Key] = [
        "space": .space, "Tab": .tab, "ISO_Left_Tab": .backTab, "Return": .enter, "KP_Enter": .enter,
        "Escape": .escape, "BackSpace": .backspace, "Left": .left, "Right": .right, "Up": .up,
        "Down": .down, "Home": .home, "End": .end, "Prior": .pageUp, "Page_Up": .pageUp,
        "Next": .pageDown, "Page_Down": .pageDown,
    ]

    /// Keysym names of the printable ASCII characters that are not letters or digits.
    private static let punctuation: [String: Character] = [
        "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
        "ampersand": "&", "apostrophe": "'", "parenleft": "(", "parenright": ")", "asterisk": "*",
        "plus": "+", "comma": ",", "minus": "-", "period": ".", "slash": "/", "colon": ":",
        "semicolon": ";", "less": "<", "equal": "=", "greater": ">", "question": "?", "at": "@",
        "bracketleft": "[", "backslash": "\\", "bracketright": "]", "asciicircum": "^",
        "underscore": "_", "grave": "`", "braceleft": "{", "bar": "|", "braceright": "}",
        "asciitilde": "~",
    ]

    /// The key called `name` (an X keysym name), nil if animdemo knows no such key.
    public init?(keysymName name: String) {
        if let key = Self.named[name] {
            self = key
        } else if let character = Self.punctuation[name] {
            self = .character(character)
        } else if name.count == 1, let character = name.first, character.isASCII,
            character.isLetter || character.isNumber
        {
            self = .character(character)
        } else if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...35).contains(number) {
            self = .function(number)
        } else {
            return nil
        }
    }

    /// How the help overlay writes the key.
    public var label: String {
        switch self {
        case .character(let character): return String(character)
        case .space: return "space"
        case .tab: return "Tab"
        case .backTab: return "Shift+Tab"
        case .enter: return "Return"
        case .escape: return "Escape"
        case .backspace: return "Backspace"
        case .left: return "Left"
        case .right: return "Right"
        case .up: return "Up"
        case .down: return "Down"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "Page Up"
        case .pageDown: return "Page Down"
        case .function(let number): return "F\(number)"
        case .unidentified: return "(unidentified)"
        }
    }

    /// The same key whatever the Shift and Caps Lock state (`M` and `m` are one key).
    public var ignoringCase: Key {
        if case .character(let character) = self, character.isUppercase,
            let lower = character.lowercased().first
        {
            return .character(lower)
        }
        return self
    }
}
