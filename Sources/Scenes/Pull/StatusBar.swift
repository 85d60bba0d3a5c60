// StatusBar — iOS's status bar over the demo's navigation bar, in the light style the demo asks
// for (NavigationController's `preferredStatusBarStyle = .lightContent`): white on the bar's
// colour, 20 points tall, as the library's recorded GIF (DGElasticPullToRefreshPreview1.gif)
// shows it: the time in the middle, the battery's percentage and the battery at the right.
//
// Deliberate differences from iOS, and why: the carrier's signal dots, Wi-Fi, airplane and
// orientation-lock glyphs are left out (they are system images; the renderer has no glyph
// font for them), the text is the renderer's sans-serif, not San Francisco, and the battery is
// full and white (the GIF's is charging: green, with a bolt).
import Animation

/// The status bar: "09:41" centred, "100%" and a full battery at the right, white.
final class StatusBar {
    /// The status bar's height, points (iOS 7 to 10).
    static let height = 20.0
    /// The text's size, points (the status bar's 12-point font).
    static let fontSize = 12.0
    /// The time the GIF shows (and Apple's pictures do).
    static let time = "09:41"
    /// The battery's charge as the GIF shows it.
    static let batteryText = "100%"
    /// The battery's outline, points, its line 1 point, its corners 2.5; the nub on its right.
    static let batterySize = Size(width: 24.5, height: 11.5)
    static let batteryCornerRadius = 2.5
    static let batteryNubSize = Size(width: 1.5, height: 4)
    /// From the battery's nub to the right edge, and from the percentage to the battery, points.
    static let rightMargin = 5.0
    static let percentageGap = 3.0
    /// The percentage's text box, wide enough for "100%" at 12 points.
    static let percentageWidth = 40.0

    let layer: Layer
    let timeLabel: TextLayer
    let percentageLabel: TextLayer
    /// The battery's outline, its charge inside it, and the nub.
    let battery: Layer
    let batteryLevel: Layer
    let batteryNub: Layer

    init(timeline: Timeline) {
        layer = Layer(timeline: timeline)
        layer.name = "statusBar"
        layer.anchorPoint = .zero
        layer.isUserInteractionEnabled = false
        timeLabel = TextLayer(timeline: timeline)
        timeLabel.name = "time"
        timeLabel.string = Self.time
        timeLabel.isBold = true
        percentageLabel = TextLayer(timeline: timeline)
        percentageLabel.name = "batteryPercentage"
        percentageLabel.string = Self.batteryText
        percentageLabel.alignment = .right
        for label in [timeLabel, percentageLabel] {
            label.anchorPoint = .zero
            label.fontSize = Self.fontSize
            label.foregroundColor = .white
            layer.addSublayer(label)
        }
        battery = Layer(timeline: timeline)
        battery.name = "battery"
        battery.borderColor = .white
        battery.borderWidth = 1
        battery.cornerRadius = Self.batteryCornerRadius
        batteryLevel = Layer(timeline: timeline)
        batteryLevel.name = "batteryLevel"
        batteryLevel.backgroundColor = .white
        batteryLevel.cornerRadius = Self.batteryCornerRadius - 1.5
        batteryNub = Layer(timeline: timeline)
        batteryNub.name = "batteryNub"
        batteryNub.backgroundColor = .white
        for part in [battery, batteryLevel, batteryNub] {
            part.anchorPoint = .zero
            layer.addSublayer(part)
        }
    }

    /// Lays the bar out across `width` points at the top.
    func layout(width: Double) {
        let height = Self.height
        layer.frame = Rect(x: 0, y: 0, width: width, height: height)
        timeLabel.frame = Rect(x: 0, y: 0, width: width, height: height)
        timeLabel.alignment = .center
        let nub = Self.batteryNubSize
        let size = Self.batterySize
        let batteryFrame = Rect(
            x: width - Self.rightMargin - nub.width - size.width, y: (height - size.height) / 2,
            width: size.width, height: size.height)
        battery.frame = batteryFrame
        batteryLevel.frame = batteryFrame.insetBy(dx: 2, dy: 2)
        batteryNub.frame = Rect(
            x: batteryFrame.maxX, y: (height - nub.height) / 2, width: nub.width, height: nub.height)
        percentageLabel.frame = Rect(
            x: batteryFrame.minX - Self.percentageGap - Self.percentageWidth, y: 0,
            width: Self.percentageWidth,
            height: height)
    }
}

// MARK: - Checkpoints

extension StatusBar: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Its layers: the engine saves them.
    static let notCheckpointed: Set = [
        "layer", "timeLabel", "percentageLabel", "battery", "batteryLevel", "batteryNub",
    ]
}
