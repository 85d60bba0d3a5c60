import Animation

/// What one bubble is made from, so that a checkpoint keeps these few numbers (88 bytes) and
/// not the bubble's layer, animations, transaction and closures (about 3 kB, which two
/// checkpoints 2 s apart never share: a bubble lives 2 s; issue 39), and makes the bubble
/// again on a restore (`FishScene.rebuildBubbles`, `CheckpointingScene.rebuiltLayer`).
struct BubbleSave {
    /// Its `FloatingBubble`, packed: the numbers, and the shape, flags and image as bytes.
    private let origin: Point
    private let size, alpha, height, t, duration, w: Double
    private let shape, flags, image: UInt8
    /// The path animation's begin time as it was added (resolved from 0, or the load's head
    /// start); the fade begins with it.
    var begin: MediaTime = 0
    /// What few bubbles have: copies of the animations as an edit changed them, the pop under
    /// way, an image `imageNames` does not have.
    var extra: BubbleExtra?

    /// The images a bubble can show (`FloatOptions.imageSets`), by their index in a save.
    static let imageNames = Array(Set(FloatOptions.imageSets.flatMap(\.images))).sorted()

    init(_ bubble: FloatingBubble) {
        (origin, size, alpha, height, t) = (bubble.origin, bubble.size, bubble.alpha, bubble.height, bubble.t)
        (duration, w) = (bubble.duration, bubble.w)
        shape = UInt8(FloatingShape.allCases.firstIndex(of: bubble.shape) ?? 0)
        flags =
            (bubble.swapsControlPoints ? 1 : 0) | (bubble.sinks ? 2 : 0) | (bubble.fadesOut ? 4 : 0)
        let image = Self.imageNames.firstIndex(of: bubble.imageName)
        self.image = image.map(UInt8.init) ?? .max
        if image == nil { extra = BubbleExtra(imageName: bubble.imageName) }
    }

    var bubble: FloatingBubble {
        FloatingBubble(
            origin: origin, size: size, alpha: alpha, height: height, t: t,
            swapsControlPoints: flags & 1 != 0,
            duration: duration, shape: FloatingShape.allCases[Int(shape)], w: w, sinks: flags & 2 != 0,
            fadesOut: flags & 4 != 0,
            imageName: image == .max ? extra?.imageName ?? "" : Self.imageNames[Int(image)])
    }

    /// Its pop, once under way.
    var pop: PopSave? {
        get { extra?.pop }
        set { extra = BubbleExtra(imageName: extra?.imageName, edited: extra?.edited, pop: newValue) }
    }

    /// Copies of its animations as added, where an edit changed them.
    var edited: EditedFloat? {
        get { extra?.edited }
        set { extra = BubbleExtra(imageName: extra?.imageName, edited: newValue, pop: extra?.pop) }
    }
}

extension FishScene {
    /// What `bubble`, just blown, is made from, with what its animations were added with: the
    /// path animation's begin time as resolved, copies of the animations if an edit changed
    /// them. Read back from `layer` as it is blown, while they are in the cache: read at a
    /// checkpoint, from 2,000 bubbles' layers and animations spread over the heap, it took
    /// the checkpoint's frame over a millisecond (issue 39); here a frame pays two lookups a
    /// bubble. A pop under way is the checkpoint's to read (`savedStateRebuildingLayers`).
    func save(of bubble: FloatingBubble, as layer: Layer) -> BubbleSave {
        var save = BubbleSave(bubble)
        guard let path = layer.animation(forKey: "movingAnimation") else { return save }
        let fade = layer.animation(forKey: "fadeOut")
        if animationSources.path == nil { animationSources.path = path.source }
        if let fade, animationSources.fade == nil { animationSources.fade = fade.source }
        save.begin = path.beginTime
        let isMade =
            path.duration == bubble.duration && path.timingFunction == nil
            && (fade.map {
                $0.beginTime == path.beginTime && $0.duration == bubble.duration
                    && $0.timingFunction == .easeInEaseOut
            } ?? true)
        if !isMade { save.edited = EditedFloat(path: path.copy(), fade: fade?.copy()) }
        return save
    }
}

/// What few bubbles' saves have (`BubbleSave.extra`): constants, so that a checkpoint that
/// holds one keeps what it was (a pop that starts later makes a new one).
final class BubbleExtra {
    let imageName: String?
    let edited: EditedFloat?
    let pop: PopSave?

