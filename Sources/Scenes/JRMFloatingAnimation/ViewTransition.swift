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
    /// Returns the snapshot (`CrossDissolveSave` saves the cross-dissolve from it).
    @discardableResult
    static func crossDissolve(
        with view: Layer, duration: MediaTime, fileID: String = #fileID, line: Int = #line,
        animations: () -> Void, completion: @escaping () -> Void
    ) -> Layer {
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
        return snapshot
    }

    /// Makes a cross-dissolve under way again as `save` holds it, on `view` made again, for a
    /// checkpoint's restore (issue 39; `CheckpointingScene.rebuiltLayer`): the snapshot above
    /// the view, the fades as they were added (their begin times resolved then, whether they
    /// had ended at the timeline's time now), in a transaction whose completion is the one
    /// `crossDissolve` gives: `completion` after the snapshot goes. Run it in the engine's
    /// restore, after `view` is back in its superlayer with the model values it had then.
    /// Returns the snapshot.
    @discardableResult
    static func restoreCrossDissolve(
        _ save: CrossDissolveSave, with view: Layer, completion: @escaping () -> Void
    ) -> Layer {
        let timeline = view.timeline
        let snapshot = Layer(timeline: timeline)
        let look = save.look ?? CrossDissolveSave.Look(view)
        snapshot.name = "\(view.name ?? "view") snapshot"
        snapshot.contents = look.drawing.contents
        snapshot.backgroundColor = look.drawing.backgroundColor
        snapshot.cornerRadius = look.drawing.cornerRadius
        snapshot.masksToBounds = look.drawing.masksToBounds
        snapshot.bounds = look.bounds
        snapshot.anchorPoint = look.anchorPoint
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
                fade, forKey: LayerProperty.opacity.name, source: save.source, hasFinished: hasEnded)
        }
        timeline.commitTransaction()
        return snapshot
    }

    /// A fade of the block `crossDissolve` runs, as it makes it (before any edit): from
    /// `from` to the model's opacity over `duration` from `begin`, ease in-out, held both sides.
    static func fade(from: Double, begin: MediaTime, duration: MediaTime) -> BasicAnimation<Double> {
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = from
        fade.duration = duration
        fade.timingFunction = .easeInEaseOut
        fade.fillMode = .both
        fade.beginTime = begin
        return fade
    }
}

/// What a cross-dissolve under way is made from (`ViewTransition.restoreCrossDissolve`): the
/// few numbers that differ from its view's own values and from the fades as `crossDissolve`
/// makes them, about 100 bytes (a pop of each of 2,000 bubbles in flight, issue 39); the
/// rest whole only where it differs (an edit of the fades' curve or duration).
final class CrossDissolveSave {
    /// The snapshot as shown when it began: where, turned how, how opaque.
    let position: Point
    let transform: AffineTransform
    let opacity: Double
    /// The view's opacity at the start of its fade in (nil: no fade, its opacity did not
    /// change).
    let viewFrom: Double?
    /// When the fades began and how long they were asked to last.
    let begin: MediaTime
    let duration: MediaTime
    /// The line of the block that made them (their `source`).
    let source: CallSite?
    /// The snapshot's bounds, anchor point and drawing, where they differ from the view's
    /// model (an animation of them under way); nil: the view's.
    let look: Look?
    /// Copies of the fades as added, where an edit made them differ from `ViewTransition.fade`.
    let edited: (snapshot: LayerAnimation?, view: LayerAnimation?)?

    struct Look {
        let bounds: Rect
        let anchorPoint: Point
        let drawing: LayerDrawing

        init(_ layer: Layer) {
            (bounds, anchorPoint, drawing) = (layer.bounds, layer.anchorPoint, layer.drawing)
        }
    }

    /// The cross-dissolve under way from `view` to `snapshot` (`crossDissolve` returned it),
    /// asked to last `duration`.
    init(of snapshot: Layer, view: Layer, duration: MediaTime) {
        let snapshotFade = snapshot.animation(forKey: LayerProperty.opacity.name)
        let viewFade = view.animation(forKey: LayerProperty.opacity.name)
        let begin = snapshotFade?.beginTime ?? viewFade?.beginTime ?? view.timeline.currentTime
        let from = { (fade: LayerAnimation?) in (fade as? BasicAnimation<Double>)?.fromValue }
        let (opacity, viewFrom) = (from(snapshotFade) ?? snapshot.opacity, from(viewFade))
        let source = snapshotFade?.source
        func isMade(_ fade: LayerAnimation?, from value: Double?) -> Bool {
            guard let fade, let value else { return fade == nil && value == nil }
            let made = ViewTransition.fade(from: value, begin: begin, duration: duration)
            return fade.beginTime == made.beginTime && fade.duration == made.duration
                && fade.timingFunction == made.timingFunction && fade.fillMode == made.fillMode
                && fade.source == source
        }
        (position, transform) = (snapshot.position, snapshot.transform)
        (self.opacity, self.viewFrom) = (opacity, viewFrom)
        (self.begin, self.duration, self.source) = (begin, duration, source)
        let look = Look(snapshot)
        let own = Look(view)
        self.look =
            look.bounds == own.bounds && look.anchorPoint == own.anchorPoint && look.drawing == own.drawing
            ? nil : look
        edited =
            isMade(snapshotFade, from: opacity) && isMade(viewFade, from: viewFrom)
            ? nil : (snapshotFade?.copy(), viewFade?.copy())
    }

    /// The snapshot's fade as it was added, new.
    var snapshotFade: LayerAnimation? {
        edited.map { $0.snapshot?.copy() }
            ?? ViewTransition.fade(from: opacity, begin: begin, duration: duration)
    }

    /// The view's fade as it was added, new (nil: none).
    var viewFade: LayerAnimation? {
        edited.map { $0.view?.copy() }
            ?? viewFrom.map { ViewTransition.fade(from: $0, begin: begin, duration: duration) }
    }
}

extension CrossDissolveSave: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants: the fades are copies that are never added, only copied again.
    static let notCheckpointed: Set = [
        "position", "transform", "opacity", "viewFrom", "begin", "duration", "source", "look", "edited",
    ]
}
