import Animation
import Render
import Scenes
import Session

/// The one way tests drive a scene: the real session and frame loop on the virtual clock
/// (`HeadlessHost`), with input delivered on the next frame as a host would deliver it.
///
/// ```swift
/// let tester = try SceneTester(scene: "checkmark")
/// tester.tap(Point(x: 400, y: 300))       // on the next frame
/// try tester.advance(seconds: 0.5)         // every frame on the way
/// let b1 = try tester.presentation(of: "b1")
/// ```
/// Modelled on Flutter's `SchedulerTester`: time moves only when the test says `tick`.
public final class SceneTester {
    public let host: HeadlessHost
    public var session: SceneSession { host.session }
    /// The scene running now.
    public var scene: Scene { host.session.scene }
    public var fps: Int { host.fps }

    /// A session on `scene` (its `--scene` name, one of `scenes`: animdemo's own unless a
    /// package gives its own) with the given window and script, at its tutorial's `step`
    /// (from 1) if one is given.
    public init(
        scene name: String, in scenes: [SceneDescriptor] = SceneCatalog.all,
        size: Size = Size(width: 800, height: 600), fps: Int = 60, seed: UInt64 = 1,
        events: String = "", bubbleLoad: Int = 0, knobs settings: [String] = [], showsHints: Bool = false,
        step: Int? = nil, scale: Double = 1
    ) throws {
        guard let index = scenes.firstIndex(where: { $0.name == name }) else {
            throw SceneTesterError.unknownScene(name)
        }
        var scenes = scenes
        if let step {
            guard let descriptor = scenes[index].atStep(step) else {
                throw SceneTesterError.unknownStep(step)
            }
            scenes[index] = descriptor
        }
        var knobs: [String: KnobValue] = [:]
        for setting in settings {
            let (name, value) = try KnobAssignment.parse(setting, knobs: scenes[index].knobs)
            knobs[name] = value
        }
        let canvas = FrameRenderer()
        let session = SceneSession(
            catalog: scenes, index: index, size: size, seed: seed, images: canvas.images,
            fps: fps, bubbleLoad: bubbleLoad, scale: scale, knobs: knobs, showsHints: showsHints)
        host = HeadlessHost(
            session: session, fps: fps, events: try EventScript(parsing: events, fps: fps), canvas: canvas)
    }

    /// The scene as its own type, for tests that read its parts.
    public func scene<T>(as type: T.Type) throws -> T {
        guard let scene = scene as? T else { throw SceneTesterError.wrongType("\(Swift.type(of: scene))") }
        return scene
    }

    // MARK: - Time

    /// The last frame run; -1 before the first.
    public var frame: Int { host.frame - 1 }
    /// The time of the last frame run.
    public var time: MediaTime { host.time(ofFrame: max(frame, 0)) }

    /// Runs `frames` frames; `inspect` sees each after its draw phase, with its time.
    @discardableResult
    public func tick(_ frames: Int = 1, _ inspect: (MediaTime) -> Void = { _ in }) throws -> FrameResult? {
        var result: FrameResult?
        for _ in 0..<frames {
            let time = host.time(ofFrame: host.frame)
            result = try host.step(draw: { _ in inspect(time) })
        }
        return result
    }

    /// Runs every frame for `seconds` (rounded to whole frames).
    public func advance(seconds: MediaTime, _ inspect: (MediaTime) -> Void = { _ in }) throws {
        try tick(Int((seconds * Double(fps)).rounded()), inspect)
    }

    /// Runs frames until the last one run is the frame nearest `time`.
    public func advance(to time: MediaTime, _ inspect: (MediaTime) -> Void = { _ in }) throws {
        let target = HeadlessHost.nearestFrame(to: time, fps: fps)
        while frame < target { try tick(1, inspect) }
    }

    // MARK: - Input (delivered on the next frame)

    /// Input for the next frame.
    public func send(_ events: [InputEvent]) {
        let next = host.time(ofFrame: host.frame)
        host.schedule(events.map { TimedEvent(time: next, event: $0) })
    }

    /// A press and release at `point` (window pixels).
    public func tap(_ point: Point) { send([.down(point), .up(point)]) }

    /// A tap on the frame an events-script line `TIME tap X Y` lands on (the first at or
    /// after `time`): runs the frames before it, sends the tap, and runs that frame, whose
    /// input phase delivers it. Throws if that frame has already run.
    public func tap(_ point: Point, at time: MediaTime) throws {
        let target = HeadlessHost.firstFrame(atOrAfter: time, fps: fps)
        guard target > frame else { throw SceneTesterError.frameAlreadyRun(target, last: frame) }
        while frame < target - 1 { try tick() }
        tap(point)
        try tick()
    }

    /// A press at `from`, a move on each of the frames of `seconds`, a release at `to`;
    /// runs those frames.
    public func drag(from: Point, to: Point, seconds: MediaTime) throws {
        send([.down(from)])
        try tick()
        let frames = max(Int((seconds * Double(fps)).rounded()), 1)
        for step in 1...frames {
            send([.move(from.lerp(to: to, Double(step) / Double(frames)))])
            try tick()
        }
        send([.up(to)])
    }

