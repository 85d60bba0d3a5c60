import Animation
import Scenes

/// One running scene in a window (or in `render`): the scene catalogue and switching, the
/// scene clock (pause, slow motion, restart), time travel, the docked panels and the overlays.
///
/// Every host runs it the same way, one `runFrame` per frame, so that scripted events and
/// real input take one path (docs/ARCHITECTURE.md § One frame):
/// ```
/// let result = session.runFrame(at: hostTime, input: events, draw: { root in … }, present: { … })
/// // result.commands: screenshot, quit; result.needsAnotherFrame; result.nextWakeTime
/// ```
/// The session routes input and nothing else: a pointer event goes to the panel it falls on
/// (or that holds the press), else to the scene; a key to the topmost panel if it takes it,
/// else to the shell's keys, else to the scene. What panels and keys ask for (seeks, knob
/// changes, host commands, messages) goes through one queue of `SessionRequest`s, applied in
/// order before the scene's frame runs.
public final class SceneSession {
    /// Every scene, in the order of the digit keys (1 is the first).
    public internal(set) var catalog: [SceneDescriptor]
    public internal(set) var sceneIndex: Int
    /// The scene running now.
    public internal(set) var scene: Scene
    /// The scene's clock: stops while paused, runs slower at playback rates below 1.
    public internal(set) var sceneTimeline: Timeline
    /// The host's clock, for the panels and overlays (they keep time while the scene is paused).
    public let hostTimeline = Timeline()
    /// The window's layer tree: the scene's root, the outline, the panels, the overlays.
    public let rootLayer: Layer
    /// The window's size, pixels.
    public private(set) var size: Size
    /// The part of the window the scene has, pixels: the window less the open panels.
    public private(set) var sceneRect: Rect
    /// The HiDPI factor (`--scale`): the panels' and overlays' text is this many times larger.
    public let scale: Double
    public internal(set) var isPaused = false
    /// How fast scene time runs against the host's: 1, 0.5, 0.25 or 0.1.
    public internal(set) var playbackRate = 1.0
    public internal(set) var isDebugOverlayVisible = false
    /// Set by the window host while it records (`g`): the status line says so, the red dot
    /// shows beside it.
    public var isRecording = false {
        didSet { overlay.setRecording(isRecording) }
    }
    /// Every frame the scene has run since it started, with its input: what time travel
    /// replays (docs/ARCHITECTURE.md § Time travel).
    public internal(set) var history: SceneHistory
    /// The running scene's knobs, as set now.
    public internal(set) var knobs: KnobSettings
    /// The frame rate whose grid scene times are on, and one frame of it in seconds: the step
    /// of `Left` and `Right`.
    public let fps: Int
    public var frameDuration: MediaTime { 1 / Double(fps) }

