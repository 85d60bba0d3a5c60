// The elastic tutorial as steps (`animdemo steps --scene elastic`, `--step N`;
// docs/ARCHITECTURE.md § Tutorial steps): what the tutorial's reader has on screen as the view
// controller grows. ElasticScene asks its `stage` at the three places where the steps differ
// (`init`, `layout(in:)`, the pan's release); the last step is the scene as it is.

extension ElasticScene {
    /// How far along the tutorial the scene is built.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// The band as a plain 50-point rectangle (the shape layer's background) and the seven
        /// control points as the tutorial's red 3×3 squares along its bottom edge.
        case controlPoints = 1
        /// The shape layer filled with the path through the points (`currentPath()`,
        /// `updateShapeLayer()`), no longer its background.
        case path
        /// The pan: dragging lays the points out under the pointer and rebuilds the path; a
        /// release does nothing yet (the tutorial's empty `.Ended` branch).
        case pan
        /// The release: a spring block carries the points back while a display link rebuilds
        /// the path every frame. The points are still red.
        case spring
        /// The finished scene: the points made invisible again.
        case complete

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The tutorial's stages, in its order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { ElasticScene(context: $0, stage: stage) }
    }

    static func caption(of stage: Stage) -> String {
        switch stage {
        case .controlPoints:
            "The band is a plain 50-point rectangle, and seven control points sit along its bottom edge, "
                + "red so that we can see them while we build the wave on them."
        case .path:
            "The shape layer is filled with a path down the left edge, through the points and up the right "
                + "edge: at rest it looks like the rectangle, but it is now a curve we can bend."
        case .pan:
            "Dragging down lays the points out under the pointer, the wave 60 % of the pull up to 100 "
                + "points, and rebuilds the path: the band stretches. Letting go does nothing yet."
        case .spring:
            "Letting go springs every point back to the band (0.9 s, damping 0.57) while a display link "
                + "rebuilds the path from the points' on-screen positions each frame."
        case .complete:
            "The control points go invisible again: the finished elastic bounce."
        }
    }
}
