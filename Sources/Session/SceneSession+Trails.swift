import Animation
import Scenes

/// Motion trails (`u`, docs/ARCHITECTURE.md § Motion trails): on and off, their settings, and
/// what `render --describe` and session files say of them.
extension SceneSession {
    /// Whether the trails are drawn.
    public var trailsAreOn: Bool { trails.isOn }
    /// How many ghosts, how far apart.
    public var trailSettings: TrailSettings { trails.settings }
    /// The scene times of the ghosts drawn now, oldest first (empty while off).
    public var trailTimes: [MediaTime] { trails.isOn ? trails.drawnTimes : [] }
    /// How many times the ghosts were made, for tests that a paused moment costs nothing.
    public var trailBuildCount: Int { trails.buildCount }

    /// Turns the trails on or off with `settings` (nil: as they are); a bad setting is refused
    /// by `TrailSettings.problem` before it comes here.
    public func setTrails(on: Bool, settings: TrailSettings? = nil) {
        if let settings, settings.problem == nil { trails.settings = settings }
        trails.setOn(on, windowRoot: rootLayer, sceneRoot: scene.rootLayer)
    }

    /// `u`: the trails on or off; says which, with their settings.
    func toggleTrails() -> SessionRequest {
        setTrails(on: !trails.isOn)
        return .message(trails.isOn ? "motion trails on: \(trailSummary)" : "motion trails off")
    }

    /// `(` `)`: one ghost fewer or more; `{` `}`: ghosts a frame closer or farther apart.
    func changeTrails(_ key: Key) -> SessionRequest {
        var settings = trails.settings
        switch key {
        case .character("("): settings.count = max(settings.count - 1, TrailSettings.counts.lowerBound)
        case .character(")"): settings.count = min(settings.count + 1, TrailSettings.counts.upperBound)
        case .character("{"): settings.spacing = max(settings.spacing - 1, TrailSettings.spacings.lowerBound)
        default: settings.spacing = min(settings.spacing + 1, TrailSettings.spacings.upperBound)
        }
        trails.settings = settings
        return .message("motion trails: \(trailSummary)\(trails.isOn ? "" : " (off: u shows them)")")
    }

    /// "6 ghosts, every 4 frames (67 ms)".
    private var trailSummary: String {
        let settings = trails.settings
        let milliseconds = Int((Double(settings.spacing) / Double(fps) * 1000).rounded())
        return
            "\(settings.count) ghost\(settings.count == 1 ? "" : "s"), every \(settings.spacing) frame\(settings.spacing == 1 ? "" : "s") (\(milliseconds) ms)"
    }

    /// The ghosts brought up to date with the frame (only while on; made again only when the
    /// moment, the history or the settings changed).
    func updateTrails() {
        guard trails.isOn else { return }
        trails.update(machine: machine, descriptor: descriptor, paused: isPaused)
    }

    /// `render --describe`'s `trails`.
    var trailDescription: SessionDescription.Trails {
        SessionDescription.Trails(
            on: trails.isOn, count: trails.settings.count, spacing: trails.settings.spacing,
            times: trailTimes.map { ($0 * 1e6).rounded() / 1e6 })
    }
}
