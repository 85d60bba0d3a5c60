import Animation
import Scenes

/// The demo app's four screens, in a bar at the top.
final class FloatingScene: Scene {
    /// The demo's screens, in the bar's order (the demo's table lists Fish,
    /// Music, Tractor, Balloon; see the header).
    enum Screen: Int, CaseIterable, Sendable {
        case balloon

        /// The row's title in the demo's table.
        var title: String {
            switch self {
            case .balloon: "Balloon"
            }
        }
    }

    let title = "JRMFloatingAnimation"
    let rootLayer: Layer
    private(set) var screen = Screen.balloon
    /// How far along its steps the scene is built (FloatingSteps.swift).
    let stage: Stage
    /// The screens in the bar: those of the steps so far, all four in the
    /// finished scene.
    var screens: [Screen] { Array(Screen.allCases.prefix(stage.screenCount)) }
    /// The screen's own layers (rebuilt when it changes).
    let content: Layer
    /// The bar at the top: the four screens' titles.
    let bar: Layer
    private(set) var tabs: [TextLayer] = []
    /// The screen's floating view.
    private(set) var floatingView: FloatingAnimationView
    /// The options the screen's view controller set (the switches and buttons
    /// change them); the knobs override them (`effectiveOptions`).
    private(set) var screenOptions = FloatingAnimationOptions()

    private let timeline: Timeline
    private let random: SeededRandom
    private let knobs: KnobSettings
    private var bounds = Rect(x: 0, y: 0, width: 375, height: 667)
    /// The screen's repeating timer (balloons every 1 s, dust every 0.2 s).
    private var timer: ScheduledTimer?
    /// Bumped when a screen goes, so that its tractor's completion does not
    /// start another run.
    private var generation = 0

    // The fish screen's parts.
    private(set) var treasureChest: Layer?
    private(set) var guideLines: [GuideLine: ShapeLayer] = [:]
    private(set) var popSwitch: Switch?
    private(set) var varyAlphaSwitch: Switch?
    // The music screen's parts.
    private(set) var fadeSwitch: Switch?
    // The tractor screen's.
    private(set) var tractor: Layer?

    /// The fish screen's three guide lines, named after the buttons that toggle
    /// them.
    enum GuideLine: String, CaseIterable, Sendable {
        case maxAnimationHeight, minAnimationHeight, startingPointWidth

        /// The line's colour: UIColor red, purple, blue.
        var color: Color {
            switch self {
            case .maxAnimationHeight: Color(red: 1, green: 0, blue: 0)
            case .minAnimationHeight: Color(red: 0.5, green: 0, blue: 0.5)
            case .startingPointWidth: Color(red: 0, green: 0, blue: 1)
            }
        }
    }

    /// Points: the navigation bar and status bar the demo's screens sit under.
    static let barHeight = 64.0
    /// iOS 7's tint (buttons' text): RGB(0, 122, 255).
    static let tintColor = Color(red255: 0, green255: 122, blue255: 255)
    /// iOS 7's navigation bar, RGB(248, 248, 248).
    static let barColor = Color(red255: 248, green255: 248, blue255: 248)
    /// Points: UIButton's and UILabel's system font sizes in the storyboard (15
    /// and 17).
    static let buttonFontSize = 15.0
    static let labelFontSize = 17.0

    // MARK: - Knobs

    /// An on/off option's knob: the screen's own value, or forced off or on.
    enum Override: String, KnobChoice {
        case demo, off, on
    }

    /// The `floatingShape` knob: the screen's own shape, or one of the
    /// library's.
    enum ShapeChoice: String, KnobChoice {
        case demo, straight, curveLeft, curveRight, triangleUp

        /// The library's shape it forces; nil keeps the screen's.
        var shape: FloatingShape? { FloatingShape(rawValue: rawValue) }
    }

    /// The knobs' tutorial values, each declared once, here: "demo" (or 0)
    /// keeps what each screen's view controller sets; `p` in the knob panel
    /// prints them.
    static let floatingShapeDefault: ShapeChoice = .demo
    static let fadeOutDefault: Override = .demo
    static let popDefault: Override = .demo
    static let varyAlphaDefault: Override = .demo
    static let removeOnCompletionDefault: Override = .demo
    static let objectsShouldSinkDefault = false
    static let startingPointWidthDefault = 0.0
    static let minAnimationHeightDefault = 0.0
    static let maxAnimationHeightDefault = 0.0
    static let animationWidthDefault = 0.0
    static let minFloatObjectSizeDefault = 0.0
    static let maxFloatObjectSizeDefault = 0.0
    static let animationDurationDefault = 0.0

