import Animation
import Scenes

/// The shell's keys (docs/ARCHITECTURE.md § Keys): what is not a panel's or the scene's.
extension SceneSession {
    /// Handles `key` if it is the shell's (`shellKeys`); returns whether it was.
    func handleShellKey(_ key: Key, at hostTime: MediaTime, requests: inout [SessionRequest]) -> Bool {
        guard let shellKey = Self.shellKey(for: key) else { return false }
        requests += shellKey.run(self, key, hostTime)
        return true
    }

    /// `t`: slow motion on, or back to full speed; says which.
    func toggleSlowMotion(at hostTime: MediaTime) -> SessionRequest {
        let before = playbackRate
        setClock(paused: isPaused, rate: before == 1 ? 1 / Self.slowMotionFactor : 1, at: hostTime)
        // Back to full speed from a rate `<` chose is not slow motion turned off.
        return .message(
            playbackRate != 1
                ? "slow motion: \(Int(Self.slowMotionFactor))× slower"
                : before == 1 / Self.slowMotionFactor
                    ? "slow motion off" : "playback 100 % (from \(Int((before * 100).rounded())) %)")
    }

    /// `<` and `>`: the next rate of `playbackRates`, slower or faster; says which.
    func stepRate(slower: Bool, at hostTime: MediaTime) -> SessionRequest {
        let rates = Self.playbackRates
        let index = rates.firstIndex(of: playbackRate) ?? 0
        let next = slower ? min(index + 1, rates.count - 1) : max(index - 1, 0)
        setClock(paused: isPaused, rate: rates[next], at: hostTime)
        return .message("playback \(Int((rates[next] * 100).rounded())) %")
    }

    /// `d`: the debug overlay on or off; says which.
    func toggleDebugOverlay() -> SessionRequest {
        isDebugOverlayVisible.toggle()
        scene.setDebugOverlay(visible: isDebugOverlayVisible)
        overlay.setDebugVisible(isDebugOverlayVisible)
        return .message(isDebugOverlayVisible ? "debug overlay on" : "debug overlay off")
    }

    /// A digit: that scene (nothing for one the catalogue lacks); Tab, Shift+Tab: the next or
    /// the one before. Says which.
    func switchScene(by key: Key, at hostTime: MediaTime) -> [SessionRequest] {
        let index: Int
        switch key {
        case .tab: index = (sceneIndex + 1) % catalog.count
        case .backTab: index = (sceneIndex + catalog.count - 1) % catalog.count
        case .character(let digit):
            guard let number = digit.wholeNumberValue, catalog.indices.contains(number - 1) else { return [] }
            index = number - 1
        default: return []
        }
        switchScene(to: index, at: hostTime)
        return [.message("scene \(index + 1): \(scene.title)")]
    }

    /// Escape: closes the topmost panel and says so; with none open, quits.
    func closeTopmostOrQuit() -> [SessionRequest] {
        guard let topmost = openPanels.last else { return quitRequests }
        setOpen(topmost, false)
        let kind = type(of: topmost).kind
        return [.message("closed the \(kind.spokenName ?? kind.name)")]
    }

    /// Restarts the scene at the tutorial step `offset` steps from the one running (the scene
    /// itself is its last step) and says which; a scene without steps stays as it is.
    func moveStep(by offset: Int, at hostTime: MediaTime) -> String {
        let descriptor = catalog[sceneIndex]
        let steps = descriptor.steps
        guard !steps.isEmpty else { return "\(sceneName) has no tutorial steps" }
        let current = descriptor.step ?? steps.count
        let next = min(max(current + offset, 1), steps.count)
        guard next != current else {
            return next == 1 ? "the first step already" : "the last step already: the scene as it is"
        }
        guard let stepped = descriptor.atStep(next) else { return "no step \(next)" }
        catalog[sceneIndex] = stepped
        switchScene(to: sceneIndex, at: hostTime)
        return "step \(next) of \(steps.count): \(steps[next - 1].caption)"
    }

    /// Quitting: says what is lost with it (the knobs changed), then asks the host to quit
    /// (which saves a recording in progress).
    var quitRequests: [SessionRequest] {
        let changed = knobs.changed.count + knobs.changedCurveEdits.count + knobs.changedLineEdits.count
        let note: [SessionRequest] =
            changed == 0
            ? []
            : [
                .command(
                    .output(
                        "quitting with \(changed) change\(changed == 1 ? "" : "s") since the tutorial's values (p copies them)"
                    ))
            ]
        return note + [.command(.quit)]
    }

    /// The time-travel keys, in seconds of scene time: Left / Right one frame of the grid,
    /// Down / Up ten, Page Up / Page Down one second — whether or not the scene ran frames
    /// in between.
    static func travelStep(for key: Key, fps: Int) -> MediaTime {
        let frame = 1 / Double(fps)
        switch key {
        case .left: return -frame
        case .right: return frame
        case .down: return -10 * frame
        case .up: return 10 * frame
        case .pageUp: return -1
        case .pageDown: return 1
        default: return 0
        }
    }

    /// Every key and gesture, for the help: the shell's, the open panels', the scene's.
    public var helpLines: [HelpLine] {
        let shell = shellKeyRows.map { HelpLine($0.label, $0.action) }
        let panels = openPanels.flatMap(\.keyHelp)
        let sceneKeys = scene.keyHelp.map { HelpLine($0.key.label, $0.action) }
        let gestures = catalog[sceneIndex].gestures.map { HelpLine($0.gesture, $0.action) }
        let tutorial =
            catalog[sceneIndex].tutorial.map { [HelpLine("tutorial", "\($0.line): docs/TUTORIALS.md")] } ?? []
        return tutorial + gestures + sceneKeys + shell + panels
    }
}
