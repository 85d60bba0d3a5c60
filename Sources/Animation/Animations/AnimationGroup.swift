/// Several animations run on one clock (CAAnimationGroup).
///
/// The children's `beginTime` is relative to the group's start; the group's duration cuts
/// them off; the group's timing function warps their time.
public final class AnimationGroup: LayerAnimation {
    public var animations: [LayerAnimation] = []

    public override init() {
        super.init()
    }

    public required init(copying other: LayerAnimation) {
        super.init(copying: other)
        guard let other = other as? AnimationGroup else { return }
        animations = other.animations.map { $0.copy() }
    }

    public override var animatedPropertyNames: [String] { animations.flatMap(\.animatedPropertyNames) }

    override func mayWrite(engineOwnProperty name: String) -> Bool {
        animations.contains { $0.mayWrite(engineOwnProperty: name) }
    }

    override func apply(to layer: Layer, state: TimingState) {
        let localTime = progress(for: state) * effectiveDuration
        for animation in animations {
            animation.apply(to: layer, at: localTime)
        }
    }
}
