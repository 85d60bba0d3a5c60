import Animation
import Render

/// The layer tree (`j`): the scene's layers as its code names them, indented under their
/// superlayers, each with the properties whose presentation value (on screen at the playhead)
/// differs from the model value the scene set; the selected layer opens up to show both values
/// side by side and the animations attached to it, is outlined over the scene, and its rows are
/// selected in the timeline inspector (which the graph, `y`, then shows).
///
/// ```
/// ┌ layers · 9 · b3 ───────────────────────────┐
/// │ CheckmarkScene                             │
/// │   circle                                   │
/// │   b1  ≠ strokeEnd, strokeColor             │
/// │ ▌ b3  ≠ strokeEnd                          │   the selection, outlined on the scene
/// │     ShapeLayer · frame 0, 0 400×300        │
/// │     strokeEnd: model 1 · presentation 0.58 │
/// │     animations: b3.strokeEnd               │
/// └────────────────────────────────────────────┘
/// ```
/// One list, scrolled by the wheel; Up and Down move the selection (while the panel is
/// topmost), Page Up and Page Down by a page. The lines are laid out again on every update but
/// drawn only when their text, the selection or the scroll changed, the outline only when it
/// moved: a paused scene costs nothing, a playing one a comparison of the shown layers' values
/// a frame.
final class LayerTreePanel: Panel {
    static let kind = PanelKind(
        name: "layers", spokenName: "layer tree",
        toggle: ShellKey.Row(
            keys: [.character("j")], label: "j",
            action: "layer tree: the scene's layers, model beside presentation; click one to outline it"),
        edge: .side, observesScene: true)
    let layer: Layer
    /// The least room it shows itself in (pixels at scale 1; `PanelFit`).
    let minimumSize = Size(width: 200, height: 100)
    private let timeline: Timeline
    private(set) var frame = Rect.zero
    private var scale = 1.0
    /// The selected layer's outline over the scene (under the panels).
    let outline: ShapeLayer
    /// The selected layer, by its name in the tree (`b3`, `bubble 4`): kept while the panel is
    /// closed and in session files (`PanelView.layer`), found again in a rebuilt scene.
    private(set) var selectedName: String?
    /// The first line shown.
    private var firstLine = 0
    /// The lines as last laid out, for clicks.
    private var laidOut: [Line] = []
    private var drawn: DrawnState?
    /// How many times the panel was drawn anew, for tests that it does no work while idle.
    private(set) var drawCount = 0

    /// Sizes at scale 1, pixels.
    static let headerHeight = 20.0
    static let lineHeight = 16.0
    static let indent = 12.0
    static let preferredWidth = 330.0

    /// One line of the list: a layer's, or one of the selected layer's details.
    struct Line: Equatable {
        /// The layer's index in the tree.
        var entry: Int
        var isDetail: Bool
        var depth: Int
        var text: String
        var isSelected: Bool
    }

    private struct DrawnState: Equatable {
        var frame: Rect
        var scale: Double
        var header: String
        var lines: [Line]
    }

    /// The outline last drawn (nil: hidden), and at which scale.
    private var drawnOutline: (path: BezierPath?, scale: Double)?

    init(timeline: Timeline) {
        self.timeline = timeline
        layer = makePanelLayer(named: "layers", timeline: timeline)
        outline = ShapeLayer(timeline: timeline)
        outline.anchorPoint = .zero
        outline.fillColor = .clear
        outline.strokeColor = Color(red: 0.3, green: 0.9, blue: 1)
        outline.lineWidth = 2
        outline.lineDashPattern = [6, 3]
        outline.isHidden = true
        outline.isUserInteractionEnabled = false
    }

    var keyHelp: [HelpLine] {
        [
            HelpLine("layers: click a layer", "select it: outlined, its rows selected in i"),
            HelpLine("layers: Up, Down", "the layer before / after (Page Up, Page Down: a page)"),
            HelpLine("layers: wheel", "scroll the tree"),
        ]
    }

    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double {
        switch edge {
        case .side: return min(Self.preferredWidth * scale, (size.width * 0.4).rounded(.down))
        case .bottom: return min(260 * scale, (size.height * 0.4).rounded(.down))
        }
    }

