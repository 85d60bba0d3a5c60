// The demo's settings switch (RMViewController's `settingSwitch`, a UISwitch in Main.storyboard):
// UIKit draws the control; the engine has layers only, so this is a drawing of an iOS 7 switch.
import Animation

/// An on/off switch drawn as iOS 7's UISwitch (51 × 31 points): a rounded track, green when
/// on and white with a grey rim when off, and a white knob that slides to the side of the
/// state (implicit animations, 0.25 s).
final class Switch {
    /// UISwitch's size, points.
    static let size = Size(width: 51, height: 31)
    /// The track when on: iOS 7's `onTintColor` default, RGB(76, 217, 100).
    static let onColor = Color(red255: 76, green255: 217, blue255: 100)
    /// The track's rim when off, RGB(229, 229, 234).
    static let offRimColor = Color(red255: 229, green255: 229, blue255: 234)
    /// The knob's edge: a faint grey line where iOS draws a soft shadow (layers have none).
    static let knobRimColor = Color(white: 0, alpha: 0.15)
    /// The knob's gap to the track's edge, points.
    static let knobInset = 2.0

    /// The control: the track, with the knob inside.
    let layer: Layer
    let knob: Layer
    private(set) var isOn: Bool

    init(isOn: Bool, timeline: Timeline) {
        self.isOn = isOn
        layer = Layer(timeline: timeline)
        layer.name = "settingSwitch"
        layer.bounds = Rect(origin: .zero, size: Self.size)
        layer.cornerRadius = Self.size.height / 2
        knob = Layer(timeline: timeline)
        knob.name = "knob"
        knob.isUserInteractionEnabled = false
        let side = Self.size.height - 2 * Self.knobInset
        knob.bounds = Rect(x: 0, y: 0, width: side, height: side)
        knob.cornerRadius = side / 2
        knob.backgroundColor = .white
        knob.borderColor = Self.knobRimColor
        knob.borderWidth = 1
        layer.addSublayer(knob)
        timeline.transaction { transaction in
            transaction.disableActions = true
            showState()
        }
    }

    /// Sets the state (`setOn:animated:`), animating the knob and the track when `animated`.
    func setOn(_ on: Bool, animated: Bool) {
        isOn = on
        layer.timeline.transaction { transaction in
            transaction.disableActions = !animated
            showState()
        }
    }

    private func showState() {
        let radius = Self.size.height / 2
        knob.position = Point(x: isOn ? Self.size.width - radius : radius, y: radius)
        layer.backgroundColor = isOn ? Self.onColor : .white
        layer.borderColor = Self.offRimColor
        layer.borderWidth = isOn ? 0 : 1.5
    }
}

// MARK: - Checkpoints

extension Switch: CheckpointedObject {
    /// Whether it is on (its layers are the engine's).
    struct Checkpoint { let isOn: Bool }
    static let notCheckpointed: Set = ["layer", "knob"]
    var checkpoint: Checkpoint { Checkpoint(isOn: isOn) }
    func restore(_ saved: Checkpoint) { isOn = saved.isOn }
}
