import Animation
import Foundation
import Glibc
import Render
import Session

/// Screenshots (`s`), recordings (`g`), session files (`b`) and exports of the history (`l`)
/// of what the scene shows (README § Recording; docs/ARCHITECTURE.md § Screenshots and
/// recordings; docs/LOTTIE.md § The window's key).
///
/// - What: the window's layer tree as drawn in the frame of the key, drawn again by a
///   `FrameRenderer` without the toast (an earlier screenshot's name) and the recording dot;
///   what the user turned on (debug marks, the inspector, the knob panel, help) stays.
/// - Off the frame loop: the loop only draws that frame and copies its pixels out; PNG and
///   animation encoding and the writing run on `WorkerThread`s, and their news ("saved …")
///   comes back through a `CaptureMailbox` the loop polls.
/// - Whole files: written under a temporary name, then named (`CaptureFolder`).
/// - A recording samples the window at `recordingFPS` (`WindowRecording`), shows a red dot in
///   the top right corner, and stops by itself after 60 s.
///
/// The event loop calls it in three places: `framePresented` in each frame's present phase,
/// `update` after reading events (messages, the dot), and `finish` when it ends.
final class FrameCapture {
    /// A recording's frames per second: the recording default of `animdemo record`. GIF
    /// delays are whole centiseconds and browsers show 1 cs as 10, so 60 fps would play slowly.
    static let recordingFPS = 30

    private let session: SceneSession
    private let renderer: FrameRenderer
    private let folder: CaptureFolder
    private let format: AnimationFormat
    private let windowFPS: Int
    private let mailbox: CaptureMailbox
    /// Screenshots are written in the order taken, on a thread of their own (from the first).
    private var screenshotWorker: WorkerThread?
    private var recording: WindowRecording?
    /// Threads still writing recordings that ended.
    private var savingRecordings: [WorkerThread] = []
    /// What `l` exports with, and the thread that runs the exports, in the order asked (from
    /// the first): a replay takes seconds, which screenshots need not wait for.
    private let exporter: HistoryExporter?
    private var exportWorker: WorkerThread?
    /// Numbers the temporary files of this process.
    private var fileNumber = 0
    /// Messages for the window, shown after the frame.
    private var messages: [CaptureMailbox.Message] = []
    private var lastFrame = -1

    init(
        session: SceneSession, renderer: FrameRenderer, folder: CaptureFolder, format: AnimationFormat,
        windowFPS: Int, exporter: HistoryExporter? = nil
    ) throws(WindowError) {
        self.exporter = exporter
        self.session = session
        self.renderer = renderer
        self.folder = folder
        self.format = format
        self.windowFPS = windowFPS
        mailbox = try CaptureMailbox()
    }

    /// The descriptor the loop polls: readable when a capture thread has news.
    var fileDescriptor: Int32 { mailbox.fileDescriptor }

    /// When the running recording must stop (host time), for the loop to wake then.
    var deadline: MediaTime? { recording?.deadline }

    /// Whether a recording is running.
    var isRecording: Bool { recording != nil }

    // MARK: - The loop's calls

    /// In the present phase of window frame `frame`, with the commands of its keys: keeps the
    /// frame for a running recording, stops one at its limit, takes screenshots, and starts or
    /// stops a recording (`q` stops one too, to save it).
    func framePresented(_ frame: Int, commands: [HostCommand]) {
        let start = FrameClock.now()
        lastFrame = frame
        var picture: (size: Size, pixels: [UInt32])?
        func capture(_ size: Size) -> [UInt32]? {
            if let picture, picture.size == size { return picture.pixels }
            do {
                let image = try renderer.render(
                    session.rootLayer, size: size, background: EventLoop.background,
                    omitting: session.transientLayers)
                picture = (size, image.pixels)
                return image.pixels
            } catch {
                messages.append(.init(text: "cannot draw the frame to save: \(error)"))
                Console.error("cannot draw the frame to save: \(error)")
                return nil
            }
        }
        if let recording {
            if recording.advance(to: frame) {
                stopRecording(before: frame, because: "recording stopped at its 60 s limit")
            } else if recording.repeatedFrames + recording.spilledFrames > 0 && !recording.hasSaidBehind {
                recording.hasSaidBehind = true
                let note =
                    recording.repeatedFrames > 0
                    ? "recording: the encoder is behind; frames repeat until it catches up"
                    : "recording: the encoder is behind; frames wait on disk, saving will take longer"
                Console.output(note)
                messages.append(.init(text: note))
            }
        }
        for command in commands {
            switch command {
            case .screenshot:
                if let pixels = capture(session.size) { saveScreenshot(pixels, size: session.size) }
            case .toggleRecording:
                if recording != nil {
                    stopRecording(before: frame, because: nil)
                } else {
                    startRecording(at: frame)
                }
            case .quit:
                if recording != nil { stopRecording(before: frame, because: nil) }
            case .output, .copyToClipboard, .saveSession, .exportHistory:
                break
            }
        }
        if let recording,
            let pixels = capture(Size(width: Double(recording.width), height: Double(recording.height)))
        {
            recording.keep(pixels)
            recording.noteLoopTime(FrameClock.now() - start)
        }
    }