    func setOpen(_ isOpen: Bool) {
        drawn = nil
        drawnOutline = nil
        layer.setPanelOpen(isOpen)
        timeline.transaction { transaction in
            transaction.disableActions = true
            outline.isHidden = true
        }
        if !isOpen { frame = .zero }
    }

    var view: PanelView { PanelView(firstRow: firstLine, layer: selectedName) }

    func restore(_ view: PanelView) {
        firstLine = max(view.firstRow ?? 0, 0)
        if let name = view.layer { selectedName = name }
    }

    func place(in frame: Rect, context: PanelContext) {
        self.frame = frame
        scale = context.scale
        layer.placePanel(in: frame)
    }

    /// The selected layer in the scene shown now, if it has one of that name.
    func selectedLayer(in root: Layer) -> Layer? {
        guard let selectedName else { return nil }
        return LayerTreeEntry.entries(under: root).first { $0.name == selectedName }?.layer
    }

    // MARK: - Geometry

    private var margin: Double { PanelStyle.margin * scale }
    private var headerHeight: Double { Self.headerHeight * scale }
    private var lineHeight: Double { Self.lineHeight * scale }
    private var fontSize: Double { PanelStyle.fontSize * scale }
    private var visibleLineCount: Int { max(Int((frame.height - headerHeight) / lineHeight), 0) }
    private func indent(_ depth: Int) -> Double { margin + Double(min(depth, 12)) * Self.indent * scale }

