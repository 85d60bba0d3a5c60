import Animation
import Glibc
import Render
import Session

/// The window's frame loop (docs/ARCHITECTURE.md § The window): frames on the vsync-like grid of a
/// `FrameClock`, input coalesced per frame, and a wait with no timeout while nothing animates.
///
/// Each turn reads what the server sent, then decides which frame it wants next:
/// ```
///  input, expose, resize, a change   →  the next frame on the grid
///  animating or a display link       →  the next frame on the grid (nextWakeTime == now)
///  a timer due at T                  →  the first frame at or after T
///  nothing                           →  none: poll() the X socket and the signal pipe forever
/// ```
/// It sleeps in poll() until that frame is due, then runs the latest frame due by then, so
/// a late frame skips the deadlines it missed instead of running them in a burst. Before it
/// draws, it waits for the server to finish copying the previous frame (`FramePresenter.isBusy`).
final class EventLoop {
    private let session: SceneSession
    /// Draws each frame into the presenter's memory, repainting only what changed.
    private let incremental: IncrementalCanvas
    /// The whole window must be sent again (Expose, a resize).
    private var needsFullPresent = true
    private let window: XWindow
    private let events: XEventSource
    private var presenter: FramePresenter
    private let signals: SignalPipe
    /// Screenshots and recordings, encoded and written off this loop.
    private let captures: FrameCapture
    private let clock: FrameClock
    /// Under `--watch`: the supervisor's requests (save the state and end, show a build problem).
    private let watch: WatchControl?

    /// The last frame run (-1: none yet).
    private var lastFrame = -1
    /// Something on screen must change although nothing animates (input, expose, a toast).
    private var needsFrame = true
    /// When the last frame said the next one is due (host time): the session's and the
    /// captures' wake, nil if not until input.
    private var frameWakeTime: MediaTime?
    /// When the loop next has something to do without input: the frame's wake or the paused
    /// window's whole draw.
    private var nextWakeTime: MediaTime? { [frameWakeTime, wholeDrawTime].compactMap { $0 }.min() }
    /// Paused, the frame on screen was repainted clipped to its damage, which Cairo draws a
    /// little apart from a whole draw (`IncrementalCanvas.isWholeDraw`): when it is drawn again,
    /// whole, so that what stays on screen is `render`'s (host time; pushed back by every frame
    /// that changes something first, so interaction stays cheap). Only drawn, not run
    /// (`drawWhole`): the session's state is what it was.
    private var wholeDrawTime: MediaTime?
    /// How long a paused window waits without change before that whole draw, seconds.
    static let wholeDrawDelay: MediaTime = 0.1
    /// Input for the next frame, in order, with runs of motion coalesced to the latest.
    private var pendingInput: [InputEvent] = []
    /// The window's newest size, for the next frame.
    private var pendingSize: Size?
    /// When the loop started waiting for the last frame's completion event.
    private var busySince: FrameClock.Instant?
    private var isFinished = false
    /// Under `--watch`, after `hold`: the state is written and the last frame stays on screen,
    /// no frame runs, until the supervisor says `end` (the new build's window shows).
    private var isHolding = false
    /// The server exposed the window at least once: it is viewable, and what is sent shows.
    private var hasBeenExposed = false
    /// The signal that ended the loop (SIGINT, SIGTERM, SIGHUP), nil if the user did.
    private(set) var endingSignal: Int32?
    /// The last frame left something animating, so the next one was due on the very next
    /// deadline (a skipped deadline then is a missed frame, not an idle pause).
    private var wantsFramesBackToBack = false
    /// Keys, left-button presses and releases and wheel notches read so far, and whether the
    /// loop said it went idle since the last frame (`TestReport`'s `idle` line, for tests).
    private var inputEvents = 0
    private var hasReportedIdle = false
    /// Frames run, deadlines missed, pixels sent: printed at exit with ANIMDEMO_FRAME_STATS=1.
    private(set) var frameStats = FrameStats()
    /// The left button as the scene saw it: a release lost to an unmap or a grab is made up.
    private var pointer = PointerTracker()
    /// Mapped (not hidden or iconified), and not fully covered by other windows.
    private var isMapped = true
    private var isObscured = false
    /// Whether frames are drawn and sent: while the window cannot be seen the loop runs a
    /// frame only for input (undrawn), and sleeps otherwise; the scene's clock goes on, so
    /// the first frame after it shows again is at the time it would have been.
    private var isVisible: Bool { isMapped && !isObscured }

