// PullScene — DGElasticPullToRefresh (github.com/gontovnik/DGElasticPullToRefresh, release
// 1.1), the library whose elastic bounce the elastic tutorial (docs/TUTORIALS.md) explains ("how
// the elastic bounce effect was achieved in DGElasticPullToRefresh"), as the library's demo shows it: its
// ViewController, a table of rows under a dark navigation bar.
//
// What the user does: drags the list (or turns the mouse wheel over it) to scroll it; it
// carries on after a flick and slows down (0.998 of its speed kept every millisecond),
// stretches past either end and springs back. Pulled down past the top, the dark wave of the
// elastic scene hangs from the bar, deeper as the pull grows, its apex under the finger, with
// the loading circle drawing itself round inside it. Released past 95 points the wave bounces
// on the library's spring (damping 0.43) into a flat band and the list waits 50 points down
// while the circle spins; after the demo's simulated load of 1.5 s the band closes, and the 30
// rows are as they were (the demo reloads nothing). Released before 95 points the list springs
// back and nothing loads. A scroll indicator shows while the list scrolls. The debug overlay
// (`d`) shows the wave's seven control points.
//
// The parts, named after the library's: ElasticPullToRefreshView (the view above the list and
// its states), ElasticPullToRefreshLoadingViewCircle, ElasticPullToRefreshConstants, and the
// wave itself, shared with the elastic scene (Elastic/ElasticWave.swift); ScrollView is the
// demo's UITableView, reduced. Constants are in points, as the library's; the scene lays out
// from the bounds it is given.
//
// Deliberate differences from the library and its demo, and why (each part's file lists its
// own):
// - The dark bar is 64 points, the status bar and the navigation bar together, with no title
//   (the demo's has none); the status bar on it is reduced (StatusBar.swift).
// - Rows are drawn as UITableViewCell's default style draws them (44 points, the label 15
//   points in, 17-point text in the renderer's sans-serif, not San Francisco) with the demo's
//   colours; separators are 1 point, inset 15 on the left (iOS draws one pixel); no selection
//   highlight (the demo deselects at once).
// - The mouse wheel scrolls the list (the demo, on a phone, has none); see ScrollView.swift.

import Animation

/// DGElasticPullToRefresh's demo: a table of rows with the elastic pull to refresh.
final class PullScene: Scene {
    // MARK: - The demo's constants (ViewController.swift, UIKit defaults)

    /// The navigation bar's `barTintColor` and the wave's fill (`dg_setPullToRefreshFillColor`),
    /// RGB(57, 67, 89).
    static let barTintColor = Color(red255: 57, green255: 67, blue255: 89)
    /// The table's and the cells' background, RGB(250, 250, 251).
    static let tableBackgroundColor = Color(red255: 250, green255: 250, blue255: 251)
    /// The table's `separatorColor`, RGB(230, 230, 231).
    static let separatorColor = Color(red255: 230, green255: 230, blue255: 231)
    /// `numberOfRowsInSection`: 30 rows, labelled 0 … 29.
    static let numberOfRows = 30
    /// UITableView's default row height, points.
    static let rowHeight = 44.0
    /// The default cell's label and separator inset from the left, points.
    static let separatorInsetLeft = 15.0
    /// The default cell's label size, points.
    static let textLabelFontSize = 17.0
    /// The separator's thickness, points (see the header).
    static let separatorHeight = 1.0
    /// The status bar (20) and the navigation bar (44) above the table, points.
    static let navigationBarHeight = 64.0
    /// The demo's handler calls `dg_stopLoading()` 1.5 s after loading starts (`asyncAfter`).
    static let loadingDurationDefault = 1.5
    /// The control points' side in the debug overlay, points (the tutorial's 3×3 views).
    static let controlPointSize = 3.0

