import Animation
import Session
import TestSupport
import Testing

/// Delivery of a script's events (docs/ARCHITECTURE.md § Events scripts): drags expanded frame
/// by frame as they come, in the same order as the whole script written out and sorted.
@Suite("Event queue")
struct EventQueueTests {
    @Test("a day-long drag is one item; its moves come one per frame, on the frames they are due")
    func lazyDrag() throws {
        // Written out in full this drag is 20.7 million events (86,399 s at 240 fps).
        let script = try EventScript(parsing: "1 drag 0 0 86399 0 86399", fps: 240)
        #expect(script.items.count == 1)
        var queue = EventQueue(script)
        #expect(queue.popEvents { $0 < 1 } == [])
        #expect(queue.popEvents { $0 <= 1 } == [.down(.zero)])
        // The next three frames: one move each, 1/240 of the way per frame (exact: 86399 px
        // over 86399 × 240 moves is 1/240 px per move, and these fractions are exact binary).
        for step in 1...3 {
            let time = 1 + Double(step) / 240
            #expect(queue.popEvents { $0 <= time } == [.move(Point(x: Double(step) / 240, y: 0))])
        }
        #expect(queue.nextTime == 1 + 4.0 / 240)
        #expect(!queue.isEmpty)
    }

    @Test(
        "the queue delivers exactly what the whole script written out did",
        arguments: [
            ("0.5 tap 10 20; 0.1 key space\n1 drag 0 0 10 0 0.1", 60, 60),
            ("0 drag 0 0 100 100 0.5; 0.1 drag 5 5 6 6 0.2; 0.1 tap 1 1; 0.25 key a", 60, 60),
            ("0.3 drag 100 100 500 500 0.37; 0.105 tap 400 300", 24, 24),
            ("0 drag 1 1 2 2 0.0001; 0 drag 3 3 4 4 0.0001; 0 up 1 1", 60, 60),
            ("0.2 drag 400 300 410 310 0.3; 0.2 drag 1 2 3 4 0.3; 0.25 move 9 9", 50, 50),
            ("0.1 drag 400 50 200 400 1.03; 0.4 drag 400 50 600 300 0.2; 2 key d", 30, 30),
            ("0 drag 0 0 10 10 1; 0.5 drag 0 0 10 10 1; 0.75 tap 3 3", 60, 30),
            ("0 drag 0 0 10 10 1; 1 down 5 5; 1 drag 1 1 2 2 0.5; 1.5 up 0 0", 30, 240),
            ("0 drag 0 0 10 10 1; 0.5 key a; 0.5 move 2 2; 0.5 down 3 3; 0.5 key b", 60, 60),
            ("0 drag 0 0 10 10 1; 0 tap 4 4; 0.2 drag 0 0 1 1 0.1; 0.2 key c", 60, 24),
        ])
    func sameAsWrittenOut(text: String, scriptFPS: Int, hostFPS: Int) throws {
        let script = try EventScript(parsing: text, fps: scriptFPS)
        let lazy = EventDelivery.all(of: script, fps: hostFPS)
        let eager = EventDelivery.eager(script, fps: hostFPS)
        #expect(lazy.count == eager.count)
        for (index, (got, want)) in zip(lazy, eager).enumerated() {
            #expect(got.frame == want.frame && got.event == want.event, "event \(index): \(got) vs \(want)")
        }
    }

    @Test("random scripts: the queue agrees with the written-out order, event for event")
    func randomScripts() throws {
        var random = SplitMix(seed: 17)
        for round in 0..<200 {
            let fps = [24, 30, 50, 60, 144][Int(random.next() % 5)]
            var lines: [String] = []
            for _ in 0..<Int(random.next() % 12) {
                let time = Double(random.next() % 200) / 100
                let x = Double(random.next() % 800)
                switch random.next() % 4 {
                case 0: lines.append("\(time) tap \(x) 10")
                case 1: lines.append("\(time) drag \(x) 0 10 \(x) \(Double(random.next() % 100 + 1) / 97)")
                case 2: lines.append("\(time) move \(x) 3")
                default: lines.append("\(time) key space")
                }
            }
            let script = try EventScript(parsing: lines.joined(separator: "\n"), fps: fps)
            let lazy = EventDelivery.all(of: script, fps: fps)
            let eager = EventDelivery.eager(script, fps: fps)
            #expect(
                lazy.map(\.frame) == eager.map(\.frame) && lazy.map(\.event) == eager.map(\.event),
                "round \(round): \(lines)")
        }
    }

    @Test("a press ends the drag under way: a thousand overlapping day-long drags move once a frame")
    func pressEndsDrag() throws {
        let text = String(repeating: "0 drag 0 0 800 600 86400\n", count: 1000)
        var queue = EventQueue(try EventScript(parsing: text, fps: 60))
        // Frame 0: each drag's press ends the one before it where it began.
        let first = queue.popEvents { $0 <= 0 }
        #expect(first.count == 1 + 999 * 2)
        #expect(first.suffix(2) == [.up(.zero), .down(.zero)])
        for frame in 1...120 {
            let time = Double(frame) / 60
            let events = queue.popEvents { $0 <= time }
            #expect(events.count == 1, "frame \(frame): \(events.count) events")
        }
        // A tap during a drag: the drag is released where its last move was, then the tap.
        var tapped = EventQueue(try EventScript(parsing: "0 drag 0 0 60 0 1; 0.05 tap 5 5", fps: 60))
        #expect(
            tapped.popEvents { $0 <= 0.05 }.suffix(3) == [
                .up(Point(x: 3, y: 0)), .down(Point(x: 5, y: 5)), .up(Point(x: 5, y: 5)),
            ])
        #expect(tapped.isEmpty)
    }

    @Test("the host's own events come after the script's at the same time, in the order given")
    func hostEvents() throws {
        var queue = EventQueue(try EventScript(parsing: "0 drag 0 0 10 0 0.05; 0.1 key a", fps: 60))
        queue.schedule([TimedEvent(time: 1.0 / 60, event: .key(.space))])
        queue.schedule([TimedEvent(time: 0, event: .up(.zero)), TimedEvent(time: 0, event: .key(.tab))])
        #expect(queue.popEvents { $0 <= 0 } == [.down(.zero), .up(.zero), .key(.tab)])
        #expect(
            queue.popEvents { $0 <= 1.0 / 60 } == [
                .move(Point.zero.lerp(to: Point(x: 10, y: 0), 1.0 / 3)), .key(.space),
            ])
    }

    @Test("frame numbers saturate instead of trapping, whatever the time")
    func saturatingFrames() {
        #expect(HeadlessHost.firstFrame(atOrAfter: 1e300, fps: 240) == HeadlessHost.maxFrame)
        #expect(HeadlessHost.nearestFrame(to: .infinity, fps: 60) == HeadlessHost.maxFrame)
        #expect(HeadlessHost.nearestFrame(to: .nan, fps: 60) == 0)
        #expect(HeadlessHost.firstFrame(atOrAfter: -5, fps: 60) == 0)
        #expect(HeadlessHost.firstFrame(atOrAfter: 86_400, fps: 240) == 20_736_000)
    }
}
