import Animation
import Render

/// The layers a session draws over the scene: the help panel, the debug marks (layer
/// bounds, frame time) and a short message at the bottom (the screenshot's file name).
///
/// They are in window pixels, not in the scene's points: their sizes are pixels at scale 1,
/// multiplied by the HiDPI `scale` (`--scale`).
final class SessionOverlay {
    let layer: Layer
    private let timeline: Timeline
    /// The HiDPI factor every size below is multiplied by.
    private let scale: Double
    private let help: Layer
    private let toast: TextLayer
    private let debug: Layer
    private let debugBounds: ShapeLayer
    private let debugTime: TextLayer

    /// Help text size, pixels at scale 1.
    static let helpFontSize = 15.0
    static let helpLineHeight = 22.0

    init(timeline: Timeline, scale: Double = 1) {
        self.timeline = timeline
        self.scale = scale
        layer = Layer(timeline: timeline)
        layer.name = "overlay"
        layer.isUserInteractionEnabled = false
        layer.anchorPoint = .zero
        help = Layer(timeline: timeline)
        help.isHidden = true
        help.name = "help"
        help.backgroundColor = Color(white: 0, alpha: 0.78)
        help.cornerRadius = 10 * scale
        toast = TextLayer(timeline: timeline)
        toast.isHidden = true
        toast.name = "toast"
        toast.backgroundColor = Color(white: 0, alpha: 0.7)
        toast.foregroundColor = .white
        toast.fontSize = Self.toastFontSize * scale
        toast.cornerRadius = 6 * scale
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
        layer.addSublayer(help)
        layer.addSublayer(toast)
    }

    func layout(in bounds: Rect) {
        layer.frame = bounds
        debug.frame = bounds
        debugBounds.frame = bounds
        debugTime.frame = Rect(x: 6 * scale, y: 6 * scale, width: 190 * scale, height: 18 * scale)
        if !toast.isHidden { placeToast(in: bounds) }
        if !help.isHidden { help.position = bounds.center }
    }

    /// Toast text size, pixels, and the room left and right of the text inside its box.
    static let toastFontSize = 14.0
    static let toastPadding = 12.0

    func showToast(_ message: String, in bounds: Rect) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            toastMessage = message
            toast.isHidden = false
            placeToast(in: bounds)
        }
    }

    /// The whole message; the toast shows it shortened in the middle if the window is narrow.
    private var toastMessage = ""

    /// Sizes the box to the message as set, at most the window's width less 10 px each side;
    /// a longer message loses its middle ("saved /home/…/animdemo-fish-….png"), never its ends.
    private func placeToast(in bounds: Rect) {
        let fontSize = Self.toastFontSize * scale
        let padding = Self.toastPadding * scale
        let room = max(bounds.width - 20 * scale - 2 * padding, 0)
        toast.string = TextMetrics.fitting(toastMessage, width: room, fontSize: fontSize)
        let textWidth = TextMetrics.width(of: toast.string, fontSize: fontSize)
        let width = min(bounds.width - 20 * scale, textWidth + 2 * padding)
        toast.frame = Rect(
            x: (bounds.width - width) / 2, y: bounds.height - 44 * scale, width: width, height: 28 * scale)
    }

    func hideToast() { toast.isHidden = true }

    /// The message's layer, for hosts to leave out of screenshots.
    var toastLayer: Layer { toast }

    func setHelp(visible: Bool, lines: [(key: String, action: String)], in bounds: Rect) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            help.isHidden = !visible
            for sublayer in help.sublayers { sublayer.removeFromSuperlayer() }
            guard visible else { return }
            let lineHeight = Self.helpLineHeight * scale
            let fontSize = Self.helpFontSize * scale
            let margin = 10 * scale
            // The key column is 42 % of the panel, the actions 58 %: wide enough for the
            // longest of each (460 points at least), narrower only than the window less a margin
            // a side. In a narrow window the keys keep their width (up to 60 %), actions are cut.
            let keyWidth =
                lines.map { TextMetrics.width(of: $0.key, fontSize: fontSize, bold: true) }.max() ?? 0
            let actionWidth = lines.map { TextMetrics.width(of: $0.action, fontSize: fontSize) }.max() ?? 0
            let wanted = max(460 * scale, (keyWidth + margin) / 0.42, (actionWidth + 2 * margin) / 0.58)
                .rounded(.up)
            let width = min(wanted, bounds.width - 2 * margin)
            let keyColumn = min(max(width * 0.42 - margin, keyWidth), width * 0.6)
            let actionX = margin + keyColumn + margin
            let height = Double(lines.count + 1) * lineHeight + 2 * margin
            help.bounds = Rect(x: 0, y: 0, width: width, height: height)
            help.position = bounds.center
            let title = TextLayer(timeline: timeline)
            title.string = "animdemo keys"
            title.isBold = true
            title.fontSize = fontSize + scale
            title.foregroundColor = .white
            title.frame = Rect(x: 0, y: margin, width: width, height: lineHeight)
            help.addSublayer(title)
            for (index, line) in lines.enumerated() {
                let y = margin + Double(index + 1) * lineHeight
                let key = TextLayer(timeline: timeline)
                key.string = TextMetrics.fitting(
                    line.key, width: keyColumn, fontSize: Self.helpFontSize, bold: true, cut: .end)
                key.alignment = .right
                key.isBold = true
                key.fontSize = fontSize
                key.foregroundColor = Color(red: 1, green: 0.85, blue: 0.4)
                key.frame = Rect(x: margin, y: y, width: keyColumn, height: lineHeight)
                let action = TextLayer(timeline: timeline)
                action.string = TextMetrics.fitting(
                    line.action, width: width - actionX - 10, fontSize: Self.helpFontSize, cut: .end)
                action.alignment = .left
                action.fontSize = fontSize
                action.foregroundColor = .white
                action.frame = Rect(
                    x: actionX, y: y, width: width - actionX - margin, height: lineHeight)
                help.addSublayer(key)
                help.addSublayer(action)
            }
        }
    }

    func setDebugVisible(_ visible: Bool) {
        timeline.transaction { transaction in
            transaction.disableActions = true
            debug.isHidden = !visible
        }
    }

    /// Redraws the debug marks: every scene layer's bounds as on screen, and the frame time.
    func updateDebug(scene: Layer, sceneTime: MediaTime, size: Size) {
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
