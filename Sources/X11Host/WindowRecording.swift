import Animation
import Glibc
import Render
import Session

/// A recording of the window (`g`) on the frame loop's side: which window frame each of the
/// recording's frames shows, and what goes to its encoder thread (README § Recording).
///
/// The window draws on its own grid, frame `n` at `n / windowFPS` host seconds, and draws
/// nothing while nothing moves; a recording has frames at fixed times, `k / fps` after it
/// started. Recording frame `k` shows the latest window frame drawn at or before its time:
/// ```
/// window frames (60 fps)   0  1  2  3  4  5  6  .  .  .  .  .  .  13 14 15 16   (idle 7…12)
/// recording frames (30)    0     1     2     3     4     5     6     7     8
/// showing window frame     0     2     4     6     6     6     6     14    16
/// ```
/// A recording frame is sent once a later window frame (or the end) shows that its picture is
/// final; runs of the same picture go as one patch and a count. The window frame on screen at
/// the stop ends the recording: drawn after the last recording frame's time, it gets one more
/// frame (what the user saw last is the file's last picture).
///
/// The encoder writes the file as it goes (`AnimationRecorder(streamingTo:)`, a hidden name in
/// the folder from the start), so the encoded frames do not wait in memory either.
///
/// Frames go to the encoder as `FramePatch`es on a `WorkerThread`, below the loop's priority;
/// if the encoder falls behind they wait in memory, up to `maxPendingBytes`. Past it they wait
/// on disk (`PatchSpill`: a temporary file in the recording's folder, else `$TMPDIR`, gone when
/// the recording is saved), read back in order by the encoder: memory stays bounded, every
/// frame is kept, and the file is saved once the encoder has caught up. Only where no file can
/// be written (or the disk is full) do the frames due repeat the last one sent, costing the
/// queue nothing, until the encoder has caught up.
final class WindowRecording {
    /// The longest recording, seconds (the same as `animdemo record`'s).
    static let maxDuration = RecordingSchedule.maxDuration
    /// The most bytes of frames that may wait for the encoder (a 1920×1080 window's lossless
    /// WebP at 30 fps on a busy machine passes it in seconds); past it frames repeat.
    static let maxPendingBytes = 512 << 20
    /// Set to a number of MiB to use instead of `maxPendingBytes` (to measure the spill to disk
    /// on a fast machine: docs/PERFORMANCE.md § Recording).
    static let memoryVariable = "ANIMDEMO_RECORDING_MEMORY_MIB"

    /// `maxPendingBytes`, or `memoryVariable`'s MiB when it holds a whole number up to 1 TiB.
    static var configuredPendingBytes: Int {
        guard let value = getenv(memoryVariable).map({ String(cString: $0) }), let mebibytes = Int(value),
            (0...(1 << 20)).contains(mebibytes)
        else { return maxPendingBytes }
        return mebibytes << 20
    }
    /// The encoder's effort: fast, so that it keeps up with 30 frames a second on one core and
    /// the file is written within 2 s of the second `g` (docs/performance-recording.md).
    static let effort = EncodingEffort.fast

    /// `animdemo-SCENE-YYYYmmdd-HHMMSS`, from the start.
    let stem: String
    /// The frame size in pixels: the window's when recording started.
    let width: Int
    let height: Int
    /// The window frame drawn when the recording started: the recording's frame 0.
    let startFrame: Int
    let windowFPS: Int
    /// The recording's frames per second.
    let fps: Int
    /// Recording frames sent to the encoder so far.
    private(set) var frameCount = 0
    /// Of those, the frames that repeat the one before because the encoder was behind.
    private(set) var repeatedFrames = 0
    /// Of those, the frames whose patches wait on disk, and their bytes.
    private(set) var spilledFrames = 0
    private(set) var spilledBytes = 0
    /// Whether the window has said that the encoder is behind (once a recording).
    var hasSaidBehind = false
    /// The latest window frame drawn, without the toast and the dot.
    private var latest: [UInt32]?
    /// Whether a recording frame was given `latest` (sent, or repeated for an encoder behind).
    private var isLatestSent = false
    /// The frame the encoder is at: the last one sent.
    private var sent: [UInt32]?
    /// The encoder's thread (internal for the tests, which hold it up).
    let worker: WorkerThread
    /// The bytes that may wait for it (`maxPendingBytes` but in the tests).
    private let pendingLimit: Int
    /// Where frames past `pendingLimit` wait: the directories to try, the file once made, and
    /// whether making or writing it failed (then frames repeat instead).
    private let spillDirectories: [String]
    private var spill: PatchSpill?
    private var spillFailed = false
    private let encoder: RecordingEncoder
    /// What each kept window frame cost the loop (drawing it again, copying it out, the
    /// patch), nanoseconds, for `ANIMDEMO_FRAME_STATS=1`.
    private var loopTimes: [FrameClock.Instant] = []
    /// The bytes of the patches sent, against whole frames, for `ANIMDEMO_FRAME_STATS=1`.
    private var sentBytes = 0
    private var wholeBytes = 0

