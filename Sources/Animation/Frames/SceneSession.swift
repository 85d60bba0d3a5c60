/// What the host must do after a frame or a key.
public enum HostCommand: Hashable, Sendable {
    /// Save the frame on screen as a PNG (`s`, `F12`).
    case screenshot
    /// End the program (`q`, `Escape`).
    case quit
}

/// One running scene in a window (or in `render`): the keys of DESIGN.md, the scene clock
/// (pause, slow motion, restart), the overlays, and the ordered steps of a frame.
///
/// Both hosts drive it the same way, so that scripted events and real input take one path:
/// ```
/// session.deliver(events)            // pointer → recognizers, keys → actions
/// session.prepareFrame(at: hostTime) // timers → display links → commit
/// draw(session.rootLayer)            // the presentation tree at the frame time
/// session.finishFrame()              // completions of animations that ended
/// ```
public final class SceneSession {
    /// Every scene, in the order of the keys 1…5.
    public let catalog: [SceneDescriptor]
    public private(set) var sceneIndex: Int
    /// The scene running now.
    public private(set) var scene: Scene
    /// The scene's clock: stops while paused, runs 10× slower in slow motion.
    public private(set) var sceneTimeline: Timeline
    /// The host's clock, for the overlays (they keep time while the scene is paused).
    public let hostTimeline = Timeline()
    /// The window's layer tree: the scene's root under the overlays.
    public let rootLayer: Layer
    public private(set) var size: Size
    public private(set) var isPaused = false
    public private(set) var isSlowMotion = false
    public private(set) var isDebugOverlayVisible = false
    public private(set) var isHelpVisible = false

    private let seed: UInt64
    private let images: ImageCatalog
    private let dispatcher = GestureDispatcher()
    private var sceneClockBase: (host: MediaTime, scene: MediaTime) = (0, 0)
    private let overlay: SessionOverlay
    private var toastTimer: ScheduledTimer?
    /// Slow motion: the scene clock runs this many times slower.
    public static let slowMotionFactor = 10.0

    /// Starts `catalog[index]` at host time 0 in a window of `size`.
    public init(catalog: [SceneDescriptor], index: Int, size: Size, seed: UInt64, images: ImageCatalog) {
        precondition(catalog.indices.contains(index), "scene index \(index) out of range")
        self.catalog = catalog
        self.sceneIndex = index
        self.size = size
        self.seed = seed
        self.images = images
        rootLayer = Layer(timeline: hostTimeline)
        rootLayer.name = "window"
        rootLayer.anchorPoint = .zero
        overlay = SessionOverlay(timeline: hostTimeline)
        sceneTimeline = Timeline()
        scene = catalog[index].make(
            SceneContext(timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images))
        rootLayer.addSublayer(scene.rootLayer)
        rootLayer.addSublayer(overlay.layer)
        layOut()
    }

    /// The scene's `--scene` name.
    public var sceneName: String { catalog[sceneIndex].name }
    /// The window title: `animdemo — <scene title>`.
    public var windowTitle: String { "animdemo — \(scene.title)" }

    // MARK: - Frames

    /// The scene time for host time `hostTime`.
    private func sceneTime(at hostTime: MediaTime) -> MediaTime {
        let rate = isPaused ? 0 : isSlowMotion ? 1 / Self.slowMotionFactor : 1
        if rate == 1 && sceneClockBase == (0, 0) { return hostTime }  // exact on the frame grid
        return sceneClockBase.scene + (hostTime - sceneClockBase.host) * rate
    }

    /// Moves both clocks to the frame at `hostTime`. Call before delivering its events.
    public func beginFrame(at hostTime: MediaTime) {
        hostTimeline.beginFrame(at: hostTime)
        sceneTimeline.beginFrame(at: max(sceneTime(at: hostTime), sceneTimeline.currentTime))
    }

    /// Delivers input: pointer events to the scene's recognizers, keys to the session's
    /// actions; returns what the host must do.
    public func deliver(_ events: [InputEvent]) -> [HostCommand] {
        var commands: [HostCommand] = []
        for event in events {
            switch event {
            case .key(let name):
                if let command = handleKey(name) { commands.append(command) }
            default:
                dispatcher.handle(event, in: rootLayer, at: sceneTimeline.currentTime)
            }
        }
        return commands
    }

    /// Fires due timers and display links and commits the implicit transactions.
    public func prepareFrame() {
        for timeline in [sceneTimeline, hostTimeline] {
            timeline.fireDueTimers()
            timeline.fireDisplayLinks()
            timeline.commitImplicitTransaction()
        }
        if isDebugOverlayVisible {
            overlay.updateDebug(scene: scene.rootLayer, sceneTime: sceneTimeline.currentTime, size: size)
        }
    }

