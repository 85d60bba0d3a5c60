// The pull-to-refresh library as steps (`animdemo steps --scene pull`, `--step N`;
// docs/ARCHITECTURE.md § Tutorial steps): the library's view above the demo's list as it
// grows, from the wave that follows the pull to the refresh. ElasticPullToRefreshView asks its
// `stage` where the steps differ (the circle in its tree, a release that bounces); the scene
// asks it for the demo's handler. The last step is the scene as it is.

extension PullScene {
    /// How far along the library's view is built.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// The view between the bar and the list's top, as tall as the pull, with the wave
        /// hanging in it under the finger; a release lets the list spring back.
        case wave = 1
        /// The loading circle in the wave, drawn round as the pull nears the threshold.
        case circle
        /// A release past the threshold: the spring bounce into a flat band, the display
        /// link rebuilding the path, the circle spinning; the load never ends.
        case bounce
        /// The demo's action handler: a simulated load that ends with `stopLoading()`, the
        /// band closing; the finished scene.
        case complete

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The library's stages, in order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { PullScene(context: $0, stage: stage) }
    }

    static func caption(of stage: Stage) -> String {
        switch stage {
        case .wave:
            "A view sits between the bar and the list's top, as tall as the pull, and the elastic "
                + "wave hangs in it: its apex under the finger, 1.6/3 of the pull deep, at most 70 points."
        case .circle:
            "The loading circle sits in the wave and draws itself round as the pull grows: 0.9 of "
                + "the circle at the threshold, 95 points; pulled further, it turns."
        case .bounce:
            "Let go past 95 points: the points spring (0.9 s, damping 0.43) into a flat 50-point "
                + "band while a display link rebuilds the path, and the circle spins. Nothing ends the load."
        case .complete:
            "The demo's handler: a load of 1.5 s, then stopLoading(), and the band closes over "
                + "0.4 s: the finished pull to refresh."
        }
    }
}
