import Animation

/// TEMPORARY: the tictactoe scene is being ported; this blank stand-in keeps the catalog whole.
final class TicTacToeScene: Scene {
    let title = "TicTacToe (coming)"
    let rootLayer: Layer

    init(context: SceneContext) {
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(white: 0.5)
    }

    func layout(in bounds: Rect) {}
}
