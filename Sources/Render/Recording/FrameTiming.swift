/// Where each frame of a recording starts and how long it shows, in the whole units a format
/// stores: GIF delays in centiseconds, WebP timestamps in milliseconds.
///
/// Frame `n` starts at `n / fps` seconds (docs/ARCHITECTURE.md § Time is an input). A file can only hold
/// whole units, so each start is rounded (halves up) and a frame lasts from its rounded start to
/// the next frame's rounded start. The rounding is carried, never accumulated: the first `n`
/// lengths add up to the rounded start of frame `n`, so `count` frames last
/// round(count / fps × units per second) exactly.
///
///     30 fps in centiseconds
///     frame          0      1      2      3      4      5      6
///     exact start    0      3.33   6.67   10     13.33  16.67  20
///     rounded start  0      3      7      10     13     17     20
///     length         |--3---|--4---|--3---|--3---|--4---|--3---|
///
/// All in integers, so no frame drifts by floating-point rounding.
enum FrameTiming {
    /// Centiseconds per second: a GIF frame's delay is in these.
    static let centisecondsPerSecond = 100
    /// Milliseconds per second: WebP timestamps are in these.
    static let millisecondsPerSecond = 1000

    /// The start of `frame`, round(frame × unitsPerSecond / fps) with halves rounded up.
    static func start(of frame: Int, fps: Int, unitsPerSecond: Int) -> Int {
        precondition(fps > 0 && frame >= 0, "frame \(frame) at \(fps) fps")
        return (2 * frame * unitsPerSecond + fps) / (2 * fps)
    }

    /// How long `frame` shows: the next frame's rounded start minus its own.
    static func length(of frame: Int, fps: Int, unitsPerSecond: Int) -> Int {
        start(of: frame + 1, fps: fps, unitsPerSecond: unitsPerSecond)
            - start(of: frame, fps: fps, unitsPerSecond: unitsPerSecond)
    }
}
