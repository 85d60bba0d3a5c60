import Animation
import Foundation
import Scenes

/// The library's loading circle (DGElasticPullToRefreshLoadingViewCircle).
final class ElasticPullToRefreshLoadingViewCircle {
    /// The stroke's share of the circle at a pull of `progress` thresholds: 0.9
    /// · progress.
    static let strokeEndFactor = 0.9
    /// The most of the circle drawn while pulling (0.9).
    static let maxStrokeEnd = 0.9
    /// Degrees the circle turns per threshold of pull past the threshold (200).
    static let degreesPerProgressPastThreshold = 200.0
    /// One turn takes this long while loading, seconds
    /// (`rotationAnimation.duration`).
    static let rotationDuration = 1.0
    /// The circle's line width, points (`shapeLayer.lineWidth`).
    static let lineWidth = 1.0
    /// The demo's `loadingView.tintColor`, RGB(78, 221, 200).
    static let tintColor = Color(red255: 78, green255: 221, blue255: 200)
    /// The rotation animation's key (`kRotationAnimation`).
    static let rotationAnimationKey = "rotationAnimation"

    /// Clips the view to its frame inside the pull view and, with
    /// `outsideLayer`, masks it by the wave's shape (the library's `maskLayer`;
    /// see the header); the pull view adds this one and sets its background to
    /// the wave's colour.
    let maskLayer: Layer
    /// Over the circle, the pull view's background where the wave is not (see
    /// the header).
    let outsideLayer: ShapeLayer
    /// Clips `outsideLayer` to its rectangle; the pull view adds it just above
    /// `maskLayer`.
    let outsideClip: Layer
    /// How far `outsideLayer` reaches past the clip's sides and bottom, points:
    /// past the pixel the clip's edge falls in, at any window size a scene is
    /// seen at (see the header).
    static let outsideMargin = 2.0
    /// The view: its frame is set by the pull view (`loadingView.frame`).
    let layer: Layer
    /// The circle.
    let shapeLayer: ShapeLayer

    /// The circle turned a quarter back, so that its stroke starts at the top
    /// (the library's `identityTransform`, without the perspective: see the
    /// header).
    let identityTransform = AffineTransform(rotationAngle: -.pi / 2)

    init(timeline: Timeline) {
        maskLayer = Layer(timeline: timeline)
        maskLayer.name = "loadingViewMask"
        maskLayer.anchorPoint = .zero
        maskLayer.masksToBounds = true
        maskLayer.actions = ["position": .none, "bounds": .none]

        outsideLayer = ShapeLayer(timeline: timeline)
        outsideLayer.name = "loadingViewOutsideWave"
        outsideLayer.anchorPoint = .zero
        outsideLayer.fillRule = .evenOdd
        // Its path is its rectangle and the wave, even-odd: clipped to the
        // rectangle, it is the rectangle where the wave is not.
        outsideClip = Layer(timeline: timeline)
        outsideClip.name = "loadingViewOutsideClip"
        outsideClip.anchorPoint = .zero
        outsideClip.masksToBounds = true
        outsideClip.actions = ["position": .none, "bounds": .none]
        outsideClip.addSublayer(outsideLayer)
        outsideLayer.actions = [
            "position": .none, "bounds": .none, "path": .none]

        layer = Layer(timeline: timeline)
        layer.name = "loadingView"
        layer.anchorPoint = .zero
        layer.actions = ["position": .none, "bounds": .none]

        shapeLayer = ShapeLayer(timeline: timeline)
        shapeLayer.name = "loadingViewCircle"
        shapeLayer.lineWidth = Self.lineWidth
        shapeLayer.fillColor = .clear
        shapeLayer.strokeColor = Self.tintColor
        shapeLayer.actions = [
            "strokeEnd": .none, "transform": .none, "position": .none,
            "bounds": .none, "path": .none,
        ]
        shapeLayer.anchorPoint = Point(x: 0.5, y: 0.5)
        timeline.transaction { transaction in
            transaction.disableActions = true
            shapeLayer.strokeEnd = 0
            shapeLayer.transform = identityTransform
        }
        layer.addSublayer(shapeLayer)
        maskLayer.addSublayer(layer)
    }

