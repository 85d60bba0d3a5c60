internal import CX11

/// X keysym names of key presses (`space`, `Tab`, `question`, `F12`); `Key(keysymName:)` types them.
enum Keysym {
    /// The keysym name of a key press, with the modifiers applied (Shift+Tab is `ISO_Left_Tab`,
    /// Shift+/ is `question`); nil for a key without a symbol.
    static func name(of event: XKeyEvent) -> String? {
        var event = event
        var keysym: KeySym = 0
        var text = [CChar](repeating: 0, count: 16)
        // XLookupString applies Shift, Lock and the keyboard group; XLookupKeysym would not.
        _ = XLookupString(&event, &text, Int32(text.count), &keysym, nil)
        guard keysym != UInt(NoSymbol), let name = XKeysymToString(keysym) else { return nil }
        return String(cString: name)
    }
}

extension Keysym {
    /// The keysym Xlib reads `name` as (`XStringToKeysym`), nil if none.
    static func value(named name: String) -> UInt? {
        let keysym = XStringToKeysym(name)
        return keysym == UInt(NoSymbol) ? nil : keysym
    }

    /// Xlib's name of `keysym` (`XKeysymToString`), nil if it has none.
    static func name(of keysym: UInt) -> String? {
        XKeysymToString(keysym).map { String(cString: $0) }
    }
}