    /// A key, by its X keysym name (`space`, `m`, `Left`).
    public func key(_ name: String) throws {
        guard let key = Key(keysymName: name) else { throw SceneTesterError.unknownKey(name) }
        send([.key(key)])
    }

    /// A new window size for the next frame, as a window host passes on the server's resize:
    /// that frame lays the scene out again before its input.
    public func resize(to size: Size) { host.resize(to: size) }

    // MARK: - Points and pixels

    /// Window pixels per scene point now: the window's shorter side is 375 points
    /// (docs/ARCHITECTURE.md § Points).
    public var pointScale: Double { session.pointScale }

    /// `point`, in the scene's points, in window pixels (where the tests tap and probe).
    public func pixels(_ point: Point) -> Point { point * pointScale }

    /// `rect`, in the scene's points, in window pixels.
    public func pixels(_ rect: Rect) -> Rect {
        Rect(
            x: rect.minX * pointScale, y: rect.minY * pointScale, width: rect.width * pointScale,
            height: rect.height * pointScale)
    }

    /// `point`, in window pixels, in the scene's points.
    public func points(_ point: Point) -> Point { point * (1 / pointScale) }

    // MARK: - What is shown

    /// The scene's layer called `name`, nil if none.
    public func layer(named name: String) -> Layer? {
        scene.rootLayer.allLayers.first { $0.name == name }
    }

    /// The presentation of the scene's layer called `name` (at the last frame's time).
    public func presentation(of name: String) throws -> Layer {
        guard let layer = layer(named: name) else { throw SceneTesterError.noLayer(name) }
        return layer.presentation()
    }

    /// Runs the next frame and returns what it draws.
    public func render(background: Color = .black) throws -> RenderedFrame {
        try host.render(frame: host.frame, background: background)
    }

    /// Runs frames up to `frame` and returns that frame's picture; throws if `frame` has
    /// already run (its picture is gone).
    public func render(frame target: Int, background: Color = .black) throws -> RenderedFrame {
        guard target > frame else { throw SceneTesterError.frameAlreadyRun(target, last: frame) }
        return try host.render(frame: target, background: background)
    }

    /// Runs frames up to the frame nearest `time` and returns that frame's picture.
    public func render(at time: MediaTime, background: Color = .black) throws -> RenderedFrame {
        try render(frame: HeadlessHost.nearestFrame(to: time, fps: fps), background: background)
    }

    /// The moment shown saved as a session file (the window at 800×600), read back as
    /// `--session` reads it and resumed in a new tester of the same scene: what `render
    /// --session` would show. The file's state too, for what a test checks of the format.
    public func savedAndResumed() throws -> (state: WatchState, resumed: SceneTester) {
        let saved = session.watchState(window: WindowGeometry(x: 0, y: 0, width: 800, height: 600))
        let state = try SessionFile.state(
            from: try saved.encoded(), path: "moment.\(SessionFile.fileExtension)", catalog: SceneCatalog.all)
        let resumed = try SceneTester(scene: session.sceneName)
        guard resumed.session.resume(from: state, at: 0) != nil else {
            throw SceneTesterError.notResumed(session.sceneName)
        }
        return (state, resumed)
    }

    /// The pictures of a fresh run of `scene` at `times` (as `animdemo render` writes them),
    /// keyed by the requested time.
    public static func frames(
        scene: String, size: Size = Size(width: 800, height: 600), fps: Int = 60, seed: UInt64 = 1,
        events: String = "", at times: [MediaTime]
    ) throws -> [MediaTime: RenderedFrame] {
        let tester = try SceneTester(scene: scene, size: size, fps: fps, seed: seed, events: events)
        var byFrame: [Int: RenderedFrame] = [:]
        try tester.host.render(at: times) { frame, image in byFrame[frame] = image }
        var result: [MediaTime: RenderedFrame] = [:]
        for time in times { result[time] = byFrame[HeadlessHost.nearestFrame(to: time, fps: fps)] }
        return result
    }
}

public enum SceneTesterError: Error, CustomStringConvertible {
    case unknownScene(String)
    case unknownStep(Int)
    case unknownKey(String)
    case noLayer(String)
    case wrongType(String)
    case frameAlreadyRun(Int, last: Int)
    case notResumed(String)

    public var description: String {
        switch self {
        case .unknownScene(let name): "no scene called \(name)"
        case .unknownStep(let step): "the scene has no step \(step)"
        case .unknownKey(let name): "no key called \(name)"
        case .noLayer(let name): "the scene has no layer called \(name)"
        case .wrongType(let name): "the scene is a \(name)"
        case .frameAlreadyRun(let frame, let last):
            "frame \(frame) has already run (the last was \(last)); render a later one or start a new tester"
        case .notResumed(let name): "the saved moment of \(name) did not resume"
        }
    }
}
