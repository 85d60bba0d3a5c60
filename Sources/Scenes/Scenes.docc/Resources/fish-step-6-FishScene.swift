import Animation
import Scenes

/// The window's background: the example project's white screen (its
/// storyboard's view).
let fishBackgroundColor = Color.white
/// Points: the example project's fish view, `CGRectMake(center.x − 100,
/// center.y − 100, 200, 200)`.
let fishViewSize = Size(width: 200, height: 200)
/// Points from the fish frame's origin to where a bubble's frame starts (the
/// example's `frame.origin.x + 5`, `frame.origin.y + 80`), used as the start of
/// its path.
let bubbleStartOffset = Point(x: 5, y: 80)

/// The tutorial's view controller: a fish that blows bubbles when tapped (tap
/// mode) or while it swims (swim mode).
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

    let timeline: Timeline
    /// How far along its tutorial the scene is built (FishSteps.swift).
    let stage: Stage
    private var random: SeededRandom
    /// Where the extra bubbles of a load start (FishScene+BubbleLoad.swift); a
    /// stream of its own, so the scene's own randomness is the same with or
    /// without them.
    var loadRandom = SeededRandom(seed: 0xB0BB1E)
    /// Tops the load up every frame, while there is one.
    private var loadLink: DisplayLink?
    /// The fish (the tutorial's `fishImageView`).
    let fishImageView: Layer
    /// Every bubble in flight or popping, above the fish.
    let bubbles: Layer
    /// The live bubbles' floats by bubble layer, numbered in the order they
    /// were blown: a pop takes its bubble out without moving the others (an
    /// array of 2,000 floats moved ~140,000 instructions' worth of them at each
    /// of the 17 pops a frame). Each keeps what its bubble is made from, for a
    /// checkpoint to make it again (`BubbleSave`). A popping bubble's entry
    /// also holds its pop's snapshot.
    var floatsByBubble: [ObjectIdentifier: LiveBubble] = [:]
    var bubblesBlown = 0
    /// The lines that add a bubble's path animation and fade (`CallSite`), the
    /// same for every bubble: read from a live one's as a checkpoint is taken,
    /// for the bubbles it makes again.
    var animationSources: (path: CallSite?, fade: CallSite?)
    /// The live bubbles' floats, in the order they were blown (for the debug
    /// overlay).
    var floats: [(bubbleImageView: Layer, bubble: FloatingBubble)] {
        floatsByBubble.values.sorted { $0.number < $1.number }.map {
            ($0.bubbleImageView, $0.save.bubble)
        }
    }
    /// The fish's size in points: the example's 200 × 200 view.
    let fishSize = fishViewSize
    private var bounds = Rect.zero
    private var hasLaidOut = false
    /// The repeating timer of swim mode.
    private var bubbleTimer: ScheduledTimer?
    /// Bumped whenever a swim is called off, so that its completion does not
    /// start another.
    private var swimGeneration = 0
    /// Debug overlay: the bubbles' paths, and their control points with the
    /// lines to them.
    let pathGuide: ShapeLayer
    let controlGuide: ShapeLayer
    private var isDebugOverlayVisible = false

    // MARK: - Knobs

    /// The example project's constants that are knobs, each declared once,
    /// here: the bubble's ranges and durations (FloatingBubble.swift, and
    /// `fishSwimDuration`, `bubbleTimerInterval` above) are made from them, and
    /// `p` in the knob panel prints them.
    static let bubbleFloatDurationDefault = 2.0
    static let minHeightDefault = 50.0
    static let maxHeightDefault = 300.0
    static let minSizeDefault = 5.0
    static let maxSizeDefault = 30.0
    static let minTDefault = 20.0
    static let maxTDefault = 100.0
    static let minAlphaDefault = 0.1
    static let bubbleTimerIntervalDefault = 0.1
    static let goFishGoDurationDefault = 5.0
    static let popScaleDefault = 1.3
    /// JRMFloatingAnimation's options, as the fish tutorial uses the library:
    /// its defaults.
    static let floatingShapeDefault: FloatingShape = .straight
    static let objectsShouldSinkDefault = false
    static let fadeOutDefault = false
    static let imageSetDefault: ImageSetChoice = .bubble

    /// The images bubbles pick from at random (`FloatOptions.imageSets`, in its
    /// order).
    enum ImageSetChoice: String, KnobChoice {
        case bubble, bubbles, notes
    }

    /// The tutorial's constants as knobs (`animdemo knobs --scene fish`), read
    /// by type.
    enum Knobs {
        static let duration = KnobKey<Double>(
            "duration",
            KnobDeclaration("static let bubbleFloatDurationDefault"),
            tutorial: bubbleFloatDurationDefault, in: 0.2...10, step: 0.1,
            unit: "s",
            "pathAnimation.duration: how long a bubble floats")
        static let minHeight = KnobKey<Double>(
            "minHeight", KnobDeclaration("static let minHeightDefault"),
            tutorial: minHeightDefault,
            in: 0...1000, step: 10, unit: "pt",
            "how high a bubble goes, at least")
        static let maxHeight = KnobKey<Double>(
            "maxHeight", KnobDeclaration("static let maxHeightDefault"),
            tutorial: maxHeightDefault,
            in: 0...1000, step: 10, unit: "pt",
            "how high a bubble goes, at most")
        static let minSize = KnobKey<Double>(
            "minSize", KnobDeclaration("static let minSizeDefault"),
            tutorial: minSizeDefault, in: 1...200,
            step: 1, unit: "pt", "the smallest bubble")
        static let maxSize = KnobKey<Double>(
            "maxSize", KnobDeclaration("static let maxSizeDefault"),
            tutorial: maxSizeDefault, in: 1...200,
            step: 1, unit: "pt", "the largest bubble")
        static let minT = KnobKey<Double>(
            "minT", KnobDeclaration("static let minTDefault"),
            tutorial: minTDefault, in: 0...400, step: 5,
            unit: "pt", "t, the swing's control-point offset, at least")
        static let maxT = KnobKey<Double>(
            "maxT", KnobDeclaration("static let maxTDefault"),
            tutorial: maxTDefault, in: 0...400, step: 5,
            unit: "pt", "t, the swing's control-point offset, at most")
        static let minAlpha = KnobKey<Double>(
            "minAlpha", KnobDeclaration("static let minAlphaDefault"),
            tutorial: minAlphaDefault, in: 0...1,
            step: 0.05, unit: "", "the faintest bubble")
        static let timerInterval = KnobKey<Double>(
            "timerInterval",
            KnobDeclaration("static let bubbleTimerIntervalDefault"),
            tutorial: bubbleTimerIntervalDefault, in: 0.02...5, step: 0.02,
            unit: "s",
            "swimming: a bubble every this many seconds")
        static let goFishGoDuration = KnobKey<Double>(
            "goFishGoDuration",
            KnobDeclaration("static let goFishGoDurationDefault"),
            tutorial: goFishGoDurationDefault, in: 0.5...60, step: 0.5,
            unit: "s",
            "swimming: animateWithDuration of one leg (ease in-out), to 200 "
                + "pt past the right edge")
        static let popScale = KnobKey<Double>(
            "popScale", KnobDeclaration("static let popScaleDefault"),
            tutorial: popScaleDefault, in: 0.1...5,
            step: 0.1, unit: "×", "the pop grows the bubble to this")
        static let shape = KnobKey<FloatingShape>(
            "shape",
            KnobDeclaration("static let floatingShapeDefault: FloatingShape"),
            tutorial: floatingShapeDefault,
            "JRMFloatingAnimation's floatingShape: the zigzag (straight), a "
                + "curve, or a cone")
        static let sink = KnobKey<Bool>(
            "sink", KnobDeclaration("static let objectsShouldSinkDefault"),
            tutorial: objectsShouldSinkDefault,
            "objectsShouldSink: bubbles sink instead of float")
        static let fadeOut = KnobKey<Bool>(
            "fadeOut", KnobDeclaration("static let fadeOutDefault"),
            tutorial: fadeOutDefault,
            "fadeOut: a bubble fades to nothing as it floats")
        static let images = KnobKey<ImageSetChoice>(
            "images",
            KnobDeclaration("static let imageSetDefault: ImageSetChoice"),
            tutorial: imageSetDefault,
            "the images bubbles pick from at random: one bubble, two bubbles, "
                + "three music notes")

        static let all = [
            duration.knob, minHeight.knob, maxHeight.knob, minSize.knob,
            maxSize.knob, minT.knob, maxT.knob,
            minAlpha.knob, timerInterval.knob, goFishGoDuration.knob,
            popScale.knob, shape.knob, sink.knob,
            fadeOut.knob, images.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    /// The values of the on/off knobs.
    static let switchNames = ["off", "on"]

    private let knobs: KnobSettings

    /// What a new bubble is made of (the library's options, the tutorial's
    /// ranges), from the knobs (`readKnobs`; the keys set them).
    private(set) var floatOptions = FloatOptions()
    /// The scale a pop grows its bubble to, from the `popScale` knob
    /// (`readKnobs`).
    private var popScale = bubblePopScale

    /// Reads what new bubbles and pops take from the knobs, so that each bubble
    /// does not look nine knobs up by name (about 5,600 instructions a bubble;
    /// at 2,000 in flight, 17 are blown a frame). Knobs change only through the
    /// shell, which then calls `knobsDidChange`, and through the option keys
    /// (`setChoice`); the curves' widths come from the bounds, read again in
    /// `layout(in:)`. So a bubble still takes the knobs as they are when it is
    /// blown.
    ///
    /// A range whose ends cross is empty: its lower end is used.
    private func readKnobs() {
        func range(
            _ low: KnobKey<Double>,
            _ high: KnobKey<Double>) -> ClosedRange<Double> {
            let lower = knobs[low]
            return lower...max(lower, knobs[high])
        }
        floatOptions = FloatOptions(
            shape: knobs[Knobs.shape], sinks: knobs[Knobs.sink],
            fadesOut: knobs[Knobs.fadeOut],
            size: range(Knobs.minSize, Knobs.maxSize),
            height: range(Knobs.minHeight, Knobs.maxHeight),
            duration: knobs[Knobs.duration],
            swing: range(Knobs.minT, Knobs.maxT),
            alpha: knobs[Knobs.minAlpha]...bubbleAlphaRange.upperBound,
            images: FloatOptions.imageSets[imageSetIndex].images,
            horizontalExtent: bounds.minX...max(bounds.maxX, bounds.minX))
        popScale = knobs[Knobs.popScale]
    }

    init(context: SceneContext, stage: Stage = .swim) {
        self.stage = stage
        if stage < .swim { mode = .tap }
        knobs = context.knobs
        timeline = context.timeline
        random = context.random
        rootLayer = Layer(timeline: timeline)
        fishImageView = Layer(timeline: timeline)
        bubbles = Layer(timeline: timeline)
        pathGuide = ShapeLayer(timeline: timeline)
        controlGuide = ShapeLayer(timeline: timeline)
        readKnobs()
        setup()
        if context.bubbleLoad > 0 {
            let load = context.bubbleLoad
            loadLink = timeline.addDisplayLink { [weak self] _ in
                self?.keepBubblesInFlight(load)
            }
        }
    }

    /// The live bubbles: blown and not yet popped and removed.
    var liveBubbleCount: Int { floatsByBubble.count }

    // MARK: - Step 1: the fish

    private func setup() {
        rootLayer.backgroundColor = fishBackgroundColor

        fishImageView.name = "fish"
        fishImageView.contents = ImageAsset(named: "fish")
        fishImageView.bounds = Rect(origin: .zero, size: fishSize)
        if stage >= .bubble && stage < .randomness {
            fishImageView.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in
                    self?.blowTutorialBubble()
                })
        }
        if stage >= .randomness {
            fishImageView.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in self?.createBubble() })
        }
        rootLayer.addSublayer(fishImageView)

        bubbles.name = "bubbles"
        bubbles.isUserInteractionEnabled = false
        rootLayer.addSublayer(bubbles)

        setUpGuides()
    }

    func layout(in bounds: Rect) {
        self.bounds = bounds
        defer { hasLaidOut = true }
        readKnobs()
        updateGuides()
        if mode == .tap {
            fishImageView.position = bounds.center
        }
    }

    // MARK: - Steps 1 and 7: a bubble from the tail

    /// The tap's and the timer's action (the tutorial's `createBubble`): a
    /// bubble from the fish frame's origin + (5, 80), read from the fish's
    /// presentation layer so that a swimming fish blows it where it is on
    /// screen now.
    func createBubble() {
        let fishFrame = fishImageView.presentation().frame
        blowBubble(
            at: Point(
                x: fishFrame.minX + bubbleStartOffset.x,
                y: fishFrame.minY + bubbleStartOffset.y))
    }

    // MARK: - Steps 4 and 5: float, then pop

    /// Blows one bubble whose centre starts at `tail` (the scene's points): it
    /// floats up its zigzag path, pops, and is removed. A `headStart` (seconds,
    /// for the benchmark's load) starts the float that far along, as if blown
    /// that long ago.
    func blowBubble(at tail: Point, headStart: MediaTime = 0) {
        let bubble = FloatingBubble.random(
            startingAt: tail, options: floatOptions, using: &random)

        let bubbleImageView = Layer(timeline: timeline)
        bubbleImageView.name = "bubble"
        bubbleImageView.contents = ImageAsset(named: bubble.imageName)
        bubbleImageView.bounds = Rect(
            x: 0, y: 0, width: bubble.size, height: bubble.size)
        bubbleImageView.position = tail
        bubbleImageView.opacity = bubble.alpha
        bubbleImageView.isUserInteractionEnabled = false
        bubbleImageView.masksToBounds = true
        bubbles.addSublayer(bubbleImageView)

        // Step 5: a transaction whose completion block pops the bubble once the
        // float is over (set before the animation is added).
        let transaction = timeline.beginTransaction()
        transaction.completionBlock = { [weak self] in
            self?.pop(bubbleImageView)
        }

        // Step 4: the keyframe animation along the zigzag path; it holds the
        // end point until the pop.
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        if headStart > 0 {
            pathAnimation.beginTime = timeline.currentTime - headStart
        }
        bubbleImageView.add(pathAnimation, forKey: "movingAnimation")
        if bubble.fadesOut {
            fadeOut(bubbleImageView, bubble, beginTime: pathAnimation.beginTime)
        }

        timeline.commitTransaction()
        bubblesBlown += 1
        floatsByBubble[ObjectIdentifier(bubbleImageView)] = LiveBubble(
            bubbleImageView: bubbleImageView, number: bubblesBlown,
            save: save(of: bubble, as: bubbleImageView))
        updateGuides()
    }

    /// The library's `fadeOut`: `UIView.animate(withDuration:
    /// animationDuration) { alpha = 0 }` as the float starts, so on UIView's
    /// default ease in/out, from the bubble's alpha to 0 over the whole float;
    /// the pop then dissolves an invisible bubble.
    private func fadeOut(
        _ bubbleImageView: Layer, _ bubble: FloatingBubble,
        beginTime: MediaTime) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            bubbleImageView.opacity = 0
        }
        bubbleImageView.add(
            fadeAnimation(bubble, beginTime: beginTime), forKey: "fadeOut")
    }

    /// The library's fade of `bubble` from its alpha to 0 over the float.
    func fadeAnimation(
        _ bubble: FloatingBubble,
        beginTime: MediaTime) -> BasicAnimation<Double> {
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = bubble.alpha
        fade.toValue = 0
        fade.duration = bubble.duration
        fade.timingFunction = .easeInEaseOut
        fade.beginTime = beginTime
        return fade
    }

    /// Step 5: a short cross-dissolve into the bubble at 1.3×, then it leaves
    /// the tree (the example's `transitionWithView(…, CrossDissolve) {
    /// transform = scale 1.3 }` and `removeFromSuperview`).
    func pop(_ bubbleImageView: Layer) {
        let snapshot = ViewTransition.crossDissolve(
            with: bubbleImageView, duration: bubblePopDuration) {
            bubbleImageView.transform = AffineTransform(
                scaleX: popScale, y: popScale)
        } completion: { [weak self] in
            self?.popDidEnd(bubbleImageView)
        }
        floatsByBubble[ObjectIdentifier(bubbleImageView)]?.snapshot = snapshot
    }

    /// The pop's end: the bubble leaves the tree.
    func popDidEnd(_ bubbleImageView: Layer) {
        bubbleImageView.removeAllAnimations()
        bubbleImageView.removeFromSuperlayer()
        floatsByBubble[ObjectIdentifier(bubbleImageView)] = nil
        updateGuides()
    }

    /// The duration of the leg under way (the knob as it was when the leg
    /// started).
    private var swimDuration = FishScene.goFishGoDurationDefault

    // MARK: - Step 7: swim

    // MARK: - Modes

    /// The next bubble blown and the next pop take the new knobs; a new timer
    /// interval or leg duration applies at once while swimming: the timer
    /// starts again, and the fish starts a new leg from where it is.
    func knobsDidChange() {
        readKnobs()
    }

    func handleKey(_ key: Key) -> Bool {
        guard case .character(let character) = key else { return false }
        let options = floatOptions.library
        switch character.lowercased() {
        case "f": setOption(Knobs.shape, options.floatingShape.next)
        case "n": setOption(Knobs.sink, !options.objectsShouldSink)
        case "a": setOption(Knobs.fadeOut, !options.fadeOut)
        case "v": setOption(
            Knobs.images, ImageSetChoice.allCases[nextImageSetIndex])
        default: return false
        }
        return true
    }

    /// The `images` knob's value, and the next one round the sets.
    private var imageSetIndex: Int {
        min(
            ImageSetChoice.allCases.firstIndex(of: knobs[Knobs.images]) ?? 0,
            FloatOptions.imageSets.count - 1
        )
    }
    private var nextImageSetIndex: Int {
        (imageSetIndex + 1) % FloatOptions.imageSets.count
    }

    /// The option keys turn the knobs, so that the knob panel shows them and
    /// new bubbles read them as they read a turned knob.
    private func setOption<Value>(_ key: KnobKey<Value>, _ value: Value) {
        knobs.set(key, to: value)
        readKnobs()
    }

    private func onOff(
        _ isOn: Bool) -> String { Self.switchNames[isOn ? 1 : 0] }

    var keyHelp: [(key: Key, action: String)] {
        let options = floatOptions.library
        let sets = FloatOptions.imageSets
        return [
            mode == .swim
                ? (
                    .character("m"),
                    "tap mode (the example ignores clicks while it swims)"
                )
                : (
                    .character("m"),
                    "swim mode: the fish swims and blows bubbles"),
            (
                .character("f"),
                "floating shape: \(options.floatingShape.rawValue) → "
                    + "\(options.floatingShape.next.rawValue)"
            ),
            (
                .character("n"),
                "sink instead of float: \(onOff(options.objectsShouldSink)) → "
                    + "\(onOff(!options.objectsShouldSink))"
            ),
            (
                .character("a"),
                "fade out: \(onOff(options.fadeOut)) → "
                    + "\(onOff(!options.fadeOut))"),
            (
                .character("v"),
                "images: \(sets[imageSetIndex].name) → "
                    + "\(sets[nextImageSetIndex].name)"),
        ]
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
        pathGuide.strokeColor = Color(
            red: 0.1, green: 0.3, blue: 0.7, alpha: 0.7)
        controlGuide.name = "control points"
        controlGuide.fillColor = .clear
        controlGuide.strokeColor = Color(red: 0.85, green: 0.3, blue: 0.1)
        controlGuide.lineDashPattern = [3, 3]
        for guide in [pathGuide, controlGuide] {
            guide.isHidden = true
            guide.isUserInteractionEnabled = false
            guide.anchorPoint = .zero
            rootLayer.addSublayer(guide)
        }
    }

    /// Redraws the guides from the live bubbles' floats, while the overlay is
    /// on.
    func updateGuides() {
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
                    withCenter: point, radius: 2, startAngle: 0,
                    endAngle: 2 * .pi, clockwise: true)
            }
        }
        timeline.transaction { transaction in
            transaction.disableActions = true
            pathGuide.path = BezierPath(elements: paths)
            controlGuide.path = controls
        }
    }
}

