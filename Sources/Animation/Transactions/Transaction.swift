/// A batch of layer changes (CATransaction): how long implicit animations last, their
/// timing, whether they run at all, and a completion block.
///
/// Transactions belong to a `Timeline` rather than to a global, so that two scenes (or two
/// tests) never share one. `timeline.beginTransaction()` opens one, `commitTransaction()`
/// closes it; changes outside any go into the implicit transaction that the frame loop
/// commits every frame. Nested transactions inherit the settings of the enclosing one.
public final class Transaction: InternallyCheckpointed {
    /// Implicit animations' duration; 0.25 s by default.
    public var animationDuration: MediaTime
    /// Implicit animations' timing; nil is linear.
    public var animationTimingFunction: TimingFunction?
    /// Turns implicit animations off.
    public var disableActions: Bool
    /// Runs once every animation added after it was set, in this transaction, has finished
    /// or been removed; if none was added, at commit (Apple doc
    /// `CATransaction.setCompletionBlock`). Set it before adding animations.
    public var completionBlock: (() -> Void)? {
        didSet { pendingAnimations = 0 }
    }

    /// Where the transaction was opened (`beginTransaction`, `transaction`, `animate`): the
    /// `source` of the implicit animations its property changes make. Nil for the frame's
    /// implicit transaction, which no call opens.
    public internal(set) var source: CallSite?
    /// Block animations (`Timeline.animate`) turn implicit actions into these.
    var blockStyle: BlockStyle?
    let isImplicit: Bool
    var isCommitted = false
    var pendingAnimations = 0
    private var hasRunCompletion = false

    init(inheriting outer: Transaction?, isImplicit: Bool, source: CallSite? = nil) {
        self.source = source
        animationDuration = outer?.animationDuration ?? 0.25
        animationTimingFunction = outer?.animationTimingFunction
        disableActions = outer?.disableActions ?? false
        blockStyle = outer?.blockStyle
        self.isImplicit = isImplicit
    }

    /// What `savedState()` keeps of a transaction, as one value: every stored property is
    /// either a field here, by its name, or in `notCheckpointed` (a test checks, with `Mirror`).
    struct Checkpoint {
        let isCommitted: Bool
        let pendingAnimations: Int
        let hasRunCompletion: Bool
    }

    /// What a checkpoint leaves out: the settings, which do not change once the transaction is
    /// committed, and a checkpoint is taken with none open.
    static let notCheckpointed: Set = [
        "animationDuration", "animationTimingFunction", "disableActions", "completionBlock", "source",
        "blockStyle",
        "isImplicit",
    ]

    /// This transaction's state now.
    var checkpoint: Checkpoint {
        Checkpoint(
            isCommitted: isCommitted, pendingAnimations: pendingAnimations, hasRunCompletion: hasRunCompletion
        )
    }

    func restore(_ saved: Checkpoint) {
        (isCommitted, pendingAnimations, hasRunCompletion) =
            (saved.isCommitted, saved.pendingAnimations, saved.hasRunCompletion)
    }

    /// Counts `animation` towards the completion block, if one is set.
    func track(_ animation: LayerAnimation) {
        guard completionBlock != nil, !hasRunCompletion else { return }
        pendingAnimations += 1
        animation.transactions.append(self)
    }

    /// One tracked animation ended; returns the block if it is now due.
    func animationDidEnd() -> (() -> Void)? {
        pendingAnimations -= 1
        return dueCompletion()
    }

    /// The completion block when it should run now (committed, nothing pending).
    func dueCompletion() -> (() -> Void)? {
        guard isCommitted, pendingAnimations <= 0, !hasRunCompletion, let block = completionBlock else {
            return nil
        }
        hasRunCompletion = true
        return block
    }
}

/// How a block animation (`Timeline.animate`) turns property changes into animations.
struct BlockStyle {
    var delay: MediaTime
    /// A spring for the whole duration instead of a curve.
    var spring: Spring?
}
