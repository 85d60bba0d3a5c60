// The library's demo app as steps (`animdemo steps --scene floating`, `--step N`;
// docs/ARCHITECTURE.md § Tutorial steps): one screen after another, each showing more of
// JRMFloatingAnimation's options, from the balloons that rise on their own to the tractor's
// dust. FloatingScene asks its `stage` how many screens the bar offers and whether the fish
// screen has its guide lines. The last step is the scene as it is.

extension FloatingScene {
    /// How far along the demo is built.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// The bar and the balloon screen: a floating view releases a balloon every second.
        case balloon = 1
        /// The fish screen: the treasure chest releases a bubble a tap; two switches.
        case fish
        /// The fish screen's buttons show the options as lines.
        case guides
        /// The music screen: four shapes of path, notes that fade.
        case music
        /// The tractor screen, a starting point that moves: the finished scene.
        case complete

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The demo's stages, in order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { FloatingScene(context: $0, stage: stage) }
    }

    static func caption(of stage: Stage) -> String {
        switch stage {
        case .balloon:
            "A floating view releases a balloon every second from 100 points below the screen: "
                + "100 points wide, 5 s a float, and it stays at the top, turned blue."
        case .fish:
            "The fish screen: a tap on the chest releases a bubble, 5 to 30 points, 100 to 200 "
                + "points high, that pops; two switches turn pop and vary alpha."
        case .guides:
            "Three buttons show the options as lines: the highest float (red), the lowest "
                + "(purple) and the starting point's width (blue)."
        case .music:
            "The music screen: each button sets the path's shape and releases a note from the "
                + "saxophone's bell; the notes fade on the way up."
        case .complete:
            "The tractor screen: the tractor crosses in 5 s and a dust cloud puffs from where it "
                + "is on screen every 0.2 s; the finished demo."
        }
    }
}

extension FloatingScene.Stage {
    /// How many of the bar's screens, in its order, the step has.
    var screenCount: Int {
        switch self {
        case .balloon: 1
        case .fish, .guides: 2
        case .music: 3
        case .complete: 4
        }
    }
}
