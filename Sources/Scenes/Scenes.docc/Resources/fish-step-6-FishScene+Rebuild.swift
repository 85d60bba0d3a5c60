import Animation
import Scenes

/// What one bubble is made from, so that a checkpoint keeps these few numbers
/// (about 150 bytes) and not the bubble's layer, animations, transaction and
/// closures (about 3 kB, which two checkpoints 2 s apart never share: a bubble
/// lives 2 s; issue 39), and makes the bubble again on a restore
/// (FishScene+Rebuild.swift, `CheckpointingScene.rebuiltLayer`).
struct BubbleSave {
    /// Its place in the order bubbles were blown (and so in the bubbles layer).
    var number: Int
    var bubble: FloatingBubble
    /// The path animation's begin time as it was added (resolved from 0, or the
    /// load's head start); the fade begins with it.
    var begin: MediaTime = 0
    /// Copies of the animations as added, when a curve or duration edit changed
    /// them from what the bubble makes (nil: it did not).
    var edited: EditedFloat?
    /// Its pop, once under way.
    var pop: PopSave?
}

/// A bubble's path animation and fade as they were added, where an edit made
/// them differ.
final class EditedFloat {
    let path: LayerAnimation
    let fade: LayerAnimation?

    init(
        path: LayerAnimation,
        fade: LayerAnimation?) { (self.path, self.fade) = (path, fade) }
}

/// A pop under way: the scale it grows the bubble to and its cross-dissolve.
final class PopSave {
    let scale: Double
    let crossDissolve: CrossDissolveSave

    init(scale: Double, crossDissolve: CrossDissolveSave) {
        (self.scale, self.crossDissolve) = (scale, crossDissolve)
    }
}

extension EditedFloat: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants: copies that are never added, only copied again.
    static let notCheckpointed: Set = ["path", "fade"]
}

extension PopSave: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants.
    static let notCheckpointed: Set = ["scale", "crossDissolve"]
}

extension FishScene {
    /// After `blowBubble` added a bubble's animations: what a checkpoint needs
    /// to add them again (their begin time, and copies of them if an edit
    /// changed them).
    func noteAnimationsAdded(to bubbleImageView: Layer) {
        let id = ObjectIdentifier(bubbleImageView)
        guard let save = floatsByBubble[id]?.save,
            let path = bubbleImageView.animation(forKey: "movingAnimation")
        else { return }
        let fade = bubbleImageView.animation(forKey: "fadeOut")
        animationSources.path = animationSources.path ?? path.source
        if let fade {
            animationSources.fade = animationSources.fade ?? fade.source
        }
        floatsByBubble[id]?.save.begin = path.beginTime
        let madePath = pathAnimation(save.bubble, beginTime: path.beginTime)
        let madeFade = fade.map { _ in
            fadeAnimation(save.bubble, beginTime: path.beginTime)
        }
        if !sameTiming(path, madePath) || !sameTiming(fade, madeFade) {
            floatsByBubble[id]?.save.edited = EditedFloat(
                path: path.copy(), fade: fade?.copy())
        }
    }

    private func sameTiming(
        _ added: LayerAnimation?, _ made: LayerAnimation?) -> Bool {
        guard let added, let made else { return added == nil && made == nil }
        return added.beginTime == made.beginTime
            && added.duration == made.duration
            && added.timingFunction == made.timingFunction
    }

    /// The float of `bubble` along its path, as `blowBubble` adds it.
    func pathAnimation(
        _ bubble: FloatingBubble,
        beginTime: MediaTime) -> KeyframeAnimation<Point> {
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        pathAnimation.beginTime = beginTime
        return pathAnimation
    }
}
