import Animation
import Render

/// The layers a session draws over the scene, in its corners: the status line (paused, the
/// rate, the scene's time, recording) with the recording dot beside it, the scene's hint when
/// it opens, a short message at the bottom (the toast), the tutorial step's caption along the
/// scene's bottom edge (the step bar), and the debug marks (layer bounds, frame time).
///
/// They are in window pixels, not in the scene's points: their sizes are pixels at scale 1,
/// multiplied by the HiDPI `scale` (`--scale`). Their text wraps: none is cut.
final class SessionOverlay {
    let layer: Layer
    private let timeline: Timeline
    /// The HiDPI factor every size below is multiplied by.
    private let scale: Double
    private let toast: TextBox
    private let status: TextBox
    private let hint: TextBox
    private let stepBar: TextBox
    /// The red dot while the window records, right of the status line.
    private let recordingDot: ShapeLayer
    private let debug: Layer
    private let debugBounds: ShapeLayer
    private let debugTime: TextLayer
    /// The scene's rect: where the toast, the hint and the status line go.
    private var area = Rect.zero

    /// Text sizes, pixels at scale 1.
    static let toastFontSize = 14.0
    static let statusFontSize = 12.0
    static let hintFontSize = 15.0
    static let stepFontSize = 13.0
    /// The room left and right of the text inside its box, pixels at scale 1.
    static let toastPadding = 12.0
    /// The recording dot: diameter and distance from the scene's right edge, pixels at scale 1.
    static let dotDiameter = 12.0
    static let dotInset = 10.0
    static let dotColor = Color(red: 0.9, green: 0.1, blue: 0.1)

