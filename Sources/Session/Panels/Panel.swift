import Animation
import Render
import Scenes

/// Which strip of the window a docked panel takes (docs/ARCHITECTURE.md § Panels).
enum PanelEdge: Sendable {
    /// Along the bottom, the window's whole width: the timeline inspector, the build's problem.
    case bottom
    /// Along the right side, above the bottom panels: the knobs, the code, the help. In a portrait
    /// window (narrower than it is tall) side panels go to the bottom too.
    case side
}

/// What a panel may read of the session when it handles input or draws: a snapshot taken
/// when it is asked, so that no panel holds the session.
struct PanelContext {
    let sceneTime: MediaTime
    let isPaused: Bool
    let rate: Double
    /// The HiDPI factor: every size a panel draws is its size at scale 1 times this.
    let scale: Double
    let knobs: KnobSettings
    let scene: Scene
    let sceneName: String
    let sceneTimeline: Timeline
    /// The running scene's tutorial step (nil: the scene itself) and how many it has.
    let step: Int?
    let stepCount: Int
    /// The source line of the inspector's row under the pointer, if any.
    let hoveredLocation: CallSite?
    /// The source lines of the animations, timers and display links running now, as the
    /// inspector's log has them (worked out when asked).
    let runningLocations: () -> [CallSite]
    /// The help's lines: the shell's keys, the open panels', the scene's keys and gestures (made
    /// only while the help is open: no other panel reads them).
    let help: [HelpLine]
    /// Where the pointer is over the window (pixels) while no press holds it: what a panel's
    /// hover is found from when it draws, as a session file restores it.
    var pointer: Point? = nil
    /// The inspector's selected row (its label), and how a replay finds it when it is an
    /// animation the log still has (the graph panel).
    var selectedRow: String? = nil
    var selectedGraphKey: GraphRowKey? = nil
    /// Changes when the history may replay differently (new input, a restart, a knob from the
    /// start): the graph looks at `graphInputs` again only then.
    var historyStamp = HistoryStamp()
    /// What a replay up to a scene time depends on (`SceneHistory.inputFrames(through:)`).
    var graphInputs: (MediaTime) -> [SceneFrame] = { _ in [] }
    /// The samples of a row, replayed (`TimeMachine.graphSamples(for:)`): costly, asked only
    /// when the selection or the input changed.
    var graphSamples: (GraphRowKey) -> GraphSamples? = { _ in nil }
    /// The layer tree's selected layer in the scene shown now (the inspector marks its rows).
    var selectedLayer: Layer? = nil
    /// The layer the graph shows (its name in the tree), when it shows one rather than a row
    /// (`SceneSession.graphedLayer`), the span it covers (the inspector's axis), and its
    /// samples, replayed (`LayerGraphReplay`): costly, asked only when something changed.
    var graphLayer: String? = nil
    var graphAxis: (start: MediaTime, end: MediaTime) = (0, InspectorPanel.axisSpan)
    var layerGraphSamples: (LayerGraphReplay, String, MediaTime, MediaTime) -> LayerGraphSamples? = {
        _, _, _, _ in nil
    }
    /// The inspector's label of an animation's row, while its log has it.
    var animationLabel: (LayerAnimation) -> String? = { _ in nil }
    /// What the curve editor edits: the selected row's timing (made only while it is open).
    var curveTarget: CurveTarget? = nil
    /// The comparison's copy (`|`, `--compare`): its knobs, which the knob panel shows beside
    /// the running scene's; nil while there is none.
    var comparedKnobs: ComparedKnobs? = nil
    /// The topmost open panel, which the keys go to first (nil: none is open).
    var keyPanel: PanelKind? = nil
}

/// The knobs of a comparison's copy, fixed from its start, and whether the copy is A (the
/// first half); the running scene is the other half, the one the knob panel turns.
struct ComparedKnobs {
    let knobs: KnobSettings
    let copyIsA: Bool
}

