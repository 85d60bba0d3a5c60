import Animation

/// An events script (docs/ARCHITECTURE.md § Events scripts): lines or `;`-separated items of
/// `TIME VERB ARGS`.
///
/// ```
/// 0.10 tap 400 300                # down and up at one point
/// 1.20 drag 400 120 420 300 0.4   # down, a move on every frame for 0.4 s, up
/// 2.00 key space
/// 2.50 wheel 400 300 120          # the wheel over (400, 300): 120 px towards the end
/// 2.60 wheel 400 300 -40 ctrl     # the wheel with Control held: the inspector zooms
/// ```
/// The script keeps its items as written; a drag becomes its moves only as their frames come
/// (`EventQueue`), so a long drag costs no memory. Parsing is linear in the script's length,
/// which is at most `maxByteCount`; times, durations and coordinates are finite and within
/// `maxTime` and `maxCoordinate`, so that every frame number fits an `Int` with room to spare.
public struct EventScript: Sendable {
    /// What one item does.
    public enum Action: Hashable, Sendable {
        /// A single pointer event or key.
        case event(InputEvent)
        /// A press and a release at one point, on one frame.
        case tap(Point)
        /// A press at `from`, a move on each frame of `duration` seconds (the last at `to`),
        /// and a release at `to` with the last move.
        /// (Boxed, so that every item stays small: a script may hold millions.)
        indirect case drag(from: Point, to: Point, duration: MediaTime)
    }

    /// One item at its time (seconds from the scene's start).
    public struct Item: Hashable, Sendable {
        public var time: MediaTime
        public var action: Action

        public init(time: MediaTime, action: Action) {
            self.time = time
            self.action = action
        }
    }

    /// The items by time (stable for equal times: in the order they were written).
    public private(set) var items: [Item]
    /// Frames per second of the drags' moves (one move per frame).
    public let fps: Int

    /// The latest time an event may have, and the latest a drag may end: 24 hours (seconds).
    public static let maxTime: MediaTime = 86_400
    /// The largest coordinate, either sign, in window pixels (a window is at most 32767 wide).
    public static let maxCoordinate = 1_000_000.0
    /// The longest script, in bytes of UTF-8 (64 MiB): `render` refuses a longer one.
    public static let maxByteCount = 64 << 20

    /// What is wrong with a script, naming the line; `description` is always one line.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        /// The line, from 1; 0 for the script as a whole (its size).
        public var line: Int
        public var text: String
        public var reason: String

        public var description: String {
            line == 0
                ? "events script: \(reason)"
                : "events line \(line) \"\(Self.quoted(text))\": \(reason)"
        }

