import Animation
import Foundation
import Session
import X11Host

/// The window's `l` key (docs/LOTTIE.md § The window's key): the recorded history, up to its
/// last 60 s, exported as `animdemo export --session` exports the session file `b` saves at the
/// same moment, byte for byte. The window runs it on a thread of its own.
enum HistoryExport {
    /// The exporter the window hands the history to; images from `imagesFolder` (the window's).
    static func lottie(imagesFolder: URL?) -> HistoryExporter {
        HistoryExporter(name: "Lottie", fileExtension: "json") { state, progress in
            do {
                return try export(state, imagesFolder: imagesFolder, progress: progress)
            } catch let error as ExitWithMessage {
                throw Failure(description: error.message)
            }
        }
    }

    /// The frames of the history exported: from its last 60 s (`ExportCommand.maxSpan`) up to
    /// and including the last frame at or before its last moment `recorded`, at `fps`.
    static func frames(endingAt recorded: MediaTime, fps: Int) -> Range<Int> {
        let end = Int((recorded * Double(fps) + 1e-9).rounded(.down)) + 1
        return max(0, end - Int(ExportCommand.maxSpan) * fps)..<max(end, 1)
    }

    private static func export(_ state: WatchState, imagesFolder: URL?, progress: (Double) -> Void) throws
        -> HistoryExporter.Output
    {
        // Through the session file's bytes, so that the export is that of the file `b` saves.
        let path = "the window's history"
        let opened = try OpenedSession(bytes: [UInt8](try state.encoded()), path: path)
        let recorded = opened.state.history.history()?.frames.last?.time ?? 0
        let frames = Self.frames(endingAt: recorded, fps: opened.fps)
        let store = try SceneOptions.images(in: imagesFolder)
        let baker = try ExportCommand.bake(opened, frames: frames, store: store, progress: progress)
        let seconds = { (frame: Int) in String(format: "%.3f", Double(frame) / Double(opened.fps)) }
        return HistoryExporter.Output(
            bytes: Data(baker.document().utf8), warnings: baker.warnings,
            span: "\(seconds(frames.lowerBound))–\(seconds(frames.upperBound)) s")
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
