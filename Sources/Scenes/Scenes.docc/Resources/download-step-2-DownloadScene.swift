import Animation
import Scenes

/// The demo of RMDownloadIndicator (RMViewController): a closed, a filled and a
/// mixed indicator following the same simulated download.
final class DownloadScene: Scene {
    // MARK: - The demo's constants (RMViewController.m, docs/SEMANTICS.md §
    // Download (RMDownloadIndicator))

    /// Fill and stroke of every indicator: RGB(16, 119, 234).
    static let indicatorColor = Color(red255: 16, green255: 119, blue255: 234)
    /// radiusPercent the demo asks of every indicator (the closed type keeps
    /// 0.5).
    static let demoRadiusPercent = 0.45
    /// The window's background (`setBackgroundColor:[UIColor whiteColor]`).
    static let backgroundColor = Color.white
    /// `updateWithTotalBytes:100`.
    static let totalBytes = 100.0
    /// The bytes each update adds, in order (`updateView:` 10, 30, 10, 50).
    static let downloadSteps: [Double] = [10, 30, 10, 50]
    /// Seconds from the start to the first update (`delayInSeconds = 1`).
    static let firstUpdateDelay = 1.0
    /// Seconds between updates (`delayInSeconds1 = delayInSeconds + 1`, …).
    static let updateInterval = 1.0
    /// Seconds of the one update of One Time Animation
    /// (`setIndicatorAnimationDuration:1.0`).
    static let oneTimeAnimationDuration = 1.0

    // MARK: - The demo's layout (RMViewController.m, Main.storyboard), points

    /// Each indicator's frame: 80 × 80.
    static let indicatorSide = 80.0
    /// From the switch's bottom to the first indicator
    /// (`CGRectGetMaxY(settingSwitch.frame) + 60`).
    static let firstIndicatorGap = 60.0
    /// Between indicators (`CGRectGetMaxY(closedIndicator.frame) + 40`).
    static let indicatorGap = 40.0
    /// The `settings` label's frame; HelveticaNeue 17, centred, dark text, up
    /// to two lines.
    static let labelFrame = Rect(x: 30, y: 36, width: 125, height: 56)
    static let labelFontSize = 17.0
    /// HelveticaNeue's line height as a share of its size (`UIFont.lineHeight`:
    /// ascender 0.952 + descender 0.213 + line gap 0.028 of the em): a two-line
    /// UILabel's lines are this far apart, the pair centred in the label.
    static let labelLineHeightFactor = 1.193
    /// The switch's frame (its size is UISwitch's).
    static let switchFrame = Rect(x: 222, y: 43, width: 51, height: 31)
    /// The label's text for each state of the switch, as two lines (the label
    /// wraps it).
    static let multiTimeText = ["Multi Time", "Animation"]
    static let oneTimeText = ["One Time", "Animation"]

    // MARK: - Our constants

    /// Points below the last indicator that its percentage label needs (the
    /// `percentage` knob).
    static let bottomMargin = 40.0

    // MARK: - Scene

    let title = "Download Indicator"
    let rootLayer: Layer
    private let timeline: Timeline

    let closedIndicator: DownloadIndicator
    let filledIndicator: DownloadIndicator
    let mixedIndicator: DownloadIndicator
    /// Left to right.
    var indicators: [
        DownloadIndicator] {
            [closedIndicator, filledIndicator, mixedIndicator]
        }

    /// The demo's `settings` label: the mode's name on two lines.
    let settingsLines: [TextLayer]
    /// The demo's `settingSwitch`: on, Multi Time Animation; off, One Time
    /// Animation.
    let settingSwitch: Switch

    /// Bytes of `totalBytes` downloaded so far (`downloadedBytes`).
    private(set) var downloadedBytes = 0.0
    /// The updates still to come (`dispatch_after` blocks), cancelled on a
    /// restart.
    private var updateTimers: [ScheduledTimer] = []
    /// Whether the switch takes clicks and `o`
    /// (`settingSwitch.userInteractionEnabled`): not from the start of a
    /// multi-step download to its last update.
    private(set) var isSwitchInteractionEnabled = true

    /// Which indicators show (the knob `type`): all three, or one of them.
    enum ShownTypes: String, KnobChoice {
        case all, closed, filled, mixed
    }
    /// All three show, as in the demo.
    static let shownTypesDefault: ShownTypes = .all
    /// No percentage under the indicators, as in the demo (the knob
    /// `percentage`).
    static let showsPercentageDefault = false