    // MARK: - Input

    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest] {
        switch event {
        case .down(let point):
            let index = Int(((point.y - frame.minY - headerHeight) / lineHeight).rounded(.down))
            let lines = layOut(context: context).lines
            // The scroll as the panel shows it now (`render` may not have drawn the last frame).
            firstLine = min(firstLine, max(lines.count - visibleLineCount, 0))
            guard point.y >= frame.minY + headerHeight, index >= 0, firstLine + index < lines.count else {
                return []
            }
            return select(entry: lines[firstLine + index].entry, context: context)
        case .scroll(let dy, _, _, _):
            let count = layOut(context: context).lines.count
            firstLine = min(max(firstLine + (dy > 0 ? 3 : -3), 0), max(count - visibleLineCount, 0))
            return []
        case .move, .up, .key:
            return []
        }
    }

    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? {
        guard let lines = scrollLines(for: key, page: max(visibleLineCount - 2, 1)) else { return nil }
        let entries = LayerTreeEntry.entries(under: context.scene.rootLayer)
        guard !entries.isEmpty else { return [] }
        let current = selectedName.flatMap { name in entries.firstIndex { $0.name == name } }
        let next =
            current.map { min(max($0 + lines, 0), entries.count - 1) } ?? (lines > 0 ? 0 : entries.count - 1)
        let requests = select(entry: next, context: context)
        reveal(entry: next, context: context)
        return requests
    }

    /// Selects the tree's layer `entry`: its rows in the inspector too.
    private func select(entry: Int, context: PanelContext) -> [SessionRequest] {
        let entries = LayerTreeEntry.entries(under: context.scene.rootLayer)
        guard entries.indices.contains(entry) else { return [] }
        selectedName = entries[entry].name
        return [.selectLayer(entries[entry].layer)]
    }

    /// Scrolls so that layer `entry`'s line and, as far as they fit, its details show.
    private func reveal(entry: Int, context: PanelContext) {
        let lines = layOut(context: context).lines
        guard let first = lines.firstIndex(where: { $0.entry == entry }) else { return }
        let last = lines.lastIndex { $0.entry == entry } ?? first
        if first < firstLine { firstLine = first }
        if last >= firstLine + visibleLineCount {
            firstLine = max(min(first, last - visibleLineCount + 1), 0)
        }
    }

    // MARK: - Lines

    /// The header and every line for the scene now: one per layer, the selected layer's
    /// details under it (wrapped to the panel's width, so none is cut).
    private func layOut(context: PanelContext) -> (header: String, lines: [Line], selected: Layer?) {
        let entries = LayerTreeEntry.entries(under: context.scene.rootLayer)
        let selected = selectedName.flatMap { name in entries.firstIndex { $0.name == name } }
        var lines: [Line] = []
        for (index, entry) in entries.enumerated() {
            lines.append(
                Line(
                    entry: index, isDetail: false, depth: entry.depth, text: "", isSelected: index == selected
                ))
            guard index == selected else { continue }
            let depth = entry.depth + 1
            let width = frame.width - indent(depth) - margin
            for detail in details(of: entry.layer, context: context) {
                for wrapped in TextMetrics.lines(
                    of: detail, width: max(width, 10 * scale), fontSize: fontSize)
                {
                    lines.append(
                        Line(entry: index, isDetail: true, depth: depth, text: wrapped, isSelected: true))
                }
            }
        }
        let name = selected.map { " · " + entries[$0].name } ?? ""
        return ("layers · \(entries.count)\(name)", lines, selected.map { entries[$0].layer })
    }

    /// The selected layer's details: its class and frame on screen, each property that
    /// differs (the model's value, then the presentation's), and its animations.
    private func details(of target: Layer, context: PanelContext) -> [String] {
        let shown = target.presentation()
        let model = LayerProperties(of: target)
        let presented = LayerProperties(of: shown)
        let frame = shown.frame
        let box = [frame.minX, frame.minY, frame.width, frame.height].map(GraphPanel.format)
        var details = ["\(type(of: target)) · frame \(box[0]), \(box[1]) \(box[2])×\(box[3])"]
        let differing = Set(model.differences(from: presented))
        for ((name, value), (_, shownValue)) in zip(model.values, presented.values)
        where differing.contains(name) {
            details.append("\(name): model \(value.text) · presentation \(shownValue.text)")
        }
        if differing.isEmpty { details.append("model = presentation: nothing animates it now") }
        let animations = Self.animationLabels(of: target, context: context)
        details.append(
            animations.isEmpty ? "no animation attached" : "animations: " + animations.joined(separator: ", ")
        )
        return details
    }

    /// The animations attached to `layer`, as the inspector names their rows (else as
    /// `layer.property`).
    static func animationLabels(of layer: Layer, context: PanelContext?) -> [String] {
        layer.animationKeys.compactMap { key in
            guard let animation = layer.animation(forKey: key) else { return nil }
            return context?.animationLabel(animation)
                ?? "\(AnimationLog.baseName(of: layer)).\(animation.animatedPropertyNames.joined(separator: ","))"
        }
    }

    /// A layer's line: its name and what differs, the longest form that fits.
    private func text(of entry: LayerTreeEntry, width: Double) -> String {
        let differing = LayerProperties(of: entry.layer).differences(
            from: LayerProperties(of: entry.layer.presentation()))
        let animations = entry.layer.animationKeys.count
        let forms =
            differing.isEmpty
            ? [entry.name]
            : [
                "\(entry.name)  ≠ \(differing.joined(separator: ", "))",
                "\(entry.name)  ≠ \(differing.count) properties",
                "\(entry.name)  ≠ \(differing.count)",
                entry.name,
            ]
        let suffix =
            animations > 0 && differing.isEmpty
            ? ["\(entry.name)  · \(animations) animation" + (animations == 1 ? "" : "s"), entry.name] : []
        return (suffix + forms).first { TextMetrics.width(of: $0, fontSize: fontSize) <= width } ?? entry.name
    }

    // MARK: - Drawing

    func update(context: PanelContext) {
        guard !frame.isEmpty else { return }
        var (header, lines, _) = layOut(context: context)
        let total = lines.count
        firstLine = min(firstLine, max(lines.count - visibleLineCount, 0))
        let entries = LayerTreeEntry.entries(under: context.scene.rootLayer)
        var shown = Array(lines.dropFirst(firstLine).prefix(visibleLineCount))
        for index in shown.indices
        where !shown[index].isDetail && entries.indices.contains(shown[index].entry) {
            let depth = shown[index].depth
            shown[index].text = text(
                of: entries[shown[index].entry], width: frame.width - indent(depth) - margin)
        }
        lines = shown
        laidOut = lines
        let headerWidth = frame.width - 2 * margin
        let hint = lines.count < total ? " · wheel scrolls" : ""
        header =
            [header + hint, header].first {
                TextMetrics.width(of: $0, fontSize: fontSize, bold: true) <= headerWidth
            } ?? header
        let state = DrawnState(frame: frame, scale: scale, header: header, lines: lines)
        guard state != drawn else { return }
        drawn = state
        drawCount += 1
        timeline.transaction { transaction in
            transaction.disableActions = true
            layer.removeAllSublayers()
            let canvas = PanelCanvas(layer: layer, timeline: timeline, scale: scale)
            canvas.text(
                header,
                in: Rect(x: margin, y: 2 * scale, width: headerWidth, height: headerHeight - 2 * scale),
                bold: true)
            canvas.fill(
                Rect(x: 0, y: headerHeight - 1 * scale, width: frame.width, height: 1 * scale),
                PanelStyle.separator)
            for (index, line) in lines.enumerated() {
                let y = headerHeight + Double(index) * lineHeight
                if line.isSelected {
                    canvas.fill(
                        Rect(x: 0, y: y, width: frame.width, height: lineHeight),
                        PanelStyle.accent.withAlpha(0.14))
                    if !line.isDetail {
                        canvas.fill(Rect(x: 0, y: y, width: 3 * scale, height: lineHeight), PanelStyle.accent)
                    }
                }
                let x = indent(line.depth)
                canvas.text(
                    line.text, in: Rect(x: x, y: y, width: frame.width - x - margin, height: lineHeight),
                    color: line.isDetail
                        ? PanelStyle.text : line.isSelected ? PanelStyle.accent : PanelStyle.text,
                    size: line.isDetail ? PanelStyle.fontSize * 0.92 : PanelStyle.fontSize)
            }
        }
    }

    /// Outlines the selected layer while the panel is open, whether or not it has room to show
    /// its list (`PanelFit`): the window and `render` outline the same layer at every size.
    func follow(context: PanelContext) {
        let path = context.selectedLayer.flatMap {
            dashedOutlinePath(of: $0, outline: outline, lineWidth: 2 * context.scale)
        }
        if let drawnOutline, drawnOutline.path == path, drawnOutline.scale == context.scale { return }
        drawnOutline = (path, context.scale)
        timeline.transaction { transaction in
            transaction.disableActions = true
            outline.path = path ?? BezierPath()
            outline.lineWidth = 2 * context.scale
            outline.lineDashPattern = [6 * context.scale, 3 * context.scale]
            outline.isHidden = path == nil
        }
    }

    /// The outlined box, window pixels (nil when nothing is outlined), for tests: the edges'
    /// bounds, less the half width each starts before its corner.
    var outlinedBox: Rect? {
        outline.isHidden
            ? nil : outline.path.bounds.insetBy(dx: outline.lineWidth / 2, dy: outline.lineWidth / 2)
    }

    // MARK: - Describe

    /// Where layer `entry`'s line is in the window as last drawn (pixels), nil while it is
    /// scrolled away or the panel is closed.
    func lineRect(ofEntry entry: Int) -> Rect? {
        guard !frame.isEmpty, let index = laidOut.firstIndex(where: { $0.entry == entry && !$0.isDetail })
        else { return nil }
        return Rect(
            x: frame.minX, y: frame.minY + headerHeight + Double(index) * lineHeight, width: frame.width,
            height: lineHeight)
    }

    /// The tree under `root` as `render --describe` gives it, with each layer's line in the
    /// panel (`lineRect`, window pixels, made `[x, y, width, height]` by `box`).
    static func described(
        root: Layer, context: PanelContext?, lineRect: (Int) -> Rect?, box: (Rect) -> [Double]
    ) -> [SessionDescription.LayerNode] {
        let entries = LayerTreeEntry.entries(under: root)
        var index = 0
        func node() -> SessionDescription.LayerNode {
            let entry = entries[index]
            let rect = lineRect(index).map(box)
            index += 1
            let shown = entry.layer.presentation()
            let model = LayerProperties(of: entry.layer)
            let presented = LayerProperties(of: shown)
            let frame = shown.frame
            var children: [SessionDescription.LayerNode] = []
            while index < entries.count, entries[index].depth > entry.depth { children.append(node()) }
            return SessionDescription.LayerNode(
                name: entry.name, type: "\(type(of: entry.layer))", rect: rect,
                frame: [frame.minX, frame.minY, frame.width, frame.height].map { ($0 * 1e6).rounded() / 1e6 },
                model: Dictionary(uniqueKeysWithValues: model.values.map { ($0.name, $0.value) }),
                presentation: Dictionary(uniqueKeysWithValues: presented.values.map { ($0.name, $0.value) }),
                differs: model.differences(from: presented),
                animations: animationLabels(of: entry.layer, context: context), sublayers: children)
        }
        return entries.isEmpty ? [] : [node()]
    }
}