    /// How long to wait for a `ShmCompletion` before assuming it will not come (nanoseconds).
    static let completionTimeout: FrameClock.Instant = 500_000_000
    /// Frames are drawn over this colour (the scenes paint their own backgrounds).
    static let background = Color.black

    init(
        session: SceneSession, images: ImageStore, window: XWindow, presenter: FramePresenter,
        signals: SignalPipe, captures: FrameCapture, fps: Int, watch: WatchControl? = nil
    ) {
        self.watch = watch
        self.session = session
        // A knob turned while paused shows its value on this frame and reshapes on the next.
        session.defersReshape = true
        incremental = IncrementalCanvas(images: images, background: Self.background)
        self.window = window
        self.events = XEventSource(window: window)
        self.presenter = presenter
        self.signals = signals
        self.captures = captures
        clock = FrameClock(fps: fps)
    }

    /// Runs frames until the user quits, the window closes or a signal arrives.
    func run() throws(WindowError) {
        while true {
            readEvents()
            if isFinished { return }
            if isHolding {
                holdPicture()
                continue
            }
            guard let target = wantedFrame() else {
                if !hasReportedIdle {
                    hasReportedIdle = true
                    TestReport.line("idle frame \(lastFrame) events \(inputEvents)")
                }
                wait(until: nil)
                continue
            }
            let now = FrameClock.now()
            let due = clock.deadline(of: target)
            if now < due {
                wait(until: due)
                continue
            }
            if presenter.isBusy {
                // The server is still copying the last frame out of the memory we draw into.
                let since = busySince ?? now
                busySince = since
                if now - since < Self.completionTimeout {
                    wait(until: since + Self.completionTimeout)
                    continue
                }
                presenter.noteCompletion()  // lost (the window went away mid-copy): go on
            }
            busySince = nil
            let frame = max(target, clock.frame(at: now))
            if wantsFramesBackToBack { frameStats.noteMissed(frame - target) }
            let isFrameDue = frameWakeTime.map { $0 <= clock.time(of: frame) } ?? false
            if let wholeDrawTime, clock.time(of: frame) >= wholeDrawTime, pendingInput.isEmpty,
                pendingSize == nil, !needsFrame, !isFrameDue
            {
                try drawWhole()
                continue
            }
            try runFrame(frame)
        }
    }

    /// While holding: input and resizes are dropped, an exposed window gets the last frame
    /// again (the buffer still has it), and the loop sleeps until the supervisor's `end`.
    private func holdPicture() {
        pendingInput.removeAll()
        pendingSize = nil
        if needsFullPresent && isVisible && !presenter.isBusy {
            presenter.present([
                Rect(x: 0, y: 0, width: Double(presenter.width), height: Double(presenter.height))
            ])
            events.flush()
            needsFullPresent = false
        }
        wait(until: nil)
    }

    // MARK: - Waiting and reading

    /// The frame the loop wants to run next, nil if none until something happens.
    private func wantedFrame() -> Int? {
        if !pendingInput.isEmpty || pendingSize != nil { return lastFrame + 1 }
        guard isVisible else { return nil }  // nothing to show: animation waits, time does not
        if needsFrame { return lastFrame + 1 }
        guard let wake = nextWakeTime else { return nil }
        return max(lastFrame + 1, clock.firstFrame(atOrAfter: wake))
    }