/// Which history, and which of its revisions, a panel drew from (`PanelContext.historyStamp`).
struct HistoryStamp: Equatable {
    /// Changes when the history is replaced (a restart, a scene switch, a session resumed).
    var epoch = 0
    /// `SceneHistory.revision`.
    var revision = 0
}

/// One line of the help: a key or gesture and what it does.
public struct HelpLine: Sendable, Equatable {
    public var key: String
    public var action: String

    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// What a panel asks of the session. Every panel's requests, and those of the session's own
/// keys and public methods, go through one queue and are applied in order once a frame.
enum SessionRequest {
    /// Pause and show the scene at this scene time (clamped to what time travel keeps).
    case seek(MediaTime)
    /// Move the playhead by this many seconds of scene time from where it is (or from where
    /// an earlier seek of the same frame put it).
    case step(MediaTime)
    /// Set a knob: from now on while playing; while paused, as if it had always had it.
    case setKnob(String, KnobValue)
    case command(HostCommand)
    /// A short message at the bottom of the window (the toast).
    case message(String)
    /// The layer tree selected a layer: the inspector selects its rows.
    case selectLayer(Layer)
}

/// What a kind of panel is to the session (docs/ARCHITECTURE.md § Panels): its name, the
/// keys that open and close it with their row in the help and README § Keys, its edge, whether
/// a session file and a `--watch` reload keep it open, and whether it watches the scene's
/// animations. Each panel type gives its own (`Panel.kind`); `PanelKind.all` lists the types.
struct PanelKind {
    /// `inspector`, `graph`, `knobs`, `code`, `curve`, `help`, `build`: the name in `render --describe` and in a session file.
    let name: String
    /// What messages call it ("closed the knob panel").
    var spokenName: String?
    /// The keys that open and close it, and their row in the help (none: it opens by itself).
    var toggle: ShellKey.Row?
    let edge: PanelEdge
    /// Whether a session file, and the next build under `--watch`, keep it open.
    var isKept = true
    /// Whether, open, it needs the inspector's log of the scene's animations.
    var observesScene = false

    /// Every panel, one line each, in the order they are stacked (the later over the earlier)
    /// and their keys are listed. A new panel is its type and a line here.
    static var all: [any Panel.Type] {
        [
            InspectorPanel.self, GraphPanel.self, KnobPanel.self, CodePanel.self, LayerTreePanel.self,
            CurvePanel.self,
            HelpPanel.self, BuildProblemPanel.self,
        ]
    }
}

/// A panel docked in the window: the timeline inspector, the knob panel, the code, the help,
/// the build's problem (`PanelKind.all`).
///
/// The session keeps the open panels in the order they were opened (the last is topmost),
/// gives each its strip of the window (`PanelLayout`), routes to it the pointer events that
/// fall in it (and the rest of a press that began in it) and, while it is topmost, the keys it
/// takes. A panel draws into its own opaque `layer`, in window pixels, and rebuilds its layers
/// only when what it shows changed.
protocol Panel: AnyObject {
    /// What the panel is to the session: its name, keys, edge (`PanelKind`).
    static var kind: PanelKind { get }
    init(timeline: Timeline)
    var layer: Layer { get }
    /// Where the panel is in the window, pixels; zero while closed.
    var frame: Rect { get }
    /// The strip it would like: its height at the bottom, its width at the side (pixels), for a
    /// window of `size`. The layout may give it less.
    func preferredExtent(at edge: PanelEdge, window size: Size, scale: Double) -> Double
    /// Takes `frame` (window pixels) and lays out what it shows in it.
    func place(in frame: Rect, context: PanelContext)
    /// A pointer event over the panel, or the rest of a press that began on it.
    func handlePointer(_ event: InputEvent, context: PanelContext) -> [SessionRequest]
    /// A key while the panel is topmost; nil for a key it leaves to the shell.
    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]?
    /// Takes in the session's state each time the open panels are brought up to date, whether
    /// or not the panel has room to show it (`update` follows when it has).
    func follow(context: PanelContext)
    /// Shows what changed since the last call (nothing to do when nothing did).
    func update(context: PanelContext)
    /// The panel's own keys, for the help.
    var keyHelp: [HelpLine] { get }
    /// The panel was opened (`true`) or closed.
    func setOpen(_ isOpen: Bool)
    /// Its scroll and selection, for a session file; `restore` takes them up again.
    var view: PanelView { get }
    func restore(_ view: PanelView)
    /// The least room it can show itself in, pixels at scale 1: in less it says it does not
    /// fit (`PanelFit`).
    var minimumSize: Size { get }
}

