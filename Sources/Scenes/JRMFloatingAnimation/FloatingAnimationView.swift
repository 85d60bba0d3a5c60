// FloatingAnimationView.swift — JRMFloatingAnimation 0.1.2's JRMFloatingAnimationView and the
// animation half of its JRMFloatingImageView (`start`, `animationDidStop:finished:`), the library
// behind the fish tutorial (docs/SEMANTICS.md § Fish (JRMFloatingAnimation)). The floating scene
// runs its demo app on it; the paths are FloatingPath.swift's. The fish scene's bubbles are made
// of the same options, paths and `randomFloatBetween` (Fish/FloatOptions.swift, FloatingBubble.swift).
//
// Differences from the library, and why:
// - The options are one value (`FloatingAnimationOptions`), read at each `animate()`, so that a
//   knob may change them between objects. The library decides once, at its first `animate`,
//   whether `animationWidth` is custom (set) and otherwise writes its per-shape default into the
//   property; here a width of 0 means "the default" at every `animate()`, the same for every
//   sequence of settings the library's demo makes.
// - `minFloatObjectSize > maxFloatObjectSize` makes the library set the maximum to the minimum
//   for good; here it is so for that object (the options are not written back).
// - `objectsShouldSink` is pull request #9's option, not 0.1.2's (FloatingPath.swift).
// - The pop's cross-dissolve is ViewTransition.swift's (the engine has no view transitions).
import Animation

/// JRMFloatingAnimationView's properties, with the library's defaults.
struct FloatingAnimationOptions: Equatable {
    /// `startingPoint`: where objects start (their frame's x and middle y). Must be set.
    var startingPoint = Point.zero
    /// `startingPointWidth`: the start's x varies over this width around it; 0 (default) not.
    var startingPointWidth = 0.0
    /// `maxAnimationHeight`: default the starting point's y (set by `init(startingPoint:)`).
    var maxAnimationHeight = 0.0
    /// `minAnimationHeight`: default a third of the starting point's y; larger than the
    /// maximum, the two swap (the random range runs either way).
    var minAnimationHeight = 0.0
    /// `animationWidth`: how far control points and ends go to the side; 0 (default) means the
    /// shape's default: straight 2 × the object's size, curve left the start's x, curve right
    /// the superview's width − the start's x, triangle up the superview's width.
    var animationWidth = 0.0
    /// `pop`: the end's cross-dissolve grows the object to 1.3× (default off).
    var pop = false
    /// `maxFloatObjectSize`: default 20 points.
    var maxFloatObjectSize = 20.0
    /// `minFloatObjectSize`: default 10 points.
    var minFloatObjectSize = 10.0
    /// `floatingShape`: default straight.
    var floatingShape = FloatingShape.straight
    /// `fadeOut`: alpha to 0 over the float, UIView's default curve (default off).
    var fadeOut = false
    /// `varyAlpha`: each object's alpha random in 0.1…1 (default off: 1).
    var varyAlpha = false
    /// `animationDuration`: seconds of the float (default 2).
    var animationDuration: MediaTime = 2
    /// `removeOnCompletion`: the object leaves after its pop (default on); off, it stays at its
    /// end.
    var removeOnCompletion = true
    /// Pull request #9's `objectsShouldSink` (never merged; not in 0.1.2): down instead of up.
    var objectsShouldSink = false

    /// `initWithStartingPoint:`: the defaults, with the heights from the starting point.
    init(startingPoint: Point = .zero) {
        self.startingPoint = startingPoint
        maxAnimationHeight = startingPoint.y
        minAnimationHeight = startingPoint.y * 1 / 3
    }

    /// `animationWidth`, or when it is 0 the library's default for `floatingShape`, for an
    /// object of `objectSize` starting at `x` in a superview spanning `superview` (the library's
    /// is 0 … its width): straight 2 × the object's size, curve left the distance to the left
    /// edge, curve right to the right edge, triangle up the whole width. The floating view and
    /// the fish scene both take their widths from here.
    func width(from x: Double, objectSize: Double, superview: ClosedRange<Double>) -> Double {
        guard animationWidth == 0 else { return animationWidth }
        switch floatingShape {
        case .curveLeft: return x - superview.lowerBound
        case .curveRight: return superview.upperBound - x
        case .triangleUp: return superview.upperBound - superview.lowerBound
        case .straight: return objectSize * 2
        }
    }

    /// Seconds of the pop's cross-dissolve (`transitionWithView:duration:0.1f`).
    static let popDuration: MediaTime = 0.1
    /// The scale the pop grows an object to (`CGAffineTransformMakeScale(1.3, 1.3)`).
    static let popScale = 1.3
    /// The range of `varyAlpha`'s random alpha (`randomFloatBetween:.1 and:1`).
    static let alphaRange = 0.1...1.0
}

/// A floating object in flight: its image view and its path. A class, not a struct: the
/// view's list of objects is copied into every checkpoint, and an hour of the floating demo's
/// balloons made that 90 bytes an object each time rather than a reference.
final class FloatingObject {
    /// The object's layer (the library's JRMFloatingImageView).
    let imageView: Layer
    let path: FloatingPath
    let size: Double

    init(imageView: Layer, path: FloatingPath, size: Double) {
        (self.imageView, self.path, self.size) = (imageView, path, size)
    }
}

