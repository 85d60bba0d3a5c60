import Animation

/// Which scene frames a headless recording keeps (`animdemo record`, README § Recording).
///
/// The scene runs on its own frame grid, frame `n` at `n / sceneFPS` seconds, exactly as in the
/// window and in `render`; the recording samples it. Recording frame `k` is at
/// `from + k / fps` seconds and shows the scene frame nearest that time: the very frame
/// `render --fps sceneFPS --at from+k/fps` draws.
///
/// ```
/// scene at 60 fps   0   1   2   3   4   5   6   7   8  …
/// recording at 30   0       1       2       3       4  …   (every other scene frame)
/// recording at 25   0         1         2         3    …   (the nearest: 0, 2.4→2, 4.8→5, 7.2→7)
/// ```
///
/// A recording runs from `from` up to, not including, `to`; it is at most `maxDuration`
/// seconds and `maxFrameCount` frames long, so that memory and time stay bounded.
public struct RecordingSchedule: Sendable, Equatable {
    /// The longest recording, seconds (also the window's limit).
    public static let maxDuration: MediaTime = 60
    /// The most frames a recording may have.
    public static let maxFrameCount = 3600
    /// The latest time a recording may reach, seconds (a scene's history keeps its first hour).
    public static let maxTime: MediaTime = 3600

    /// The first recorded moment, seconds from the scene's start.
    public let from: MediaTime
    /// The end (exclusive), seconds from the scene's start.
    public let to: MediaTime
    /// The recording's frames per second.
    public let fps: Int
    /// The scene's frames per second.
    public let sceneFPS: Int
    /// How many frames the recording has: the times `from + k / fps` before `to`.
    public let frameCount: Int

    /// Why a schedule cannot be made; each names the bad value and the fix.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case badTime(name: String, value: Double)
        case emptyRange(from: Double, to: Double)
        case tooLong(seconds: Double)
        case tooManyFrames(count: Int)
        case frameRateAboveScene(fps: Int, sceneFPS: Int)

        public var description: String {
            switch self {
            case .badTime(let name, let value):
                return "\(name) \(value) is not a time in 0…\(Int(RecordingSchedule.maxTime)) seconds"
            case .emptyRange(let from, let to):
                return "--from \(from) is not before --to \(to): the recording would be empty"
            case .tooLong(let seconds):
                return "--from to --to is \(seconds) s; a recording is at most "
                    + "\(Int(RecordingSchedule.maxDuration)) s"
            case .tooManyFrames(let count):
                return "the recording would have \(count) frames; at most \(RecordingSchedule.maxFrameCount) "
                    + "(lower --fps or shorten --from…--to)"
            case .frameRateAboveScene(let fps, let sceneFPS):
                return "--fps \(fps) is above the scene's \(sceneFPS) frames per second (--scene-fps): "
                    + "frames would repeat"
            }
        }
    }

    /// The frames from `from` to `to` (exclusive) at `fps`, of a scene running at `sceneFPS`.
    public init(from: MediaTime, to: MediaTime, fps: Int, sceneFPS: Int) throws(Problem) {
        precondition(fps > 0 && sceneFPS > 0, "frame rates must be positive")
        for (name, value) in [("--from", from), ("--to", to)]
        where !(value.isFinite && value >= 0 && value <= Self.maxTime) {
            throw .badTime(name: name, value: value)
        }
        guard from < to else { throw .emptyRange(from: from, to: to) }
        guard to - from <= Self.maxDuration + 1e-9 else { throw .tooLong(seconds: to - from) }
        guard fps <= sceneFPS else { throw .frameRateAboveScene(fps: fps, sceneFPS: sceneFPS) }
        // The times from + k / fps before `to`: k < (to − from) × fps, with a margin for the
        // rounding of decimal seconds (0.3 × 30 is 8.999999999999998, 9 frames).
        let count = Int(((to - from) * Double(fps) - 1e-6).rounded(.up))
        guard count <= Self.maxFrameCount else { throw .tooManyFrames(count: count) }
        self.from = from
        self.to = to
        self.fps = fps
        self.sceneFPS = sceneFPS
        frameCount = max(count, 1)
    }

    /// The time of recording frame `frame`, seconds from the scene's start.
    public func time(ofFrame frame: Int) -> MediaTime { from + Double(frame) / Double(fps) }

    /// The scene frame recording frame `frame` shows: the one nearest its time.
    public func sceneFrame(ofFrame frame: Int) -> Int {
        HeadlessHost.nearestFrame(to: time(ofFrame: frame), fps: sceneFPS)
    }
}
