import Animation
import Glibc

/// The window's frame grid on the monotonic clock: frame `n` is due at `start + n/fps` and
/// runs with host time `n/fps` exactly (docs/ARCHITECTURE.md § Time is an input).
///
/// ```
///  frame      0         1         2         3         4
///  due    ----|---------|---------|---------|---------|---->  CLOCK_MONOTONIC
///             start     start + 1/fps ...
///  a frame that overran past 2 and 3 runs next as frame 3 (2 is skipped, never run late)
/// ```
struct FrameClock {
    /// Nanoseconds on `CLOCK_MONOTONIC`.
    typealias Instant = Int64

    let fps: Int
    /// When frame 0 is due.
    let start: Instant

    init(fps: Int, start: Instant = FrameClock.now()) {
        precondition(fps > 0, "fps must be positive")
        self.fps = fps
        self.start = start
    }

    /// Now on `CLOCK_MONOTONIC`, in nanoseconds.
    static func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Instant(time.tv_sec) * 1_000_000_000 + Instant(time.tv_nsec)
    }

    /// When `frame` is due (integer maths: no drift however long the program runs).
    func deadline(of frame: Int) -> Instant {
        start + Instant(frame) * 1_000_000_000 / Instant(fps)
    }

    /// The last frame due at or before `instant` (-1 before `start`).
    func frame(at instant: Instant) -> Int {
        guard instant >= start else { return -1 }
        var frame = Int((instant - start) * Instant(fps) / 1_000_000_000)
        while deadline(of: frame + 1) <= instant { frame += 1 }
        while frame > 0 && deadline(of: frame) > instant { frame -= 1 }
        return frame
    }

    /// The host time of `frame`, seconds.
    func time(of frame: Int) -> MediaTime { Double(frame) / Double(fps) }

    /// The first frame whose time is at or after `time` (where a timer due then fires).
    func firstFrame(atOrAfter time: MediaTime) -> Int {
        Int((time * Double(fps) - 1e-9).rounded(.up))
    }
}
