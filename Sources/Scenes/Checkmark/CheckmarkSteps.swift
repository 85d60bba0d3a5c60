// The checkmark tutorial as steps (`animdemo steps --scene checkmark`, `--step N`;
// docs/ARCHITECTURE.md § Tutorial steps): what the tutorial's reader has on screen as
// `WorkSpace` grows. CheckmarkScene asks its `stage` where the steps differ (the shapes'
// configuration, the tap, the colour); the X state without the choreography is here. The last
// step is the scene as it is.

extension CheckmarkScene {
    /// How far along the tutorial the scene is built.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// "Setup the shapes": the three PaintCode paths as C4 draws a shape with no
        /// configuration (blue fill, purple stroke on the purple canvas).
        case shapes = 1
        /// The shapes configured: no fill, 2-point blue strokes, each trimmed to its part of
        /// the check (`strokeStart`, `strokeEnd`).
        case strokes
        /// A click moves every stroke to the X and back, all three at once, each with its
        /// chained second part.
        case xState
        /// `toX()` and `toCheck()`: the same animations, started after the tutorial's delays.
        case choreography
        /// The colour: blue ↔ pink over d + dc with every click; the finished scene.
        case complete

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tutorial's stages, in its order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { CheckmarkScene(context: $0, stage: stage) }
    }

    static func caption(of stage: Stage) -> String {
        switch stage {
        case .shapes:
            "Three shapes from PaintCode paths, drawn as C4 draws any shape: filled blue, a thin purple "
                + "stroke. Between them they hold every stroke the check and the X need."
        case .strokes:
            "No fill, 2-point blue strokes, and each stroke trimmed (strokeStart, strokeEnd) to its part "
                + "of the circle and the check: the check is three partial strokes."
        case .xState:
            "A click animates each shape's trim to the X and back, half a second with a quarter-second "
                + "chained finish, all three at once: the X appears, but in a jumble."
        case .choreography:
            "toX() and toCheck() start the same animations after short delays (0.15 s, 0.3 s, 0.5 s), "
                + "so that the strokes hand the circle over to each other."
        case .complete:
            "Each click also turns the colour, blue to pink and back, over the whole transition."
        }
    }

    // step 3 only {
    /// The X state before the choreography: every shape's animation to the X at once.
    func toXAllAtOnce() {
        applyTimingKnobs()
        b1ToX.animate()
        b3ToX.animate()
        b2ToX.animate()
    }
    // } step 3

    // step 3 only {
    /// The check state before the choreography: every shape's animation back at once.
    func toCheckAllAtOnce() {
        applyTimingKnobs()
        b2ToCheck.animate()
        b3ToCheck.animate()
        b1ToCheck.animate()
    }
    // } step 3
}
