import Animation
import Render
import Scenes

/// What the curve editor edits: the selected timeline row's timing, and who owns it.
struct CurveTarget: Equatable {
    /// The inspector row's label (`b3.strokeEnd`).
    var row: String
    /// The line that started the row's animation: an edit applies to every animation started there.
    var source: CallSite
    /// The knob that sets this curve (the checkmark's `b3.curve`), turned instead of an edit of
    /// the line; nil: the edit is the line's own (`KnobSettings.curveEditName(for:)`).
    var knob: String?
    /// The tutorial's curve: the knob's default, or the scene's own at the line.
    var own: TimingFunction
    /// The curve the line's animations run with now.
    var curve: TimingFunction
    /// A spring: its motion is its physics, which this editor shows (damping ratio, response,
    /// its response curve) and edits through the knobs that set it (`springEdit`).
    var isSpring: Bool
    /// The spring's physics, for a spring row.
    var spring: Spring? = nil
    /// For a spring that knobs set (the elastic's `dampingRatio` and `duration`): those knobs,
    /// which a drag of the overshoot peak turns; nil: the spring is shown, not edited.
    var springEdit: SpringEdit? = nil

    /// The name the edit is set under (`SessionRequest.setKnob`).
    var name: String { knob ?? KnobSettings.curveEditName(for: source) }
}

