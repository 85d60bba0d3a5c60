// FloatOptions.swift — what the fish scene's bubbles are made of: JRMFloatingAnimation's options
// (the library port's `FloatingAnimationOptions`) as the fish tutorial uses the library, and the
// two draws the tutorial has that the library lacks (docs/SEMANTICS.md § Fish
// (JRMFloatingAnimation)).
import Animation

/// The options of a new bubble. The defaults are the tutorial's bubbles: the zigzag
/// (`straight`), floating up, no fade, the one bubble image, the example project's ranges; with
/// them a bubble takes exactly the tutorial's random draws.
struct FloatOptions: Equatable {
    /// The library's options that the fish uses: `floatingShape`, `objectsShouldSink`,
    /// `fadeOut`, the object sizes (`min`/`maxFloatObjectSize`), the heights
    /// (`min`/`maxAnimationHeight`) and `animationDuration`. `animationWidth` stays 0, so a
    /// curve goes at most the library's default width (`FloatingAnimationOptions.width`).
    var library = FloatingAnimationOptions()
    /// The tutorial's t: how far the zigzag's control points sit left and right of the start
    /// line, points (the library's straight path draws it from 1 … twice the object's size).
    var swing: ClosedRange<Double>
    /// The opacity's range: the tutorial always varies it (the library's `varyAlpha` on), from
    /// a lower end that is a knob.
    var alpha: ClosedRange<Double>
    /// The images a bubble picks one of at random (the library's `addImage:`, used at random).
    var images: [String]
    /// Points: the scene's left and right edges, the library's superview, from which the
    /// curves' default widths come.
    var horizontalExtent: ClosedRange<Double>

    /// The library's options `shape`, `sinks` and `fadesOut`, the bubbles' `size`, `height`
    /// and float `duration`, the tutorial's `swing` and `alpha`; by default the tutorial's.
    init(
        shape: FloatingShape = .straight, sinks: Bool = false, fadesOut: Bool = false,
        size: ClosedRange<Double> = bubbleSizeRange, height: ClosedRange<Double> = bubbleHeightRange,
        duration: MediaTime = bubbleFloatDuration, swing: ClosedRange<Double> = bubbleSwingRange,
        alpha: ClosedRange<Double> = bubbleAlphaRange, images: [String] = ["bubble"],
        horizontalExtent: ClosedRange<Double> = 0.0...375.0
    ) {
        library.floatingShape = shape
        library.objectsShouldSink = sinks
        library.fadeOut = fadesOut
        library.varyAlpha = true
        (library.minFloatObjectSize, library.maxFloatObjectSize) = (size.lowerBound, size.upperBound)
        (library.minAnimationHeight, library.maxAnimationHeight) = (height.lowerBound, height.upperBound)
        library.animationDuration = duration
        (self.swing, self.alpha) = (swing, alpha)
        (self.images, self.horizontalExtent) = (images, horizontalExtent)
    }

    /// The image sets the `images` knob offers: the tutorial's bubble, two bubbles, and the
    /// library's music demo's three notes (Assets/README.md).
    static let imageSets: [(name: String, images: [String])] = [
        ("bubble", ["bubble"]), ("bubbles", ["bubble", "bubble2"]), ("notes", ["note1", "note2", "note3"]),
    ]

    /// The widest a curve starting at `x` goes: the library's default width, never below
    /// `FloatingPath.minimumCurveWidth` (docs/SEMANTICS.md: the library's range would turn round
    /// near an edge, and off it a curve left would go right).
    func curveWidthLimit(from x: Double, objectSize: Double) -> Double {
        let width = library.width(from: x, objectSize: objectSize, superview: horizontalExtent)
        return max(width, FloatingPath.minimumCurveWidth)
    }
}
