import Animation
import Glibc
import Render

/// The encoding end of a window recording: an `AnimationRecorder` and the frame it is at,
/// used only by the recording's `WorkerThread`, one job at a time (hence `@unchecked Sendable`:
/// the loop hands it over when the recording starts and never touches it again).
final class RecordingEncoder: @unchecked Sendable {
    private let recorder: AnimationRecorder
    /// The frame being recorded, whole: the patches are applied to it.
    private var frame: [UInt32]
    /// The first error; the frames after it are dropped and saving reports it.
    private var failure: RecordingError?
    /// Seconds the encoder spent on frames (for `ANIMDEMO_FRAME_STATS=1`): on the clock, and
    /// on the processor (the thread's CPU time: what it costs one core, however long the
    /// system made it wait, at its niceness, on a busy machine).
    private(set) var encodingSeconds = 0.0
    private(set) var encodingCPUSeconds = 0.0

    init(recorder: AnimationRecorder) {
        self.recorder = recorder
        frame = [UInt32](repeating: 0, count: recorder.width * recorder.height)
    }

    /// Applies `patch` (nil: the frame did not change) and appends the frame `count` times.
    func append(_ patch: FramePatch?, count: Int) {
        guard failure == nil else { return }
        let start = FrameClock.now()
        let cpuStart = Self.threadCPUTime()
        defer {
            encodingSeconds += Double(FrameClock.now() - start) / 1e9
            encodingCPUSeconds += Self.threadCPUTime() - cpuStart
        }
        patch?.apply(to: &frame, frameWidth: recorder.width)
        do {
            for _ in 0..<count { try recorder.append(pixels: frame) }
        } catch {
            failure = error
        }
    }

    /// Writes the file into `folder` under `STEM.gif` (or `.webp`, or the first free `STEM-N`),
    /// prints `saved PATH` and leaves the window's message in `mailbox`.
    func save(to folder: CaptureFolder, stem: String, number: Int, mailbox: CaptureMailbox) {
        let what = "the recording"
        let fileExtension = recorder.format.fileExtension
        do {
            if let failure {
                throw CaptureFolder.Failure(what: what, directory: folder.directory, reason: "\(failure)")
            }
            try folder.create(for: what)
            let temporary = folder.temporaryPath(for: stem, fileExtension: fileExtension, number: number)
            do {
                try recorder.finish(to: temporary)
            } catch {
                folder.forget(temporary)
                throw CaptureFolder.Failure(what: what, directory: folder.directory, reason: "\(error)")
            }
            let path = try folder.publish(temporary, stem: stem, fileExtension: fileExtension, what: what)
            if FrameStats.isRequested {
                Console.error(
                    "recording: \(recorder.frameCount) frames at \(recorder.fps) fps, encoded in "
                        + "\(Int((encodingSeconds * 1000).rounded())) ms "
                        + "(cpu \(Int((encodingCPUSeconds * 1000).rounded())) ms, \(recorder.effort.rawValue))"
                )
            }
            Console.output("saved \(path)")
            mailbox.post("saved \(path.split(separator: "/").last.map(String.init) ?? path)")
        } catch let failure as CaptureFolder.Failure {
            Console.error(failure.description)
            mailbox.post(failure.description)
        } catch {
            Console.error("cannot save the recording: \(error)")
            mailbox.post("cannot save the recording: \(error)")
        }
    }

    /// This thread's CPU time, seconds.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
