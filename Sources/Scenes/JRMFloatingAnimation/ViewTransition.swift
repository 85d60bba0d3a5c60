// ViewTransition.swift — the bubble tutorial (docs/TUTORIALS.md), step 5 ("Pop the bubble"): the example
// project pops a bubble with `UIView.transition(with:duration:options: .transitionCrossDissolve,
// animations: { transform = scale 1.3 }, completion:)`, as JRMFloatingAnimation does.
import Animation

/// UIKit's view transitions, for layers: the engine has no transitions, so one is made of a
/// snapshot and two fades.
enum ViewTransition {
    /// A cross-dissolve (`.transitionCrossDissolve`): `animations` change `view` at once (no
    /// implicit animation); over `duration` a snapshot of the view as it was shown fades out
    /// above it while the changed view fades in (UIKit's default curve, ease in-out); then the
    /// snapshot goes and `completion` runs.
    ///
    /// ```
    ///  t = 0         snapshot (old look) 100 %   view (new look)   0 %
    ///  t = d/2       snapshot             50 %   view              50 %
    ///  t = d         snapshot removed            view             100 %   completion
    /// ```
    /// The snapshot copies what the view draws of its own (an image view's contents, its
    /// background), which is all a bubble has; sublayers are not copied. The fades' source is
    /// the caller's line.
    static func crossDissolve(
        with view: Layer, duration: MediaTime, fileID: String = #fileID, line: Int = #line,
        animations: () -> Void, completion: @escaping () -> Void
    ) {
        let timeline = view.timeline
        let opacity = view.opacity
        let shown = view.presentation()
        let snapshot = Layer(timeline: timeline)
        timeline.transaction { transaction in
            transaction.disableActions = true
            snapshot.name = "\(view.name ?? "view") snapshot"
            snapshot.contents = shown.contents
            snapshot.backgroundColor = shown.backgroundColor
            snapshot.cornerRadius = shown.cornerRadius
            snapshot.masksToBounds = shown.masksToBounds
            snapshot.bounds = shown.bounds
            snapshot.anchorPoint = shown.anchorPoint
            snapshot.position = shown.position
            snapshot.transform = shown.transform
            snapshot.opacity = shown.opacity
            snapshot.isUserInteractionEnabled = false
            if let superlayer = view.superlayer,
                let index = superlayer.sublayers.firstIndex(where: { $0 === view })
            {
                superlayer.insertSublayer(snapshot, at: index + 1)
            }
            animations()
            view.opacity = 0
        }
        timeline.animate(duration: duration, curve: .easeInEaseOut, fileID: fileID, line: line) {
            snapshot.opacity = 0
            view.opacity = opacity
        } completion: {
            snapshot.removeAllAnimations()
            snapshot.removeFromSuperlayer()
            completion()
        }
    }
}
