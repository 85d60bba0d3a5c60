import Animation
import Session
import Testing

/// What an events script may say (docs/ARCHITECTURE.md § Events scripts): times within 24
/// hours, coordinates within ±1e6 px, at most 64 MiB; `\r\n` line ends; one-line errors.
@Suite("Events script limits")
struct EventScriptLimitsTests {
    @Test(
        "times, drag ends and coordinates out of bounds are errors naming the line",
        arguments: [
            "1e300 tap 1 1", "86400.001 tap 1 1", "0.1 drag 1 1 2 2 1e18", "0.1 drag 400 100 400 500 1e7",
            "86000 drag 0 0 1 1 401", "1 tap 1000001 0", "1 move 0 -1e7", "1 drag 0 0 1e300 0 1",
            "inf tap 1 1", "nan key a", "1 tap nan 1", "1 tap 1 infinity",
        ])
    func outOfBounds(text: String) {
        #expect(throws: EventScript.ParseError.self) {
            try EventScript(parsing: "0 tap 1 1\n" + text, fps: 60)
        }
        do {
            _ = try EventScript(parsing: "0 tap 1 1\n" + text, fps: 60)
        } catch {
            #expect(error.line == 2)
        }
    }

    @Test("the bounds themselves are allowed")
    func atTheBounds() throws {
        let script = try EventScript(
            parsing: "86400 tap 1000000 -1000000\n0 drag -1e6 1e6 0 0 86400\n86399.5 drag 0 0 1 1 0.5",
            fps: 240)
        #expect(script.items.count == 3)
    }

    @Test("\\r\\n line endings parse as \\n does")
    func crlf() throws {
        let lf = "0.1 tap 400 300\n0.2 drag 1 1 2 2 0.1\n# note\n0.3 key space\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let expected = try EventScript(parsing: lf, fps: 60).items
        #expect(try EventScript(parsing: crlf, fps: 60).items == expected)
        #expect(try EventScript(parsingUTF8: Array(crlf.utf8), fps: 60).items == expected)
    }

    @Test(
        "an error is one line whatever the script holds: control characters escaped, long text cut",
        arguments: [
            "0.1 tap 400 300\r\n0.2 tap 1\r\n", "0.2 jump\u{0B}1 2\r", "0.1 key \u{85}x",
            "0.1 tap 1 \u{2028}",
            "0 key LONG", "LONG tap 1 1", "NULS tap 1 1", "1 NULS 1 1",
        ])
    func oneLineErrors(text: String) {
        // LONG: a word of 100,000 characters (written here, not in the test's name).
        // NULS: 100 zero bytes, each escaped as \u{0} in the message.
        let text = text.replacingOccurrences(of: "LONG", with: String(repeating: "9", count: 100_000))
            .replacingOccurrences(of: "NULS", with: String(repeating: "\u{0}", count: 100))
        do {
            _ = try EventScript(parsing: text, fps: 60)
            Issue.record("\(text.prefix(20)) parsed")
        } catch {
            let message = error.description
            #expect(!message.contains { $0.isNewline }, "\(message.debugDescription)")
            #expect(message.count < 300, "\(message.count) characters")
        }
    }

    @Test("a script over 64 MiB is refused as a whole")
    func tooLong() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: " "), count: EventScript.maxByteCount + 1)
        bytes[0] = UInt8(ascii: "#")
        #expect(throws: EventScript.ParseError.self) { try EventScript(parsingUTF8: bytes, fps: 60) }
        do {
            _ = try EventScript(parsingUTF8: bytes, fps: 60)
        } catch {
            #expect(error.line == 0)
            #expect(error.description.contains("67108864"))
        }
        bytes.removeLast()
        #expect(try EventScript(parsingUTF8: bytes, fps: 60).items.isEmpty)
    }

    @Test(
        "a NUL byte anywhere is refused, naming its line, not cut off as C's number parsing would",
        arguments: ["0.1 tap 400 300NUL", "0.1 tap 400 300NULgarbage", "# noteNUL", "0.1 key a NUL"])
    func nulByte(line: String) {
        // NUL: a zero byte (written here, not in the test's name).
        let line = line.replacingOccurrences(of: "NUL", with: "\u{0}")
        do {
            _ = try EventScript(parsingUTF8: Array("0 tap 1 1\n\(line)\n0.5 key b".utf8), fps: 60)
            Issue.record("\(line.debugDescription) parsed")
        } catch {
            #expect(error.line == 2)
            #expect(error.reason.contains("NUL"), "\(error.description)")
        }
    }

    @Test("a word longer than 256 bytes is refused by its length, before it is read as a number")
    func longWord() throws {
        let longest = "1." + String(repeating: "0", count: 254)  // 256 bytes: the number 1
        #expect(try EventScript(parsing: "\(longest) tap 1 1", fps: 60).items.map(\.time) == [1])
        #expect(throws: EventScript.ParseError.self) {
            try EventScript(parsing: "\(longest)0 tap 1 1", fps: 60)
        }
        let word = String(repeating: "1", count: 5_000_000)
        for text in ["\(word) tap 1 1", "0.1 tap \(word) 1", "0 tap 1 1\n0.1 \(word)"] {
            do {
                _ = try EventScript(parsingUTF8: Array(text.utf8), fps: 60)
                Issue.record("a 5-MB word parsed")
            } catch {
                #expect(error.reason.contains("a word of 5000000 bytes"), "\(error.description)")
                #expect(error.description.count < 300)
            }
        }
    }
}
