import Animation

/// TEMPORARY: the checkmark scene is being ported; this blank stand-in keeps the catalog whole.
final class CheckmarkScene: Scene {
    let title = "Checkmark (coming)"
    let rootLayer: Layer

    init(context: SceneContext) {
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(white: 0.5)
    }

    func layout(in bounds: Rect) {}
}