// MARK: - Checkpoints

extension FishScene: CheckpointingScene, CheckpointedObject {
    /// The mode, the bubbles in flight and the swim under way, the timer, both
    /// random streams.
    struct Checkpoint {
        let mode: Mode
        let bounds: Rect
        let hasLaidOut: Bool
        let swimGeneration: Int
        let swimDuration: MediaTime
        let bubbleTimer: ScheduledTimer?
        let loadLink: DisplayLink?
        /// The dictionary's values: an array of 2,000 bubbles is half the
        /// memory of the dictionary's storage (4,096 buckets), which each
        /// checkpoint kept a copy of (issue 39). Empty in a checkpoint that
        /// makes the bubbles again (FishScene+Rebuild.swift).
        let floatsByBubble: [LiveBubble]
        let bubblesBlown: Int
        let isDebugOverlayVisible: Bool
        let floatOptions: FloatOptions
        let popScale: Double
        /// The generators' states.
        let random: UInt64
        let loadRandom: UInt64
    }

    /// Constants: its layers (the engine's), the knobs (the session's), the
    /// lines that add a bubble's animations (the same for every bubble).
    static let notCheckpointed: Set = [
        "title", "rootLayer", "timeline", "stage", "fishImageView", "bubbles",
        "fishSize", "pathGuide",
        "controlGuide", "knobs", "animationSources",
    ]