    let seed: UInt64
    let images: ImageCatalog
    let bubbleLoad: Int
    var dispatcher = GestureDispatcher()
    /// Time travel's checkpoints of the scene (SceneSession+Checkpoints.swift).
    var checkpoints = SceneCheckpoints()
    var sceneClockBase: (host: MediaTime, scene: MediaTime) = (0, 0)
    let overlay: SessionOverlay
    let inspector: InspectorPanel
    let knobPanel: KnobPanel
    let helpPanel: HelpPanel
    let codePanel: CodePanel
    /// Under `--watch`: the failed build's first error or the new build's crash.
    let problemPanel: BuildProblemPanel
    /// The notes of panels the window has too little room for.
    let panelFit: PanelFit
    /// The program's name in the window title (a package's own, `AnimdemoShell.main`).
    public var programName = "animdemo"
    /// The code panel's marks for the running scene type at its step, worked out once a scene
    /// type and step (`codeFocus`): the file with the step's first new line, and each file's
    /// marks.
    private var stepMarks: (key: String, firstFile: String?, byFile: [String: CodePanel.StepMarks])?
    /// The open panels, in the order they were opened: the last is topmost.
    private(set) var openPanels: [Panel] = []
    /// Who holds the pointer between a press and its release.
    private var pointerOwner: PointerOwner?
    /// Where the pointer was last seen over the window, pixels (a session file keeps it: what
    /// it hovers is part of the moment).
    private(set) var pointer: Point?
    /// The history's frame after which the inspector's log first observed the scene since it
    /// was last emptied; nil while it is empty. The rows are those of every frame from there to
    /// the one shown, so a session file that keeps it gives the same rows when replayed (a
    /// frame number, not a time: several frames may share a time).
    var observedFrom: Int?
    /// The size the scene was last laid out for (points are computed from it).
    var sceneLayoutSize: Size
    /// The scene is laid out for a size that its history does not have yet (a panel opened or
    /// the window resized while paused): the next recorded frame records it.
    var hasUnrecordedLayout = false
    /// Requests from outside the frame's input (`setKnob`, `seek(toTime:)`), for the next frame.
    private var pendingRequests: [SessionRequest] = []
    private let frameLoop = FrameLoop()
    private var toastTimer: ScheduledTimer?
    private var hintTimer: ScheduledTimer?
    /// Whether scenes show their hint when they open (tests of a scene's own timing turn it
    /// off: its fade is the host's work, and would wake it).
    let showsHints: Bool
    /// The rates `<` and `>` step through; `t` toggles between 1 and the slowest.
    public static let playbackRates = [1.0, 0.5, 0.25, 0.1]
    /// Slow motion (`t`): the scene clock runs this many times slower.
    public static let slowMotionFactor = 10.0
    /// How long the scene's hint shows after it opens, seconds (host time).
    public static let hintDuration: MediaTime = 5

    private enum PointerOwner {
        case scene
        case panel(Panel)
    }

    /// Starts `catalog[index]` at host time 0 in a window of `size` (pixels); `fps` sets the
    /// step of time travel, `scale` the size of the panels' text (HiDPI).
    public init(
        catalog: [SceneDescriptor], index: Int, size: Size, seed: UInt64, images: ImageCatalog,
        fps: Int = 60, bubbleLoad: Int = 0, scale: Double = 1, knobs initialKnobs: [String: KnobValue] = [:],
        showsHints: Bool = true
    ) {
        self.showsHints = showsHints
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
        self.fps = fps
        rootLayer = Layer(timeline: hostTimeline)
        rootLayer.name = "window"
        rootLayer.anchorPoint = .zero
        overlay = SessionOverlay(timeline: hostTimeline, scale: scale)
        inspector = InspectorPanel(timeline: hostTimeline)
        knobPanel = KnobPanel(timeline: hostTimeline)
        helpPanel = HelpPanel(timeline: hostTimeline)
        codePanel = CodePanel(timeline: hostTimeline)
        problemPanel = BuildProblemPanel(timeline: hostTimeline)
        panelFit = PanelFit(timeline: hostTimeline)
        sceneTimeline = Timeline()
        sceneRect = Rect(origin: .zero, size: size)
        sceneLayoutSize = size
        knobs = KnobSettings(knobs: catalog[index].knobs, overrides: initialKnobs)
        scene = catalog[index].make(
            SceneContext(
                timeline: sceneTimeline, random: SeededRandom(seed: seed), images: images,
                bubbleLoad: bubbleLoad, knobs: self.knobs))
        history = SceneHistory(initialSize: size, initialKnobs: initialKnobs, fps: fps)
        rootLayer.addSublayer(scene.rootLayer)
        rootLayer.addSublayer(inspector.outlineLayer)
        for panel in [inspector, knobPanel, codePanel, helpPanel, problemPanel] as [Panel] {
            rootLayer.addSublayer(panel.layer)
        }
        rootLayer.addSublayer(overlay.layer)
        layOutWindow()
        layOutScene(in: size)
        checkpointIfDue(afterFrame: -1)
        showHint()
    }

    /// Lets go of both clocks' animations, timers and callbacks, which would keep the scene
    /// and the overlays alive after the session (`Timeline.invalidate`).
    deinit {
        sceneTimeline.invalidate()
        hostTimeline.invalidate()
    }

