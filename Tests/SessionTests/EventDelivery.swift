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
    /// queue must agree with it exactly, so that renders stay byte-identical.
    static func eager(_ script: EventScript, fps: Int) -> [(frame: Int, event: InputEvent)] {
        var events: [TimedEvent] = []
        for item in script.items {
            switch item.action {
            case .event(let event):
                events.append(TimedEvent(time: item.time, event: event))
            case .tap(let point):
                events.append(TimedEvent(time: item.time, event: .down(point)))
                events.append(TimedEvent(time: item.time, event: .up(point)))
            case .drag(let from, let to, let duration):
                let frames = max(Int((duration * Double(script.fps)).rounded()), 1)
                events.append(TimedEvent(time: item.time, event: .down(from)))
                for frame in 1...frames {
                    let fraction = Double(frame) / Double(frames)
                    let moveTime = item.time + Double(frame) / Double(script.fps)
                    events.append(TimedEvent(time: moveTime, event: .move(from.lerp(to: to, fraction))))
                }
                events.append(
                    TimedEvent(time: item.time + Double(frames) / Double(script.fps), event: .up(to)))
            }
        }
        let sorted = events.enumerated().sorted {
            ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
        }.map(\.element)
        return sorted.map { (HeadlessHost.firstFrame(atOrAfter: $0.time, fps: fps), $0.event) }
    }
}