    init(timeline: Timeline, scale: Double = 1) {
        self.timeline = timeline
        self.scale = scale
        layer = Layer(timeline: timeline)
        layer.name = "overlay"
        layer.isUserInteractionEnabled = false
        layer.anchorPoint = .zero
        toast = TextBox(name: "toast", timeline: timeline, fontSize: Self.toastFontSize * scale, scale: scale)
        status = TextBox(
            name: "status", timeline: timeline, fontSize: Self.statusFontSize * scale, scale: scale)
        hint = TextBox(name: "hint", timeline: timeline, fontSize: Self.hintFontSize * scale, scale: scale)
        stepBar = TextBox(
            name: "step", timeline: timeline, fontSize: Self.stepFontSize * scale, scale: scale, isBar: true)
        recordingDot = ShapeLayer(timeline: timeline)
        recordingDot.name = "recording dot"
        recordingDot.isHidden = true
        recordingDot.anchorPoint = .zero
        let diameter = Self.dotDiameter * scale
        recordingDot.path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: diameter, height: diameter))
        recordingDot.fillColor = Self.dotColor
        debug = Layer(timeline: timeline)
        debug.isHidden = true
        debug.anchorPoint = .zero
        debugBounds = ShapeLayer(timeline: timeline)
        debugBounds.anchorPoint = .zero
        debugBounds.fillColor = .clear
        debugBounds.strokeColor = Color(red: 0, green: 0.8, blue: 0.2, alpha: 0.8)
        debugBounds.lineWidth = scale
        debugTime = TextLayer(timeline: timeline)
        debugTime.alignment = .left
        debugTime.fontSize = 12 * scale
        debugTime.foregroundColor = Color(red: 0, green: 0.6, blue: 0.1)
        debugTime.backgroundColor = Color(white: 1, alpha: 0.7)
        debug.addSublayer(debugBounds)
        debug.addSublayer(debugTime)
        layer.addSublayer(debug)
        for box in [stepBar, hint, status, toast] { layer.addSublayer(box.layer) }
        layer.addSublayer(recordingDot)
    }

    /// Lays the overlays out over the window `bounds`, around the scene's `scene` rect, with
    /// the step bar's `step` caption ("" for none) in a band of its own along the scene's
    /// bottom; returns the scene's rect above it (`sceneRect(above:step:)`).
    @discardableResult
    func layout(window bounds: Rect, scene: Rect, step: String) -> Rect {
        stepBar.message = step
        stepBar.layer.isHidden = step.isEmpty
        area = sceneRect(above: scene, step: step)
        layer.frame = bounds
        debug.frame = bounds
        debugBounds.frame = bounds
        debugTime.frame = Rect(x: 6 * scale, y: 6 * scale, width: 190 * scale, height: 18 * scale)
        placeAll()
        return area
    }

    /// What is left of `scene` (the room the panels leave) for the scene itself, above the
    /// step bar that says `step` ("" for none) wrapped to its width: nothing of the scene is
    /// under the bar. The scene keeps at least one pixel; a bar taller than the room (a tiny
    /// window) runs on over the panels below, whole.
    func sceneRect(above scene: Rect, step: String) -> Rect {
        guard !step.isEmpty else { return scene }
        let height = stepBar.size(of: step, maxTextWidth: scene.width - 2 * stepBar.padding).height.rounded(
            .up)
        return Rect(x: scene.minX, y: scene.minY, width: scene.width, height: max(scene.height - height, 1))
    }

    /// The step bar's rect while it shows (window pixels), else nil.
    var stepBarFrame: Rect? { stepBar.layer.isHidden ? nil : stepBar.layer.frame }

    /// Places every box that shows: the step bar under the scene's bottom edge, the toast at
    /// the scene's bottom, the hint at the top, the status line and the dot in the top right corner.
    private func placeAll() {
        let sideRoom = 10 * scale
        if !stepBar.message.isEmpty {
            let size = stepBar.set(stepBar.message, maxTextWidth: area.width - 2 * stepBar.padding)
            stepBar.layer.frame = Rect(
                x: area.minX, y: area.maxY, width: area.width, height: size.height.rounded(.up))
        }
        let bottom = area.maxY - 16 * scale
        if !toast.layer.isHidden {
            let size = toast.set(toast.message, maxTextWidth: area.width - 2 * sideRoom - 2 * toast.padding)
            toast.layer.frame = Rect(
                x: area.minX + (area.width - size.width) / 2, y: bottom - size.height, width: size.width,
                height: size.height)
        }
        if !hint.message.isEmpty {
            let size = hint.set(hint.message, maxTextWidth: area.width - 2 * sideRoom - 2 * hint.padding)
            hint.layer.frame = Rect(
                x: area.minX + (area.width - size.width) / 2, y: area.minY + 40 * scale, width: size.width,
                height: size.height)
        }
        let diameter = Self.dotDiameter * scale
        let statusHeight = status.fontSize * 2
        let dotRoom = recordingDot.isHidden ? 0 : Self.dotInset * scale + diameter
        recordingDot.frame = Rect(
            x: area.maxX - Self.dotInset * scale - diameter,
            y: area.minY + 6 * scale + (statusHeight - diameter) / 2,
            width: diameter, height: diameter)
        if !status.message.isEmpty {
            let size = status.set(
                status.message, maxTextWidth: area.width - dotRoom - 2 * sideRoom - 2 * status.padding)
            status.layer.frame = Rect(
                x: area.maxX - dotRoom - size.width - 6 * scale, y: area.minY + 6 * scale, width: size.width,
                height: size.height)
        }
    }

    // MARK: - Toast, status, hint, step bar, recording dot

    func showToast(_ message: String) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            toast.message = message
            toast.layer.isHidden = false
            placeAll()
        }
    }

    func hideToast() {
        timeline.transaction { transaction in
            transaction.disableActions = true
            toast.layer.isHidden = true
        }
    }

    /// The toast's message while it shows, else nil.
    var toastText: String? { toast.layer.isHidden ? nil : toast.message }

    /// The status line's text now ("" hides it).
    var statusText: String { status.message }

    func setStatus(_ message: String) {
        guard message != status.message else { return }
        timeline.transaction { transaction in
            transaction.disableActions = true
            status.message = message
            status.layer.isHidden = message.isEmpty
            placeAll()
        }
    }

    /// Shows or hides the recording dot (right of the status line, never on it).
    func setRecording(_ isRecording: Bool) {
        guard isRecording == recordingDot.isHidden else { return }
        timeline.transaction { transaction in
            transaction.disableActions = true
            recordingDot.isHidden = !isRecording
            placeAll()
        }
    }

    /// Whether the recording dot shows, and where (window pixels).
    var recordingDotFrame: Rect? { recordingDot.isHidden ? nil : recordingDot.frame }

    /// The step bar's text: the tutorial step's caption while the scene is at a step ("" hides
    /// it); `layout` sets it, as it takes room from the scene.
    var stepText: String { stepBar.message }

    /// The hint's text while it shows, else nil.
    var hintText: String? { hint.layer.isHidden ? nil : hint.message }

    func showHint(_ message: String) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            hint.message = message
            hint.layer.isHidden = message.isEmpty
            hint.layer.opacity = 1
            placeAll()
        }
    }

    /// Fades the hint out over a third of a second.
    func fadeHint() {
        guard !hint.layer.isHidden, hint.layer.opacity == 1 else { return }
        let box = hint.layer
        timeline.transaction { transaction in
            transaction.animationDuration = 0.3
            transaction.completionBlock = { box.isHidden = true }
            box.opacity = 0
        }
    }

    /// Where only the window draws, window pixels: the boxes of the status line, the recording
    /// dot and the hint while they show, and the band above the step bar (or the scene's
    /// bottom) where a toast shows: three lines high, as its width and lines follow its message.
    var windowOnlyAreas: [Rect] {
        var areas = [status.layer, recordingDot, hint.layer, toast.layer].filter {
            !$0.isHidden
        }
        .map(\.frame)
        let bottom = area.maxY - 16 * scale
        let height = 3 * Self.toastFontSize * 1.4 * scale + 2 * Self.toastPadding * scale
        areas.append(Rect(x: area.minX, y: bottom - height, width: area.width, height: height))
        return areas
    }

    /// What screenshots and recordings leave out: the toast, the status line, the recording
    /// dot and the hint.
    var transientLayers: [Layer] { windowOnlyLayers }

    /// What only the window shows: the toast, the status line, the recording dot and the hint
    /// (`render` leaves them out of its pictures, as screenshots and recordings do: they would
    /// cover the scene in the frames tests compare; `--describe` gives their text). The step
    /// bar is drawn everywhere: it has a band of its own under the scene, so it covers nothing,
    /// and a picture of a step says which step it is.
    var windowOnlyLayers: [Layer] { [toast.layer, status.layer, recordingDot, hint.layer] }

    // MARK: - Debug

    func setDebugVisible(_ visible: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            debug.isHidden = !visible
        }
    }

    /// Redraws the debug marks: every scene layer's bounds as on screen, and the frame time.
    /// `point` moved to where a line of `lineWidth` covers whole pixels (its edges on pixel
    /// borders): overlapping outlines then draw the same pixels whether or not the window clips
    /// its repaint to its damage. At fractional places Cairo's strokes of overlapping boxes came
    /// out up to 7/255 apart between a clipped and a whole draw (WindowPathTests).
    private func snapped(_ point: Point, lineWidth: Double) -> Point {
        let half = lineWidth / 2
        return Point(x: (point.x - half).rounded() + half, y: (point.y - half).rounded() + half)
    }

    func updateDebug(scene: Layer, sceneTime: MediaTime) {
        var outline = BezierPath()
        for sceneLayer in scene.allLayers.dropFirst() {
            let shown = sceneLayer.presentation()
            guard !shown.isHidden else { continue }
            let toRoot = sceneLayer.transformToRoot(usingPresentation: true)
            let box = shown.bounds
            let corners = [
                Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
            ].map { snapped($0.applying(toRoot), lineWidth: debugBounds.lineWidth) }
            outline.move(to: corners[0])
            for corner in corners.dropFirst() { outline.addLine(to: corner) }
            outline.close()
        }
        timeline.transaction { transaction in
            transaction.disableActions = true
            debugBounds.path = outline
            let milliseconds = Int((sceneTime * 1000).rounded())
            debugTime.string = "t = \(milliseconds) ms  layers \(scene.allLayers.count)"
        }
    }
}