    /// The library's options as knobs, under its names (`animdemo knobs --scene
    /// floating`), read by type.
    enum Knobs {
        static let floatingShape = KnobKey<ShapeChoice>(
            "floatingShape",
            KnobDeclaration("static let floatingShapeDefault: ShapeChoice"),
            tutorial: floatingShapeDefault,
            "floatingShape: the path (demo: the screen's; the library's "
                + "default straight)")
        static let fadeOut = KnobKey<Override>(
            "fadeOut", KnobDeclaration("static let fadeOutDefault: Override"),
            tutorial: fadeOutDefault,
            "fadeOut: alpha to 0 over the float (library: off)")
        static let pop = KnobKey<Override>(
            "pop", KnobDeclaration("static let popDefault: Override"),
            tutorial: popDefault,
            "pop: the end's dissolve grows the object 1.3× (library: off)")
        static let varyAlpha = KnobKey<Override>(
            "varyAlpha",
            KnobDeclaration("static let varyAlphaDefault: Override"),
            tutorial: varyAlphaDefault,
            "varyAlpha: each object's alpha random 0.1…1 (library: off)")
        static let removeOnCompletion = KnobKey<Override>(
            "removeOnCompletion",
            KnobDeclaration("static let removeOnCompletionDefault: Override"),
            tutorial: removeOnCompletionDefault,
            "removeOnCompletion: objects leave after their pop (library: on)")
        static let sink = KnobKey<Bool>(
            "sink", KnobDeclaration("static let objectsShouldSinkDefault"),
            tutorial: objectsShouldSinkDefault,
            "objectsShouldSink, from the unmerged pull request #9 (not in "
                + "0.1.2): down instead of up")
        static let startingPointWidth = KnobKey<Double>(
            "startingPointWidth",
            KnobDeclaration("static let startingPointWidthDefault"),
            tutorial: startingPointWidthDefault, in: 0...1000, step: 5,
            unit: "pt",
            "startingPointWidth: the start's x varies this wide (0: the "
                + "screen's; library 0)")
        static let minAnimationHeight = KnobKey<Double>(
            "minAnimationHeight",
            KnobDeclaration("static let minAnimationHeightDefault"),
            tutorial: minAnimationHeightDefault, in: 0...2000, step: 10,
            unit: "pt",
            "minAnimationHeight (0: the screen's; library ⅓ of the start's y)")
        static let maxAnimationHeight = KnobKey<Double>(
            "maxAnimationHeight",
            KnobDeclaration("static let maxAnimationHeightDefault"),
            tutorial: maxAnimationHeightDefault, in: 0...2000, step: 10,
            unit: "pt",
            "maxAnimationHeight (0: the screen's; library the start's y)")
        static let animationWidth = KnobKey<Double>(
            "animationWidth",
            KnobDeclaration("static let animationWidthDefault"),
            tutorial: animationWidthDefault, in: 0...1000, step: 5, unit: "pt",
            "animationWidth: how far paths go to the side (0: the screen's, "
                + "else the shape's default)")
        static let minFloatObjectSize = KnobKey<Double>(
            "minFloatObjectSize",
            KnobDeclaration("static let minFloatObjectSizeDefault"),
            tutorial: minFloatObjectSizeDefault, in: 0...300, step: 1,
            unit: "pt",
            "minFloatObjectSize (0: the screen's; library 10)")
        static let maxFloatObjectSize = KnobKey<Double>(
            "maxFloatObjectSize",
            KnobDeclaration("static let maxFloatObjectSizeDefault"),
            tutorial: maxFloatObjectSizeDefault, in: 0...300, step: 1,
            unit: "pt",
            "maxFloatObjectSize (0: the screen's; library 20)")
        static let animationDuration = KnobKey<Double>(
            "animationDuration",
            KnobDeclaration("static let animationDurationDefault"),
            tutorial: animationDurationDefault, in: 0...30, step: 0.1,
            unit: "s",
            "animationDuration: seconds of a float (0: the screen's; library "
                + "2)")

