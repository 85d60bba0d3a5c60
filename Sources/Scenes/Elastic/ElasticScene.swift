import Animation

/// TEMPORARY: the elastic scene is being ported; this blank stand-in keeps the catalog whole.
final class ElasticScene: Scene {
    let title = "Elastic (coming)"
    let rootLayer: Layer

    init(context: SceneContext) {
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(white: 0.5)
    }

    func layout(in bounds: Rect) {}
}
