// ScrollView — UIScrollView (the table view of DGElasticPullToRefresh's demo), reduced to what
// the pull scene needs: vertical scrolling by a finger and by the mouse wheel, with momentum,
// rubber-banding past the ends and a bounce back to them (docs/SEMANTICS.md § Scroll view
// (UIScrollView)).
//
// As in UIKit, the scroll view's layer scrolls by its `bounds.origin`, which is the content
// offset: content sublayers sit in content coordinates (row 0 at y = 0) and the layer clips
// them. The offset moves three ways:
// - dragging: the offset follows the finger (from where the pan begins, so the recognizer's
//   slop does not jump it), rubber-banded past the ends: x → (1 − 1/(x·0.55/d + 1))·d, with
//   d the scroll view's height;
// - decelerating after a release inside the ends: v(t) = v0·0.998^(t/ms), evaluated in closed
//   form at every frame's time, until under half a point is left to go; if it crosses an end,
//   it bounces from there with the velocity it had;
// - bouncing back to the nearest end (after a release past it, or a deceleration that crossed
//   it): a critically damped spring, mass 1, stiffness 100, until within a quarter point, then
//   exactly at the end.
// Every change of the offset is reported to `contentOffsetDidChange` (the library observes
// `contentOffset` by KVO); the pan's end to `panGestureStateDidChange` before the scroll view
// acts on it (KVO of `panGestureRecognizer.state` comes before the recognizer's action).
//
// Deliberate differences from UIScrollView, and why:
// - Vertical only, no zooming, paging or content touches delay: the demo's table needs none
//   of them.
// - The vertical scroll indicator is drawn as the library's GIF (DGElasticPullToRefreshPreview1)
//   shows iOS's: 2.5 points wide, 3 from the right edge and from the ends, black at 35 %
//   opacity; its length the visible share of the content, shortened by as much as the list is
//   pulled past an end (to 7 points at least); shown while a finger drags the list, while it
//   decelerates or bounces back (not while the inset animates), and for 0.5 s after a wheel
//   notch; then it fades out in 0.1 s (six frames of the GIF). UIKit publishes none of these
//   numbers: they are measured from the GIF.
// - The wheel moves the offset at once by the notch, clamped to the ends, with no animation,
//   momentum or rubber-band (a mouse wheel has no velocity to carry); it stops a deceleration
//   or bounce in progress. UIKit's wheel support (iPadOS pointer) is not documented further.
// - The deceleration and bounce run on our display link, not on UIKit's private animation
//   clock; their numbers are the reconstruction in docs/SEMANTICS.md § Scroll view
//   (UIScrollView). The release velocity is PanGestureRecognizer's, over the last 0.1 s of
//   moves (UIKit's estimator is not documented).
// - `setContentInsetTop(_:animatedWithDuration:completion:)` stands for setting `contentInset`
//   inside `UIView.animate(withDuration:)`: UIKit then animates the bounds so that the offset
//   stays inside the new ends; here the inset moves on the ease-in-ease-out curve, frame by
//   frame, with the offset kept at or below it, so observers see every step.

import Animation
import Foundation

/// A vertical UIScrollView: content offset, inset and size, a pan with momentum and
/// rubber-banding, the mouse wheel.
final class ScrollView {
    // MARK: - UIScrollView's numbers (docs/SEMANTICS.md § Scroll view (UIScrollView))

    /// `UIScrollView.DecelerationRate.normal`: the velocity keeps this share every millisecond.
    static let decelerationRateNormal = 0.998
    /// The rubber band's constant c in (1 − 1/(x·c/d + 1))·d.
    static let rubberBandCoefficient = 0.55
    /// A deceleration ends when less than this is left to go, points.
    static let decelerationThreshold = 0.5
    /// The bounce back: a spring of mass 1, stiffness 100, critically damped (ω0 = 10 rad/s).
    static let bounceStiffness = 100.0
    /// The bounce ends within this of the end, points (half a pixel at 2×).
    static let bounceThreshold = 0.25

    // MARK: - The scroll indicator's numbers (measured from the library's GIF; see the header)

