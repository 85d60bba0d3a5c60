import Animation

/// The scene's clock: the scene time for a host time, from a base (a host time and the scene
/// time it showed), a pause and a playback rate. It stops while paused and runs slower at
/// rates below 1; the panels and overlays keep the host's time.
struct SceneClock: Equatable {
    /// The frame rate whose grid (`n / fps`) scene times are on.
    let fps: Int
    /// The host time at which the clock last started, paused or changed rate.
    private(set) var baseHostTime: MediaTime = 0
    /// The scene time it showed then.
    private(set) var baseSceneTime: MediaTime = 0
    private(set) var isPaused = false
    /// How fast scene time runs against the host's: 1, 0.5, 0.25 or 0.1.
    private(set) var rate = 1.0

    init(fps: Int) {
        self.fps = fps
    }

    /// The scene time for host time `hostTime`.
    ///
    /// At full speed from a time on the frame grid (the start, a pause, a step) the scene time
    /// is computed from whole frames, `frame / fps`, exactly as an uninterrupted run has it,
    /// so that a scene resumed after time travel shows the same frames.
    func sceneTime(at hostTime: MediaTime) -> MediaTime {
        let rate = isPaused ? 0 : self.rate
        if rate == 1 && baseHostTime == 0 && baseSceneTime == 0 { return hostTime }  // exact on the grid
        let gridFPS = Double(fps)
        let baseFrame = (baseSceneTime * gridFPS).rounded()
        if rate == 1 && abs(baseFrame - baseSceneTime * gridFPS) < 1e-6 {
            return (baseFrame + ((hostTime - baseHostTime) * gridFPS).rounded()) / gridFPS
        }
        return baseSceneTime + (hostTime - baseHostTime) * rate
    }

    /// Pauses or resumes, or changes the rate, at `hostTime`: the scene time goes on from the
    /// one shown then.
    mutating func set(paused: Bool, rate: Double, at hostTime: MediaTime) {
        (baseHostTime, baseSceneTime) = (hostTime, sceneTime(at: hostTime))
        isPaused = paused
        self.rate = rate
    }

    /// Pauses at `hostTime` unless paused already.
    mutating func pause(at hostTime: MediaTime) {
        if !isPaused { set(paused: true, rate: rate, at: hostTime) }
    }

    /// Shows scene time `sceneTime` at host time `hostTime`, paused or playing as it is.
    mutating func start(at hostTime: MediaTime, sceneTime: MediaTime) {
        (baseHostTime, baseSceneTime) = (hostTime, sceneTime)
    }

    /// Takes up a saved clock: paused or playing at `rate` (1 unless one of `rates`), the next
    /// frame at `hostTime` the one after `sceneTime`, as if the program had never stopped.
    mutating func resume(
        paused: Bool, rate: Double, rates: [Double], sceneTime: MediaTime, at hostTime: MediaTime
    ) {
        isPaused = paused
        self.rate = rates.contains(rate) ? rate : 1
        let frame = 1 / Double(fps)
        start(at: paused ? hostTime : hostTime - frame * self.rate.magnitude, sceneTime: sceneTime)
    }
}
