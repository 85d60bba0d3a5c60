/// The base of every animation (CAAnimation): media timing, a timing function, removal on
/// completion and a completion callback.
///
/// Core Animation calls it `CAAnimation`; the engine's module is named `Animation`, so the
/// class is `LayerAnimation` to keep `Animation.X` unambiguous.
///
/// The kinds are a closed set, the engine's own: `BasicAnimation`, `SpringAnimation`,
/// `KeyframeAnimation` and `AnimationGroup`. The classes are public, not open, because a kind
/// writes its values through the engine's internal `apply(to:state:)`: a subclass in another
/// module would compile and animate nothing. A new kind is added in this module
/// (docs/ARCHITECTURE.md § Where things go).
public class LayerAnimation: MediaTiming {
    public final var beginTime: MediaTime = 0
    public final var duration: MediaTime = 0
    public final var speed = 1.0
    public final var timeOffset: MediaTime = 0
    public final var repeatCount = 0.0
    public final var repeatDuration: MediaTime = 0
    public final var autoreverses = false
    public final var fillMode = FillMode.removed
    /// Warps the whole animation's progress; nil is linear (docs/SEMANTICS.md).
    public final var timingFunction: TimingFunction?
    /// Whether the layer drops the animation when it ends (true by default).
    public final var isRemovedOnCompletion = true
    /// Called once when the animation ends (`true`) or is removed or replaced before it
    /// ended (`false`): CAAnimationDelegate's `animationDidStop(_:finished:)`.
    public var completion: ((_ finished: Bool) -> Void)?

    /// Set on the running copy when its active interval is over.
    final var hasFinished = false
    /// Transactions waiting for this animation (docs/SEMANTICS.md: completion blocks).
    var transactions: [Transaction] = []
    /// Where in the source the animation was added to its layer: the line of the
    /// `add(_:forKey:)` call, or of the block or transaction whose property change made it
    /// (implicit animations); nil on an animation not yet added, and on an implicit animation
    /// of the frame's implicit transaction (no call to point at). Set once by the layer on the
    /// copy it runs (`Layer.add`); no frame reads it, so it comes after what frames read.
    public final internal(set) var source: CallSite?
    /// What the last checkpoint saved of its run state (`sharedRunState()`), for the next one
    /// to share while it has not changed; weak: the checkpoints keep it, and it keeps this.
    weak var lastRunSave: SharedRunSave?

    public init() {}

    /// A copy with the same settings (what `Layer.add` stores and runs).
    public required init(copying other: LayerAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        isRemovedOnCompletion = other.isRemovedOnCompletion
        completion = other.completion
        source = other.source
    }

    /// A copy of the same class and settings.
    public func copy() -> Self { type(of: self).init(copying: self) }

    /// Applies the animation to a presentation copy at `parentTime` (the timeline's time,
    /// or a group's local time).
    func apply(to layer: Layer, at parentTime: MediaTime) {
        guard let state = timingState(at: parentTime) else { return }
        apply(to: layer, state: state)
    }

    /// Subclasses write their value for `state` into the presentation copy.
    func apply(to layer: Layer, state: TimingState) {}

    /// Whether applying the animation may write the engine's own property named `name`
    /// (`LayerProperty.isEngineOwn`): false only when it surely does not, so that an implicit
    /// animation's start value need not apply it (`Layer.presentationValue(of:withModelValue:)`).
    func mayWrite(engineOwnProperty name: String) -> Bool { true }

    /// The names of the properties the animation changes (`["strokeEnd"]`), for inspectors.
    public var animatedPropertyNames: [String] { [] }

    /// The animation's progress curve at `fraction` (0…1) of one duration: the timing function
    /// (linear without one); a spring's displacement; for inspectors to plot.
    public func curveValue(atFraction fraction: Double) -> Double {
        timingFunction?.progress(at: fraction) ?? fraction
    }

    /// Whether it is a spring, whose motion is its physics: curve edits pass it by
    /// (`Timeline.timingFunctionEdit`).
    public var isSpring: Bool { false }

    /// A spring's physics (`SpringAnimation.spring`), nil for other kinds: for inspectors.
    public var springParameters: Spring? { nil }

    /// The progress after the timing function.
    func progress(for state: TimingState) -> Double {
        timingFunction?.progress(at: state.fraction) ?? state.fraction
    }
}
