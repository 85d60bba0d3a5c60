// libFuzzer target: the events-script parser and the event queue on arbitrary bytes
// (README § Fuzzing). Built by Fuzz/build.sh, run by Scripts/fuzz.sh.
//
// What must hold for every input, or the fuzzer reports a crash:
// - parsing ends with a script or a `ParseError`, never a trap;
// - an error is one line of at most 300 characters, naming a line of the input (or 0);
// - a script's items are in time order, within 0…86400 s, coordinates within ±1e6 px;
// - the queue delivers every event in time order, a drag's moves one frame apart.
import Animation
import Session

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let fps = [1, 24, 60, 240][Int(bytes.first ?? 0) % 4]
    let script: EventScript
    do {
        script = try EventScript(parsingUTF8: bytes, fps: fps)
    } catch {
        let message = error.description
        check(!message.contains { $0.isNewline }, "a two-line error: \(message.debugDescription)")
        check(message.count <= 300, "an error of \(message.count) characters")
        let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        check((0...lines).contains(error.line), "error line \(error.line) of \(lines)")
        return 0
    }
    var last = 0.0
    for item in script.items {
        check(item.time >= last && item.time <= EventScript.maxTime, "item time \(item.time) after \(last)")
        last = item.time
        switch item.action {
        case .tap(let point): checkPoint(point)
        case .event(.down(let point)), .event(.move(let point)), .event(.up(let point)): checkPoint(point)
        case .event(.scroll(let dy, let point, _, _)):
            checkPoint(point)
            check(dy.isFinite && abs(dy) <= EventScript.maxCoordinate, "a wheel turn of \(dy)")
        case .event(.key): break
        case .drag(let from, let to, let duration):
            checkPoint(from)
            checkPoint(to)
            check(duration > 0 && item.time + duration <= EventScript.maxTime, "drag of \(duration) s")
        }
    }
    // Deliver up to 2,000 events frame by frame: times never go back.
    var queue = EventQueue(script)
    var delivered = 0
    var previous = -1.0
    while delivered < 2000, let time = queue.nextTime {
        check(time >= previous, "the queue went back from \(previous) to \(time)")
        previous = time
        let frame = HeadlessHost.firstFrame(atOrAfter: time, fps: fps)
        let events = queue.popEvents { HeadlessHost.firstFrame(atOrAfter: $0, fps: fps) <= frame }
        check(!events.isEmpty, "nothing delivered at \(time)")
        delivered += events.count
    }
    return 0
}

func checkPoint(_ point: Point) {
    check(
        point.x.isFinite && point.y.isFinite && abs(point.x) <= EventScript.maxCoordinate
            && abs(point.y) <= EventScript.maxCoordinate, "point \(point)")
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