/// The curve editor (`/`): the selected timeline row's timing function as a cubic Bézier with
/// two handles to drag, and presets, docked at the side (at the bottom in a portrait window).
///
/// ```
/// ┌ curve · b3.strokeEnd ────────────────────────────┐
/// │ CheckmarkScene.swift:392 · knob b3.curve sets it │
/// │   ┌───────────────●  (x2, y2)                    │
/// │   │           ╱╱                                 │
/// │   │      ╱╱╱                                     │
/// │   ●───                                           │
/// │ 0.42, 0, 0.58, 1                                 │
/// │ [linear] [ease in] [ease out] [in-out] [own]     │
/// │ drag a handle · 1–4, 0 · p copies                │
/// └──────────────────────────────────────────────────┘
/// ```
/// An edit is a knob change (`SessionRequest.setKnob`): of the knob that owns the curve, else
/// of the line's curve edit, which every animation added at that source line runs with
/// (`Timeline.timingFunctionEdit`). So it replays with time travel, is saved in session files,
/// and, while paused, reshapes the moment as a knob does. The panel redraws only when what it
/// shows changes (`DrawnState`).
final class CurvePanel: Panel {
    static let kind = PanelKind(
        name: "curve", spokenName: "curve editor",
        toggle: ShellKey.Row(
            keys: [.character("/")], label: "/",
            action: "curve editor: drag the selected row's timing curve (click a row's name in i)"),
        edge: .side, observesScene: true)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 200, height: 200)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    private var drawn: DrawnState?
    /// The target last drawn, which a drag edits.
    private var target: CurveTarget?
    /// The handle held by the pointer (0: the first control point, 1: the second).
    private var dragged: Int?
    /// Where a spring's peak was pressed (the plot's plane) and the duration then.
    private var springPress: (point: Point, duration: Double)?
    /// The selected row, for a session file while the inspector is closed (`PanelView.row`).
    private var shownRow: String?

    /// Sizes at scale 1, pixels.
    static let preferredWidth = 270.0
    static let preferredHeight = 250.0
    static let headerHeight = 20.0
    static let handleRadius = 5.0
    /// How far from a handle a press still takes it.
    static let handleReach = 14.0
    static let buttonHeight = 20.0
    static let buttonWidth = 78.0
    /// The plot's y range: overshoot above 1 and below 0 shows.
    static let lowY = -0.35
    static let highY = 1.35
    /// A spring's: its overshoot, up to the 85 % of the least damping ratio knobs take (0.05).
    static let springLowY = -0.1
    static let springHighY = 1.9

    /// The presets, in the order of the keys `1` … `4`; `0` is the tutorial's own.
    static let presets: [(name: String, curve: TimingFunction)] = [
        ("linear", .linear), ("ease in", .easeIn), ("ease out", .easeOut), ("ease in-out", .easeInEaseOut),
    ]

    private struct DrawnState: Equatable {
        var frame: Rect
        var scale: Double
        var row: String?
        var target: CurveTarget?
        var dragged: Int?
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "curve", timeline: timeline)
    }

    var keyHelp: [HelpLine] {
        [
            HelpLine("curve: drag", "a handle: the row's timing curve (every animation from its line)"),
            HelpLine("curve: 1 … 4, 0", "linear, ease in, ease out, ease in-out; 0 the scene's own"),
        ]
    }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        switch edge {
        case .side: return min(Self.preferredWidth * scale, (size.width * 0.45).rounded(.down))
        case .bottom: return min(Self.preferredHeight * scale, (size.height * 0.4).rounded(.down))
        }
    }

    var view: PanelView { PanelView(row: shownRow) }

    func follow(context: PanelContext) { shownRow = context.selectedRow }

    func setOpen(_ isOpen: Bool) {
        drawn = nil
        dragged = nil
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    // MARK: - Geometry (the panel's pixels)

    private var margin: Double { PanelStyle.margin * scale }
    private var lineHeight: Double { PanelStyle.lineHeight * scale }
    /// Wide and low (at the bottom of a portrait window): the controls beside the plot, not under it.
    private var isWide: Bool { frame.width > frame.height * 1.25 }
    private var controlsHeight: Double {
        lineHeight + buttonRows * (Self.buttonHeight + 4) * scale + lineHeight
    }
    private var buttonColumns: Int {
        max(1, Int((controlsWidth + 4 * scale) / ((Self.buttonWidth + 4) * scale)))
    }
    private var buttonRows: Double { (Double(Self.presets.count + 1) / Double(buttonColumns)).rounded(.up) }
    /// Under the header, two lines: where the curve is written, and what sets it (a knob, or
    /// the line for every animation it makes); one line ran out of room at 800×600 ("knob b3.c…").
    private var contentTop: Double { (Self.headerHeight + 2) * scale + 2 * lineHeight }

    /// The y range of the plot shown: a timing curve's, or a spring's.
    private var lowY: Double { target?.isSpring == true ? Self.springLowY : Self.lowY }
    private var highY: Double { target?.isSpring == true ? Self.springHighY : Self.highY }

    /// The plot's box: the unit square's width, the y range's height, centred in its room.
    private var plotBox: Rect {
        let roomWidth = isWide ? frame.width * 0.45 : frame.width - 2 * margin
        let roomHeight =
            isWide ? frame.height - contentTop - margin : frame.height - contentTop - controlsHeight - margin
        let unit = max(min(roomWidth - 2 * margin, roomHeight / (highY - lowY)), 1)
        let height = unit * (highY - lowY)
        let x = isWide ? margin + (roomWidth - unit) / 2 : (frame.width - unit) / 2
        let y = isWide ? contentTop + max((roomHeight - height) / 2, 0) : contentTop
        return Rect(x: x, y: y, width: unit, height: height)
    }

    private var controlsX: Double { isWide ? frame.width * 0.45 + margin : margin }
    private var controlsWidth: Double { isWide ? frame.width * 0.55 - 2 * margin : frame.width - 2 * margin }
    /// Under the plot in a tall panel (not at its foot: the numbers stay by the curve).
    private var controlsTop: Double { isWide ? contentTop : plotBox.maxY + margin / 2 }

    /// A point of the curve's plane (x, progress) in the panel's pixels.
    private func pixel(_ point: Point) -> Point {
        let box = plotBox
        return Point(
            x: box.minX + point.x * box.width,
            y: box.maxY - (point.y - lowY) / (highY - lowY) * box.height)
    }

    /// A panel pixel in the curve's plane, x clamped to 0…1 and y to the plot's range.
    private func plane(_ pixel: Point) -> Point {
        let box = plotBox
        let x = (pixel.x - box.minX) / box.width
        let y = lowY + (box.maxY - pixel.y) / box.height * (highY - lowY)
        return Point(x: min(max(x, 0), 1), y: min(max(y, lowY), highY))
    }

    private func handles(of curve: TimingFunction) -> [Point] {
        [curve.controlPoint1, curve.controlPoint2].map(pixel)
    }

    /// The preset buttons' boxes, in the order of `presets` and then the scene's own.
    private var buttonBoxes: [Rect] {
        let width = (controlsWidth - Double(buttonColumns - 1) * 4 * scale) / Double(buttonColumns)
        return (0...Self.presets.count).map { index in
            let column = index % buttonColumns
            let row = index / buttonColumns
            return Rect(
                x: controlsX + Double(column) * (width + 4 * scale),
                y: controlsTop + lineHeight + Double(row) * (Self.buttonHeight + 4) * scale,
                width: width, height: Self.buttonHeight * scale)
        }
    }

    // MARK: - Input

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        // Mid-drag, the curve as the drag left it (the session applies it before the next
        // frame); else the session's, whether or not the panel has drawn it (`render` skips
        // drawing on its way to a moment).
        if dragged == nil || target == nil { target = context.curveTarget }
        if let target, let edit = target.springEdit { return handleSpringPointer(event, edit: edit) }
        guard let target, !target.isSpring else {
            dragged = nil
            return []
        }
        switch event {
        case .down(let point):
            let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
            let reach = Self.handleReach * scale
            let distances = handles(of: target.curve).map {
                (($0.x - local.x) * ($0.x - local.x) + ($0.y - local.y) * ($0.y - local.y)).squareRoot()
            }
            if let nearest = distances.indices.min(by: { distances[$0] < distances[$1] }),
                distances[nearest] <= reach
            {
                dragged = nearest
                return []
            }
            if let button = buttonBoxes.firstIndex(where: { $0.contains(local) }) {
                return choose(button, target: target)
            }
            return []
        case .move(let point):
            guard let dragged else { return [] }
            return drag(dragged, to: point, target: target)
        case .up(let point):
            guard let held = dragged else { return [] }
            dragged = nil
            return drag(held, to: point, target: target)
        default:
            return []
        }
    }

    /// Handle `handle` moved to window point `point`: the curve with it there, if it changed.
    private func drag(_ handle: Int, to point: Point, target: CurveTarget) -> [SessionRequest] {
        let moved = plane(Point(x: point.x - frame.minX, y: point.y - frame.minY))
        // Hundredths: a curve a person drags reads as the code they would write.
        let rounded = Point(x: (moved.x * 100).rounded() / 100, y: (moved.y * 100).rounded() / 100)
        var first = target.curve.controlPoint1
        var second = target.curve.controlPoint2
        if handle == 0 { first = rounded } else { second = rounded }
        let curve = TimingFunction(controlPoints: first.x, first.y, second.x, second.y)
        guard curve != target.curve else { return [] }
        self.target?.curve = curve  // the next move starts from it, before the session answers
        return [.setKnob(target.name, .curve(curve))]
    }

    /// A press, move or release over a spring's plot: the overshoot peak held and dragged.
    private func handleSpringPointer(_ event: InputEvent, edit: SpringEdit) -> [SessionRequest] {
        switch event {
        case .down(let point):
            let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
            let handle = pixel(edit.handle)
            let distance =
                ((handle.x - local.x) * (handle.x - local.x) + (handle.y - local.y) * (handle.y - local.y))
                .squareRoot()
            if distance <= Self.handleReach * scale {
                dragged = 0
                springPress = (plane(local), edit.duration)
            }
            return []
        case .move(let point):
            guard dragged != nil else { return [] }
            return dragSpring(edit, to: point)
        case .up(let point):
            guard dragged != nil else { return [] }
            dragged = nil
            return dragSpring(edit, to: point)
        default:
            return []
        }
    }

    /// The spring's peak moved to window point `point`: its knobs turned to put it there, those
    /// that changed.
    private func dragSpring(_ edit: SpringEdit, to point: Point) -> [SessionRequest] {
        let moved = plane(Point(x: point.x - frame.minX, y: point.y - frame.minY))
        let press = springPress ?? (edit.handle, edit.duration)
        let (ratio, duration) = edit.values(
            movedTo: moved, pressedAt: press.point, durationAtPress: press.duration)
        var requests: [SessionRequest] = []
        if ratio != edit.ratio { requests.append(.setKnob(edit.ratioKnob, .number(ratio))) }
        if duration != edit.duration { requests.append(.setKnob(edit.durationKnob, .number(duration))) }
        var changed = edit
        changed.ratio = ratio
        changed.duration = duration
        // The next move starts from it, before the session answers.
        target?.springEdit = changed
        target?.spring = changed.spring
        return requests
    }

    /// Preset `index` (`presets.count`: the scene's own).
    private func choose(_ index: Int, target: CurveTarget) -> [SessionRequest] {
        let (name, curve) = index < Self.presets.count ? Self.presets[index] : ("the scene's own", target.own)
        return [.setKnob(target.name, .curve(curve)), .message("\(target.row): \(name) curve")]
    }

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        guard case .character(let character) = key, let digit = character.wholeNumberValue,
            digit <= Self.presets.count
        else { return nil }
        guard let target = context.curveTarget else {
            return [.message("curve editor: select a row first (click a row's name in the inspector, i)")]
        }
        guard !target.isSpring else {
            return [
                .message(
                    target.springEdit == nil
                        ? "\(target.row) is a spring: no knob sets it, so it is shown, not edited"
                        : "\(target.row) is a spring: drag its peak (up, down: damping; left, right: duration)"
                )
            ]
        }
        return choose(digit == 0 ? Self.presets.count : digit - 1, target: target)
    }

    // MARK: - Description

    /// The editor as `render --describe` gives it (pixels / scale), nil while no row is edited.
    var described: SessionDescription.CurveEditor? {
        guard drawn != nil, let target else { return nil }
        if target.isSpring {
            guard let edit = target.springEdit else { return nil }
            let spring = edit.spring
            func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
            let handle = pixel(edit.handle)
            return SessionDescription.CurveEditor(
                row: target.row, source: target.source.description, knob: target.knob, curve: [],
                handles: [
                    [handle.x + frame.minX, handle.y + frame.minY].map {
                        ($0 / scale * 1000).rounded() / 1000
                    }
                ],
                spring: SessionDescription.CurveEditor.SpringShape(
                    knobs: [edit.ratioKnob, edit.durationKnob], dampingRatio: rounded(edit.ratio),
                    duration: rounded(edit.duration),
                    response: rounded(2 * Double.pi / spring.undampedFrequency),
                    stiffness: rounded(spring.stiffness),
                    damping: rounded(spring.damping), mass: rounded(spring.mass),
                    overshoot: rounded(edit.overshoot)))
        }
        let curve = target.curve
        return SessionDescription.CurveEditor(
            row: target.row, source: target.source.description, knob: target.knob,
            curve: [
                curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
            ]
            .map { ($0 * 1e6).rounded() / 1e6 },
            handles: handles(of: curve).map { point in
                [point.x + frame.minX, point.y + frame.minY].map { ($0 / scale * 1000).rounded() / 1000 }
            })
    }

    // MARK: - Drawing

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        var shown = context.curveTarget
        if dragged != nil, let target, shown?.row == target.row {
            shown?.curve = target.curve
            shown?.springEdit = target.springEdit
            shown?.spring = target.spring
        }
        let state = DrawnState(
            frame: frame, scale: scale, row: context.selectedRow, target: shown, dragged: dragged)
        target = shown
        guard state != drawn else { return }
        drawn = state
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            if let shown, !shown.isSpring {
                draw(shown, canvas: canvas)
            } else if let shown, let spring = shown.spring {
                draw(spring, of: shown, canvas: canvas)
            } else {
                drawEmpty(row: context.selectedRow, spring: shown?.isSpring == true, canvas: canvas)
            }
        }
    }

    private func drawEmpty(row: String?, spring: Bool, canvas: PanelCanvas) {
        let width = frame.width - 2 * margin
        canvas.text(
            "curve", in: Rect(x: margin, y: 2 * scale, width: width, height: (Self.headerHeight - 2) * scale),
            bold: true)
        let message =
            switch (row, spring) {
            case (let row?, true): "\(row) is a spring: its motion is its physics, which this editor leaves."
            case (let row?, false):
                "\(row) is not an animation the inspector has now: click an animation row's name in the inspector (i)."
            case (nil, _):
                "Select a row: open the inspector (i) and click a row's name; its timing curve shows here."
            }
        var y = (Self.headerHeight + 4) * scale
        for line in TextMetrics.lines(of: message, width: width, fontSize: PanelStyle.fontSize * scale) {
            guard y + lineHeight <= frame.height else { break }
            canvas.text(
                line, in: Rect(x: margin, y: y, width: width, height: lineHeight), color: PanelStyle.dimText)
            y += lineHeight
        }
    }

    private func draw(_ target: CurveTarget, canvas: PanelCanvas) {
        let width = frame.width - 2 * margin
        canvas.text(
            "curve · \(target.row)",
            in: Rect(x: margin, y: 2 * scale, width: width, height: (Self.headerHeight - 2) * scale),
            bold: true)
        drawSubheader(
            ["\(target.source)", target.knob.map { "knob \($0) sets it" } ?? "every animation from there"],
            canvas: canvas)
        let box = plotBox
        // The unit square, the straight line (linear), and the y range's ends.
        let zero = pixel(Point(x: 0, y: 0))
        let one = pixel(Point(x: 1, y: 1))
        canvas.shape(
            BezierPath(rect: Rect(x: zero.x, y: one.y, width: one.x - zero.x, height: zero.y - one.y)),
            stroke: Color(white: 0.4))
        var diagonal = BezierPath()
        diagonal.move(to: zero)
        diagonal.addLine(to: one)
        canvas.shape(diagonal, stroke: Color(white: 0.3), dashes: [3, 3])
        var range = BezierPath()
        for y in [box.minY, box.maxY] {
            range.move(to: Point(x: box.minX, y: y))
            range.addLine(to: Point(x: box.maxX, y: y))
        }
        canvas.shape(range, stroke: Color(white: 0.22), dashes: [2, 4])
        // The scene's own curve, faint, under the edited one.
        if target.own != target.curve {
            canvas.shape(bezier(target.own), stroke: Color(white: 0.55), width: 1, dashes: [4, 3])
        }
        canvas.shape(bezier(target.curve), stroke: PanelStyle.accent, width: 2)
        // The handles: a line from each end to its control point, and a dot to drag.
        let handles = handles(of: target.curve)
        let colors = [Color(red: 1, green: 0.45, blue: 0.7), Color(red: 0.4, green: 0.85, blue: 1)]
        for (index, (end, handle)) in zip([zero, one], handles).enumerated() {
            var arm = BezierPath()
            arm.move(to: end)
            arm.addLine(to: handle)
            canvas.shape(arm, stroke: colors[index], width: 1)
            let radius = Self.handleRadius * scale * (dragged == index ? 1.4 : 1)
            canvas.shape(
                BezierPath(
                    ovalIn: Rect(
                        x: handle.x - radius, y: handle.y - radius, width: 2 * radius, height: 2 * radius)),
                fill: colors[index], stroke: Color(white: 1), width: 1)
        }
        // The numbers, the presets, what the keys do.
        let curve = target.curve
        let numbers = [
            curve.controlPoint1.x, curve.controlPoint1.y, curve.controlPoint2.x, curve.controlPoint2.y,
        ]
        .map(KnobAssignment.formatNumber).joined(separator: ", ")
        canvas.text(
            numbers, in: Rect(x: controlsX, y: controlsTop, width: controlsWidth, height: lineHeight),
            alignment: isWide ? .left : .center)
        let names = Self.presets.map(\.name) + ["scene's own"]
        let curves = Self.presets.map(\.curve) + [target.own]
        for (index, box) in buttonBoxes.enumerated() {
            let isCurrent = curves[index] == curve
            canvas.shape(
                BezierPath(roundedRect: box, cornerRadius: 3 * scale),
                fill: isCurrent ? PanelStyle.accent.withAlpha(0.25) : Color(white: 0.16),
                stroke: isCurrent ? PanelStyle.accent : Color(white: 0.35))
            canvas.text(
                names[index], in: box.insetBy(dx: 2 * scale, dy: 2 * scale),
                color: isCurrent ? PanelStyle.text : PanelStyle.dimText, alignment: .center,
                size: PanelStyle.fontSize * 0.9)
        }
        let hintY = (buttonBoxes.last?.maxY ?? controlsTop) + 2 * scale
        if hintY + lineHeight <= frame.height {
            canvas.text(
                "drag a handle · 1–4, 0 · p copies",
                in: Rect(x: controlsX, y: hintY, width: controlsWidth, height: lineHeight),
                color: PanelStyle.dimText, alignment: isWide ? .left : .center,
                size: PanelStyle.fontSize * 0.9)
        }
    }

    /// The two dim lines under the header (`contentTop` leaves room for them).
    private func drawSubheader(_ lines: [String], canvas: PanelCanvas) {
        let width = frame.width - 2 * margin
        for (index, line) in lines.prefix(2).enumerated() {
            canvas.text(
                line,
                in: Rect(
                    x: margin, y: (Self.headerHeight + 2) * scale + Double(index) * lineHeight, width: width,
                    height: lineHeight),
                color: PanelStyle.dimText)
        }
    }

    /// A spring row: its damping ratio and response (and stiffness, damping, mass) and its
    /// response curve, drawn in the plot's place; where knobs set it, its overshoot peak as a
    /// handle to drag, and the tutorial's curve faint under it once changed.
    private func draw(_ spring: Spring, of target: CurveTarget, canvas: PanelCanvas) {
        let width = frame.width - 2 * margin
        let edit = target.springEdit
        canvas.text(
            "spring · \(target.row)",
            in: Rect(x: margin, y: 2 * scale, width: width, height: (Self.headerHeight - 2) * scale),
            bold: true)
        let response = 2 * Double.pi / max(spring.undampedFrequency, 1e-9)
        let settle = max(spring.settlingDuration, 1e-3)
        drawSubheader(
            [
                "\(target.source)",
                edit.map { "knobs \($0.ratioKnob), \($0.durationKnob) set it" } ?? "no knob sets it",
            ], canvas: canvas)
        let box = plotBox
        // The x axis: twice the tutorial's duration for an edited spring (fixed while dragging),
        // else the spring's settling time.
        let span = edit?.span ?? settle
        let zero = pixel(Point(x: 0, y: 0))
        let one = pixel(Point(x: 1, y: 1))
        var axes = BezierPath()
        axes.move(to: Point(x: zero.x, y: pixel(Point(x: 0, y: highY)).y))
        axes.addLine(to: zero)
        axes.addLine(to: Point(x: one.x, y: zero.y))
        canvas.shape(axes, stroke: Color(white: 0.4))
        var rest = BezierPath()
        rest.move(to: Point(x: zero.x, y: one.y))
        rest.addLine(to: one)
        canvas.shape(rest, stroke: Color(white: 0.3), dashes: [3, 3])
        if let edit, edit.ratio != edit.ownRatio || edit.duration != edit.ownDuration {
            let own = SpringEdit.spring(
                ratio: edit.ownRatio, duration: edit.ownDuration, initialVelocity: edit.initialVelocity)
            canvas.shape(
                responsePath(of: own, span: span), stroke: Color(white: 0.55), width: 1, dashes: [4, 3])
        }
        canvas.shape(responsePath(of: spring, span: span), stroke: PanelStyle.accent, width: 2)
        if let edit {
            // The duration: where the block ends (UIKit's spring has settled to 0.001 there).
            let end = pixel(Point(x: min(edit.duration / span, 1), y: 0))
            var mark = BezierPath()
            mark.move(to: Point(x: end.x, y: end.y - 4 * scale))
            mark.addLine(to: Point(x: end.x, y: end.y + 4 * scale))
            canvas.shape(mark, stroke: Color(white: 0.7), width: 1)
            let handle = pixel(edit.handle)
            let radius = Self.handleRadius * scale * (dragged != nil ? 1.4 : 1)
            canvas.shape(
                BezierPath(
                    ovalIn: Rect(
                        x: handle.x - radius, y: handle.y - radius, width: 2 * radius, height: 2 * radius)),
                fill: Color(red: 1, green: 0.45, blue: 0.7), stroke: Color(white: 1), width: 1)
        }
        let ratio = "damping ratio \(GraphPanel.format(spring.dampingRatio))"
        let physics =
            "response \(GraphPanel.format(response)) s · stiffness \(GraphPanel.format(spring.stiffness))"
            + " · damping \(GraphPanel.format(spring.damping)) · mass \(GraphPanel.format(spring.mass))"
            + " · \(GraphPanel.format(settle)) s to settle"
        let lines: [(String, Color)] =
            if let edit {
                [
                    (
                        "\(ratio) · duration \(GraphPanel.format(edit.duration)) s"
                            + " · overshoot \(GraphPanel.format(edit.overshoot * 100)) %", PanelStyle.text
                    ),
                    (physics, PanelStyle.dimText),
                    ("drag the peak: ↕ damping, ↔ duration", PanelStyle.dimText),
                ]
            } else {
                [(ratio, PanelStyle.text), (physics, PanelStyle.dimText)]
            }
        var y = (isWide ? controlsTop : box.maxY) + 2 * scale
        for (text, color) in lines {
            for line in TextMetrics.lines(
                of: text, width: controlsWidth, fontSize: PanelStyle.fontSize * scale)
            {
                guard y + lineHeight <= frame.height else { break }
                canvas.text(
                    line, in: Rect(x: controlsX, y: y, width: controlsWidth, height: lineHeight), color: color
                )
                y += lineHeight
            }
        }
    }

    /// A spring's response curve over `span` seconds, in the panel's pixels.
    private func responsePath(of spring: Spring, span: Double) -> BezierPath {
        var path = BezierPath()
        let samples = 120
        for index in 0...samples {
            let fraction = Double(index) / Double(samples)
            let value = min(max(spring.value(at: fraction * span), lowY), highY)
            let point = pixel(Point(x: fraction, y: value))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        return path
    }

    /// The curve's path from (0, 0) to (1, 1), in the panel's pixels.
    private func bezier(_ curve: TimingFunction) -> BezierPath {
        var path = BezierPath()
        path.move(to: pixel(Point(x: 0, y: 0)))
        path.addCurve(
            to: pixel(Point(x: 1, y: 1)), controlPoint1: pixel(curve.controlPoint1),
            controlPoint2: pixel(curve.controlPoint2))
        return path
    }
}