    /// The scene's `--scene` name.
    public var sceneName: String { catalog[sceneIndex].name }
    public var isHelpVisible: Bool { isOpen(helpPanel) }
    public var isInspectorVisible: Bool { isOpen(inspector) }
    public var isKnobPanelVisible: Bool { isOpen(knobPanel) }
    public var isCodePanelVisible: Bool { isOpen(codePanel) }
    /// Whether the inspector's log notes the scene's animations: for the inspector, and for the
    /// code panel's marks.
    var observesAnimations: Bool { isOpen(inspector) || isOpen(codePanel) }

    /// The window title: `<program> — <scene title>`, then the clock's state when it is not
    /// plain playing.
    public var windowTitle: String {
        var title = "\(programName) — \(scene.title)"
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

    /// The status line: paused, the rate and the scene's time while paused or slowed, and
    /// recording; empty while the scene simply plays.
    public var statusText: String {
        var parts: [String] = []
        if isRecording { parts.append("recording") }
        if isPaused {
            parts.append("paused · \(Self.format(seconds: sceneTimeline.currentTime))")
        } else if playbackRate != 1 {
            parts.append(
                "\(Int((playbackRate * 100).rounded())) % · \(Self.format(seconds: sceneTimeline.currentTime))"
            )
        }
        return parts.joined(separator: " · ")
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
        let gridFPS = Double(fps)
        let baseFrame = (sceneClockBase.scene * gridFPS).rounded()
        if rate == 1 && abs(baseFrame - sceneClockBase.scene * gridFPS) < 1e-6 {
            return (baseFrame + ((hostTime - sceneClockBase.host) * gridFPS).rounded()) / gridFPS
        }
        return sceneClockBase.scene + (hostTime - sceneClockBase.host) * rate
    }

    /// How much of the panels' work a frame does: hosts that skip drawing frames (`render`
    /// on its way to `--at`) spare the panels the work no one sees.
    public enum PanelWork: Sendable {
        /// Observe the scene and redraw the panels (a drawn frame).
        case full
        /// Observe the scene (the inspector's rows) but draw nothing.
        case observe
        /// Neither: the frame is far from any that is drawn.
        case none
    }

    /// Runs one whole frame at `hostTime` in the order of `FramePhase`.
    ///
    /// The input is routed first (panels, the shell's keys, the scene); the requests it made
    /// are applied (seeks, knobs, commands); then one `FrameLoop` frame runs the host's clock
    /// and, unless the scene is paused with nothing to do, one frame of the scene's: its input
    /// (pointer events, the scene's keys, a new size), timers, display links, the commit,
    /// `draw` with the window's layer tree, `present` with the commands, and completions.
    /// Every scene frame is recorded in `history`, so that time travel can run it again.
    @discardableResult
    public func runFrame(
        at hostTime: MediaTime, input: [InputEvent], resize newSize: Size? = nil,
        panelWork: PanelWork = .full,
        draw: (Layer) throws -> Void = { _ in }, present: ([HostCommand]) throws -> Void = { _ in }
    ) rethrows -> FrameResult {
        let wasPaused = isPaused
        if let newSize, newSize != size {
            size = newSize
            layOutWindow()
        }
        var requests = pendingRequests
        pendingRequests = []
        var sceneInput: [InputEvent] = []
        for event in input {
            route(event, at: hostTime, requests: &requests, sceneInput: &sceneInput)
        }
        var commands: [HostCommand] = []
        var seekTarget: MediaTime?
        var knobChanges: [String: KnobValue] = [:]
        for request in requests {
            switch request {
            case .seek(let time):
                pause(at: hostTime)
                seekTarget = time
            case .step(let seconds):
                pause(at: hostTime)
                seekTarget = (seekTarget ?? sceneTimeline.currentTime) + seconds
            case .setKnob(let name, let value):
                if knobs.knob(named: name) != nil { knobChanges[name] = value }
            case .command(let command): commands.append(command)
            case .message(let message): showMessage(message)
            }
        }
        // After the keys: a pause keeps this frame's time, a new scene starts at 0.
        let playingTime = max(sceneTime(at: hostTime), sceneTimeline.currentTime)
        if let target = seekTarget, history.isFull, let last = history.frames.last, target > last.time {
            // Back within the hour kept is fine; past it there is nothing recorded to show.
            seekTarget = last.time
            showMessage("time travel keeps the first hour of a scene: press r to start again")
        }
        var replaysFromStart = false
        if !knobChanges.isEmpty && isPaused && !history.frames.isEmpty && seekTarget == nil {
            // Paused: show this moment as it would have been had the knobs always had their
            // new values — the scene replayed from its start with them.
            for (name, value) in knobChanges { history.setFromStart(name, to: value) }
            seekTarget = sceneTimeline.currentTime
            replaysFromStart = true
            knobChanges = [:]
        }
        var live: SceneFrame?
        var recordsLive = true
        if let target = seekTarget,
            let reached = travel(to: target, fromStart: replaysFromStart, panelWork: panelWork)
        {
            live = reached.frame
            recordsLive = reached.isRecorded
            sceneClockBase = (hostTime, reached.frame.time)
        }
        let isNewScene = history.frames.isEmpty
        if !sceneInput.isEmpty || !knobChanges.isEmpty || ((!wasPaused || isNewScene) && live == nil) {
            if let travelled = live {
                // The frame reached, then the new input on top of it.
                runReplayed(travelled, index: history.shown + 1, observes: panelWork != .none)
                if recordsLive { history.record(travelled) }
            }
            let time = (wasPaused && !isNewScene) || live != nil ? sceneTimeline.currentTime : playingTime
            live = SceneFrame(time: time, input: sceneInput, size: nil, knobs: knobChanges)
            recordsLive = true
        }
        if var frame = live, recordsLive {
            if hasUnrecordedLayout || sceneLayoutSize != sceneRect.size {
                frame.size = sceneRect.size
                hasUnrecordedLayout = false
            }
            live = frame
            history.record(frame)
        } else if sceneLayoutSize != sceneRect.size {
            // Paused: lay the scene out for its new space without starting a new future. Laid
            // out so already, it first goes back to the moment as recorded: a layout can change
            // more than sizes (the elastic scene cuts its bounce), so the scene is always its
            // history plus at most one layout for the rect shown, as a session file replays it.
            if hasUnrecordedLayout,
                let reached = travel(to: sceneTimeline.currentTime, fromStart: false, panelWork: panelWork)
            {
                runReplayed(reached.frame, index: history.shown + 1, observes: panelWork != .none)
                if reached.isRecorded { history.record(reached.frame) }
            }
            if sceneLayoutSize != sceneRect.size {
                layOutScene(in: sceneRect.size)
                hasUnrecordedLayout = true
            }
        }
        var drawnChangeCounts: [Int] = []
        let sceneClock = live.map { [(sceneTimeline, $0.time)] } ?? []
        try frameLoop.runFrame(
            sceneClock + [(hostTimeline, hostTime)],
            input: { if let live { apply(live) } },
            draw: {
                if live != nil, panelWork != .none, observesAnimations { observeAnimations() }
                if panelWork == .full {
                    updatePanels()
                    if isDebugOverlayVisible {
                        overlay.updateDebug(scene: scene.rootLayer, sceneTime: sceneTimeline.currentTime)
                    }
                }
                try draw(rootLayer)
                drawnChangeCounts = changeCounts
            },
            present: { try present(commands) })
        checkpointAfterLiveFrame(live, isRecorded: recordsLive)
        return FrameResult(
            commands: commands, needsAnotherFrame: changeCounts != drawnChangeCounts,
            nextWakeTime: nextWakeTime)
    }

    /// The model's change counters, to tell whether the drawn frame is still current.
    private var changeCounts: [Int] { [hostTimeline.changeCount, sceneTimeline.changeCount] }

    /// Brings every open panel and the status line up to date (each redraws only on change).
    private func updatePanels() {
        overlay.setStatus(statusText)
        overlay.setStep(stepCaption)
        guard !openPanels.isEmpty else { return }
        // What the pointer hovers follows the panels as they open, close and scroll under it.
        if let pointer, pointerOwner == nil { hover(at: pointer) }
        if isOpen(codePanel) { codePanel.focus = codeFocus }
        let context = panelContext
        for panel in openPanels where panelFit.update(panel, scale: scale) { panel.update(context: context) }
    }

    /// What the code panel shows now: the hovered row's file, else at a tutorial step (opened
    /// with `--step` or `[` `]`) the file with the step's first new line, else the scene's own
    /// file.
    private var codeFocus: CodePanel.Focus {
        let hovered = inspector.hoveredLocation
        let typeName = "\(type(of: scene))"
        let step = catalog[sceneIndex].step
        let key = "\(typeName) \(step ?? 0)"
        if stepMarks?.key != key {
            var byFile: [String: CodePanel.StepMarks] = [:]
            var firstFile: String?
            if let step, let code = StepCode.forScene(typeName: typeName) {
                for file in code.files {
                    let added = file.addedLines(atStep: step)
                    if firstFile == nil && !added.isEmpty { firstFile = file.name }
                    byFile[file.name] = CodePanel.StepMarks(
                        number: step, count: catalog[sceneIndex].steps.count, added: added,
                        later: file.absentLines(atStep: step))
                }
            }
            stepMarks = (key, firstFile, byFile)
        }
        let file = hovered?.fileName ?? stepMarks?.firstFile ?? "\(typeName).swift"
        // The distinct lines first: a fish's bubbles run hundreds of rows from a few lines.
        let running = Set(inspector.runningLocations(at: sceneTimeline.currentTime)).filter {
            $0.fileName == file
        }
        return CodePanel.Focus(
            file: file, line: hovered?.line, running: Set(running.map(\.line)), step: stepMarks?.byFile[file])
    }

    /// What panels may read now.
    var panelContext: PanelContext {
        PanelContext(
            sceneTime: sceneTimeline.currentTime, isPaused: isPaused, rate: playbackRate, scale: scale,
            knobs: knobs, scene: scene, sceneName: sceneName, sceneTimeline: sceneTimeline,
            help: isOpen(helpPanel) ? helpLines : [])
    }

    /// Gives a scene frame its input: the scene's size, knobs, pointer events to the scene's
    /// recognizers, keys to the scene.
    func apply(_ frame: SceneFrame) {
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

    /// Runs a recorded scene frame again, whole, without drawing it; the inspector notes its
    /// animations when `observes`.
    func runReplayed(_ frame: SceneFrame, index: Int, observes: Bool) {
        frameLoop.runFrame(
            [(sceneTimeline, frame.time)], input: { apply(frame) },
            draw: { if observes && observesAnimations { observeAnimations(afterFrame: index) } }, present: {})
    }

    /// The inspector's log notes the scene's animations now (once a scene frame, after its
    /// commit).
    private func observeAnimations(afterFrame index: Int? = nil) {
        if observedFrom == nil { observedFrom = index ?? history.shown }
        inspector.observe(scene: scene.rootLayer, timeline: sceneTimeline)
    }

    /// Empties the inspector's log: the scene was rebuilt or restored, or the log starts anew.
    func resetObservation() {
        inspector.resetLog()
        observedFrom = nil
    }

    /// The pointer is at `point` with no button down: what it hovers (an inspector row) is
    /// found from there when the panels draw.
    func hover(at point: Point) {
        pointer = point
        if let panel = panel(at: point), panel === inspector {
            inspector.hover(at: point)
        } else {
            inspector.pointerLeft()
        }
    }

    /// When the next frame is needed, in host time: nil while nothing animates and nothing
    /// is scheduled (the host may then sleep until input).
    public var nextWakeTime: MediaTime? {
        let host = hostTimeline.nextWakeTime
        var scene: MediaTime?
        if let sceneWake = sceneTimeline.nextWakeTime, !isPaused {
            scene = hostTimeline.currentTime + max(sceneWake - sceneTimeline.currentTime, 0) / playbackRate
        }
        if isDebugOverlayVisible || (isOpen(inspector) && !isPaused && scene != nil) {
            return hostTimeline.currentTime
        }
        return [host, scene].compactMap { $0 }.min()
    }

    // MARK: - Input

    /// Sends `event` where it belongs: a panel (the one under the pointer, or holding the
    /// press, or the topmost for a key), the shell's keys, or the scene.
    private func route(
        _ event: InputEvent, at hostTime: MediaTime, requests: inout [SessionRequest],
        sceneInput: inout [InputEvent]
    ) {
        switch event {
        case .key(let key):
            overlay.fadeHint()
            if let topmost = openPanels.last, let taken = topmost.handleKey(key, context: panelContext) {
                requests += taken
                return
            }
            if handleShellKey(key, at: hostTime, requests: &requests) { return }
            sceneInput.append(event)
            // The scene's own keys say what they did, as the shell's do.
            if let help = scene.keyHelp.first(where: { $0.key == key || $0.key == key.ignoringCase }) {
                requests.append(.message("\(help.key.label): \(help.action)"))
            }
        case .down(let point):
            overlay.fadeHint()
            pointer = point
            if let panel = panel(at: point) {
                pointerOwner = .panel(panel)
                requests += panel.handlePointer(event, context: panelContext)
            } else if sceneRect.contains(point) {
                pointerOwner = .scene
                sceneInput.append(event)
            }
        case .move(let point):
            pointer = point
            switch pointerOwner {
            case .panel(let panel)?:
                requests += panel.handlePointer(event, context: panelContext)
            case .scene?:
                sceneInput.append(event)
            case nil:
                let over = panel(at: point)
                if over !== inspector { inspector.pointerLeft() }
                if let over {
                    requests += over.handlePointer(event, context: panelContext)
                } else if sceneRect.contains(point) {
                    sceneInput.append(event)
                }
            }
        case .up(let point):
            switch pointerOwner {
            case .panel(let panel)?: requests += panel.handlePointer(event, context: panelContext)
            case .scene?: sceneInput.append(event)
            case nil: if panel(at: point) == nil && sceneRect.contains(point) { sceneInput.append(event) }
            }
            pointerOwner = nil
        case .scroll(_, let point):
            if let panel = panel(at: point) {
                requests += panel.handlePointer(event, context: panelContext)
            } else if sceneRect.contains(point) {
                sceneInput.append(event)
            }
        }
    }

    /// The open panel under `point`, topmost first.
    private func panel(at point: Point) -> Panel? {
        openPanels.reversed().first { $0.frame.contains(point) }
    }

    // MARK: - Panels

    func isOpen(_ panel: Panel) -> Bool { openPanels.contains { $0 === panel } }

    /// Opens `panel` on top of the others, or closes it.
    func setOpen(_ panel: Panel, _ isOpen: Bool) {
        guard isOpen != self.isOpen(panel) else { return }
        if case .panel(let owner)? = pointerOwner, owner === panel { pointerOwner = nil }
        if isOpen {
            openPanels.append(panel)
        } else {
            openPanels.removeAll { $0 === panel }
        }
        let wasObserving = observedFrom != nil
        panel.setOpen(isOpen)
        if !isOpen { panelFit.remove(panel) }
        if panel === inspector || !wasObserving || !observesAnimations {
            // The inspector's log starts anew when it opens or closes, or observing starts.
            resetObservation()
        }
        if observesAnimations { observeAnimations() }
        layOutWindow()
    }

    /// Places the open panels and the scene's rect in the window (docs/ARCHITECTURE.md § Panels).
    func layOutWindow() {
        let edges = openPanels.map { PanelLayout.edge(of: $0.edge, window: size, scale: scale) }
        let wanted = zip(openPanels, edges).map { panel, edge in
            (edge: edge, extent: panel.preferredExtent(at: edge, window: size, scale: scale))
        }
        let layout = PanelLayout.layout(window: size, wanted: wanted)
        sceneRect = layout.scene
        let context = panelContext
        let bounds = Rect(origin: .zero, size: size)
        hostTimeline.transaction { transaction in
            transaction.disableActions = true
            rootLayer.frame = bounds
            for (panel, frame) in zip(openPanels, layout.panels) { panel.place(in: frame, context: context) }
            overlay.layout(window: bounds, scene: sceneRect)
        }
    }

    // MARK: - Scene layout

    /// Lays the scene out for a rect of `size` pixels, in points, in the scene's own
    /// transaction (each layer animates on its own timeline), with actions off: the scene's
    /// bounds are its rect in points and its root layer scales them to pixels
    /// (docs/ARCHITECTURE.md § Points).
    func layOutScene(in size: Size) {
        sceneLayoutSize = size
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

    // MARK: - Messages

    /// What screenshots and recordings leave out: the message at the bottom, the status line
    /// and the hint.
    public var transientLayers: [Layer] { overlay.transientLayers }

    /// What `render` leaves out of its pictures: the toast, the status line and the hint,
    /// which only the window shows.
    public var windowOnlyLayers: [Layer] { overlay.windowOnlyLayers }

    /// Shows `message` at the bottom of the scene for about two seconds (host time), or, when
    /// it `holds`, until the next message (a recording's "saving … N %").
    public func showMessage(_ message: String, holds: Bool = false) {
        overlay.showToast(message)
        toastTimer?.invalidate()
        toastTimer = holds ? nil : hostTimeline.delay(2) { [overlay] in overlay.hideToast() }
    }

    /// The message shown now, if any (for `render --describe`).
    public var toastText: String? { overlay.toastText }

    /// The scene's hint, at the top of the scene for a few seconds after it opens.
    private func showHint() {
        guard showsHints else { return }
        overlay.showHint(catalog[sceneIndex].hint)
        hintTimer?.invalidate()
        hintTimer = hostTimeline.delay(Self.hintDuration) { [overlay] in overlay.fadeHint() }
    }

    /// The step bar's text while the scene runs a tutorial step (`--step`, `[` `]`): the step
    /// and its caption, whole; "" for the scene itself.
    public var stepCaption: String {
        let descriptor = catalog[sceneIndex]
        guard let step = descriptor.step, descriptor.steps.indices.contains(step - 1) else { return "" }
        return
            "step \(step) of \(descriptor.steps.count) ([ and ] step): \(descriptor.steps[step - 1].caption)"
    }

    /// The box the inspector outlines (the hovered row's layer), window pixels.
    public var inspectorOutline: Rect? { inspector.outlinedBox }

    /// The hint shown now, if any.
    public var hintText: String? { overlay.hintText }

    // MARK: - Knobs and seeks from outside

    /// Sets a knob of the running scene on the next frame: from then on while playing; while
    /// paused, as if it had always had the value (the scene is replayed from its start).
    public func setKnob(_ name: String, to value: KnobValue) {
        pendingRequests.append(.setKnob(name, value))
    }

    /// Pauses and, on the next frame, shows the scene at scene time `time` (docs/ARCHITECTURE.md
    /// § Time travel).
    public func seek(toTime time: MediaTime, at hostTime: MediaTime) {
        pause(at: hostTime)
        pendingRequests.append(.seek(time))
    }

    /// Pauses and, on the next frame, shows recorded frame `index` (past the last one, the
    /// grid's frames after it).
    public func seek(toFrame index: Int, at hostTime: MediaTime) {
        let frames = history.frames
        let time: MediaTime
        if let last = frames.last, index >= frames.count {
            time = last.time + Double(index - frames.count + 1) * frameDuration
        } else {
            time = frames.isEmpty ? 0 : frames[max(index, 0)].time
        }
        seek(toTime: time, at: hostTime)
    }

    func pause(at hostTime: MediaTime) {
        if !isPaused { setClock(paused: true, rate: playbackRate, at: hostTime) }
    }

    func setClock(paused: Bool, rate: Double, at hostTime: MediaTime) {
        sceneClockBase = (hostTime, sceneTime(at: hostTime))
        isPaused = paused
        playbackRate = rate
    }

    /// Starts scene `index` afresh on a new clock (also the restart key), with a new history.
    public func switchScene(to index: Int, at hostTime: MediaTime) {
        sceneIndex = index
        history = SceneHistory(initialSize: sceneRect.size, fps: fps)
        rebuildScene()
        sceneClockBase = (hostTime, 0)
        showHint()
    }
}
