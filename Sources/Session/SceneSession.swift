import Animation
import Scenes

/// One running scene in a window (or in `render`): the scene catalogue and switching, the
/// scene clock (pause, slow motion, restart), keys → commands, the overlays and the title.
///
/// Every host runs it the same way, one `runFrame` per frame, so that scripted events and
/// real input take one path (docs/ARCHITECTURE.md § One frame):
/// ```
/// let result = session.runFrame(at: hostTime, input: events, draw: { root in … }, present: { … })
/// // result.commands: screenshot, quit; result.needsAnotherFrame; result.nextWakeTime
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
    private let frameLoop = FrameLoop()
    private let bubbleLoad: Int
    private var toastTimer: ScheduledTimer?
    /// Slow motion: the scene clock runs this many times slower.
    public static let slowMotionFactor = 10.0

    /// Starts `catalog[index]` at host time 0 in a window of `size`.
    public init(
        catalog: [SceneDescriptor], index: Int, size: Size, seed: UInt64, images: ImageCatalog,
        bubbleLoad: Int = 0
    ) {
        precondition(catalog.indices.contains(index), "scene index \(index) out of range")
        self.catalog = catalog
        self.sceneIndex = index
        self.size = size
        self.seed = seed
        self.images = images
        self.bubbleLoad = bubbleLoad
        rootLayer = Layer(timeline: hostTimeline)
        rootLayer.name = "window"
        rootLayer.anchorPoint = .zero
        overlay = SessionOverlay(timeline: hostTimeline)
        sceneTimeline = Timeline()
        scene = catalog[index].make(
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad))
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

    /// Runs one whole frame at `hostTime` in the order of `FramePhase`: a new window size and
    /// `input` first, then timers, display links and the commit on both clocks, `draw` with
    /// the window's layer tree, `present` with the commands the keys gave, and completions.
    @discardableResult
    public func runFrame(
        at hostTime: MediaTime, input: [InputEvent], resize newSize: Size? = nil,
        draw: (Layer) throws -> Void = { _ in }, present: ([HostCommand]) throws -> Void = { _ in }
    ) rethrows -> FrameResult {
        var commands: [HostCommand] = []
        var drawnChangeCounts: [Int] = []
        let sceneClock = max(sceneTime(at: hostTime), sceneTimeline.currentTime)
        try frameLoop.runFrame(
            [(sceneTimeline, sceneClock), (hostTimeline, hostTime)],
            input: {
                if let newSize { resize(to: newSize) }
                commands = deliver(input)
            },
            draw: {
                if isDebugOverlayVisible {
                    overlay.updateDebug(
                        scene: scene.rootLayer, sceneTime: sceneTimeline.currentTime, size: size)
                }
                try draw(rootLayer)
                drawnChangeCounts = changeCounts
            },
            present: { try present(commands) })
        return FrameResult(
            commands: commands, needsAnotherFrame: changeCounts != drawnChangeCounts,
            nextWakeTime: nextWakeTime)
    }

    /// The model's change counters, to tell whether the drawn frame is still current.
    private var changeCounts: [Int] { [hostTimeline.changeCount, sceneTimeline.changeCount] }

    /// Delivers input: pointer events to the scene's recognizers, keys to the session's
    /// actions; returns what the host must do.
    private func deliver(_ events: [InputEvent]) -> [HostCommand] {
        var commands: [HostCommand] = []
        for event in events {
            switch event {
            case .key(let key):
                if let command = handleKey(key) { commands.append(command) }
            default:
                dispatcher.handle(event, in: rootLayer, at: sceneTimeline.currentTime)
            }
        }
        return commands
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

    /// Lays everything out for a new window size (hosts pass it to `runFrame`).
    private func resize(to newSize: Size) {
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

    /// The shell's keys (docs/ARCHITECTURE.md § Keys), then the scene's own.
    private func handleKey(_ key: Key) -> HostCommand? {
        switch key.ignoringCase {
        case .character("s"), .function(12): return .screenshot
        case .character("q"), .escape: return .quit
        case .character(let digit) where digit.isASCII && digit.isNumber:
            if let number = digit.wholeNumberValue, catalog.indices.contains(number - 1) {
                switchScene(to: number - 1)
            }
        case .tab: switchScene(to: (sceneIndex + 1) % catalog.count)
        case .backTab: switchScene(to: (sceneIndex + catalog.count - 1) % catalog.count)
        case .space: setClock(paused: !isPaused, slowMotion: isSlowMotion)
        case .character("t"): setClock(paused: isPaused, slowMotion: !isSlowMotion)
        case .character("d"):
            isDebugOverlayVisible.toggle()
            scene.setDebugOverlay(visible: isDebugOverlayVisible)
            overlay.setDebugVisible(isDebugOverlayVisible)
        case .character("r"): switchScene(to: sceneIndex)
        case .character("h"), .character("?"):
            isHelpVisible.toggle()
            overlay.setHelp(visible: isHelpVisible, lines: helpLines, in: Rect(origin: .zero, size: size))
        default:
            _ = scene.handleKey(key)
        }
        return nil
    }

    /// Every key, for the help overlay.
    public var helpLines: [(key: String, action: String)] {
        [
            ("1 … \(catalog.count), Tab, Shift+Tab", "switch scene"),
            ("s, F12", "save a screenshot"),
            ("space", isPaused ? "resume time" : "pause time"),
            ("t", "slow motion (\(Int(Self.slowMotionFactor))× slower) on / off"),
            ("d", "debug overlay"),
            ("r", "restart the scene"),
            ("h, ?", "this help"),
            ("q, Escape", "quit"),
        ] + scene.keyHelp.map { ($0.key.label, $0.action) }
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
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad))
        rootLayer.insertSublayer(scene.rootLayer, at: 0)
        scene.setDebugOverlay(visible: isDebugOverlayVisible)
        layOut()
        if isHelpVisible {
            overlay.setHelp(visible: true, lines: helpLines, in: Rect(origin: .zero, size: size))
        }
    }
}
