import Animation
import Session

/// What a script delivers, frame by frame, through the host's own queue (`EventQueue`).
enum EventDelivery {
    /// Every event of `script` with the frame it is delivered on at `fps` frames per second.
    static func all(of script: EventScript, fps: Int) -> [(frame: Int, event: InputEvent)] {
        var queue = EventQueue(script)
        var result: [(frame: Int, event: InputEvent)] = []
        while let time = queue.nextTime {
            let frame = HeadlessHost.firstFrame(atOrAfter: time, fps: fps)
            for event in queue.popEvents(while: { HeadlessHost.firstFrame(atOrAfter: $0, fps: fps) <= frame })
            {
                result.append((frame, event))
            }
        }
        return result
    }

    /// The same, expanded the way scripts were before drags were lazy: every event made up
    /// front, sorted by (time, place in the script written out), then cut into frames. The
    /// queue must agree with it exactly, so that renders stay byte-identical. A drag that a
    /// later press (tap, drag, `down`) starts before it ends keeps its moves up to that time
    /// and ends there with a release where the last of them was.
    static func eager(_ script: EventScript, fps: Int) -> [(frame: Int, event: InputEvent)] {
        // Each event keyed by (time, its item's place, its place in the item).
        var events: [(time: MediaTime, order: Int, step: Int, event: InputEvent)] = []
        let items = script.items
        for (index, item) in items.enumerated() {
            func add(_ time: MediaTime, _ event: InputEvent) {
                events.append((time, index, events.count, event))
            }
            switch item.action {
            case .event(let event):
                add(item.time, event)
            case .tap(let point):
                add(item.time, .down(point))
                add(item.time, .up(point))
            case .drag(let from, let to, let duration):
                let frames = max(Int((duration * Double(script.fps)).rounded()), 1)
                let end = item.time + Double(frames) / Double(script.fps)
                let cutter = items.indices.dropFirst(index + 1).first { isPress(items[$0].action) }
                let cut = cutter.flatMap { items[$0].time < end ? $0 : nil }
                add(item.time, .down(from))
                var last = from
                for frame in 1...frames {
                    let fraction = Double(frame) / Double(frames)
                    let moveTime = item.time + Double(frame) / Double(script.fps)
                    if let cut, moveTime > items[cut].time { break }
                    last = from.lerp(to: to, fraction)
                    add(moveTime, .move(last))
                }
                if let cut {
                    // Released just as the press that cuts it starts, before its own events.
                    events.append((items[cut].time, cut, -1, .up(last)))
                } else {
                    add(end, .up(to))
                }
            }
        }
        let sorted = events.sorted { ($0.time, $0.order, $0.step) < ($1.time, $1.order, $1.step) }
        return sorted.map { (HeadlessHost.firstFrame(atOrAfter: $0.time, fps: fps), $0.event) }
    }

    private static func isPress(_ action: EventScript.Action) -> Bool {
        switch action {
        case .tap, .drag, .event(.down): true
        case .event: false
        }
    }
}
