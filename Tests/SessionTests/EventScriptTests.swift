import Animation
import Session
import Testing

/// Events scripts (docs/ARCHITECTURE.md § Events scripts): verbs, items, errors that name the line.
@Suite("Events scripts")
struct EventScriptTests {
    @Test("event scripts: verbs, comments, ; items, drags expanded per frame")
    func eventScript() throws {
        let script = try EventScript(
            parsing: "# comment\n0.5 tap 10 20; 0.1 key space\n\n1 drag 0 0 10 0 0.1  # drag\n", fps: 60)
        #expect(
            script.items == [
                .init(time: 0.1, action: .event(.key(.space))),
                .init(time: 0.5, action: .tap(Point(x: 10, y: 20))),
                .init(time: 1, action: .drag(from: .zero, to: Point(x: 10, y: 0), duration: 0.1)),
            ])
        let events = EventDelivery.all(of: script, fps: 60)
        #expect(events.first?.event == .key(.space))
        #expect(events[1].event == .down(Point(x: 10, y: 20)))
        let drag = events.dropFirst(3)
        #expect(drag.count == 8)  // down, 6 moves (0.1 s at 60 fps), up
        #expect(drag.last?.event == .up(Point(x: 10, y: 0)))
        #expect(drag.last?.frame == HeadlessHost.firstFrame(atOrAfter: 1.1, fps: 60))
    }

    @Test(
        "a bad events line names the line",
        arguments: [
            ("0.1 tap 1", 1), ("ok\n", 1), ("0.1 tap 1 2\n0.2 jump 1 2", 2), ("-1 tap 1 2", 1),
            ("0 drag 1 2 3 4 0", 1),
        ])
    func eventScriptErrors(text: String, line: Int) {
        #expect(throws: EventScript.ParseError.self) { try EventScript(parsing: text, fps: 60) }
        do {
            _ = try EventScript(parsing: text, fps: 60)
        } catch {
            #expect(error.line == line)
        }
    }

    @Test("wheel X Y DY is one scroll event: DY pixels at (X, Y), positive down the page")
    func wheel() throws {
        let script = try EventScript(parsing: "0.2 wheel 100 200 -40; 0.1 wheel 5 6 120", fps: 60)
        let delivered = EventDelivery.all(of: script, fps: 60)
        #expect(delivered.map(\.frame) == [6, 12])  // 0.1 s and 0.2 s at 60 fps
        #expect(
            delivered.map(\.event) == [
                .scroll(dy: 120, at: Point(x: 5, y: 6)), .scroll(dy: -40, at: Point(x: 100, y: 200)),
            ])
        #expect(throws: EventScript.ParseError.self) { try EventScript(parsing: "0 wheel 1 2", fps: 60) }
        do {
            _ = try EventScript(parsing: "0 tap 1 1\n0 wheel 1 2 x", fps: 60)
        } catch {
            #expect(error.line == 2)
            #expect(error.description.hasSuffix("\"x\" is not a number"), "\(error.description)")
        }
    }

    @Test("a key is named by its X keysym name; an unknown name is an error naming the line")
    func keyNames() throws {
        let script = try EventScript(
            parsing: "0 key question\n0 key F12\n0 key ISO_Left_Tab\n0 key m", fps: 60)
        #expect(
            script.items.map(\.action) == [
                .event(.key(.character("?"))), .event(.key(.function(12))), .event(.key(.backTab)),
                .event(.key(.character("m"))),
            ])
        #expect(throws: EventScript.ParseError.self) {
            try EventScript(parsing: "0 tap 1 1\n0 key NoSuchKey", fps: 60)
        }
    }
}