        static let all = [
            floatingShape.knob, fadeOut.knob, pop.knob, varyAlpha.knob,
            removeOnCompletion.knob, sink.knob,
            startingPointWidth.knob, minAnimationHeight.knob,
            maxAnimationHeight.knob, animationWidth.knob,
            minFloatObjectSize.knob, maxFloatObjectSize.knob,
            animationDuration.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    /// The screen's options with the knobs that are not at "demo" (or 0) laid
    /// over them.
    var effectiveOptions: FloatingAnimationOptions {
        var options = screenOptions
        func flag(_ key: KnobKey<Override>, _ value: inout Bool) {
            switch knobs[key] {
            case .off: value = false
            case .on: value = true
            case .demo: break
            }
        }
        func number(_ key: KnobKey<Double>, _ value: inout Double) {
            let knob = knobs[key]
            if knob != 0 { value = knob }
        }
        if let shape = knobs[
            Knobs.floatingShape].shape { options.floatingShape = shape }
        flag(Knobs.fadeOut, &options.fadeOut)
        flag(Knobs.pop, &options.pop)
        flag(Knobs.varyAlpha, &options.varyAlpha)
        flag(Knobs.removeOnCompletion, &options.removeOnCompletion)
        options.objectsShouldSink = knobs[Knobs.sink]
        number(Knobs.startingPointWidth, &options.startingPointWidth)
        number(Knobs.minAnimationHeight, &options.minAnimationHeight)
        number(Knobs.maxAnimationHeight, &options.maxAnimationHeight)
        number(Knobs.animationWidth, &options.animationWidth)
        number(Knobs.minFloatObjectSize, &options.minFloatObjectSize)
        number(Knobs.maxFloatObjectSize, &options.maxFloatObjectSize)
        number(Knobs.animationDuration, &options.animationDuration)
        return options
    }

    init(context: SceneContext, stage: Stage = .complete) {
        self.stage = stage
        timeline = context.timeline
        random = context.random
        knobs = context.knobs
        rootLayer = Layer(timeline: timeline)
        rootLayer.backgroundColor = .white
        content = Layer(timeline: timeline)
        content.name = "screen"
        content.anchorPoint = .zero
        bar = Layer(timeline: timeline)
        bar.name = "bar"
        bar.anchorPoint = .zero
        bar.backgroundColor = Self.barColor
        bar.borderColor = Color(white: 0.7)
        floatingView = FloatingAnimationView(
            startingPoint: .zero, timeline: timeline, random: random)
        rootLayer.addSublayer(content)
        rootLayer.addSublayer(bar)
        for screen in screens {
            let tab = TextLayer(timeline: timeline)
            tab.name = screen.title
            tab.string = screen.title
            tab.fontSize = Self.labelFontSize
            tab.alignment = .center
            tab.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in self?.show(screen) })
            tabs.append(tab)
            bar.addSublayer(tab)
        }
    }

    func layout(in bounds: Rect) {
        self.bounds = bounds
        // A hairline under the bar: its border, with the other three edges just
        // off the window.
        bar.frame = Rect(
            x: -1, y: -1, width: bounds.width + 2, height: Self.barHeight + 1)
        bar.borderWidth = 0.5
        let tabWidth = bounds.width / Double(tabs.count)
        for (index, tab) in tabs.enumerated() {
            tab.frame = Rect(
                x: 1 + tabWidth * Double(index), y: 21, width: tabWidth,
                height: 44)
        }
        content.frame = bounds
        build(screen)
    }

    /// Shows `screen` (a tab or `n`), built afresh.
    func show(_ screen: Screen) {
        self.screen = screen
        timeline.transaction { transaction in
            transaction.disableActions = true
            build(screen)
        }
    }

    // MARK: - Screens

    private func build(_ screen: Screen) {
        generation += 1
        timer?.invalidate()
        timer = nil
        for layer in content.sublayers {
            layer.removeAllAnimations()
            layer.removeFromSuperlayer()
        }
        for (index, tab) in tabs.enumerated() {
            let isCurrent = index == screen.rawValue
            tab.isBold = isCurrent
            tab.foregroundColor = isCurrent ? .black : Self.tintColor
        }
        switch screen {
        case .balloon: buildBalloons()
        }
    }

    /// A new floating view for the screen, added to it
    /// (`initWithStartingPoint:`, `addImage:`, `addSubview:`).
    private func makeFloatingView(
        startingPoint: Point, images: [String]) -> FloatingAnimationView {
        let view = FloatingAnimationView(
            startingPoint: startingPoint, timeline: timeline, random: random)
        view.superviewWidth = bounds.width
        for image in images { view.addImage(image) }
        screenOptions = view.options
        floatingView = view
        return view
    }

