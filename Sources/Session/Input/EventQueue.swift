import Animation

/// The events of a script still to deliver, in time order, with each drag expanded into its
/// moves only as their frames come (docs/ARCHITECTURE.md § Events scripts).
///
/// Events are ordered by time, then by where they stand in the script written out in full
/// (an item's events in order: a tap's down before its up, a drag's down, moves and up), then
/// the host's own events (`schedule`) in the order given. The drag in progress and the host's
/// events wait in a min-heap keyed that way, and memory holds the script's items and the drag
/// in progress, never a drag's moves. One pointer presses once at a time: a tap, drag or `down`
/// that starts while a drag is under way first ends it (a release where its last move was).
/// ```
///  items (sorted):  0.1 tap ─── 0.5 drag ─────────────────────────── 2.0 key
///  heap:                          └ down 0.5 │ move 0.5+1/fps │ … │ move+up 0.5+n/fps
/// ```
public struct EventQueue {
    /// A drag under way, or an event the host scheduled.
    private struct Pending {
        var time: MediaTime
        /// Where its item stands in the script (host events come after every item).
        var order: Int
        /// Which of its item's events it is (0 the first).
        var step: Int
        var kind: Kind

        enum Kind {
            case event(InputEvent)
            /// The drag's move number `step` of `moves`, and after the last one its release.
            case dragMove(from: Point, to: Point, start: MediaTime, moves: Int)
        }

        func precedes(_ other: Pending) -> Bool {
            (time, order, step) < (other.time, other.order, other.step)
        }
    }

    private let items: [EventScript.Item]
    /// The first item not yet started.
    private var nextItem = 0
    /// Drags under way and host events, the earliest first.
    private var heap: [Pending] = []
    /// Spacing of a drag's moves: the script's frame rate.
    private let dragFPS: Int
    /// The order of the next host event.
    private var nextHostOrder: Int

    /// All of `script`'s events, none delivered yet.
    public init(_ script: EventScript) {
        items = script.items
        dragFPS = script.fps
        nextHostOrder = script.items.count
    }

    /// Whether every event has been delivered.
    public var isEmpty: Bool { nextItem == items.count && heap.isEmpty }

    /// The time of the next event, nil if none.
    public var nextTime: MediaTime? {
        let itemTime = nextItem < items.count ? items[nextItem].time : nil
        guard let heapTime = heap.first?.time else { return itemTime }
        return min(itemTime ?? heapTime, heapTime)
    }

    /// Adds events of the host's (after every script event at the same time, in this order).
    public mutating func schedule(_ events: [TimedEvent]) {
        for event in events {
            push(Pending(time: event.time, order: nextHostOrder, step: 0, kind: .event(event.event)))
            nextHostOrder += 1
        }
    }

    /// Removes and returns, in order, the events whose time passes `isDue`; `isDue` must be
    /// monotonic (once false for a time, false for every later one).
    public mutating func popEvents(while isDue: (MediaTime) -> Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        while true {
            let takeItem: Bool
            if nextItem < items.count {
                let item = items[nextItem]
                if let top = heap.first {
                    takeItem = (item.time, nextItem, 0) < (top.time, top.order, top.step)
                } else {
                    takeItem = true
                }
            } else if heap.isEmpty {
                return events
            } else {
                takeItem = false
            }
            if takeItem {
                let item = items[nextItem]
                guard isDue(item.time) else { return events }
                start(item, order: nextItem, into: &events)
                nextItem += 1
            } else {
                guard isDue(heap[0].time) else { return events }
                let pending = popFirst()
                switch pending.kind {
                case .event(let event):
                    events.append(event)
                case .dragMove(let from, let to, let start, let moves):
                    events.append(.move(from.lerp(to: to, Double(pending.step) / Double(moves))))
                    if pending.step == moves {
                        events.append(.up(to))  // at the last move's time: nothing can come between
                    } else {
                        var next = pending
                        next.step += 1
                        next.time = start + Double(next.step) / Double(dragFPS)
                        push(next)
                    }
                }
            }
        }
    }

    /// Delivers the first events of `item` (all of them but for a drag's moves).
    private mutating func start(_ item: EventScript.Item, order: Int, into events: inout [InputEvent]) {
        if item.action.presses { endDragUnderWay(into: &events) }
        switch item.action {
        case .event(let event):
            events.append(event)
        case .tap(let point):
            events.append(.down(point))
            events.append(.up(point))
        case .drag(let from, let to, let duration):
            events.append(.down(from))
            let moves = EventScript.moveCount(ofDragLasting: duration, fps: dragFPS)
            push(
                Pending(
                    time: item.time + 1 / Double(dragFPS), order: order, step: 1,
                    kind: .dragMove(from: from, to: to, start: item.time, moves: moves)))
        }
    }

    /// Ends the drag under way, if any, with a release where its last move was: one pointer
    /// presses once at a time, so a new press ends a drag as a real mouse's would. (Without
    /// this, a thousand overlapping day-long drags would deliver a thousand moves a frame.)
    private mutating func endDragUnderWay(into events: inout [InputEvent]) {
        guard let index = heap.firstIndex(where: { if case .dragMove = $0.kind { true } else { false } }),
            case .dragMove(let from, let to, _, let moves) = heap[index].kind
        else { return }
        events.append(.up(from.lerp(to: to, Double(heap[index].step - 1) / Double(moves))))
        remove(at: index)
    }

    // MARK: - Heap

    /// Removes the element at `index`, keeping the heap's order.
    private mutating func remove(at index: Int) {
        let last = heap.removeLast()
        guard index < heap.count else { return }
        heap[index] = last
        siftUp(from: index)
        siftDown(from: index)
    }

    private mutating func push(_ element: Pending) {
        heap.append(element)
        siftUp(from: heap.count - 1)
    }

    private mutating func siftUp(from index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func popFirst() -> Pending {
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(from: 0)
        }
        return first
    }

    private mutating func siftDown(from index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].precedes(heap[smallest]) { smallest = left }
            if right < heap.count && heap[right].precedes(heap[smallest]) { smallest = right }
            if smallest == parent { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

extension EventScript.Action {
    /// Whether it presses the pointer (a tap, a drag, a `down`).
    var presses: Bool {
        switch self {
        case .tap, .drag, .event(.down): true
        case .event: false
        }
    }
}