    /// The library's constants and the bounce as knobs (`animdemo knobs --scene pull`), each
    /// declared where the library's value is.
    enum Knobs {
        static let waveMaxHeight = KnobKey<Double>(
            "waveMaxHeight",
            KnobDeclaration("var waveMaxHeight", file: "ElasticPullToRefreshConstants.swift"),
            tutorial: ElasticPullToRefreshConstants.library.waveMaxHeight, in: 0...300, step: 5, unit: "pt",
            "the largest wave (WaveMaxHeight)")
        static let minOffsetToPull = KnobKey<Double>(
            "minOffsetToPull",
            KnobDeclaration("var minOffsetToPull", file: "ElasticPullToRefreshConstants.swift"),
            tutorial: ElasticPullToRefreshConstants.library.minOffsetToPull, in: 10...400, step: 5,
            unit: "pt",
            "the pull a release must reach to load (MinOffsetToPull)")
        static let loadingContentInset = KnobKey<Double>(
            "loadingContentInset",
            KnobDeclaration("var loadingContentInset", file: "ElasticPullToRefreshConstants.swift"),
            tutorial: ElasticPullToRefreshConstants.library.loadingContentInset, in: 0...200, step: 5,
            unit: "pt",
            "how far down the list waits while loading (LoadingContentInset)")
        static let loadingViewSize = KnobKey<Double>(
            "loadingViewSize",
            KnobDeclaration("var loadingViewSize", file: "ElasticPullToRefreshConstants.swift"),
            tutorial: ElasticPullToRefreshConstants.library.loadingViewSize, in: 4...100, step: 2, unit: "pt",
            "the loading circle's side (LoadingViewSize)")
        static let duration = KnobKey<Double>(
            "duration",
            KnobDeclaration("static let bounceDurationDefault", file: "ElasticPullToRefreshView.swift"),
            tutorial: ElasticPullToRefreshView.bounceDurationDefault, in: 0.05...5, step: 0.05, unit: "s",
            "the bounce into loading: UIView.animate duration",
            plot: .springDuration(dampingRatioKnob: "dampingRatio"))
        static let dampingRatio = KnobKey<Double>(
            "dampingRatio",
            KnobDeclaration("static let libraryBounceDampingRatio", file: "ElasticPullToRefreshView.swift"),
            tutorial: ElasticPullToRefreshView.libraryBounceDampingRatio, in: 0.05...1, step: 0.01, unit: "",
            "the bounce: usingSpringWithDamping (the elastic tutorial's is 0.57)",
            plot: .springDampingRatio(durationKnob: "duration"))
        static let loadingDuration = KnobKey<Double>(
            "loadingDuration", KnobDeclaration("static let loadingDurationDefault"),
            tutorial: PullScene.loadingDurationDefault, in: 0.1...10, step: 0.1, unit: "s",
            "the simulated load: dg_stopLoading this long after loading starts")
        static let decelerationRate = KnobKey<Double>(
            "decelerationRate",
            KnobDeclaration("static let decelerationRateNormal", file: "ScrollView.swift"),
            tutorial: ScrollView.decelerationRateNormal, in: 0.9...0.999, step: 0.001, unit: "/ms",
            "the list's momentum: the share of its speed kept every millisecond")

        static let all: [Knob] = [
            waveMaxHeight.knob, minOffsetToPull.knob, loadingContentInset.knob, loadingViewSize.knob,
            duration.knob, dampingRatio.knob, loadingDuration.knob, decelerationRate.knob,
        ]
    }

    static let tutorialKnobs = Knobs.all

    // MARK: - Scene

    let title = "Elastic pull to refresh"
    let rootLayer: Layer
    /// The dark bar along the top (`navigationController.navigationBar`).
    let navigationBar: Layer
    /// The light status bar on the bar's top 20 points.
    let statusBar: StatusBar
    /// The demo's `tableView`.
    let tableView: ScrollView
    /// `dg_addPullToRefreshWithActionHandler`'s view.
    let pullToRefreshView: ElasticPullToRefreshView

