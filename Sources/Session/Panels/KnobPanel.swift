import Animation
import Render
import Scenes

/// The knob panel (`k`): the running scene's knobs, one row each with its value and a slider,
/// the chosen one's description, and for a curve or spring knob its curve plotted as it
/// changes. Docked on the right (at the bottom of a portrait window).
///
/// While it is the topmost panel, Up / Down choose a knob, Left / Right move it one step
/// (Page Down / Page Up ten), `0` puts the tutorial's value back, `p` copies the changed knobs
/// as the scene's Swift, Return opens the chosen knob's value for typing (`KnobField`); a click
/// chooses a row and a drag on its slider sets the value; the wheel scrolls a list longer than
/// the panel.
///
/// While two settings are compared side by side (`|`, `--compare`), each row is two lines: the
/// knob's name and slider (the copy's value a ring on it), then its value in A and in B; a
/// value other than the tutorial's is bold, one that differs between the halves in the accent
/// colour. The keys and the slider turn the running scene's half (B after `|`, A with
/// `--compare`): the copy keeps the knobs it started with.
final class KnobPanel: Panel {
    static let kind = PanelKind(
        name: "knobs", spokenName: "knob panel",
        toggle: ShellKey.Row(keys: [.character("k")], label: "k", action: "knobs: the scene's constants"),
        edge: .side)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 240, height: 100)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    /// The chosen knob, by name (a scene switch may change the list under it).
    private(set) var selectedName: String?
    /// The first row shown.
    private var firstRow = 0
    /// The knob whose slider the pointer holds.
    private var draggedKnob: String?
    /// The chosen knob's value as it is typed, while its field is open.
    private(set) var field: KnobField?
    private var drawn: DrawnState?
    /// Sizes at scale 1, pixels.
    static let width = 380.0
    static let headerHeight = 24.0
    static let rowHeight = 24.0
    static let plotHeight = 96.0
    static let descriptionLines = 2

    private struct DrawnState: Equatable {
        var frame: Rect
        var scale: Double
        var scene: String
        var values: [KnobValue]
        var selected: String?
        var firstRow: Int
        var field: KnobField?
        var compared: [KnobValue]?
        var copyIsA: Bool
        var keysElsewhere: String?
    }

    /// A knob's value being typed (Return opens it on the chosen knob): the text so far, and
    /// why the last Return did not apply it. It takes digits, `.`, `-` and `,` (a curve's four
    /// numbers), Backspace, Return (apply) and Escape (cancel); any other key closes it and then
    /// does what it does, so that no key is lost to a field left open.
    struct KnobField: Equatable {
        var knob: String
        var text = ""
        /// The value's problem in a few words (`outside 0.1…1`); nil until a Return fails.
        var problem: String?

        static let characters = Set("0123456789.-,")
        /// The longest text it takes: a curve's four numbers, each with a few decimals.
        static let length = 32
    }

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "knobs", timeline: timeline)
    }

    var keyHelp: [HelpLine] {
        [
            HelpLine("knobs: Up, Down", "choose a knob"),
            HelpLine("knobs: Left, Right", "change it one step (Page Up, Page Down: ten)"),
            HelpLine("knobs: 0", "back to the tutorial's value"),
            HelpLine("knobs: Return", "type the chosen knob's value (Return applies it, Escape cancels)"),
            HelpLine("knobs: p", "print and copy every change (knobs, curve edits) as the scene's Swift"),
            HelpLine("knobs: click, drag", "choose a knob; drag its slider"),
        ]
    }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        switch edge {
        case .side: return min(Self.width * scale, (size.width * 0.5).rounded(.down))
        case .bottom: return (size.height * 0.42).rounded(.down)
        }
    }

    func setOpen(_ isOpen: Bool) {
        draggedKnob = nil
        field = nil
        drawn = nil
        layer.setPanelOpen(isOpen)
        if !isOpen { frame = .zero }
    }

    var view: PanelView { PanelView(firstRow: firstRow, selected: selectedName) }

    func restore(_ view: PanelView) {
        firstRow = max(view.firstRow ?? 0, 0)
        selectedName = view.selected
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    // MARK: - Geometry

    /// The header's height: one line, or more where the panel is too narrow for it (it wraps).
    private var headerHeight: Double { (Self.headerHeight + Double(headerLineCount - 1) * 16) * scale }
    private var headerLineCount = 1
    /// What `headerLineCount` was settled for: the panel's size, scale, knob count, first row,
    /// plot, comparison, and the panel the keys go to.
    private var headerSettledFor: ([Double], String?)?
    /// The panel above this one, which the keys go to (spoken name), as last updated; nil while
    /// this one is topmost and its keys work.
    private var keysElsewhere: String?

    /// The header's lines set the rows' room, which the header counts: settled from one line
    /// each time, before the first row is kept within the rows, so that both depend on the
    /// panel's state alone and not on what it drew before (a window and `render --session` of
    /// the same moment show the same rows; a restored panel once scrolled back a row).
    private func settleHeader(count: Int) {
        let key = [
            frame.width, frame.height, scale, Double(count), Double(firstRow), selectedHasPlot ? 1 : 0,
            comparison == nil ? 0 : 1,
        ]
        if let settled = headerSettledFor, settled.0 == key, settled.1 == keysElsewhere { return }
        headerSettledFor = (key, keysElsewhere)
        headerLineCount = 1
        for _ in 0..<3 {
            let lines = headerLines(count: count).count
            if lines == headerLineCount { return }
            headerLineCount = lines
        }
    }

    /// The header's lines for a list of `count` knobs at the panel's width.
    private func headerLines(count: Int) -> [String] {
        let shown =
            count > visibleRowCount
            ? " · \(firstRow + 1)–\(min(firstRow + visibleRowCount, count)) of \(count)" : ""
        let turned = comparison.map { " \($0.copyIsA ? "B" : "A")" } ?? ""
        let halves = comparison == nil ? "" : " · A | B"
        // Only the topmost panel has the keys: under another, the header does not offer them.
        let keys =
            keysElsewhere.map { "drag to change · the \($0) has the keys (k twice brings them here)" }
            ?? "↑↓ choose · ←→ change\(turned) · 0 reset · p copy"
        return TextMetrics.lines(
            of: "knobs\(shown)\(halves) · \(keys)",
            width: max(frame.width - 2 * margin, 1), fontSize: PanelStyle.fontSize * scale, bold: true)
    }
    /// A row's height: one line, two while comparing (the values of A and B under the name).
    private var rowHeight: Double { lineRowHeight * (comparison == nil ? 1 : 2) }
    private var lineRowHeight: Double { Self.rowHeight * scale }
    /// The comparison's copy, as the panel was last updated (its rows are two lines then).
    private var comparison: ComparedKnobs?
    private var margin: Double { PanelStyle.margin * scale }
    /// Whether the chosen knob has a curve to plot (then the footer makes room for it).
    private var selectedHasPlot = false
    /// What is below the rows: the description, and the chosen knob's plot when it has one and
    /// there is room.
    private var footerHeight: Double {
        let description = Double(Self.descriptionLines) * PanelStyle.lineHeight * scale + margin
        let plot = Self.plotHeight * scale
        let hasRoom = frame.height - headerHeight - 3 * rowHeight >= description + plot
        return selectedHasPlot && hasRoom ? description + plot : description
    }
    private var visibleRowCount: Int {
        max(Int((frame.height - headerHeight - footerHeight) / rowHeight), 1)
    }
    /// The shares of the panel's width the names and the values take (the slider has the
    /// rest): as wide as the scene's longest name and value, within bounds (`fitColumns`).
    private var nameShare = 0.42
    private var valueShare = 0.24
    private var nameWidth: Double { frame.width * nameShare - margin }
    private var valueX: Double { frame.width * nameShare }
    private var valueWidth: Double { frame.width * valueShare - margin / 2 }

    /// Widens the name and value columns to the longest name and value (choices: every name
    /// they offer), so that `finishLineAnimationDuration` and `easeInEaseOut` show whole.
    private func fitColumns(_ list: [Knob], values: [KnobValue], compared: [KnobValue]?) {
        guard frame.width > 0 else { return }
        let fontSize = PanelStyle.fontSize * scale
        let widestName =
            list.map { TextMetrics.width(of: $0.name, fontSize: fontSize, bold: true) }.max() ?? 0
        var valueTexts = zip(list, values).map { knob, value in Self.valueText(value, of: knob) }
        valueTexts += zip(list, compared ?? []).map { knob, value in Self.valueText(value, of: knob) }
        for knob in list {
            if case .choice(let names) = knob.kind { valueTexts += names }
            if case .curve = knob.defaultValue { valueTexts += Knob.namedCurves.map(\.name) }
        }
        let widestValue =
            valueTexts.map { TextMetrics.width(of: $0, fontSize: fontSize, bold: true) }.max() ?? 0
        nameShare = min(max((widestName + 2 * scale + margin) / frame.width, 0.3), 0.55)
        valueShare = min(max((widestValue + 2 * scale + margin / 2) / frame.width, 0.18), 0.3)
    }

    /// A row's slider, in the panel's pixels (on its first line while comparing).
    private func sliderBox(rowY y: Double) -> Rect {
        // Comparing, the values are on the second line: the slider has the value column too.
        let left = frame.width * (comparison == nil ? nameShare + valueShare : nameShare)
        return Rect(
            x: left, y: y + lineRowHeight / 2 - 3 * scale, width: frame.width - left - margin - 5 * scale,
            height: 6 * scale)
    }

    /// `value` as a row shows it, with the knob's unit.
    static func valueText(_ value: KnobValue, of knob: Knob) -> String {
        KnobAssignment.text(of: value, for: knob) + (knob.unit.isEmpty ? "" : " \(knob.unit)")
    }

    private func selectedIndex(in list: [Knob]) -> Int {
        list.firstIndex { $0.name == selectedName } ?? 0
    }

    /// Scrolls so that row `index` is shown.
    private func reveal(_ index: Int, count: Int) {
        let visible = visibleRowCount
        if index < firstRow { firstRow = index }
        if index >= firstRow + visible { firstRow = index - visible + 1 }
        firstRow = min(max(firstRow, 0), max(count - visible, 0))
    }

    // MARK: - Values

    /// `value` moved `steps` steps (negative: down).
    static func stepped(_ value: KnobValue, of knob: Knob, by steps: Int) -> KnobValue {
        switch (knob.kind, value) {
        case (.number(let range, let step), .number(let number)):
            let moved = ((number + Double(steps) * step) / step).rounded() * step
            return .number(min(max(moved, range.lowerBound), range.upperBound))
        case (.choice(let names), .choice(let index)):
            return .choice(min(max(index + steps, 0), names.count - 1))
        case (.curve, .curve(let curve)):
            let curves = Knob.namedCurves
            let index = curves.firstIndex { $0.curve == curve } ?? (steps > 0 ? -1 : curves.count)
            return .curve(curves[min(max(index + steps, 0), curves.count - 1)].curve)
        default:
            return knob.defaultValue
        }
    }

    /// The value under window x `x` on a slider (clamped to its ends).
    private func value(atX x: Double, of knob: Knob) -> KnobValue {
        let slider = sliderBox(rowY: 0)
        let fraction = min(max((x - frame.minX - slider.minX) / slider.width, 0), 1)
        switch knob.kind {
        case .number(let range, let step):
            let raw = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
            return .number(min(max((raw / step).rounded() * step, range.lowerBound), range.upperBound))
        case .choice(let names):
            return .choice(min(Int(fraction * Double(names.count)), names.count - 1))
        case .curve:
            let curves = Knob.namedCurves
            return .curve(curves[min(Int(fraction * Double(curves.count)), curves.count - 1)].curve)
        }
    }

    /// The slider's fraction for `value`.
    static func fraction(of value: KnobValue, for knob: Knob) -> Double {
        switch (knob.kind, value) {
        case (.number(let range, _), .number(let number)):
            return (number - range.lowerBound) / max(range.upperBound - range.lowerBound, 1e-12)
        case (.choice(let names), .choice(let index)):
            return (Double(index) + 0.5) / Double(names.count)
        case (.curve, .curve(let curve)):
            let curves = Knob.namedCurves
            guard let index = curves.firstIndex(where: { $0.curve == curve }) else { return 1 }
            return (Double(index) + 0.5) / Double(curves.count)
        default:
            return 0
        }
    }

    // MARK: - Input

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        comparison = context.comparedKnobs
        let list = context.knobs.knobs
        guard !list.isEmpty else { return nil }
        if let field, let taken = typeIntoField(key, field, list: list) { return taken }
        let index = selectedIndex(in: list)
        let knob = list[index]
        let value = context.knobs.value(of: knob.name) ?? knob.defaultValue
        switch key {
        case .enter:
            if case .choice(let names) = knob.kind {
                return [.message("\(knob.name) is one of \(names.joined(separator: ", ")): ← → choose")]
            }
            field = KnobField(knob: knob.name)
            return []
        case .up, .down:
            let next = min(max(index + (key == .up ? -1 : 1), 0), list.count - 1)
            selectedName = list[next].name
            reveal(next, count: list.count)
            return []
        case .left: return [.setKnob(knob.name, Self.stepped(value, of: knob, by: -1))]
        case .right: return [.setKnob(knob.name, Self.stepped(value, of: knob, by: 1))]
        case .pageDown: return [.setKnob(knob.name, Self.stepped(value, of: knob, by: -10))]
        case .pageUp: return [.setKnob(knob.name, Self.stepped(value, of: knob, by: 10))]
        case .character("0"):
            return [
                .setKnob(knob.name, knob.defaultValue),
                .message(
                    "\(knob.name) back to the tutorial's \(KnobAssignment.text(of: knob.defaultValue, for: knob))"
                ),
            ]
        case .character("p"), .character("P"):
            return ChangeCode.copyRequests(knobs: context.knobs, sceneName: context.sceneName)
        default:
            return nil
        }
    }

    /// `key` while the field is open: what it asks, or nil for a key the field does not take
    /// (the field is closed then, and the key goes on).
    private func typeIntoField(_ key: Key, _ field: KnobField, list: [Knob]) -> [SessionRequest]? {
        var field = field
        guard let knob = list.first(where: { $0.name == field.knob }) else {
            self.field = nil  // the scene changed under it
            return nil
        }
        switch key {
        case .enter:
            do {
                let value = try KnobAssignment.value(field.text, for: knob)
                self.field = nil
                return [.setKnob(knob.name, value)]
            } catch {
                field.problem = error.reason
            }
        case .escape:
            self.field = nil
            return []
        case .backspace:
            if !field.text.isEmpty { field.text.removeLast() }
            field.problem = nil
        case .character(let character) where KnobField.characters.contains(character):
            guard field.text.count < KnobField.length else { return [] }
            field.text.append(character)
            field.problem = nil
        default:
            self.field = nil
            return nil
        }
        self.field = field
        return []
    }

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        let list = context.knobs.knobs
        switch event {
        case .down(let point):
            field = nil
            let y = point.y - frame.minY - headerHeight
            let index = firstRow + Int((y / rowHeight).rounded(.down))
            guard y >= 0, index < min(list.count, firstRow + visibleRowCount) else { return [] }
            selectedName = list[index].name
            let slider = sliderBox(rowY: 0)
            guard point.x - frame.minX >= slider.minX - 6 * scale else { return [] }
            draggedKnob = list[index].name
            return [.setKnob(list[index].name, value(atX: point.x, of: list[index]))]
        case .move(let point):
            guard let name = draggedKnob else { return [] }
            guard let knob = list.first(where: { $0.name == name }) else {
                draggedKnob = nil  // the scene changed under the drag
                return []
            }
            return [.setKnob(name, value(atX: point.x, of: knob))]
        case .up:
            draggedKnob = nil
            return []
        case .scroll(let dy, _, _, _):
            firstRow = min(max(firstRow + (dy > 0 ? 2 : -2), 0), max(list.count - visibleRowCount, 0))
            return []
        case .key:
            return []
        }
    }

    // MARK: - Drawing

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        comparison = context.comparedKnobs
        keysElsewhere = context.keyPanel.flatMap { kind in
            kind.name == Self.kind.name ? nil : kind.spokenName ?? "\(kind.name) panel"
        }
        let knobs = context.knobs
        let list = knobs.knobs
        if !list.contains(where: { $0.name == selectedName }) {
            selectedName = list.first?.name
            firstRow = 0
        }
        if let field, field.knob != selectedName { self.field = nil }
        selectedHasPlot = list.first { $0.name == selectedName }?.plot != nil
        settleHeader(count: list.count)
        firstRow = min(firstRow, max(list.count - visibleRowCount, 0))
        let values = list.map { knobs.value(of: $0.name) ?? $0.defaultValue }
        let compared = comparison.map { copy in list.map { copy.knobs.value(of: $0.name) ?? $0.defaultValue }
        }
        let state = DrawnState(
            frame: frame, scale: scale, scene: context.sceneName, values: values, selected: selectedName,
            firstRow: firstRow, field: field, compared: compared, copyIsA: comparison?.copyIsA ?? false,
            keysElsewhere: keysElsewhere)
        guard state != drawn else { return }
        drawn = state
        // The columns are measured from the names and values drawn: only when they change.
        fitColumns(list, values: values, compared: compared)
        let header = headerLines(count: list.count)
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            canvas.fill(Rect(x: 0, y: 0, width: 1 * scale, height: frame.height), PanelStyle.separator)
            for (index, line) in header.enumerated() {
                canvas.text(
                    line,
                    in: Rect(
                        x: margin, y: 4 * scale + Double(index) * 16 * scale, width: frame.width - 2 * margin,
                        height: 16 * scale), bold: true)
            }
            guard !list.isEmpty else {
                canvas.text(
                    "this scene has no knobs",
                    in: Rect(x: margin, y: headerHeight, width: frame.width - 2 * margin, height: rowHeight),
                    color: PanelStyle.dimText)
                return
            }
            let selected = selectedIndex(in: list)
            for index in firstRow..<min(list.count, firstRow + visibleRowCount) {
                drawRow(
                    list[index], value: values[index], compared: compared?[index],
                    isSelected: index == selected,
                    at: headerHeight + Double(index - firstRow) * rowHeight, canvas: canvas)
            }
            let knob = list[selected]
            var y = frame.height - footerHeight + margin / 2
            canvas.fill(
                Rect(x: 0, y: y - margin / 2, width: frame.width, height: 1 * scale), PanelStyle.separator)
            let lineHeight = PanelStyle.lineHeight * scale
            let lines = Self.wrap(
                field.map { fieldHelp($0, knob: knob) } ?? knob.description, width: frame.width - 2 * margin,
                fontSize: PanelStyle.fontSize * scale,
                lines: Self.descriptionLines)
            for line in lines {
                canvas.text(
                    line, in: Rect(x: margin, y: y, width: frame.width - 2 * margin, height: lineHeight),
                    color: field == nil ? PanelStyle.dimText : PanelStyle.text)
                y += lineHeight
            }
            let plotTop = frame.height - footerHeight + margin + Double(Self.descriptionLines) * lineHeight
            let plotBox = Rect(
                x: margin, y: plotTop, width: frame.width - 2 * margin,
                height: frame.height - plotTop - margin)
            if plotBox.height >= 40 * scale { plot(knob, knobs: knobs, in: plotBox, canvas: canvas) }
        }
    }

    private func drawRow(
        _ knob: Knob, value: KnobValue, compared: KnobValue?, isSelected: Bool, at y: Double,
        canvas: PanelCanvas
    ) {
        if isSelected {
            canvas.fill(
                Rect(x: 2 * scale, y: y, width: frame.width - 4 * scale, height: rowHeight), Color(white: 0.2)
            )
        }
        let changed = !KnobCode.isTutorialValue(value, of: knob)
        let textHeight = PanelStyle.lineHeight * scale
        let textY = y + (lineRowHeight - textHeight) / 2
        if isSelected, let field {
            drawField(field, rowY: y, textY: textY, canvas: canvas)
        } else if let compared {
            let copyChanged = !KnobCode.isTutorialValue(compared, of: knob)
            canvas.text(
                knob.name, in: Rect(x: margin, y: textY, width: nameWidth, height: textHeight),
                bold: changed || copyChanged)
        } else {
            canvas.text(
                knob.name, in: Rect(x: margin, y: textY, width: nameWidth, height: textHeight), bold: changed)
            canvas.text(
                Self.valueText(value, of: knob),
                in: Rect(x: valueX, y: textY, width: valueWidth, height: textHeight), bold: changed)
        }
        if let compared { drawHalves(knob, value: value, compared: compared, rowY: y, canvas: canvas) }
        if isSelected, field != nil { return }
        let slider = sliderBox(rowY: y)
        canvas.shape(BezierPath(roundedRect: slider, cornerRadius: 3 * scale), fill: Color(white: 0.35))
        let radius = 5 * scale
        if let compared {
            // The copy's value: a ring the running scene's thumb may cover.
            let copyX = slider.minX + min(max(Self.fraction(of: compared, for: knob), 0), 1) * slider.width
            canvas.shape(
                BezierPath(
                    ovalIn: Rect(
                        x: copyX - radius, y: slider.midY - radius, width: 2 * radius, height: 2 * radius)),
                stroke: Color(white: 0.85))
        }
        let fraction = min(max(Self.fraction(of: value, for: knob), 0), 1)
        let thumbX = slider.minX + fraction * slider.width
        canvas.shape(
            BezierPath(
                ovalIn: Rect(
                    x: thumbX - radius, y: slider.midY - radius, width: 2 * radius, height: 2 * radius)),
            fill: changed ? PanelStyle.accent : Color(white: 0.85))
    }

    /// A compared row's second line: the knob's value in A, then in B, each bold when it is not
    /// the tutorial's and in the accent colour when the halves differ.
    private func drawHalves(
        _ knob: Knob, value: KnobValue, compared: KnobValue, rowY y: Double, canvas: PanelCanvas
    ) {
        let copyIsA = comparison?.copyIsA ?? false
        let (a, b) = copyIsA ? (compared, value) : (value, compared)
        let differ = a != b
        let textHeight = PanelStyle.lineHeight * scale
        let textY = y + lineRowHeight + (lineRowHeight - textHeight) / 2
        let indent = margin + 8 * scale
        let width = (frame.width - indent - margin) / 2
        for (index, (letter, half)) in [("A", a), ("B", b)].enumerated() {
            canvas.text(
                "\(letter)  \(Self.valueText(half, of: knob))",
                in: Rect(
                    x: indent + Double(index) * width, y: textY, width: width - 4 * scale, height: textHeight),
                bold: !KnobCode.isTutorialValue(half, of: knob),
                color: differ ? PanelStyle.accent : PanelStyle.text)
        }
    }

    /// The open field over the whole row: the text typed, a caret, and the problem with it.
    private func drawField(_ field: KnobField, rowY y: Double, textY: Double, canvas: PanelCanvas) {
        let box = Rect(
            x: margin / 2, y: y + 2 * scale, width: frame.width - margin, height: rowHeight - 4 * scale)
        canvas.shape(
            BezierPath(roundedRect: box, cornerRadius: 3 * scale), fill: Color(white: 0.03),
            stroke: field.problem == nil ? PanelStyle.accent : PanelStyle.problem)
        let fontSize = PanelStyle.fontSize * scale
        let left = margin + 2 * scale
        let caretX = left + TextMetrics.width(of: field.text, fontSize: fontSize)
        let textHeight = PanelStyle.lineHeight * scale
        canvas.text(field.text, in: Rect(x: left, y: textY, width: caretX - left + 1, height: textHeight))
        canvas.fill(
            Rect(
                x: caretX + 1 * scale, y: textY + 2 * scale, width: 1 * scale, height: textHeight - 4 * scale),
            PanelStyle.accent)
        if let problem = field.problem {
            let x = caretX + 8 * scale
            canvas.text(
                problem, in: Rect(x: x, y: textY, width: box.maxX - x - 2 * scale, height: textHeight),
                color: PanelStyle.problem)
        }
    }

    /// What the footer says while a field is open: what the knob takes, and the keys.
    private func fieldHelp(_ field: KnobField, knob: Knob) -> String {
        let takes =
            switch knob.kind {
            case .number(let range, _):
                "a number in \(KnobAssignment.format(range))\(knob.unit.isEmpty ? "" : " \(knob.unit)")"
            case .curve: "X1,Y1,X2,Y2 (X in 0…1)"
            case .choice(let names): names.joined(separator: ", ")
            }
        return "type \(knob.name): \(takes) · Return applies · Escape cancels"
    }

    /// `text` in at most `lines` lines of `width`, the last shortened with `…` if it needs more.
    static func wrap(_ text: String, width: Double, fontSize: Double, lines: Int) -> [String] {
        var result: [String] = []
        var current = ""
        let words = text.split(separator: " ").map(String.init)
        for (index, word) in words.enumerated() {
            let candidate = current.isEmpty ? word : current + " " + word
            if current.isEmpty || TextMetrics.width(of: candidate, fontSize: fontSize) <= width {
                current = candidate
                continue
            }
            if result.count == lines - 1 {
                current = ([current] + words[index...]).joined(separator: " ")
                break
            }
            result.append(current)
            current = word
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// A curve knob's timing curve, or the spring of a spring block's knobs, over one duration.
    private func plot(_ knob: Knob, knobs: KnobSettings, in box: Rect, canvas: PanelCanvas) {
        guard let plot = knob.plot else { return }
        let samples = 60
        var values: [Double] = []
        switch plot {
        case .timingCurve:
            guard case .curve(let curve) = knobs.value(of: knob.name) else { return }
            values = (0...samples).map { curve.progress(at: Double($0) / Double(samples)) }
        case .springDampingRatio(let durationKnob), .springDuration(let durationKnob):
            let isRatio = if case .springDampingRatio = plot { true } else { false }
            guard case .number(let ratio) = knobs.value(of: isRatio ? knob.name : durationKnob),
                case .number(let duration) = knobs.value(of: isRatio ? durationKnob : knob.name)
            else { return }
            let spring = Spring(dampingRatio: ratio, duration: max(duration, 0.01))
            values = (0...samples).map { spring.value(at: Double($0) / Double(samples) * duration) }
        }
        canvas.shape(BezierPath(rect: box), stroke: Color(white: 0.4))
        let low = min(values.min() ?? 0, 0)
        let high = max(values.max() ?? 1, 1)
        var target = BezierPath()  // the value the motion ends on
        let oneY = box.maxY - (1 - low) / (high - low) * box.height
        target.move(to: Point(x: box.minX, y: oneY))
        target.addLine(to: Point(x: box.maxX, y: oneY))
        canvas.shape(target, stroke: Color(white: 0.5), dashes: [3, 3])
        var curve = BezierPath()
        for (index, value) in values.enumerated() {
            let point = Point(
                x: box.minX + Double(index) / Double(samples) * box.width,
                y: box.maxY - (value - low) / (high - low) * box.height)
            if index == 0 { curve.move(to: point) } else { curve.addLine(to: point) }
        }
        canvas.shape(curve, stroke: PanelStyle.accent, width: 2)
    }
}
