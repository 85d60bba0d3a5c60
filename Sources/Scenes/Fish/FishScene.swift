import Animation

/// TEMPORARY: the fish scene is being ported; this blank stand-in keeps the catalog whole.
final class FishScene: Scene {
    let title = "Fish (coming)"
    let rootLayer: Layer

    init(context: SceneContext) {
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(white: 0.5)
    }

    func layout(in bounds: Rect) {}
}
