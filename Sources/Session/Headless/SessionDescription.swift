import Animation
import Scenes

/// What the window shows at a moment, for tests and tools (`render --describe`): the field
/// names are a contract (docs/ARCHITECTURE.md § Describe). Lengths are in the window's
/// `--size` pixels, the events script's units: with `--scale 2` the session's pixels are
/// divided by 2.
public struct SessionDescription: Encodable, Sendable {
    public var sceneTime: MediaTime
    public var paused: Bool
    public var rate: Double
    public var scene: String
    /// The tutorial step the scene runs (`--step N`), from 1; absent for the scene itself.
    public var step: Int?
    public var size: [Double]
    public var scale: Double
    /// `[x, y, width, height]` of the scene's part of the window.
    public var sceneRect: [Double]
    public var panels: [Panel]
    /// The status line's text ("" while the scene simply plays).
    public var status: String
    /// The message at the bottom, while one shows.
    public var toast: String?
    /// The scene's hint, while it shows.
    public var hint: String?
    /// The step bar along the scene's bottom edge while the scene is at a tutorial step
    /// (`--step`, `[` `]`): "step N of M: caption · …"; absent for the scene itself.
    public var stepBar: String?
    public var inspector: [InspectorRow]
    /// The inspector's time axis, `[t0, t1]` scene seconds, while it is open.
    public var inspectorAxis: [Double]?
    /// The inspector's groups of rows, in its order, while it is open: what started each
    /// (`tap at 1.2 s`, `timer bubbleTimer`), its rows and whether it is collapsed.
    public var inspectorGroups: [InspectorGroup]?
    /// The inspector's selected row (a click on its name), by name; absent with none.
    public var selectedRow: String?
    /// The graph panel, while it is open and graphs a row or a layer: the row (or the layer),
    /// its property, its components (`value`, or `x`, `y`, …) and each frame of its span (a
    /// layer's: the inspector's axis, within the history) as `[t, c1, c2, …]`.
    public var graph: Graph?
    /// The scene's layer tree at the scene's time (docs/ARCHITECTURE.md § The layer tree): each
    /// layer's name in the tree, its class, its frame on screen in its superlayer, its model
    /// and presentation values, the properties where they differ, its animations (as the
    /// inspector names their rows) and its sublayers. One root: the scene's.
    public var layers: [LayerNode]
    /// The layer tree's selected layer, by name, and the box it outlines over the scene
    /// (`[x, y, width, height]`, while the tree is open and the layer on screen).
    public var selectedLayer: String?
    public var layerOutline: [Double]?
    /// Motion trails (`u`): on or off, the ghosts on each side and the frames between them,
    /// and the scene times of the ghosts drawn (oldest first; empty while off).
    public var trails: Trails
    /// The curve editor, while it is open and edits a row: the row, its source line, the knob
    /// that owns the curve (if one does), the curve's control points, and its two handles'
    /// centres (window pixels / scale).
    public var curveEditor: CurveEditor?
    /// The knobs' values as the panels show them (a knob turned while paused, its reshape still
    /// to run, at its new value).
    public var knobs: [String: KnobText]
    /// The knobs that differ from the tutorial's values, by name.
    public var changedKnobs: [String]
    /// The knobs turned while paused whose reshape has not run yet (the window draws the panel
    /// first and reshapes on the next frame, `SceneSession.defersReshape`), by name at their
    /// new values; absent while none waits (always, in `render`).
    public var reshapePending: [String: KnobText]? = nil
    /// The knob panel's field while a value is typed in it: the knob, the text, and why the last
    /// Return did not apply it.
    public var knobField: KnobField?
    /// Recorded frames in the history, and the one shown.
    public var historyFrames: Int
    public var historyShown: Int
    /// The code panel, while it is open: the file, the line it is scrolled to for the hovered
    /// inspector row, and the lines whose animations run now; at a tutorial step, the lines
    /// the step adds and the lines of later steps (dimmed) in that file.
    public var code: Code?
    /// What the pointer hovers, decided by the code that draws the footer and the outline:
    /// the panel, the inspector row named in its footer and the box of the layer outlined
    /// over the scene; nil when nothing is hovered.
    public var hover: Hover?
    /// `[x, y, width, height]` of each area where the window alone draws over what `render`
    /// draws: the status line, the hint, the band of the toast (docs/COMMAND-LINE.md
    /// § Session files: what a comparison of the window with `render` leaves out).
    public var windowOnly: [[Double]]
    /// Two settings side by side (`--compare`, `|`): A then B, each half's
    /// `[x, y, width, height]` and its knobs; absent while there is no comparison.
    public var compare: [ComparedHalf]?
    /// `[x, y, width, height]` of the step bar while it shows: a band of its own under the
    /// scene's rect, as high as its caption wrapped needs.
    public var stepBarRect: [Double]?

