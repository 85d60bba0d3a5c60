/// Block animations in the style of `UIView.animate` and C4's `ViewAnimation`: property
/// changes made in `changes` animate from what the screen shows to the new model values.
extension Timeline {
    /// Animates the changes over `duration` seconds with `curve`, after `delay`; the
    /// completion runs (with `true`) once every animation it started has ended, or at once
    /// if the block changed nothing. Animations hold their values before the delay and after
    /// the end (fillMode both), as UIKit's do. Their `source` is the caller's line.
    public func animate(
        duration: MediaTime, delay: MediaTime = 0, curve: TimingFunction? = .easeInEaseOut,
        fileID: String = #fileID, line: Int = #line,
        changes: () -> Void, completion: (() -> Void)? = nil
    ) {
        runBlock(
            duration: duration, curve: curve, style: BlockStyle(delay: delay),
            source: CallSite(fileID: fileID, line: line), changes, completion)
    }

    /// The spring variant (`usingSpringWithDamping:initialSpringVelocity:`): a physical spring
    /// from Framer's converter (docs/SEMANTICS.md § Block spring animations) that settles in
    /// exactly `duration`.
    public func animate(
        duration: MediaTime, delay: MediaTime = 0, dampingRatio: Double, initialVelocity: Double = 0,
        fileID: String = #fileID, line: Int = #line,
        changes: () -> Void, completion: (() -> Void)? = nil
    ) {
        let spring = Spring(dampingRatio: dampingRatio, duration: duration, initialVelocity: initialVelocity)
        runBlock(
            duration: duration, curve: nil, style: BlockStyle(delay: delay, spring: spring),
            source: CallSite(fileID: fileID, line: line), changes, completion)
    }

    private func runBlock(
        duration: MediaTime, curve: TimingFunction?, style: BlockStyle, source: CallSite,
        _ changes: () -> Void, _ completion: (() -> Void)?
    ) {
        let transaction = beginTransaction(source: source)
        transaction.animationDuration = duration
        transaction.animationTimingFunction = curve
        transaction.disableActions = false
        transaction.blockStyle = style
        transaction.completionBlock = completion
        changes()
        commitTransaction()
    }
}
