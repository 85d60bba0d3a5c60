/// The shell's keys and what they do: the one table the help panel shows and the README's
/// keys table is made from (docs/ARCHITECTURE.md § Keys).
public enum KeyTable {
    public static let shellKeys: [(key: String, action: String)] = [
        ("space", "pause / resume the scene"),
        ("Left, Right", "paused: one frame back / forward"),
        ("Down, Up", "paused: ten frames back / forward"),
        ("Page Up, Page Down", "paused: one second back / forward"),
        ("Home", "paused: back to the scene's start"),
        ("t", "slow motion (10× slower) on / off"),
        ("<, >", "playback 100, 50, 25, 10 %"),
        ("i", "timeline inspector (click its axis to travel)"),
        ("k", "knobs: the tutorial's constants"),
        ("e", "code: the scene's source, the running lines marked"),
        ("h, ?", "this help"),
        ("d", "debug overlay"),
        ("s, F12", "save a screenshot"),
        ("g", "record an animation; g again saves it"),
        ("b", "save this moment as a session file (animdemo --session FILE opens it)"),
        ("1 … 9, Tab, Shift+Tab", "switch scene (in the order of --list)"),
        ("r", "restart the scene"),
        ("[, ]", "the tutorial's step before / after (restarts the scene at it)"),
        ("Escape", "close the topmost panel; with none open, quit"),
        ("q", "quit"),
    ]
}