    /// Its width and its gap to the right edge and to the top and bottom, points.
    static let scrollIndicatorWidth = 2.5
    static let scrollIndicatorInset = 3.0
    /// Its shortest length while normal and while pulled past an end, points.
    static let scrollIndicatorMinLength = 36.0
    static let scrollIndicatorMinOverscrollLength = 7.0
    /// Its colour: black at 35 %.
    static let scrollIndicatorColor = Color(white: 0, alpha: 0.35)
    /// Seconds it takes to fade out, and it stays after a wheel notch.
    static let scrollIndicatorFadeDuration = 0.1
    static let scrollIndicatorWheelHold = 0.5

    /// The top and bottom insets of the content, points (UIEdgeInsets, reduced).
    struct EdgeInsets: Equatable {
        var top = 0.0
        var bottom = 0.0
    }

    /// What moves the offset when no finger does.
    enum ScrollAnimation: Equatable {
        /// v(t) = velocity·rate^(t/ms) from `offset` at `start`.
        case decelerating(start: MediaTime, offset: Double, velocity: Double)
        /// A critically damped spring from `displacement` past `rest`, at `start`, for
        /// `duration` seconds (`bounceDuration`).
        case bouncing(
            start: MediaTime, rest: Double, displacement: Double, velocity: Double, duration: MediaTime)
        /// The inset moving `from` → `to` over `duration` on the ease-in-ease-out curve.
        case insetting(start: MediaTime, from: Double, to: Double, duration: MediaTime)
    }

    /// The scroll view's layer: its `bounds.origin` is the content offset; it clips.
    let layer: Layer
    /// The vertical scroll indicator, a sublayer of `layer` that the owner keeps on top of the
    /// content (UIScrollView keeps it above its subviews); see the header.
    let verticalScrollIndicator: Layer
    /// The finger (`panGestureRecognizer`).
    private(set) lazy var panGestureRecognizer = PanGestureRecognizer { [weak self] _ in
        self?.panGestureDidMove()
    }
    /// The mouse wheel.
    private(set) lazy var scrollWheelGestureRecognizer = ScrollWheelGestureRecognizer { [weak self] _ in
        self?.scrollWheelDidMove()
    }

    /// The content's size, points (UITableView: rows × row height).
    var contentSize = Size(width: 0, height: 0)
    /// Extra room around the content; the offset rests within −top … height + bottom − bounds.
    var contentInset = EdgeInsets()
    /// The velocity kept every millisecond while decelerating (`decelerationRate`).
    var decelerationRate = ScrollView.decelerationRateNormal
    /// Where the visible part of the content starts: `layer.bounds.origin` (points).
    var contentOffset: Point {
        get { layer.bounds.origin }
        set {
            guard newValue != layer.bounds.origin else { return }
            layer.timeline.transaction { transaction in
                transaction.disableActions = true
                layer.bounds.origin = newValue
                layoutScrollIndicator()
            }
            contentOffsetDidChange?()
        }
    }
    /// Whether a finger moves the content now (`isDragging`).
    private(set) var isDragging = false {
        didSet { updateScrollIndicatorVisibility() }
    }
    /// Whether the offset moves on its own now (`isDecelerating`: after a release, the momentum
    /// and the bounce back; here also while the inset animates).
    var isDecelerating: Bool { animation != nil }
    /// Off: drags and the wheel do nothing and a running deceleration stops (`isScrollEnabled`).
    var isScrollEnabled = true {
        didSet { if !isScrollEnabled { stopScrollAnimation() } }
    }

    /// Called after every change of `contentOffset` (KVO of `contentOffset`).
    var contentOffsetDidChange: (() -> Void)?
    /// Called when the pan ends, fails or is cancelled, before the scroll view decelerates
    /// (KVO of `panGestureRecognizer.state`).
    var panGestureStateDidChange: ((GestureState) -> Void)?

