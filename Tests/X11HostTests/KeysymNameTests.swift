import Animation
import Session
import Testing

@testable import X11Host

/// Events scripts take every key the window can report: `Key.keysymNames` is exactly the set
/// of names Xlib knows (issue 31: `Insert`, `Delete` and `Shift_L` were unknown to scripts).
@Suite("Keysym names")
struct KeysymNameTests {
    @Test("every name in the table is a keysym to Xlib")
    func tableIsXlibs() {
        let unknown = Key.keysymNames.filter { Keysym.value(named: $0) == nil }
        #expect(unknown.isEmpty, "not keysyms to Xlib: \(unknown.sorted().prefix(20))")
        #expect(Key.keysymNames.count > 2000, "\(Key.keysymNames.count) names")
    }

    @Test("every keysym Xlib names (core, and the vendors' 0x1000xxxx ranges) is in the table")
    func xlibNamesAreInTheTable() {
        var missing: [String] = []
        // The core keysyms are 16 bits; vendor keysyms (DEC, HP, Sun, XF86) lie in 0x1000_0000…
        // 0x1008_FFFF; 0x0100_0000 up are Unicode, named `U` + hex, which `isKeysymName` takes.
        for range in [0..<0x1_0000, 0x1000_0000..<0x1009_0000] as [Range<UInt>] {
            for keysym in range {
                if let name = Keysym.name(of: keysym), !Key.isKeysymName(name) { missing.append(name) }
            }
        }
        #expect(missing.isEmpty, "keysyms Xlib names but scripts refuse: \(missing.prefix(20))")
    }

    @Test(
        "keys animdemo has no use for are keysyms all the same, as in the window",
        arguments: ["Insert", "Delete", "Shift_L", "Control_R", "eacute", "XF86AudioPlay", "U20AC"])
    func unidentified(name: String) {
        #expect(Key(keysymName: name) == .unidentified)
    }

    @Test(
        "names that are no keysym stay unknown",
        arguments: ["NoSuchKey", "F36", "insert", "U12", "Ux1234", ""])
    func unknown(name: String) {
        #expect(Key(keysymName: name) == nil)
    }
}
