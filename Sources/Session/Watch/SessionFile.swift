import Animation
import Foundation
import Scenes

/// A moment saved as a file (`b` in the window; docs/COMMAND-LINE.md § Session files): a
/// `WatchState` as JSON, named `PROGRAM-SCENE-YYYYmmdd-HHMMSS.animdemo`, which
/// `animdemo --session FILE`, `render --session FILE` and `record --session FILE` open at the
/// same moment, with its history behind it.
public enum SessionFile {
    /// The `format` field of every session file.
    public static let format = "animdemo-session"
    /// The newest version this program writes and reads: 2 has curve edits among the knobs
    /// (docs/COMMAND-LINE.md § Session files). A file without curve edits is written as
    /// version 1, which earlier programs read too.
    public static let version = 2
    /// The versions this program reads.
    public static let readableVersions = 1...version

    /// The version a file of `history` is written as: 1 unless it has curve edits.
    static func version(for history: StoredHistory) -> Int {
        let names = history.initialKnobs.keys + history.frames.flatMap { ($0.knobs ?? [:]).keys }
        return names.contains(where: KnobSettings.isEdit) ? 2 : 1
    }
    /// A session file's extension.
    public static let fileExtension = "animdemo"
    /// The largest file read, bytes: an hour of dense input is about 20 MB.
    public static let maxByteCount = 64 << 20

    /// The state in `bytes`, checked against `catalog`: one line saying what is wrong otherwise
    /// (`path` names the file in it).
    public static func state(from bytes: Data, path: String, catalog: [SceneDescriptor])
        throws(SessionFileError)
        -> WatchState
    {
        func failure(_ reason: String) -> SessionFileError { SessionFileError(path: path, reason: reason) }
        let state: WatchState
        do {
            state = try WatchState(json: bytes)
        } catch {
            throw failure("it is not the JSON of a session file")
        }
        guard state.format == format else { throw failure("it has no \"format\": \"\(format)\"") }
        guard let stated = state.version, readableVersions.contains(stated) else {
            throw failure(
                "it is of version \(state.version.map(String.init) ?? "none"); this program reads versions "
                    + "\(readableVersions.lowerBound)…\(readableVersions.upperBound)"
            )
        }
        guard let descriptor = catalog.first(where: { $0.name == state.scene }) else {
            throw failure(
                "this program has no scene \"\(state.scene)\" (it has \(catalog.map(\.name).joined(separator: ", ")))"
            )
        }
        if let step = state.step, !descriptor.steps.indices.contains(step - 1) {
            throw failure("\(state.scene) has no step \(step)")
        }
        guard let window = state.window, (1...32767).contains(window.width),
            (1...32767).contains(window.height)
        else { throw failure("its window size is missing or out of 1…32767 pixels") }
        guard window.width * window.height <= 1 << 29 else {
            throw failure("its window of \(window.width)×\(window.height) pixels is over 2 GiB a frame")
        }
        guard let scale = state.scale, (1...4).contains(scale) else {
            throw failure("its scale is missing or out of 1…4")
        }
        guard (1...240).contains(state.history.fps) else { throw failure("its frame rate is out of 1…240") }
        guard state.sceneTime.isFinite, state.sceneTime >= 0 else {
            throw failure("its moment is not a time")
        }
        if let bubbles = state.bubbles, !(0...100_000).contains(bubbles) {
            throw failure("its bubble load is out of 0…100000")
        }
        if let trails = state.trails,
            let problem = TrailSettings(count: trails.count, spacing: trails.spacing).problem
        {
            throw failure(problem)
        }
        let knobs = Set(descriptor.knobs.map(\.name))
        let stored =
            Array(state.history.initialKnobs) + state.history.frames.flatMap { Array($0.knobs ?? [:]) }
            + Array(state.compare?.knobs ?? [:])
        if let unknown = stored.first(where: { !knobs.contains($0.key) && !KnobSettings.isEdit($0.key) }) {
            throw failure("\(state.scene) has no knob \"\(unknown.key)\"")
        }
        if let edit = stored.first(where: { KnobSettings.isEdit($0.key) }), stated < 2 {
            throw failure("its curve edit \"\(edit.key)\" needs version 2")
        }
        if let edit = stored.first(where: { name, value in
            guard KnobSettings.isCurveEdit(name) else { return false }
            guard case .curve = value.value else { return true }
            return false
        }) {
            throw failure("its curve edit \"\(edit.key)\" is not a curve")
        }
        if let edit = stored.first(where: { name, value in
            guard KnobSettings.isLineEdit(name) else { return false }
            guard case .number(let seconds) = value.value else { return true }
            return !KnobSettings.lineEditRange.contains(seconds)
        }) {
            throw failure(
                "its edit \"\(edit.key)\" is not a number of seconds in "
                    + "\(Int(KnobSettings.lineEditRange.lowerBound))…\(Int(KnobSettings.lineEditRange.upperBound))"
            )
        }
        // Counted before the history is unpacked: a run of 10^15 quiet frames is refused, not run.
        var frameCount = 0
        for frame in state.history.frames {
            let count = min(max(frame.count ?? 1, 0), SceneHistory.capacity + 1)
            frameCount = min(frameCount + count, SceneHistory.capacity + 1)
            if let first = frame.first, !(0...(1 << 40)).contains(first) {
                throw failure("its history has a frame number out of 0…2^40")
            }
        }
        guard frameCount <= SceneHistory.capacity else {
            throw failure("its history has more than \(SceneHistory.capacity) frames (an hour at 60 fps)")
        }
        guard state.history.history() != nil else { throw failure("its history does not parse") }
        return state
    }
}

/// A session file that cannot be opened, and why.
public struct SessionFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot open the session file \(path): \(reason)" }
}