    /// Releases one object with the screen's options and the knobs
    /// (`[floatingView animate]`).
    @discardableResult
    func animate() -> FloatingObject? {
        floatingView.options = effectiveOptions
        return floatingView.animate()
    }

    /// JRMDemoBalloonViewController: from the middle of the bottom + 100,
    /// across the width; a balloon a second.
    private func buildBalloons() {
        let view = makeFloatingView(
            startingPoint: Point(x: bounds.width / 2, y: bounds.height + 100),
            images: ["balloon1"])
        screenOptions.startingPointWidth = bounds.width
        screenOptions.animationWidth = 100
        screenOptions.maxFloatObjectSize = 100
        screenOptions.minFloatObjectSize = 100
        screenOptions.animationDuration = 5
        screenOptions.maxAnimationHeight -= Self.barHeight
        screenOptions.minAnimationHeight = screenOptions.maxAnimationHeight
        screenOptions.removeOnCompletion = false
        view.imageViewAnimationCompleted = { imageView in
            imageView.contents = ImageAsset(named: "blueballoon")
        }
        content.addSublayer(view.layer)
        timer = timeline.schedule(
            after: 1, repeats: true) { [weak self] _ in self?.animate() }
        timer?.name = "balloon timer"
    }

    // MARK: - Controls

    // MARK: - Keys and knobs

    /// The screen after this one in the bar (`n`).
    var nextScreen: Screen {
        let index = screens.firstIndex(of: screen) ?? 0
        return screens[(index + 1) % screens.count]
    }

    func handleKey(_ key: Key) -> Bool {
        guard case .character(let character) = key else { return false }
        switch (screen, Character(character.lowercased())) {
        case (_, "n"): show(nextScreen)
        default: return false
        }
        return true
    }

    var keyHelp: [(key: Key, action: String)] {
        var help: [(key: Key, action: String)] = []
        help.append((.character("n"), "next demo screen: \(nextScreen.title)"))
        switch screen {
        case .balloon: break
        }
        return help
    }
}

// MARK: - Checkpoints

extension FloatingScene: CheckpointingScene, CheckpointedObject {
    /// The screen and what it holds, its floating view's and switches' own
    /// state, the timer, the random state.
    struct Checkpoint {
        let screen: Screen
        let tabs: [TextLayer]
        let floatingView: FloatingAnimationView
        let screenOptions: FloatingAnimationOptions
        let bounds: Rect
        let timer: ScheduledTimer?
        let generation: Int
        let treasureChest: Layer?
        let guideLines: [GuideLine: ShapeLayer]
        let popSwitch: Switch?
        let varyAlphaSwitch: Switch?
        let fadeSwitch: Switch?
        let tractor: Layer?
        /// The generator's state.
        let random: UInt64
        let viewState: FloatingAnimationView.Checkpoint
        let switchStates: [(control: Switch, state: Switch.Checkpoint)]
    }

    /// Constants: its layers (the engine's), the knobs (the session's), the
    /// tutorial step shown.
    static let notCheckpointed: Set = [
        "title", "rootLayer", "content", "bar", "timeline", "knobs", "stage"]

    var checkpoint: Checkpoint {
        let switches = [
            popSwitch, varyAlphaSwitch, fadeSwitch].compactMap { $0 }
        return Checkpoint(
            screen: screen, tabs: tabs, floatingView: floatingView,
            screenOptions: screenOptions,
            bounds: bounds,
            timer: timer, generation: generation, treasureChest: treasureChest,
            guideLines: guideLines,
            popSwitch: popSwitch, varyAlphaSwitch: varyAlphaSwitch,
            fadeSwitch: fadeSwitch, tractor: tractor,
            random: random.state, viewState: floatingView.checkpoint,
            switchStates: switches.map { ($0, $0.checkpoint) })
    }

    func restore(_ saved: Checkpoint) {
        (screen, tabs, floatingView, screenOptions) = (
            saved.screen, saved.tabs, saved.floatingView, saved.screenOptions
        )
        (bounds, timer, generation) = (
            saved.bounds, saved.timer, saved.generation)
        (treasureChest, guideLines, tractor) = (
            saved.treasureChest, saved.guideLines, saved.tractor)
        (popSwitch, varyAlphaSwitch, fadeSwitch) = (
            saved.popSwitch, saved.varyAlphaSwitch, saved.fadeSwitch)
        floatingView.restore(saved.viewState)
        for (control, state) in saved.switchStates { control.restore(state) }
        random.state = saved.random
    }
}
