import Animation
import Scenes

/// The tutorial's `dg_center(_:)` extension on UIView (the library has the same
/// one): the centre (a layer's position, with its anchor point in the middle)
/// as on screen while it animates, or the model value.
extension Layer {
    fileprivate func dgCenter(_ usePresentationLayerIfPossible: Bool) -> Point {
        if usePresentationLayerIfPossible {
            return presentation().position
        }
        return position
    }
}

/// The elastic wave's seven control points, their layout, the path through them
/// and the spring back: what ElasticScene (the tutorial) and the pull scene
/// (DGElasticPullToRefresh) share.
final class ElasticWave {
    /// The literals of the tutorial's and the library's `layoutControlPoints`
    /// (docs/SEMANTICS.md § Elastic (DGElasticPullToRefresh)); ElasticScene
    /// turns them with knobs.
    struct Factors: Equatable {
        /// How far l3 and r3 move past the edges, per unit of the apex's
        /// distance from the middle (0.28 in `minLeftX` and `maxRightX`).
        var edgeShift = 0.28
        /// Where l2 and r2 sit along their half of the wave (0.44).
        var outerControlPoint = 0.44
        /// Where l1 and r1 sit along their half of the wave (0.71).
        var innerControlPoint = 0.71
        /// How far down the wave l1 and r1 sit (0.64 of `waveHeight`).
        var innerWave = 0.64
        /// How far down the wave the centre control point sits (1.36 of
        /// `waveHeight`).
        var centerWave = 1.36
    }

    let l3ControlPointView: Layer
    let l2ControlPointView: Layer
    let l1ControlPointView: Layer
    let cControlPointView: Layer
    let r1ControlPointView: Layer
    let r2ControlPointView: Layer
    let r3ControlPointView: Layer

    /// The seven control points, left to right.
    var controlPointViews: [Layer] {
        [
            l3ControlPointView, l2ControlPointView, l1ControlPointView,
            cControlPointView,
            r1ControlPointView, r2ControlPointView, r3ControlPointView,
        ]
    }

    private let timeline: Timeline