    /// The tutorial's constants as knobs (`animdemo knobs --scene download`).
    enum Knobs {
        static let animationDuration = KnobKey<Double>(
            "animationDuration",
            KnobDeclaration(
                "static let defaultAnimationDuration",
                file: "DownloadIndicator.swift"),
            tutorial: DownloadIndicator.defaultAnimationDuration, in: 0.05...5,
            step: 0.05, unit: "s",
            "how long an update animates (_animationDuration)")
        static let coverWidth = KnobKey<Double>(
            "coverWidth",
            KnobDeclaration(
                "static let defaultCoverWidth",
                file: "DownloadIndicator.swift"),
            tutorial: DownloadIndicator.defaultCoverWidth, in: 0.5...20,
            step: 0.5, unit: "pt",
            "the line width of every stroke (_coverWidth)")
        static let radiusPercent = KnobKey<Double>(
            "radiusPercent", KnobDeclaration("static let demoRadiusPercent"),
            tutorial: demoRadiusPercent,
            in: 0.1...0.5, step: 0.01, unit: "",
            "the demo's radius, a share of the indicator's side")
        static let type = KnobKey<ShownTypes>(
            "type", KnobDeclaration("static let shownTypesDefault: ShownTypes"),
            tutorial: shownTypesDefault,
            "which indicator types show")
        static let updateInterval = KnobKey<Double>(
            "updateInterval", KnobDeclaration("static let updateInterval"),
            tutorial: DownloadScene.updateInterval,
            in: 0.1...5, step: 0.1, unit: "s",
            "the simulated download: seconds between updates")
        static let percentage = KnobKey<Bool>(
            "percentage", KnobDeclaration("static let showsPercentageDefault"),
            tutorial: showsPercentageDefault,
            "ours: the percentage under each indicator (the library's label "
                + "is commented out)")

