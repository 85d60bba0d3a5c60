import Glibc

/// What the frame loop did, for measuring pacing in a real window: with
/// `ANIMDEMO_FRAME_STATS=1` the program prints one line on stderr when it ends
/// (README § Speed).
struct FrameStats {
    /// Frames drawn.
    private(set) var frames = 0
    /// Grid deadlines skipped while frames were wanted back to back (animation running).
    private(set) var missed = 0
    /// Pixels sent per frame, for the median: kept only when the line is asked for, since a
    /// number a frame is 29 KB a minute that a long run would otherwise never give back.
    private var repainted: [Int] = []
    private let isKeepingRepainted = FrameStats.isRequested

    mutating func note(frame: Int, repainted pixels: Int) {
        frames += 1
        if isKeepingRepainted { repainted.append(pixels) }
    }

    mutating func noteMissed(_ count: Int) { missed += max(count, 0) }

    /// Whether the user asked for the line.
    static var isRequested: Bool {
        getenv("ANIMDEMO_FRAME_STATS").map { String(cString: $0) == "1" } ?? false
    }

    /// `frames 300 missed 0 repainted-median 4521 cpu-ms 123`
    var summary: String {
        let sorted = repainted.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let cpu =
            (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
            + (Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)) / 1000
        return "frames \(frames) missed \(missed) repainted-median \(median) cpu-ms \(cpu)"
    }
}