    /// Seven control points named as the tutorial's views (`l3` … `r3`),
    /// squares of `controlPointSize` (the tutorial's 3×3 frames), red and
    /// hidden: the owner adds them to its view and shows them with the debug
    /// overlay.
    init(timeline: Timeline, controlPointSize: Double) {
        self.timeline = timeline
        func makeControlPointView(named name: String) -> Layer {
            let view = Layer(timeline: timeline)
            view.name = name
            view.backgroundColor = .red
            view.isHidden = true
            return view
        }
        l3ControlPointView = makeControlPointView(named: "l3")
        l2ControlPointView = makeControlPointView(named: "l2")
        l1ControlPointView = makeControlPointView(named: "l1")
        cControlPointView = makeControlPointView(named: "c")
        r1ControlPointView = makeControlPointView(named: "r1")
        r2ControlPointView = makeControlPointView(named: "r2")
        r3ControlPointView = makeControlPointView(named: "r3")
        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews {
                view.bounds = Rect(
                    x: 0, y: 0, width: controlPointSize,
                    height: controlPointSize)
            }
        }
    }

    /// Shows the control points as red squares (the tutorial's red backgrounds)
    /// or hides them.
    func setControlPoints(visible: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            for view in controlPointViews { view.isHidden = !visible }
        }
    }

    // MARK: - Layout

    /// Places the seven points for a wave of `waveHeight` on a base of
    /// `baseHeight` with its apex at `locationX`, in a view `width` wide (the
    /// tutorial's `layoutControlPoints`, the library's `layoutSubviews`):
    /// - `minLeftX`, `maxRightX`: l3 and r3, pushed past the edges as the apex
    ///   leaves the middle;
    /// - `leftPartWidth`, `rightPartWidth`: from them to the apex.
    func layoutControlPoints(
        baseHeight: Double, waveHeight: Double, locationX: Double,
        width: Double, factors: Factors
    ) {
        let minLeftX = min((locationX - width / 2) * factors.edgeShift, 0)
        let maxRightX = max(
            width + (locationX - width / 2) * factors.edgeShift, width)

        let leftPartWidth = locationX - minLeftX
        let rightPartWidth = maxRightX - locationX

        timeline.transaction { transaction in
            // a UIView's center does not animate outside a block
            transaction.disableActions = true
            l3ControlPointView.position = Point(x: minLeftX, y: baseHeight)
            l2ControlPointView.position = Point(
                x: minLeftX + leftPartWidth * factors.outerControlPoint,
                y: baseHeight)
            l1ControlPointView.position = Point(
                x: minLeftX + leftPartWidth * factors.innerControlPoint,
                y: baseHeight + waveHeight * factors.innerWave)
            cControlPointView.position = Point(
                x: locationX, y: baseHeight + waveHeight * factors.centerWave)
            r1ControlPointView.position = Point(
                x: maxRightX - rightPartWidth * factors.innerControlPoint,
                y: baseHeight + waveHeight * factors.innerWave)
            r2ControlPointView.position = Point(
                x: maxRightX - (rightPartWidth * factors.outerControlPoint),
                y: baseHeight)
            r3ControlPointView.position = Point(x: maxRightX, y: baseHeight)
        }
    }

    /// The library's layout while loading and closing (`layoutSubviews` in the
    /// `.loading` and `.animatingToStopped` states): every point at `height`, c
    /// in the middle, the left ones at 0 and the right ones at `width`; the
    /// path is then a flat band.
    func layoutControlPointsFlat(height: Double, width: Double) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            cControlPointView.position = Point(x: width / 2, y: height)
            l1ControlPointView.position = Point(x: 0, y: height)
            l2ControlPointView.position = Point(x: 0, y: height)
            l3ControlPointView.position = Point(x: 0, y: height)
            r1ControlPointView.position = Point(x: width, y: height)
            r2ControlPointView.position = Point(x: width, y: height)
            r3ControlPointView.position = Point(x: width, y: height)
        }
    }

    // MARK: - Path

    /// The wave's outline through the control points: down the left edge to l3,
    /// three curves l3 → l1 → r1 → r3, up the right edge at `width` (the
    /// tutorial's and the library's `currentPath()`), from the points'
    /// presentation positions while `animating`.
    func currentPath(width: Double, animating: Bool) -> BezierPath {
        var bezierPath = BezierPath()

        bezierPath.move(to: Point(x: 0, y: 0))
        bezierPath.addLine(
            to: Point(x: 0, y: l3ControlPointView.dgCenter(animating).y))
        bezierPath.addCurve(
            to: l1ControlPointView.dgCenter(animating),
            controlPoint1: l3ControlPointView.dgCenter(animating),
            controlPoint2: l2ControlPointView.dgCenter(animating))
        bezierPath.addCurve(
            to: r1ControlPointView.dgCenter(animating),
            controlPoint1: cControlPointView.dgCenter(animating),
            controlPoint2: r1ControlPointView.dgCenter(animating))
        bezierPath.addCurve(
            to: r3ControlPointView.dgCenter(animating),
            controlPoint1: r1ControlPointView.dgCenter(animating),
            controlPoint2: r2ControlPointView.dgCenter(animating))
        bezierPath.addLine(to: Point(x: width, y: 0))

        bezierPath.close()

        return bezierPath
    }

    // MARK: - Spring

    /// Moves every point to `centerY` in one UIKit spring block
    /// (`UIView.animate(withDuration: delay: 0,
    /// usingSpringWithDamping:initialSpringVelocity:…)`; docs/SEMANTICS.md §
    /// Block spring animations); `completion` runs when it settles, `duration`
    /// after now. The animations' source is the caller's line (the scene's, not
    /// this shared one).
    func animateControlPoints(
        toY centerY: Double, duration: MediaTime, dampingRatio: Double,
        initialVelocity: Double,
        fileID: String = #fileID, line: Int = #line,
        completion: @escaping () -> Void
    ) {
        timeline.animate(
            duration: duration, delay: 0, dampingRatio: dampingRatio,
            initialVelocity: initialVelocity,
            fileID: fileID, line: line,
            changes: {
                l3ControlPointView.position.y = centerY
                l2ControlPointView.position.y = centerY
                l1ControlPointView.position.y = centerY
                cControlPointView.position.y = centerY
                r1ControlPointView.position.y = centerY
                r2ControlPointView.position.y = centerY
                r3ControlPointView.position.y = centerY
            },
            completion: completion)
    }

    /// Ends a running spring at once, the points where it was taking them (a
    /// resize lays them out again).
    func removeAllAnimations() {
        for view in controlPointViews { view.removeAllAnimations() }
    }
}

// MARK: - Checkpoints

extension ElasticWave: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Its control point views (the engine saves them) and their timeline.
    static let notCheckpointed: Set = [
        "l3ControlPointView", "l2ControlPointView", "l1ControlPointView",
        "cControlPointView",
        "r1ControlPointView", "r2ControlPointView", "r3ControlPointView",
        "timeline",
    ]
}