    public struct ComparedHalf: Encodable, Sendable {
        public var sceneRect: [Double]
        public var knobs: [String: KnobText]
    }

    public struct Hover: Encodable, Sendable {
        public var panel: String
        public var row: String?
        public var outline: [Double]?
    }
    /// Every text drawn shortened with `…` because it did not fit (the panels', the toast's,
    /// the status line's): empty when every text shows whole.
    public var elided: [ElidedText]

    public struct Trails: Encodable, Sendable {
        public var on: Bool
        public var count: Int
        public var spacing: Int
        public var times: [Double]
    }

    /// The graph: of a row (`row`) or, for motion no row names, of a layer (`layer`, its name
    /// in the tree); one of the two.
    public struct Graph: Encodable, Sendable {
        public var row: String?
        public var layer: String?
        public var property: String
        public var components: [String]
        public var samples: [[Double]]
    }

    public struct LayerNode: Encodable, Sendable {
        public var name: String
        public var type: String
        /// Its line in the layer tree panel, `[x, y, width, height]`; nil while scrolled away
        /// or the panel is closed.
        public var rect: [Double]?
        /// Its presentation frame in its superlayer's coordinates, `[x, y, width, height]`.
        public var frame: [Double]
        public var model: [String: LayerValue]
        public var presentation: [String: LayerValue]
        public var differs: [String]
        public var animations: [String]
        public var sublayers: [LayerNode]
    }

    public struct CurveEditor: Encodable, Sendable, Equatable {
        public var row: String
        public var source: String
        public var knob: String?
        /// A timing function's control points (empty for a spring).
        public var curve: [Double]
        /// The handles, window points: a timing function's two control points; a spring's
        /// overshoot peak.
        public var handles: [[Double]]
        /// A spring row whose knobs the editor turns: its parameters; nil for a timing function.
        public var spring: SpringShape? = nil

        /// A UIKit spring block as the editor shows it: the knobs that set it (damping ratio,
        /// duration), its physics, and the overshoot past the target (a share of the travel).
        public struct SpringShape: Encodable, Sendable, Equatable {
            public var knobs: [String]
            public var dampingRatio: Double
            public var duration: Double
            public var response: Double
            public var stiffness: Double
            public var damping: Double
            public var mass: Double
            public var overshoot: Double
        }
    }

    public struct Code: Encodable, Sendable {
        public var file: String
        public var focus: Int?
        public var running: [Int]
        public var added: [Int]?
        /// The lines the step removes (an earlier step's stage it replaces), shown struck out.
        public var removed: [Int]?
        public var later: [Int]?
    }

    public struct KnobField: Encodable, Sendable {
        public var knob: String
        public var text: String
        public var problem: String?
    }

    public struct Panel: Encodable, Sendable {
        public var name: String
        public var rect: [Double]
    }

    public struct InspectorRow: Encodable, Sendable {
        public var name: String
        /// `animation`, `displayLink` or `timer`.
        public var kind: String
        /// When it starts changing values, scene seconds (after its delay).
        public var start: MediaTime
        public var delay: MediaTime
        public var duration: MediaTime
        /// `FILE.swift:LINE` where the scene made it, when known.
        public var source: String?
        /// An animation's repeat count (0: once; the text `forever` for an infinite count, which
        /// JSON has no number for) and whether its cycles run back; absent for a display link or
        /// a timer.
        public var repeatCount: KnobText?
        public var autoreverses: Bool?
        /// An animation's timing, as the inspector's footer names it: `linear`, `easeInEaseOut`,
        /// `curve(0.3, 0, 0.2, 1)`, `spring mass 1 stiffness 100 damping 10`.
        public var curve: String?
        /// Where its row is in the panel now, `[x, y, width, height]`; nil while scrolled away
        /// or in a collapsed group.
        public var rect: [Double]?
        /// An animation's bar: the x of its begin and of the end of its first duration (the ends
        /// a drag moves), window pixels / scale; nil while scrolled away.
        public var bar: [Double]? = nil
        /// The name of its group (`InspectorGroup`).
        public var group: String?
        /// While two settings are compared, the half it runs in: `A` or `B` (its name and its
        /// group's start with the letter); absent otherwise.
        public var half: String? = nil
    }

    /// A group of inspector rows: those one input, timer or callback started.
    public struct InspectorGroup: Encodable, Sendable {
        /// `tap at 1.2 s`, `key space at 3 s`, `timer bubbleTimer`, `completion at 0.75 s`,
        /// `scene start`.
        public var name: String
        /// What started it, as the footer says it.
        public var cause: String
        public var rows: Int
        public var collapsed: Bool
        /// Where its header is in the panel now, `[x, y, width, height]`; nil while scrolled away.
        public var rect: [Double]?
    }