    private(set) var animation: ScrollAnimation? {
        didSet { updateScrollIndicatorVisibility() }
    }
    /// Whether the scroll indicator shows (or is fading in); false once it fades out.
    private(set) var isShowingScrollIndicator = false
    /// Hides the indicator after a wheel notch.
    private var scrollIndicatorHideTimer: ScheduledTimer?
    private var insetCompletion: (() -> Void)?
    /// The offset and the finger's translation when the pan began.
    private var dragStart = (offset: 0.0, translation: 0.0)

    /// Runs the deceleration, bounce or inset animation every frame; paused otherwise.
    private lazy var scrollAnimationLink: DisplayLink = {
        let link = layer.timeline.addDisplayLink { [weak self] link in
            self?.scrollAnimationTick(at: link.targetTimestamp)
        }
        link.name = "scrollAnimation"
        return link
    }()

    /// A scroll view whose layer is called `name`, clipping, with a pan and a wheel recognizer.
    init(timeline: Timeline, name: String) {
        layer = Layer(timeline: timeline)
        layer.name = name
        layer.anchorPoint = .zero
        layer.masksToBounds = true
        verticalScrollIndicator = Layer(timeline: timeline)
        verticalScrollIndicator.name = "verticalScrollIndicator"
        verticalScrollIndicator.anchorPoint = .zero
        verticalScrollIndicator.backgroundColor = Self.scrollIndicatorColor
        verticalScrollIndicator.cornerRadius = Self.scrollIndicatorWidth / 2
        verticalScrollIndicator.isUserInteractionEnabled = false
        verticalScrollIndicator.opacity = 0
        verticalScrollIndicator.actions = ["position": .none, "bounds": .none]
        layer.addSublayer(verticalScrollIndicator)
        layer.addGestureRecognizer(panGestureRecognizer)
        layer.addGestureRecognizer(scrollWheelGestureRecognizer)
        scrollAnimationLink.isPaused = true
    }

