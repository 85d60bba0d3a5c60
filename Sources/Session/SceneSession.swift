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
    public var scene: Scene { machine.scene }
    /// The scene's clock: stops while paused, runs slower at playback rates below 1.
    public var sceneTimeline: Timeline { machine.sceneTimeline }
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
    public var isPaused: Bool { machine.clock.isPaused }
    /// How fast scene time runs against the host's: 1, 0.5, 0.25 or 0.1.
    public var playbackRate: Double { machine.clock.rate }
    public internal(set) var isDebugOverlayVisible = false
    /// Set by the window host while it records (`g`): the status line says so, the red dot
    /// shows beside it.
    public var isRecording = false {
        didSet { overlay.setRecording(isRecording) }
    }
    /// Every frame the scene has run since it started, with its input: what time travel
    /// replays (docs/ARCHITECTURE.md § Time travel).
    public internal(set) var history: SceneHistory {
        get { machine.history }
        set {
            machine.history = newValue
            machine.historyEpoch += 1
        }
    }
    /// The running scene's knobs, as set now.
    public var knobs: KnobSettings { machine.knobs }
    /// Set by the window host: a knob turned while paused (the knob panel, the curve editor, a
    /// bar's end) is drawn first and reshapes the moment on the next frame, so the panel shows
    /// the new value at once and a drag's values coalesce to the latest (docs/ARCHITECTURE.md
    /// § Knobs). Off, as in `render`, `bench` and the tests' hosts, one frame does both.
    public var defersReshape = false
    /// The knobs turned while paused whose reshape waits for the next frame (`defersReshape`),
    /// by name: the panels show them already; empty when none waits.
    public private(set) var reshapePending: [String: KnobValue] = [:]
    /// `reshapePending` as one line: `NAME=VALUE` by name, spaces apart, each value as
    /// `--set` takes it (the window's `reshape pending` test-report line).
    public var reshapePendingText: String {
        reshapePending.sorted { $0.key < $1.key }.map { name, value in
            let knob = shownKnobs.knob(named: name) ?? Knob(name, curve: .linear, "")
            return "\(name)=\(KnobAssignment.text(of: value, for: knob))"
        }.joined(separator: " ")
    }
    /// `knobs` with `reshapePending` set, while a reshape waits.
    private var previewKnobs: KnobSettings?
    /// The knobs as the panels and `describe` show them: as set, and those waiting for their
    /// reshape at their new values.
    var shownKnobs: KnobSettings { previewKnobs ?? machine.knobs }
    /// The frame rate whose grid scene times are on, and one frame of it in seconds: the step
    /// of `Left` and `Right`.
    public var fps: Int { machine.fps }
    public var frameDuration: MediaTime { 1 / Double(fps) }

    let seed: UInt64
    let bubbleLoad: Int
    /// The running scene, its clock, its history and checkpoints, and time travel.
    let machine: TimeMachine
    let overlay: SessionOverlay
    /// One panel of each kind of `PanelKind.all`, in its order.
    let panels: [Panel]
    /// The timeline inspector, which the session tells what the scene animates and where the
    /// pointer is.
    let inspector: InspectorPanel
    /// The layer tree, whose selection the inspector marks and whose outline is over the scene.
    let layerTree: LayerTreePanel
    /// Under `--watch`: the failed build's first error or the new build's crash.
    let problemPanel: BuildProblemPanel
    /// The notes of panels the window has too little room for.
    let panelFit: PanelFit
    /// Motion trails (`u`): ghosts of the moving layers, above the scene while on.
    let trails: MotionTrails
    /// The program's name in the window title (a package's own, `AnimdemoShell.main`).
    public var programName = "animdemo"
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
    /// Counts the times the log was emptied: a checkpoint's mark of it (`ObservationMark`) is
    /// good only in the run of observing it was taken in.
    private(set) var observationEpoch = 0
    /// The curve editor's row as last found in the inspector's log: its source line, whether it
    /// is a spring, and the knob that owns its curve (a spring's: its damping-ratio knob; nil:
    /// none); kept while a replay's log does not have the row (it began more than
    /// `TimeMachine.observedReplay` before the moment).
    var curveRow: (label: String, source: CallSite, isSpring: Bool, knob: String?, spring: Spring?)?
    /// The copy of the scene a comparison shows beside it (SceneSession+Compare.swift).
    var compareTwin: CompareTwin?
    /// The origin of the comparison's half that the scene's pointer press fell in.
    private var pressOrigin = Point.zero
    /// Requests from outside the frame's input (`setKnob`, `seek(toTime:)`), for the next frame.
    private var pendingRequests: [SessionRequest] = []
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
    /// step of time travel, `scale` the size of the panels' text (HiDPI); `compare`: a second
    /// copy of the scene beside it with these knobs turned too (`--compare`).
    public init(
        catalog: [SceneDescriptor], index: Int, size: Size, seed: UInt64, images: ImageCatalog,
        fps: Int = 60, bubbleLoad: Int = 0, scale: Double = 1, knobs initialKnobs: [String: KnobValue] = [:],
        showsHints: Bool = true, compare: [String: KnobValue]? = nil
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
        self.bubbleLoad = bubbleLoad
        rootLayer = Layer(timeline: hostTimeline)
        rootLayer.name = "window"
        rootLayer.anchorPoint = .zero
        overlay = SessionOverlay(timeline: hostTimeline, scale: scale)
        let timeline = hostTimeline
        panels = PanelKind.all.map { $0.init(timeline: timeline) }
        inspector = Self.find(InspectorPanel.self, in: panels)
        problemPanel = Self.find(BuildProblemPanel.self, in: panels)
        layerTree = Self.find(LayerTreePanel.self, in: panels)
        panelFit = PanelFit(timeline: hostTimeline)
        trails = MotionTrails(timeline: hostTimeline)
        sceneRect = overlay.sceneRect(
            above: Rect(origin: .zero, size: size), step: Self.stepCaption(of: catalog[index]))
        let sceneSize = compare == nil ? size : Self.compareHalves(of: sceneRect).first.size
        machine = TimeMachine(
            descriptor: catalog[index], size: sceneSize, seed: seed, images: images, bubbleLoad: bubbleLoad,
            fps: fps,
            knobs: initialKnobs)
        machine.host = self
        rootLayer.addSublayer(machine.scene.rootLayer)
        if let compare {
            let twin = CompareTwin(
                descriptor: catalog[index], size: sceneSize, seed: seed, images: images,
                bubbleLoad: bubbleLoad,
                fps: fps, knobs: initialKnobs.merging(compare) { $1 }, isA: false,
                hostTimeline: hostTimeline)
            rootLayer.addSublayer(twin.clip)
            rootLayer.addSublayer(twin.line)
            compareTwin = twin
        }
        rootLayer.addSublayer(inspector.outlineLayer)
        rootLayer.addSublayer(layerTree.outline)
        for panel in panels { rootLayer.addSublayer(panel.layer) }
        rootLayer.addSublayer(overlay.layer)
        layOutWindow()
        machine.layOutScene(in: mainRect.size)
        machine.checkpointIfDue(afterFrame: -1)
        if let twin = compareTwin {
            twin.session = self
            inspector.compare(copyIsA: twin.isA)
        }
        showHint()
    }

    /// Lets go of both clocks' animations, timers and callbacks, which would keep the scene
    /// and the overlays alive after the session (`Timeline.invalidate`).
    deinit {
        machine.sceneTimeline.invalidate()
        hostTimeline.invalidate()
    }

    /// The scene's `--scene` name.
    public var sceneName: String { catalog[sceneIndex].name }
    public var isHelpVisible: Bool { openPanel(HelpPanel.self) != nil }
    public var isInspectorVisible: Bool { isOpen(inspector) }
    public var isKnobPanelVisible: Bool { openPanel(KnobPanel.self) != nil }
    public var isCodePanelVisible: Bool { openPanel(CodePanel.self) != nil }
    /// Whether the inspector's log notes the scene's animations: for the inspector, and for the
    /// code panel's marks (`PanelKind.observesScene`).
    var observesAnimations: Bool { openPanels.contains { type(of: $0).kind.observesScene } }

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

    /// The status line: a comparison's halves, paused, the rate and the scene's time while
    /// paused or slowed, and recording; empty while the scene simply plays.
    public var statusText: String {
        var parts: [String] = []
        if let twin = compareTwin {
            parts.append(twin.isA ? "A the tutorial's knobs | B the current ones" : "A | B with --compare")
        }
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
        // A reshape that waited a frame (`defersReshape`) runs now, as if asked first in this
        // frame; the panels go on showing its values while this frame's input is routed.
        let carried = reshapePending.sorted { $0.key < $1.key }.map {
            SessionRequest.setKnob($0.key, $0.value)
        }
        let (requests, sceneInput) = route(carried + pendingRequests, input, at: hostTime)
        pendingRequests = []
        reshapePending = [:]
        previewKnobs = nil
        let asked = FrameRequests(requests, sceneTime: sceneTimeline.currentTime) {
            knobs.knob(named: $0) != nil || KnobSettings.isEdit($0)
        }
        if asked.pauses { pause(at: hostTime) }
        let commands = apply(requests)
        var plan = FramePlan.make(
            clock: machine.clock, wasPaused: wasPaused, hostTime: hostTime,
            sceneTime: sceneTimeline.currentTime,
            requests: asked, input: sceneInput, history: HistorySummary(history),
            needsLayout: machine.sceneLayoutSize != mainRect.size,
            hasUnrecordedLayout: machine.hasUnrecordedLayout)
        if defersReshape, carried.isEmpty, commands.isEmpty, case .seek(let seek) = plan, seek.fromStart,
            seek.input.isEmpty, machine.sceneLayoutSize == mainRect.size
        {
            // Knobs alone, paused: this frame draws their new values, the next reshapes.
            reshapePending = seek.knobsFromStart
            previewKnobs = knobs.previewing(seek.knobsFromStart)
            plan = .idle
        }
        if case .seek(let seek) = plan, seek.isClamped { showMessage(FramePlan.clampedMessage) }
        let live = machine.execute(plan, at: hostTime, size: mainRect.size, panelWork: panelWork)
        machine.keepPosition()
        let twin = compareTwin
        let twinLive = twin.map {
            $0.machine.execute($0.mirror(plan), at: hostTime, size: mainRect.size, panelWork: panelWork)
        }
        var drawnChangeCounts: [Int] = []
        // A frame between two recorded ones counts as the one before it (knob reads, earlier).
        if live.frame != nil { machine.knobs.frameRunning = history.shown }
        if let twin, twinLive?.frame != nil { twin.machine.knobs.frameRunning = twin.machine.history.shown }
        var clocks = live.frame.map { [(sceneTimeline, $0.time)] } ?? []
        if let twin, let frame = twinLive?.frame { clocks.append((twin.machine.sceneTimeline, frame.time)) }
        try machine.frameLoop.runFrame(
            clocks + [(hostTimeline, hostTime)],
            input: {
                if let frame = live.frame { machine.apply(frame) }
                if let twin, let frame = twinLive?.frame { twin.machine.apply(frame) }
            },
            draw: {
                drawPanels(afterSceneFrame: live.frame != nil, panelWork: panelWork)
                if panelWork == .full { updateTrails() }
                try draw(rootLayer)
                drawnChangeCounts = changeCounts
            },
            present: { try present(commands) })
        machine.checkpointAfterLiveFrame(live.frame, isRecorded: live.isRecorded)
        if let twin, let twinLive {
            twin.machine.checkpointAfterLiveFrame(twinLive.frame, isRecorded: twinLive.isRecorded)
        }
        return FrameResult(
            commands: commands,
            needsAnotherFrame: changeCounts != drawnChangeCounts || !reshapePending.isEmpty,
            nextWakeTime: nextWakeTime)
    }

    /// Routes the frame's input after the requests from outside it: the requests it made, in
    /// order, and the scene's input.
    private func route(_ pending: [SessionRequest], _ input: [InputEvent], at hostTime: MediaTime) -> (
        requests: [SessionRequest], sceneInput: [InputEvent]
    ) {
        var requests = pending
        var sceneInput: [InputEvent] = []
        for event in input {
            route(event, at: hostTime, requests: &requests, sceneInput: &sceneInput)
        }
        return (requests, sceneInput)
    }

    /// Shows the requests' messages, in order, and returns their host commands.
    private func apply(_ requests: [SessionRequest]) -> [HostCommand] {
        var commands: [HostCommand] = []
        for request in requests {
            switch request {
            case .command(let command): commands.append(command)
            case .message(let message): showMessage(message)
            case .selectLayer(let layer):
                inspector.selectRows(of: layer)
                graphPanel.layerWasSelected(rowClicks: inspector.rowClicks)
            case .seek, .step, .setKnob: break  // the frame's plan
            }
        }
        return commands
    }

    /// The frame's panel work, in its draw phase: the inspector notes the scene's frame, the
    /// panels, the status line and the debug overlay are brought up to date.
    private func drawPanels(afterSceneFrame: Bool, panelWork: PanelWork) {
        if afterSceneFrame, observesAnimations {
            if panelWork != .none {
                observeAnimations()
                observeCopy()
            } else if observedFrom != nil {
                // A frame the log does not see: it no longer has every frame since its first,
                // which a checkpoint's mark of it assumes (TimeMachine+Travel.swift).
                resetObservation()
                compareTwin?.resetObservation()
            }
        }
        guard panelWork == .full else { return }
        updatePanels()
        if isDebugOverlayVisible {
            overlay.updateDebug(scene: scene.rootLayer, sceneTime: sceneTimeline.currentTime)
        }
    }

    /// The model's change counters, to tell whether the drawn frame is still current.
    private var changeCounts: [Int] {
        [
            hostTimeline.changeCount, sceneTimeline.changeCount,
            compareTwin?.machine.sceneTimeline.changeCount ?? 0,
        ]
    }

    /// Brings every open panel and the status line up to date (each redraws only on change).
    private func updatePanels() {
        overlay.setStatus(statusText)
        if stepCaption != overlay.stepText { layOutWindow() }  // the bar takes the scene's room
        guard !openPanels.isEmpty else { return }
        // What the pointer hovers follows the panels as they open, close and scroll under it.
        if let pointer, pointerOwner == nil { hover(at: pointer) }
        let context = panelContext
        for panel in openPanels { panel.follow(context: context) }
        for panel in openPanels where panelFit.update(panel, scale: scale) { panel.update(context: context) }
        // The outline is over the scene, outside the panel's note: it goes with the rows it marks.
        if isOpen(inspector), !PanelFit.fits(inspector, scale: scale) { inspector.hideOutline() }
    }

    /// What panels may read now.
    var panelContext: PanelContext {
        let graphed = graphedLayer
        return PanelContext(
            sceneTime: sceneTimeline.currentTime, isPaused: isPaused, rate: playbackRate, scale: scale,
            knobs: shownKnobs, scene: scene, sceneName: sceneName, sceneTimeline: sceneTimeline,
            step: catalog[sceneIndex].step, stepCount: catalog[sceneIndex].steps.count,
            hoveredLocation: inspector.hoveredLocation,
            runningLocations: { [inspector, sceneTimeline] in
                inspector.runningLocations(at: sceneTimeline.currentTime)
            },
            help: isHelpVisible ? helpLines : [], pointer: pointerOwner == nil ? pointer : nil,
            selectedRow: inspector.selectedLabel,
            selectedGraphKey: openPanel(GraphPanel.self) == nil || graphed != nil
                ? nil : inspector.selectedGraphKey,
            historyStamp: HistoryStamp(epoch: machine.historyEpoch, revision: history.revision),
            graphInputs: { [machine] time in machine.history.inputFrames(through: time) },
            graphSamples: { [machine] key in machine.graphSamples(for: key) },
            selectedLayer: isOpen(layerTree) ? layerTree.selectedLayer(in: scene.rootLayer) : nil,
            graphLayer: graphed, graphAxis: inspector.axisRange(at: sceneTimeline.currentTime),
            layerGraphSamples: layerGraphSamples,
            animationLabel: { [inspector] animation in inspector.label(of: animation) },
            curveTarget: openPanel(CurvePanel.self) == nil ? nil : curveTarget(),
            comparedKnobs: compareTwin.map { ComparedKnobs(knobs: $0.machine.knobs, copyIsA: $0.isA) },
            keyPanel: openPanels.last.map { type(of: $0).kind })
    }

    /// The inspector's log notes the scene's animations now (once a scene frame, after its
    /// commit).
    func observeAnimations(afterFrame index: Int? = nil) {
        if observedFrom == nil { observedFrom = index ?? history.shown }
        let input = machine.appliedInput
        inspector.observe(
            scene: scene.rootLayer, timeline: sceneTimeline,
            input: input.time == sceneTimeline.currentTime ? input.events : [])
    }

    /// Empties the inspector's log: the scene was rebuilt or restored, or the log starts anew.
    func resetObservation() {
        inspector.resetLog()
        observedFrom = nil
        observationEpoch += 1
    }

    var observationStart: Int? { observesAnimations ? observedFrom : nil }

    func observationMark() -> ObservationMark? {
        guard observationStart != nil else { return nil }
        return ObservationMark(epoch: observationEpoch, log: inspector.logMark(at: sceneTimeline.currentTime))
    }

    var observationDrops: Int { observationStart != nil ? inspector.logDrops : 0 }

    func observationWouldOverflow(before time: MediaTime) -> Bool {
        observationStart != nil && inspector.logWouldOverflow(before: time, now: sceneTimeline.currentTime)
    }

    func canRestoreObservation(_ mark: ObservationMark?, afterFrame frame: Int) -> Bool {
        guard let start = observationStart else { return false }
        if frame < start || frame < 0 { return true }
        guard let mark, mark.epoch == observationEpoch else { return false }
        return inspector.canRollBackLog(to: mark.log)
    }

    func restoreObservation(_ mark: ObservationMark?, afterFrame frame: Int) {
        guard canRestoreObservation(mark, afterFrame: frame), let start = observationStart else {
            resetObservation()
            return
        }
        if frame < start || frame < 0 {
            // Before the log's first frame: empty, still observing from that frame on.
            inspector.resetLog()
        } else if let mark {
            inspector.rollBackLog(to: mark.log)
        }
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
        // A comparison's copy may still move when the running scene is still (a longer duration).
        let wakes = [sceneTimeline.nextWakeTime, compareTwin?.machine.sceneTimeline.nextWakeTime]
        if let sceneWake = wakes.compactMap({ $0 }).min(), !isPaused {
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
                pressOrigin = halfOrigin(at: point)
                sceneInput.append(Self.offset(event, by: Point.zero - pressOrigin))
            }
        case .move(let point):
            pointer = point
            switch pointerOwner {
            case .panel(let panel)?:
                requests += panel.handlePointer(event, context: panelContext)
            case .scene?:
                sceneInput.append(Self.offset(event, by: Point.zero - pressOrigin))
            case nil:
                let over = panel(at: point)
                if over !== inspector { inspector.pointerLeft() }
                if let over {
                    requests += over.handlePointer(event, context: panelContext)
                } else if sceneRect.contains(point) {
                    sceneInput.append(Self.offset(event, by: Point.zero - halfOrigin(at: point)))
                }
            }
        case .up(let point):
            switch pointerOwner {
            case .panel(let panel)?: requests += panel.handlePointer(event, context: panelContext)
            case .scene?: sceneInput.append(Self.offset(event, by: Point.zero - pressOrigin))
            case nil:
                if panel(at: point) == nil && sceneRect.contains(point) {
                    sceneInput.append(Self.offset(event, by: Point.zero - halfOrigin(at: point)))
                }
            }
            pointerOwner = nil
        case .scroll(_, let point, _, _):
            if let panel = panel(at: point) {
                requests += panel.handlePointer(event, context: panelContext)
            } else if sceneRect.contains(point) {
                sceneInput.append(Self.offset(event, by: Point.zero - halfOrigin(at: point)))
            }
        }
    }

    /// The open panel under `point`, topmost first.
    private func panel(at point: Point) -> Panel? {
        openPanels.reversed().first { $0.frame.contains(point) }
    }

    // MARK: - Panels

    func isOpen(_ panel: Panel) -> Bool { openPanels.contains { $0 === panel } }

    /// The open panel of type `type`, if it is open.
    func openPanel<P: Panel>(_ type: P.Type) -> P? {
        openPanels.lazy.compactMap { $0 as? P }.first
    }

    /// Opens the panel of type `type`, or closes it (its key).
    func toggle(_ type: any Panel.Type) {
        guard let panel = panels.first(where: { Swift.type(of: $0) == type }) else { return }
        setOpen(panel, !isOpen(panel))
    }

    /// The panel of type `type` among `panels` (`PanelKind.all` lists it).
    private static func find<P: Panel>(_ type: P.Type, in panels: [Panel]) -> P {
        for case let panel as P in panels { return panel }
        preconditionFailure("\(P.self) is not in PanelKind.all")
    }

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
            // The inspector's log starts anew when it opens or closes, or observing starts: on
            // the moment as recorded, which a replay of the session observes (paused and laid
            // out off the record, the scene goes back to it first, as a paused layout does).
            if observesAnimations {
                machine.returnToRecord()
                resetObservation()
                compareTwin?.resetObservation()
                observeAnimations()
                observeCopy()
            } else {
                resetObservation()
                compareTwin?.resetObservation()
            }
        }
        // Else the log has seen every frame since its first: the scene is as it was then, or
        // laid out off the record (a paused layout), which no replay observes.
        layOutWindow()
    }

    /// Places the open panels and the scene's rect in the window (docs/ARCHITECTURE.md § Panels).
    func layOutWindow() {
        let edges = openPanels.map { PanelLayout.edge(of: $0.edge, window: size, scale: scale) }
        let wanted = zip(openPanels, edges).map { panel, edge in
            (edge: edge, extent: panel.preferredExtent(at: edge, window: size, scale: scale))
        }
        let layout = PanelLayout.layout(window: size, wanted: wanted)
        // The step bar's band is the scene's too, under it: nothing of the scene is under the bar.
        sceneRect = overlay.sceneRect(above: layout.scene, step: stepCaption)
        let context = panelContext
        let bounds = Rect(origin: .zero, size: size)
        hostTimeline.transaction { transaction in
            transaction.disableActions = true
            rootLayer.frame = bounds
            for (panel, frame) in zip(openPanels, layout.panels) { panel.place(in: frame, context: context) }
            overlay.layout(window: bounds, scene: layout.scene, step: stepCaption)
        }
        placeComparison()
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
    public var stepCaption: String { Self.stepCaption(of: catalog[sceneIndex]) }

    /// The step bar's text for `descriptor`'s step, "" for the scene itself.
    static func stepCaption(of descriptor: SceneDescriptor) -> String {
        guard let step = descriptor.step, descriptor.steps.indices.contains(step - 1) else { return "" }
        return
            "step \(step) of \(descriptor.steps.count) ([ and ] step): \(descriptor.steps[step - 1].caption)"
    }

    /// How many times the graph panel made its samples (a replay of the history each), for
    /// tests that it does no work while nothing it shows changes.
    public var graphSamplingCount: Int { openPanel(GraphPanel.self)?.samplingCount ?? 0 }

    /// The step bar's rect while it shows, window pixels.
    public var stepBarFrame: Rect? { overlay.stepBarFrame }

    /// The box the inspector outlines (the hovered row's layer), window pixels.
    public var inspectorOutline: Rect? { inspector.outlinedBox }

    /// How many times the layer tree was drawn anew, for tests that it does no work while
    /// nothing it shows changes.
    public var layerTreeDrawCount: Int { layerTree.drawCount }

    /// The box the layer tree outlines (its selected layer), window pixels.
    public var layerTreeOutline: Rect? { layerTree.outlinedBox }

    /// The hint shown now, if any.
    public var hintText: String? { overlay.hintText }

    // MARK: - Knobs and seeks from outside

    /// Sets a knob of the running scene on the next frame: from then on while playing; while
    /// paused, as if it had always had the value (the scene is replayed from the last checkpoint
    /// before the frame that first read the knob, else from its start).
    public func setKnob(_ name: String, to value: KnobValue) {
        pendingRequests.append(.setKnob(name, value))
    }

    /// Runs the reshape that waits for its frame (`reshapePending`) now, at `hostTime`, undrawn:
    /// before the window's state is written for another build (`--watch`), which keeps the
    /// history, so that the knobs the panel showed are the ones taken up.
    public func finishPendingReshape(at hostTime: MediaTime) {
        guard !reshapePending.isEmpty else { return }
        _ = try? runFrame(at: hostTime, input: [])  // throws only what draw and present throw: none here
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
        machine.clock.pause(at: hostTime)
    }

    func setClock(paused: Bool, rate: Double, at hostTime: MediaTime) {
        machine.clock.set(paused: paused, rate: rate, at: hostTime)
    }

    /// Starts scene `index` afresh on a new clock (also the restart key), with a new history.
    public func switchScene(to index: Int, at hostTime: MediaTime) {
        if index != sceneIndex { stopComparing() }  // the copy's knobs are the scene's
        sceneIndex = index
        layOutWindow()  // another step: another caption, a step bar of another height
        machine.restart(in: mainRect.size, at: hostTime)
        compareTwin?.restart(catalog[index], in: mainRect.size, at: hostTime)
        showHint()
    }
}

