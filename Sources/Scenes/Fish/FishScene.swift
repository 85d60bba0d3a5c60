// FishScene.swift — tutorials/fish-bubbles.txt ("Cheers to a New Year", the bubble fish of
// Jackrabbit Mobile), all seven steps; the library behind it is JRMFloatingAnimation
// (docs/SEMANTICS.md § Fish (JRMFloatingAnimation)).
//
// What the user does: watches a fish swim across a blue sea from left to right, over and over,
// blowing a bubble from its tail every 0.1 s, and clicks the fish for an extra bubble. `m`
// switches to the tutorial's first stage, tap mode: the fish waits in the middle of the window
// and every click on it blows one bubble. A bubble floats up along one cubic Bézier that swings
// left and right (a keyframe animation along a path), then pops: its transaction's completion
// block grows it to 1.3× while it fades out over 0.1 s, and takes its layer away.
//
// Where the steps are: 1 the fish and its tap (`setup`); 2 the math, 3 the path and 6 the
// variation (FloatingBubble.swift); 4 the keyframe animation and 5 the pop in a transaction's
// completion block (`blowBubble(at:)`, `pop`); 7 the swim (`goFishGo`), the timer
// (`startBubbleTimer`) and the tail read from the presentation layer (`createBubble`).
//
// Deliberate differences from the tutorial, and why:
// - Both stages in one scene, switched with `m`, and the fish keeps its tap recognizer while it
//   swims (the tutorial removes it): the user can compare the stages, and a click on the moving
//   fish, hit-tested where it is on screen, blows an extra bubble. Swim mode is the default.
// - The fish swims left to right across the middle of the window, from just off the left edge
//   to just off the right edge, in 12 s per crossing (the example project's `goFishGo` duration;
//   its fish swims diagonally down instead, the prose says "across the screen from left to
//   right"), on a linear curve rather than UIView's default ease in/out, so that its pace is
//   steady and it does not stop at each edge.
// - The fish is drawn at its image's size (120×72; the example project uses a 200×200 frame),
//   and bubbles start at the tail tip of our image, (15, 36): the tutorial says to "play around
//   with these values" for the image you chose.
// - Heights 100–200 px and sizes 5–30 px (JRMFloatingAnimation's demo values; the example
//   project draws heights from 50–300); durations 2–3 s at random (the tutorial's 2 s is the
//   shortest), so that bubbles blown together drift apart.
// - Opacity 0.5–1 instead of the library's 0.1–1: our bubble image is already mostly clear (a
//   15 % body inside a rim), and below half opacity a 5-px bubble disappears into the sea.
// - The pop animates opacity to 0 and the transform to 1.3× in a 0.1 s block animation; the
//   example project gets its fade from a cross-dissolve transition, which the engine does not
//   have. When it is over the bubble also drops its finished path animation (kept by
//   `isRemovedOnCompletion = false`): the engine's timeline keeps a layer that has animations,
//   where Core Animation frees them with the layer.
// - Bubbles live in one layer above the fish (the tutorial adds them to the view), take no
//   clicks (like a UIImageView) and clip to their bounds, so that the renderer's opacity group
//   stays bubble-sized: hundreds in flight stay cheap.
// - When the window is resized mid-swim, the fish carries on from where it is, at the new
//   middle height, at the pace of a 12-s crossing of the new width.
// - The debug overlay (`d`) also draws every bubble's zigzag path with its control points, as
//   "if you tap the fish quickly, you can clearly see the bezier path that our bubbles are
//   following".
import Animation

/// The sea: the window's background (ours: a mid blue on which the pale bubbles and the orange
/// fish both show).
let fishSeaColor = Color(red255: 28, green255: 107, blue255: 178)
/// Image pixels: where bubbles start on the fish, the notch of its tail (Assets/README.md).
let fishTailTip = Point(x: 15, y: 36)
/// Pixels: the fish image's size, used if the renderer cannot tell it (Assets/fish.png).
let fishImageSize = Size(width: 120, height: 72)
/// Seconds for one crossing of the window (the example project's `goFishGo`: 12 s).
let fishSwimDuration: MediaTime = 12
/// Seconds between two bubbles while the fish swims (the example project's repeating timer).
let bubbleTimerInterval: MediaTime = 0.1

/// The tutorial's view controller: a fish that blows bubbles when tapped (tap mode) or while it
/// swims (swim mode).
final class FishScene: Scene {
    /// The tutorial's two stages.
    enum Mode: Sendable, Hashable {
        /// Steps 1–6: the fish stays in the middle; clicking it blows a bubble.
        case tap
        /// Step 7: the fish swims across the window and a timer blows bubbles.
        case swim
    }

    let title = "Fish Bubbles"
    /// The view controller's view: the sea.
    let rootLayer: Layer
    private(set) var mode = Mode.swim