/// A box of text on a dark ground, in lines no wider than it is given (the toast, the status
/// line, the hint, the step bar): `set` breaks the message between words; nothing is cut.
final class TextBox {
    let layer: Layer
    let fontSize: Double
    /// The room left and right of the text, pixels.
    let padding: Double
    /// The message shown (or to show when the box is next laid out).
    var message = ""
    /// A bar spans its width with its text on the left; a box is as wide as its text, centred.
    private let isBar: Bool
    private let timeline: Timeline
    private var laidOut: (message: String, width: Double, size: Size)?

    init(name: String, timeline: Timeline, fontSize: Double, scale: Double, isBar: Bool = false) {
        self.timeline = timeline
        self.fontSize = fontSize
        self.isBar = isBar
        padding =
            (isBar ? SessionOverlay.toastPadding : name == "status" ? 6 : SessionOverlay.toastPadding) * scale
        layer = Layer(timeline: timeline)
        layer.name = name
        layer.isHidden = true
        layer.anchorPoint = .zero
        layer.isUserInteractionEnabled = false
        layer.backgroundColor = Color(white: 0, alpha: isBar ? 0.8 : 0.72)
        layer.cornerRadius = isBar ? 0 : 6 * scale
    }

    /// The height of a line of text, pixels.
    var lineHeight: Double { (fontSize * 1.45).rounded() }

