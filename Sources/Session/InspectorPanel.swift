import Animation

/// The timeline inspector (`i`): docked along the bottom of the window, at most 40 % of its
/// height, like the Animations drawer of a browser's developer tools.
///
/// ```
/// ┌ inspector · t = 1.250 s · paused · click or drag on the axis to travel in time ───────┐
/// │                    0 s        1 s        2 s        3 s   ▏                          │
/// │ b1.strokeStart     ───████████████/▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▔▏                          │
/// │ b3.strokeEnd            ····█████████████████─────────────▏  (delay, run, fill)      │
/// │ displayLink        ███████████████████████████████████████▏                          │
/// └────────────────────────────────────────────────────────────────────────────────────────┘
/// ```
/// Each row is an animation of one layer and property, named as the scene names its layers,
/// or a display link or timer; its bar shows the delay (dotted), the active interval with a
/// tick at each repeat and the timing curve or spring plotted inside, and the held end value
/// (a line) for fill modes that keep it. The playhead marks the scene's time.
final class InspectorPanel: DockedPanel {
    let layer: Layer
    let timeline: Timeline
    private let log = AnimationLog()
    /// The panel's box in the window, zero while hidden.
    private(set) var frame = Rect.zero
    private(set) var isVisible = false
    /// The row under the pointer, if any, and the outline of its layer in the scene.
    private var hoveredRow: Int?
    private let outline: ShapeLayer
    /// The first scene time on the axis, and the seconds it spans.
    private(set) var axisStart: MediaTime = 0
    static let axisSpan: MediaTime = 6
    static let headerHeight = 22.0
    static let axisHeight = 18.0
    static let rowHeight = 18.0
    static let fontSize = 11.0
    static let labelFraction = 0.28

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = Layer(timeline: timeline)
        layer.name = "inspector"
        layer.anchorPoint = .zero
        layer.isHidden = true
        layer.isUserInteractionEnabled = false
        outline = ShapeLayer(timeline: timeline)
        outline.anchorPoint = .zero
        outline.fillColor = .clear
        outline.strokeColor = Color(red: 1, green: 0.8, blue: 0.1)
        outline.lineWidth = 2
        outline.isHidden = true
    }

    /// The outline of the hovered row's layer, drawn over the scene (under the panel).
    var outlineLayer: Layer { outline }

    func setVisible(_ visible: Bool) {
        isVisible = visible
        log.reset()
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.isHidden = !visible
            outline.isHidden = true
        }
        if !visible { frame = .zero }
    }

    /// Forgets the rows: the scene was rebuilt (a switch, or time travel replaying it).
    func resetLog() { log.reset() }

    /// Notes the scene's animations at its current time.
    func observe(scene: Layer, timeline sceneTimeline: Timeline) {
        guard isVisible else { return }
        log.observe(scene: scene, timeline: sceneTimeline)
    }

    // MARK: - Input

    /// Whether a pointer at `point` is over the panel.
    func contains(_ point: Point) -> Bool { isVisible && frame.contains(point) }

    /// The scene time under `x` on the axis, nil left of the axis.
    func time(atX x: Double) -> MediaTime? {
        let track = trackBox
        guard isVisible, x >= track.minX else { return nil }
        return max(0, axisStart + (x - track.minX) / max(track.width, 1) * Self.axisSpan)
    }

    /// Notes which row the pointer is over (for the outline); nil when it is not.
    func hover(at point: Point?) {
        guard let point, isVisible, frame.contains(point) else {
            hoveredRow = nil
            return
        }
        let index = Int((point.y - frame.minY - Self.headerHeight - Self.axisHeight) / Self.rowHeight)
        hoveredRow = index >= 0 ? index : nil
    }

    private var trackBox: Rect {
        let left = frame.minX + frame.width * Self.labelFraction
        return Rect(x: left, y: frame.minY, width: frame.maxX - 10 - left, height: frame.height)
    }

    // MARK: - Drawing

    /// Lays the panel out for the window `bounds` and draws the rows at scene time `now`.
    func update(in bounds: Rect, now: MediaTime, isPaused: Bool, rate: Double) {
        guard isVisible else { return }
        let shown = visibleRows(now: now)
        let wanted = Self.headerHeight + Self.axisHeight + Double(max(shown.count, 1)) * Self.rowHeight + 8
        let height = min(wanted, bounds.height * 0.4)
        frame = Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        axisStart = max(0, now - Self.axisSpan * 0.75)
        let fitting = max(Int((height - Self.headerHeight - Self.axisHeight - 4) / Self.rowHeight), 0)
        let pinned = shown.filter { $0.kind != .animation }.prefix(fitting)
        let rows = Array(pinned) + shown.filter { $0.kind == .animation }.suffix(fitting - pinned.count)
        timeline.transaction { transaction in
            transaction.disableActions = true
            for sublayer in layer.sublayers { sublayer.removeFromSuperlayer() }
            layer.frame = frame
            layer.backgroundColor = Color(red: 0.08, green: 0.09, blue: 0.12, alpha: 0.92)
            var state = isPaused ? "paused" : rate == 1 ? "playing" : "\(Int((rate * 100).rounded())) %"
            state += " · click or drag on the axis to travel in time"
            addText(
                "inspector · t = \(SceneSession.format(seconds: now)) · \(state)",
                in: Rect(x: 8, y: 2, width: frame.width - 16, height: Self.headerHeight - 4), bold: true,
                alignment: .left)
            drawAxis()
            for (index, row) in rows.enumerated() {
                drawRow(row, at: Self.headerHeight + Self.axisHeight + Double(index) * Self.rowHeight)
            }
            drawPlayhead(at: now)
            outlineHovered(rows)
        }
    }

    /// Rows that run now or ran within the axis: display links and timers first, then the
    /// animations by when they were added (the panel drops the oldest when it is full).
    private func visibleRows(now: MediaTime) -> [InspectorRow] {
        let rows = log.rows.filter { row in
            let end = row.activeDuration.isFinite ? row.begin + row.activeDuration : now
            return row.addedAt <= now && max(end, row.lastSeen) >= now - Self.axisSpan * 0.75
        }
        return rows.filter { $0.kind != .animation } + rows.filter { $0.kind == .animation }
    }

    private func x(of time: MediaTime) -> Double {
        let track = trackBox
        return track.minX - frame.minX + (time - axisStart) / Self.axisSpan * track.width
    }

    private func drawAxis() {
        let y = Self.headerHeight
        var ticks = BezierPath()
        var second = axisStart.rounded(.up)
        let end = axisStart + Self.axisSpan
        var half = (axisStart * 2).rounded(.up) / 2
        while half <= end {
            let tickX = x(of: half)
            ticks.move(to: Point(x: tickX, y: y + Self.axisHeight - (half == half.rounded() ? 6 : 3)))
            ticks.addLine(to: Point(x: tickX, y: y + Self.axisHeight))
            half += 0.5
        }
        while second <= end {
            addText(
                "\(Int(second)) s",
                in: Rect(x: x(of: second) + 2, y: y, width: 40, height: Self.axisHeight - 4),
                alignment: .left)
            second += 1
        }
        ticks.move(to: Point(x: x(of: axisStart), y: y + Self.axisHeight))
        ticks.addLine(to: Point(x: x(of: end), y: y + Self.axisHeight))
        addShape(ticks, stroke: Color(white: 0.6), width: 1)
    }

    private func drawRow(_ row: InspectorRow, at y: Double) {
        let colors = [
            Color(red: 0.30, green: 0.60, blue: 1.00), Color(red: 0.95, green: 0.55, blue: 0.20),
            Color(red: 0.45, green: 0.80, blue: 0.35), Color(red: 0.85, green: 0.40, blue: 0.80),
        ]
        let color: Color
        switch row.kind {
        case .animation: color = colors[row.group % colors.count]
        case .displayLink, .timer: color = Color(white: 0.55)
        }
        addText(
            row.label,
            in: Rect(x: 8, y: y, width: frame.width * Self.labelFraction - 12, height: Self.rowHeight),
            alignment: .left)
        let top = y + 3
        let height = Self.rowHeight - 6
        let right = x(of: axisStart + Self.axisSpan)
        let start = min(max(x(of: row.begin), x(of: axisStart)), right)
        let activeEnd =
            row.activeDuration.isFinite ? row.begin + row.activeDuration : axisStart + Self.axisSpan
        let end = min(max(x(of: activeEnd), start), right)
        if row.begin > row.addedAt {  // the delay, dotted
            var delay = BezierPath()
            delay.move(to: Point(x: max(x(of: row.addedAt), x(of: axisStart)), y: top + height / 2))
            delay.addLine(to: Point(x: start, y: top + height / 2))
            addShape(delay, stroke: color, width: 1, dashes: [2, 2])
        }
        guard end > start else { return }
        let bar = Rect(x: start, y: top, width: end - start, height: height)
        addShape(BezierPath(rect: bar), fill: color.withAlpha(0.55))
        if row.kind == .animation, row.duration > 0 {
            var marks = BezierPath()  // a tick at each repeat, the curve plotted inside each
            var cycle = row.begin
            while cycle < activeEnd && x(of: cycle) < right {
                let from = x(of: cycle)
                let to = x(of: min(cycle + row.duration, activeEnd))
                if cycle > row.begin {
                    marks.move(to: Point(x: from, y: top))
                    marks.addLine(to: Point(x: from, y: top + height))
                }
                for (index, value) in row.curve.enumerated() {
                    let fraction = Double(index) / Double(max(row.curve.count - 1, 1))
                    let point = Point(
                        x: from + (to - from) * fraction,
                        y: top + height - min(max(value, -0.2), 1.4) / 1.4 * height)
                    if point.x > right { break }
                    if index == 0 { marks.move(to: point) } else { marks.addLine(to: point) }
                }
                cycle += row.duration
            }
            addShape(marks, stroke: .white, width: 1)
        }
        if row.kind == .timer, row.duration > 0 {
            var ticks = BezierPath()
            var fire = row.begin + row.duration
            while fire < axisStart + Self.axisSpan && fire <= row.begin + row.activeDuration + 1e-9 {
                if fire >= axisStart {
                    ticks.move(to: Point(x: x(of: fire), y: top))
                    ticks.addLine(to: Point(x: x(of: fire), y: top + height))
                }
                fire += row.duration
            }
            addShape(ticks, stroke: .white, width: 1)
        }
        if row.fillsForwards && end < right {
            var hold = BezierPath()
            hold.move(to: Point(x: end, y: top + height / 2))
            hold.addLine(to: Point(x: right, y: top + height / 2))
            addShape(hold, stroke: color, width: 2)
        }
    }

    private func drawPlayhead(at now: MediaTime) {
        var line = BezierPath()
        line.move(to: Point(x: x(of: now), y: Self.headerHeight))
        line.addLine(to: Point(x: x(of: now), y: frame.height))
        addShape(line, stroke: Color(red: 1, green: 0.3, blue: 0.3), width: 1.5)
    }

    private func outlineHovered(_ rows: [InspectorRow]) {
        guard let index = hoveredRow, rows.indices.contains(index), let target = rows[index].layer,
            target.superlayer != nil
        else {
            outline.isHidden = true
            return
        }
        let toRoot = target.transformToRoot(usingPresentation: true)
        let box = target.presentation().bounds
        var path = BezierPath()
        let corners = [
            Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
            Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
        ].map { $0.applying(toRoot) }
        path.move(to: corners[0])
        for corner in corners.dropFirst() { path.addLine(to: corner) }
        path.close()
        outline.path = path
        outline.isHidden = false
    }
}
