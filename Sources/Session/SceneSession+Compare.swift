import Animation
import Scenes

/// The copy of the scene that a comparison shows beside the running one (`--compare`, `|`):
/// a second time machine with knobs of its own, fixed, fed the running scene's frames (their
/// input relative to its half, their knob turns left out) on the same clock, so that each
/// half is the scene alone at that size with its knobs (docs/COMMAND-LINE.md § Compare).
final class CompareTwin: TimeMachineHost {
    let machine: TimeMachine
    /// The copy's half of the window, clipped, on black: it hides what the running scene
    /// draws past its own half, as the scene alone at that size would not show it.
    let clip: Layer
    /// The line between the halves, over both (`SceneSession.compareHalves`).
    let line: Layer
    /// The copy's knobs, set from its start.
    let knobs: [String: KnobValue]
    /// Whether the copy is A, the first half (the tutorial's knobs beside the running scene's,
    /// `|`); else it is B, the second (`--compare`).
    let isA: Bool
    private(set) var descriptor: SceneDescriptor
    var isDebugOverlayVisible: Bool { false }
    /// The session whose inspector lists the copy's rows beside the running scene's.
    weak var session: SceneSession?
    var observesAnimations: Bool { session?.observesAnimations ?? false }

    init(
        descriptor: SceneDescriptor, size: Size, seed: UInt64, images: ImageCatalog, bubbleLoad: Int,
        fps: Int, knobs: [String: KnobValue], isA: Bool, hostTimeline: Timeline
    ) {
        self.descriptor = descriptor
        self.knobs = knobs
        self.isA = isA
        clip = Layer(timeline: hostTimeline)
        clip.name = isA ? "compare A" : "compare B"
        clip.anchorPoint = .zero
        clip.masksToBounds = true
        clip.backgroundColor = .black
        line = Layer(timeline: hostTimeline)
        line.name = "compare line"
        line.anchorPoint = .zero
        line.backgroundColor = CompareTwin.lineColor
        line.isUserInteractionEnabled = false
        machine = TimeMachine(
            descriptor: descriptor, size: size, seed: seed, images: images, bubbleLoad: bubbleLoad, fps: fps,
            knobs: knobs)
        machine.isInClip = true
        machine.host = self
        clip.addSublayer(machine.scene.rootLayer)
        machine.layOutScene(in: size)
        machine.checkpointIfDue(afterFrame: -1)
    }

    /// The line's colour: the panels' separators', a little lighter (it is between two scenes).
    static let lineColor = Color(white: 0.4)

    func sceneWasRebuilt(_ scene: Scene) { clip.insertSublayer(scene.rootLayer, at: 0) }
    func observeReplayedFrame(_ index: Int) { session?.observeCopy() }
    func resetObservation() { session?.inspector.resetCopyLog() }

    /// The running scene's plan for the copy: the same frames and seeks, without the knobs
    /// turned (the copy keeps its own).
    func mirror(_ plan: FramePlan) -> FramePlan {
        switch plan {
        case .idle: return .idle
        case .relayout: return .relayout(backToRecord: machine.hasUnrecordedLayout)
        case .play(var frame):
            frame.knobs = [:]
            return .play(frame)
        case .seek(var seek):
            seek.knobsFromStart = [:]
            seek.knobs = [:]
            return .seek(seek)
        }
    }

    /// Takes up `history` (the running scene's) with the copy's knobs: its frames replayed
    /// up to the one shown, then a quiet frame at `moment` if the scene shows a time after it;
    /// the inspector's copy rows observed from frame `observedFrom` on (nil: not observed), as
    /// the running scene's are.
    func catchUp(with history: SceneHistory, moment: MediaTime, observedFrom: Int?) {
        var copied = SceneHistory(initialSize: history.initialSize, initialKnobs: knobs, fps: machine.fps)
        for var frame in history.frames {
            frame.knobs = [:]
            copied.append(frame)
        }
        machine.history = copied
        machine.historyEpoch += 1
        machine.rebuildScene()
        let frames = copied.frames
        let from = observedFrom ?? .max
        if from < 0 { observeReplayedFrame(-1) }  // the scene as built, as `TimeMachine.replay`
        for (index, frame) in frames.enumerated() where index <= history.shown {
            machine.runReplayed(frame, index: index, observes: index >= from)
            machine.checkpointIfDue(afterFrame: index)
        }
        machine.history.shown = history.shown
        if frames.indices.contains(history.shown), frames[history.shown].time < moment - 1e-9 {
            machine.runReplayed(
                SceneFrame(time: moment, input: [], size: nil), index: history.shown,
                observes: history.shown >= from)
        }
    }

