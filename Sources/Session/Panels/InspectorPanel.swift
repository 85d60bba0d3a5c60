import Animation
import Render
import Scenes

/// The timeline inspector (`i`): docked along the bottom of the window, like the Animations
/// drawer of a browser's developer tools.
///
/// ```
/// ┌ inspector · rows 1–6 of 9 · wheel scrolls · click the axis to travel ──────────────┐
/// │                    0 s        1 s        2 s        3 s   ▏                        │
/// │ b1.strokeStart     ───████████████/▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▏                        │
/// │ b3.strokeEnd            ····█████████████████─────────────▏  (delay, run, fill)    │
/// │ displayLink        ███████████████████████████████████████▏                        │
/// │ b3.strokeEnd · CheckmarkScene.swift:142 · delay 0.1 s · 0.25 s · easeOut · now 0.8 │
/// └──────────────────────────────────────────────────────────────────────────────────────┘
/// ```
/// Each row is an animation of one layer and property, named as the scene names its layers,
/// or a display link or timer; its bar shows the delay (dotted), the active interval with a
/// tick at each repeat and the timing curve or spring plotted inside, and the held end value
/// (a line) for fill modes that keep it. The playhead marks the scene's time. The panel's
/// height depends on the window alone, so the axis stays put while rows come and go; rows
/// that do not fit scroll (the wheel), and the last line tells about the row under the
/// pointer.
///
/// The axis turns pages (`axisStart(at:)`): it holds still while the playhead crosses its
/// middle, then moves on by half its span, so that a playing scene moves one line of the
/// panel a frame (the playhead, its own layer) and the rows are laid out and drawn again only
/// when they change, a page turns or the pointer is over a row (whose value the last line
/// shows as it changes).
final class InspectorPanel: Panel {
    static let kind = PanelKind(
        name: "inspector",
        toggle: ShellKey.Row(
            keys: [.character("i")], label: "i", action: "timeline inspector (click its axis to travel)"),
        edge: .bottom, observesScene: true)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(
        width: 320,
        height: InspectorPanel.headerHeight + InspectorPanel.axisHeight + InspectorPanel.rowHeight
            + InspectorPanel.detailHeight)
    private let timeline: Timeline
    private let log = AnimationLog()
    /// While two settings are compared: the copy's log, and the halves' letters, the running
    /// scene's and the copy's (`ShownRows`).
    private let copyLog = AnimationLog()
    private(set) var halves: (main: String, copy: String)?
    private(set) var frame = Rect.zero
    private var scale = 1.0
    /// Where the pointer is over the panel (window pixels), nil when it is elsewhere: the row
    /// under it is found when the panel draws (`hoveredRow`), from the rows and scroll drawn
    /// then, so that the footer, the outline and `--describe` name the same row.
    private var hoverPoint: Point?
    private let outline: ShapeLayer
    /// The red line at the scene's time: kept across rebuilds and moved, not redrawn.
    private let playhead: ShapeLayer
    /// The first scene time on the axis; fixed while the pointer scrubs.
    private(set) var axisStart: MediaTime = 0
    /// The seconds the axis spans (`+` and `-` zoom through `zoomLevels`), and, after `0`,
    /// the start it is pinned at to hold every row; nil while it follows the playhead.
    private(set) var span: MediaTime = InspectorPanel.axisSpan
    private var pinnedStart: MediaTime?
    private var isScrubbing = false
    /// The selected row's bar end held by the pointer (`BarDrag`), nil while none is.
    private var barDrag: BarDrag?
    /// The header held over the axis' columns, to pan the axis: where the press was (window
    /// pixels) and the axis' start then; nil while the header is not held.
    private var axisDrag: (x: Double, start: MediaTime)?
    /// The selected row, by its label (a click on its name): the graph panel shows it. Kept
    /// while the panel is closed, and in session files (`PanelView.row`).
    private(set) var selectedLabel: String?
    /// How many times a click on a row's name selected it (the graph shows the row clicked
    /// after a layer was selected, even the layer's own row).
    private(set) var rowClicks = 0
    /// The groups of rows collapsed to their header (a click on it), by name; kept while the
    /// panel is closed, and in session files (`PanelView.collapsed`).
    private(set) var collapsedGroups: Set<String> = []
    /// The first line shown (a group's header or a row), and whether the list follows the
    /// newest lines (until the wheel scrolls it up).
    private var firstRow = 0
    private var followsNewest = true
    /// What was drawn last, to draw again only when it changes.
    private var drawn: DrawnState?
    /// The axis's span when the panel opens, seconds, and the spans `+` and `-` step through.
    static let axisSpan: MediaTime = 6
    static let zoomLevels: [MediaTime] = [0.75, 1.5, 3, 6, 12, 30, 60, 120, 300, 600, 1800, 3600]
    /// Sizes at scale 1, pixels.
    static let headerHeight = 20.0
    static let axisHeight = 18.0
    static let rowHeight = 18.0
    static let detailHeight = 20.0
    /// Each further line of the detail text, and the panel width (scale 1) below which it has two.
    static let detailLineHeight = 15.0
    static let twoLineWidth = 640.0
    /// Rows the panel would like to show at once.
    static let preferredRows = 8.0