        /// `text` on one line: control characters escaped (`\r`, `\t`, `\u{0}`), and cut to
        /// 60 characters (escapes included) so that a huge line does not make a huge message.
        static func quoted(_ text: String) -> String {
            var result = ""
            var count = 0
            for scalar in text.unicodeScalars {
                let piece: String
                switch scalar {
                case "\r": piece = "\\r"
                case "\t": piece = "\\t"
                case "\n": piece = "\\n"
                case "\"": piece = "\\\""
                case "\\": piece = "\\\\"
                default:
                    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                        || scalar.value == 0x2028 || scalar.value == 0x2029
                    {
                        piece = "\\u{\(String(scalar.value, radix: 16))}"
                    } else {
                        piece = String(scalar)
                    }
                }
                count += piece.count
                if count > 60 {
                    result += "…"
                    break
                }
                result += piece
            }
            return result
        }
    }

    /// Parses `text`; `fps` spaces the moves of a `drag` one frame apart.
    public init(parsing text: String, fps: Int) throws(ParseError) {
        var text = text
        let parsed = text.withUTF8 { bytes in
            Result { () throws(ParseError) in try Self.parse(bytes) }
        }
        self.init(items: try parsed.get(), fps: fps)
    }

    /// Parses UTF-8 `bytes` (a file's contents: `\n` or `\r\n` line endings); `fps` spaces the
    /// moves of a `drag` one frame apart.
    public init(parsingUTF8 bytes: [UInt8], fps: Int) throws(ParseError) {
        let parsed = bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(ParseError) in try Self.parse(bytes) }
        }
        self.init(items: try parsed.get(), fps: fps)
    }

    /// A script of single events (no taps or drags to expand).
    public init(events: [TimedEvent], fps: Int = 60) {
        self.init(items: events.map { Item(time: $0.time, action: .event($0.event)) }, fps: fps)
    }

    /// A script of `items`, in any order.
    public init(items: [Item], fps: Int) {
        precondition(fps > 0, "fps must be positive")
        self.fps = fps
        self.items = items
        if !zip(items, items.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
            self.items.sort { $0.time < $1.time }  // stable (the standard library guarantees it)
        }
    }

    /// The number of moves of a drag lasting `duration` seconds: one per frame, at least one.
    public static func moveCount(ofDragLasting duration: MediaTime, fps: Int) -> Int {
        max(Int((duration * Double(fps)).rounded()), 1)
    }

    // MARK: - Parsing

    private static let newline = UInt8(ascii: "\n")
    private static let semicolon = UInt8(ascii: ";")
    private static let hash = UInt8(ascii: "#")

    /// Space, tab, and the `\r` of a `\r\n` line ending (also `\v`, `\f`).
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// One pass over the bytes: lines, then `;` items up to a `#`, then words.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> [Item] {
        guard bytes.count <= maxByteCount else {
            throw ParseError(
                line: 0, text: "",
                reason: "it is \(bytes.count) bytes; the longest allowed is \(maxByteCount) (64 MiB)")
        }
        var items: [Item] = []
        var words: [String] = []
        words.reserveCapacity(9)
        var line = 1
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != newline {
                // A NUL is no text: C's number parsing would stop at it and drop what follows.
                if bytes[end] == 0 {
                    throw ParseError(
                        line: line, text: Self.messageText(UnsafeBufferPointer(rebasing: bytes[start..<end])),
                        reason: "a NUL byte (\\u{0}) after this; an events script is text")
                }
                end += 1
            }
            var contentEnd = start
            while contentEnd < end && bytes[contentEnd] != hash { contentEnd += 1 }
            var itemStart = start
            while itemStart <= contentEnd {
                var itemEnd = itemStart
                while itemEnd < contentEnd && bytes[itemEnd] != semicolon { itemEnd += 1 }
                try parseItem(
                    UnsafeBufferPointer(rebasing: bytes[itemStart..<itemEnd]), line: line, words: &words,
                    into: &items)
                itemStart = itemEnd + 1
            }
            line += 1
            start = end + 1
        }
        return items
    }

    /// Parses one item (perhaps blank) and appends it.
    private static func parseItem(
        _ item: UnsafeBufferPointer<UInt8>, line: Int, words: inout [String], into items: inout [Item]
    ) throws(ParseError) {
        words.removeAll(keepingCapacity: true)
        var index = 0
        while index < item.count {
            while index < item.count && isBlank(item[index]) { index += 1 }
            let wordStart = index
            while index < item.count && !isBlank(item[index]) { index += 1 }
            if index - wordStart > maxWordLength {
                // Refused before it is decoded or parsed: a multi-megabyte word costs no time.
                throw ParseError(
                    line: line, text: messageText(item),
                    reason: "a word of \(index - wordStart) bytes; no number or key name is longer "
                        + "than \(maxWordLength)")
            }
            if index > wordStart {
                let word = String(
                    decoding: UnsafeBufferPointer(rebasing: item[wordStart..<index]), as: UTF8.self)
                words.append(word)
            }
            if words.count > 8 { break }  // more than any verb takes: an error below
        }
        if words.isEmpty { return }
        func fail(_ reason: String) -> ParseError {
            ParseError(line: line, text: messageText(item), reason: reason)
        }
        items.append(try parseWords(words, fail: fail))
    }

    /// The longest word of a script, in bytes: longer than any number or key name one writes.
    static let maxWordLength = 256

    /// `bytes` without the blanks at either end, and at most the first 256 of them decoded:
    /// a message quotes 60 characters (`ParseError.quoted`), so a huge item costs no time.
    private static func messageText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var start = 0
        var end = bytes.count
        while start < end && isBlank(bytes[start]) { start += 1 }
        while end > start && isBlank(bytes[end - 1]) { end -= 1 }
        return String(
            decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 256)]), as: UTF8.self)
    }

    /// The item that `words` (at least one) describe.
    private static func parseWords(
        _ words: [String], fail: (String) -> ParseError
    ) throws(ParseError) -> Item {
        guard words.count >= 2 else { throw fail("expected TIME VERB ARGS") }
        guard let time = Double(words[0]), time.isFinite, time >= 0, time <= maxTime else {
            throw fail(
                "time \"\(ParseError.quoted(words[0]))\" is not a number of seconds in 0…86400 (24 hours)")
        }
        let verb = words[1]
        let args = words.dropFirst(2)
        func numbers(_ count: Int, _ usage: String, flags: Int = 0) throws(ParseError) -> [Double] {
            guard args.count == count + flags else { throw fail("\(verb) takes \(usage)") }
            var values: [Double] = []
            for arg in args.prefix(count) {
                guard let value = Double(arg), value.isFinite else {
                    throw fail("\"\(ParseError.quoted(arg))\" is not a number")
                }
                values.append(value)
            }
            return values
        }
        func points(_ values: ArraySlice<Double>) throws(ParseError) -> Point {
            for index in values.indices where abs(values[index]) > maxCoordinate {
                let word = ParseError.quoted(args[args.startIndex + index])
                throw fail("\(word) is outside the coordinates -1000000…1000000 (pixels)")
            }
            return Point(x: values[values.startIndex], y: values[values.startIndex + 1])
        }
        switch verb {
        case "tap":
            let v = try numbers(2, "X Y")
            return Item(time: time, action: .tap(try points(v[0...1])))
        case "down", "move", "up":
            let v = try numbers(2, "X Y")
            let point = try points(v[0...1])
            let event: InputEvent = verb == "down" ? .down(point) : verb == "move" ? .move(point) : .up(point)
            return Item(time: time, action: .event(event))
        case "drag":
            let v = try numbers(5, "X0 Y0 X1 Y1 SECONDS")
            let start = try points(v[0...1])
            let end = try points(v[2...3])
            guard v[4] > 0, time + v[4] <= maxTime else {
                throw fail("a drag lasts more than 0 seconds and ends by 86400 s (24 hours)")
            }
            return Item(time: time, action: .drag(from: start, to: end, duration: v[4]))
        case "wheel":
            // `wheel X Y DY ctrl`: the wheel with Control held (the inspector zooms); `shift`
            // (after `ctrl` if both): with Shift held (the inspector pans).
            var flags = args
            let shift = flags.last == "shift"
            if shift { flags.removeLast() }
            let control = flags.last == "ctrl"
            let v = try numbers(3, "X Y DY [ctrl] [shift]", flags: (control ? 1 : 0) + (shift ? 1 : 0))
            guard abs(v[2]) <= maxCoordinate else {
                let word = ParseError.quoted(args[args.startIndex + 2])
                throw fail("a wheel turn of \(word) pixels is outside ±1000000")
            }
            return Item(
                time: time,
                action: .event(.scroll(dy: v[2], at: try points(v[0...1]), control: control, shift: shift)))
        case "key":
            guard args.count == 1, let name = args.first else { throw fail("key takes one X keysym name") }
            guard let key = Key(keysymName: name) else {
                throw fail(
                    "unknown key \"\(ParseError.quoted(name))\" "
                        + "(X keysym names: space, Tab, Left, F12, a, question, …)")
            }
            return Item(time: time, action: .event(.key(key)))
        default:
            throw fail("unknown verb \"\(ParseError.quoted(verb))\" (tap, down, move, up, drag, wheel, key)")
        }
    }
}
