import Animation
import Render

/// The layers a session draws over the scene, in its corners: the status line (paused, the
/// rate, the scene's time, recording), the scene's hint when it opens, a short message at the
/// bottom (the toast), and the debug marks (layer bounds, frame time).
///
/// They are in window pixels, not in the scene's points: their sizes are pixels at scale 1,
/// multiplied by the HiDPI `scale` (`--scale`).
final class SessionOverlay {
    let layer: Layer
    private let timeline: Timeline
    /// The HiDPI factor every size below is multiplied by.
    private let scale: Double
    private let toast: TextLayer
    private let status: TextLayer
    private let hint: TextLayer
    private let debug: Layer
    private let debugBounds: ShapeLayer
    private let debugTime: TextLayer
    /// The scene's rect: where the toast, the hint and the status line go.
    private var area = Rect.zero

    /// Text sizes, pixels at scale 1.
    static let toastFontSize = 14.0
    static let statusFontSize = 12.0
    static let hintFontSize = 15.0
    /// The room left and right of the text inside its box, pixels at scale 1.
    static let toastPadding = 12.0

    init(timeline: Timeline, scale: Double = 1) {
        self.timeline = timeline
        self.scale = scale
        layer = Layer(timeline: timeline)
        layer.name = "overlay"
        layer.isUserInteractionEnabled = false
        layer.anchorPoint = .zero
        func label(_ name: String, fontSize: Double) -> TextLayer {
            let text = TextLayer(timeline: timeline)
            text.isHidden = true
            text.name = name
            text.backgroundColor = Color(white: 0, alpha: 0.72)
            text.foregroundColor = .white
            text.fontSize = fontSize * scale
            text.cornerRadius = 6 * scale
            text.anchorPoint = .zero
            return text
        }
        toast = label("toast", fontSize: Self.toastFontSize)
        status = label("status", fontSize: Self.statusFontSize)
        hint = label("hint", fontSize: Self.hintFontSize)
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
        layer.addSublayer(hint)
        layer.addSublayer(status)
        layer.addSublayer(toast)
    }

    /// Lays the overlays out over the window `bounds`, around the scene's `scene` rect.
    func layout(window bounds: Rect, scene: Rect) {
        area = scene
        layer.frame = bounds
        debug.frame = bounds
        debugBounds.frame = bounds
        debugTime.frame = Rect(x: 6 * scale, y: 6 * scale, width: 190 * scale, height: 18 * scale)
        if !toast.isHidden { place(toast, message: toastMessage, at: .bottom) }
        if !status.isHidden { place(status, message: statusMessage, at: .topRight) }
        if !hint.isHidden { place(hint, message: hintMessage, at: .top) }
    }

    private enum Corner { case bottom, top, topRight }

    /// Sizes `label`'s box to `message`, at most the scene's width less 10 px each side; a
    /// longer message loses its middle ("saved /home/…/animdemo-fish-….png"), never its ends.
    private func place(_ label: TextLayer, message: String, at corner: Corner) {
        let fontSize = label.fontSize
        let padding = (corner == .topRight ? 6 : Self.toastPadding) * scale
        let room = max(area.width - 20 * scale - 2 * padding, 0)
        label.string = TextMetrics.fitting(message, width: room, fontSize: fontSize)
        let textWidth = TextMetrics.width(of: label.string, fontSize: fontSize)
        let width = min(area.width - 20 * scale, textWidth + 2 * padding)
        let height = fontSize * 2
        let x: Double
        let y: Double
        switch corner {
        case .bottom: (x, y) = (area.minX + (area.width - width) / 2, area.maxY - height - 16 * scale)
        case .top: (x, y) = (area.minX + (area.width - width) / 2, area.minY + 40 * scale)
        case .topRight: (x, y) = (area.maxX - width - 6 * scale, area.minY + 6 * scale)
        }
        label.frame = Rect(x: x, y: y, width: max(width, 0), height: height)
    }

    // MARK: - Toast, status, hint

    private var toastMessage = ""
    private var statusMessage = ""
    private var hintMessage = ""

    func showToast(_ message: String) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            toastMessage = message
            toast.isHidden = false
            place(toast, message: message, at: .bottom)
        }
    }

    func hideToast() {
        timeline.transaction { transaction in
            transaction.disableActions = true
            toast.isHidden = true
        }
    }

    /// The toast's message while it shows, else nil.
    var toastText: String? { toast.isHidden ? nil : toastMessage }

    /// The status line's text now ("" hides it).
    var statusText: String { statusMessage }

    func setStatus(_ message: String) {
        guard message != statusMessage else { return }
        statusMessage = message
        timeline.transaction { transaction in
            transaction.disableActions = true
            status.isHidden = message.isEmpty
            if !message.isEmpty { place(status, message: message, at: .topRight) }
        }
    }

    /// The hint's text while it shows, else nil.
    var hintText: String? { hint.isHidden ? nil : hintMessage }

    func showHint(_ message: String) {
        hintMessage = message
        timeline.transaction { transaction in
            transaction.disableActions = true
            hint.isHidden = message.isEmpty
            hint.opacity = 1
            if !message.isEmpty { place(hint, message: message, at: .top) }
        }
    }

    /// Fades the hint out over a third of a second.
    func fadeHint() {
        guard !hint.isHidden, hint.opacity == 1 else { return }
        timeline.transaction { transaction in
            transaction.animationDuration = 0.3
            transaction.completionBlock = { [hint] in hint.isHidden = true }
            hint.opacity = 0
        }
    }

    /// Where only the window draws, window pixels: the status line's and the hint's boxes
    /// while they show, and the band along the bottom of the scene where a toast may show
    /// (its width follows its message, so the band is the scene's width).
    var windowOnlyAreas: [Rect] {
        var areas: [Rect] = []
        if !status.isHidden { areas.append(status.frame) }
        if !hint.isHidden { areas.append(hint.frame) }
        let height = Self.toastFontSize * scale * 2
        areas.append(Rect(x: area.minX, y: area.maxY - height - 16 * scale, width: area.width, height: height))
        if !toast.isHidden { areas.append(toast.frame) }
        return areas
    }

    /// What screenshots and recordings leave out: the toast, the status line and the hint.
    var transientLayers: [Layer] { [toast, status, hint] }

    /// What only the window shows: the toast, the status line and the hint (`render` leaves
    /// them out of its pictures, as screenshots and recordings do: they would cover the
    /// scene in the frames tests compare; `--describe` gives their text).
    var windowOnlyLayers: [Layer] { [toast, status, hint] }

    // MARK: - Debug

    func setDebugVisible(_ visible: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            debug.isHidden = !visible
        }
    }

    /// Redraws the debug marks: every scene layer's bounds as on screen, and the frame time.
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
            ].map { $0.applying(toRoot) }
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