    /// Places the scroll view at `frame` in its superlayer, keeping the offset (the ends move
    /// with the height: at rest it is brought back inside them).
    func setFrame(_ frame: Rect) {
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            layer.position = frame.origin
            layer.bounds.size = frame.size
            layoutScrollIndicator()
        }
        if !isDragging && animation == nil { contentOffset.y = clamped(contentOffset.y) }
    }

    // MARK: - Ends

    /// The smallest offset at rest: the content's top under the top inset.
    var minContentOffsetY: Double { -contentInset.top }
    /// The largest offset at rest: the content's bottom over the bottom inset.
    var maxContentOffsetY: Double {
        max(contentSize.height + contentInset.bottom - layer.bounds.height, minContentOffsetY)
    }

    func clamped(_ offsetY: Double) -> Double { min(max(offsetY, minContentOffsetY), maxContentOffsetY) }

    /// The rubber band: an offset `offsetY` the finger asks for, past an end by x, shows
    /// (1 − 1/(x·c/d + 1))·d past it, d the scroll view's height; inside, itself.
    func rubberBanded(_ offsetY: Double) -> Double {
        let inside = clamped(offsetY)
        let overshoot = abs(offsetY - inside)
        guard overshoot > 0 else { return offsetY }
        let d = layer.bounds.height
        let shown = (1 - 1 / (overshoot * Self.rubberBandCoefficient / d + 1)) * d
        return inside + (offsetY < inside ? -shown : shown)
    }

    // MARK: - Input

    private func panGestureDidMove() {
        let pan = panGestureRecognizer
        switch pan.state {
        case .began:
            guard isScrollEnabled else { return }
            stopScrollAnimation()
            isDragging = true
            dragStart = (contentOffset.y, pan.translation(in: layer).y)
        case .changed:
            guard isDragging else { return }
            let translation = pan.translation(in: layer).y - dragStart.translation
            contentOffset.y = rubberBanded(dragStart.offset - translation)
        case .ended, .cancelled, .failed:
            guard isDragging else { return }
            isDragging = false
            panGestureStateDidChange?(pan.state)
            guard isScrollEnabled else { return }
            let velocity = pan.state == .ended ? -pan.velocity(in: layer).y : 0
            completeGesture(withVelocity: velocity)
        case .possible:
            break
        }
    }

    private func scrollWheelDidMove() {
        guard isScrollEnabled, !isDragging else { return }
        if case .insetting = animation { return }
        stopScrollAnimation()
        let delta = scrollWheelGestureRecognizer.scrollingDelta(in: layer).y
        contentOffset.y = clamped(contentOffset.y + delta)
        flashScrollIndicator()
    }

    /// After a release: decelerate when inside the ends, bounce back when past one.
    private func completeGesture(withVelocity velocity: Double) {
        let now = layer.timeline.currentTime
        let offset = contentOffset.y
        if offset == clamped(offset) {
            start(.decelerating(start: now, offset: offset, velocity: velocity))
        } else {
            start(bounce(from: offset, at: now, velocity: velocity))
        }
    }

    // MARK: - Animating the offset

    /// Sets the top inset; with a duration, moves it there on the ease-in-ease-out curve
    /// (UIView.animate's), keeping the offset at or below `−top` on the way, then calls
    /// `completion`.
    func setContentInsetTop(
        _ top: Double, animatedWithDuration duration: MediaTime? = nil, completion: (() -> Void)? = nil
    ) {
        guard let duration, duration > 0 else {
            contentInset.top = top
            completion?()
            return
        }
        insetCompletion = completion
        start(
            .insetting(start: layer.timeline.currentTime, from: contentInset.top, to: top, duration: duration)
        )
    }

    /// A bounce from `offset` back to the nearest end, starting at `time` with `velocity`.
    private func bounce(from offset: Double, at time: MediaTime, velocity: Double) -> ScrollAnimation {
        let rest = clamped(offset)
        let displacement = offset - rest
        return .bouncing(
            start: time, rest: rest, displacement: displacement, velocity: velocity,
            duration: Self.bounceDuration(displacement, velocity: velocity))
    }

    private func start(_ newAnimation: ScrollAnimation) {
        animation = newAnimation
        scrollAnimationLink.isPaused = false
    }

    /// Stops a deceleration or bounce where it is (a new touch, the wheel, scrolling
    /// turned off); an inset animation jumps to its end.
    func stopScrollAnimation() {
        if case .insetting(_, _, let to, _) = animation {
            contentInset.top = to
            finishInsetting()
        }
        animation = nil
        scrollAnimationLink.isPaused = true
    }

    private func finishInsetting() {
        let completion = insetCompletion
        insetCompletion = nil
        completion?()
    }

    private func scrollAnimationTick(at time: MediaTime) {
        guard let animation else { return }
        switch animation {
        case .decelerating(let start, let offset, let velocity):
            decelerate(at: time, start: start, offset: offset, velocity: velocity)
        case .bouncing(let start, let rest, let displacement, let velocity, let duration):
            let elapsed = time - start
            let x = Self.bounceDisplacement(displacement, velocity: velocity, at: elapsed)
            if elapsed >= duration {
                self.animation = nil
                scrollAnimationLink.isPaused = true
                contentOffset.y = rest
            } else {
                contentOffset.y = rest + x
            }
        case .insetting(let start, let from, let to, let duration):
            let fraction = min(max((time - start) / duration, 0), 1)
            let top =
                fraction >= 1 ? to : from + (to - from) * TimingFunction.easeInEaseOut.progress(at: fraction)
            contentInset.top = top
            if fraction >= 1 {
                self.animation = nil
                scrollAnimationLink.isPaused = true
            }
            if contentOffset.y < -top && !isDragging { contentOffset.y = -top }
            if fraction >= 1 { finishInsetting() }
        }
    }

    /// The deceleration at `time`: where it has got to, a bounce if it crossed an end, the
    /// end if less than the threshold is left.
    private func decelerate(at time: MediaTime, start: MediaTime, offset: Double, velocity: Double) {
        let elapsed = time - start
        let y = Self.deceleratedOffset(offset, velocity: velocity, rate: decelerationRate, at: elapsed)
        let edge = clamped(y)
        if y != edge {
            // Crossed an end: bounce from it with the velocity it had there.
            let crossing =
                Self.decelerationTime(from: offset, to: edge, velocity: velocity, rate: decelerationRate)
                ?? elapsed
            let edgeVelocity = velocity * pow(decelerationRate, 1000 * crossing)
            animation = bounce(from: edge, at: start + crossing, velocity: edgeVelocity)
            scrollAnimationTick(at: time)
            return
        }
        contentOffset.y = y
        let speed = abs(velocity * pow(decelerationRate, 1000 * elapsed))
        if speed / (-1000 * log(decelerationRate)) < Self.decelerationThreshold {
            animation = nil
            scrollAnimationLink.isPaused = true
        }
    }

    // MARK: - The scroll indicator

    /// Where the indicator sits for the offset now, in the layer's (content) coordinates: its
    /// length the visible share of the content (at least 36 points) less the pull past an end
    /// (at least 7 points), along the track from 3 points below the top to 3 above the bottom.
    func scrollIndicatorFrame() -> Rect {
        let bounds = layer.bounds
        let inset = Self.scrollIndicatorInset
        let track = max(bounds.height - 2 * inset, 0)
        let extent = contentSize.height + contentInset.top + contentInset.bottom
        guard extent > 0, track > 0 else { return Rect(x: bounds.maxX, y: bounds.minY, width: 0, height: 0) }
        let normalLength = min(max(track * bounds.height / extent, Self.scrollIndicatorMinLength), track)
        let offset = contentOffset.y
        let overscroll = abs(offset - clamped(offset))
        let length = min(
            max(normalLength - overscroll, Self.scrollIndicatorMinOverscrollLength), normalLength)
        let range = maxContentOffsetY - minContentOffsetY
        let progress = range > 0 ? (clamped(offset) - minContentOffsetY) / range : 0
        return Rect(
            x: bounds.maxX - inset - Self.scrollIndicatorWidth,
            y: bounds.minY + inset + progress * (track - length),
            width: Self.scrollIndicatorWidth, height: length)
    }

    private func layoutScrollIndicator() {
        layer.timeline.transaction { transaction in
            transaction.disableActions = true
            verticalScrollIndicator.frame = scrollIndicatorFrame()
        }
    }

    /// Shows the indicator while a finger drags or the list moves on its own (not while the
    /// inset animates, nor during a wheel's hold); fades it out otherwise.
    private func updateScrollIndicatorVisibility() {
        let isScrolling: Bool
        switch animation {
        case .decelerating, .bouncing: isScrolling = true
        case .insetting, nil: isScrolling = isDragging
        }
        if isScrolling {
            scrollIndicatorHideTimer?.invalidate()
            scrollIndicatorHideTimer = nil
            setScrollIndicator(visible: true)
        } else if scrollIndicatorHideTimer == nil {
            setScrollIndicator(visible: false)
        }
    }

    /// Shows the indicator for a moment (a wheel notch), then fades it out.
    private func flashScrollIndicator() {
        setScrollIndicator(visible: true)
        scrollIndicatorHideTimer?.invalidate()
        let timer = layer.timeline.delay(Self.scrollIndicatorWheelHold) { [weak self] in
            self?.scrollIndicatorHideTimer = nil
            self?.updateScrollIndicatorVisibility()
        }
        timer.name = "scrollIndicatorHide"
        scrollIndicatorHideTimer = timer
    }

    private func setScrollIndicator(visible: Bool) {
        guard visible != isShowingScrollIndicator else { return }
        isShowingScrollIndicator = visible
        let timeline = layer.timeline
        if visible {
            timeline.transaction { transaction in
                transaction.disableActions = true
                verticalScrollIndicator.removeAllAnimations()
                verticalScrollIndicator.opacity = 1
            }
        } else {
            timeline.transaction { transaction in
                transaction.animationDuration = Self.scrollIndicatorFadeDuration
                verticalScrollIndicator.opacity = 0
            }
        }
    }

    // MARK: - The formulas (docs/SEMANTICS.md § Scroll view (UIScrollView))

    /// y(t) = y0 + v0·(r^(1000 t) − 1)/(1000 ln r): the integral of v0·r^(t/ms).
    static func deceleratedOffset(_ offset: Double, velocity: Double, rate: Double, at t: MediaTime) -> Double
    {
        let k = 1000 * log(rate)
        return offset + velocity * (pow(rate, 1000 * t) - 1) / k
    }

    /// When a deceleration from `offset` at `velocity` reaches `target`, seconds; nil if never.
    static func decelerationTime(from offset: Double, to target: Double, velocity: Double, rate: Double)
        -> MediaTime?
    {
        let k = 1000 * log(rate)
        let power = 1 + k * (target - offset) / velocity
        guard velocity != 0, power > 0, power <= 1 else { return nil }
        return log(power) / k
    }

    /// The bounce's displacement from the end after `t` seconds: a critically damped spring
    /// (docs/SEMANTICS.md § Springs, ζ = 1), x(t) = (x0 + (v0 + ω0·x0)·t)·e^(−ω0·t).
    static func bounceDisplacement(_ displacement: Double, velocity: Double, at t: MediaTime) -> Double {
        let omega = bounceStiffness.squareRoot()
        return (displacement + (velocity + omega * displacement) * t) * exp(-omega * t)
    }

    /// How long a bounce lasts: until its envelope (|x0| + |v0 + ω0·x0|·t)·e^(−ω0·t) stays
    /// within `bounceThreshold`, to the millisecond.
    static func bounceDuration(_ displacement: Double, velocity: Double) -> MediaTime {
        let omega = bounceStiffness.squareRoot()
        let a = abs(displacement)
        let b = abs(velocity + omega * displacement)
        var t = 0.0
        // The envelope rises only while t < 1/ω0 − a/b; past its peak it falls for good.
        while (a + b * t) * exp(-omega * t) >= bounceThreshold || t < 1 / omega - a / max(b, 1e-12) {
            t += 0.001
        }
        return t
    }
}

