import Animation
import Foundation
import Glibc
import Render

/// The encoding end of a window recording: an `AnimationRecorder` streaming into a hidden file
/// in the folder, and the frame it is at, used only by the recording's `WorkerThread`, one job
/// at a time (hence `@unchecked Sendable`: the loop hands it over when the recording starts
/// and never touches it again).
final class RecordingEncoder: @unchecked Sendable {
    private let recorder: AnimationRecorder
    /// Where the file is saved, and its hidden name there until then (`CaptureFolder`).
    private let folder: CaptureFolder
    private let temporary: String
    /// `GIF` or `WEBP`, for the messages.
    private let format: String
    /// The frame being recorded, whole: the patches are applied to it.
    private var frame: [UInt32]
    /// The first error; the frames after it are dropped and saving reports it.
    private var failure: RecordingError?
    /// Seconds the encoder spent on frames (for `ANIMDEMO_FRAME_STATS=1`): on the clock, and
    /// on the processor (the thread's CPU time: what it costs one core, however long the
    /// system made it wait, at its niceness, on a busy machine).
    private(set) var encodingSeconds = 0.0
    private(set) var encodingCPUSeconds = 0.0
    /// Once the recording has stopped: how many frames it has and where to say how far saving
    /// is (set from the loop's thread, hence the lock), and the last percentage said.
    private let progressLock = NSLock()
    private var saving: (frameCount: Int, mailbox: CaptureMailbox)?
    private var lastPercent = -1
    /// Frames appended so far (the recorder's count, kept under the lock for the loop's thread).
    private var encodedFrames = 0

    /// Share of saving that encoding the frames is: the rest is finishing and naming the file
    /// (writing a GIF, which is written whole at the end; a WebP is on disk by then).
    static let encodingShare = 0.9

    init(recorder: AnimationRecorder, folder: CaptureFolder, temporary: String) {
        self.recorder = recorder
        self.folder = folder
        self.temporary = temporary
        format = recorder.format.fileExtension.uppercased()
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
            for _ in 0..<count {
                try recorder.append(pixels: frame)
                progressLock.withLock { encodedFrames += 1 }
                reportProgress()
            }
        } catch {
            failure = error
        }
    }

    /// The recording has stopped with `frameCount` frames (the loop's thread): from now on the
    /// encoder says in `mailbox` how far saving is, "saving the recording … N %", held on
    /// screen until the file is whole.
    func startReportingProgress(frameCount: Int, mailbox: CaptureMailbox) {
        progressLock.withLock { saving = (max(frameCount, 1), mailbox) }
        reportProgress()
    }

    /// Posts "saving the recording … N %" when N has grown by 5 since it was last said (the
    /// encoding thread, or the loop's when saving starts).
    private func reportProgress(finishing: Bool = false) {
        progressLock.withLock {
            guard let saving else { return }
            let encoded = Double(min(encodedFrames, saving.frameCount)) / Double(saving.frameCount)
            let percent = finishing ? Int(Self.encodingShare * 100) : Int(encoded * Self.encodingShare * 100)
            guard percent >= lastPercent + 5 || (lastPercent < 0) || (finishing && percent > lastPercent)
            else {
                return
            }
            lastPercent = percent
            saving.mailbox.post("saving the \(format) … \(percent) %", holds: true)
        }
    }

    /// Finishes the file and names it `STEM.gif` (or `.webp`, or the first free `STEM-N`) in the
    /// folder, prints `saved PATH` and leaves the window's message in `mailbox`; after an
    /// error (a frame the encoder or the disk refused) the part written is removed and the
    /// message says why.
    func save(stem: String, mailbox: CaptureMailbox) {
        let what = "the recording"
        let fileExtension = recorder.format.fileExtension
        do {
            // A write error (a full disk) keeps what was written before it; any other error, nothing.
            if let failure, recorder.writeError == nil {
                recorder.discard()
                folder.forget(temporary)
                throw CaptureFolder.Failure(
                    what: what, directory: folder.directory, reason: Self.reason(failure))
            }
            reportProgress(finishing: true)
            do {
                try recorder.finish()
            } catch {
                folder.forget(temporary)
                throw CaptureFolder.Failure(
                    what: what, directory: folder.directory, reason: Self.reason(error))
            }
            let path = try folder.publish(temporary, stem: stem, fileExtension: fileExtension, what: what)
            if FrameStats.isRequested {
                Console.error(
                    "recording: \(recorder.frameCount) frames at \(recorder.fps) fps, encoded in "
                        + "\(Int((encodingSeconds * 1000).rounded())) ms "
                        + "(cpu \(Int((encodingCPUSeconds * 1000).rounded())) ms, \(recorder.effort.rawValue))"
                )
            }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if let writeError = recorder.writeError, let kept = recorder.keptDuration {
                // What was on disk is kept: the recording up to the frame that did not fit.
                let part = "its first \(String(format: "%.1f", kept)) s (then \(Self.reason(writeError)))"
                Console.output("saved \(path): \(part)")
                mailbox.post("saved \(name): \(part)")
            } else {
                Console.output("saved \(path)")
                mailbox.post("saved \(name)")
            }
        } catch let failure as CaptureFolder.Failure {
            Console.error(failure.description)
            mailbox.post(failure.description)
        } catch {
            Console.error("cannot save the recording: \(error)")
            mailbox.post("cannot save the recording: \(error)")
        }
    }

    /// Why the file could not be written, for "cannot save the recording in DIR: …": the
    /// system's words when it was the disk (the hidden file's name would only puzzle), else
    /// the recorder's message.
    private static func reason(_ error: RecordingError) -> String {
        guard case .cannotWrite(_, let reason) = error else { return "\(error)" }
        return reason
    }

    /// This thread's CPU time, seconds.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
