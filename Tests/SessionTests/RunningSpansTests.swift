import Animation
import TestSupport
import Testing

@testable import Session

/// The code panel's running lines come from `RunningSpans` (issue 39: not a walk over every
/// row each frame); they must be the lines the walk gave: every row running at the time, from
/// when it was added to its active interval's end (an endless row's last sighting), 1 ns wider
/// each side.
@Suite("Running spans")
struct RunningSpansTests {
    /// A row of `location` added at `addedAt`, changing from `begin` for `active` seconds
    /// (`.infinity`: for ever, last seen at `lastSeen`).
    static func row(
        _ location: CallSite?, addedAt: MediaTime, begin: MediaTime, active: MediaTime, lastSeen: MediaTime
    ) -> InspectorRow {
        InspectorRow(
            kind: .animation, object: Token(), label: "row", addedAt: addedAt, begin: begin, duration: active,
            activeDuration: active, fillsForwards: false, curve: [], lastSeen: lastSeen, group: 0,
            location: location)
    }
    final class Token {}

    /// The lines running at `time`, as the inspector found them before: each row looked at.
    static func walked(_ rows: [InspectorRow], at time: MediaTime) -> Set<CallSite> {
        Set(
            rows.compactMap { row in
                let end = row.activeDuration.isFinite ? row.begin + row.activeDuration : row.lastSeen
                return row.addedAt <= time + 1e-9 && time <= end + 1e-9 ? row.location : nil
            })
    }

    @Test("random rows added a few at a time: the running lines are the walk's at every time asked")
    func sameAsTheWalk() {
        var random = SplitMix(seed: 39)
        let sites = (1...5).map { CallSite(fileID: "Scenes/Fish/FishScene.swift", line: $0 * 10) }
        for _ in 0..<50 {
            var rows: [InspectorRow] = []
            var spans = RunningSpans()
            var now = 0.0
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                // Rows come in time order, as a playing scene's log adds them.
                for _ in 0..<Int.random(in: 0...6, using: &random) {
                    now += Double(Int.random(in: 0...4, using: &random)) / 10
                    let begin = now + Double(Int.random(in: 0...3, using: &random)) / 10
                    let isEndless = Int.random(in: 0..<8, using: &random) == 0
                    let active = isEndless ? .infinity : Double(Int.random(in: 0...10, using: &random)) / 10
                    let location =
                        Int.random(in: 0..<10, using: &random) == 0
                        ? nil : sites.randomElement(using: &random)
                    rows.append(Self.row(location, addedAt: now, begin: begin, active: active, lastSeen: now))
                }
                // An endless row seen again later: its sighting moves on.
                for index in rows.indices where !rows[index].activeDuration.isFinite {
                    rows[index].lastSeen = now
                }
                spans.add(rows)
                // Times on and beside the rows' ends, where 1 ns decides.
                var times = (0...Int((now + 2) * 10)).map { Double($0) / 10 }
                times += rows.flatMap { [$0.addedAt - 2e-9, $0.begin + $0.activeDuration + 2e-9] }
                for time in times where time.isFinite {
                    #expect(
                        Set(spans.locations(runningAt: time, rows: rows)) == Self.walked(rows, at: time),
                        "at \(time) with \(rows.count) rows")
                }
            }
        }
    }

    @Test("each line is given once, in the order of its first row")
    func eachLineOnce() {
        let a = CallSite(fileID: "Scenes/A.swift", line: 1)
        let b = CallSite(fileID: "Scenes/A.swift", line: 2)
        let rows = [
            Self.row(b, addedAt: 0, begin: 0, active: 2, lastSeen: 0),
            Self.row(a, addedAt: 0.1, begin: 0.1, active: 2, lastSeen: 0.1),
            Self.row(b, addedAt: 0.2, begin: 0.2, active: 2, lastSeen: 0.2),
        ]
        var spans = RunningSpans()
        spans.add(rows)
        #expect(spans.locations(runningAt: 1, rows: rows) == [b, a])
        #expect(spans.locations(runningAt: 2.15, rows: rows) == [b])
        #expect(spans.locations(runningAt: 3, rows: rows).isEmpty)
    }
}