/// The session to its time machine: the scene a rebuild makes, and the inspector's log.
extension SceneSession: TimeMachineHost {
    var descriptor: SceneDescriptor { catalog[sceneIndex] }

    func sceneWasRebuilt(_ scene: Scene) {
        rootLayer.insertSublayer(scene.rootLayer, at: 0)
    }

    func observeReplayedFrame(_ index: Int) {
        observeAnimations(afterFrame: index)
    }

    // MARK: - Time travel's checkpoints

    /// Whether seeks start from checkpoints (on by default); off, every seek back replays from
    /// the scene's start, as `bench --seek --no-checkpoints` measures.
    public var usesCheckpoints: Bool {
        get { machine.checkpoints.isEnabled }
        set {
            machine.checkpoints.isEnabled = newValue
            if !newValue { machine.checkpoints.removeAll() }
        }
    }

    /// How many checkpoints are kept now.
    public var checkpointCount: Int { machine.checkpoints.all.count }

    /// The memory of the checkpoints kept now as `SceneCheckpoints.estimatedBytes` counts it,
    /// together (`SceneCheckpoints.byteBudget`).
    public var checkpointEstimatedBytes: Int { machine.checkpoints.estimatedBytes }

    /// The history's frames after which the checkpoints kept now were taken, in order (-1:
    /// before the first frame).
    public var checkpointFrames: [Int] { machine.checkpoints.all.map(\.frame) }

    /// Those of `checkpointFrames` whose restore makes some of the scene's layers again
    /// (`CheckpointingScene.rebuiltLayer`).
    public var checkpointFramesRebuildingLayers: [Int] {
        machine.checkpoints.all.filter(\.rebuildsLayers).map(\.frame)
    }

    /// A new instance of the running scene on a new clock (`TimeMachine.rebuildScene`).
    func rebuildScene() { machine.rebuildScene() }

    /// Runs a recorded scene frame again (`TimeMachine.runReplayed`).
    func runReplayed(_ frame: SceneFrame, index: Int, observes: Bool) {
        machine.runReplayed(frame, index: index, observes: observes)
    }

    /// Takes a checkpoint after history frame `frame` if one is due (`TimeMachine.checkpointIfDue`).
    func checkpointIfDue(afterFrame frame: Int) { machine.checkpointIfDue(afterFrame: frame) }
}
