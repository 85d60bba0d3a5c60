import Animation
import Scenes

/// The library's states (DGElasticPullToRefreshState).
enum ElasticPullToRefreshState: Equatable {
    case stopped
    case dragging
    case animatingBounce
    case loading
    case animatingToStopped
}

/// The pull-to-refresh view of DGElasticPullToRefresh over a `ScrollView`.
final class ElasticPullToRefreshView {
    // MARK: - The library's literals (DGElasticPullToRefreshView.swift)

    /// The wave's height per point of pull: `bounds.height / 3.0 * 1.6`.
    static let waveHeightPerPull = 1.6 / 3
    /// The bounce's duration, seconds (`let duration = 0.9`).
    static let bounceDurationDefault = 0.9
    /// The library's damping ratio for the bounce (`usingSpringWithDamping:
    /// 0.43`; the elastic tutorial's is 0.57).
    static let libraryBounceDampingRatio = 0.43
    /// During the bounce the view sits this far above the list's top, points
    /// (`y: -height - 1.0` in `displayLinkTick`): the band rides a point high
    /// and drops when the bounce ends.
    static let bounceFrameLift = 1.0
    /// The helper that moves the list's top runs this share of the bounce
    /// (`duration * 0.4`).
    static let bounceAnimationHelperDurationFactor = 0.4
    /// The close after loading, seconds (`UIView.animate(withDuration: 0.4,
    /// …)`).
    static let stopAnimationDuration = 0.4

    /// The view's layer: from the scroll view's top to the content's top while
    /// pulled.
    let layer: Layer
    /// The wave (`shapeLayer`), filled with `fillColor`.
    let shapeLayer: ShapeLayer
    /// The seven control points and the spring (shared with the elastic scene).
    let wave: ElasticWave
    private unowned let scrollView: ScrollView
    /// How far along the pull scene's steps the view is built
    /// (PullSteps.swift).
    let stage: PullScene.Stage

    /// The library's four numbers (the pull scene's knobs set them).
    var constants = ElasticPullToRefreshConstants.library
    /// The bounce's spring block: seconds and damping ratio (the library's 0.9
    /// s and 0.43).
    var bounceDuration = ElasticPullToRefreshView.bounceDurationDefault
    var bounceDampingRatio = ElasticPullToRefreshView.libraryBounceDampingRatio
    /// Runs when loading starts (`actionHandler`); call `stopLoading()` when
    /// done.
    var actionHandler: () -> Void = {}
    /// The wave's colour (`dg_setPullToRefreshFillColor`).
    var fillColor = Color.clear {
        didSet {
            shapeLayer.fillColor = fillColor
        }
    }
    /// The view's background below the wave
    /// (`dg_setPullToRefreshBackgroundColor`); opaque, so that the loading
    /// circle's mask by composition is a mask (see the loading view's header).
    var backgroundColor = Color.clear {
        didSet {
            layer.backgroundColor = backgroundColor
        }
    }

    /// The scroll view's top inset before this view changed it
    /// (`originalContentInsetTop`).
    private var originalContentInsetTop = 0.0
    /// Whether offset changes are followed (the library removes its KVO during
    /// the bounce).
    private var observesContentOffset = true

    private var _state = ElasticPullToRefreshState.stopped
    /// Where the view is between a pull and a reload; setting it starts what
    /// the state needs (the library's `state` setter).
    private(set) var state: ElasticPullToRefreshState {
        get { _state }
        set {
            _state = newValue

            // One of these at most: each asks for another new state.
        }
    }

    /// The view over `scrollView`, observing it
    /// (`dg_addPullToRefreshWithActionHandler`); the caller adds `layer` to the
    /// scroll view's layer, above the content.
    init(
        scrollView: ScrollView, controlPointSize: Double,
        stage: PullScene.Stage = .complete) {
        self.scrollView = scrollView
        self.stage = stage
        let timeline = scrollView.layer.timeline
        layer = Layer(timeline: timeline)
        layer.name = "pullToRefreshView"
        layer.anchorPoint = .zero
        layer.actions = ["position": .none, "bounds": .none]

        shapeLayer = ShapeLayer(timeline: timeline)
        shapeLayer.name = "shapeLayer"
        shapeLayer.fillColor = .black
        shapeLayer.actions = ["path": .none, "position": .none, "bounds": .none]
        shapeLayer.anchorPoint = .zero
        layer.addSublayer(shapeLayer)

        wave = ElasticWave(
            timeline: timeline, controlPointSize: controlPointSize)
        for view in wave.controlPointViews { layer.addSublayer(view) }

        originalContentInsetTop = scrollView.contentInset.top
        scrollView.contentOffsetDidChange = { [weak self] in
            self?.contentOffsetDidChange()
        }
        scrollView.panGestureStateDidChange = { [weak self] state in
            self?.panGestureStateDidChange(state)
        }
    }

    // MARK: - Observer