    /// After a frame, or when the mailbox woke the loop: shows the messages and puts the dot in
    /// or out of the window. Returns whether a frame must be drawn to show that.
    func update() -> Bool {
        var needsFrame = false
        for message in messages + mailbox.take() {
            session.showMessage(message.text, holds: message.holds)
            needsFrame = true
        }
        messages = []
        if session.isRecording != isRecording {
            session.isRecording = isRecording  // the status line and the dot beside it
            needsFrame = true
        }
        return needsFrame
    }

    /// The loop has ended: saves a running recording and waits until every file is written.
    func finish() {
        if recording != nil { stopRecording(before: lastFrame + 1, because: nil) }
        if savingRecordings.contains(where: { !$0.hasEnded }) { Console.output("finishing the recording …") }
        screenshotWorker?.finish()
        screenshotWorker = nil
        if let exportWorker, exportWorker.pendingCost > 0 { Console.output("finishing the export …") }
        exportWorker?.finish()
        exportWorker = nil
        for worker in savingRecordings { worker.finish() }
        savingRecordings = []
    }

    // MARK: - Screenshots and recordings

    private func saveScreenshot(_ pixels: [UInt32], size: Size) {
        let worker = screenshotWorker ?? WorkerThread(name: "animdemo-shot")
        screenshotWorker = worker
        fileNumber += 1
        let stem = CaptureFolder.stem(scene: session.sceneName)
        let temporary = folder.temporaryPath(for: stem, fileExtension: "png", number: fileNumber)
        let (width, height) = (Int(size.width), Int(size.height))
        worker.enqueue(cost: pixels.count * 4) { [folder, mailbox] in
            do throws(CaptureFolder.Failure) {
                let path = try Self.writeScreenshot(
                    pixels, width: width, height: height, to: folder, stem: stem, temporary: temporary)
                Console.output("saved \(path)")
                mailbox.post("saved \(path.split(separator: "/").last.map(String.init) ?? path)")
            } catch {
                Console.error(error.description)
                mailbox.post(error.description)
            }
        }
    }

    /// Writes `state` as a session file, `STEM.animdemo` beside the screenshots, on the
    /// screenshot thread (docs/COMMAND-LINE.md § Session files).
    func saveSession(_ state: WatchState) {
        let worker = screenshotWorker ?? WorkerThread(name: "animdemo-shot")
        screenshotWorker = worker
        fileNumber += 1
        let stem = CaptureFolder.stem(scene: session.sceneName)
        let fileExtension = SessionFile.fileExtension
        let temporary = folder.temporaryPath(for: stem, fileExtension: fileExtension, number: fileNumber)
        worker.enqueue(cost: state.history.frames.count * 64) { [folder, mailbox] in
            let what = "the session"
            do throws(CaptureFolder.Failure) {
                try folder.create(for: what)
                do {
                    try state.encoded().write(to: URL(fileURLWithPath: temporary))
                } catch {
                    unlink(temporary)
                    folder.forget(temporary)
                    throw CaptureFolder.Failure(
                        what: what, directory: folder.directory, reason: error.localizedDescription)
                }
                let path = try folder.publish(temporary, stem: stem, fileExtension: fileExtension, what: what)
                Console.output("saved \(path)")
                mailbox.post("saved this moment: \(path.split(separator: "/").last.map(String.init) ?? path)")
            } catch {
                folder.forget(temporary)
                Console.error(error.description)
                mailbox.post(error.description)
            }
        }
    }