    private let timeline: Timeline
    private var random: SeededRandom
    /// Where the extra bubbles of a load start (FishScene+BubbleLoad.swift); a stream of its
    /// own, so the scene's own randomness is the same with or without them.
    var loadRandom = SeededRandom(seed: 0xB0BB1E)
    /// Tops the load up every frame, while there is one.
    private var loadLink: DisplayLink?
    /// The fish (the tutorial's `fishImageView`).
    let fishImageView: Layer
    /// Every bubble in flight or popping, above the fish.
    let bubbles: Layer
    /// The live bubbles' floats, in the order they were blown (for the debug overlay).
    private(set) var floats: [(bubbleImageView: Layer, bubble: FloatingBubble)] = []
    /// The fish's natural size, from its image.
    let fishSize: Size
    private var bounds = Rect.zero
    private var hasLaidOut = false
    /// The repeating timer of swim mode.
    private var bubbleTimer: ScheduledTimer?
    /// Bumped whenever a swim is called off, so that its completion does not start another.
    private var swimGeneration = 0
    /// Debug overlay: the bubbles' paths, and their control points with the lines to them.
    let pathGuide: ShapeLayer
    let controlGuide: ShapeLayer
    private var isDebugOverlayVisible = false

    /// The tutorial's constants as knobs (`animdemo knobs --scene fish`).
    static let tutorialKnobs: [Knob] = [
        Knob(
            "duration", number: bubbleDurationRange.lowerBound, in: 0.2...10, step: 0.1, unit: "s",
            "pathAnimation.duration: the shortest float"),
        Knob(
            "maxDuration", number: bubbleDurationRange.upperBound, in: 0.2...10, step: 0.1, unit: "s",
            "the longest float (the same as duration for the tutorial's fixed 2 s)"),
        Knob(
            "minHeight", number: bubbleHeightRange.lowerBound, in: 0...1000, step: 10, unit: "px",
            "how high a bubble goes, at least"),
        Knob(
            "maxHeight", number: bubbleHeightRange.upperBound, in: 0...1000, step: 10, unit: "px",
            "how high a bubble goes, at most"),
        Knob(
            "minSize", number: bubbleSizeRange.lowerBound, in: 1...200, step: 1, unit: "px",
            "the smallest bubble"),
        Knob(
            "maxSize", number: bubbleSizeRange.upperBound, in: 1...200, step: 1, unit: "px",
            "the largest bubble"),
        Knob(
            "minT", number: bubbleSwingRange.lowerBound, in: 0...400, step: 5, unit: "px",
            "t, the swing's control-point offset, at least"),
        Knob(
            "maxT", number: bubbleSwingRange.upperBound, in: 0...400, step: 5, unit: "px",
            "t, the swing's control-point offset, at most"),
        Knob(
            "minAlpha", number: bubbleAlphaRange.lowerBound, in: 0...1, step: 0.05, unit: "",
            "the faintest bubble"),
        Knob(
            "timerInterval", number: bubbleTimerInterval, in: 0.02...5, step: 0.02, unit: "s",
            "swimming: a bubble every this many seconds"),
        Knob(
            "goFishGoDuration", number: fishSwimDuration, in: 1...60, step: 1, unit: "s",
            "swimming: seconds for one crossing"),
        Knob(
            "popScale", number: bubblePopScale, in: 0.1...5, step: 0.1, unit: "×",
            "the pop grows the bubble to this"),
    ]

    private let knobs: KnobSettings

    /// The random ranges of a new bubble, from the knobs (a range whose ends cross is empty:
    /// its lower end is used).
    private var floatRanges: FloatRanges {
        func range(_ low: String, _ high: String, _ tutorial: ClosedRange<Double>) -> ClosedRange<Double> {
            let lower = knobs.number(low, fallback: tutorial.lowerBound)
            return lower...max(lower, knobs.number(high, fallback: tutorial.upperBound))
        }
        return FloatRanges(
            size: range("minSize", "maxSize", bubbleSizeRange),
            alpha: knobs.number(
                "minAlpha", fallback: bubbleAlphaRange.lowerBound)...bubbleAlphaRange.upperBound,
            height: range("minHeight", "maxHeight", bubbleHeightRange),
            swing: range("minT", "maxT", bubbleSwingRange),
            duration: range("duration", "maxDuration", bubbleDurationRange))
    }

    init(context: SceneContext) {
        knobs = context.knobs
        timeline = context.timeline
        random = context.random
        rootLayer = Layer(timeline: timeline)
        fishImageView = Layer(timeline: timeline)
        bubbles = Layer(timeline: timeline)
        pathGuide = ShapeLayer(timeline: timeline)
        controlGuide = ShapeLayer(timeline: timeline)
        fishSize = context.images.size(ofImage: "fish") ?? fishImageSize
        setup()
        startBubbleTimer()
        if context.bubbleLoad > 0 {
            let load = context.bubbleLoad
            loadLink = timeline.addDisplayLink { [weak self] _ in self?.keepBubblesInFlight(load) }
        }
    }

