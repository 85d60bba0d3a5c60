// FloatingShape.swift — JRMFloatingAnimation's `JRMFloatingShape`, the paths a floating object
// can take (docs/SEMANTICS.md § Fish (JRMFloatingAnimation)).

/// The shape of the path a bubble floats along: the library's four, named as it names them.
/// The order is the knob's and the `f` key's: the tutorial's zigzag first, as the default.
enum FloatingShape: String, CaseIterable, Sendable, KnobChoice {
    /// The library's `JRMFloatingShapeStraight`, its default: the tutorial's zigzag, straight
    /// up with control points t to either side of the start line.
    case straight
    /// `JRMFloatingShapeCurveLeft`: up and curving to the left, ending w left of the start.
    case curveLeft
    /// `JRMFloatingShapeCurveRight`: up and curving to the right, ending w right of the start.
    case curveRight
    /// `JRMFloatingShapeTriangleUp`: each bubble takes one of curve left, curve right and
    /// straight at random (the library's order), so that they spread up in a cone.
    case triangleUp

    /// What `triangleUp` picks from, in the library's order (`curveLeftPath`, `curveRightPath`,
    /// `straightPath`).
    static let triangleUpPicks: [FloatingShape] = [.curveLeft, .curveRight, .straight]

    /// The shape after this one, for the key that cycles them.
    var next: FloatingShape {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }
}