    /// Sleeps until the X socket or the signal pipe is readable, or until `deadline`.
    private func wait(until deadline: FrameClock.Instant?) {
        if events.hasPendingEvents { return }  // Xlib may have queued some while it read a reply
        var descriptors = [
            pollfd(fd: events.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: captures.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if let watch {
            descriptors.append(pollfd(fd: watch.fileDescriptor, events: Int16(POLLIN), revents: 0))
        }
        var timeout: Int32 = -1  // no timeout: nothing animates, so use no CPU until input
        if let deadline {
            let nanoseconds = max(deadline - FrameClock.now(), 0)
            timeout = Int32(min((nanoseconds + 999_999) / 1_000_000, 60_000))  // round up: never early
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    }

    /// Reads everything the server sent and whether a signal arrived, without blocking.
    private func readEvents() {
        if let signal = signals.drain() {
            endingSignal = signal
            isFinished = true
        }
        while events.hasPendingEvents {
            if let event = events.next() { handle(event) }
        }
        for event in events.takeErrors() { handle(event) }
        if captures.update() { needsFrame = true }  // a saved file's message, the recording dot
        if let watch { handle(watch.requests(), from: watch) }
    }

    /// The supervisor's requests: the state written for the next build (then the loop ends), a
    /// build problem shown or cleared; its pipe closed ends the loop.
    private func handle(_ requests: [WatchControl.Request], from watch: WatchControl) {
        for request in requests {
            switch request {
            case .save:
                finishPendingReshape()
                do {
                    try watch.write(session.watchState(window: geometry))
                } catch {
                    Console.error("cannot write the state for the next build: \(error.localizedDescription)")
                }
                isFinished = true
            case .hold:
                finishPendingReshape()
                do {
                    try watch.hold(session.watchState(window: geometry))
                    isHolding = true
                } catch {
                    // The supervisor sees the window end and takes up the state written as it went.
                    Console.error("cannot write the state for the next build: \(error.localizedDescription)")
                    isFinished = true
                }
            case .end:
                isFinished = true
            case .problem(let problem):
                session.showBuildProblem(problem)
                needsFrame = true
            case .ping(let number):
                watch.note(geometry: geometry, of: session)
                watch.answer(ping: number)
            case .ended:
                isFinished = true
            }
        }
    }

    /// A knob's reshape still waiting for its frame runs now, undrawn, so that the state written
    /// for the next build has the knobs the panel shows.
    private func finishPendingReshape() {
        guard !session.reshapePending.isEmpty else { return }
        lastFrame = max(lastFrame + 1, clock.frame(at: FrameClock.now()))
        session.finishPendingReshape(at: clock.time(of: lastFrame))
    }

    /// Where the window is on the screen and its size (a round trip to the server).
    private var geometry: WindowGeometry? {
        window.position.map {
            WindowGeometry(x: $0.x, y: $0.y, width: presenter.width, height: presenter.height)
        }
    }

    private func handle(_ event: WindowEvent) {
        switch event {
        case .input(let input):
            switch input {
            case .key, .down, .up, .scroll: inputEvents += 1
            default: break
            }
            queue(pointer.filter(input))
        case .pointerMoved(let point, let isButtonHeld):
            queue(pointer.filter(.move(point), isButtonHeld: isButtonHeld))
        case .pointerLost:
            queue(pointer.cancel())
        case .mapped(let mapped):
            isMapped = mapped
            if !mapped { queue(pointer.cancel()) }  // the release will go to another window
            noteVisibility()
        case .obscured(let obscured):
            isObscured = obscured
            noteVisibility()
        case .exposed:
            needsFrame = true
            needsFullPresent = true
            hasBeenExposed = true
        case .configured(let width, let height):
            if width != presenter.width || height != presenter.height || pendingSize != nil {
                pendingSize = Size(width: Double(width), height: Double(height))
            }
        case .closeRequested, .destroyed:
            isFinished = true
        case .presentCompleted:
            presenter.noteCompletion()
        }
    }

    /// Queues input for the next frame, runs of motion coalesced to the latest.
    private func queue(_ inputs: [InputEvent]) {
        for input in inputs {
            if case .move = input, case .move = pendingInput.last {
                pendingInput[pendingInput.count - 1] = input  // one motion per frame
            } else {
                pendingInput.append(input)
            }
        }
    }

    /// Shown again: draw a frame and send all of it (the server kept none of the window's
    /// pixels). Hidden: the next frame is not due back to back, so the hidden time is not
    /// counted as missed frames.
    private func noteVisibility() {
        if isVisible {
            needsFrame = true
            needsFullPresent = true
        } else {
            wantsFramesBackToBack = false
        }
    }

    // MARK: - One frame

    /// Draws the frame on screen again, whole and exact, as `render` draws it, without running
    /// a frame (`wholeDrawTime`).
    private func drawWhole() throws(WindowError) {
        wholeDrawTime = nil
        guard isVisible else { return }
        var damage: [Rect] = []
        do {
            try presenter.draw { buffer, stride in
                incremental.invalidate()
                damage = try incremental.draw(
                    session.rootLayer, into: buffer, width: presenter.width, height: presenter.height,
                    stride: stride, exact: true)
            }
        } catch {
            throw .cannotPresent("\(error)")
        }
        presenter.present(damage)
        events.flush()
        TestReport.line("whole frame \(lastFrame)")
    }

    /// Runs `frame` through the session's one frame loop (docs/ARCHITECTURE.md § One frame),
    /// drawing into the presenter's memory and sending what changed; then does what the keys
    /// asked for.
    private func runFrame(_ frame: Int) throws(WindowError) {
        // The last frame drew a knob's new value and left its reshape to this one: the reshape
        // runs alone, as it would have on that frame, and the input read since (a drag's motion,
        // coalesced to the latest) waits for the next frame.
        let reshapes = !session.reshapePending.isEmpty
        var resize: Size?
        if !reshapes, let size = pendingSize {
            try presenter.resize(width: Int(size.width), height: Int(size.height))
            resize = size
            pendingSize = nil
            incremental.invalidate()  // the memory may be new: its pixels are undefined
            needsFullPresent = true
        }
        let input = reshapes ? [] : pendingInput
        if !reshapes { pendingInput = [] }
        var damage: [Rect] = []
        var isWhole = false
        let isDrawing = isVisible
        let result: FrameResult
        do {
            result = try session.runFrame(
                at: clock.time(of: frame), input: input, resize: resize,
                draw: { root in
                    guard isDrawing else { return }
                    try presenter.draw { buffer, stride in
                        // Paused, the frame stays on screen: exactly render's pixels.
                        damage = try incremental.draw(
                            root, into: buffer, width: presenter.width, height: presenter.height,
                            stride: stride, exact: session.isPaused)
                    }
                    if needsFullPresent {
                        damage = [
                            Rect(x: 0, y: 0, width: Double(presenter.width), height: Double(presenter.height))
                        ]
                        needsFullPresent = false
                        isWhole = true
                    }
                },
                present: { commands in
                    if isDrawing {
                        presenter.present(damage)
                        frameStats.note(frame: frame, repainted: IncrementalCanvas.area(of: damage))
                        events.flush()
                        if isWhole && hasBeenExposed, let watch, !watch.hasReportedShown {
                            window.display.sync()  // the server has the frame: it is on screen
                            watch.noteShown()
                        }
                    }
                    // Of the tree as drawn (before completions change it).
                    captures.framePresented(frame, commands: commands)
                })
        } catch {
            throw .cannotPresent("\(error)")
        }
        lastFrame = frame
        watch?.noteFrame(session, now: FrameClock.now())
        if reshapes { TestReport.line("reshaped frame \(frame)") }
        if !session.reshapePending.isEmpty {
            TestReport.line("reshape pending frame \(frame) \(session.reshapePendingText)")
        }
        hasReportedIdle = false
        session.isRecording = captures.isRecording
        if isDrawing && !damage.isEmpty {
            wholeDrawTime =
                session.isPaused && !incremental.isWholeDraw
                ? clock.time(of: frame) + Self.wholeDrawDelay : nil
        } else if isDrawing, let wholeDrawTime, clock.time(of: frame) >= wholeDrawTime, session.isPaused {
            // A paused window whose frames keep coming (the debug overlay wakes every frame)
            // never waits idle for its whole draw: it comes after a frame that changed nothing.
            try drawWhole()
        }
        frameWakeTime = [result.nextWakeTime, captures.deadline].compactMap { $0 }.min()
        wantsFramesBackToBack =
            isDrawing && (result.nextWakeTime.map { $0 <= clock.time(of: frame) } ?? false)
        needsFrame = (needsFrame && !isDrawing) || result.needsAnotherFrame  // undrawn: still due
        window.setTitle(session.windowTitle)
        let place = geometry ?? WindowGeometry(x: 0, y: 0, width: presenter.width, height: presenter.height)
        for command in result.commands {
            switch command {
            case .output(let text): Console.output(text)
            case .copyToClipboard(let text): Clipboard.copy(text)
            case .saveSession: captures.saveSession(session.watchState(window: place))
            case .exportHistory: captures.exportHistory(session.watchState(window: place))
            default: break
            }
        }
        if result.commands.contains(.quit) { isFinished = true }
    }
}