    // MARK: - Methods

    /// Draws the circle for a pull of `progress` thresholds
    /// (`setPullProgress`).
    func setPullProgress(_ progress: Double) {
        shapeLayer.strokeEnd = min(
            Self.strokeEndFactor * progress, Self.maxStrokeEnd)

        if progress > 1 {
            let degrees = (progress - 1) * Self.degreesPerProgressPastThreshold
            shapeLayer.transform = identityTransform.rotated(
                by: degrees * .pi / 180)
        } else {
            shapeLayer.transform = identityTransform
        }
    }

    /// Spins one turn a second from where the circle is now, forever
    /// (`startAnimating`).
    func startAnimating() {
        if shapeLayer.animation(
            forKey: Self.rotationAnimationKey) != nil { return }

        let currentDegree = currentAngle()
        let rotationAnimation = KeyframeAnimation(keyPath: .transform)
        rotationAnimation.values = (0...4).map { quarter in
            AffineTransform(
                rotationAngle: currentDegree + Double(quarter) * .pi / 2)
        }
        rotationAnimation.duration = Self.rotationDuration
        rotationAnimation.repeatCount = .infinity
        rotationAnimation.isRemovedOnCompletion = false
        rotationAnimation.fillMode = .forwards
        shapeLayer.add(rotationAnimation, forKey: Self.rotationAnimationKey)
    }

    /// Stops the spin (`stopLoading`).
    func stopLoading() {
        shapeLayer.removeAnimation(forKey: Self.rotationAnimationKey)
    }

    /// The circle's angle now, radians (`currentDegree()`, the presentation's
    /// `transform.rotation.z`).
    func currentAngle() -> Double {
        let transform = shapeLayer.presentation().transform
        return atan2(transform.b, transform.a)
    }

    // MARK: - Layout

    /// Places the view at `frame` in the pull view (the library's
    /// `loadingView.frame`) and masks it by `wavePath`, the wave in the pull
    /// view's coordinates (`maskLayer.path`), within `viewBounds`, the pull
    /// view's bounds; the circle fills the view, inset by half its line
    /// (`layoutSubviews`).
    func layout(frame: Rect, wavePath: BezierPath, viewBounds: Rect) {
        let maskFrame = frame.intersection(viewBounds)
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            maskLayer.isHidden = maskFrame.isNull || maskFrame.isEmpty
            outsideClip.isHidden = maskLayer.isHidden
            let clip = maskLayer.isHidden ? frame : maskFrame
            maskLayer.position = clip.origin
            maskLayer.bounds = Rect(origin: .zero, size: clip.size)
            let bounds = Rect(
                x: 0, y: 0, width: frame.width, height: frame.height)
            layer.position = Point(
                x: frame.minX - clip.minX, y: frame.minY - clip.minY)
            layer.bounds = bounds
            shapeLayer.bounds = bounds
            shapeLayer.position = bounds.center
            let inset = shapeLayer.lineWidth / 2
            let path = BezierPath(ovalIn: bounds.insetBy(dx: inset, dy: inset))
            if shapeLayer.path != path { shapeLayer.path = path }
            // The clip's rectangle, reaching past its sides and bottom, and the
            // wave, even-odd: around the clip, where the wave is not.
            let margin = Self.outsideMargin
            let cover = Rect(
                x: clip.minX - margin, y: clip.minY,
                width: clip.width + 2 * margin,
                height: clip.height + margin)
            let wave = wavePath.applying(
                AffineTransform(translationX: -cover.minX, y: -cover.minY))
            let outside = BezierPath(
                elements: BezierPath(
                    rect: Rect(
                        origin: .zero,
                        size: cover.size)).elements + wave.elements)
            outsideClip.frame = cover
            outsideLayer.frame = Rect(origin: .zero, size: cover.size)
            if outsideLayer.path != outside { outsideLayer.path = outside }
        }
    }
}

// MARK: - Checkpoints

extension ElasticPullToRefreshLoadingViewCircle: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants (its layers are the engine's).
    static let notCheckpointed: Set = [
        "maskLayer", "outsideLayer", "outsideClip", "layer", "shapeLayer",
        "identityTransform",
    ]
}
