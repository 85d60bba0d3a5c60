import Animation

/// The times each call site has a row running (`InspectorPanel.runningLocations`): a row
/// runs from when it was added to its active interval's end, 1 ns wider each side. The rows
/// that end are merged into sorted spans per call site as they come (rows only add to a
/// log, in time order, while a scene plays); the rows that never end are looked at as they
/// are now, their last sighting moving on.
struct RunningSpans {
    private var places: [(location: CallSite, spans: [(start: MediaTime, end: MediaTime)], endless: [Int])] =
        []
    private var index: [CallSite: Int] = [:]
    /// The rows added so far.
    private(set) var rows = RowsPrefix([])

    /// Adds `rows` past those added before (which they begin with).
    mutating func add(_ rows: [InspectorRow]) {
        for number in rows.indices.dropFirst(self.rows.count) {
            let row = rows[number]
            guard let location = row.location else { continue }
            let place: Int
            if let known = index[location] {
                place = known
            } else {
                place = places.count
                index[location] = place
                places.append((location, [], []))
            }
            guard row.activeDuration.isFinite else {
                places[place].endless.append(number)
                continue
            }
            let span = (start: row.addedAt - 1e-9, end: row.begin + row.activeDuration + 1e-9)
            guard span.start <= span.end else { continue }
            Self.insert(span, into: &places[place].spans)
        }
        self.rows = RowsPrefix(rows)
    }

    /// Puts `span` into `spans` (sorted, apart), merged with those it overlaps: at the end,
    /// as a playing scene's rows come, or in its place (both halves of a comparison).
    private static func insert(
        _ span: (start: MediaTime, end: MediaTime), into spans: inout [(start: MediaTime, end: MediaTime)]
    ) {
        if let last = spans.last, last.start <= span.start {
            if span.start <= last.end {
                spans[spans.count - 1].end = max(last.end, span.end)
            } else {
                spans.append(span)
            }
            return
        }
        var merged = span
        var kept: [(start: MediaTime, end: MediaTime)] = []
        kept.reserveCapacity(spans.count + 1)
        var isPlaced = false
        for other in spans {
            if other.end < merged.start {
                kept.append(other)
            } else if merged.end < other.start {
                if !isPlaced {
                    kept.append(merged)
                    isPlaced = true
                }
                kept.append(other)
            } else {
                merged = (min(merged.start, other.start), max(merged.end, other.end))
            }
        }
        if !isPlaced { kept.append(merged) }
        spans = kept
    }

    /// The call sites with a row running at `time`, `rows` being those added.
    func locations(runningAt time: MediaTime, rows: [InspectorRow]) -> [CallSite] {
        places.compactMap { place in
            for number in place.endless where rows.indices.contains(number) {
                let row = rows[number]
                if row.addedAt <= time + 1e-9 && time <= row.lastSeen + 1e-9 { return place.location }
            }
            // The last span starting at or before `time` (binary search), if it reaches it.
            var low = 0
            var high = place.spans.count
            while low < high {
                let middle = (low + high) / 2
                if place.spans[middle].start <= time { low = middle + 1 } else { high = middle }
            }
            return low > 0 && time <= place.spans[low - 1].end ? place.location : nil
        }
    }
}
