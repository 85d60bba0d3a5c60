import Animation
import Scenes

/// The shell's keys (docs/ARCHITECTURE.md § Keys): what is not a panel's or the scene's.
extension SceneSession {
    /// Handles `key` if it is the shell's; returns whether it was.
    func handleShellKey(_ key: Key, at hostTime: MediaTime, requests: inout [SessionRequest]) -> Bool {
        switch key.ignoringCase {
        case .character("s"), .function(12): requests.append(.command(.screenshot))
        case .character("g"): requests.append(.command(.toggleRecording))
        case .character("b"): requests.append(.command(.saveSession))
        case .escape:
            if let topmost = openPanels.last {
                setOpen(topmost, false)
                requests.append(
                    .message("closed the \(topmost.name == "knobs" ? "knob panel" : topmost.name)"))
            } else {
                requests += quitRequests
            }
        case .character("q"): requests += quitRequests
        case .character(let digit) where digit.isASCII && digit.isNumber:
            guard let number = digit.wholeNumberValue, catalog.indices.contains(number - 1) else {
                return true
            }
            switchScene(to: number - 1, at: hostTime)
            requests.append(.message("scene \(number): \(scene.title)"))
        case .tab, .backTab:
            let step = key == .tab ? 1 : catalog.count - 1
            switchScene(to: (sceneIndex + step) % catalog.count, at: hostTime)
            requests.append(.message("scene \(sceneIndex + 1): \(scene.title)"))
        case .space: setClock(paused: !isPaused, rate: playbackRate, at: hostTime)
        case .character("t"):
            let before = playbackRate
            setClock(paused: isPaused, rate: before == 1 ? 1 / Self.slowMotionFactor : 1, at: hostTime)
            // Back to full speed from a rate `<` chose is not slow motion turned off.
            let message =
                playbackRate != 1
                ? "slow motion: \(Int(Self.slowMotionFactor))× slower"
                : before == 1 / Self.slowMotionFactor
                    ? "slow motion off" : "playback 100 % (from \(Int((before * 100).rounded())) %)"
            requests.append(.message(message))
        case .character("<"), .character(">"):
            let rates = Self.playbackRates
            let index = rates.firstIndex(of: playbackRate) ?? 0
            let next = key == .character("<") ? min(index + 1, rates.count - 1) : max(index - 1, 0)
            setClock(paused: isPaused, rate: rates[next], at: hostTime)
            requests.append(.message("playback \(Int((rates[next] * 100).rounded())) %"))
        case .home: requests.append(.seek(0))
        case .left, .right, .up, .down, .pageUp, .pageDown:
            requests.append(.step(Self.travelStep(for: key, fps: fps)))
        case .character("k"): setOpen(knobPanel, !isOpen(knobPanel))
        case .character("i"): setOpen(inspector, !isOpen(inspector))
        case .character("h"), .character("?"): setOpen(helpPanel, !isOpen(helpPanel))
        case .character("e"): setOpen(codePanel, !isOpen(codePanel))
        case .character("d"):
            isDebugOverlayVisible.toggle()
            scene.setDebugOverlay(visible: isDebugOverlayVisible)
            overlay.setDebugVisible(isDebugOverlayVisible)
            requests.append(.message(isDebugOverlayVisible ? "debug overlay on" : "debug overlay off"))
        case .character("["), .character("]"):
            requests.append(.message(moveStep(by: key == .character("]") ? 1 : -1, at: hostTime)))
        case .character("r"):
            switchScene(to: sceneIndex, at: hostTime)
            requests.append(.message("restarted \(sceneName)"))
        default:
            return false
        }
        return true
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
    private var quitRequests: [SessionRequest] {
        let changed = knobs.changed.count
        let note: [SessionRequest] =
            changed == 0
            ? []
            : [
                .command(
                    .output(
                        "quitting with \(changed) changed knob\(changed == 1 ? "" : "s") (p in the knob panel copies them)"
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
        let shell = KeyTable.shellKeys.map { HelpLine($0.key, $0.action) }
        let panels = openPanels.flatMap(\.keyHelp)
        let sceneKeys = scene.keyHelp.map { HelpLine($0.key.label, $0.action) }
        let gestures = catalog[sceneIndex].gestures.map { HelpLine($0.gesture, $0.action) }
        let tutorial =
            catalog[sceneIndex].tutorial.map { [HelpLine("tutorial", "\($0.line): docs/TUTORIALS.md")] } ?? []
        return tutorial + gestures + sceneKeys + shell + panels
    }
}
