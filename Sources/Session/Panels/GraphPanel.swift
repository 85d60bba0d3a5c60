import Animation
import Render

/// The graph panel (`y`): the selected timeline row's value over its span, and its speed under
/// it, docked along the bottom (above the inspector when both are open).
///
/// ```
/// ┌ graph · b3.strokeEnd · strokeEnd · 0.1–0.35 s ──────────────────── ━ value ┐
/// │      1 ┤                    ╭──────────────────────            ▏           │
/// │        │              ╭────╯                                   ▏ playhead  │
/// │      0 ┤─────────────╯                                         ▏           │
/// │  speed ┤            ╱╲_                                        ▏           │
/// │        0.1 s                                              0.35 s           │
/// │ t 0.213 s · value 0.58 · speed 3.1 /s  (hover: the frame under the pointer)│
/// └────────────────────────────────────────────────────────────────────────────┘
/// ```
/// The samples are the engine's presentation values at the frames of the row's span, from a
/// replay of the history (`TimeMachine.graphSamples(for:)`), not the curve worked out again:
/// a spring's overshoot, an ease, a repeat and an interrupted animation show as the frames
/// showed them. Points, sizes, rects, colours and transforms graph each component in its own
/// colour (a colour's channels in their colours). The samples are kept per row and history
/// (`Cache`): the replay runs again only when the selection or the input before the row's
/// end changes; the playhead is a layer of its own that moves, so a playing scene redraws one
/// line a frame.
///
/// For motion no row names (a display link's: the elastic wave's control points and path), a
/// layer selected in the layer tree (`j`) is graphed instead, when no animation row is selected
/// or the layer was selected last: its presentation value of one property at each recorded
/// frame of the inspector's axis (`LayerGraphReplay`: a replica travels the history, exact as
/// a seek), among the properties that change there; Tab and Shift+Tab choose the next and the
/// previous (docs/ARCHITECTURE.md § The graph of a layer).
final class GraphPanel: Panel {
    static let kind = PanelKind(
        name: "graph",
        toggle: ShellKey.Row(
            keys: [.character("y")], label: "y",
            action: "graph: the selected row's value and speed over time (click a row's name in i)"),
        edge: .bottom, observesScene: true)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 320, height: 150)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    private let playhead: ShapeLayer
    private var drawn: DrawnState?
    private var cache: Cache?
    /// The row last shown, for a session file while the inspector is closed (`PanelView.row`).
    private var shownRow: String?
    /// How many times the samples were made (a replay each), for tests of the cache.
    private(set) var samplingCount = 0
    /// A layer's graph: its replay, kept between frames; the property Tab chose (nil: the
    /// first that changes); whether the layer was selected after the row, and the row selected
    /// then (a click on another row graphs that row again).
    let layerReplay = LayerGraphReplay()
    private(set) var layerProperty: String?
    private var layerSelectedLast = false
    /// The inspector's row clicks when the layer was selected (nil: restored from a session
    /// file, whatever they are next).
    private var rowClicksAtLayerSelection: Int?
    /// The layer graphed now and its samples, for `--describe`, Tab and a session file.
    private var shownLayer: (name: String, samples: LayerGraphSamples?, property: String?)?

    /// Sizes at scale 1, pixels.
    static let headerHeight = 20.0
    static let footerHeight = 20.0
    static let footerLineHeight = 15.0
    static let twoLineWidth = 640.0
    static let timeAxisHeight = 16.0
    static let gutterWidth = 64.0
    static let preferredHeight = 230.0

    /// The samples of one row, and what they were made from.
    private struct Cache {
        var key: GraphRowKey
        var stamp: HistoryStamp
        var inputs: [SceneFrame]
        var samples: GraphSamples?
        var speeds: [[Double]]
    }

    private struct DrawnState: Equatable {
        var frame: Rect
        var scale: Double
        var row: String?
        var key: GraphRowKey?
        var layer: String?
        var samples: GraphSamples?
        var hovered: Int?
        /// The scene time while paused (else nil: the playhead alone follows the time): paused,
        /// a travel redraws the whole panel, as the inspector does, so that a paused window
        /// shows exactly what `render` does.
        var now: MediaTime?
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "graph", timeline: timeline)
        playhead = makePlayheadLayer(timeline: timeline)
    }

    var keyHelp: [HelpLine] {
        [
            HelpLine("graph: point", "the value and speed at the frame under the pointer"),
            HelpLine("graph: click the header", "a layer's graph: its next property that moves"),
            HelpLine(
                "graph: Tab, Shift+Tab",
                "a layer's graph (select one in j): its next / previous property that moves"),
        ]
    }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        min(Self.preferredHeight * scale, (size.height * 0.35).rounded(.down))
    }

    func setOpen(_ isOpen: Bool) {
        drawn = nil
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    var view: PanelView {
        PanelView(row: shownRow, layer: shownLayer?.name, property: layerProperty)
    }

    func restore(_ view: PanelView) {
        layerProperty = view.property
        if view.layer != nil {
            layerSelectedLast = true
            rowClicksAtLayerSelection = nil
        }
    }

    /// The layer tree selected a layer; the inspector's rows had been clicked `rowClicks` times.
    func layerWasSelected(rowClicks: Int) {
        layerSelectedLast = true
        rowClicksAtLayerSelection = rowClicks
    }

    /// Whether the graph shows the layer tree's selected layer rather than the inspector's
    /// selected row (`isAnimation`: an animation the inspector's log has): yes with no such
    /// row, or when no row was clicked since the layer was selected.
    func graphsLayer(isAnimation: Bool, rowClicks: Int) -> Bool {
        guard isAnimation else { return true }
        guard layerSelectedLast else { return false }
        if rowClicksAtLayerSelection == nil { rowClicksAtLayerSelection = rowClicks }
        return rowClicks == rowClicksAtLayerSelection
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    // MARK: - Geometry (the panel's pixels)

    private var margin: Double { PanelStyle.margin * scale }
    private var plotMinX: Double { Self.gutterWidth * scale }
    /// The footer's lines: two in a narrow panel (a point's or a colour's numbers are long),
    /// one else; set by the panel's size alone, so the plots stay put whatever is hovered.
    private var footerLines: Int { frame.width < Self.twoLineWidth * scale ? 2 : 1 }
    private var footerHeight: Double {
        (Self.footerHeight + Double(footerLines - 1) * Self.footerLineHeight) * scale
    }
    private var plotMaxX: Double { max(frame.width - 2 * margin, plotMinX + 1) }
    private var plotTop: Double { Self.headerHeight * scale + 4 * scale }
    private var plotBottom: Double {
        max(frame.height - footerHeight - Self.timeAxisHeight * scale, plotTop + 2)
    }
    /// The value plot takes the upper 60 %, the speed plot the rest, a gap between.
    private var valueBottom: Double { plotTop + (plotBottom - plotTop) * 0.6 - 3 * scale }
    private var speedTop: Double { plotTop + (plotBottom - plotTop) * 0.6 + 3 * scale }

    private func x(of time: MediaTime, in samples: GraphSamples) -> Double {
        let span = max(samples.end - samples.start, 1e-9)
        return plotMinX + (time - samples.start) / span * (plotMaxX - plotMinX)
    }

    /// The sample shown at window x `x` (the frame on screen at that time), nil off the plot.
    private func sample(atX x: Double, in samples: GraphSamples) -> Int? {
        let local = x - frame.minX
        guard local >= plotMinX - 2 * scale, local <= plotMaxX + 2 * scale else { return nil }
        let fraction = min(max((local - plotMinX) / (plotMaxX - plotMinX), 0), 1)
        return samples.sample(at: samples.start + fraction * (samples.end - samples.start))
    }

    // MARK: - Input

    /// The pointer's place comes with the context when the panel draws (`PanelContext.pointer`,
    /// as a session file restores it). A click on the header of a layer's graph: its next property that moves, as Tab (which
    /// reaches the graph only while it is topmost).
    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        guard case .down(let point) = event, context.graphLayer != nil,
            point.y < frame.minY + Self.headerHeight * scale
        else { return [] }
        return handleKey(.tab, context: context) ?? []
    }

    /// Tab, Shift+Tab: a layer's next or previous property among those that move on the axis.
    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        guard key == .tab || key == .backTab, let name = context.graphLayer else { return nil }
        // The samples as they are now (a frame `render` did not draw did not update the panel).
        _ = layerSamples(of: name, context: context)
        guard let shown = shownLayer else { return nil }
        let changing = shown.samples?.changing ?? []
        guard let current = shown.property, let index = changing.firstIndex(of: current), changing.count > 1
        else {
            return [.message("graph · \(shown.name): no other property moves on the axis")]
        }
        let next = (index + (key == .tab ? 1 : changing.count - 1)) % changing.count
        layerProperty = changing[next]
        return [
            .message("graph · \(shown.name) · \(changing[next]) (\(next + 1) of \(changing.count) that move)")
        ]
    }

    // MARK: - The samples

    /// The samples of the selected row, made again only when the row or the input its replay
    /// depends on changed (a new input frame before its end, a restart, a knob from the start).
    private func samples(for key: GraphRowKey?, context: PanelContext) -> Cache? {
        guard let key else { return nil }
        if var cache, cache.key == key {
            if cache.stamp == context.historyStamp { return cache }
            let inputs = context.graphInputs(inputsEnd(of: cache))
            if inputs == cache.inputs {
                cache.stamp = context.historyStamp
                self.cache = cache
                return cache
            }
        }
        samplingCount += 1
        let samples = context.graphSamples(key)
        var made = Cache(key: key, stamp: context.historyStamp, inputs: [], samples: samples, speeds: [])
        made.inputs = context.graphInputs(inputsEnd(of: made))
        made.speeds = samples?.speeds ?? []
        cache = made
        return made
    }

    /// The last scene time whose input the samples depend on.
    private func inputsEnd(of cache: Cache) -> MediaTime {
        cache.samples?.times.last ?? cache.key.begin + GraphSamples.openEndedSpan + 1
    }

    /// The graph as `render --describe` gives it, nil while the panel shows none.
    var described: SessionDescription.Graph? {
        guard let drawn else { return nil }
        if let layer = drawn.layer {
            return drawn.samples.map { Self.described($0, row: nil, layer: layer) }
        }
        guard let cache, let samples = cache.samples else { return nil }
        return Self.described(samples, row: cache.key.label, layer: nil)
    }

    private static func described(_ samples: GraphSamples, row: String?, layer: String?)
        -> SessionDescription.Graph
    {
        SessionDescription.Graph(
            row: row, layer: layer, property: samples.property, components: samples.components,
            samples: zip(samples.times, samples.values).map { time, values in
                [InspectorPanel.rounded(time)] + values.map { ($0 * 1e6).rounded() / 1e6 }
            })
    }

    /// The samples of layer `name` on the axis, and the property shown: the one Tab chose
    /// while it moves there, else the first that moves.
    private func layerSamples(of name: String, context: PanelContext) -> GraphSamples? {
        let axis = context.graphAxis
        let samples = context.layerGraphSamples(layerReplay, name, axis.start, axis.end)
        let changing = samples?.changing ?? []
        let property = layerProperty.flatMap { changing.contains($0) ? $0 : nil } ?? changing.first
        shownLayer = (name, samples, property)
        return property.flatMap { samples?.graph(of: $0) }
    }

    // MARK: - Drawing

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        shownRow = context.selectedRow
        let graphedLayer = context.graphLayer
        let cache: Cache?
        let samples: GraphSamples?
        if let graphedLayer {
            cache = nil
            samples = layerSamples(of: graphedLayer, context: context)
        } else {
            shownLayer = nil
            cache = self.samples(for: context.selectedGraphKey, context: context)
            samples = cache?.samples
        }
        let hovered: Int? =
            if let point = context.pointer, frame.contains(point), let samples {
                sample(atX: point.x, in: samples)
            } else { nil }
        let state = DrawnState(
            frame: frame, scale: scale, row: context.selectedRow, key: cache?.key, layer: graphedLayer,
            samples: samples,
            hovered: hovered, now: context.isPaused ? context.sceneTime : nil)
        defer { placePlayhead(at: context.sceneTime, samples: samples) }
        guard state != drawn else { return }
        drawn = state
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            if let samples, let label = state.layer ?? cache?.key.label {
                draw(
                    samples, speeds: cache?.speeds ?? samples.speeds, label: label, hovered: hovered,
                    canvas: canvas)
                layer.addSublayer(playhead)
            } else if let name = state.layer {
                drawEmpty(message: Self.stillMessage(layer: name, axis: context.graphAxis), canvas: canvas)
            } else {
                drawEmpty(
                    message: Self.emptyMessage(
                        row: context.selectedRow, isAnimation: context.selectedGraphKey != nil),
                    canvas: canvas)
            }
        }
    }

    /// What the panel says with no row to graph.
    static func emptyMessage(row: String?, isAnimation: Bool) -> String {
        switch (row, isAnimation) {
        case (nil, _):
            "Select a row: open the inspector (i) and click a row's name; its value over time shows here. Or select a layer in the layer tree (j)."
        case (let row?, true):
            "\(row): its value is not numbers (a path), or the replay did not find it."
        case (let row?, false):
            "\(row) is not an animation the inspector has now: click an animation row's name in the inspector (i)."
        }
    }

    /// What the panel says of a layer none of whose properties moves on the axis.
    static func stillMessage(layer: String, axis: (start: MediaTime, end: MediaTime)) -> String {
        "\(layer): none of its properties moves from \(AnimationLog.format(axis.start)) to \(AnimationLog.format(axis.end)) s (the inspector's axis, i: + - zoom it)."
    }

    /// What the panel says with nothing to graph.
    private func drawEmpty(message: String, canvas: PanelCanvas) {
        let width = frame.width - 2 * margin
        canvas.text(
            "graph", in: Rect(x: margin, y: 2 * scale, width: width, height: (Self.headerHeight - 2) * scale),
            bold: true)
        var y = (Self.headerHeight + 4) * scale
        for line in TextMetrics.lines(of: message, width: width, fontSize: PanelStyle.fontSize * scale) {
            guard y + PanelStyle.lineHeight * scale <= frame.height else { break }
            canvas.text(
                line, in: Rect(x: margin, y: y, width: width, height: PanelStyle.lineHeight * scale),
                color: PanelStyle.dimText)
            y += PanelStyle.lineHeight * scale
        }
    }

    /// The colour of component `name` (of `count`): a colour's channels in their colours, a
    /// single number in the panels' accent.
    static func color(of name: String, index: Int, count: Int) -> Color {
        switch name {
        case "value": return PanelStyle.accent
        case "red": return Color(red: 1, green: 0.35, blue: 0.35)
        case "green": return Color(red: 0.35, green: 0.85, blue: 0.35)
        case "blue": return Color(red: 0.4, green: 0.6, blue: 1)
        case "alpha": return Color(white: 0.8)
        default:
            let palette = [
                Color(red: 1, green: 0.45, blue: 0.4), Color(red: 0.45, green: 0.85, blue: 0.4),
                Color(red: 0.4, green: 0.65, blue: 1), Color(red: 0.95, green: 0.75, blue: 0.3),
                Color(red: 0.85, green: 0.45, blue: 0.85), Color(red: 0.4, green: 0.85, blue: 0.85),
            ]
            return palette[index % palette.count]
        }
    }

    /// Each component's lowest and highest value in `values`, or every component's together
    /// when `shared`.
    static func ranges(of values: [[Double]], components: Int, shared: Bool) -> [(low: Double, high: Double)]
    {
        let own = (0..<components).map { component in
            let column = values.compactMap { $0.indices.contains(component) ? $0[component] : nil }
            return (low: column.min() ?? 0, high: column.max() ?? 0)
        }
        guard shared else { return own }
        let together = (low: own.map(\.low).min() ?? 0, high: own.map(\.high).max() ?? 0)
        return own.map { _ in together }
    }

    /// `value` in at most about five characters: `22k`, `-1.2k`, `0.113`.
    static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1e6 { return format(value / 1e6) + "M" }
        if magnitude >= 1e4 { return String(Int((value / 1e3).rounded())) + "k" }
        if magnitude >= 1e3 { return format((value / 100).rounded() / 10) + "k" }
        return format(value)
    }

    static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        let digits = magnitude >= 100 ? 1 : magnitude >= 1 ? 2 : 3
        let factor = [1.0, 10, 100, 1000][digits]
        let rounded = (value * factor).rounded() / factor
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    private func draw(
        _ samples: GraphSamples, speeds: [[Double]], label: String, hovered: Int?, canvas: PanelCanvas
    ) {
        let fontSize = PanelStyle.fontSize * scale
        let count = samples.components.count
        let colors = samples.components.enumerated().map { Self.color(of: $1, index: $0, count: count) }
        // Each component on its own scale (a point's x may sit still while its y springs),
        // but a colour's channels and a single number on one.
        let isShared = count == 1 || samples.components.contains("red")
        let ranges = Self.ranges(of: samples.values, components: count, shared: isShared)
        let speedMaxes = Self.ranges(of: speeds.map { $0.map(abs) }, components: count, shared: isShared)
            .map { max($0.high, 1e-9) }
        func valueY(_ value: Double, _ component: Int) -> Double {
            let (low, high) = ranges[component]
            let pad = max((high - low) * 0.08, 0.5e-9)
            return valueBottom - (value - low + pad) / (high - low + 2 * pad) * (valueBottom - plotTop)
        }
        func speedY(_ speed: Double, _ component: Int) -> Double {
            let middle = (speedTop + plotBottom) / 2
            return middle - speed / speedMaxes[component] * (plotBottom - speedTop) / 2 * 0.9
        }
        // The component whose scale the gutter labels: the first that moves.
        let labelled = ranges.firstIndex { $0.high - $0.low > 1e-9 } ?? 0
        let gutterColor = isShared ? PanelStyle.dimText : colors[labelled]

        // The header: the row, its property and span; the legend at the right (with each
        // component's range when it has its own scale and there is room).
        let names = count > 1 ? samples.components : []
        let ranged = names.indices.map { index in
            let (low, high) = ranges[index]
            return high - low > 1e-9
                ? "━ \(names[index]) \(Self.compact(low))…\(Self.compact(high))"
                : "━ \(names[index]) \(Self.compact(low))"
        }
        let plain = names.map { "━ " + $0 }
        func legendWidth(_ texts: [String]) -> Double {
            texts.map { TextMetrics.width(of: $0, fontSize: fontSize) + 8 * scale }.reduce(0, +)
        }
        let legend = !isShared && legendWidth(ranged) <= frame.width * 0.55 ? ranged : plain
        var legendX = frame.width - margin
        for (index, text) in legend.enumerated().reversed() {
            let width = TextMetrics.width(of: text, fontSize: fontSize) + 2 * scale
            legendX -= width
            canvas.text(
                text,
                in: Rect(x: legendX, y: 2 * scale, width: width, height: (Self.headerHeight - 2) * scale),
                color: colors[index])
            legendX -= 6 * scale
        }
        let span = "\(AnimationLog.format(samples.start))–\(AnimationLog.format(samples.end)) s"
        let headerWidth = max(legendX - margin, 1)
        let header =
            [
                "graph · \(label) · \(samples.property) · \(span)", "graph · \(label) · \(span)",
                "graph · \(label)",
            ]
            .first { TextMetrics.width(of: $0, fontSize: fontSize, bold: true) <= headerWidth }
            ?? "graph · \(label)"
        canvas.text(
            header,
            in: Rect(x: margin, y: 2 * scale, width: headerWidth, height: (Self.headerHeight - 2) * scale),
            bold: true)

        // Frames: the plots' boxes, the value's ends, zero speed.
        var grid = BezierPath()
        for (top, bottom) in [(plotTop, valueBottom), (speedTop, plotBottom)] {
            grid.move(to: Point(x: plotMinX, y: top))
            grid.addLine(to: Point(x: plotMinX, y: bottom))
            grid.addLine(to: Point(x: plotMaxX, y: bottom))
        }
        canvas.shape(grid, stroke: Color(white: 0.45), width: 1)
        let (low, high) = ranges[labelled]
        var guides = BezierPath()
        for y in [valueY(low, labelled), valueY(high, labelled), speedY(0, labelled)] {
            guides.move(to: Point(x: plotMinX, y: y))
            guides.addLine(to: Point(x: plotMaxX, y: y))
        }
        canvas.shape(guides, stroke: Color(white: 0.3), width: 1, dashes: [3, 3])
        // The gutter's labels: the value's range, the speed's.
        let gutter = plotMinX - 6 * scale - margin
        let labelHeight = 14 * scale
        for (text, y) in [
            (Self.compact(high), valueY(high, labelled)), (Self.compact(low), valueY(low, labelled)),
            ("speed", speedY(0, labelled)),
        ] {
            canvas.text(
                text, in: Rect(x: margin, y: y - labelHeight / 2, width: gutter, height: labelHeight),
                color: text == "speed" ? PanelStyle.dimText : gutterColor, alignment: .right,
                size: PanelStyle.fontSize * 0.9)
        }
        canvas.text(
            "±" + Self.compact(speedMaxes[labelled]) + "/s",
            in: Rect(x: margin, y: speedTop - 2 * scale, width: gutter, height: labelHeight),
            color: gutterColor, alignment: .right, size: PanelStyle.fontSize * 0.8)
        // The time axis under the plots: the span's ends.
        let axisY = plotBottom + 1 * scale
        let startText = "\(AnimationLog.format(samples.start)) s"
        let endText = "\(AnimationLog.format(samples.end)) s"
        let endWidth = TextMetrics.width(of: endText, fontSize: fontSize * 0.9) + 2 * scale
        canvas.text(
            startText,
            in: Rect(x: plotMinX, y: axisY, width: (plotMaxX - plotMinX) / 2, height: labelHeight),
            color: PanelStyle.dimText, size: PanelStyle.fontSize * 0.9)
        canvas.text(
            endText, in: Rect(x: plotMaxX - endWidth, y: axisY, width: endWidth, height: labelHeight),
            color: PanelStyle.dimText, alignment: .right, size: PanelStyle.fontSize * 0.9)
        // The curves: each component's value, then its speed, frame by frame.
        for component in samples.components.indices {
            var values = BezierPath()
            var rates = BezierPath()
            for (index, time) in samples.times.enumerated() {
                let x = x(of: time, in: samples)
                let value = Point(x: x, y: valueY(samples.values[index][component], component))
                let rate = Point(x: x, y: speedY(speeds[index][component], component))
                if index == 0 {
                    values.move(to: value)
                    rates.move(to: rate)
                } else {
                    values.addLine(to: value)
                    rates.addLine(to: rate)
                }
            }
            canvas.shape(values, stroke: colors[component], width: 1.5)
            canvas.shape(rates, stroke: colors[component].withAlpha(0.8), width: 1)
        }
        // The hovered frame: a line, a dot on each curve, and its numbers in the footer.
        canvas.fill(
            Rect(x: 0, y: frame.height - footerHeight, width: frame.width, height: 1 * scale),
            PanelStyle.separator)
        let footer: String
        if let hovered, samples.times.indices.contains(hovered) {
            let x = x(of: samples.times[hovered], in: samples)
            var line = BezierPath()
            line.move(to: Point(x: x, y: plotTop))
            line.addLine(to: Point(x: x, y: plotBottom))
            canvas.shape(line, stroke: Color(white: 0.85), width: 1, dashes: [2, 2])
            for component in samples.components.indices {
                for y in [
                    valueY(samples.values[hovered][component], component),
                    speedY(speeds[hovered][component], component),
                ] {
                    canvas.shape(
                        BezierPath(
                            ovalIn: Rect(
                                x: x - 3 * scale, y: y - 3 * scale, width: 6 * scale, height: 6 * scale)),
                        fill: colors[component])
                }
            }
            let values = samples.components.indices.map { component in
                let name = samples.components[component] == "value" ? "" : samples.components[component] + " "
                return name + Self.format(samples.values[hovered][component])
            }
            let rates = samples.components.indices.map { Self.compact(speeds[hovered][$0]) }
            footer =
                "t \(AnimationLog.format(samples.times[hovered])) s · "
                + values.joined(separator: ", ") + " · speed " + rates.joined(separator: ", ") + " /s"
        } else {
            footer =
                "point at the graph for a frame's time, value and speed; the red line is the scene's time"
        }
        let width = frame.width - 2 * margin
        var lines = TextMetrics.lines(of: footer, width: width, fontSize: fontSize)
        if lines.count > footerLines {  // the last line keeps the rest, cut with an ellipsis
            lines = lines.prefix(footerLines - 1) + [lines.dropFirst(footerLines - 1).joined(separator: " ")]
        }
        for (index, line) in lines.enumerated() {
            canvas.text(
                line,
                in: Rect(
                    x: margin,
                    y: frame.height - footerHeight + (2 + Double(index) * Self.footerLineHeight) * scale,
                    width: width, height: (Self.footerHeight - 4) * scale),
                color: hovered == nil ? PanelStyle.dimText : PanelStyle.text)
        }
    }

    /// Moves the playhead to `now` (a box a few pixels wide around the line), hidden off the span.
    private func placePlayhead(at now: MediaTime, samples: GraphSamples?) {
        guard let samples else { return }
        let isShown = now >= samples.start - 1e-9 && now <= samples.end + 1e-9
        let width = 1.5 * scale
        let box = Rect(
            x: x(of: now, in: samples) - width, y: plotTop, width: 2 * width,
            height: max(plotBottom - plotTop, 0))
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
}
