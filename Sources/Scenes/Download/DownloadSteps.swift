// The download-indicator tutorial as steps (`animdemo steps --scene download`, `--step N`;
// docs/ARCHITECTURE.md § Tutorial steps): the tutorial's three moves (a shape layer with an
// empty arc, the keyframe paths, the keyframe animation), then its demo. DownloadScene asks
// its `stage` where they differ (whether the download runs, whether an update animates, the
// switch); the last step is the scene as it is.

extension DownloadScene {
    /// How far along the tutorial the scene is built.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// "Create a CAShapeLayer" with its initial path, an arc of zero length: the three
        /// indicators at 0 %, their cover rings only.
        case shapeLayer = 1
        /// The paths: each update of the simulated download sets the arc's path to the new
        /// angle at once; the indicators jump.
        case paths
        /// The keyframe animation through the paths computed ahead (0.5 s, ease out).
        case animation
        /// The library's demo: its switch runs the download again, or all at once.
        case demo

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tutorial's stages, in its order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { DownloadScene(context: $0, stage: stage) }
    }

    static func caption(of stage: Stage) -> String {
        switch stage {
        case .shapeLayer:
            "Each indicator is a shape layer whose path is an arc from 12 o'clock of zero length: "
                + "nothing shows yet but the closed and mixed types' cover rings."
        case .paths:
            "The download's updates give each layer the path of an arc to the new angle (a pie for the "
                + "filled types). Set at once, the indicators jump."
        case .animation:
            "For each update the paths of every 1/60 s between the old angle and the new are computed "
                + "ahead and played by a keyframe animation of the path, 0.5 s, ease out."
        case .demo:
            "The library's demo screen: its switch starts the multi-step download again or fills "
                + "everything in one 1-second update."
        }
    }
}