extension Panel {
    var name: String { Self.kind.name }
    var edge: PanelEdge { Self.kind.edge }
    func follow(context: PanelContext) {}
    var view: PanelView { PanelView() }
    func restore(_ view: PanelView) {}
    func handleKey(_ key: Key, context: PanelContext) -> [SessionRequest]? { nil }
    var keyHelp: [HelpLine] { [] }
}

/// The look every panel shares: an opaque dark ground, light text at a size that follows the
/// `--scale`, the same margins.
enum PanelStyle {
    static let background = Color(red: 0.08, green: 0.09, blue: 0.12)
    static let separator = Color(white: 0.28)
    static let text = Color(white: 0.92)
    static let dimText = Color(white: 0.62)
    static let accent = Color(red: 1, green: 0.75, blue: 0.2)
    /// What went wrong: the build's problem, a typed value that isn't one.
    static let problem = Color(red: 1, green: 0.42, blue: 0.38)
    /// Text size at scale 1, pixels: the help's 15 px would not fit a knob row.
    static let fontSize = 12.0
    static let lineHeight = 18.0
    static let margin = 8.0
}

/// Adds layers to a panel's layer as it is rebuilt: text cut to fit with an ellipsis, and
/// shapes, in the panel's own pixels.
struct PanelCanvas {
    let layer: Layer
    let timeline: Timeline
    let scale: Double

    /// One line of text in `rect`, shortened with `…` if it does not fit (never cut off).
    @discardableResult
    func text(
        _ string: String, in rect: Rect, bold: Bool = false, color: Color = PanelStyle.text,
        alignment: TextAlignment = .left, size: Double = PanelStyle.fontSize, cut: TextMetrics.Cut = .end
    ) -> TextLayer {
        let text = FittedTextLayer(timeline: timeline)
        text.fontSize = size * scale
        text.isBold = bold
        text.setFitting(string, width: rect.width, cut: cut)
        text.alignment = alignment
        text.foregroundColor = color
        text.frame = rect
        layer.addSublayer(text)
        return text
    }

    /// `path` (the panel's pixels), filled and stroked.
    @discardableResult
    func shape(
        _ path: BezierPath, fill: Color = .clear, stroke: Color = .clear, width: Double = 1,
        dashes: [Double] = []
    ) -> ShapeLayer {
        let shape = ShapeLayer(timeline: timeline)
        shape.anchorPoint = .zero
        shape.frame = Rect(origin: .zero, size: layer.bounds.size)
        shape.path = path
        shape.fillColor = fill
        shape.strokeColor = stroke
        shape.lineWidth = width * scale
        shape.lineDashPattern = dashes.map { $0 * scale }
        layer.addSublayer(shape)
        return shape
    }

    /// A box of `color` at `rect`.
    func fill(_ rect: Rect, _ color: Color) {
        shape(BezierPath(rect: rect), fill: color)
    }
}

/// The red line at the scene's time that the inspector and the graph move over their rows.
func makePlayheadLayer(timeline: Timeline) -> ShapeLayer {
    let playhead = ShapeLayer(timeline: timeline)
    playhead.anchorPoint = .zero
    playhead.strokeColor = Color(red: 1, green: 0.3, blue: 0.3)
    playhead.isUserInteractionEnabled = false
    return playhead
}

