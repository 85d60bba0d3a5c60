// DownloadScene — download-indicator.md ("Shaping up with CAShapeLayer", Mahesh Shanbhag), with
// the demo of its library (RMViewController in github.com/MaheshRS/Download-Indicator).
//
// What the user sees: three indicators on a white window — closed (a ring over a grey ring),
// filled (a pie) and mixed (a pie inside a ring) — and a simulated download: after 1 s +10 %,
// then +30 %, +10 % and +50 % a second apart. Each update runs the tutorial's keyframe
// animation through paths computed ahead (DownloadIndicator.swift). At 100 % each indicator
// draws a check. A click anywhere restarts the download from 0.
//
// Deliberate differences from the demo, with reasons:
// - Side by side, each centred in its third of the window and 0.7 · min(width / 3, height)
//   across, rather than stacked at 80 × 80 points under a settings switch: the window is
//   wider than tall, and the indicators grow with it.
// - No "Multi Time / One Time Animation" switch: the demo's multi-step mode is the one the
//   tutorial shows; a click restarts it instead of re-toggling the switch.
// - A restart reloads the three indicators (`loadIndicator`) rather than creating new ones;
//   the result on screen is the same.
// - The closed type's background ring keeps the library's default colour, UIColor.gray (the
//   demo does not set it).
// - The percentage under each indicator and the done check are ours (the library's label is
//   commented out); see DownloadIndicator.swift.
import Animation

/// The demo of RMDownloadIndicator (RMViewController): a closed, a filled and a mixed indicator
/// following the same simulated download.
final class DownloadScene: Scene {
    // MARK: - The demo's constants (RMViewController.m, docs/SEMANTICS.md § Download (RMDownloadIndicator))

    /// Fill and stroke of every indicator: RGB(16, 119, 234).
    static let indicatorColor = Color(red255: 16, green255: 119, blue255: 234)
    /// radiusPercent the demo asks of every indicator (the closed type keeps 0.5).
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

    // MARK: - Our constants

    /// Each indicator's size as a fraction of min(width / 3, height) (our layout: three in a row).
    static let indicatorSizePercent = 0.7

    // MARK: - Scene

    let title = "Download Indicator"
    let rootLayer: Layer
    private let timeline: Timeline

    let closedIndicator: DownloadIndicator
    let filledIndicator: DownloadIndicator
    let mixedIndicator: DownloadIndicator
    /// Left to right.
    var indicators: [DownloadIndicator] { [closedIndicator, filledIndicator, mixedIndicator] }

    /// Bytes of `totalBytes` downloaded so far (`downloadedBytes`).
    private(set) var downloadedBytes = 0.0
    /// The updates still to come (`dispatch_after` blocks), cancelled on a restart.
    private var updateTimers: [ScheduledTimer] = []

    /// The tutorial's constants as knobs (`animdemo knobs --scene download`).
    static let tutorialKnobs: [Knob] = [
        Knob(
            "animationDuration", number: DownloadIndicator.defaultAnimationDuration, in: 0.05...5, step: 0.05,
            unit: "s", "how long an update animates (_animationDuration)"),
        Knob(
            "coverWidth", number: DownloadIndicator.defaultCoverWidth, in: 0.5...20, step: 0.5, unit: "px",
            "the line width of every stroke (_coverWidth)"),
        Knob(
            "radiusPercent", number: demoRadiusPercent, in: 0.1...0.5, step: 0.01, unit: "",
            "the demo's radius, a share of the indicator's side"),
        Knob("type", choice: 0, of: ["all", "closed", "filled", "mixed"], "which indicator types show"),
        Knob(
            "updateInterval", number: updateInterval, in: 0.1...5, step: 0.1, unit: "s",
            "the simulated download: seconds between updates"),
    ]

    private let knobs: KnobSettings
    private var bounds = Rect.zero

    init(context: SceneContext) {
        knobs = context.knobs
        timeline = context.timeline
        rootLayer = Layer(timeline: timeline)
        rootLayer.backgroundColor = Self.backgroundColor
        closedIndicator = DownloadIndicator(type: .closed, timeline: timeline)
        filledIndicator = DownloadIndicator(type: .filled, timeline: timeline)
        mixedIndicator = DownloadIndicator(type: .mixed, timeline: timeline)
        addDownloadIndicators()
        applyKnobs()
        rootLayer.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.startAnimation() })
        startAnimation()
    }

    /// Sets the demo's colours and radius on each indicator and adds it (`addDownloadIndicators`).
    private func addDownloadIndicators() {
        for indicator in indicators {
            indicator.fillColor = Self.indicatorColor
            indicator.strokeColor = Self.indicatorColor
            indicator.radiusPercent = Self.demoRadiusPercent
            rootLayer.addSublayer(indicator.layer)
        }
        mixedIndicator.closedIndicatorBackgroundStrokeColor = Self.indicatorColor
    }

    /// Starts the simulated download from 0 (`startAnimation`): the indicators go back to empty
    /// and the four updates are due 1, 2, 3 and 4 s from now.
    func startAnimation() {
        for timer in updateTimers { timer.invalidate() }
        let duration = knobs.number("animationDuration", fallback: DownloadIndicator.defaultAnimationDuration)
        for indicator in indicators { indicator.animationDuration = duration }
        let interval = knobs.number("updateInterval", fallback: Self.updateInterval)
        timeline.transaction { transaction in
            transaction.disableActions = true
            for indicator in indicators { indicator.loadIndicator() }
        }
        downloadedBytes = 0
        updateTimers = Self.downloadSteps.enumerated().map { index, step in
            timeline.delay(Self.firstUpdateDelay + Double(index) * interval) { [weak self] in
                self?.updateView(step)
            }
        }
    }

    /// Adds `val` bytes and updates every indicator (`updateView:`).
    private func updateView(_ val: Double) {
        downloadedBytes += val
        for indicator in indicators {
            indicator.update(totalBytes: Self.totalBytes, downloadedBytes: downloadedBytes)
        }
    }

    // MARK: - Layout

    /// Each indicator centred in its third of the width, 0.7 · min(width / 3, height) across.
    func layout(in bounds: Rect) {
        self.bounds = bounds
        let third = bounds.width / 3
        let side = Self.indicatorSizePercent * min(third, bounds.height)
        for (index, indicator) in indicators.enumerated() {
            let center = Point(x: bounds.minX + third * (Double(index) + 0.5), y: bounds.midY)
            indicator.layout(
                in: Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side))
        }
    }

    /// Line width, radius and which types show apply at once; durations at the next update.
    func knobsDidChange() {
        timeline.transaction { transaction in
            transaction.disableActions = true
            applyKnobs()
            layout(in: bounds)
        }
    }

    private func applyKnobs() {
        let width = knobs.number("coverWidth", fallback: DownloadIndicator.defaultCoverWidth)
        let shown = knobs.choice("type", fallback: 0)
        for (index, indicator) in indicators.enumerated() {
            indicator.coverWidth = width
            indicator.radiusPercent = knobs.number("radiusPercent", fallback: Self.demoRadiusPercent)
            indicator.layer.isHidden = shown != 0 && shown != index + 1
        }
    }

    func setDebugOverlay(visible: Bool) {
        for indicator in indicators { indicator.setDebugOverlay(visible: visible) }
    }
}