    private struct DrawnState: Equatable {
        var frame: Rect
        /// The scene time while a row is hovered (its value changes with it) or the scene is
        /// paused; else nil: while it plays the playhead alone follows the time. Paused, a
        /// travel redraws the whole panel: a moved playhead's box redraws the antialiased edges
        /// under it a little differently from a whole drawing (docs/ARCHITECTURE.md § Window and
        /// render), and a paused window shows exactly what `render` does.
        var now: MediaTime?
        var axisStart: MediaTime
        var span: MediaTime
        var revision: Int
        var firstRow: Int
        var hoveredRow: Int?
        var isPaused: Bool
        var rate: Double
        var selected: String?
        var collapsed: Set<String>
        /// The layer tree's selected layer, whose rows are marked as selected too.
        var selectedLayer: ObjectIdentifier?
        /// The lines the footer takes (the rows above it fewer as it grows).
        var footerLines: Int
        /// The hovered row's footer (its layer's value now) and its layer's outline: they
        /// change when the scene does (a paused layout moves or replaces the layer) with the
        /// time and the rows the same.
        var detail: String?
        var outline: BezierPath?
        /// The value a bar end dragged now sets, shown in the last line.
        var barDrag: BarDrag?
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "inspector", timeline: timeline)
        outline = ShapeLayer(timeline: timeline)
        outline.anchorPoint = .zero
        outline.fillColor = .clear
        outline.strokeColor = Color(red: 1, green: 0.8, blue: 0.1)
        outline.lineWidth = 2
        outline.isHidden = true
        outline.isUserInteractionEnabled = false
        playhead = makePlayheadLayer(timeline: timeline)
    }

    /// The outline of the hovered row's layer, drawn over the scene (under the panels).
    var outlineLayer: Layer { outline }

    /// Hides the outline while the panel does not fit (its note hides the rows): the panel
    /// draws it again, whole, once it fits, as a session opened at that size never shows it.
    func hideOutline() {
        guard !outline.isHidden else { return }
        drawn = nil
        timeline.transaction { transaction in
            transaction.disableActions = true
            outline.isHidden = true
        }
    }

    var keyHelp: [HelpLine] {
        [
            HelpLine("inspector: click, drag", "travel to the time under the pointer"),
            HelpLine("inspector: click a name", "select the row (the graph, y, shows it)"),
            HelpLine(
                "inspector: drag a bar end",
                "the selected row's duration (right) or delay (left): its knob, else its line's"),
            HelpLine("inspector: wheel", "scroll the rows"),
            HelpLine("inspector: Control+wheel", "zoom the time axis about the pointer"),
            HelpLine("inspector: Shift+wheel", "pan the time axis back / forward (the wheel tilted too)"),
            HelpLine("inspector: click a group's header", "collapse or expand the rows it started"),
            HelpLine("inspector: +, -", "zoom the time axis in / out"),
            HelpLine("inspector: 0", "fit every row on the axis (+ or - follows the time again)"),
            HelpLine("inspector: , and .", "pan the time axis back / forward a tenth of it"),
            HelpLine(
                "inspector: drag its header", "pan the time axis (over the axis; a click there does nothing)"),
        ]
    }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        let wanted =
            (Self.headerHeight + Self.axisHeight + Self.preferredRows * Self.rowHeight + Self.detailHeight)
            * scale
        return min(wanted, (size.height * 0.4).rounded(.down))
    }

    func setOpen(_ isOpen: Bool) {
        log.reset()
        copyLog.reset()
        isScrubbing = false
        axisDrag = nil
        hoverPoint = nil
        followsNewest = true
        firstRow = 0
        drawn = nil
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.isHidden = !isOpen
            outline.isHidden = true
        }
        if !isOpen { frame = .zero }
    }

    var view: PanelView {
        PanelView(
            firstRow: firstRow, follows: followsNewest, row: selectedLabel,
            span: span == Self.axisSpan ? nil : span, axisStart: pinnedStart,
            collapsed: collapsedGroups.isEmpty ? nil : collapsedGroups.sorted())
    }

    func restore(_ view: PanelView) {
        firstRow = max(view.firstRow ?? 0, 0)
        followsNewest = view.follows ?? true
        if let row = view.row { selectedLabel = row }
        if let saved = view.span, saved.isFinite, saved > 0 { span = min(max(saved, 0.1), 36_000) }
        pinnedStart = view.axisStart.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        collapsedGroups = Set(view.collapsed ?? [])
    }

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        switch key {
        case .character("+"), .character("="):
            pinnedStart = nil
            span = Self.zoomLevels.last { $0 < span - 1e-9 } ?? span
        case .character("-"):
            pinnedStart = nil
            span = Self.zoomLevels.first { $0 > span + 1e-9 } ?? span
        case .character("0"):
            fitEveryRow(now: context.sceneTime)
        case .character(","), .character("."):
            pan(by: key == .character(",") ? -1 : 1, now: context.sceneTime)
        default:
            return nil
        }
        return []
    }

    /// Pins the axis on every row seen, from the first one's start to the last one's end (or
    /// the scene's time, whichever is later), a little room on either side.
    private func fitEveryRow(now: MediaTime) {
        let rows = shownRows.rows
        let first = min(rows.map(\.addedAt).min() ?? 0, now)
        let last = rows.reduce(now) { latest, row in
            max(latest, row.activeDuration.isFinite ? row.begin + row.activeDuration : row.lastSeen)
        }
        let length = max(last - first, 0.5)
        span = (length * 1.05 * 2).rounded(.up) / 2
        pinnedStart = max(((first - length * 0.025) * 2).rounded(.down) / 2, 0)
    }

    /// Selects the row labelled `row` (nil: none).
    func select(row: String?) { selectedLabel = row }

    /// Selects the rows of `layer` (the layer tree's selection): the newest animation of it is
    /// the selected row, the graph's; none when the log has no animation of it.
    func selectRows(of layer: Layer) {
        selectedLabel = shownRows.rows.last { $0.kind == .animation && $0.layer === layer }?.label
    }

    /// The label of `animation`'s row, while the log has it.
    func label(of animation: LayerAnimation) -> String? {
        guard let label = log.row(of: animation)?.label else { return nil }
        return halves.map { ShownRows.name(label, in: $0.main) } ?? label
    }

    /// The labels of every row the log has, paged or not (for tests that select each).
    var rowLabels: [String] { shownRows.rows.map(\.label) }

    /// The selected row, while the log has it.
    var selectedRow: InspectorRow? {
        guard let selectedLabel else { return nil }
        return shownRows.rows.first { $0.label == selectedLabel }
    }

    /// What the graph finds the selected row by in a replay, for an animation row.
    /// The copy's rows have none: the graph samples the running scene.
    var selectedGraphKey: GraphRowKey? {
        selectedRow.flatMap { $0.isCopy ? nil : log.graphKey(of: $0) }
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    // MARK: - The log

    /// Forgets the rows: the scene was rebuilt (a switch, or time travel replaying it).
    func resetLog() { log.reset() }

    /// The log now, for a time-travel checkpoint to bring back (`AnimationLog.Mark`).
    func logMark(at time: MediaTime) -> AnimationLog.Mark { log.mark(at: time) }

    /// How many times the log dropped rows over its capacity since it was last emptied.
    var logDrops: Int { log.drops }

    /// Whether the log would pass its capacity before scene time `time` (`wouldOverflow`).
    func logWouldOverflow(before time: MediaTime, now: MediaTime) -> Bool {
        log.wouldOverflow(before: time, now: now)
    }

    /// Whether the log can go back to `mark`.
    func canRollBackLog(to mark: AnimationLog.Mark) -> Bool { log.canRollBack(to: mark) }

    /// Brings the log back to `mark` (the rows of the frames after it forgotten), or empties
    /// it when it cannot.
    func rollBackLog(to mark: AnimationLog.Mark) {
        if !log.rollBack(to: mark) { log.reset() }
    }

    /// Notes the scene's animations at its current time (once a scene frame, after its
    /// commit), after a frame whose scene input was `input`.
    func observe(scene: Layer, timeline sceneTimeline: Timeline, input: [InputEvent]) {
        log.observe(scene: scene, timeline: sceneTimeline, input: input)
    }

    // MARK: - Both halves of a comparison

    /// Starts listing both halves' rows, the copy being A or B (nil: the comparison ended,
    /// the running scene's rows alone). The selected row keeps its selection under its new name.
    func compare(copyIsA: Bool?) {
        copyLog.reset()
        let old = halves
        halves = copyIsA.map { $0 ? (main: "B", copy: "A") : (main: "A", copy: "B") }
        guard let label = selectedLabel else { return }
        let plain = old == nil ? label : ShownRows.unnamed(label)
        selectedLabel = halves.map { ShownRows.name(plain, in: $0.main) } ?? plain
    }

    /// Forgets the copy's rows: its scene was rebuilt or restored.
    func resetCopyLog() { copyLog.reset() }

    /// Notes the copy's animations at its current time, as `observe` the running scene's.
    func observeCopy(scene: Layer, timeline sceneTimeline: Timeline, input: [InputEvent]) {
        copyLog.observe(scene: scene, timeline: sceneTimeline, input: input)
    }

    /// The rows listed (`ShownRows`), made again when a log or the halves change. The running
    /// scene's log alone is not kept between frames: holding its rows' storage would have the
    /// log's next new row copy every row of the session (issue 39m), so its `ShownRows` is
    /// made on each call, sharing the log's arrays; the halves' renamed copy is kept.
    private var shownRows: ShownRows {
        let key = [log.revision, copyLog.revision, halves == nil ? 0 : halves?.main == "A" ? 1 : 2]
        if shownKey != key {
            shownKey = key
            shownRevision += 1
            compared = nil
        }
        guard let halves else { return ShownRows(log) }
        if let compared { return compared }
        let main = (letter: halves.main, log: log, isCopy: false)
        let copy = (letter: halves.copy, log: copyLog, isCopy: true)
        let rows = ShownRows(halves: halves.main == "A" ? [main, copy] : [copy, main])
        compared = rows
        return rows
    }
    private var shownKey: [Int] = []
    private var compared: ShownRows?
    private var shownRevision = 0
    /// Changes whenever the rows listed do, for the panel to order and draw them again only then.
    private var revision: Int {
        _ = shownRows
        return shownRevision
    }

    /// One line of the list: a group's header, or a row, each by its index (into
    /// `shownRows.groups`, `shownRows.rows`): a line costs no reference count, so ordering and
    /// counting a session's tens of thousands of rows does not copy them (issue 39m).
    enum Line {
        case header(Int)
        case row(Int)

        var isRow: Bool {
            if case .row = self { return true }
            return false
        }
    }

    /// The row of `line`, nil for a header.
    private func row(of line: Line) -> InspectorRow? {
        guard case .row(let index) = line else { return nil }
        let rows = shownRows.rows
        return rows.indices.contains(index) ? rows[index] : nil
    }

    /// Every line: each group's header in the order the groups started, then, unless it is
    /// collapsed, its display links and timers, then its animations in the order they were
    /// added.
    private var orderedRows: [Line] {
        // Ordered again only when the log's rows or the collapsed groups change, not on every
        // frame's look at the hover (a fish's session has thousands of rows).
        if ordered?.revision != revision || ordered?.collapsed != collapsedGroups {
            // Indices only: a row is a dozen references, and copying each one into its line
            // cost more than the rest (issue 39, 39m).
            let shown = shownRows
            var members = Array(repeating: [Int](), count: shown.groups.count)
            for index in shown.rows.indices where shown.rows[index].kind != .animation {
                members[shown.rows[index].group].append(index)
            }
            for index in shown.rows.indices where shown.rows[index].kind == .animation {
                members[shown.rows[index].group].append(index)
            }
            var lines: [Line] = []
            lines.reserveCapacity(shown.rows.count + shown.groups.count)
            for (index, group) in shown.groups.enumerated() where !members[index].isEmpty {
                lines.append(.header(index))
                if !collapsedGroups.contains(group.label) {
                    for row in members[index] { lines.append(.row(row)) }
                }
            }
            ordered = (revision, collapsedGroups, lines)
        }
        return ordered?.lines ?? []
    }
    private var ordered: (revision: Int, collapsed: Set<String>, lines: [Line])?

    /// The names of the rows in view now, top to bottom (for the tests).
    var rowLabelsInView: [String] {
        orderedRows.dropFirst(firstRow).prefix(visibleRowCount).compactMap { row(of: $0)?.label }
    }

    /// The row under the pointer, as an index into `orderedRows`, for the scroll `firstRow`.
    private func hoveredRow(count: Int) -> Int? {
        guard let point = hoverPoint, frame.contains(point) else { return nil }
        let top = frame.minY + headerHeight + axisHeight
        let index = Int(((point.y - top) / rowHeight).rounded(.down))
        guard point.y >= top, index < visibleRowCount, firstRow + index < count else { return nil }
        return firstRow + index
    }

    /// The row under the pointer now, if any (nil over a group's header).
    private var hovered: InspectorRow? {
        guard hoverPoint != nil else { return nil }
        let rows = orderedRows
        return hoveredRow(count: rows.count).flatMap { row(of: rows[$0]) }
    }

    /// Where the hovered row's animation comes from, if a row is hovered and it is known.
    var hoveredLocation: CallSite? { hovered?.location }

    /// The hovered row's name, or its group's for a header, for `render --describe`'s `hover`.
    var hoveredLabel: String? {
        guard hoverPoint != nil else { return nil }
        let rows = orderedRows
        switch hoveredRow(count: rows.count).map({ rows[$0] }) {
        case .row(let index)?: return shownRows.rows[index].label
        case .header(let group)?: return shownRows.groups[group].label
        case nil: return nil
        }
    }

    /// Where the animations, timers and display links running at scene time `now` come from,
    /// each place once, in the order of their first rows: a row runs from when it was added
    /// to the end of its active interval (an endless one's last sighting), give or take 1 ns.
    /// The code panel asks every frame; a fish's thousands of rows come from a few lines, so
    /// each line's rows are merged into spans as they come (`RunningSpans`), not walked.
    func runningLocations(at now: MediaTime) -> [CallSite] {
        let rows = shownRows.rows
        if runningSpans.revision != revision {
            var spans = runningSpans.spans
            let isExtended = runningSpans.halves == halves?.main && spans.rows.isPrefix(of: rows)
            if !isExtended { spans = RunningSpans() }
            spans.add(rows)
            runningSpans = (revision, halves?.main, spans)
        }
        return runningSpans.spans.locations(runningAt: now, rows: rows)
    }
    private var runningSpans = (revision: -1, halves: String?.none, spans: RunningSpans())

    /// The rows as `render --describe` gives them.
    func describedRows(scale: Double) -> [SessionDescription.InspectorRow] {
        let lines = orderedRows
        let shown = shownRows
        var places: [Int: [Double]] = [:]
        for (index, line) in lines.enumerated() {
            if case .row(let row) = line, let rect = lineRect(index, scale: scale) { places[row] = rect }
        }
        // Each group's display links and timers, then its animations, in the order added:
        // the lines' order, collapsed groups' rows included.
        var members = Array(repeating: [Int](), count: shown.groups.count)
        for index in shown.rows.indices where shown.rows[index].kind != .animation {
            members[shown.rows[index].group].append(index)
        }
        for index in shown.rows.indices where shown.rows[index].kind == .animation {
            members[shown.rows[index].group].append(index)
        }
        return members.joined().map { index in
            let row = shown.rows[index]
            let rect = places[index]
            return SessionDescription.InspectorRow(
                name: row.label, kind: "\(row.kind)", start: Self.rounded(row.begin),
                delay: Self.rounded(max(row.begin - row.addedAt, 0)), duration: Self.rounded(row.duration),
                source: row.source,
                repeatCount: row.kind != .animation
                    ? nil : row.repeatCount.isFinite ? .number(row.repeatCount) : .text("forever"),
                autoreverses: row.kind == .animation ? row.autoreverses : nil,
                curve: (row.object as? LayerAnimation).map(Self.curveName), rect: rect,
                bar: rect == nil || row.kind != .animation
                    ? nil
                    : [row.begin, row.begin + row.duration].map {
                        Self.rounded((frame.minX + x(of: $0)) / scale)
                    },
                group: shown.groups[row.group].label, half: row.half)
        }
    }

    /// The axis at scene time `now`, whether or not the panel is open (the graph of a layer
    /// covers it): where it is held while the pointer scrubs, else where it goes.
    func axisRange(at now: MediaTime) -> (start: MediaTime, end: MediaTime) {
        let start = isScrubbing ? axisStart : pinnedStart ?? Self.axisStart(at: now, span: span)
        return (start, start + span)
    }

    /// The groups as `render --describe` gives them.
    func describedGroups(scale: Double) -> [SessionDescription.InspectorGroup] {
        var headers: [Int: [Double]] = [:]
        for (index, line) in orderedRows.enumerated() {
            if case .header(let group) = line { headers[group] = lineRect(index, scale: scale) ?? [] }
        }
        return shownRows.groups.enumerated().compactMap { index, group in
            guard let rect = headers[index] else { return nil }
            return SessionDescription.InspectorGroup(
                name: group.label, cause: group.cause(scale: scale), rows: group.rowCount,
                collapsed: collapsedGroups.contains(group.label), rect: rect.isEmpty ? nil : rect)
        }
    }

    /// Where line `index` of the list is in the panel, `[x, y, width, height]` in `scale`'s
    /// points; nil while scrolled away.
    private func lineRect(_ index: Int, scale: Double) -> [Double]? {
        guard (firstRow..<(firstRow + visibleRowCount)).contains(index) else { return nil }
        let y = frame.minY + headerHeight + axisHeight + Double(index - firstRow) * rowHeight
        return [frame.minX, y, frame.width, rowHeight].map { Self.rounded($0 / scale) }
    }

    /// The axis's span, `[t0, t1]` scene seconds, as `render --describe` gives it.
    var axis: [Double] { [Self.rounded(axisStart), Self.rounded(axisStart + span)] }

    /// `value` to the microsecond, so that JSON shows 0.8, not 0.79999999999999993.
    static func rounded(_ value: Double) -> Double { value.isFinite ? (value * 1e6).rounded() / 1e6 : value }

    // MARK: - Geometry

    private var headerHeight: Double { Self.headerHeight * scale }
    private var axisHeight: Double { Self.axisHeight * scale }
    private var rowHeight: Double { Self.rowHeight * scale }
    /// The lines the footer takes (`settleFooter`): as many as the longest text it may show
    /// for the lines in view needs, decided from the rows and not from the pointer, so that a
    /// hovered row's footer is whole and never hides the row hovered.
    private var detailLines = 1
    private var detailHeight: Double {
        (Self.detailHeight + Double(detailLines - 1) * Self.detailLineHeight) * scale
    }
    /// Rows that fit between the axis and the detail line.
    private var visibleRowCount: Int {
        max(Int((frame.height - headerHeight - axisHeight - detailHeight) / rowHeight), 0)
    }
    /// The name column: 28 % of the panel (110 to 280 pixels at scale 1), wider when a row's
    /// or a group's name needs it (`settleNameColumn`), up to 40 %: names are whole from 800
    /// pixels up (a narrower panel cuts a long one, which the footer gives whole on hover).
    private var labelWidth: Double {
        let least = min(max(frame.width * 0.28, 110 * scale), 280 * scale)
        return max(least, min(namesWidth, frame.width * 0.4).rounded(.up))
    }
    /// The width the longest name of the log needs in the name column, pixels.
    private var namesWidth = 0.0
    private var namesMeasured: (revision: Int, scale: Double, halves: String?, rows: RowsPrefix, groups: Int)?
    private var nameWidths: [String: Double] = [:]

    /// Measures the log's names again when its rows changed: each name once (the widths kept),
    /// and when rows were only added since (a playing scene's log), only theirs and their
    /// groups', against the widest before: a row's and a group's name never change.
    private func settleNameColumn() {
        guard namesMeasured?.revision != revision || namesMeasured?.scale != scale else { return }
        if namesMeasured?.scale != scale { nameWidths = [:] }
        let shown = shownRows
        let added =
            namesMeasured.flatMap { measured in
                // Halves name their rows with a letter: comparing starts or ends, all again.
                measured.scale == scale && measured.halves == halves?.main
                    && measured.rows.isPrefix(of: shown.rows)
                    && measured.groups <= shown.groups.count
                    ? (rows: measured.rows.count, groups: measured.groups) : nil
            } ?? (rows: 0, groups: 0)
        let widest = added.rows == 0 && added.groups == 0 ? 0 : namesWidth
        namesMeasured = (revision, scale, halves?.main, RowsPrefix(shown.rows), shown.groups.count)
        let fontSize = PanelStyle.fontSize * scale
        func width(_ text: String, bold: Bool) -> Double {
            let key = bold ? "\u{1}" + text : text
            if let known = nameWidths[key] { return known }
            let measured = TextMetrics.width(of: text, fontSize: fontSize, bold: bold)
            nameWidths[key] = measured
            return measured
        }
        // As drawn: a row's name from the margin, 12 px short of the column's end; a group's
        // after its triangle (7 + 4 px), 6 px short.
        let margin = PanelStyle.margin * scale
        var rows = widest
        for index in shown.rows.indices.dropFirst(added.rows) {
            rows = max(rows, width(shown.rows[index].label, bold: false) + 12 * scale + 1)
        }
        var groups = widest
        for index in shown.groups.indices.dropFirst(added.groups) {
            groups = max(
                groups, margin + 11 * scale + width(shown.groups[index].label, bold: true) + 6 * scale + 1)
        }
        namesWidth = max(rows, groups)
    }
    /// The axis's span in the panel's pixels, with room on the right for its last label.
    private var trackMinX: Double { labelWidth }
    private var trackMaxX: Double { max(frame.width - 24 * scale, trackMinX + 1) }

    private func x(of time: MediaTime) -> Double {
        trackMinX + (time - axisStart) / span * (trackMaxX - trackMinX)
    }

    /// The scene time under window x `x`, nil left of the axis.
    func time(atX x: Double) -> MediaTime? {
        let local = x - frame.minX
        guard local >= trackMinX - 2 else { return nil }
        let clamped = min(local, trackMaxX)
        return max(0, axisStart + (clamped - trackMinX) / (trackMaxX - trackMinX) * span)
    }

    // MARK: - Input

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        switch event {
        case .down(let point):
            settleNameColumn()  // where the axis starts, as the frame drawn next has it
            if let held = barEnd(at: point, knobs: context.knobs) {
                switch held {
                case .success(let drag): barDrag = drag
                case .failure(let problem): return [.message(problem.text)]
                }
                return []
            }
            if point.y < frame.minY + headerHeight, point.x - frame.minX >= trackMinX {
                // The header line over the axis' columns: held, it drags the axis (the axis and
                // the rows under it travel).
                axisDrag = (point.x, axisRange(at: context.sceneTime).start)
                return []
            }
            guard let time = time(atX: point.x) else {
                hover(at: point)
                // The rows as the panel shows them now (`render` may not have drawn the frame
                // before this one, whose rows the window shows), under a footer as tall as
                // they need: the rows in view follow from it.
                let rows = orderedRows
                settleFooter(rows: rows)
                switch hoveredRow(count: rows.count).map({ rows[$0] }) {
                case .row(let index)?:
                    selectedLabel = shownRows.rows[index].label
                    rowClicks += 1
                case .header(let group)?:
                    let label = shownRows.groups[group].label
                    if collapsedGroups.remove(label) == nil { collapsedGroups.insert(label) }
                case nil: break
                }
                return []
            }
            isScrubbing = true
            return [.seek(time)]
        case .move(let point):
            if barDrag != nil { return dragBarEnd(to: point) }
            if let axisDrag {
                dragAxis(to: point.x, from: axisDrag)
                return []
            }
            if isScrubbing, let time = time(atX: point.x) { return [.seek(time)] }
            hover(at: point)
            return []
        case .up(let point):
            isScrubbing = false
            if let held = axisDrag {
                axisDrag = nil
                dragAxis(to: point.x, from: held)
                return []
            }
            guard barDrag != nil else { return [] }
            defer { barDrag = nil }
            return dragBarEnd(to: point)
        case .scroll(let dy, let point, true, _):
            zoom(in: dy < 0, about: point)
            return []
        case .scroll(let dy, _, false, true):
            pan(by: dy < 0 ? -1 : 1, now: context.sceneTime)
            return []
        case .scroll(let dy, _, false, false):
            let rows = orderedRows.count
            firstRow = min(max(firstRow + (dy > 0 ? 3 : -3), 0), max(rows - visibleRowCount, 0))
            followsNewest = firstRow >= rows - visibleRowCount
            return []
        case .key:
            return []
        }
    }

    /// How near a bar's end a press takes it, pixels at scale 1.
    static let barEndReach = 5.0

    /// The selected row's bar end under window point `point`: held, or why it cannot be; nil
    /// when the point is on no end of the selected row's bar.
    private func barEnd(at point: Point, knobs: KnobSettings) -> Result<BarDrag, BarDrag.Problem>? {
        guard let label = selectedLabel else { return nil }
        let rows = orderedRows
        let shown = shownRows.rows
        guard
            let index = rows.firstIndex(where: {
                if case .row(let row) = $0 { return shown[row].label == label }
                return false
            }), index >= firstRow, index < firstRow + visibleRowCount
        else { return nil }
        guard let row = row(of: rows[index]) else { return nil }
        let top = frame.minY + headerHeight + axisHeight + Double(index - firstRow) * rowHeight
        guard row.kind == .animation, row.duration > 0, point.y >= top, point.y < top + rowHeight else {
            return nil
        }
        let reach = Self.barEndReach * scale
        let endX = frame.minX + x(of: row.begin + row.duration)
        let beginX = frame.minX + x(of: row.begin)
        let end: BarDrag.End
        if abs(point.x - endX) <= reach {
            end = .duration
        } else if abs(point.x - beginX) <= reach {
            end = .delay
        } else {
            return nil
        }
        return BarDrag.start(row: row, end: end, knobs: knobs)
    }

    /// The held bar end moved to window point `point`: its knob set to the time there, to
    /// hundredths of a second and in its range, if that changed it.
    private func dragBarEnd(to point: Point) -> [SessionRequest] {
        guard let drag = barDrag, let time = time(atX: point.x) else { return [] }
        let value = drag.value(at: time)
        guard value != drag.value else { return [] }
        barDrag?.value = value
        return [.setKnob(drag.knob, .number(value))]
    }

    /// Zooms the axis in (or out) by a wheel notch's step, keeping the time under `point` (window
    /// pixels) where it is when the pointer is over the axis; the axis is then pinned, as after
    /// `0`, until `+` or `-` has it follow the time again.
    private func zoom(in isIn: Bool, about point: Point) {
        let oldSpan = span
        let anchor = time(atX: point.x) ?? axisStart
        let least = Self.zoomLevels.first ?? 0.75
        let most = Self.zoomLevels.last ?? 3600
        span = min(max(isIn ? span / Self.wheelZoom : span * Self.wheelZoom, least), most)
        pinnedStart = max(anchor - (anchor - axisStart) * span / oldSpan, 0)
        axisStart = pinnedStart ?? axisStart
    }

    /// How much one wheel notch with Control zooms the axis.
    static let wheelZoom = 1.25

    /// Pans the axis `steps` tenths of its span later (earlier when negative), not before 0,
    /// and pins it there, as after `0`, until `+` or `-` has it follow the time again: any
    /// moment of the session, its rows with it, can be brought onto the axis.
    private func pan(by steps: Double, now: MediaTime) {
        let start = axisRange(at: now).start
        pinnedStart = max(((start + steps * span * Self.panStep) * 1000).rounded() / 1000, 0)
        axisStart = pinnedStart ?? axisStart
    }

    /// The header held at `drag` and now at window x `x`: the axis follows the pointer (dragged
    /// right, it shows earlier times), pinned there to a millisecond, never before 0.
    private func dragAxis(to x: Double, from drag: (x: Double, start: MediaTime)) {
        let moved = x - drag.x
        guard moved != 0 || pinnedStart != nil else { return }
        let shift = moved / (trackMaxX - trackMinX) * span
        pinnedStart = max(((drag.start - shift) * 1000).rounded() / 1000, 0)
        axisStart = pinnedStart ?? axisStart
    }

    /// The part of the axis's span one pan step (a wheel notch with Shift, `,` or `.`) moves it.
    static let panStep = 0.1

    /// The pointer left the panel: no row is under it.
    func pointerLeft() { hoverPoint = nil }

    /// The pointer is at `point` (window pixels) over the panel.
    func hover(at point: Point) { hoverPoint = point }

    // MARK: - Drawing

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        let now = context.sceneTime
        if !isScrubbing { axisStart = pinnedStart ?? Self.axisStart(at: now, span: span) }
        let rows = orderedRows
        settleNameColumn()
        settleFooter(rows: rows)
        let hoveredRow = hoveredRow(count: rows.count)
        let hoveredLine = hoveredRow.flatMap { rows.indices.contains($0) ? rows[$0] : nil }
        let hovered = hoveredLine.flatMap(row(of:))
        let state = DrawnState(
            frame: frame, now: hoveredRow == nil && !context.isPaused ? nil : now, axisStart: axisStart,
            span: span, revision: revision,
            firstRow: firstRow, hoveredRow: hoveredRow, isPaused: context.isPaused, rate: context.rate,
            selected: selectedLabel, collapsed: collapsedGroups,
            selectedLayer: context.selectedLayer.map(ObjectIdentifier.init),
            footerLines: detailLines, detail: barDrag?.text ?? hoveredLine.map(details),
            outline: hovered?.layer.flatMap { outlinePath(of: $0, outline: outline) }, barDrag: barDrag)
        defer { placePlayhead(at: now) }
        guard state != drawn else { return }
        drawn = state
        let shown = Array(rows.dropFirst(firstRow).prefix(visibleRowCount))
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            let margin = PanelStyle.margin * scale
            let range = Self.range(rows: rows, first: firstRow, shown: shown.count)
            // The longest header that fits: the hint about the axis goes first in a narrow
            // panel, so that what the rows are is never cut.
            let headerWidth = frame.width - 2 * margin
            let dropped = droppedNote.map { " · \($0.short)" } ?? ""
            let header =
                [
                    "inspector · \(range)\(dropped) · click or drag the axis to travel",
                    "inspector · \(range)\(dropped) · axis: travel",
                    "inspector · \(range)\(dropped)",
                    "inspector · \(range)",
                    // A narrow panel over a long session ("rows 57940–57945 of 57945"): the
                    // scroll hint goes before the rows are cut.
                    "inspector · \(Self.range(rows: rows, first: firstRow, shown: shown.count, hintsScroll: false))",
                ].first {
                    TextMetrics.width(of: $0, fontSize: PanelStyle.fontSize * scale, bold: true)
                        <= headerWidth
                } ?? "inspector · \(range)"
            canvas.text(
                header,
                in: Rect(
                    x: margin, y: 2 * scale, width: frame.width - 2 * margin, height: headerHeight - 2 * scale
                ), bold: true)
            drawAxis(canvas)
            for (index, line) in shown.enumerated() {
                let y = headerHeight + axisHeight + Double(index) * rowHeight
                switch line {
                case .header(let group):
                    drawHeader(group, at: y, canvas: canvas, isHovered: firstRow + index == hoveredRow)
                case .row(let index):
                    let row = shownRows.rows[index]
                    drawRow(
                        row, at: y, canvas: canvas, isHovered: firstRow + index == hoveredRow,
                        isSelected: row.label == selectedLabel
                            || (context.selectedLayer != nil && row.layer === context.selectedLayer))
                }
            }
            layer.addSublayer(playhead)  // over the rows, under the last line, as drawn in turn
            canvas.fill(
                Rect(x: 0, y: frame.height - detailHeight, width: frame.width, height: 1 * scale),
                PanelStyle.separator)
            let detail = state.detail ?? placeholder
            let width = frame.width - 2 * margin
            var lines = TextMetrics.lines(of: detail, width: width, fontSize: PanelStyle.fontSize * scale)
            if lines.count > detailLines {  // no room (a tiny panel): the last line keeps the rest, cut
                lines =
                    lines.prefix(detailLines - 1) + [lines.dropFirst(detailLines - 1).joined(separator: " ")]
            }
            for (index, line) in lines.enumerated() {
                canvas.text(
                    line,
                    in: Rect(
                        x: margin,
                        y: frame.height - detailHeight + (2 + Double(index) * Self.detailLineHeight) * scale,
                        width: width, height: Self.detailHeight * scale - 4 * scale),
                    color: hoveredLine == nil ? PanelStyle.dimText : PanelStyle.text)
            }
            outline.path = state.outline ?? BezierPath()
            outline.isHidden = state.outline == nil
        }
    }

    /// What the header says of the list: which rows of how many show, counting rows, not the
    /// groups' headers among them (a collapsed group's rows are not in the list).
    static func range(rows lines: [Line], first: Int, shown: Int, hintsScroll: Bool = true) -> String {
        guard !lines.isEmpty else { return "no animation yet" }
        // Counted by case, not through `row`: that copies each row (a dozen references), and
        // the list is every row of the session, counted each time the rows are drawn.
        let rowCount = lines.reduce(0) { $0 + ($1.isRow ? 1 : 0) }
        let before = lines.prefix(first).reduce(0) { $0 + ($1.isRow ? 1 : 0) }
        let inView = lines.dropFirst(first).prefix(shown).reduce(0) { $0 + ($1.isRow ? 1 : 0) }
        let scrolls = hintsScroll && lines.count > shown ? " · wheel scrolls" : ""
        if shown == 0 {
            return rowCount == 1 ? "1 row, no room to show it" : "\(rowCount) rows, no room to show them"
        }
        if rowCount == 0 { return "every group collapsed" + scrolls }
        if inView == 0 { return "\(rowCount) rows, their groups' headers" + scrolls }
        return "rows \(before + 1)–\(before + inView) of \(rowCount)" + scrolls
    }

    /// The hovered line's footer: a header's cause and rows, or a row's details.
    private func details(_ line: Line) -> String {
        switch line {
        case .row(let index): return details(shownRows.rows[index])
        case .header(let index):
            let group = shownRows.groups[index]
            let rows = group.rowCount == 1 ? "1 row" : "\(group.rowCount) rows"
            let action = collapsedGroups.contains(group.label) ? "click to expand" : "click to collapse"
            return "\(group.label) · started by \(group.cause(scale: scale)) · \(rows) · \(action)"
        }
    }

    /// What a row's details say of its value: the value now (the footer's text), or, to size
    /// the footer without it (`footerNeed`), nothing or the widest text the value can take.
    private enum ValueText {
        case now
        case none
        case widest
    }

    /// The hovered row's timing, where it comes from and its layer's value now (`value`).
    private func details(_ row: InspectorRow, value: ValueText = .now) -> String {
        var parts = [row.label]
        if let source = row.source { parts.append(source) }
        switch row.kind {
        case .animation:
            if row.begin > row.addedAt + 1e-9 {
                parts.append("delay \(AnimationLog.format(row.begin - row.addedAt)) s")
            }
            parts.append("duration \(AnimationLog.format(row.duration)) s")
            if let animation = row.object as? LayerAnimation {
                parts.append(Self.curveName(of: animation))
                if animation.repeatCount > 0 {
                    let count = animation.repeatCount
                    parts.append("repeats \(count.isFinite ? AnimationLog.format(count) : "forever")")
                }
                if animation.autoreverses { parts.append("autoreverses") }
                if let fill = Self.fillName[animation.fillMode] { parts.append("fill \(fill)") }
                if !animation.isRemovedOnCompletion { parts.append("kept") }
                switch value {
                case .now:
                    if let layer = row.layer, let value = animation.presentationValueDescription(of: layer) {
                        parts.append("now \(value)")
                    }
                case .widest:
                    // One word, spaces as wide as digits: it wraps as a whole, so a value no
                    // wider, in words, fits in the lines it takes (TextMetrics.lines is greedy).
                    if let widest = animation.presentationValueWidestDescription {
                        parts.append("now " + String(widest.map { $0 == " " ? "0" : $0 }))
                    }
                case .none: break
                }
            }
        case .timer:
            parts.append("fires at \(AnimationLog.format(row.begin + row.duration)) s")
        case .displayLink:
            parts.append("since \(AnimationLog.format(row.begin)) s, every frame")
        }
        return parts.joined(separator: " · ")
    }

    /// A fill mode's name as printing it gives it, without the reflection printing costs
    /// (every row shown, every frame): none for `.removed`.
    static let fillName: [FillMode: String] = [.forwards: "forwards", .backwards: "backwards", .both: "both"]

    static func curveName(of animation: LayerAnimation) -> String {
        if let spring = animation as? SpringDescribing { return spring.springDescription }
        guard let curve = animation.timingFunction else { return "linear" }
        if let named = [
            ("linear", TimingFunction.linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
            ("easeInEaseOut", .easeInEaseOut), ("default", .default),
        ].first(where: { $0.1 == curve }) {
            return named.0
        }
        let points = [
            curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
        ]
        return "curve(" + points.map { AnimationLog.format($0) }.joined(separator: ", ") + ")"
    }

    /// The seconds between labelled ticks, the first that leaves room for a label.
    static let tickSteps: [MediaTime] = [0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800]

    private func drawAxis(_ canvas: PanelCanvas) {
        let y = headerHeight
        var ticks = BezierPath()
        let end = axisStart + span
        // A labelled tick every `step` seconds, far enough apart for its label ("12 s" needs
        // 36 px, "2.25 s" 50), and a short one halfway.
        let perSecond = (trackMaxX - trackMinX) / span
        let step =
            Self.tickSteps.first { $0 * perSecond >= ($0 < 1 ? 50 : 36) * scale } ?? Self.tickSteps.last ?? 1
        let minor = step / 2
        var tick = (axisStart / minor).rounded(.up) * minor
        while tick <= end + 1e-9 {
            let tickX = x(of: tick)
            let isLabelled = abs((tick / step).rounded() * step - tick) < 1e-9
            ticks.move(to: Point(x: tickX, y: y + axisHeight - (isLabelled ? 6 : 3) * scale))
            ticks.addLine(to: Point(x: tickX, y: y + axisHeight))
            if isLabelled {
                let label = step < 1 ? "\(AnimationLog.format(tick)) s" : "\(Int(tick.rounded())) s"
                let width = TextMetrics.width(of: label, fontSize: PanelStyle.fontSize * scale) + 2 * scale
                if tickX + 2 * scale + width <= frame.width {
                    canvas.text(
                        label,
                        in: Rect(x: tickX + 2 * scale, y: y, width: width, height: axisHeight - 4 * scale),
                        color: PanelStyle.dimText)
                }
            }
            tick += minor
        }
        ticks.move(to: Point(x: x(of: axisStart), y: y + axisHeight))
        ticks.addLine(to: Point(x: x(of: end), y: y + axisHeight))
        canvas.shape(ticks, stroke: Color(white: 0.6), width: 1)
    }

    private func drawRow(
        _ row: InspectorRow, at y: Double, canvas: PanelCanvas, isHovered: Bool, isSelected: Bool
    ) {
        let colors = [
            Color(red: 0.30, green: 0.60, blue: 1.00), Color(red: 0.95, green: 0.55, blue: 0.20),
            Color(red: 0.45, green: 0.80, blue: 0.35), Color(red: 0.85, green: 0.40, blue: 0.80),
        ]
        let color: Color
        switch row.kind {
        case .animation: color = colors[(row.group + 1) % colors.count]  // the first orange, as before
        case .displayLink, .timer: color = Color(white: 0.55)
        }
        if isSelected {  // the selection: an amber band under the name, a bar at its left
            canvas.fill(
                Rect(x: 0, y: y, width: labelWidth, height: rowHeight), PanelStyle.accent.withAlpha(0.22))
            canvas.fill(Rect(x: 0, y: y, width: 3 * scale, height: rowHeight), PanelStyle.accent)
        }
        if isHovered {
            canvas.fill(Rect(x: 0, y: y, width: frame.width, height: rowHeight), Color(white: 1, alpha: 0.1))
        }
        canvas.text(
            row.label,
            in: Rect(x: PanelStyle.margin * scale, y: y, width: labelWidth - 12 * scale, height: rowHeight),
            color: isSelected ? PanelStyle.accent : PanelStyle.text)
        let top = y + 3 * scale
        let height = rowHeight - 6 * scale
        let left = x(of: axisStart)
        let right = x(of: axisStart + span)
        let start = min(max(x(of: row.begin), left), right)
        let activeEnd =
            row.activeDuration.isFinite ? row.begin + row.activeDuration : axisStart + span
        let end = min(max(x(of: activeEnd), start), right)
        if row.begin > row.addedAt {  // the delay, dotted
            var delay = BezierPath()
            delay.move(to: Point(x: min(max(x(of: row.addedAt), left), right), y: top + height / 2))
            delay.addLine(to: Point(x: start, y: top + height / 2))
            canvas.shape(delay, stroke: color, width: 1, dashes: [2, 2])
        }
        if end > start {
            canvas.fill(Rect(x: start, y: top, width: end - start, height: height), color.withAlpha(0.55))
        }
        if row.kind == .animation, row.duration > 0, end > start {
            // A tick at each repeat (and each turn of an autoreversed one), the curve plotted
            // inside each duration: forward, and mirrored on the way back.
            var marks = BezierPath()
            var cycle = row.begin
            var cycles = 0
            while cycle < activeEnd && x(of: cycle) < right && cycles < 200 {
                let isReturning = row.autoreverses && cycles % 2 == 1
                let from = x(of: cycle)
                let to = x(of: min(cycle + row.duration, activeEnd))
                if cycle > row.begin {
                    marks.move(to: Point(x: from, y: top))
                    marks.addLine(to: Point(x: from, y: top + height))
                }
                var started = false
                let curve = isReturning ? Array(row.curve.reversed()) : row.curve
                for index in Self.plotted(samples: curve.count, across: to - from, scale: scale) {
                    let fraction = Double(index) / Double(max(curve.count - 1, 1))
                    let point = Point(
                        x: from + (to - from) * fraction,
                        y: top + height - min(max(curve[index], -0.2), 1.4) / 1.4 * height)
                    if point.x > right { break }
                    if point.x < left { continue }
                    if started { marks.addLine(to: point) } else { marks.move(to: point) }
                    started = true
                }
                cycle += row.duration
                cycles += 1
            }
            canvas.shape(marks, stroke: .white, width: 1)
        }
        if row.kind == .timer, row.duration > 0 {
            var ticks = BezierPath()
            var fire = max(
                row.begin + row.duration,
                row.begin + ((axisStart - row.begin) / row.duration).rounded(.down) * row.duration)
            while fire < axisStart + span && fire <= row.begin + row.activeDuration + 1e-9 {
                if fire >= axisStart {
                    ticks.move(to: Point(x: x(of: fire), y: top))
                    ticks.addLine(to: Point(x: x(of: fire), y: top + height))
                }
                fire += row.duration
            }
            canvas.shape(ticks, stroke: .white, width: 1)
        }
        if row.fillsForwards && end < right {
            var hold = BezierPath()
            hold.move(to: Point(x: end, y: top + height / 2))
            hold.addLine(to: Point(x: right, y: top + height / 2))
            canvas.shape(hold, stroke: color, width: 2)
        }
    }

    /// Which of a curve's `samples` (evenly spaced, the first and the last kept) a row plots
    /// across `width` pixels: one about every `curveSpacing` pixels at scale 1. A fade a few
    /// pixels wide drew its 25 samples as a tangle of segments a fraction of a pixel long, and
    /// stroking them was most of the inspector's drawing (issue 39).
    static func plotted(samples: Int, across width: Double, scale: Double) -> [Int] {
        guard samples > 2 else { return Array(0..<samples) }
        let spacing = width / Double(samples - 1)
        let stride = spacing > 0 ? max(Int((curveSpacing * scale / spacing).rounded(.up)), 1) : samples
        var indices = Array(Swift.stride(from: 0, to: samples - 1, by: stride))
        indices.append(samples - 1)
        return indices
    }
    /// Pixels at scale 1 between the points of a plotted curve, at least.
    static let curveSpacing = 2.0

    /// A group's header: a triangle, its name and rows across the label column, a band across
    /// the track; collapsed, one bar spanning its rows' bars.
    private func drawHeader(_ index: Int, at y: Double, canvas: PanelCanvas, isHovered: Bool) {
        let group = shownRows.groups[index]
        let isCollapsed = collapsedGroups.contains(group.label)
        canvas.fill(Rect(x: 0, y: y, width: frame.width, height: rowHeight), Color(white: 1, alpha: 0.06))
        if isHovered {
            canvas.fill(Rect(x: 0, y: y, width: frame.width, height: rowHeight), Color(white: 1, alpha: 0.1))
        }
        let margin = PanelStyle.margin * scale
        var triangle = BezierPath()
        let size = 7 * scale
        let centre = Point(x: margin + size / 2, y: y + rowHeight / 2)
        if isCollapsed {  // ▸
            triangle.move(to: Point(x: centre.x - size / 3, y: centre.y - size / 2))
            triangle.addLine(to: Point(x: centre.x + size / 2, y: centre.y))
            triangle.addLine(to: Point(x: centre.x - size / 3, y: centre.y + size / 2))
        } else {  // ▾
            triangle.move(to: Point(x: centre.x - size / 2, y: centre.y - size / 3))
            triangle.addLine(to: Point(x: centre.x + size / 2, y: centre.y - size / 3))
            triangle.addLine(to: Point(x: centre.x, y: centre.y + size / 2))
        }
        triangle.close()
        canvas.shape(triangle, fill: PanelStyle.dimText)
        let count = group.rowCount == 1 ? "1 row" : "\(group.rowCount) rows"
        let left = margin + size + 4 * scale
        let width = labelWidth - left - 6 * scale
        let text =
            [group.label + " · " + count, group.label].first {
                TextMetrics.width(of: $0, fontSize: PanelStyle.fontSize * scale, bold: true) <= width
            } ?? group.label
        canvas.text(text, in: Rect(x: left, y: y, width: width, height: rowHeight), bold: true)
        guard isCollapsed else { return }
        let rows = shownRows.rows.filter { $0.group == index }
        guard let first = rows.map(\.addedAt).min() else { return }
        let last = rows.map { $0.activeDuration.isFinite ? $0.begin + $0.activeDuration : axisStart + span }
            .max()
        let trackLeft = x(of: axisStart)
        let trackRight = x(of: axisStart + span)
        let start = min(max(x(of: first), trackLeft), trackRight)
        let end = min(max(x(of: last ?? first), start), trackRight)
        if end > start {
            canvas.fill(
                Rect(x: start, y: y + 4 * scale, width: end - start, height: rowHeight - 8 * scale),
                Color(white: 0.75, alpha: 0.5))
        }
    }

    /// Keeps the first row shown within the `count` rows, at the newest while it follows them.
    /// The footer's text while no row is hovered.
    static let placeholder = "point at a row for its timing and value; the red line is the scene's time"

    /// The footer's text while no row is hovered now: after the log dropped its oldest rows
    /// (`AnimationLog.capacity`), it says so first, wrapped whole like every footer.
    var placeholder: String {
        droppedNote.map { "\($0.long); " + Self.placeholder } ?? Self.placeholder
    }

    /// What the panel says once the log dropped rows over its capacity (nil before): in the
    /// header where it fits (`short`), and in the footer while no row is hovered (`long`).
    var droppedNote: (short: String, long: String)? {
        let dropped = log.droppedRows + (halves == nil ? 0 : copyLog.droppedRows)
        guard dropped > 0 else { return nil }
        let count = Self.grouped(dropped)
        let older = dropped == 1 ? "1 older row" : "\(count) older rows"
        return (
            "\(older) dropped",
            "\(older) dropped: the inspector keeps the newest \(Self.grouped(log.capacity)) of a session"
        )
    }

    /// `12,345`: a count with its thousands apart.
    static func grouped(_ count: Int) -> String {
        var digits = String(count.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return count < 0 ? "-" + digits : digits
    }

    /// The most rows the running scene's log keeps (`AnimationLog.capacity`; tests set fewer).
    var logCapacity: Int {
        get { log.capacity }
        set {
            log.capacity = newValue
            copyLog.capacity = newValue
        }
    }

    /// Sets the footer's lines and the first row shown together: the footer takes as many
    /// lines as the longest of the texts it may show now needs (the placeholder, a held bar
    /// end's value, each shown line's details), at most all the room under the axis; the rows
    /// shown are fewer for it. Decided from the rows in view, not from the pointer: hovering
    /// the last row shown does not hide it under a footer grown for it (which would then hover
    /// nothing and shrink again).
    private func settleFooter(rows: [Line]) {
        // One row keeps its place (the panel's least size has room for it and one line).
        let room = frame.height - headerHeight - axisHeight - rowHeight - Self.detailHeight * scale
        let most = max(Int((room / (Self.detailLineHeight * scale)).rounded(.down)) + 1, 1)
        let width = frame.width - 2 * PanelStyle.margin * scale
        detailLines = min(max(footerLineCount(of: placeholder, width: width), 1), most)
        if let drag = barDrag?.text {
            detailLines = min(max(detailLines, footerLineCount(of: drag, width: width)), most)
        }
        let key = FooterNeedKey(revision: revision, collapsed: collapsedGroups, width: width, scale: scale)
        if footerNeeds.key != key || footerNeeds.lines.count != rows.count {
            footerNeeds = (key, Array(repeating: nil, count: rows.count))
            // The rows measured for the last rows keep their needs (those in view then):
            // a row that only moved up as the log gained one is not measured again.
            rowNeeds = (previous: rowNeeds.current, current: [:])
        }
        // A taller footer shows fewer rows (others, when the list follows the newest): until
        // the lines shown need no more than it has.
        while true {
            settleFirstRow(count: rows.count)
            let shown = rows.dropFirst(firstRow).prefix(visibleRowCount)
            let needed = shown.indices.reduce(detailLines) {
                max($0, footerNeed(ofLine: $1, in: rows, width: width))
            }
            let lines = min(needed, most)
            if lines <= detailLines { break }
            detailLines = lines
        }
    }

    /// The lines the footer needs for line `index` of `rows` (`orderedRows`, `footerNeeds`
    /// made for them by `settleFooter`): the lines of its details without a value and with
    /// the widest its property's value can take (`details(_:value:)`), measured once while
    /// the rows, the collapsed groups, the width and the scale stay; where the two are the
    /// same, so are the lines of its details with the value now, which is formatted only for
    /// the rows near a line's end (a value within the widest's numbers; past them the footer
    /// may cut the last line of a hovered row's details). Formatting and measuring each row
    /// in view's value every frame a scene plays, to size the footer, took a sixth of a
    /// playing window's loop (issue 39).
    private func footerNeed(ofLine index: Int, in rows: [Line], width: Double) -> Int {
        if let known = footerNeeds.lines[index] {
            if let lines = known { return lines }
            return footerLineCount(of: details(rows[index]), width: width)
        }
        let need: Int?
        switch rows[index] {
        case .row(let number):
            let row = shownRows.rows[number]
            let rowKey = RowNeedKey(row, width: width, scale: scale)
            if let kept = rowNeeds.current[rowKey] ?? rowNeeds.previous[rowKey], kept.object === row.object {
                need = kept.need
            } else {
                rowsMeasured += 1
                let least = footerLineCount(of: details(row, value: .none), width: width, isKept: false)
                let most = footerLineCount(of: details(row, value: .widest), width: width, isKept: false)
                need = least == most ? least : nil
            }
            rowNeeds.current[rowKey] = (row.object, need)
        case .header:
            need = footerLineCount(of: details(rows[index]), width: width, isKept: false)
        }
        footerNeeds.lines[index] = .some(need)
        return need ?? footerLineCount(of: details(rows[index]), width: width)
    }
    private struct FooterNeedKey: Equatable {
        var revision: Int
        var collapsed: Set<String>
        var width: Double
        var scale: Double
    }
    /// Each line's need (`footerNeed`): not measured yet (nil), or its lines, or nil when
    /// they depend on its value now.
    private var footerNeeds: (key: FooterNeedKey?, lines: [Int??]) = (nil, [])
    /// What a row's need (`footerNeed`) depends on: the row (its animation, a copy the scene
    /// does not change once added, and what the log noted of it) and the footer's width and
    /// scale. Not its place in the list, nor the revision: a row that moves up when the log
    /// gains one keeps its need (issue 39).
    private struct RowNeedKey: Hashable {
        var object: ObjectIdentifier
        var label: String
        var source: String?
        var kind: InspectorRow.Kind
        var addedAt: MediaTime
        var begin: MediaTime
        var duration: MediaTime
        var repeatCount: Double
        var autoreverses: Bool
        var width: Double
        var scale: Double

        init(_ row: InspectorRow, width: Double, scale: Double) {
            object = ObjectIdentifier(row.object)
            label = row.label
            source = row.source
            kind = row.kind
            addedAt = row.addedAt
            begin = row.begin
            duration = row.duration
            repeatCount = row.repeatCount
            autoreverses = row.autoreverses
            self.width = width
            self.scale = scale
        }
    }
    /// The needs of the rows measured under the rows listed now (`current`) and the rows
    /// before (`previous`), each with its object, so that its identity is not reused: at most
    /// the rows in view of two revisions.
    private var rowNeeds: (previous: [RowNeedKey: KeptNeed], current: [RowNeedKey: KeptNeed]) = ([:], [:])
    private typealias KeptNeed = (object: AnyObject, need: Int?)
    /// How many rows' details `footerNeed` formatted and measured to size the footer (for the
    /// tests: a row that only moves up is not measured again).
    private(set) var rowsMeasured = 0

    /// The lines `text` takes in the footer, `width` pixels wide; measured once a text (kept
    /// unless `isKept` is false: texts measured once for good, by `footerNeed`).
    private func footerLineCount(of text: String, width: Double, isKept: Bool = true) -> Int {
        if footerWidth != width {
            footerWidth = width
            footerLineCounts = [:]
        }
        if let count = footerLineCounts[text] { return count }
        let fontSize = PanelStyle.fontSize * scale
        let count =
            TextMetrics.width(of: text, fontSize: fontSize) <= width
            ? 1 : TextMetrics.lines(of: text, width: width, fontSize: fontSize).count
        guard isKept else { return count }
        if footerLineCounts.count >= 512 { footerLineCounts = [:] }  // a playing scene's values
        footerLineCounts[text] = count
        return count
    }
    private var footerWidth = 0.0
    private var footerLineCounts: [String: Int] = [:]

    private func settleFirstRow(count: Int) {
        if followsNewest { firstRow = max(count - visibleRowCount, 0) }
        firstRow = min(firstRow, max(count - visibleRowCount, 0))
    }

    /// The first scene time on the axis at scene time `now` (while the pointer does not
    /// scrub): 0 until the playhead reaches ¾ of the span, then pages of half the span, so
    /// that the playhead sweeps from ¼ to ¾ of the axis and the axis moves every 3 s of scene
    /// time, not every frame. A function of `now` alone: the window and `render` of the same
    /// moment show the same axis however they reached it.
    static func axisStart(at now: MediaTime, span: MediaTime = axisSpan) -> MediaTime {
        let page = span / 2
        let shown = span * 0.75
        guard now >= shown else { return 0 }
        return (((now - shown) / page).rounded(.down) + 1) * page
    }

    /// Moves the playhead to `now` (a box a few pixels wide around the line, so that moving
    /// it redraws only where it was and where it is), hidden off the axis.
    private func placePlayhead(at now: MediaTime) {
        let isShown = now >= axisStart - 1e-9 && now <= axisStart + span + 1e-9
        let width = 1.5 * scale
        let box = Rect(
            x: x(of: now) - width, y: headerHeight, width: 2 * width,
            height: max(frame.height - detailHeight - headerHeight, 0))
        var line = BezierPath()
        line.move(to: Point(x: width, y: 0))
        line.addLine(to: Point(x: width, y: box.height))
        let moves = playhead.frame != box || playhead.path != line || playhead.lineWidth != width
        guard playhead.isHidden == isShown || (isShown && moves) else { return }
        timeline.transaction { transaction in
            transaction.disableActions = true
            playhead.isHidden = !isShown
            playhead.frame = box
            playhead.path = line
            playhead.lineWidth = width
        }
    }

    /// The outlined box, window pixels (nil when nothing is outlined), for tests.
    var outlinedBox: Rect? { outline.isHidden ? nil : outline.path.bounds }
}

/// A spring animation's parameters for the inspector, whatever its value type.
protocol SpringDescribing {
    var springDescription: String { get }
}

extension SpringAnimation: SpringDescribing {
    var springDescription: String {
        "spring mass \(AnimationLog.format(mass)) stiffness \(AnimationLog.format(stiffness)) damping \(AnimationLog.format(damping))"
    }
}