    /// Starts the copy afresh with `descriptor` (a restart, another step) in a rect of `size`.
    func restart(_ descriptor: SceneDescriptor, in size: Size, at hostTime: MediaTime) {
        self.descriptor = descriptor
        machine.history = SceneHistory(initialSize: size, initialKnobs: knobs, fps: machine.fps)
        machine.historyEpoch += 1
        machine.rebuildScene()
        machine.clock.start(at: hostTime, sceneTime: 0)
    }
}

extension SceneSession {
    /// The two halves of a comparison in the scene's rect `rect`: side by side, or one above
    /// the other in a rect taller than wide; each of the same whole-pixel size, with a line of
    /// `compareLineWidth` pixels between them that is in neither (an odd pixel left over goes
    /// to the second's clip): 800 wide, halves of 399 at x 0 and 400, the line at x 399.
    public static func compareHalves(of rect: Rect) -> (first: Rect, second: Rect) {
        let gap = compareLineWidth
        if rect.width >= rect.height {
            let width = max(((rect.width - gap) / 2).rounded(.down), 1)
            let size = Size(width: width, height: rect.height)
            let second = Rect(origin: Point(x: rect.minX + width + gap, y: rect.minY), size: size)
            return (Rect(origin: rect.origin, size: size), second)
        }
        let height = max(((rect.height - gap) / 2).rounded(.down), 1)
        let size = Size(width: rect.width, height: height)
        return (
            Rect(origin: rect.origin, size: size),
            Rect(origin: Point(x: rect.minX, y: rect.minY + height + gap), size: size)
        )
    }

    /// The line between the halves of a comparison, pixels (at every scale: a hairline).
    public static let compareLineWidth = 1.0

    /// The line between the halves `halves` (from `compareHalves`), window pixels.
    static func compareLine(between halves: (first: Rect, second: Rect)) -> Rect {
        let (first, second) = halves
        if second.minX > first.minX {
            return Rect(x: first.maxX, y: first.minY, width: second.minX - first.maxX, height: first.height)
        }
        return Rect(x: first.minX, y: first.maxY, width: first.width, height: second.minY - first.maxY)
    }

    /// Whether two settings are compared side by side now.
    public var isComparing: Bool { compareTwin != nil }

    /// The halves of the comparison, A then B, window pixels; nil while there is none.
    public var compareRects: (a: Rect, b: Rect)? {
        guard compareTwin != nil else { return nil }
        let halves = Self.compareHalves(of: sceneRect)
        return (halves.first, halves.second)
    }

    /// The running scene's rect: the scene's, or its half of a comparison.
    var mainRect: Rect {
        guard let twin = compareTwin else { return sceneRect }
        let halves = Self.compareHalves(of: sceneRect)
        return twin.isA ? halves.second : halves.first
    }

    /// `event` moved by `offset` (a pointer event's point; a key as it is).
    static func offset(_ event: InputEvent, by offset: Point) -> InputEvent {
        guard offset != .zero else { return event }
        switch event {
        case .down(let point): return .down(point + offset)
        case .move(let point): return .move(point + offset)
        case .up(let point): return .up(point + offset)
        case .scroll(let dy, let point, let control, let shift):
            return .scroll(dy: dy, at: point + offset, control: control, shift: shift)
        case .key: return event
        }
    }

    /// The origin of the half of the comparison that `point` is in (the window's origin
    /// without one): the scene's pointer events are recorded relative to it, so that both
    /// halves get them in their own scene points.
    func halfOrigin(at point: Point) -> Point {
        guard let halves = compareRects else { return .zero }
        let second = halves.b
        let inSecond = second.minX > halves.a.minX ? point.x >= second.minX : point.y >= second.minY
        return inSecond ? second.origin : halves.a.origin
    }

