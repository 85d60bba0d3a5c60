// libFuzzer target: every scene stepped with arbitrary input within the events-script limits
// (README § Fuzzing). Built by Fuzz/build.sh, run by Scripts/fuzz.sh.
//
// The input picks a scene, a frame rate, a window size and a seed, then a list of events:
// taps, presses, moves, releases, drags, wheel turns and keys (every key the shell and the scenes take,
// time travel and scene switches among them) at coordinates from the extremes (±1e6 px, the
// window's edges, fractions), and window resizes. The session runs every frame through the
// one frame loop for up to 4 s of scene time and draws some of them; nothing may trap.
import Animation
import Render
import Scenes
import Session

/// Keys by keysym name: the shell's (switching, pause, rates, time travel, help, debug,
/// screenshot, quit) and the scenes' own.
let keyNames = [
    "1", "2", "3", "4", "5", "Tab", "ISO_Left_Tab", "space", "t", "d", "r", "h", "question", "q",
    "Escape", "s", "F12", "Left", "Right", "Up", "Down", "Prior", "Next", "Home", "End", "less",
    "greater", "m", "c", "a", "Return", "BackSpace",
]
/// Coordinates worth trying besides fractions of the window.
let extremes = [-1e6, 1e6, -1, 0, 0.5, 15.999, 1e-300, -0.0]

/// Reads the fuzzer's bytes front to back; past the end every read is 0.
struct Reader {
    var bytes: [UInt8]
    var index = 0
    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }
    mutating func word() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }
    var isAtEnd: Bool { index >= bytes.count }

    /// A coordinate: an extreme, or a fraction of `extent` (and a little beyond it).
    mutating func coordinate(in extent: Double) -> Double {
        let choice = byte()
        if choice < 32 { return extremes[Int(choice) % extremes.count] }
        return Double(word()) / 65535 * extent * 1.5 - extent * 0.25
    }
}

/// The package's assets, loaded once for every input (the fuzzer runs inputs one at a time).
nonisolated(unsafe) let images = ImageStore()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Reader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let sceneIndex = Int(input.byte()) % SceneCatalog.all.count
    let fps = [1, 7, 24, 30, 60, 240][Int(input.byte()) % 6]
    let sizes = [Size(width: 16, height: 16), Size(width: 320, height: 240), Size(width: 97, height: 600)]
    var windowSize = sizes[Int(input.byte()) % sizes.count]
    let seed = UInt64(input.word())
    let frames = min(4 * fps, 240)
    var items: [EventScript.Item] = []
    var resizes: [Int: Size] = [:]
    while !input.isAtEnd && items.count < 400 {
        let time = Double(input.word()) / 65535 * Double(frames) / Double(fps)
        let point = Point(
            x: input.coordinate(in: windowSize.width), y: input.coordinate(in: windowSize.height))
        switch input.byte() % 9 {
        case 0: items.append(.init(time: time, action: .tap(point)))
        case 1: items.append(.init(time: time, action: .event(.down(point))))
        case 2: items.append(.init(time: time, action: .event(.move(point))))
        case 3: items.append(.init(time: time, action: .event(.up(point))))
        case 4:
            let end = Point(
                x: input.coordinate(in: windowSize.width), y: input.coordinate(in: windowSize.height))
            let duration = max(Double(input.byte()) / 64, 1e-4)
            items.append(.init(time: time, action: .drag(from: point, to: end, duration: duration)))
        case 8:
            let dy = input.coordinate(in: windowSize.height)
            items.append(.init(time: time, action: .event(.scroll(dy: dy, at: point))))
        case 5, 6:
            if let key = Key(keysymName: keyNames[Int(input.byte()) % keyNames.count]) {
                items.append(.init(time: time, action: .event(.key(key))))
            }
        default:
            windowSize = Size(
                width: Double(16 + Int(input.word()) % 1000), height: Double(16 + Int(input.byte()) * 3))
            resizes[Int(time * Double(fps))] = windowSize
        }
    }
    let session = SceneSession(
        catalog: SceneCatalog.all, index: sceneIndex, size: sizes[0], seed: seed, images: images, fps: fps)
    let host = HeadlessHost(
        session: session, fps: fps, events: EventScript(items: items, fps: fps),
        canvas: FrameRenderer(images: images))
    do {
        for frame in 0..<frames {
            if let size = resizes[frame] { host.resize(to: size) }
            if frame % 29 == 0 || frame == frames - 1 {
                _ = try host.render(frame: host.frame)
            } else {
                try host.step()
            }
        }
    } catch {
        fatalError("a frame failed: \(error)")
    }
    return 0
}