/// The outline of what `target` draws, in window pixels: a shape layer's path (with its
/// stroke), else the layer's bounds, as on screen now; nil when it is not in the tree `outline`
/// is drawn in. A layer of a screen the scene has since built again (the floating scene's
/// balloons after a layout) is in no tree the window draws: its transform would lack the
/// scene's scale and put the outline anywhere.
func outlinePath(of target: Layer, outline: Layer) -> BezierPath? {
    guard let corners = outlineCorners(of: target, outline: outline) else { return nil }
    var path = BezierPath()
    path.move(to: corners[0])
    for corner in corners.dropFirst() { path.addLine(to: corner) }
    path.close()
    return path
}

/// The outline of `outlinePath(of:outline:)` as four open edges for a dashed stroke of width
/// `lineWidth` with butt caps: each edge starts its dashes afresh, half the width before its
/// corner (so that the corner is drawn). Dashes run round a closed path and can end exactly
/// on a corner (a 321 × 315 box, dashes of 6 and 3: 636 = 70 × 9 + 6), where whether the join
/// is drawn turns on the last bit of the dash's phase; Cairo steps that phase differently when
/// it strokes clipped to the window's damage, so the window drew a corner pixel that `render`
/// did not (docs/ARCHITECTURE.md § Window and render). An open edge has no join, and a butt
/// cap's coverage moves with its end, continuously.
func dashedOutlinePath(of target: Layer, outline: Layer, lineWidth: Double) -> BezierPath? {
    guard let corners = outlineCorners(of: target, outline: outline) else { return nil }
    var path = BezierPath()
    for (index, start) in corners.enumerated() {
        let end = corners[(index + 1) % corners.count]
        let length = start.distance(to: end)
        let lead = length > 0 ? lineWidth / 2 / length : 0
        path.move(to: Point(x: start.x - (end.x - start.x) * lead, y: start.y - (end.y - start.y) * lead))
        path.addLine(to: end)
    }
    return path
}

/// The four corners of what `outlinePath(of:outline:)` outlines, clockwise from the top left.
private func outlineCorners(of target: Layer, outline: Layer) -> [Point]? {
    func root(of layer: Layer) -> Layer {
        var top = layer
        while let up = top.superlayer { top = up }
        return top
    }
    guard root(of: target) === root(of: outline) else { return nil }
    let toRoot = target.transformToRoot(usingPresentation: true)
    let shown = target.presentation()
    var box = shown.bounds
    if let shape = shown as? ShapeLayer, !shape.path.isEmpty {
        let inset = -max(shape.lineWidth, 0) / 2
        box = shape.path.bounds.insetBy(dx: inset, dy: inset)
    }
    return [
        Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
        Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
    ].map { $0.applying(toRoot) }
}

/// A panel's layer: opaque, in window pixels, not hit by the scene's gestures.
func makePanelLayer(named name: String, timeline: Timeline) -> Layer {
    let layer = Layer(timeline: timeline)
    layer.name = name
    layer.anchorPoint = .zero
    layer.isHidden = true
    layer.isUserInteractionEnabled = false
    layer.masksToBounds = true
    layer.backgroundColor = PanelStyle.background
    return layer
}

/// The scroll keys of a list in a panel: Up / Down one line, Page Up / Page Down a page.
/// Returns the lines to move, nil for another key.
func scrollLines(for key: Key, page: Int) -> Int? {
    switch key {
    case .up: return -1
    case .down: return 1
    case .pageUp: return -page
    case .pageDown: return page
    default: return nil
    }
}

extension Layer {
    /// Shows or hides a panel's layer at once (no implicit fade).
    func setPanelOpen(_ isOpen: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            isHidden = !isOpen
        }
    }

    /// Moves a panel's layer to `frame` (window pixels) at once (no implicit move).
    func placePanel(in frame: Rect) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            self.frame = frame
        }
    }

    /// Removes every sublayer (a panel about to be rebuilt).
    func removeAllSublayers() {
        for sublayer in sublayers { sublayer.removeFromSuperlayer() }
    }
}