    /// Exports the history of `state` (the window's moment, as `b` saves it) with the program's
    /// exporter into `STEM.EXT` beside the screenshots, on the export thread: "exporting … N %"
    /// stays on screen until "saved …" (or what went wrong) replaces it.
    func exportHistory(_ state: WatchState) {
        guard let exporter else {
            messages.append(.init(text: "this window exports no animations"))
            return
        }
        let worker = exportWorker ?? WorkerThread(name: "animdemo-export")
        exportWorker = worker
        fileNumber += 1
        let stem = CaptureFolder.stem(scene: session.sceneName)
        let fileExtension = exporter.fileExtension
        let temporary = folder.temporaryPath(for: stem, fileExtension: fileExtension, number: fileNumber)
        messages.append(.init(text: "exporting the history as \(exporter.name) …", holds: true))
        // The cost marks a job waiting or running, for `finish` to say so.
        worker.enqueue(cost: 1) { [folder, mailbox] in
            var shown = 0
            let output: HistoryExporter.Output
            do {
                output = try exporter.export(state) { fraction in
                    let percent = Int((fraction * 100).rounded(.down))
                    guard percent >= shown + 10 else { return }
                    shown = percent - percent % 10
                    mailbox.post("exporting the history as \(exporter.name) … \(shown) %", holds: true)
                }
            } catch {
                folder.forget(temporary)
                let message = "cannot export the history as \(exporter.name): \(error)"
                Console.error(message)
                mailbox.post(message)
                return
            }
            for warning in output.warnings { Console.error("warning: \(warning)") }
            let what = "the \(exporter.name) animation"
            do throws(CaptureFolder.Failure) {
                try folder.create(for: what)
                do {
                    try output.bytes.write(to: URL(fileURLWithPath: temporary))
                } catch {
                    unlink(temporary)
                    folder.forget(temporary)
                    throw CaptureFolder.Failure(
                        what: what, directory: folder.directory, reason: error.localizedDescription)
                }
                let path = try folder.publish(temporary, stem: stem, fileExtension: fileExtension, what: what)
                Console.output("saved \(path)")
                let name = path.split(separator: "/").last.map(String.init) ?? path
                mailbox.post("saved \(name): \(exporter.name), \(output.span) of the history")
            } catch {
                folder.forget(temporary)
                Console.error(error.description)
                mailbox.post(error.description)
            }
        }
    }

    /// Writes a PNG of `pixels` under `temporary`, then names it `STEM.png` (or `STEM-N.png`);
    /// returns its path. Runs on the screenshot thread.
    private static func writeScreenshot(
        _ pixels: [UInt32], width: Int, height: Int, to folder: CaptureFolder, stem: String, temporary: String
    ) throws(CaptureFolder.Failure) -> String {
        let what = "a screenshot"
        do {
            try folder.create(for: what)
        } catch {
            folder.forget(temporary)
            throw error
        }
        do {
            try RenderedFrame(width: width, height: height, pixels: pixels).writePNG(to: temporary)
        } catch {
            unlink(temporary)
            folder.forget(temporary)
            throw CaptureFolder.Failure(what: what, directory: folder.directory, reason: error.description)
        }
        return try folder.publish(temporary, stem: stem, fileExtension: "png", what: what)
    }

    private func startRecording(at frame: Int) {
        let size = session.size
        do {
            try folder.create(for: "the recording")
            fileNumber += 1
            recording = try WindowRecording(
                format: format, width: Int(size.width), height: Int(size.height), startFrame: frame,
                windowFPS: windowFPS, fps: min(Self.recordingFPS, windowFPS),
                stem: CaptureFolder.stem(scene: session.sceneName), folder: folder, number: fileNumber,
                maxPendingBytes: WindowRecording.configuredPendingBytes,
                spillDirectories: PatchSpill.directories(for: folder.directory))
            messages.append(
                .init(text: "recording \(format.fileExtension.uppercased()): press g to stop and save"))
        } catch let failure as CaptureFolder.Failure {
            Console.error(failure.description)
            messages.append(.init(text: failure.description))
        } catch RecordingError.cannotWrite(_, let reason) {
            // The file the recording streams into: named by its folder, not its hidden name.
            let failure = CaptureFolder.Failure(
                what: "the recording", directory: folder.directory, reason: reason)
            Console.error(failure.description)
            messages.append(.init(text: failure.description))
        } catch {
            Console.error("cannot record: \(error)")
            messages.append(.init(text: "cannot record: \(error)"))
        }
    }

    /// Ends the recording before window frame `frame` and has its thread save it; `reason`,
    /// when it stopped by itself, is printed and shown.
    private func stopRecording(before frame: Int, because reason: String?) {
        guard let recording else { return }
        self.recording = nil
        if FrameStats.isRequested { Console.error(recording.loopSummary(before: frame)) }
        savingRecordings.removeAll { $0.hasEnded }
        savingRecordings.append(recording.finish(before: frame, mailbox: mailbox))
        if let reason {
            Console.output(reason)
            messages.append(.init(text: reason))
        }
        // The recording's thread says "saving the GIF … N %" (held) until "saved …".
    }
}
