import Animation

/// TEMPORARY stand-in until the tutorial scenes land: a square that moves to each click.
final class DemoScene: Scene {
    let title = "Demo"
    let rootLayer: Layer
    private let square: Layer

    init(context: SceneContext) {
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(white: 0.95)
        square = Layer(timeline: context.timeline)
        square.bounds = Rect(x: 0, y: 0, width: 60, height: 60)
        square.backgroundColor = Color(red: 0.1, green: 0.45, blue: 0.9)
        square.cornerRadius = 8
        rootLayer.addSublayer(square)
        rootLayer.addGestureRecognizer(TapGestureRecognizer { [weak self] recognizer in
            guard let self else { return }
            let target = recognizer.location(in: self.rootLayer)
            context.timeline.animate(duration: 0.5, changes: { self.square.position = target })
        })
    }

    func layout(in bounds: Rect) {
        square.position = bounds.center
    }
}
