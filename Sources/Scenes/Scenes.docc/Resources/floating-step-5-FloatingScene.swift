import Animation
import Scenes

/// The demo app's four screens, in a bar at the top.
final class FloatingScene: Scene {
    /// The demo's screens, in the bar's order (the demo's table lists Fish,
    /// Music, Tractor, Balloon; see the header).
    enum Screen: Int, CaseIterable, Sendable {
        case balloon
        case fish
        case music
        case tractor

        /// The row's title in the demo's table.
        var title: String {
            switch self {
            case .balloon: "Balloon"
            case .fish: "Fish"
            case .music: "Music"
            case .tractor: "Tractor"
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
        treasureChest = nil
        popSwitch = nil
        varyAlphaSwitch = nil
        guideLines = [:]
        fadeSwitch = nil
        tractor = nil
        for (index, tab) in tabs.enumerated() {
            let isCurrent = index == screen.rawValue
            tab.isBold = isCurrent
            tab.foregroundColor = isCurrent ? .black : Self.tintColor
        }
        switch screen {
        case .balloon: buildBalloons()
        case .fish: buildFish()
        case .music: buildMusic()
        case .tractor: buildTractor()
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

    /// The treasure chest's frame: (width/2 − 150, height − 200, 200 × 170).
    var treasureChestFrame: Rect {
        Rect(
            x: bounds.width / 2 - 150, y: bounds.height - 200, width: 200,
            height: 170)
    }

    /// JRMDemoFishViewController: the chest, the floating view above it, the
    /// switches, the buttons and the guide lines (hidden until their button is
    /// pressed).
    private func buildFish() {
        let chestFrame = treasureChestFrame
        let chest = Layer(timeline: timeline)
        chest.name = "treasure"
        chest.contents = ImageAsset(named: "treasure")
        chest.frame = chestFrame
        chest.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in self?.animate() })
        content.addSublayer(chest)
        treasureChest = chest

        let x = (chestFrame.minX + chestFrame.width + 100) / 2
        let view = makeFloatingView(
            startingPoint: Point(x: x, y: chestFrame.minY + 50),
            images: ["bubble"])
        screenOptions.startingPointWidth = chestFrame.width - 100
        screenOptions.animationWidth = 50
        screenOptions.pop = true
        screenOptions.varyAlpha = true
        screenOptions.maxFloatObjectSize = 30
        screenOptions.minFloatObjectSize = 5
        screenOptions.maxAnimationHeight = 200
        screenOptions.minAnimationHeight = 100
        content.addSublayer(view.layer)

        // The storyboard's controls, centred as its constraints centre them (x
        // from the middle).
        let midX = controlsCenterX
        let top = Self.barHeight
        let pop = Switch(isOn: true, timeline: timeline)
        pop.layer.name = "pop"
        pop.layer.frame = Rect(
            origin: Point(x: midX + 35.5 - 25.5, y: top + 18),
            size: Switch.size)
        pop.layer.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in self?.togglePop() })
        let varyAlpha = Switch(isOn: true, timeline: timeline)
        varyAlpha.layer.name = "varyAlpha"
        varyAlpha.layer.frame = Rect(
            origin: Point(x: midX + 35.5 - 25.5, y: top + 57),
            size: Switch.size)
        varyAlpha.layer.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in self?.toggleVaryAlpha() })
        for control in [pop, varyAlpha] { content.addSublayer(control.layer) }
        popSwitch = pop
        varyAlphaSwitch = varyAlpha
        addLabel(
            "Pop?",
            frame: Rect(x: midX - 64, y: top + 23, width: 38.5, height: 20.5))
        addLabel(
            "Vary alpha?",
            frame: Rect(x: midX - 111, y: top + 61, width: 88.5, height: 20.5))
        if stage >= .guides {
            let buttons: [(GuideLine, Double)] = [
                (.maxAnimationHeight, top + 220),
                (.minAnimationHeight, top + 254),
                (.startingPointWidth, top + 286),
            ]
            for (line, y) in buttons {
                addButton(
                    line.rawValue,
                    frame: Rect(x: midX - 75, y: y, width: 150, height: 30)) {
                    [weak self] in
                    self?.toggle(line)
                }
            }
            for line in GuideLine.allCases {
                let layer = ShapeLayer(timeline: timeline)
                layer.name = line.rawValue + " line"
                layer.strokeColor = line.color
                layer.lineWidth = 3
                layer.fillColor = .clear
                layer.anchorPoint = .zero
                layer.isHidden = true
                layer.isUserInteractionEnabled = false
                content.addSublayer(layer)
                guideLines[line] = layer
            }
            updateGuideLines()
        }
    }

    /// The guide lines' paths (`createLines`), from the options in force (so a
    /// knob moves them).
    private func updateGuideLines() {
        guard !guideLines.isEmpty else { return }
        let options = effectiveOptions
        let start = options.startingPoint
        for (line, layer) in guideLines {
            var path = BezierPath()
            switch line {
            case .startingPointWidth:
                path.move(
                    to: Point(
                        x: start.x - options.startingPointWidth / 2,
                        y: start.y))
                path.addLine(
                    to: Point(
                        x: start.x + options.startingPointWidth / 2,
                        y: start.y))
            case .maxAnimationHeight:
                path.move(to: start)
                path.addLine(
                    to: Point(
                        x: start.x, y: start.y - options.maxAnimationHeight))
            case .minAnimationHeight:
                path.move(to: Point(x: start.x - 10, y: start.y))
                path.addLine(
                    to: Point(
                        x: start.x - 10,
                        y: start.y - options.minAnimationHeight))
            }
            timeline.transaction { transaction in
                transaction.disableActions = true
                layer.path = path
            }
        }
    }

    /// A guide line's button: shows the line, or hides it.
    func toggle(_ line: GuideLine) {
        guard let layer = guideLines[line] else { return }
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.isHidden.toggle()
        }
    }

    /// The "Pop?" switch (`popValueChanged:`).
    func togglePop() {
        guard let pop = popSwitch else { return }
        pop.setOn(!pop.isOn, animated: true)
        screenOptions.pop = pop.isOn
    }

    /// The "Vary alpha?" switch (`varyAlphaValueChanged:`).
    func toggleVaryAlpha() {
        guard let varyAlpha = varyAlphaSwitch else { return }
        varyAlpha.setOn(!varyAlpha.isOn, animated: true)
        screenOptions.varyAlpha = varyAlpha.isOn
    }

    /// The saxophone's frame: (centre.x − 150, centre.y + 100, 200 × 200).
    /// In a landscape window, moved up to stay in it (see the header).
    var saxFrame: Rect {
        Rect(
            x: bounds.midX - 150, y: min(bounds.midY + 100, bounds.maxY - 210),
            width: 200, height: 200)
    }

    /// Where the storyboard's centred controls are centred: the middle; in a
    /// landscape window the middle of the right half (see the header).
    var controlsCenterX: Double {
        bounds.width > bounds.height ? bounds.width * 0.75 : bounds.width / 2
    }

    /// The music screen's shape buttons, top to bottom, and their keys.
    static let shapeButtons: [
        (title: String, shape: FloatingShape, key: Character)] =
        [
        ("Straight", .straight, "z"), ("Curve Right", .curveRight, "x"),
        ("Triangle", .triangleUp, "c"),
        ("Curve Left", .curveLeft, "v"),
    ]

    /// JRMDemoMusicViewController: the sax, notes from its bell, the shape
    /// buttons, the fade switch.
    private func buildMusic() {
        let frame = saxFrame
        let sax = Layer(timeline: timeline)
        sax.name = "sax"
        sax.contents = ImageAsset(named: "sax")
        sax.frame = frame
        content.addSublayer(sax)
        let view = makeFloatingView(
            startingPoint: Point(x: frame.midX + 55, y: frame.midY - 20),
            images: ["note1", "note2", "note3"])
        screenOptions.fadeOut = true
        screenOptions.varyAlpha = true
        content.addSublayer(view.layer)

        let midX = controlsCenterX
        let top = Self.barHeight
        addLabel(
            "Floating shape:",
            frame: Rect(x: midX - 58.5, y: top + 22, width: 117, height: 20.5))
        for (index, button) in Self.shapeButtons.enumerated() {
            let y = top + [50, 76, 106, 136][index]
            addButton(
                button.title,
                frame: Rect(
                    x: midX - 50, y: y, width: 100,
                    height: 30)) { [weak self] in
                self?.release(button.shape)
            }
        }
        let fade = Switch(isOn: true, timeline: timeline)
        fade.layer.name = "fadeOut"
        fade.layer.frame = Rect(
            origin: Point(x: midX + 21, y: top + 164), size: Switch.size)
        fade.layer.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in self?.toggleFade() })
        content.addSublayer(fade.layer)
        fadeSwitch = fade
        addLabel(
            "Fade out?",
            frame: Rect(x: midX - 72, y: top + 169, width: 75, height: 20.5))
        addLabel(
            "-different images for object",
            frame: Rect(x: midX - 105, y: top + 203, width: 210, height: 20.5)
        )
    }

    /// A shape button: sets `floatingShape` and releases a note.
    func release(_ shape: FloatingShape) {
        screenOptions.floatingShape = shape
        animate()
    }

    /// The "Fade out?" switch (`fadeOutSwitched:`).
    func toggleFade() {
        guard let fade = fadeSwitch else { return }
        fade.setOn(!fade.isOn, animated: true)
        screenOptions.fadeOut = fade.isOn
    }

    /// JRMDemoTractorViewController: the tractor's frame at the start of a run,
    /// (width, centre.y, 80 × 80); a run ends at x −80.
    var tractorStartFrame: Rect {
        Rect(x: bounds.width, y: bounds.midY, width: 80, height: 80)
    }
    /// Seconds of one run (`animateWithDuration:5`, UIKit's default curve).
    static let tractorRunDuration: MediaTime = 5
    /// Seconds between puffs (the demo's 0.2-s timer).
    static let puffInterval: MediaTime = 0.2

    private func buildTractor() {
        let tractor = Layer(timeline: timeline)
        tractor.name = "tractor"
        tractor.contents = ImageAsset(named: "tractor")
        tractor.frame = tractorStartFrame
        content.addSublayer(tractor)
        self.tractor = tractor
        let view = makeFloatingView(
            startingPoint: puffStart, images: ["dustcloud"])
        screenOptions.animationWidth = 20
        screenOptions.maxAnimationHeight = 80
        screenOptions.floatingShape = .curveRight
        screenOptions.varyAlpha = true
        screenOptions.fadeOut = true
        screenOptions.maxFloatObjectSize = 30
        screenOptions.minFloatObjectSize = 5
        content.addSublayer(view.layer)
        let top = Self.barHeight
        addLabel(
            "- animation width is a small value so it",
            frame: Rect(
                x: 10, y: top + 53, width: bounds.width - 20, height: 20.5),
            alignment: .center)
        addLabel(
            "can't go far from the tractor",
            frame: Rect(
                x: 10, y: top + 73, width: bounds.width - 20, height: 20.5),
            alignment: .center)
        addLabel(
            "- vary alpha",
            frame: Rect(
                x: 10, y: top + 101, width: bounds.width - 20, height: 20.5),
            alignment: .center)
        addLabel(
            "- fade out",
            frame: Rect(
                x: 10, y: top + 130, width: bounds.width - 20, height: 20.5),
            alignment: .center)
        timer = timeline.schedule(
            after: Self.puffInterval,
            repeats: true) { [weak self] _ in self?.puff() }
        timer?.name = "puff timer"
        runTractor()
    }

    /// `runTractor`: to x −80 in 5 s (ease in-out), then back to the right edge
    /// at once and again.
    private func runTractor() {
        guard let tractor else { return }
        let run = generation
        var end = tractorStartFrame
        end.origin.x = -80
        timeline.animate(duration: Self.tractorRunDuration) {
            tractor.frame = end
        } completion: { [weak self] in
            guard let self, self.generation == run else { return }
            self.timeline.transaction { transaction in
                transaction.disableActions = true
                tractor.frame = self.tractorStartFrame
            }
            self.runTractor()
        }
    }

    /// The puff's start: the tractor's presentation frame's origin + (40, 20).
    var puffStart: Point {
        let origin = tractor?.presentation().frame.origin
            ?? tractorStartFrame.origin
        return Point(x: origin.x + 40, y: origin.y + 20)
    }

    /// `puff`: the starting point follows the tractor; one dust cloud.
    private func puff() {
        screenOptions.startingPoint = puffStart
        animate()
    }

    // MARK: - Controls

    private func addLabel(
        _ text: String, frame: Rect, alignment: TextAlignment = .left) {
        let label = TextLayer(timeline: timeline)
        label.name = text
        label.string = text
        label.fontSize = Self.labelFontSize
        label.foregroundColor = .black
        label.alignment = alignment
        label.frame = frame
        label.isUserInteractionEnabled = false
        content.addSublayer(label)
    }

    private func addButton(
        _ title: String, frame: Rect, action: @escaping () -> Void) {
        let button = TextLayer(timeline: timeline)
        button.name = title
        button.string = title
        button.fontSize = Self.buttonFontSize
        button.foregroundColor = Self.tintColor
        button.alignment = .center
        button.frame = frame
        button.addGestureRecognizer(TapGestureRecognizer { _ in action() })
        content.addSublayer(button)
    }

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
        case (.fish, "c"): animate()
        case (.fish, "o"): togglePop()
        case (.fish, "a"): toggleVaryAlpha()
        case (.fish, "x"): toggle(.maxAnimationHeight)
        case (.fish, "m"): toggle(.minAnimationHeight)
        case (.fish, "w"): toggle(.startingPointWidth)
        case (.music, "o"): toggleFade()
        case (.music, let lower):
            guard let button = Self.shapeButtons.first(
                where: { $0.key == lower }) else { return false }
            release(button.shape)
        default: return false
        }
        return true
    }

    var keyHelp: [(key: Key, action: String)] {
        var help: [(key: Key, action: String)] = []
        help.append((.character("n"), "next demo screen: \(nextScreen.title)"))
        switch screen {
        case .balloon: break
        case .fish:
            help += [
                (.character("c"), "the treasure chest: one bubble"),
                (.character("o"), "Pop?"),
                (.character("a"), "Vary alpha?"),
            ]
            if stage >= .guides {
                help += [
                    (.character("x"), "maxAnimationHeight line"),
                    (.character("m"), "minAnimationHeight line"),
                    (.character("w"), "startingPointWidth line"),
                ]
            }
        case .music:
            help += Self.shapeButtons.map {
                (.character($0.key), "\($0.title): one note")
            }
            help.append((.character("o"), "Fade out?"))
        case .tractor: break
        }
        return help
    }

    /// New objects take the knobs; the fish screen's guide lines move at once.
    func knobsDidChange() { updateGuideLines() }
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