    /// The live bubbles: blown and not yet popped and removed.
    var liveBubbleCount: Int { bubbles.sublayers.count }

    // MARK: - Step 1: the fish

    private func setup() {
        rootLayer.backgroundColor = fishSeaColor

        fishImageView.name = "fish"
        fishImageView.contents = ImageAsset(named: "fish")
        fishImageView.bounds = Rect(origin: .zero, size: fishSize)
        fishImageView.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.createBubble() })
        rootLayer.addSublayer(fishImageView)

        bubbles.name = "bubbles"
        bubbles.isUserInteractionEnabled = false
        rootLayer.addSublayer(bubbles)

        setUpGuides()
    }

    func layout(in bounds: Rect) {
        self.bounds = bounds
        defer { hasLaidOut = true }
        updateGuides()
        switch mode {
        case .tap:
            fishImageView.position = bounds.center
        case .swim:
            // The first time, from the left edge; after a resize, on from where the fish is.
            let x = hasLaidOut ? stopSwimming().x : swimStart.x
            fishImageView.position = Point(x: x, y: swimStart.y)
            goFishGo()
        }
    }

    // MARK: - Steps 1 and 7: a bubble from the tail

    /// The tap's and the timer's action (the tutorial's `createBubble`): a bubble from the
    /// fish's tail, read from the fish's presentation layer so that a swimming fish blows it
    /// where it is on screen now.
    func createBubble() {
        let fishFrame = fishImageView.presentation().frame
        blowBubble(at: Point(x: fishFrame.minX + fishTailTip.x, y: fishFrame.minY + fishTailTip.y))
    }

    // MARK: - Steps 4 and 5: float, then pop

    /// Blows one bubble whose centre starts at `tail` (window pixels): it floats up its zigzag
    /// path, pops, and is removed.
    func blowBubble(at tail: Point) {
        let bubble = FloatingBubble.random(startingAt: tail, ranges: floatRanges, using: &random)

        let bubbleImageView = Layer(timeline: timeline)
        bubbleImageView.name = "bubble"
        bubbleImageView.contents = ImageAsset(named: "bubble")
        bubbleImageView.bounds = Rect(x: 0, y: 0, width: bubble.size, height: bubble.size)
        bubbleImageView.position = tail
        bubbleImageView.opacity = bubble.alpha
        bubbleImageView.isUserInteractionEnabled = false
        bubbleImageView.masksToBounds = true
        bubbles.addSublayer(bubbleImageView)
        floats.append((bubbleImageView, bubble))
        updateGuides()

        // Step 5: a transaction whose completion block pops the bubble once the float is over
        // (set before the animation is added).
        let transaction = timeline.beginTransaction()
        transaction.completionBlock = { [weak self] in self?.pop(bubbleImageView) }

        // Step 4: the keyframe animation along the zigzag path; it holds the end point until
        // the pop.
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        bubbleImageView.add(pathAnimation, forKey: "movingAnimation")

        timeline.commitTransaction()
    }

    /// Step 5: the bubble grows to 1.3× while it fades out over 0.1 s, then leaves the tree.
    private func pop(_ bubbleImageView: Layer) {
        timeline.animate(duration: bubblePopDuration) {
            let scale = knobs.number("popScale", fallback: bubblePopScale)
            bubbleImageView.transform = AffineTransform(scaleX: scale, y: scale)
            bubbleImageView.opacity = 0
        } completion: { [weak self] in
            bubbleImageView.removeAllAnimations()
            bubbleImageView.removeFromSuperlayer()
            self?.floats.removeAll { $0.bubbleImageView === bubbleImageView }
            self?.updateGuides()
        }
    }

    // MARK: - Step 7: swim

    /// Where a crossing starts: the fish's centre half a fish left of the window, at mid-height.
    var swimStart: Point { Point(x: bounds.minX - fishSize.width / 2, y: bounds.midY) }
    /// Where a crossing ends: half a fish right of the window.
    var swimEnd: Point { Point(x: bounds.maxX + fishSize.width / 2, y: bounds.midY) }

    /// Moves the fish from where it is to the right edge at the pace of one crossing per
    /// `fishSwimDuration`, then puts it back at the left edge and starts over.
    private func goFishGo() {
        if fishImageView.position.x >= swimEnd.x {
            timeline.transaction { transaction in
                transaction.disableActions = true
                fishImageView.position = swimStart
            }
        }
        let swim = swimGeneration
        let distance = swimEnd.x - fishImageView.position.x
        let crossing = knobs.number("goFishGoDuration", fallback: fishSwimDuration)
        let duration = crossing * distance / (swimEnd.x - swimStart.x)
        timeline.animate(duration: duration, curve: .linear) {
            fishImageView.position = swimEnd
        } completion: { [weak self] in
            guard let self, self.swimGeneration == swim else { return }  // called off
            self.timeline.transaction { transaction in
                transaction.disableActions = true
                self.fishImageView.position = self.swimStart
            }
            self.goFishGo()
        }
    }

    /// Calls the swim off; returns where the fish is on screen (the model keeps the end point
    /// until the caller moves it there).
    private func stopSwimming() -> Point {
        swimGeneration += 1
        let shown = fishImageView.presentation().position
        fishImageView.removeAnimation(forKey: LayerProperty.position.name)
        return shown
    }

    /// Step 7's "set a timer": a bubble from the tail every `bubbleTimerInterval` seconds.
    private func startBubbleTimer() {
        bubbleTimer?.invalidate()
        let interval = knobs.number("timerInterval", fallback: bubbleTimerInterval)
        bubbleTimer = timeline.schedule(after: interval, repeats: true) { [weak self] _ in
            self?.createBubble()
        }
        bubbleTimer?.name = "timer"
    }

    // MARK: - Modes

    /// Switches between the tutorial's stages: tap mode stops the fish in the middle of the
    /// window and the timer; swim mode starts both again, the fish from where it is.
    func switchMode(to newMode: Mode) {
        guard newMode != mode else { return }
        mode = newMode
        switch newMode {
        case .tap:
            bubbleTimer?.invalidate()
            bubbleTimer = nil
            _ = stopSwimming()
            timeline.transaction { transaction in
                transaction.disableActions = true
                fishImageView.position = bounds.center
            }
        case .swim:
            startBubbleTimer()
            goFishGo()
        }
    }

    /// A new timer interval or crossing time applies at once while swimming: the timer starts
    /// again, and the fish swims on from where it is at the new pace.
    func knobsDidChange() {
        guard mode == .swim else { return }
        let interval = knobs.number("timerInterval", fallback: bubbleTimerInterval)
        if bubbleTimer?.interval != interval { startBubbleTimer() }
        let shown = stopSwimming()
        timeline.transaction { transaction in
            transaction.disableActions = true
            fishImageView.position = shown
        }
        goFishGo()
    }

    func handleKey(_ key: Key) -> Bool {
        guard key == .character("m") || key == .character("M") else { return false }
        switchMode(to: mode == .swim ? .tap : .swim)
        return true
    }

    var keyHelp: [(key: Key, action: String)] {
        switch mode {
        case .swim: [(.character("m"), "tap mode: the fish stays; click it to blow a bubble")]
        case .tap: [(.character("m"), "swim mode: the fish swims and blows bubbles")]
        }
    }

    // MARK: - Debug overlay

    func setDebugOverlay(visible: Bool) {
        isDebugOverlayVisible = visible
        timeline.transaction { transaction in
            transaction.disableActions = true
            pathGuide.isHidden = !visible
            controlGuide.isHidden = !visible
        }
        updateGuides()
    }

    private func setUpGuides() {
        pathGuide.name = "zigzag paths"
        pathGuide.fillColor = .clear
        pathGuide.strokeColor = Color(white: 1, alpha: 0.7)
        controlGuide.name = "control points"
        controlGuide.fillColor = .clear
        controlGuide.strokeColor = Color(red: 1, green: 0.85, blue: 0.2)
        controlGuide.lineDashPattern = [3, 3]
        for guide in [pathGuide, controlGuide] {
            guide.isHidden = true
            guide.isUserInteractionEnabled = false
            guide.anchorPoint = .zero
            rootLayer.addSublayer(guide)
        }
    }

    /// Redraws the guides from the live bubbles' floats, while the overlay is on.
    private func updateGuides() {
        guard isDebugOverlayVisible else { return }
        var paths: [PathElement] = []
        var controls = BezierPath()
        for (_, bubble) in floats {
            paths += bubble.zigzagPath.elements
            controls.move(to: bubble.origin)
            controls.addLine(to: bubble.cp1)
            controls.move(to: Point(x: bubble.ex, y: bubble.ey))
            controls.addLine(to: bubble.cp2)
            for point in [bubble.cp1, bubble.cp2] {
                controls.move(to: Point(x: point.x + 2, y: point.y))
                controls.addArc(
                    withCenter: point, radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
            }
        }
        timeline.transaction { transaction in
            transaction.disableActions = true
            pathGuide.path = BezierPath(elements: paths)
            controlGuide.path = controls
        }
    }
}