    /// Starts a recording at window frame `startFrame`, written into `folder` (which must
    /// exist) under a hidden name (`number`: this window's count of files, which keeps it
    /// unique) until it is saved; frames past `maxPendingBytes` wait in a file in the first of
    /// `spillDirectories` that takes one (none: they repeat).
    /// - Throws: `RecordingError` if the recorder refuses the size or frame rate, or the folder
    ///   takes no file.
    init(
        format: AnimationFormat, width: Int, height: Int, startFrame: Int, windowFPS: Int, fps: Int,
        stem: String, folder: CaptureFolder, number: Int,
        maxPendingBytes: Int = WindowRecording.maxPendingBytes,
        spillDirectories: [String] = []
    ) throws(RecordingError) {
        pendingLimit = maxPendingBytes
        self.spillDirectories = spillDirectories
        let temporary = folder.temporaryPath(for: stem, fileExtension: format.fileExtension, number: number)
        let recorder: AnimationRecorder
        do {
            recorder = try AnimationRecorder(
                format: format, width: width, height: height, fps: fps, effort: Self.effort,
                streamingTo: temporary)
        } catch {
            folder.forget(temporary)
            throw error
        }
        encoder = RecordingEncoder(recorder: recorder, folder: folder, temporary: temporary)
        self.width = width
        self.height = height
        self.startFrame = startFrame
        self.windowFPS = windowFPS
        self.fps = fps
        self.stem = stem
        worker = WorkerThread(name: "animdemo-record")
    }

    /// The most frames a recording has: 60 s of them.
    var maxFrameCount: Int { Int(Self.maxDuration) * fps }

    /// The host time at which the recording reaches its limit.
    var deadline: MediaTime { Double(startFrame) / Double(windowFPS) + Self.maxDuration }

    /// Bytes of frames waiting for the encoder.
    var pendingBytes: Int { worker.pendingCost }

    /// Window frame `frame` is about to be kept: the recording frames before its time are final
    /// and go to the encoder. Returns whether the recording has reached its 60 s.
    func advance(to frame: Int) -> Bool {
        // Recording frames k with k / fps < (frame − startFrame) / windowFPS.
        let elapsed = max(frame - startFrame, 0)
        let due = min((elapsed * fps + windowFPS - 1) / windowFPS, maxFrameCount)
        if due > frameCount, let latest {
            send(latest, count: due - frameCount)
            isLatestSent = true
        }
        return due >= maxFrameCount
    }

    /// The picture of the window frame just drawn (`width × height` pixels).
    func keep(_ pixels: [UInt32]) {
        precondition(pixels.count == width * height, "a kept frame is not \(width)x\(height)")
        latest = pixels
        isLatestSent = false
    }

    /// Ends the recording before window frame `frame` (at least one frame long) and has its
    /// thread finish the file and give it its name; returns that thread, which ends once the
    /// file is saved.
    func finish(before frame: Int, mailbox: CaptureMailbox) -> WorkerThread {
        _ = advance(to: frame)
        // The picture on screen when the recording stopped is its last frame, also when it was
        // drawn after the last recording frame's time (within 1/fps of the stop).
        if let latest, frameCount == 0 || (!isLatestSent && frameCount < maxFrameCount) {
            send(latest, count: 1)
        }
        encoder.startReportingProgress(frameCount: frameCount, mailbox: mailbox)
        worker.enqueue { [encoder, stem] in encoder.save(stem: stem, mailbox: mailbox) }
        worker.close()
        return worker
    }

    /// Notes what keeping a window frame cost the loop.
    func noteLoopTime(_ nanoseconds: FrameClock.Instant) { loopTimes.append(nanoseconds) }

    /// `recording: the loop kept 600 of 600 window frames, 1.4 ms each (median), 3.2 ms at most;
    /// changed rows 120 MiB, 21 % of whole frames`:
    /// while the scene animates, every window frame on the grid is kept unless one was missed.
    func loopSummary(before frame: Int) -> String {
        let sorted = loopTimes.sorted()
        func milliseconds(_ time: FrameClock.Instant?) -> String {
            String(format: "%.2f ms", Double(time ?? 0) / 1e6)
        }
        let share = wholeBytes > 0 ? 100 * sentBytes / wholeBytes : 0
        return "recording: the loop kept \(loopTimes.count) of \(frame - startFrame) window frames, "
            + "\(milliseconds(sorted.isEmpty ? nil : sorted[sorted.count / 2])) each (median), "
            + "\(milliseconds(sorted.last)) at most; changed rows \(sentBytes >> 20) MiB, \(share) % of whole frames; "
            + "\(spilledFrames) waited on disk (\(spilledBytes >> 20) MiB), "
            + "\(repeatedFrames) repeated (the encoder behind), of \(frameCount) recording frames"
    }

    private func send(_ pixels: [UInt32], count: Int) {
        let isBehind = sent != nil && worker.pendingCost > pendingLimit
        if isBehind && spill == nil && !spillFailed {
            spill = PatchSpill(in: spillDirectories)
            spillFailed = spill == nil
        }
        guard !isBehind || !spillFailed else {
            // Nowhere to wait: these frames show the picture the encoder has, and nothing waits.
            frameCount += count
            repeatedFrames += count
            worker.enqueue { [encoder] in encoder.append(nil, count: count) }
            return
        }
        let patch = FramePatch.between(sent, pixels, width: width, height: height)
        if isBehind, let spill, let patch {
            guard let location = spill.write(patch) else {
                spillFailed = true  // the disk is full: from now on frames repeat while behind
                send(pixels, count: count)
                return
            }
            sent = pixels
            sentBytes += patch.byteCount
            wholeBytes += pixels.count * MemoryLayout<UInt32>.size
            frameCount += count
            spilledFrames += count
            spilledBytes += patch.byteCount
            // A patch that cannot be read back is a repeat of the frame before.
            worker.enqueue { [encoder] in encoder.append(spill.read(location), count: count) }
            return
        }
        sent = pixels
        sentBytes += patch?.byteCount ?? 0
        wholeBytes += pixels.count * MemoryLayout<UInt32>.size
        frameCount += count
        worker.enqueue(cost: patch?.byteCount ?? 0) { [encoder] in encoder.append(patch, count: count) }
    }
}