/// The library's view: releases floating objects (`animate()`) from a starting point, each
/// along its own path, into its layer.
final class FloatingAnimationView {
    /// The view (clear, no size of its own); objects are its sublayers.
    let layer: Layer
    var options: FloatingAnimationOptions
    /// The superview's width, for the curves' and triangle up's default widths.
    var superviewWidth = 375.0
    /// `imageViewAnimationCompleted`: called with each object's layer after its pop, before it
    /// is removed.
    var imageViewAnimationCompleted: ((Layer) -> Void)?
    /// The images added (`addImage:`), by asset name; each object shows one at random.
    private(set) var images: [String] = []
    /// Objects released and not removed, in order (for tests and the debug overlay).
    private(set) var objects: [FloatingObject] = []
    private let timeline: Timeline
    private let random: SeededRandom

    /// `initWithStartingPoint:`.
    init(startingPoint: Point, timeline: Timeline, random: SeededRandom) {
        options = FloatingAnimationOptions(startingPoint: startingPoint)
        self.timeline = timeline
        self.random = random
        layer = Layer(timeline: timeline)
        layer.name = "floatingView"
        layer.anchorPoint = .zero
        layer.isUserInteractionEnabled = false
    }

    /// `addImage:`: at least one must be added before `animate()`.
    func addImage(_ name: String) { images.append(name) }

    /// `animate`: releases one object; returns it (nil without images, where the library
    /// would crash).
    @discardableResult
    func animate() -> FloatingObject? {
        guard !images.isEmpty else { return nil }
        var random = self.random
        let options = options
        let maxSize = max(options.maxFloatObjectSize, options.minFloatObjectSize)
        let size = FloatingPath.randomFloatBetween(options.minFloatObjectSize, and: maxSize, using: &random)
        let width = options.width(
            from: options.startingPoint.x, objectSize: size, superview: 0...max(superviewWidth, 0))
        let image = images[Int.random(in: 0..<images.count, using: &random)]
        let imageView = Layer(timeline: timeline)
        imageView.name = image
        imageView.contents = ImageAsset(named: image)
        imageView.isUserInteractionEnabled = false
        if options.varyAlpha {
            let range = FloatingAnimationOptions.alphaRange
            imageView.opacity = FloatingPath.randomFloatBetween(
                range.lowerBound, and: range.upperBound, using: &random)
        }
        var x = options.startingPoint.x
        if options.startingPointWidth != 0 {
            let half = options.startingPointWidth / 2
            x = FloatingPath.randomFloatBetween(x - half, and: x + half, using: &random)
        }
        imageView.frame = Rect(x: x, y: options.startingPoint.y - size / 2, width: size, height: size)
        layer.addSublayer(imageView)
        let path = FloatingPath.make(
            options.floatingShape, from: imageView.frame.origin, size: size, animationWidth: width,
            minAnimationHeight: options.minAnimationHeight, maxAnimationHeight: options.maxAnimationHeight,
            sinks: options.objectsShouldSink, using: &random)
        let object = FloatingObject(imageView: imageView, path: path, size: size)
        objects.append(object)
        start(object, options: options)
        return object
    }

    /// JRMFloatingImageView's `start`: the path animation (linear, held at its end), and the
    /// fade when `fadeOut` is on.
    private func start(_ object: FloatingObject, options: FloatingAnimationOptions) {
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = options.animationDuration
        pathAnimation.path = object.path.bezierPath
        pathAnimation.calculationMode = .linear
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        pathAnimation.completion = { [weak self] _ in self?.animationDidStop(object, options: options) }
        object.imageView.add(pathAnimation, forKey: "movingAnimation")
        if options.fadeOut {
            timeline.animate(duration: options.animationDuration) { object.imageView.opacity = 0 }
        }
    }

    /// `animationDidStop:finished:`: a 0.1-s cross-dissolve, to 1.3× if `pop`; then the
    /// completion block, then the object leaves if `removeOnCompletion`.
    private func animationDidStop(_ object: FloatingObject, options: FloatingAnimationOptions) {
        let imageView = object.imageView
        ViewTransition.crossDissolve(with: imageView, duration: FloatingAnimationOptions.popDuration) {
            if options.pop {
                imageView.transform = AffineTransform(
                    scaleX: FloatingAnimationOptions.popScale, y: FloatingAnimationOptions.popScale)
            }
        } completion: { [weak self] in
            self?.imageViewAnimationCompleted?(imageView)
            if options.removeOnCompletion {
                imageView.removeAllAnimations()
                imageView.removeFromSuperlayer()
                self?.objects.removeAll { $0.imageView === imageView }
            }
        }
    }
}

// MARK: - Checkpoints

extension FloatingObject: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// All constants.
    static let notCheckpointed: Set = ["imageView", "path", "size"]
}

extension FloatingAnimationView: CheckpointedObject {
    /// Its options, images and objects in flight (their layers are the engine's).
    struct Checkpoint {
        let options: FloatingAnimationOptions
        let superviewWidth: Double
        let imageViewAnimationCompleted: ((Layer) -> Void)?
        let images: [String]
        let objects: [FloatingObject]
    }

    /// Its layer (the engine's), the timeline, the random generator (its scene saves it).
    static let notCheckpointed: Set = ["layer", "timeline", "random"]

    var checkpoint: Checkpoint {
        Checkpoint(
            options: options, superviewWidth: superviewWidth,
            imageViewAnimationCompleted: imageViewAnimationCompleted, images: images,
            objects: objects.checkpointCopy)
    }

    func restore(_ saved: Checkpoint) {
        (options, superviewWidth, imageViewAnimationCompleted) =
            (saved.options, saved.superviewWidth, saved.imageViewAnimationCompleted)
        (images, objects) = (saved.images, saved.objects)
    }
}
