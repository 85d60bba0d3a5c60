import Animation

/// TEMPORARY: the download scene is being ported; this blank stand-in keeps the catalog whole.
final class DownloadScene: Scene {
    let title = "Download (coming)"
    let rootLayer: Layer

    init(context: SceneContext) {
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(white: 0.5)
    }

    func layout(in bounds: Rect) {}
}
