import Animation
import Scenes

/// One of the shell's keys (docs/ARCHITECTURE.md § Keys): the keys that press it, its row in
/// the help and README § Keys, and what it does. `SceneSession.shellKeys` is the one table:
/// it dispatches, and the help, `animdemo keys` and the README are made from it.
struct ShellKey {
    /// The keys and the row that names them.
    struct Row {
        /// Every key that presses it (lower case: a key is matched with its case ignored).
        let keys: [Key]
        /// The keys as the help names them: `Left, Right`.
        let label: String
        let action: String
        /// Shown only where the program's scenes have tutorial steps.
        var needsSteps = false
    }

    let row: Row
    /// What the key does: the session's requests (messages, commands, seeks).
    let run: (SceneSession, Key, MediaTime) -> [SessionRequest]

    init(
        _ keys: [Key], _ label: String, _ action: String, needsSteps: Bool = false,
        run: @escaping (SceneSession, Key, MediaTime) -> [SessionRequest]
    ) {
        row = Row(keys: keys, label: label, action: action, needsSteps: needsSteps)
        self.run = run
    }

    init(row: Row, run: @escaping (SceneSession, Key, MediaTime) -> [SessionRequest]) {
        self.row = row
        self.run = run
    }
}

extension SceneSession {
    /// The shell's keys, in the order of the help: the clock, the panels (`PanelKind.all`),
    /// the rest.
    static var shellKeys: [ShellKey] { clockKeys + panelKeys + trailKeys + otherKeys }

    /// Pause, time travel and slow motion.
    private static var clockKeys: [ShellKey] {
        [
            ShellKey([.space], "space", "pause / resume the scene") { session, _, time in
                session.setClock(paused: !session.isPaused, rate: session.playbackRate, at: time)
                return []
            },
            travel([.left, .right], "Left, Right", "paused: one frame back / forward"),
            travel([.down, .up], "Down, Up", "paused: ten frames back / forward"),
            travel([.pageUp, .pageDown], "Page Up, Page Down", "paused: one second back / forward"),
            ShellKey([.home], "Home", "paused: back to the scene's start") { _, _, _ in [.seek(0)] },
            ShellKey([.character("t")], "t", "slow motion (10× slower) on / off") { session, _, time in
                [session.toggleSlowMotion(at: time)]
            },
            ShellKey([.character("<"), .character(">")], "<, >", "playback 100, 50, 25, 10 %") {
                session, key, time in
                [session.stepRate(slower: key == .character("<"), at: time)]
            },
        ]
    }

    /// A time-travel key: a step of `travelStep` seconds.
    private static func travel(_ keys: [Key], _ label: String, _ action: String) -> ShellKey {
        ShellKey(keys, label, action) { session, key, _ in [.step(travelStep(for: key, fps: session.fps))] }
    }

    /// Each panel's key opens or closes it.
    private static var panelKeys: [ShellKey] {
        PanelKind.all.compactMap { type in
            type.kind.toggle.map { row in
                ShellKey(row: row) { session, _, _ in
                    session.toggle(type)
                    return []
                }
            }
        }
    }

    /// Motion trails and their settings (SceneSession+Trails.swift).
    private static var trailKeys: [ShellKey] {
        [
            ShellKey(
                [.character("u")], "u", "motion trails: ghosts of what moves, earlier (paused: later too)"
            ) {
                session, _, _ in [session.toggleTrails()]
            },
            ShellKey(
                [.character("("), .character(")")], "(, )", "motion trails: one ghost fewer / more (1 … 16)"
            ) {
                session, key, _ in [session.changeTrails(key)]
            },
            ShellKey(
                [.character("{"), .character("}")], "{, }",
                "motion trails: ghosts a frame closer / farther apart (1 … 60)"
            ) { session, key, _ in [session.changeTrails(key)] },
        ]
    }

    /// Pictures, scenes, quitting.
    private static var otherKeys: [ShellKey] {
        [
            ShellKey([.character("d")], "d", "debug overlay") { session, _, _ in
                [session.toggleDebugOverlay()]
            },
            ShellKey([.character("s"), .function(12)], "s, F12", "save a screenshot") { _, _, _ in
                [.command(.screenshot)]
            },
            ShellKey([.character("g")], "g", "record an animation; g again saves it") { _, _, _ in
                [.command(.toggleRecording)]
            },
            ShellKey(
                [.character("b")], "b",
                "save this moment as a session file (animdemo --session FILE opens it)"
            ) { _, _, _ in [.command(.saveSession)] },
            ShellKey(
                [.character("p")], "p",
                "print and copy every change (knobs, curve edits) as the scene's Swift, with file:line"
            ) { session, _, _ in ChangeCode.copyRequests(knobs: session.knobs, sceneName: session.sceneName)
            },
            ShellKey(
                [.character("l")], "l", "export the recorded history as a Lottie animation (JSON)"
            ) { _, _, _ in [.command(.exportHistory)] },
            ShellKey(
                (0...9).map { .character(Character("\($0)")) } + [.tab, .backTab], "1 … 9, Tab, Shift+Tab",
                "switch scene (in the order of --list)"
            ) { session, key, time in session.switchScene(by: key, at: time) },
            ShellKey(
                [.character("|")], "|",
                "compare side by side: the default knobs (A) beside the current ones (B)"
            ) { session, _, _ in [session.toggleComparison()] },
            ShellKey([.character("r")], "r", "restart the scene") { session, _, time in
                session.switchScene(to: session.sceneIndex, at: time)
                return [.message("restarted \(session.sceneName)")]
            },
            ShellKey(
                [.character("["), .character("]")], "[, ]",
                "the scene's step before / after (restarts the scene at it)",
                needsSteps: true
            ) { session, key, time in
                [.message(session.moveStep(by: key == .character("]") ? 1 : -1, at: time))]
            },
            ShellKey([.escape], "Escape", "close the topmost panel; with none open, quit") { session, _, _ in
                session.closeTopmostOrQuit()
            },
            ShellKey([.character("q")], "q", "quit") { session, _, _ in session.quitRequests },
        ]
    }

    /// The shell's key that `key` presses (its case ignored), if any.
    static func shellKey(for key: Key) -> ShellKey? {
        let key = key.ignoringCase
        return shellKeys.first { $0.row.keys.contains(key) }
    }

    /// The rows of the help: the shell's keys, without the steps' where no scene has steps.
    var shellKeyRows: [ShellKey.Row] {
        let hasSteps = catalog.contains { !$0.steps.isEmpty }
        return Self.shellKeys.map(\.row).filter { hasSteps || !$0.needsSteps }
    }
}