    /// The rows' labels, top to bottom (the data source; a refresh changes nothing).
    let rows: [String]
    /// One cell layer per row, in the same order.
    private var cells: [Layer] = []
    /// Loads finished so far (the demo's handler ran to `dg_stopLoading`).
    private(set) var refreshCount = 0
    /// The simulated load (`DispatchQueue.main.asyncAfter` in the demo's handler).
    private var loadTimer: ScheduledTimer?

    private let timeline: Timeline
    private let knobs: KnobSettings
    /// How far along its steps the scene is built (PullSteps.swift).
    let stage: Stage

    /// The demo's `loadView`: the bar, the table, the pull to refresh with its loading circle
    /// and colours. `layout(in:)` sizes them.
    init(context: SceneContext, stage: Stage = .complete) {
        self.stage = stage
        timeline = context.timeline
        knobs = context.knobs
        rootLayer = Layer(timeline: timeline)
        rootLayer.name = "view"
        rootLayer.backgroundColor = .white

        navigationBar = Layer(timeline: timeline)
        navigationBar.name = "navigationBar"
        navigationBar.anchorPoint = .zero
        navigationBar.backgroundColor = Self.barTintColor
        statusBar = StatusBar(timeline: timeline)

        tableView = ScrollView(timeline: timeline, name: "tableView")
        tableView.layer.backgroundColor = Self.tableBackgroundColor

        rows = (0..<Self.numberOfRows).map { "\($0)" }

        pullToRefreshView = ElasticPullToRefreshView(
            scrollView: tableView, controlPointSize: Self.controlPointSize, stage: stage)
        // step 4 {
        if stage >= .complete {
            pullToRefreshView.actionHandler = { [weak self] in self?.simulateLoad() }
        }
        // } step 4

        // Colours and the tree before the first frame: nothing to animate implicitly.
        timeline.transaction { transaction in
            transaction.disableActions = true
            pullToRefreshView.fillColor = Self.barTintColor  // dg_setPullToRefreshFillColor
            pullToRefreshView.backgroundColor = Self.tableBackgroundColor  // …BackgroundColor
            rootLayer.addSublayer(tableView.layer)
            rootLayer.addSublayer(navigationBar)
            rootLayer.addSublayer(statusBar.layer)
            tableView.layer.addSublayer(pullToRefreshView.layer)
            tableView.layer.addSublayer(tableView.verticalScrollIndicator)  // above everything
        }
        applyKnobs()
        reloadData()
    }

