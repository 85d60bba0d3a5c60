import Animation
import Render

/// Runs a session on a virtual clock with scripted input, for `animdemo render`, `bench`,
/// and the tests: frame `n` is at `n / fps` seconds exactly (docs/ARCHITECTURE.md § Time is
/// an input), nothing sleeps, and the same arguments give the same pixels.
public final class HeadlessHost {
    public let session: SceneSession
    public let fps: Int
    public let canvas: FrameRenderer
    /// The next frame to run.
    public private(set) var frame = 0
    /// The scripted events not yet delivered, drags expanded as their frames come.
    private var pending: EventQueue
    /// A new window size for the next frame.
    private var pendingSize: Size?

    public init(
        session: SceneSession, fps: Int, events: EventScript = EventScript(events: []), canvas: FrameRenderer
    ) {
        precondition(fps > 0, "fps must be positive")
        self.session = session
        self.fps = fps
        self.canvas = canvas
        self.pending = EventQueue(events)
    }

    /// The last frame a host counts to: past it, frame numbers saturate (2^52, where a
    /// `Double` still holds every whole number), so no time converts to an `Int` that traps.
    public static let maxFrame = 1 << 52

    /// The frame at or after `time` (where an event at `time` is delivered).
    public static func firstFrame(atOrAfter time: MediaTime, fps: Int) -> Int {
        frame((time * Double(fps) - 1e-9).rounded(.up))
    }

    /// The frame nearest `time` (where `--at` renders).
    public static func nearestFrame(to time: MediaTime, fps: Int) -> Int {
        frame((time * Double(fps)).rounded())
    }

    /// A whole number of frames, saturated to `0...maxFrame` (NaN is 0).
    private static func frame(_ value: Double) -> Int {
        guard value > 0 else { return 0 }
        return value < Double(maxFrame) ? Int(value) : maxFrame
    }

    /// The time of `frame`.
    public func time(ofFrame frame: Int) -> MediaTime { Double(frame) / Double(fps) }

    /// Adds events to deliver, at their times (after those already due at the same time).
    public func schedule(_ events: [TimedEvent]) {
        pending.schedule(events)
    }

    /// Resizes the window on the next frame, as a window host does when the server says so.
    public func resize(to size: Size) { pendingSize = size }

    /// Runs one frame; `draw` receives the window tree when it is ready to draw, `present`
    /// the commands of the frame's keys.
    @discardableResult
    public func step(
        panelWork: SceneSession.PanelWork = .full,
        draw: (Layer) throws -> Void = { _ in }, present: ([HostCommand]) throws -> Void = { _ in }
    ) throws -> FrameResult {
        let due = pending.popEvents { [fps, frame] in Self.firstFrame(atOrAfter: $0, fps: fps) <= frame }
        let size = pendingSize
        pendingSize = nil
        let result = try session.runFrame(
            at: time(ofFrame: frame), input: due, resize: size, panelWork: panelWork, draw: draw,
            present: present)
        frame += 1
        return result
    }

    /// Runs frames up to and including `target`, drawing that last one. The panels draw
    /// nothing for frames no one sees, but the inspector notes the scene's animations in every
    /// one (its log holds the whole session, as the window's does when it plays from the
    /// start): a look at the layers' animation keys a frame, a few percent of a frame's cost.
    public func render(frame target: Int, background: Color = .black) throws -> RenderedFrame {
        while frame < target { try step(panelWork: .observe) }
        var image: RenderedFrame?
        try step { root in
            image = try canvas.render(
                root, size: session.size, background: background, omitting: session.windowOnlyLayers)
        }
        guard let image else { preconditionFailure("the frame was not drawn") }
        return image
    }

    /// Runs the frames up to each of `times` (rounded to the grid) and hands each frame's image
    /// to `output` with its frame number; times may come in any order.
    public func render(at times: [MediaTime], output: (Int, RenderedFrame) throws -> Void) throws {
        let frames = Set(times.map { Self.nearestFrame(to: $0, fps: fps) }).sorted()
        for target in frames where target >= frame {
            try output(target, try render(frame: target))
        }
    }
}
