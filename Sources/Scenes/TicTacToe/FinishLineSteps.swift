// The finish-line tutorial as steps (`animdemo steps --scene tictactoe`, `--step N`;
// docs/ARCHITECTURE.md § Tutorial steps): what the tutorial's reader has on screen after each
// of its moves. Win a game (three in a row) to see a step's line. The moves themselves are
// FinishLine.swift's, and its `draw` asks its `stage` which of them it makes; here are the
// stages and the thick line the tutorial starts from. The last step is the scene as it is.

import Animation

extension FinishLine {
    /// How far along the tutorial the line is drawn.
    enum Stage: Int, CaseIterable, Comparable, Sendable {
        /// Before the tutorial's solution: one thick stroke, a rectangle with square ends.
        case thickLine = 1
        /// "Firstly, you need a starting circle."
        case startCircle
        /// "Next, you need to draw a circle that will be moved."
        case movingCircle
        /// "Another step is to draw a line": the finished finish line.
        case complete

        static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    // step 1 only {
    /// The tutorial's starting point, "a thick line": a stroke as wide as the finished line
    /// (`finishLineWidth * 2 + 1`) with the default butt caps, at once, no animation. "The
    /// line always is a rectangle."
    func addThickLine(from startPoint: Point, to endPoint: Point) {
        var thickLinePath = BezierPath()
        thickLinePath.move(to: startPoint)
        thickLinePath.addLine(to: endPoint)
        let thickLineShapeLayer = ShapeLayer(timeline: timeline)
        thickLineShapeLayer.name = "thickLineShapeLayer"
        thickLineShapeLayer.strokeColor = color
        thickLineShapeLayer.lineWidth = width * 2 + 1
        thickLineShapeLayer.path = thickLinePath
        finishLineView.addSublayer(thickLineShapeLayer)
    }
    // } step 1
}

extension TicTacToeScene {
    /// The tutorial's stages, in its order (SceneCatalog's `steps`).
    static let steps: [SceneStep] = FinishLine.Stage.allCases.map { stage in
        SceneStep(caption(of: stage)) { TicTacToeScene(context: $0, finishLineStage: stage) }
    }

    static func caption(of stage: FinishLine.Stage) -> String {
        switch stage {
        case .thickLine:
            "A win draws one thick stroke across the three fields. It is a rectangle: its square ends "
                + "are what the tutorial sets out to round."
        case .startCircle:
            "The rounding starts with a filled circle at the first field, as wide as the line; it stays "
                + "where it is."
        case .movingCircle:
            "A second circle starts on the first and slides to the last field in 2 s, holding there "
                + "(fillMode forwards): the line's other round end."
        case .complete:
            "A line as wide as the circles strokes itself from the first circle to the moving one over "
                + "the same 2 s, so its end hides under the circle: a thick line with round ends."
        }
    }
}