    /// The bar along the top, the table below it; the pull view follows the table's width.
    func layout(in bounds: Rect) {
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.width, height: Self.navigationBarHeight)
        statusBar.layout(width: bounds.width)
        tableView.setFrame(
            Rect(
                x: 0, y: Self.navigationBarHeight, width: bounds.width,
                height: max(bounds.height - Self.navigationBarHeight, 0)))
        layoutCells()
        pullToRefreshView.layoutSubviews()
    }

    func setDebugOverlay(visible: Bool) {
        pullToRefreshView.wave.setControlPoints(visible: visible)
    }

    func knobsDidChange() {
        applyKnobs()
    }

    /// The knobs into the library's constants, the bounce and the table's momentum.
    private func applyKnobs() {
        pullToRefreshView.constants = ElasticPullToRefreshConstants(
            waveMaxHeight: knobs[Knobs.waveMaxHeight], minOffsetToPull: knobs[Knobs.minOffsetToPull],
            loadingContentInset: knobs[Knobs.loadingContentInset],
            loadingViewSize: knobs[Knobs.loadingViewSize])
        pullToRefreshView.bounceDuration = knobs[Knobs.duration]
        pullToRefreshView.bounceDampingRatio = knobs[Knobs.dampingRatio]
        tableView.decelerationRate = knobs[Knobs.decelerationRate]
    }

    // step 4 {
    // MARK: - The action handler

    /// The demo's handler: the load is a timer; when it fires, the pull view closes
    /// (`dg_stopLoading`); the rows stay as they are.
    private func simulateLoad() {
        loadTimer?.invalidate()
        let timer = timeline.delay(knobs[Knobs.loadingDuration]) {
            [weak self] in
            guard let self else { return }
            self.refreshCount += 1
            self.pullToRefreshView.stopLoading()
        }
        timer.name = "simulatedLoad"
        loadTimer = timer
    }
    // } step 4

    // MARK: - Table

    /// Makes a cell for every row and lays them out (`tableView.reloadData()`, once).
    private func reloadData() {
        if cells.isEmpty {
            cells = rows.map(makeCell(text:))
            for (index, cell) in cells.enumerated() { tableView.layer.insertSublayer(cell, at: index) }
        }
        tableView.contentSize = Size(
            width: tableView.layer.bounds.width, height: Double(rows.count) * Self.rowHeight)
        layoutCells()
    }

    /// A default-style cell (`cellForRowAt`): the label on the table's background, a
    /// separator along the bottom.
    private func makeCell(text: String) -> Layer {
        let cell = Layer(timeline: timeline)
        cell.name = "cell \(text)"
        cell.anchorPoint = .zero
        cell.backgroundColor = Self.tableBackgroundColor
        let textLabel = TextLayer(timeline: timeline)
        textLabel.name = "textLabel"
        textLabel.anchorPoint = .zero
        textLabel.string = text
        textLabel.fontSize = Self.textLabelFontSize
        textLabel.alignment = .left
        textLabel.foregroundColor = .black
        cell.addSublayer(textLabel)
        let separator = Layer(timeline: timeline)
        separator.name = "separator"
        separator.anchorPoint = .zero
        separator.backgroundColor = Self.separatorColor
        cell.addSublayer(separator)
        return cell
    }

    /// Row `i` at y = i · rowHeight in the table's content, as wide as the table.
    private func layoutCells() {
        let width = tableView.layer.bounds.width
        tableView.contentSize = Size(width: width, height: Double(rows.count) * Self.rowHeight)
        timeline.transaction { transaction in
            transaction.disableActions = true
            for (index, cell) in cells.enumerated() {
                cell.frame = Rect(
                    x: 0, y: Double(index) * Self.rowHeight, width: width, height: Self.rowHeight)
                let inset = Self.separatorInsetLeft
                cell.sublayers[0].frame = Rect(
                    x: inset, y: 0, width: max(width - 2 * inset, 0), height: Self.rowHeight)
                cell.sublayers[1].frame = Rect(
                    x: inset, y: Self.rowHeight - Self.separatorHeight, width: max(width - inset, 0),
                    height: Self.separatorHeight)
            }
        }
    }
}

// MARK: - Checkpoints

extension PullScene: CheckpointingScene, CheckpointedObject {
    /// The table's scrolling, the pull view's state, the load under way and the refreshes.
    struct Checkpoint {
        let tableView: ScrollView.Checkpoint
        let pullToRefreshView: ElasticPullToRefreshView.Checkpoint
        let cells: [Layer]
        let refreshCount: Int
        let loadTimer: ScheduledTimer?
    }

    /// Constants (the tutorial step's stage among them): its layers are the engine's, the knobs
    /// the session's.
    static let notCheckpointed: Set = [
        "title", "rootLayer", "navigationBar", "statusBar", "rows", "timeline", "knobs", "stage",
    ]

    var checkpoint: Checkpoint {
        Checkpoint(
            tableView: tableView.checkpoint, pullToRefreshView: pullToRefreshView.checkpoint, cells: cells,
            refreshCount: refreshCount, loadTimer: loadTimer)
    }

    func restore(_ saved: Checkpoint) {
        tableView.restore(saved.tableView)
        pullToRefreshView.restore(saved.pullToRefreshView)
        cells = saved.cells
        refreshCount = saved.refreshCount
        loadTimer = saved.loadTimer
    }
}