    /// KVO of the scroll view's `contentOffset`: while loading, the list cannot
    /// be pulled further than the loading inset; otherwise the state follows
    /// the pull.
    private func contentOffsetDidChange() {
        guard observesContentOffset else { return }
        let newContentOffsetY = scrollView.contentOffset.y
        if (state == .loading || state == .animatingToStopped)
            && newContentOffsetY < -scrollView.contentInset.top
        {
            scrollView.contentOffset.y = -scrollView.contentInset.top
        } else {
            scrollViewDidChangeContentOffset(dragging: scrollView.isDragging)
        }
        layoutSubviews()
    }

    /// KVO of the pan's `state`: its end is a release.
    private func panGestureStateDidChange(_ gestureState: GestureState) {
        if gestureState == .ended
            || gestureState == .cancelled
            || gestureState == .failed {
            scrollViewDidChangeContentOffset(dragging: false)
        }
    }

    // MARK: - Methods (private)

    func isAnimating() -> Bool {
        state == .animatingBounce || state == .animatingToStopped
    }

    /// How far the list is pulled past its current top inset, points.
    func actualContentOffsetY() -> Double {
        max(-scrollView.contentInset.top - scrollView.contentOffset.y, 0)
    }

    /// How far the list is pulled past its original top, points: the view's
    /// height.
    func currentHeight() -> Double {
        max(-originalContentInsetTop - scrollView.contentOffset.y, 0)
    }

    func currentWaveHeight() -> Double {
        min(
            layer.bounds.height * Self.waveHeightPerPull,
            constants.waveMaxHeight)
    }

    func currentPath() -> BezierPath {
        let width = scrollView.layer.bounds.width
        return wave.currentPath(width: width, animating: isAnimating())
    }

    private func scrollViewDidChangeContentOffset(dragging: Bool) {
        if state == .stopped && dragging {
            state = .dragging
        } else if state == .dragging && dragging == false {
            state = .stopped
        }
    }

    // MARK: - Layout

    private func setFrame(_ frame: Rect) {
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            layer.frame = frame
        }
    }

    private func setShapeLayer(width: Double, height: Double) {
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            shapeLayer.frame = Rect(x: 0, y: 0, width: width, height: height)
            shapeLayer.path = currentPath()
        }
    }

    /// Lays the view, the wave and the circle out for the scroll view's offset
    /// now (the library's `layoutSubviews`; nothing during the bounce, which
    /// the display link lays out).
    func layoutSubviews() {
        let width = scrollView.layer.bounds.width
        let height = currentHeight()

        setFrame(Rect(x: 0, y: -height, width: width, height: height))

        if state == .loading || state == .animatingToStopped {
            wave.layoutControlPointsFlat(height: height, width: width)
        } else {
            let locationX = scrollView.panGestureRecognizer.location(
                in: scrollView.layer).x

            let waveHeight = currentWaveHeight()
            let baseHeight = layer.bounds.height - waveHeight

            wave.layoutControlPoints(
                baseHeight: baseHeight, waveHeight: waveHeight,
                locationX: locationX, width: width,
                factors: ElasticWave.Factors())
        }

        setShapeLayer(width: width, height: height)
    }
}

// MARK: - Checkpoints

extension ElasticPullToRefreshView: CheckpointedObject {
    /// The settings and the state (set as a value: its setter would start what
    /// the state needs): PullScene's checkpoints.
    struct Checkpoint {
        let constants: ElasticPullToRefreshConstants
        let bounceDuration: Double
        let bounceDampingRatio: Double
        let actionHandler: () -> Void
        let fillColor: Color
        let backgroundColor: Color
        let originalContentInsetTop: Double
        let observesContentOffset: Bool
        let _state: ElasticPullToRefreshState
    }

    /// Its layers and display link (the engine's), the wave and loading view
    /// (layers and constants), the scroll view (its owner saves it), the
    /// tutorial step's stage (a constant).
    static let notCheckpointed: Set = [
        "layer", "shapeLayer", "wave", "bounceAnimationHelperView",
        "loadingView", "scrollView",
        "displayLink", "stage",
    ]

    var checkpoint: Checkpoint {
        Checkpoint(
            constants: constants, bounceDuration: bounceDuration,
            bounceDampingRatio: bounceDampingRatio,
            actionHandler: actionHandler, fillColor: fillColor,
            backgroundColor: backgroundColor,
            originalContentInsetTop: originalContentInsetTop,
            observesContentOffset: observesContentOffset,
            _state: _state)
    }

    func restore(_ saved: Checkpoint) {
        constants = saved.constants
        bounceDuration = saved.bounceDuration
        bounceDampingRatio = saved.bounceDampingRatio
        actionHandler = saved.actionHandler
        fillColor = saved.fillColor
        backgroundColor = saved.backgroundColor
        originalContentInsetTop = saved.originalContentInsetTop
        observesContentOffset = saved.observesContentOffset
        _state = saved._state
    }
}