    /// Runs the completions of animations that ended this frame.
    public func finishFrame() {
        sceneTimeline.endFrame()
        hostTimeline.endFrame()
        sceneTimeline.commitImplicitTransaction()
        hostTimeline.commitImplicitTransaction()
    }

    /// When the next frame is needed, in host time: nil while nothing animates and nothing
    /// is scheduled (the host may then sleep until input).
    public var nextWakeTime: MediaTime? {
        let host = hostTimeline.nextWakeTime
        var scene: MediaTime?
        if let sceneWake = sceneTimeline.nextWakeTime, !isPaused {
            let rate = isSlowMotion ? 1 / Self.slowMotionFactor : 1
            scene = hostTimeline.currentTime + max(sceneWake - sceneTimeline.currentTime, 0) / rate
        }
        if isDebugOverlayVisible { return hostTimeline.currentTime }
        return [host, scene].compactMap { $0 }.min()
    }

    // MARK: - Window

    /// Lays everything out for a new window size.
    public func resize(to newSize: Size) {
        size = newSize
        layOut()
    }

    private func layOut() {
        let bounds = Rect(origin: .zero, size: size)
        hostTimeline.transaction { transaction in
            transaction.disableActions = true
            rootLayer.frame = bounds
            overlay.layout(in: bounds)
        }
        // Each layer animates on its own timeline, so the scene's layers need the scene's
        // transaction to keep still.
        sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            scene.rootLayer.anchorPoint = .zero
            scene.rootLayer.frame = bounds
            scene.layout(in: bounds)
        }
    }

    /// Shows `message` at the bottom of the window for about two seconds (host time).
    public func showMessage(_ message: String) {
        overlay.showToast(message, in: Rect(origin: .zero, size: size))
        toastTimer?.invalidate()
        toastTimer = hostTimeline.delay(2) { [overlay] in overlay.hideToast() }
    }

    // MARK: - Keys

    /// The keys of DESIGN.md, then the scene's own.
    private func handleKey(_ name: String) -> HostCommand? {
        switch name {
        case "s", "S", "F12": return .screenshot
        case "q", "Q", "Escape": return .quit
        case "1", "2", "3", "4", "5":
            if let number = Int(name), catalog.indices.contains(number - 1) { switchScene(to: number - 1) }
        case "Tab": switchScene(to: (sceneIndex + 1) % catalog.count)
        case "ISO_Left_Tab": switchScene(to: (sceneIndex + catalog.count - 1) % catalog.count)
        case "space": setClock(paused: !isPaused, slowMotion: isSlowMotion)
        case "t", "T": setClock(paused: isPaused, slowMotion: !isSlowMotion)
        case "d", "D":
            isDebugOverlayVisible.toggle()
            scene.setDebugOverlay(visible: isDebugOverlayVisible)
            overlay.setDebugVisible(isDebugOverlayVisible)
        case "r", "R": switchScene(to: sceneIndex)
        case "h", "H", "question":
            isHelpVisible.toggle()
            overlay.setHelp(visible: isHelpVisible, lines: helpLines, in: Rect(origin: .zero, size: size))
        default:
            _ = scene.handleKey(name)
        }
        return nil
    }

    /// Every key, for the help overlay.
    public var helpLines: [(key: String, action: String)] {
        [
            ("1 … 5, Tab, Shift+Tab", "switch scene"),
            ("s, F12", "save a screenshot"),
            ("space", isPaused ? "resume time" : "pause time"),
            ("t", "slow motion (10× slower) on / off"),
            ("d", "debug overlay"),
            ("r", "restart the scene"),
            ("h, ?", "this help"),
            ("q, Escape", "quit"),
        ] + scene.keyHelp
    }

    private func setClock(paused: Bool, slowMotion: Bool) {
        let now = hostTimeline.currentTime
        sceneClockBase = (now, sceneTime(at: now))
        isPaused = paused
        isSlowMotion = slowMotion
    }

    /// Starts scene `index` afresh on a new clock (also the restart key).
    public func switchScene(to index: Int) {
        dispatcher.cancelAll()
        scene.rootLayer.removeFromSuperlayer()
        sceneTimeline = Timeline()
        sceneClockBase = (hostTimeline.currentTime, 0)
        sceneIndex = index
        scene = catalog[index].make(
            SceneContext(timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images))
        rootLayer.insertSublayer(scene.rootLayer, at: 0)
        scene.setDebugOverlay(visible: isDebugOverlayVisible)
        layOut()
        if isHelpVisible {
            overlay.setHelp(visible: true, lines: helpLines, in: Rect(origin: .zero, size: size))
        }
    }
}
