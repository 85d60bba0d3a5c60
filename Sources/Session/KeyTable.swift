/// One key of the shell and what it does, as the help overlay and the README's keys table show it.
public struct KeyBinding: Sendable, Equatable {
    /// The key as people read it: `Page Up, Page Down`.
    public var key: String
    /// What it does: `paused: one second back / forward`.
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}

/// The shell's keys, the one table that the help overlay (`h`) and the README's § Keys are made
/// from, so that the two cannot drift apart (`animdemo keys --markdown` prints the README's).
/// A scene's own keys (`Scene.keyHelp`) follow these in the overlay.
public enum KeyTable {
    /// The shell's keys. `sceneCount` is the catalog's size (the number keys); `isPaused` words
    /// the `space` row for the present state, or for both when nil (the README).
    public static func shellKeys(sceneCount: Int, isPaused: Bool? = nil) -> [KeyBinding] {
        let space =
            switch isPaused {
            case .some(true): "resume time"
            case .some(false): "pause time"
            case .none: "pause / resume time"
            }
        let rows: [(String, String)] = [
            ("1 … \(sceneCount), Tab, Shift+Tab", "switch scene"),
            ("s, F12", "save a screenshot"),
            ("g", "record an animation; g again saves it"),
            ("space", space),
            ("Left, Right", "paused: one frame back / forward"),
            ("Down, Up", "paused: ten frames back / forward"),
            ("Page Up, Page Down", "paused: one second back / forward"),
            ("Home", "paused: back to the scene's start"),
            ("t", "slow motion (\(Int(SceneSession.slowMotionFactor))× slower) on / off"),
            ("<, >", "playback 100, 50, 25, 10 %"),
            ("i", "timeline inspector (click its axis to travel)"),
            ("k", "knobs: the tutorial's constants (p prints them)"),
            ("d", "debug overlay"),
            ("r", "restart the scene"),
            ("h, ?", "this help"),
            ("q, Escape", "quit"),
        ]
        return rows.map { KeyBinding(key: $0.0, action: $0.1) }
    }

    /// `keys` as a Markdown table, `| key | action |`, each key in backticks: the README's § Keys.
    public static func markdown(_ keys: [KeyBinding]) -> String {
        var lines = ["| key | action |", "|---|---|"]
        for binding in keys {
            let key = binding.key.split(separator: ", ").map { "`\($0)`" }.joined(separator: ", ")
            let action = binding.action.split(separator: "|", omittingEmptySubsequences: false).joined(
                separator: "\\|")
            lines.append("| \(key) | \(action) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
