import Animation
import Scenes

/// A rounded square that springs to the other side of the window on every
/// click. Change a colour, the spring, add a layer; `swift run Orbit` shows it.
public final class OrbitScene: Scene {
    /// How the program lists and builds the scene: `--scene orbit`, `Orbit
    /// --list`.
    public static let descriptor = SceneDescriptor(
        name: "orbit", summary: "click: the square springs to the other side",
        hint: "click anywhere",
        gestures: [("click", "the square springs across")],
        knobs: [Knobs.stiffness.knob, Knobs.damping.knob]
    ) { OrbitScene(context: $0) }

    /// A knob: a constant people may turn (the knob panel, `Orbit knobs`,
    /// `--set stiffness=400`).
    static let stiffnessDefault = 200.0
    static let dampingDefault = 10.0
    enum Knobs {
        static let stiffness = KnobKey<Double>(
            "stiffness", KnobDeclaration("static let stiffnessDefault"),
            tutorial: OrbitScene.stiffnessDefault, in: 20...1000, step: 10,
            unit: "",
            "the spring's stiffness: higher is quicker")
        static let damping = KnobKey<Double>(
            "damping", KnobDeclaration("static let dampingDefault"),
            tutorial: OrbitScene.dampingDefault, in: 1...40, step: 1, unit: "",
            "the spring's damping: lower wobbles longer")
    }

    public let title = "Orbit"
    public let rootLayer: Layer
    private let square: Layer
    private let knobs: KnobSettings
    private var bounds = Rect.zero
    private var onRight = false

    init(context: SceneContext) {
        knobs = context.knobs
        rootLayer = Layer(timeline: context.timeline)
        rootLayer.backgroundColor = Color(red255: 30, green255: 34, blue255: 56)
        square = Layer(timeline: context.timeline)
        square.name = "square"
        square.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
        square.cornerRadius = 60
        square.backgroundColor = Color(red255: 255, green255: 149, blue255: 0)
        rootLayer.addSublayer(square)
        // Input: gesture recognizers on layers, as in UIKit.
        rootLayer.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in self?.toggle() })
    }

    /// Called on every resize, with implicit animations off.
    public func layout(in bounds: Rect) {
        self.bounds = bounds
        square.position = restingPoint
    }

    /// Where the square rests: a quarter of the way in from the left or the
    /// right.
    private var restingPoint: Point {
        Point(x: bounds.width * (onRight ? 0.75 : 0.25), y: bounds.height / 2)
    }

    private func toggle() {
        let spring = SpringAnimation(keyPath: .position)  // CASpringAnimation
        spring.stiffness = knobs[Knobs.stiffness]
        spring.damping = knobs[Knobs.damping]
        // from where it is on screen
        spring.fromValue = square.presentation().position
        onRight.toggle()
        spring.toValue = restingPoint
        spring.duration = spring.settlingDuration
        square.position = restingPoint  // the model: where it ends
        // replaces the implicit animation
        square.add(spring, forKey: "position")
    }
}

// Time travel (Left, Right, the time bar) runs the scene again from its start
// to reach an earlier frame: always right, slower the longer it has run.
// Uncomment this to let it restore a checkpoint instead, taken every 2 s: it
// must save every stored property that can change (the layers, animations,
// timers and recognizers are the engine's to save), and the test
// `seeksLandExactly` tells when one is forgotten.
//
// extension OrbitScene: CheckpointingScene {
//     public func savedState() -> () -> Void {
//         let saved = (bounds, onRight)
//         return { [self] in (bounds, onRight) = saved }
//     }
// }
