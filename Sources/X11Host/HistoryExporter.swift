import Foundation
import Session

/// What the window's `l` key makes of the recorded history: a Lottie animation, written beside
/// the screenshots (docs/LOTTIE.md § The window's key).
///
/// The program that opens the window hands it in (`WindowOptions.historyExporter`): the window
/// knows the history and where files go, not the format (the exporter is a target beside the
/// window, not below it: docs/ARCHITECTURE.md § Where things go). It runs on a thread of its
/// own, never in the frame loop.
public struct HistoryExporter: Sendable {
    /// What the export made.
    public struct Output: Sendable {
        /// The file's bytes.
        public var bytes: Data
        /// What the format could not say, one line each (printed as `warning: …`).
        public var warnings: [String]
        /// The span of the history exported, for the message: `0.000–2.350 s`.
        public var span: String

        public init(bytes: Data, warnings: [String], span: String) {
            self.bytes = bytes
            self.warnings = warnings
            self.span = span
        }
    }

    /// The format's name in messages: `Lottie`.
    public var name: String
    /// The file's extension, without the dot: `json`.
    public var fileExtension: String
    /// Replays `state` (the window's moment, as `b` saves it) and exports its history; calls
    /// `progress` with the fraction done (0…1) now and then. An error's description is the
    /// message shown. Runs on a worker thread.
    public var export: @Sendable (_ state: WatchState, _ progress: (Double) -> Void) throws -> Output

    public init(
        name: String, fileExtension: String,
        export: @escaping @Sendable (_ state: WatchState, _ progress: (Double) -> Void) throws -> Output
    ) {
        self.name = name
        self.fileExtension = fileExtension
        self.export = export
    }
}