    /// Starts comparing: a copy of the scene with `knobs` from its start (the tutorial's
    /// where none is given), as A or B, caught up with the running scene's moment.
    func startComparing(knobs: [String: KnobValue], copyIsA: Bool) {
        let twin = CompareTwin(
            descriptor: catalog[sceneIndex], size: history.initialSize, seed: seed, images: machine.images,
            bubbleLoad: bubbleLoad, fps: fps, knobs: knobs, isA: copyIsA,
            hostTimeline: hostTimeline)
        let index = rootLayer.sublayers.firstIndex { $0 === scene.rootLayer } ?? 0
        rootLayer.insertSublayer(twin.clip, at: index + 1)
        rootLayer.insertSublayer(twin.line, at: index + 2)
        compareTwin = twin
        layOutWindow()
        twin.session = self
        inspector.compare(copyIsA: copyIsA)
        // Placed first: the history's taps hit-test the copy's layers where its half is (a
        // moment resumed from a session file has its taps before the comparison's start).
        twin.catchUp(
            with: history, moment: sceneTimeline.currentTime,
            observedFrom: observesAnimations ? observedFrom : nil)
    }

    /// The inspector's log notes the copy's animations now, as `observeAnimations` the running
    /// scene's (once a scene frame, after its commit; in the copy's replays).
    func observeCopy() {
        guard let twin = compareTwin, observesAnimations else { return }
        let input = twin.machine.appliedInput
        let timeline = twin.machine.sceneTimeline
        inspector.observeCopy(
            scene: twin.machine.scene.rootLayer, timeline: timeline,
            input: input.time == timeline.currentTime ? input.events : [])
    }

    /// Ends the comparison: the running scene has the scene's rect again.
    func stopComparing() {
        guard let twin = compareTwin else { return }
        twin.clip.removeFromSuperlayer()
        twin.line.removeFromSuperlayer()
        twin.machine.sceneTimeline.invalidate()
        twin.session = nil
        compareTwin = nil
        inspector.compare(copyIsA: nil)
        layOutWindow()
    }

    /// `|`: compares the tutorial's knobs (A) with the running ones (B), or ends it; says which.
    func toggleComparison() -> SessionRequest {
        if compareTwin != nil {
            stopComparing()
            return .message("comparison off")
        }
        startComparing(knobs: [:], copyIsA: true)
        let changed = knobs.changed.count + knobs.changedCurveEdits.count + knobs.changedLineEdits.count
        return .message(
            changed == 0
                ? "comparing: A and B both have the tutorial's knobs (turn one in the knob panel, k)"
                : "comparing: A the tutorial's knobs, B the current ones (\(changed) changed)")
    }

    /// Places the halves: the running scene's rect and the copy's clip (from `layOutWindow`).
    func placeComparison() {
        guard let twin = compareTwin, let halves = compareRects else {
            machine.move(to: .zero)
            return
        }
        let copy = twin.isA ? halves.a : halves.b
        machine.move(to: (twin.isA ? halves.b : halves.a).origin)
        twin.machine.sceneOrigin = copy.origin
        let end = Point(x: sceneRect.maxX, y: sceneRect.maxY)
        let clipRect =
            twin.isA
            ? copy : Rect(x: copy.minX, y: copy.minY, width: end.x - copy.minX, height: end.y - copy.minY)
        hostTimeline.transaction { transaction in
            transaction.disableActions = true
            twin.clip.frame = clipRect
            twin.line.frame = Self.compareLine(between: (halves.a, halves.b))
        }
    }

    /// The comparison for `--describe`: A then B, each half's rect and its knobs.
    func describedComparison(box: (Rect) -> [Double]) -> [SessionDescription.ComparedHalf]? {
        guard let twin = compareTwin, let halves = compareRects else { return nil }
        let copy = SessionDescription.ComparedHalf(
            sceneRect: box(twin.isA ? halves.a : halves.b), knobs: Self.knobTexts(twin.machine.knobs))
        let main = SessionDescription.ComparedHalf(
            sceneRect: box(twin.isA ? halves.b : halves.a), knobs: Self.knobTexts(knobs))
        return twin.isA ? [copy, main] : [main, copy]
    }
}