    init(imageName: String? = nil, edited: EditedFloat? = nil, pop: PopSave? = nil) {
        (self.imageName, self.edited, self.pop) = (imageName, edited, pop)
    }
}

extension BubbleExtra: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants.
    static let notCheckpointed: Set = ["imageName", "edited", "pop"]
}

/// A bubble's path animation and fade as they were added, where an edit made them differ.
final class EditedFloat {
    let path: LayerAnimation
    let fade: LayerAnimation?

    init(path: LayerAnimation, fade: LayerAnimation?) { (self.path, self.fade) = (path, fade) }
}

/// A pop under way: the transform it gave the bubble (its scale) and its cross-dissolve.
final class PopSave {
    let transform: AffineTransform
    let crossDissolve: CrossDissolveSave

    init(transform: AffineTransform, crossDissolve: CrossDissolveSave) {
        (self.transform, self.crossDissolve) = (transform, crossDissolve)
    }
}

/// A bubble in flight or popping: its layer, its place in the order bubbles were blown (and so
/// in the bubbles layer), what it is made from, its pop's snapshot. A struct, not a tuple: a
/// tuple in a dictionary is copied through the runtime's generic tuple value witnesses, a few
/// hundred instructions an entry at a checkpoint of 2,000 (issue 39).
struct LiveBubble {
    let bubbleImageView: Layer
    let number: Int
    var save: BubbleSave
    var snapshot: Layer?
}

extension EditedFloat: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants: copies that are never added, only copied again.
    static let notCheckpointed: Set = ["path", "fade"]
}

extension PopSave: CheckpointedObject {
    typealias Checkpoint = NothingToCheckpoint
    /// Constants.
    static let notCheckpointed: Set = ["transform", "crossDissolve"]
}

// step 7 {
extension FishScene {
    /// The bubbles: a checkpoint leaves their layers out, and the scene makes them again.
    /// Not before step 6, whose bubbles `blowTutorialBubble` makes otherwise.
    var rebuiltLayer: Layer? { stage >= .randomness ? bubbles : nil }

    /// The scene's state without the bubbles' layers, and the bubbles as `BubbleSave`s, in
    /// the order they were blown (the bubbles layer's, each popping one's snapshot above it).
    func savedStateRebuildingLayers() -> (state: () -> Void, layers: RebuiltLayers) {
        let saved = checkpoint(keepingBubbles: false)
        let saves = completedSaves()
        let popping = saves.reduce(0) { $0 + ($1.pop == nil ? 0 : 1) }
        // A pop keeps a few numbers in three small objects (`PopSave`, `CrossDissolveSave`,
        // `BubbleExtra`).
        // Each also keeps its place in the timeline's list of animated layers (16 bytes with
        // its end) and the engine's note of it (8).
        let bytes = saves.count * (MemoryLayout<BubbleSave>.stride + 24) + popping * 256
        return (
            { [self] in restore(saved) },
            RebuiltLayers(count: saves.count, estimatedBytes: bytes) { [weak self] in
                self?.rebuildBubbles(saves)
            }
        )
    }

    /// The live bubbles' saves, each with its pop if one is under way, in the order they were
    /// blown (their numbers'), which is the bubbles layer's (a popping one's snapshot above
    /// it): the order they are made again in, numbered again from there.
    ///
    /// Read in the dictionary's order, which reads its storage front to back, then placed by
    /// number: sorting the 2,000 entries by number was a quarter of a checkpoint, and reading
    /// them in the layer's order (a lookup each) missed the cache at every one (issue 39).
    private func completedSaves() -> [BubbleSave] {
        var unordered: [BubbleSave] = []
        var numbers: [Int] = []
        unordered.reserveCapacity(floatsByBubble.count)
        numbers.reserveCapacity(floatsByBubble.count)
        var (first, last) = (Int.max, Int.min)
        for live in floatsByBubble.values {
            unordered.append(completedSave(live))
            numbers.append(live.number)
            (first, last) = (min(first, live.number), max(last, live.number))
        }
        // Numbers run from the oldest live bubble's to the last blown: a table of places by
        // number, unless one bubble outlives thousands (a long float among short ones).
        if !numbers.isEmpty, last - first < 4 * numbers.count + 1024 {
            var places = [Int32](repeating: -1, count: last - first + 1)
            for (index, number) in numbers.enumerated() { places[number - first] = Int32(index) }
            var saves: [BubbleSave] = []
            saves.reserveCapacity(unordered.count)
            for index in places where index >= 0 { saves.append(unordered[Int(index)]) }
            return saves
        }
        return numbers.indices.sorted { numbers[$0] < numbers[$1] }.map { unordered[$0] }
    }

