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
    /// Every scene, in the order of the digit keys (1 is the first).
    public let catalog: [SceneDescriptor]
    public private(set) var sceneIndex: Int
    /// The scene running now.
    public private(set) var scene: Scene
    /// The scene's clock: stops while paused, runs slower at playback rates below 1.
    public private(set) var sceneTimeline: Timeline
    /// The host's clock, for the overlays (they keep time while the scene is paused).
    public let hostTimeline = Timeline()
    /// The window's layer tree: the scene's root under the overlays.
    public let rootLayer: Layer
    public private(set) var size: Size
    /// The HiDPI factor (`--scale`): the overlays' text is this many times larger.
    public let scale: Double
    public private(set) var isPaused = false
    /// How fast scene time runs against the host's: 1, 0.5, 0.25 or 0.1.
    public private(set) var playbackRate = 1.0
    public private(set) var isDebugOverlayVisible = false
    public private(set) var isHelpVisible = false
    /// Every frame the scene has run since it started, with its input: what time travel
    /// replays (docs/ARCHITECTURE.md § Time travel).
    public private(set) var history: SceneHistory

    private let seed: UInt64
    private let images: ImageCatalog
    private var dispatcher = GestureDispatcher()
    private var sceneClockBase: (host: MediaTime, scene: MediaTime) = (0, 0)
    private let overlay: SessionOverlay
    /// The timeline inspector (`i`).
    private let inspector: InspectorPanel
    /// The knob panel (`k`).
    private let knobPanel: KnobPanel
    /// The running scene's knobs, as set now.
    public private(set) var knobs: KnobSettings
    /// The pointer went down on the inspector's axis: moves seek until it comes up.
    private var isScrubbing = false
    public var isInspectorVisible: Bool { inspector.isVisible }
    private let frameLoop = FrameLoop()
    private let bubbleLoad: Int
    /// One frame of the host's grid, seconds: the step of time travel.
    public let frameDuration: MediaTime
    private var toastTimer: ScheduledTimer?
    /// The rates `<` and `>` step through; `t` toggles between 1 and the slowest.
    public static let playbackRates = [1.0, 0.5, 0.25, 0.1]
    /// Slow motion (`t`): the scene clock runs this many times slower.
    public static let slowMotionFactor = 10.0

    /// Starts `catalog[index]` at host time 0 in a window of `size` (pixels); `fps` sets the
    /// step of time travel, `scale` the size of the overlays (HiDPI).
    public init(
        catalog: [SceneDescriptor], index: Int, size: Size, seed: UInt64, images: ImageCatalog,
        fps: Int = 60, bubbleLoad: Int = 0, scale: Double = 1, knobs initialKnobs: [String: KnobValue] = [:]
    ) {
        precondition(catalog.indices.contains(index), "scene index \(index) out of range")
        precondition(fps > 0, "fps must be positive")
        precondition(scale > 0, "scale must be positive")
        self.scale = scale
        self.catalog = catalog
        self.sceneIndex = index
        self.size = size
        self.seed = seed
        self.images = images
        self.bubbleLoad = bubbleLoad
        frameDuration = 1 / Double(fps)
        rootLayer = Layer(timeline: hostTimeline)
        rootLayer.name = "window"
        rootLayer.anchorPoint = .zero
        overlay = SessionOverlay(timeline: hostTimeline, scale: scale)
        inspector = InspectorPanel(timeline: hostTimeline)
        knobPanel = KnobPanel(timeline: hostTimeline)
        sceneTimeline = Timeline()
        knobs = KnobSettings(knobs: catalog[index].knobs, overrides: initialKnobs)
        scene = catalog[index].make(
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad, knobs: self.knobs))
        history = SceneHistory(initialSize: size, initialKnobs: initialKnobs, fps: fps)
        rootLayer.addSublayer(scene.rootLayer)
        rootLayer.addSublayer(inspector.outlineLayer)
        rootLayer.addSublayer(inspector.layer)
        rootLayer.addSublayer(knobPanel.layer)
        rootLayer.addSublayer(overlay.layer)
        layOutHost()
        layOutScene(in: size)
    }

    /// Lets go of both clocks' animations, timers and callbacks, which would keep the scene
    /// and the overlays alive after the session (`Timeline.invalidate`).
    deinit {
        sceneTimeline.invalidate()
        hostTimeline.invalidate()
    }

    /// The scene's `--scene` name.
    public var sceneName: String { catalog[sceneIndex].name }
    /// The window title: `animdemo — <scene title>`, then the clock's state when it is not
    /// plain playing.
    public var windowTitle: String {
        var title = "animdemo — \(scene.title)"
        if isPaused {
            title += " — paused at \(Self.format(seconds: sceneTimeline.currentTime))"
        } else if playbackRate != 1 {
            title += " — \(Int((playbackRate * 100).rounded())) %"
        }
        return title
    }

    static func format(seconds: MediaTime) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        return "\(milliseconds / 1000).\(String(format: "%03d", milliseconds % 1000)) s"
    }

    // MARK: - Frames

    /// The scene time for host time `hostTime`.
    ///
    /// At full speed from a time on the frame grid (the start, a pause, a step) the scene time
    /// is computed from whole frames, `frame / fps`, exactly as an uninterrupted run has it,
    /// so that a scene resumed after time travel shows the same frames.
    private func sceneTime(at hostTime: MediaTime) -> MediaTime {
        let rate = isPaused ? 0 : playbackRate
        if rate == 1 && sceneClockBase == (0, 0) { return hostTime }  // exact on the frame grid
        let fps = 1 / frameDuration
        let baseFrame = (sceneClockBase.scene * fps).rounded()
        if rate == 1 && abs(baseFrame - sceneClockBase.scene * fps) < 1e-6 {
            return (baseFrame + ((hostTime - sceneClockBase.host) * fps).rounded()) / fps
        }
        return sceneClockBase.scene + (hostTime - sceneClockBase.host) * rate
    }

    /// Runs one whole frame at `hostTime` in the order of `FramePhase`.
    ///
    /// The shell's keys act first (pause, rates, scene switches, time travel); then one
    /// `FrameLoop` frame runs the host's clock and, unless the scene is paused with nothing
    /// to do, one frame of the scene's: its input (pointer events, the scene's keys, a new
    /// window size), timers, display links, the commit, `draw` with the window's layer tree,
    /// `present` with the commands the keys gave, and completions. Every scene frame is
    /// recorded in `history`, so that time travel can run it again.
    @discardableResult
    public func runFrame(
        at hostTime: MediaTime, input: [InputEvent], resize newSize: Size? = nil,
        draw: (Layer) throws -> Void = { _ in }, present: ([HostCommand]) throws -> Void = { _ in }
    ) rethrows -> FrameResult {
        let wasPaused = isPaused
        var commands: [HostCommand] = []
        var sceneInput: [InputEvent] = []
        var seek = pendingSeek
        pendingSeek = nil
        var knobChanges = pendingKnobChanges
        pendingKnobChanges = [:]
        for event in input {
            guard case .key(let key) = event else {
                if let change = handleKnobPanelPointer(event) {
                    knobChanges.merge(change) { $1 }
                } else if !handleInspectorPointer(event, at: hostTime) {
                    sceneInput.append(event)
                }
                continue
            }
            if knobPanel.isVisible, let outcome = handleKnobPanelKey(key) {
                switch outcome {
                case .change(let name, let value): knobChanges[name] = value
                case .command(let command): commands.append(command)
                case .handled: break
                }
                continue
            }
            switch handleKey(key, at: hostTime) {
            case .command(let command): commands.append(command)
            case .seek(let request): seek = (seek ?? Seek()).then(request)
            case .handled: break
            case .forScene: sceneInput.append(event)
            }
        }
        if let newSize { size = newSize }
        // After the keys: a pause keeps this frame's time, a new scene starts at 0.
        let playingTime = max(sceneTime(at: hostTime), sceneTimeline.currentTime)
        if seek != nil && history.isFull {
            seek = nil
            showMessage("time travel keeps the first hour of a scene: press r to start again")
        }
        if !knobChanges.isEmpty && isPaused && !history.frames.isEmpty && seek == nil {
            // Paused: show this moment as it would have been had the knobs always had their
            // new values — the scene replayed from its start with them.
            for (name, value) in knobChanges { history.setFromStart(name, to: value) }
            seek = Seek(fromStart: true, frames: history.shown)
            knobChanges = [:]
        }
        var live: SceneFrame?
        if let seek {
            live = travel(seek)
            sceneClockBase = (hostTime, live?.time ?? sceneTimeline.currentTime)
        }
        let isNewScene = history.frames.isEmpty
        if !sceneInput.isEmpty || newSize != nil || !knobChanges.isEmpty
            || ((!wasPaused || isNewScene) && live == nil)
        {
            if let travelled = live {
                runReplayed(travelled)  // the frame reached, then the new input on top of it
                history.record(travelled)
            }
            let time = (wasPaused && !isNewScene) || live != nil ? sceneTimeline.currentTime : playingTime
            live = SceneFrame(time: time, input: sceneInput, size: newSize, knobs: knobChanges)
        }
        if let frame = live { history.record(frame) }
        var drawnChangeCounts: [Int] = []
        let sceneClock = live.map { [(sceneTimeline, $0.time)] } ?? []
        try frameLoop.runFrame(
            sceneClock + [(hostTimeline, hostTime)],
            input: {
                if newSize != nil { layOutHost() }
                if let live { apply(live) }
            },
            draw: {
                knobPanel.update(in: Rect(origin: .zero, size: size), knobs: knobs)
                if inspector.isVisible {
                    if live != nil { inspector.observe(scene: scene.rootLayer, timeline: sceneTimeline) }
                    inspector.update(
                        in: Rect(origin: .zero, size: size), now: sceneTimeline.currentTime,
                        isPaused: isPaused,
                        rate: playbackRate)
                }
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

    /// Gives a scene frame its input: the window size, pointer events to the scene's
    /// recognizers, keys to the scene.
    private func apply(_ frame: SceneFrame) {
        if let size = frame.size { layOutScene(in: size) }
        if !frame.knobs.isEmpty {
            for (name, value) in frame.knobs { knobs.set(name, to: value) }
            scene.knobsDidChange()
        }
        for event in frame.input {
            if case .key(let key) = event {
                _ = scene.handleKey(key)
            } else {
                dispatcher.handle(event, in: rootLayer, at: sceneTimeline.currentTime)
            }
        }
    }

    /// Runs a recorded scene frame again, whole, without drawing it.
    private func runReplayed(_ frame: SceneFrame) {
        frameLoop.runFrame(
            [(sceneTimeline, frame.time)], input: { apply(frame) },
            draw: { inspector.observe(scene: scene.rootLayer, timeline: sceneTimeline) }, present: {})
    }

    /// Gives a pointer event to the inspector when it is over it (or scrubbing); returns
    /// whether the inspector took it. A press or drag on the axis seeks to the time under it.
    private func handleInspectorPointer(_ event: InputEvent, at hostTime: MediaTime) -> Bool {
        guard inspector.isVisible else { return false }
        switch event {
        case .down(let point) where inspector.contains(point):
            isScrubbing = inspector.time(atX: point.x) != nil
            if let time = inspector.time(atX: point.x) { seek(toTime: time, at: hostTime) }
            return true
        case .move(let point) where isScrubbing:
            if let time = inspector.time(atX: point.x) { seek(toTime: time, at: hostTime) }
            return true
        case .up where isScrubbing:
            isScrubbing = false
            return true
        case .move(let point):
            inspector.hover(at: point)
            return inspector.contains(point)
        case .up(let point), .down(let point), .scroll(_, let point):
            return inspector.contains(point)
        case .key:
            return false
        }
    }

    /// Pauses and shows the recorded frame at or before scene time `time` (or new frames on the
    /// grid past the last one).
    public func seek(toTime time: MediaTime, at hostTime: MediaTime) {
        let frames = history.frames
        var low = 0
        var high = frames.count
        while low < high {  // the first frame after `time`
            let middle = (low + high) / 2
            if frames[middle].time <= time + 1e-9 { low = middle + 1 } else { high = middle }
        }
        var index = max(low - 1, 0)
        if let last = frames.last, time > last.time {
            index = frames.count - 1 + Int(((time - last.time) / frameDuration).rounded(.down))
        }
        seek(toFrame: index, at: hostTime)
    }

    /// When the next frame is needed, in host time: nil while nothing animates and nothing
    /// is scheduled (the host may then sleep until input).
    public var nextWakeTime: MediaTime? {
        let host = hostTimeline.nextWakeTime
        var scene: MediaTime?
        if let sceneWake = sceneTimeline.nextWakeTime, !isPaused {
            scene = hostTimeline.currentTime + max(sceneWake - sceneTimeline.currentTime, 0) / playbackRate
        }
        if isDebugOverlayVisible { return hostTimeline.currentTime }
        return [host, scene].compactMap { $0 }.min()
    }

    // MARK: - Knobs

    /// Knob changes asked for outside the panel (tests, scripts), for the next frame.
    private var pendingKnobChanges: [String: KnobValue] = [:]
    /// The pointer went down on a knob's slider: moves set its value until it comes up.
    private var isDraggingKnob = false

    /// Sets a knob of the running scene on the next frame: from then on while playing; while
    /// paused, as if it had always had the value (the scene is replayed from its start).
    public func setKnob(_ name: String, to value: KnobValue) {
        pendingKnobChanges[name] = value
    }

    enum KnobPanelOutcome {
        case change(String, KnobValue)
        case command(HostCommand)
        case handled
    }

    /// The panel's keys; nil for a key it leaves to the shell.
    private func handleKnobPanelKey(_ key: Key) -> KnobPanelOutcome? {
        let list = knobs.knobs
        guard list.indices.contains(knobPanel.selected) else { return nil }
        let knob = list[knobPanel.selected]
        let value = knobs.value(of: knob.name) ?? knob.defaultValue
        switch key {
        case .up: knobPanel.select(knobPanel.selected - 1, count: list.count)
        case .down: knobPanel.select(knobPanel.selected + 1, count: list.count)
        case .left: return .change(knob.name, KnobPanel.stepped(value, of: knob, by: -1))
        case .right: return .change(knob.name, KnobPanel.stepped(value, of: knob, by: 1))
        case .pageDown: return .change(knob.name, KnobPanel.stepped(value, of: knob, by: -10))
        case .pageUp: return .change(knob.name, KnobPanel.stepped(value, of: knob, by: 10))
        case .character("0"): return .change(knob.name, knob.defaultValue)
        case .character("p"), .character("P"):
            let code = KnobPanel.swift(for: knobs.changed, knobs: list, scene: sceneName)
            let count = knobs.changed.count
            showMessage(
                count == 0 ? "no knob changed: nothing to print" : "printed \(count) changed knob(s) as Swift"
            )
            return count == 0 ? .handled : .command(.output(code))
        default: return nil
        }
        return .handled
    }

    /// A press on the panel chooses a row (and, on its slider, sets the value); a drag moves
    /// the slider. Returns the change, or an empty one when the panel took the event, or nil.
    private func handleKnobPanelPointer(_ event: InputEvent) -> [String: KnobValue]? {
        guard knobPanel.isVisible else { return nil }
        let list = knobs.knobs
        switch event {
        case .down(let point) where knobPanel.contains(point):
            if let row = knobPanel.row(at: point, count: list.count) {
                knobPanel.select(row, count: list.count)
                if let value = knobPanel.value(atX: point.x, of: list[row]) {
                    isDraggingKnob = true
                    return [list[row].name: value]
                }
            }
            return [:]
        case .move(let point) where isDraggingKnob:
            let knob = list[knobPanel.selected]
            return knobPanel.value(atX: min(max(point.x, 0), size.width), of: knob).map { [knob.name: $0] }
                ?? [:]
        case .up where isDraggingKnob:
            isDraggingKnob = false
            return [:]
        case .down(let point), .up(let point), .move(let point), .scroll(_, let point):
            return knobPanel.contains(point) ? [:] : nil
        case .key:
            return nil
        }
    }

    // MARK: - Time travel

    /// A seek asked for outside the keys (the inspector's time axis, `bench --seek`).
    private var pendingSeek: Seek?

    /// Pauses the scene and, on the next frame, shows frame `index` of its history (clamped
    /// to what has been recorded, and to new frames past the last one).
    public func seek(toFrame index: Int, at hostTime: MediaTime) {
        if !isPaused { setClock(paused: true, rate: playbackRate, at: hostTime) }
        pendingSeek = Seek(fromStart: true, frames: max(index, 0))
    }

    /// Where time-travel keys go: a number of frames from the frame shown, or from the start.
    struct Seek {
        var fromStart = false
        var frames = 0

        /// This seek followed by `next` (keys pressed in the same frame).
        func then(_ next: Seek) -> Seek {
            next.fromStart ? next : Seek(fromStart: fromStart, frames: frames + next.frames)
        }
    }

    /// Moves the scene to another frame of its history and returns that frame, to run live;
    /// going back rebuilds the scene and replays its frames from the start. Past the last
    /// recorded frame, new frames without input follow, one frame of the grid apart.
    private func travel(_ seek: Seek) -> SceneFrame? {
        guard !history.frames.isEmpty else { return nil }
        let target = max(0, (seek.fromStart ? 0 : history.shown) + seek.frames)
        while history.frames.count <= target {
            guard let last = history.frames.last, !history.isFull else { break }
            history.append(SceneFrame(time: last.time + frameDuration, input: [], size: nil))
        }
        let goal = min(target, history.frames.count - 1)
        var next = history.shown + 1
        if goal <= history.shown {
            rebuildScene()
            next = 0
        }
        while next < goal {
            runReplayed(history.frames[next])
            next += 1
        }
        history.shown = goal - 1  // the live run records it again as shown
        return history.frames[goal]
    }

    /// A new instance of the running scene on a new clock, laid out as it was at its start:
    /// the first step of a replay.
    private func rebuildScene() {
        inspector.resetLog()
        dispatcher.cancelAll()
        dispatcher = GestureDispatcher()
        scene.rootLayer.removeFromSuperlayer()
        sceneTimeline.invalidate()  // else the old scene, mid-animation, is never freed
        sceneTimeline = Timeline()
        knobs = KnobSettings(knobs: catalog[sceneIndex].knobs, overrides: history.initialKnobs)
        scene = catalog[sceneIndex].make(
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad, knobs: knobs))
        rootLayer.insertSublayer(scene.rootLayer, at: 0)
        scene.setDebugOverlay(visible: isDebugOverlayVisible)
        layOutScene(in: history.initialSize)
    }

    // MARK: - Window

    private func layOutHost() {
        let bounds = Rect(origin: .zero, size: size)
        hostTimeline.transaction { transaction in
            transaction.disableActions = true
            rootLayer.frame = bounds
            overlay.layout(in: bounds)
            if isHelpVisible { overlay.setHelp(visible: true, lines: helpLines, in: bounds) }
        }
    }

    /// Lays the scene out for a window of `size`, in points, in the scene's own transaction
    /// (each layer animates on its own timeline), with actions off: the scene's bounds are the
    /// window in points and its root layer scales them to pixels (docs/ARCHITECTURE.md § Points).
    private func layOutScene(in size: Size) {
        let pointScale = Self.pointScale(forWindow: size)
        let bounds = Self.sceneBounds(forWindow: size)
        sceneTimeline.transaction { transaction in
            transaction.disableActions = true
            scene.rootLayer.anchorPoint = .zero
            scene.rootLayer.position = .zero
            scene.rootLayer.bounds = bounds
            scene.rootLayer.transform = AffineTransform(scaleX: pointScale, y: pointScale)
            scene.layout(in: bounds)
        }
    }

    /// What screenshots and recordings leave out: the message at the bottom (the toast).
    public var transientLayers: [Layer] { [overlay.toastLayer] }

    /// Shows `message` at the bottom of the window for about two seconds (host time).
    public func showMessage(_ message: String) {
        overlay.showToast(message, in: Rect(origin: .zero, size: size))
        toastTimer?.invalidate()
        toastTimer = hostTimeline.delay(2) { [overlay] in overlay.hideToast() }
    }

    // MARK: - Keys

    /// What a key did.
    enum KeyOutcome {
        case command(HostCommand)
        case seek(Seek)
        case handled
        /// Not the shell's: the scene gets it in the frame's input phase.
        case forScene
    }

    /// The shell's keys (docs/ARCHITECTURE.md § Keys); the rest are the scene's.
    private func handleKey(_ key: Key, at hostTime: MediaTime) -> KeyOutcome {
        switch key.ignoringCase {
        case .character("s"), .function(12): return .command(.screenshot)
        case .character("g"): return .command(.toggleRecording)
        case .character("q"), .escape: return .command(.quit)
        case .character(let digit) where digit.isASCII && digit.isNumber:
            if let number = digit.wholeNumberValue, catalog.indices.contains(number - 1) {
                switchScene(to: number - 1, at: hostTime)
            }
        case .tab: switchScene(to: (sceneIndex + 1) % catalog.count, at: hostTime)
        case .backTab: switchScene(to: (sceneIndex + catalog.count - 1) % catalog.count, at: hostTime)
        case .space: setClock(paused: !isPaused, rate: playbackRate, at: hostTime)
        case .character("t"):
            setClock(paused: isPaused, rate: playbackRate == 1 ? 1 / Self.slowMotionFactor : 1, at: hostTime)
        case .character("<"), .character(">"):
            let rates = Self.playbackRates
            let index = rates.firstIndex(of: playbackRate) ?? 0
            let next = key == .character("<") ? min(index + 1, rates.count - 1) : max(index - 1, 0)
            setClock(paused: isPaused, rate: rates[next], at: hostTime)
            showMessage("playback \(Int((rates[next] * 100).rounded())) %")
        case .left, .right, .up, .down, .pageUp, .pageDown, .home:
            if !isPaused { setClock(paused: true, rate: playbackRate, at: hostTime) }
            return .seek(Self.travelSteps(for: key, fps: Int((1 / frameDuration).rounded())))
        case .character("k"):
            knobPanel.setVisible(!knobPanel.isVisible)
            isDraggingKnob = false
        case .character("i"):
            inspector.setVisible(!inspector.isVisible)
            isScrubbing = false
        case .character("d"):
            isDebugOverlayVisible.toggle()
            scene.setDebugOverlay(visible: isDebugOverlayVisible)
            overlay.setDebugVisible(isDebugOverlayVisible)
        case .character("r"): switchScene(to: sceneIndex, at: hostTime)
        case .character("h"), .character("?"):
            isHelpVisible.toggle()
            overlay.setHelp(visible: isHelpVisible, lines: helpLines, in: Rect(origin: .zero, size: size))
        default:
            return .forScene
        }
        return .handled
    }

    /// The time-travel keys: Left / Right one frame, Down / Up ten, Page Up / Page Down one
    /// second, Home the start.
    static func travelSteps(for key: Key, fps: Int) -> Seek {
        switch key {
        case .left: return Seek(frames: -1)
        case .right: return Seek(frames: 1)
        case .down: return Seek(frames: -10)
        case .up: return Seek(frames: 10)
        case .pageUp: return Seek(frames: -fps)
        case .pageDown: return Seek(frames: fps)
        default: return Seek(fromStart: true)
        }
    }

    /// Every key, for the help overlay.
    public var helpLines: [(key: String, action: String)] {
        [
            ("1 … \(catalog.count), Tab, Shift+Tab", "switch scene"),
            ("s, F12", "save a screenshot"),
            ("g", "record an animation; g again saves it"),
            ("space", isPaused ? "resume time" : "pause time"),
            ("Left, Right", "paused: one frame back / forward"),
            ("Down, Up", "paused: ten frames back / forward"),
            ("Page Up, Page Down", "paused: one second back / forward"),
            ("Home", "paused: back to the scene's start"),
            ("t", "slow motion (\(Int(Self.slowMotionFactor))× slower) on / off"),
            ("<, >", "playback 100, 50, 25, 10 %"),
            ("i", "timeline inspector (click its axis to travel)"),
            ("k", "knobs: the tutorial's constants (p prints them)"),
            ("d", "debug overlay"),
            ("r", "restart the scene"),
            ("h, ?", "this help"),
            ("q, Escape", "quit"),
        ] + scene.keyHelp.map { ($0.key.label, $0.action) }
    }

    private func setClock(paused: Bool, rate: Double, at hostTime: MediaTime) {
        sceneClockBase = (hostTime, sceneTime(at: hostTime))
        isPaused = paused
        playbackRate = rate
        if isHelpVisible {
            overlay.setHelp(visible: true, lines: helpLines, in: Rect(origin: .zero, size: size))
        }
    }

    /// Starts scene `index` afresh on a new clock (also the restart key), with a new history.
    public func switchScene(to index: Int, at hostTime: MediaTime) {
        sceneIndex = index
        history = SceneHistory(initialSize: size, fps: Int((1 / frameDuration).rounded()))
        rebuildScene()
        sceneClockBase = (hostTime, 0)
        if isHelpVisible {
            overlay.setHelp(visible: true, lines: helpLines, in: Rect(origin: .zero, size: size))
        }
    }
}