        static let all: [Knob] = [
            animationDuration.knob, coverWidth.knob, radiusPercent.knob,
            type.knob, updateInterval.knob,
            percentage.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    private let knobs: KnobSettings
    private var bounds = Rect.zero

    /// How far along its tutorial the scene is built (DownloadSteps.swift).
    let stage: Stage

    init(context: SceneContext, stage: Stage = .demo) {
        self.stage = stage
        knobs = context.knobs
        timeline = context.timeline
        rootLayer = Layer(timeline: timeline)
        rootLayer.backgroundColor = Self.backgroundColor
        closedIndicator = DownloadIndicator(type: .closed, timeline: timeline)
        filledIndicator = DownloadIndicator(type: .filled, timeline: timeline)
        mixedIndicator = DownloadIndicator(type: .mixed, timeline: timeline)
        settingsLines = (
            0..<2).map { _ in TextLayer(timeline: context.timeline) }
        settingSwitch = Switch(isOn: true, timeline: timeline)
        for line in settingsLines {
            line.fontSize = Self.labelFontSize
            line.foregroundColor = .black  // darkTextColor
            line.name = "settings"
            rootLayer.addSublayer(line)
        }
        rootLayer.addSublayer(settingSwitch.layer)
        addDownloadIndicators()
        applyKnobs()
        settingChanged()  // viewDidLoad
    }

    /// Sets the demo's colours and radius on each indicator and adds it
    /// (`addDownloadIndicators`).
    private func addDownloadIndicators() {
        for indicator in indicators {
            indicator.fillColor = Self.indicatorColor
            indicator.strokeColor = Self.indicatorColor
            indicator.radiusPercent = Self.demoRadiusPercent
            rootLayer.addSublayer(indicator.layer)
        }
        mixedIndicator.closedIndicatorBackgroundStrokeColor =
            Self.indicatorColor
    }

    // MARK: - Switch change

    /// The label says the mode, and the download starts over in it
    /// (`settingChanged:`).
    private func settingChanged() {
        let text = settingSwitch.isOn ? Self.multiTimeText : Self.oneTimeText
        timeline.transaction { transaction in
            transaction.disableActions = true
            for (line, string) in zip(
                settingsLines, text) { line.string = string }
        }
        startAnimation()
    }

    // MARK: - Update views

    /// Starts the simulated download from 0 (`startAnimation`): the indicators
    /// go back to empty; with the switch on the four updates are due 1, 2, 3
    /// and 4 s from now, with it off one update to 100 % runs at once
    /// (`updateViewOneTime`).
    func startAnimation() {
        for timer in updateTimers { timer.invalidate() }
        updateTimers = []
        timeline.transaction { transaction in
            transaction.disableActions = true
            for indicator in indicators {
                indicator.loadIndicator()
                indicator.animationDuration = knobs[Knobs.animationDuration]
                indicator.animatesUpdates = stage >= .animation
            }
        }
        // the first step: the empty arcs only
        guard stage >= .paths else { return }
        guard settingSwitch.isOn else {
            updateViewOneTime()
            return
        }
        downloadedBytes = 0
        isSwitchInteractionEnabled = false
        let interval = knobs[Knobs.updateInterval]
        let lastIndex = Self.downloadSteps.count - 1
        updateTimers = Self.downloadSteps.enumerated().map { index, step in
            timeline.delay(
                Self.firstUpdateDelay + Double(
                    index) * interval) { [weak self] in
                self?.updateView(step)
                if index == lastIndex {
                    self?.isSwitchInteractionEnabled = true
                }
            }
        }
    }

    /// Adds `val` bytes and updates every indicator (`updateView:`).
    private func updateView(_ val: Double) {
        downloadedBytes += val
        for indicator in indicators {
            indicator.update(
                totalBytes: Self.totalBytes, downloadedBytes: downloadedBytes)
        }
    }

    /// The whole download in one update of 1 s (`updateViewOneTime`; see the
    /// header for the bytes of the filled and mixed ones).
    private func updateViewOneTime() {
        downloadedBytes = Self.totalBytes
        for indicator in indicators {
            indicator.animationDuration = Self.oneTimeAnimationDuration
            indicator.update(
                totalBytes: Self.totalBytes, downloadedBytes: Self.totalBytes)
        }
    }

    // MARK: - Layout

    /// The demo's frames: the label and the switch at the top left, the
    /// indicators stacked down the middle; in a window too short for that
    /// column, the stack centred in the height and in the width right of the
    /// switch (see the header).
    func layout(in bounds: Rect) {
        self.bounds = bounds
        for (index, frame) in Self.labelLineFrames().enumerated() {
            settingsLines[index].frame = frame
        }
        settingSwitch.layer.frame = Self.switchFrame
        for (index, frame) in Self.indicatorFrames(in: bounds).enumerated() {
            indicators[index].layout(in: frame)
        }
    }

    /// The label's two lines as a two-line UILabel sets them: each one line
    /// height tall, the pair centred in the label's frame.
    static func labelLineFrames() -> [Rect] {
        let lineHeight = labelFontSize * labelLineHeightFactor
        let top = labelFrame.minY + (labelFrame.height - 2 * lineHeight) / 2
        return (0..<2).map { index in
            Rect(
                x: labelFrame.minX, y: top + Double(index) * lineHeight,
                width: labelFrame.width,
                height: lineHeight)
        }
    }

    /// The three indicators' frames in `bounds`, top to bottom: closed, filled,
    /// mixed.
    static func indicatorFrames(in bounds: Rect) -> [Rect] {
        let stackHeight = 3 * indicatorSide + 2 * indicatorGap
        let demoTop = switchFrame.maxY + firstIndicatorGap
        let origin: Point
        if bounds.height >= demoTop + stackHeight + bottomMargin {
            origin = Point(
                x: bounds.minX + (bounds.width - indicatorSide) / 2,
                y: bounds.minY + demoTop)
        } else {
            let rightOfSwitch = bounds.minX + switchFrame.maxX
            origin = Point(
                x: rightOfSwitch + (
                    bounds.maxX - rightOfSwitch - indicatorSide) / 2,
                y: bounds.midY - stackHeight / 2)
        }
        return (0..<3).map { index in
            Rect(
                x: origin.x,
                y: origin.y + Double(index) * (indicatorSide + indicatorGap),
                width: indicatorSide,
                height: indicatorSide)
        }
    }

    /// Line width, radius and which types show apply at once; durations at the
    /// next update.
    func knobsDidChange() {
        timeline.transaction { transaction in
            transaction.disableActions = true
            applyKnobs()
            layout(in: bounds)
        }
    }

    private func applyKnobs() {
        let shown = knobs[Knobs.type]
        for indicator in indicators {
            indicator.coverWidth = knobs[Knobs.coverWidth]
            indicator.showsPercentage = knobs[Knobs.percentage]
            indicator.radiusPercent = knobs[Knobs.radiusPercent]
            indicator.layer.isHidden = shown != .all
                && shown.rawValue != indicator.type.rawValue
        }
    }

    func setDebugOverlay(visible: Bool) {
        for indicator in indicators {
            indicator.setDebugOverlay(visible: visible)
        }
    }
}

// MARK: - Checkpoints

extension DownloadScene: CheckpointingScene, CheckpointedObject {
    /// The bytes downloaded, the update timers, the switch and the indicators'
    /// own state.
    struct Checkpoint {
        let downloadedBytes: Double
        let updateTimers: [ScheduledTimer]
        let isSwitchInteractionEnabled: Bool
        let bounds: Rect
        let closedIndicator: DownloadIndicator.Checkpoint
        let filledIndicator: DownloadIndicator.Checkpoint
        let mixedIndicator: DownloadIndicator.Checkpoint
        let settingSwitch: Switch.Checkpoint
    }

    /// Constants: its layers are the engine's, the knobs the session's.
    static let notCheckpointed: Set = [
        "title", "rootLayer", "timeline", "settingsLines", "knobs", "stage"]

    var checkpoint: Checkpoint {
        Checkpoint(
            downloadedBytes: downloadedBytes, updateTimers: updateTimers,
            isSwitchInteractionEnabled: isSwitchInteractionEnabled,
            bounds: bounds,
            closedIndicator: closedIndicator.checkpoint,
            filledIndicator: filledIndicator.checkpoint,
            mixedIndicator: mixedIndicator.checkpoint,
            settingSwitch: settingSwitch.checkpoint)
    }

    func restore(_ saved: Checkpoint) {
        closedIndicator.restore(saved.closedIndicator)
        filledIndicator.restore(saved.filledIndicator)
        mixedIndicator.restore(saved.mixedIndicator)
        settingSwitch.restore(saved.settingSwitch)
        downloadedBytes = saved.downloadedBytes
        updateTimers = saved.updateTimers
        isSwitchInteractionEnabled = saved.isSwitchInteractionEnabled
        bounds = saved.bounds
    }
}