    var checkpoint: Checkpoint { checkpoint(keepingBubbles: true) }

    /// Its state now; without the bubbles' layers unless `keepingBubbles`.
    func checkpoint(keepingBubbles: Bool) -> Checkpoint {
        Checkpoint(
            mode: mode, bounds: bounds, hasLaidOut: hasLaidOut,
            swimGeneration: swimGeneration,
            swimDuration: swimDuration, bubbleTimer: bubbleTimer,
            loadLink: loadLink,
            floatsByBubble: keepingBubbles ? Array(floatsByBubble.values) : [],
            bubblesBlown: bubblesBlown,
            isDebugOverlayVisible: isDebugOverlayVisible,
            floatOptions: floatOptions, popScale: popScale,
            random: random.state, loadRandom: loadRandom.state
        )
    }

    func restore(_ saved: Checkpoint) {
        (mode, bounds, hasLaidOut) = (
            saved.mode, saved.bounds, saved.hasLaidOut)
        (swimGeneration, swimDuration) = (
            saved.swimGeneration, saved.swimDuration)
        (bubbleTimer, loadLink) = (saved.bubbleTimer, saved.loadLink)
        floatsByBubble = Dictionary(
            uniqueKeysWithValues: saved.floatsByBubble.lazy.map {
                (ObjectIdentifier($0.bubbleImageView), $0)
            }
        )
        bubblesBlown = saved.bubblesBlown
        isDebugOverlayVisible = saved.isDebugOverlayVisible
        (floatOptions, popScale) = (saved.floatOptions, saved.popScale)
        (random.state, loadRandom.state) = (saved.random, saved.loadRandom)
    }
}
