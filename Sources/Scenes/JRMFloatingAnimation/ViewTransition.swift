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
    /// Returns what `restoreCrossDissolve` needs to make it again as it is now.
    @discardableResult
    static func crossDissolve(
        with view: Layer, duration: MediaTime, fileID: String = #fileID, line: Int = #line,
        animations: () -> Void, completion: @escaping () -> Void
    ) -> CrossDissolveSave {
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
        return CrossDissolveSave(of: snapshot, view: view)
    }

    /// Makes a cross-dissolve under way again as `save` holds it, on `view` made again, for a
    /// checkpoint's restore (issue 39; `CheckpointingScene.rebuiltLayer`): the snapshot above
    /// the view, the fades as they were added (their begin times resolved then, whether they
    /// had ended at the timeline's time now), in a transaction whose completion is the one
    /// `crossDissolve` gives: `completion` after the snapshot goes. Run it in the engine's
    /// restore, after `view` is back in its superlayer.
    static func restoreCrossDissolve(
        _ save: CrossDissolveSave, with view: Layer, completion: @escaping () -> Void
    ) {
        let timeline = view.timeline
        let snapshot = Layer(timeline: timeline)
        snapshot.name = "\(view.name ?? "view") snapshot"
        snapshot.contents = save.drawing.contents
        snapshot.backgroundColor = save.drawing.backgroundColor
        snapshot.cornerRadius = save.drawing.cornerRadius
        snapshot.masksToBounds = save.drawing.masksToBounds
        snapshot.bounds = save.bounds
        snapshot.anchorPoint = save.anchorPoint
        snapshot.position = save.position
        snapshot.transform = save.transform
        snapshot.opacity = 0
        snapshot.isUserInteractionEnabled = false
        if let superlayer = view.superlayer,
            let index = superlayer.sublayers.firstIndex(where: { $0 === view })
        {
            superlayer.insertSublayer(snapshot, at: index + 1)
        }
        let transaction = timeline.beginTransaction()
        transaction.completionBlock = {
            snapshot.removeAllAnimations()
            snapshot.removeFromSuperlayer()
            completion()
        }
        // In the order the block made them: the snapshot's fade, then the view's.
        for (layer, fade) in [(snapshot, save.snapshotFade), (view, save.viewFade)] {
            guard let fade else { continue }
            let hasEnded = fade.hasEnded(at: timeline.currentTime)
            if hasEnded && fade.isRemovedOnCompletion { continue }
            layer.addRestored(
                fade.copy(), forKey: LayerProperty.opacity.name, source: fade.source, hasFinished: hasEnded)
        }
        timeline.commitTransaction()
    }
}

/// What a cross-dissolve under way is made from: the snapshot's look and the two fades as
/// they were added (`ViewTransition.restoreCrossDissolve`).
final class CrossDissolveSave {
    let bounds: Rect
    let anchorPoint: Point
    let position: Point
    let transform: AffineTransform
    let drawing: LayerDrawing
    /// Copies of the fades as added (begin times resolved, edits applied); the view's is nil
    /// when its opacity did not change (a bubble that had faded out).
    let snapshotFade: LayerAnimation?
    let viewFade: LayerAnimation?

    init(of snapshot: Layer, view: Layer) {
        (bounds, anchorPoint, position, transform) =
            (snapshot.bounds, snapshot.anchorPoint, snapshot.position, snapshot.transform)
        drawing = snapshot.drawing
        snapshotFade = snapshot.animation(forKey: LayerProperty.opacity.name)?.copy()
        viewFade = view.animation(forKey: LayerProperty.opacity.name)?.copy()
    }
}

extension CrossDissolveSave: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants: the fades are copies that are never added, only copied again.
    static let notCheckpointed: Set = [
        "bounds", "anchorPoint", "position", "transform", "drawing", "snapshotFade", "viewFade",
    ]
}