    /// A knob's value: a number as a number, a choice or a curve as its text (and a repeat
    /// count: a number, or `forever`).
    public enum KnobText: Encodable, Sendable, Equatable {
        case number(Double)
        case text(String)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }
    }
}

extension SceneSession {
    /// What the window shows now, in `size` / `scale` pixels.
    public func describe() -> SessionDescription {
        func box(_ rect: Rect) -> [Double] {
            [rect.minX, rect.minY, rect.width, rect.height].map { ($0 / scale * 1000).rounded() / 1000 }
        }
        let knobs = shownKnobs
        let knobValues = Self.knobTexts(knobs)
        var description = SessionDescription(
            sceneTime: (sceneTimeline.currentTime * 1e6).rounded() / 1e6, paused: isPaused,
            rate: playbackRate,
            scene: sceneName, step: catalog[sceneIndex].step,
            size: [size.width / scale, size.height / scale], scale: scale,
            sceneRect: box(sceneRect),
            panels: openPanels.map { SessionDescription.Panel(name: $0.name, rect: box($0.frame)) },
            status: statusText, toast: toastText, hint: hintText,
            stepBar: stepCaption.isEmpty ? nil : stepCaption,
            inspector: isOpen(inspector) ? inspector.describedRows(scale: scale) : [],
            inspectorAxis: isOpen(inspector) ? inspector.axis : nil,
            inspectorGroups: isOpen(inspector) ? inspector.describedGroups(scale: scale) : nil,
            selectedRow: inspector.selectedLabel, graph: openPanel(GraphPanel.self)?.described,
            layers: LayerTreePanel.described(
                root: scene.rootLayer, context: panelContext,
                lineRect: { [layerTree] in layerTree.lineRect(ofEntry: $0) }, box: box),
            selectedLayer: layerTree.selectedName, layerOutline: layerTreeOutline.map(box),
            trails: trailDescription,
            curveEditor: openPanel(CurvePanel.self)?.described,
            knobs: knobValues,
            changedKnobs: knobs.knobs.filter {
                !KnobCode.isTutorialValue(knobs.value(of: $0.name) ?? $0.defaultValue, of: $0)
            }.map(\.name),
            knobField: openPanel(KnobPanel.self)?.field.map {
                SessionDescription.KnobField(knob: $0.knob, text: $0.text, problem: $0.problem)
            },
            historyFrames: history.frames.count, historyShown: history.shown,
            code: openPanel(CodePanel.self).map { code in
                SessionDescription.Code(
                    file: code.focus.file, focus: code.focus.line,
                    running: code.focus.running.sorted(), added: code.focus.step?.added.sorted(),
                    removed: code.focus.step?.removed.sorted(), later: code.focus.step?.later.sorted())
            },
            hover: hoverDescription(box: box), windowOnly: overlay.windowOnlyAreas.map(box),
            elided: rootLayer.elidedTexts())
        description.compare = describedComparison(box: box)
        description.stepBarRect = overlay.stepBarFrame.map(box)
        if !reshapePending.isEmpty {
            description.reshapePending = reshapePending.reduce(into: [:]) { texts, change in
                // A curve edit is not among `knobs`: its curve as a curve knob's text.
                texts[change.key] =
                    knobValues[change.key]
                    ?? .text(KnobAssignment.text(of: change.value, for: Knob(change.key, curve: .linear, "")))
            }
        }
        return description
    }

    /// Each knob's value as `--describe` gives it: a number, or its text.
    static func knobTexts(_ knobs: KnobSettings) -> [String: SessionDescription.KnobText] {
        var values: [String: SessionDescription.KnobText] = [:]
        for knob in knobs.knobs {
            let value = knobs.value(of: knob.name) ?? knob.defaultValue
            if case .number(let number) = value {
                values[knob.name] = .number(number)
            } else {
                values[knob.name] = .text(KnobAssignment.text(of: value, for: knob))
            }
        }
        // The duration and delay edits, by name (`duration@Scenes/X.swift:88`), in seconds.
        for (name, seconds) in knobs.lineEdits { values[name] = .number(seconds) }
        return values
    }

    /// The inspector row the pointer is on, as its footer names it, and its layer's outline.
    private func hoverDescription(box: (Rect) -> [Double]) -> SessionDescription.Hover? {
        guard isOpen(inspector), let row = inspector.hoveredLabel else { return nil }
        return SessionDescription.Hover(panel: inspector.name, row: row, outline: inspectorOutline.map(box))
    }
}