    /// A live bubble's save with its pop, if one is under way (read here, not as it pops: a
    /// frame pays nothing for it): the transform it gave the bubble, its cross-dissolve.
    private func completedSave(_ live: LiveBubble) -> BubbleSave {
        guard let snapshot = live.snapshot else { return live.save }
        var save = live.save
        save.pop = PopSave(
            transform: live.bubbleImageView.transform,
            crossDissolve: CrossDissolveSave(
                of: snapshot, view: live.bubbleImageView, duration: bubblePopDuration))
        return save
    }

    /// The float of `bubble` along its path, as `blowBubble` adds it.
    func pathAnimation(_ bubble: FloatingBubble, beginTime: MediaTime) -> KeyframeAnimation<Point> {
        let pathAnimation = KeyframeAnimation(keyPath: .position)
        pathAnimation.duration = bubble.duration
        pathAnimation.path = bubble.zigzagPath
        pathAnimation.fillMode = .forwards
        pathAnimation.isRemovedOnCompletion = false
        pathAnimation.beginTime = beginTime
        return pathAnimation
    }

    /// Makes the bubbles of `saves` again as `blowBubble` and `pop` made them, as they were
    /// at the checkpoint's time (the timeline's now): each layer, its path animation and fade
    /// (finished or not by now), the transaction whose completion pops it, and for a pop
    /// under way its cross-dissolve. Runs in the engine's restore, which then gives them their
    /// places in the timeline's list of animated layers.
    func rebuildBubbles(_ saves: [BubbleSave]) {
        let now = timeline.currentTime
        floatsByBubble.reserveCapacity(saves.count)
        for (index, save) in saves.enumerated() {
            let bubble = save.bubble
            let bubbleImageView = Layer(timeline: timeline)
            bubbleImageView.name = "bubble"
            bubbleImageView.contents = ImageAsset(named: bubble.imageName)
            bubbleImageView.bounds = Rect(x: 0, y: 0, width: bubble.size, height: bubble.size)
            bubbleImageView.position = bubble.origin
            bubbleImageView.opacity = bubble.fadesOut ? 0 : bubble.alpha
            bubbleImageView.isUserInteractionEnabled = false
            bubbleImageView.masksToBounds = true
            bubbles.addSublayer(bubbleImageView)
            let id = ObjectIdentifier(bubbleImageView)
            // Numbered up to the last blown, in their order: only the order is read.
            floatsByBubble[id] = LiveBubble(
                bubbleImageView: bubbleImageView, number: bubblesBlown - saves.count + index + 1, save: save)

            let path = save.edited?.path.copy() ?? pathAnimation(bubble, beginTime: save.begin)
            if let pop = save.pop {
                // Its float is over (the pop is its transaction's completion), the fade gone.
                bubbleImageView.transform = pop.transform
                bubbleImageView.addRestored(
                    path, forKey: "movingAnimation", source: animationSources.path, hasFinished: true)
                // Made before the entry is written: a pop whose fades had ended would end in it.
                let snapshot = ViewTransition.restoreCrossDissolve(pop.crossDissolve, with: bubbleImageView) {
                    [weak self] in self?.popDidEnd(bubbleImageView)
                }
                floatsByBubble[id]?.snapshot = snapshot
                continue
            }
            let fade =
                bubble.fadesOut
                ? save.edited.map { $0.fade?.copy() } ?? fadeAnimation(bubble, beginTime: save.begin) : nil
            let transaction = timeline.beginTransaction()
            transaction.completionBlock = { [weak self] in self?.pop(bubbleImageView) }
            bubbleImageView.addRestored(
                path, forKey: "movingAnimation", source: animationSources.path,
                hasFinished: path.hasEnded(at: now))
            if let fade, !fade.hasEnded(at: now) {
                bubbleImageView.addRestored(
                    fade, forKey: "fadeOut", source: animationSources.fade, hasFinished: false)
            }
            timeline.commitTransaction()
        }
    }
}
// } step 7
