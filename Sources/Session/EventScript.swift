import Animation
import Foundation

/// An events script (docs/ARCHITECTURE.md § Events scripts): lines or `;`-separated items of
/// `TIME VERB ARGS`.
///
/// ```
/// 0.10 tap 400 300                # down and up at one point
/// 1.20 drag 400 120 420 300 0.4   # down, a move on every frame for 0.4 s, up
/// 2.00 key space
/// 2.50 wheel 400 300 120          # the wheel over (400, 300): 120 px towards the end
/// ```
public struct EventScript: Sendable {
    /// The events, by time (stable for equal times).
    public private(set) var events: [TimedEvent]

    /// What is wrong with a script, naming the line.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        public var line: Int
        public var text: String
        public var reason: String
        public var description: String { "events line \(line) \"\(text)\": \(reason)" }
    }

    /// Parses `text`; `fps` spaces the moves of a `drag` one frame apart.
    public init(parsing text: String, fps: Int) throws(ParseError) {
        var events: [TimedEvent] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let withoutComment = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            for item in (withoutComment.first ?? "").split(separator: ";") {
                let trimmed = item.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty { continue }
                events += try Self.parse(item: trimmed, line: index + 1, fps: fps)
            }
        }
        self.events = events.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
    }

    public init(events: [TimedEvent]) {
        self.events = events
    }

    private static func parse(item: String, line: Int, fps: Int) throws(ParseError) -> [TimedEvent] {
        let words = item.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func fail(_ reason: String) -> ParseError { ParseError(line: line, text: item, reason: reason) }
        guard words.count >= 2 else { throw fail("expected TIME VERB ARGS") }
        guard let time = Double(words[0]), time.isFinite, time >= 0 else {
            throw fail("time \"\(words[0])\" is not a number of seconds ≥ 0")
        }
        let verb = words[1]
        let args = Array(words.dropFirst(2))
        func numbers(_ count: Int, _ usage: String) throws(ParseError) -> [Double] {
            guard args.count == count else { throw fail("\(verb) takes \(usage)") }
            var values: [Double] = []
            for arg in args {
                guard let value = Double(arg), value.isFinite else {
                    throw fail("\"\(arg)\" is not a number")
                }
                values.append(value)
            }
            return values
        }
        switch verb {
        case "tap":
            let v = try numbers(2, "X Y")
            let point = Point(x: v[0], y: v[1])
            return [TimedEvent(time: time, event: .down(point)), TimedEvent(time: time, event: .up(point))]
        case "down", "move", "up":
            let v = try numbers(2, "X Y")
            let point = Point(x: v[0], y: v[1])
            let event: InputEvent = verb == "down" ? .down(point) : verb == "move" ? .move(point) : .up(point)
            return [TimedEvent(time: time, event: event)]
        case "drag":
            let v = try numbers(5, "X0 Y0 X1 Y1 SECONDS")
            guard v[4] > 0 else { throw fail("a drag lasts more than 0 seconds") }
            let start = Point(x: v[0], y: v[1])
            let end = Point(x: v[2], y: v[3])
            let frames = max(Int((v[4] * Double(fps)).rounded()), 1)
            var result = [TimedEvent(time: time, event: .down(start))]
            for frame in 1...frames {
                let fraction = Double(frame) / Double(frames)
                let moveTime = time + Double(frame) / Double(fps)
                result.append(TimedEvent(time: moveTime, event: .move(start.lerp(to: end, fraction))))
            }
            result.append(TimedEvent(time: time + Double(frames) / Double(fps), event: .up(end)))
            return result
        case "wheel":
            let v = try numbers(3, "X Y DY")
            return [TimedEvent(time: time, event: .scroll(dy: v[2], at: Point(x: v[0], y: v[1])))]
        case "key":
            guard args.count == 1 else { throw fail("key takes one X keysym name") }
            guard let key = Key(keysymName: args[0]) else {
                throw fail(
                    "unknown key \"\(args[0])\" (X keysym names: space, Tab, Left, F12, a, question, …)")
            }
            return [TimedEvent(time: time, event: .key(key))]
        default:
            throw fail("unknown verb \"\(verb)\" (tap, down, move, up, drag, wheel, key)")
        }
    }
}