// MARK: - Checkpoints

extension ScrollView: CheckpointedObject {
    /// The scrolling under way and the indicator's (PullScene's checkpoints); the offset is the
    /// layer's bounds, which the engine saves.
    struct Checkpoint {
        let isScrollEnabled: Bool
        let isDragging: Bool
        let animation: ScrollAnimation?
        let isShowingScrollIndicator: Bool
        let scrollIndicatorHideTimer: ScheduledTimer?
        let insetCompletion: (() -> Void)?
        let dragStart: (offset: Double, translation: Double)
        let contentSize: Size
        let contentInset: EdgeInsets
        let decelerationRate: Double
        let contentOffsetDidChange: (() -> Void)?
        let panGestureStateDidChange: ((GestureState) -> Void)?
    }

    /// Its layers, recognizers and display link: the engine saves them.
    static let notCheckpointed: Set = [
        "layer", "verticalScrollIndicator", "panGestureRecognizer", "scrollWheelGestureRecognizer",
        "scrollAnimationLink",
    ]

    var checkpoint: Checkpoint {
        Checkpoint(
            isScrollEnabled: isScrollEnabled, isDragging: isDragging, animation: animation,
            isShowingScrollIndicator: isShowingScrollIndicator,
            scrollIndicatorHideTimer: scrollIndicatorHideTimer,
            insetCompletion: insetCompletion, dragStart: dragStart, contentSize: contentSize,
            contentInset: contentInset, decelerationRate: decelerationRate,
            contentOffsetDidChange: contentOffsetDidChange, panGestureStateDidChange: panGestureStateDidChange
        )
    }

    /// The properties with side effects go back first, so that the plain ones override what
    /// those did.
    func restore(_ saved: Checkpoint) {
        isScrollEnabled = saved.isScrollEnabled
        isDragging = saved.isDragging
        animation = saved.animation
        isShowingScrollIndicator = saved.isShowingScrollIndicator
        scrollIndicatorHideTimer = saved.scrollIndicatorHideTimer
        insetCompletion = saved.insetCompletion
        dragStart = saved.dragStart
        contentSize = saved.contentSize
        contentInset = saved.contentInset
        decelerationRate = saved.decelerationRate
        contentOffsetDidChange = saved.contentOffsetDidChange
        panGestureStateDidChange = saved.panGestureStateDidChange
    }
}
