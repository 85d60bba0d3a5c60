// libFuzzer target: every scene stepped with arbitrary input within the events-script limits
// (README § Fuzzing). Built by Fuzz/build.sh, run by Scripts/fuzz.sh.
//
// The input picks a scene, a frame rate, a window size and a seed, then a list of events:
// taps, presses, moves, releases, drags, wheel turns and keys (every key the shell and the scenes take,
// time travel, scene switches and the keys that open the panels among them) at coordinates from
// the extremes (±1e6 px, the window's edges, fractions: the panels' strips too), several of them
// in one frame now and then, and window resizes. The session runs every frame through the one
// frame loop for up to 4 s of scene time and draws some of them; nothing may trap.
//
// An input that starts with `script ` is an events script instead, after a header line
// `script SCENE FPS WxH`: the corpus keeps reproductions readable that way (issue 31's knob
// panel crash: `Fuzz/corpus/scenes/knob-panel-scene-switch.txt`).
import Animation
import Render
import Scenes
import Session

/// Keys by keysym name: the shell's (switching, pause, rates, time travel, help, debug,
/// screenshot, quit) and the scenes' own.
let keyNames = [
    "1", "2", "3", "4", "5", "6", "Tab", "ISO_Left_Tab", "space", "t", "d", "r", "h", "question", "q",
    "Escape", "s", "F12", "Left", "Right", "Up", "Down", "Prior", "Next", "Home", "End", "less",
    "greater", "m", "c", "a", "Return", "BackSpace", "i", "k", "g", "Insert",
]
/// The keys that open and close the panels (inspector, knobs, help, debug), drawn more often.
let panelKeys = ["i", "k", "h", "d", "Escape"]
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

/// Runs `script` on `scene` for `frames` frames, drawing some of them; `resizes` by frame.
func run(
    sceneIndex: Int, fps: Int, size: Size, seed: UInt64, script: EventScript, frames: Int,
    resizes: [Int: Size] = [:]
) {
    let session = SceneSession(
        catalog: SceneCatalog.all, index: sceneIndex, size: size, seed: seed, images: images, fps: fps)
    let host = HeadlessHost(session: session, fps: fps, events: script, canvas: FrameRenderer(images: images))
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
}

/// `script SCENE FPS WxH` then an events script: run as `render` would to 4 s (or the script's
/// end, at most 30 s); false if the bytes do not start with `script `, and nothing run if the
/// header or the script is wrong.
func runScript(_ bytes: [UInt8]) -> Bool {
    guard bytes.starts(with: Array("script ".utf8)) else { return false }
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    let dimensions = header.count == 4 ? header[3].split(separator: "x").compactMap { Int($0) } : []
    guard header.count == 4, let sceneIndex = SceneCatalog.index(of: String(header[1])),
        let fps = Int(header[2]), (1...240).contains(fps), dimensions.count == 2,
        dimensions.allSatisfy({ (16...2000).contains($0) }),
        let script = try? EventScript(
            parsingUTF8: Array(bytes[min(newline + 1, bytes.endIndex)...]), fps: fps)
    else { return true }
    let end = script.items.map { $0.time }.max() ?? 0
    let frames = min(Int((max(end + 1, 4) * Double(fps)).rounded(.up)), 30 * fps)
    run(
        sceneIndex: sceneIndex, fps: fps,
        size: Size(width: Double(dimensions[0]), height: Double(dimensions[1])), seed: 1, script: script,
        frames: frames)
    return true
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if runScript(bytes) { return 0 }
    var input = Reader(bytes: bytes)
    let sceneIndex = Int(input.byte()) % SceneCatalog.all.count
    let fps = [1, 7, 24, 30, 60, 240][Int(input.byte()) % 6]
    // 800×600 and 375×667 have room for every panel; the others squeeze them.
    let sizes = [
        Size(width: 800, height: 600), Size(width: 375, height: 667), Size(width: 16, height: 16),
        Size(width: 320, height: 240), Size(width: 97, height: 600),
    ]
    let startSize = sizes[Int(input.byte()) % sizes.count]
    var windowSize = startSize
    let seed = UInt64(input.word())
    let frames = min(4 * fps, 240)
    var items: [EventScript.Item] = []
    var resizes: [Int: Size] = [:]
    var time = 0.0
    while !input.isAtEnd && items.count < 400 {
        // One in four items comes in the same frame as the one before (a burst of input).
        let word = input.word()
        if word & 3 != 0 || items.isEmpty { time = Double(word >> 2) / 16383 * Double(frames) / Double(fps) }
        let point = Point(
            x: input.coordinate(in: windowSize.width), y: input.coordinate(in: windowSize.height))
        switch input.byte() % 11 {
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
        case 9, 10:
            if let key = Key(keysymName: panelKeys[Int(input.byte()) % panelKeys.count]) {
                items.append(.init(time: time, action: .event(.key(key))))
            }
        default:
            windowSize = Size(
                width: Double(16 + Int(input.word()) % 1000), height: Double(16 + Int(input.byte()) * 3))
            resizes[Int(time * Double(fps))] = windowSize
        }
    }
    run(
        sceneIndex: sceneIndex, fps: fps, size: startSize, seed: seed,
        script: EventScript(items: items, fps: fps), frames: frames, resizes: resizes)
    return 0
}
