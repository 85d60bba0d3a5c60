import ArgumentParser
import Session

/// `--trails`, `--trail-count N`, `--trail-spacing N`: motion trails (the window's `u`) in
/// `render` and `record`, as the window draws them (docs/ARCHITECTURE.md § Motion trails).
struct TrailOptions: ParsableArguments {
    @Flag(
        help:
            "Draw motion trails: ghosts of what moves, earlier (paused: later too), as u does in the window.")
    var trails = false

    @Option(
        name: .customLong("trail-count"), parsing: .unconditional,
        help: ArgumentHelp(
            "Motion trails: ghosts on each side of the moment, 1…16 (default: 6).", valueName: "N"))
    var count: Int?

    @Option(
        name: .customLong("trail-spacing"), parsing: .unconditional,
        help: ArgumentHelp(
            "Motion trails: frames of the --fps grid between two ghosts, 1…60 (default: 4).", valueName: "N"))
    var spacing: Int?

    func validate() throws {
        if let problem = settings.problem { throw ValidationError(problem) }
        if !trails, count != nil || spacing != nil {
            throw ValidationError("--trail-count and --trail-spacing need --trails")
        }
    }

    var settings: TrailSettings {
        TrailSettings(
            count: count ?? TrailSettings.standard.count, spacing: spacing ?? TrailSettings.standard.spacing)
    }

    /// Turns the trails on in `session` when asked (a session file's own trails stay otherwise).
    func apply(to session: SceneSession) {
        if trails { session.setTrails(on: true, settings: settings) }
    }
}
