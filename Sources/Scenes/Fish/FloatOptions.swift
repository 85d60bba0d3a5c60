// FloatOptions.swift — JRMFloatingAnimation's options that the fish scene offers as knobs and
// keys (docs/SEMANTICS.md § Fish (JRMFloatingAnimation)): the floating shape, sinking, fading
// out and several images.

/// The library's options for a new bubble. The defaults are the tutorial's bubbles: the
/// zigzag (`straight`), floating up, no fade, the one bubble image; with them a bubble takes
/// exactly the tutorial's random draws, so that the default scene is what it always was.
struct FloatOptions: Equatable, Sendable {
    /// The library's `floatingShape`.
    var shape = FloatingShape.straight
    /// The library's `objectsShouldSink`: down instead of up.
    var sinks = false
    /// The library's `fadeOut`: the opacity goes to 0 over the float.
    var fadesOut = false
    /// The images a bubble picks one of at random (the library's `addImage:`, used at random).
    var images = ["bubble"]
    /// Points: the scene's left and right edges, from which the library's default widths for
    /// the curves come (to the left edge, to the right edge, the whole width).
    var horizontalExtent = 0.0...375.0

    /// The image sets the `images` knob offers: the tutorial's bubble, two bubbles, and the
    /// library's music demo's three notes (Assets/README.md).
    static let imageSets: [(name: String, images: [String])] = [
        ("bubble", ["bubble"]), ("bubbles", ["bubble", "bubble2"]), ("notes", ["note1", "note2", "note3"]),
    ]

    /// Points: the smallest width a curve goes to the side (the library's `randomFloatBetween:50
    /// and:animationWidth`).
    static let minimumCurveWidth = 50.0

    /// The library's default `animationWidth` for a curve starting at `x`: the distance to the
    /// left edge (curve left), to the right edge (curve right), or the whole width (triangle up);
    /// never below `minimumCurveWidth` (docs/SEMANTICS.md: the library's range would turn round
    /// near an edge).
    func curveWidthLimit(from x: Double) -> Double {
        let limit: Double
        switch shape {
        case .curveLeft: limit = x - horizontalExtent.lowerBound
        case .curveRight: limit = horizontalExtent.upperBound - x
        case .straight, .triangleUp: limit = horizontalExtent.upperBound - horizontalExtent.lowerBound
        }
        return max(limit, Self.minimumCurveWidth)
    }
}