extension SceneSession {
    /// The curve editor's target: the inspector's selected row while it is an animation with a
    /// source line, its curve now and the tutorial's, and the knob that owns it, if one does.
    func curveTarget() -> CurveTarget? {
        guard let label = inspector.selectedLabel else { return nil }
        if let row = inspector.selectedRow {
            guard row.kind == .animation, !row.isCopy, let source = row.location,
                let animation = row.object as? LayerAnimation
            else { return nil }
            if curveRow?.label != label || curveRow?.source != source {
                let spring = animation.springParameters
                curveRow = (
                    label, source, animation.isSpring,
                    animation.isSpring
                        ? spring.flatMap { SpringEdit.owner(of: $0, knobs: knobs) }
                        : curveOwner(
                            label: label, running: animation.timingFunction ?? .linear, source: source),
                    spring
                )
            }
        }
        guard let row = curveRow, row.label == label else { return nil }
        // A handle dragged shows where it is before the moment is reshaped (`defersReshape`).
        let shown = shownKnobs
        if row.isSpring {
            // Knob-owned: the spring the knobs make now (an edit shows before the row is re-run).
            let edit = row.knob.flatMap {
                SpringEdit(ratioKnob: $0, knobs: shown, initialVelocity: row.spring?.initialVelocity ?? 0)
            }
            return CurveTarget(
                row: label, source: row.source, knob: edit?.ratioKnob, own: .linear, curve: .linear,
                isSpring: true,
                spring: edit?.spring ?? row.spring, springEdit: edit)
        }
        if let name = row.knob, let knob = shown.knob(named: name), case .curve(let own) = knob.defaultValue,
            case .curve(let curve)? = shown.value(of: name)
        {
            return CurveTarget(
                row: label, source: row.source, knob: name, own: own, curve: curve, isSpring: row.isSpring,
                spring: row.spring)
        }
        let name = KnobSettings.curveEditName(for: row.source)
        let own = shown.ownCurves[name] ?? .linear
        return CurveTarget(
            row: label, source: row.source, knob: nil, own: own, curve: shown.curveEdits[name] ?? own,
            isSpring: row.isSpring, spring: row.spring)
    }

    /// The curve knob that sets the curve of the row labelled `label`, running `running`: the
    /// one curve knob whose value is that curve, or among several the one named after the row's
    /// layer (`b3.curve` for `b3.strokeEnd`); nil when none does, or when the line has an edit
    /// of its own.
    private func curveOwner(label: String, running: TimingFunction, source: CallSite) -> String? {
        guard knobs.curveEdits[KnobSettings.curveEditName(for: source)] == nil else { return nil }
        let candidates = knobs.knobs.filter { knob in
            guard knob.kind == .curve, case .curve(let value)? = knobs.value(of: knob.name) else {
                return false
            }
            return value == running
        }
        if candidates.count == 1 { return candidates[0].name }
        let layer = label.split(separator: ".").first.map(String.init) ?? label
        let named = candidates.filter { $0.name == "\(layer).curve" }
        return named.count == 1 ? named[0].name : nil
    }
}
