/// The desktop's HiDPI scale: the window's `--scale` when none is given.
///
/// GTK's `GDK_SCALE` (a whole number) if it is set and valid, else the X server's `Xft.dpi`
/// resource / 96 rounded (what desktops set for HiDPI screens: 192 is 2), else 1; always
/// within 1…4, the range of `--scale`. The environment is not the user's argument: a value
/// that makes no sense there is passed over, not an error.
public enum DesktopScale {
    /// The scales the program supports (`--scale`).
    public static let range = 1...4
    /// Dots per inch of scale 1 (X's and Xft's reference).
    public static let referenceDPI = 96.0

    /// The scale from `GDK_SCALE` (`gdkScale`) and the server's resource text (`resources`).
    public static func scale(gdkScale: String?, resources: String?) -> Int {
        if let gdkScale, let value = Int(gdkScale.filter { !$0.isWhitespace }), value >= 1 {
            return min(value, range.upperBound)
        }
        if let resources, let dpi = xftDPI(in: resources), dpi > 0 {
            return min(max(Int((dpi / referenceDPI).rounded()), range.lowerBound), range.upperBound)
        }
        return range.lowerBound
    }

    /// The value of `Xft.dpi` in resource text (`Xft.dpi:\t192` lines), nil if absent.
    public static func xftDPI(in resources: String) -> Double? {
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].filter({ !$0.isWhitespace }) == "Xft.dpi" else { continue }
            return Double(String(parts[1].filter { !$0.isWhitespace }))
        }
        return nil
    }
}