    /// The size of the box that shows `message` in lines at most `maxTextWidth` wide.
    func size(of message: String, maxTextWidth: Double) -> Size {
        let width = max(maxTextWidth, fontSize)
        if let laidOut, laidOut.message == message, laidOut.width == width { return laidOut.size }
        return measure(message, width: width).size
    }

    private func measure(_ message: String, width: Double) -> (lines: [String], textWidth: Double, size: Size)
    {
        let lines = TextMetrics.lines(of: message, width: width, fontSize: fontSize)
        let textWidth = lines.map { TextMetrics.width(of: $0, fontSize: fontSize) }.max() ?? 0
        // One line: a box fontSize × 2 high, as the single-line labels were.
        let top = (fontSize * 2 - lineHeight) / 2
        let size = Size(
            width: (isBar ? width : textWidth) + 2 * padding,
            height: Double(lines.count) * lineHeight + 2 * top)
        return (lines, textWidth, size)
    }

    /// Lays `message` out in lines at most `maxTextWidth` wide; returns the box's size.
    @discardableResult
    func set(_ message: String, maxTextWidth: Double) -> Size {
        self.message = message
        let width = max(maxTextWidth, fontSize)
        if let laidOut, laidOut.message == message, laidOut.width == width { return laidOut.size }
        let (lines, textWidth, size) = measure(message, width: width)
        let top = (fontSize * 2 - lineHeight) / 2
        for sublayer in layer.sublayers { sublayer.removeFromSuperlayer() }
        for (index, line) in lines.enumerated() {
            let text = FittedTextLayer(timeline: timeline)
            text.fontSize = fontSize
            text.foregroundColor = .white
            text.alignment = isBar ? .left : .center
            text.anchorPoint = .zero
            text.isUserInteractionEnabled = false
            text.frame = Rect(
                x: padding, y: top + Double(index) * lineHeight, width: isBar ? width : textWidth + 1,
                height: lineHeight)
            text.setFitting(line, width: text.frame.width, cut: .middle)
            layer.addSublayer(text)
        }
        laidOut = (message, width, size)
        return size
    }
}
