import Synchronization

/// A rectangle of content in a tree of layers (CALayer without the prefix).
///
/// The properties you set are the *model*; `presentation()` is a copy with every animation
/// applied at the timeline's current frame time, which is what is on screen. Changing an
/// animatable property of a layer that is in a tree animates it implicitly, unless the
/// transaction disables actions or `actions` turns that property off (docs/SEMANTICS.md
/// § Implicit animations and transactions).
///
/// Geometry is Core Animation's, y down, in the units of the tree (the window's pixels at its
/// root; a scene's are points, docs/ARCHITECTURE.md § Points): a point `p` of the layer's own space maps
/// to its superlayer's as `position + transform · (p − bounds.origin − anchorPoint · size)`.
open class Layer {
    // MARK: - Per-frame state
    //
    // What every frame reads of every animated layer comes first, in the object's first two
    // cache lines (64 bytes each, the header taking 16), and what it reads of a presentation
    // copy right after: with thousands of layers, a frame's time went mostly to loading lines
    // scattered over each object (Swift lays out a class's stored properties in the order they
    // are declared). Line 1: the flags, `revision`, `position`, the cached copy; line 2: its
    // time and revision, the animation, the timeline, the sublayers; then the drawn state.

    /// Whether this object is a presentation copy (its changes animate nothing).
    public let isPresentation: Bool
    /// Whether an animation is attached; stored rather than asked of the array, so that a
    /// frame reads the layer object alone until it applies the animations.
    private(set) var hasAnimations = false
    /// On a presentation copy, what was written on it since it last took its model's values.
    var presentationWrites = PresentationWrites()
    /// The last answer of `isAnimating(at:)`, for the time `isAnimatingTime`; the renderer
    /// asks it of every layer it draws.
    private var isAnimatingAnswer = false
    /// Bumped on every model change, so that cached presentations and drawings know.
    public final internal(set) var revision = 0
    /// Where the anchor point sits in the superlayer's space.
    public final var position = Point.zero {
        didSet { didChange(.position, from: oldValue, writes: .position) }
    }
    private var cachedPresentation: Layer? {
        didSet { cachedCopy = cachedPresentation.map(Unmanaged.passUnretained) }
    }
    /// `cachedPresentation`, to be borrowed without a retain (`presentation()`).
    private var cachedCopy: Unmanaged<Layer>?
    /// The frame time and model revision `cachedPresentation` shows (NaN, which equals no
    /// time: none yet).
    private var cachedTime = MediaTime.nan
    private var cachedRevision = 0
    /// The time `isAnimatingAnswer` was given for (NaN: none); cleared when an animation is
    /// added or removed.
    private var isAnimatingTime = MediaTime.nan
    /// The animation when exactly one is attached (most animated layers: a bubble's float),
    /// so that a frame applies it without loading the array of entries; not retained, as
    /// `animationEntries` holds it.
    private var soleAnimation: Unmanaged<LayerAnimation>?
    /// The clock and transaction state every layer of a tree shares.
    public let timeline: Timeline
    public final private(set) var sublayers: [Layer] = []
    /// A number no other layer of this process had: a layer's address may be a freed one's,
    /// this never (the renderer's records of what it drew are checked by it, where a weak
    /// reference would give every layer a side table and every retain of it the slow path).
    public let serial = Layer.nextSerial.wrappingAdd(1, ordering: .relaxed).oldValue
    private static let nextSerial = Atomic<UInt64>(1)
    /// The earliest time an attached animation that has not finished ends (`-infinity`:
    /// not known yet), so that the timeline's check at the end of every frame looks at the
    /// animations only when one may have ended. An animation is not changed once added (as in
    /// Core Animation, where changing the object `animation(forKey:)` returns is undefined).
    private(set) var earliestEnd = -MediaTime.infinity
    /// Animations in the order they were added; later ones apply on top of earlier ones.
    var animationEntries: [(key: String, animation: LayerAnimation)] = [] {
        didSet {
            isAnimatingTime = .nan
            earliestEnd = -.infinity
            hasAnimations = !animationEntries.isEmpty
            soleAnimation =
                animationEntries.count == 1 ? Unmanaged.passUnretained(animationEntries[0].animation) : nil
        }
    }

    // MARK: - Geometry

    // `position` is with the per-frame state above: it is what animations move most.
    /// The layer's own coordinate space: origin and size.
    public final var bounds = Rect.zero { didSet { didChange(.bounds, from: oldValue, writes: .bounds) } }
    /// The point of the bounds, in unit coordinates, that `position` places; (0.5, 0.5) is
    /// the centre. Transforms turn and scale about it.
    public final var anchorPoint = Point(x: 0.5, y: 0.5) {
        didSet { didChange(.anchorPoint, from: oldValue, writes: .anchorPoint) }
    }
    /// Applied about the anchor point.
    public final var transform = AffineTransform.identity {
        didSet { didChange(.transform, from: oldValue, writes: .transform) }
    }

    // MARK: - Appearance

    /// 0…1; applied to the layer and its sublayers as a group.
    public final var opacity = 1.0 { didSet { didChange(.opacity, from: oldValue, writes: .opacity) } }
    /// Hidden layers draw nothing and are not hit.
    public final var isHidden = false { didSet { noteChange(writes: .other) } }
    /// Everything the layer draws of its own (background, corners, border, mask, image), as
    /// one value; the properties below read and write it.
    public final internal(set) var drawing = LayerDrawing()
    /// Fills the bounds (rounded by `cornerRadius`); clear by default.
    public final var backgroundColor: Color {
        get { drawing.backgroundColor }
        set {
            let oldValue = drawing.backgroundColor
            drawing.backgroundColor = newValue
            didChange(.backgroundColor, from: oldValue, writes: .drawing)
        }
    }
    /// Rounds the background, the border and, with `masksToBounds`, the clip.
    public final var cornerRadius: Double {
        get { drawing.cornerRadius }
        set {
            let oldValue = drawing.cornerRadius
            drawing.cornerRadius = newValue
            didChange(.cornerRadius, from: oldValue, writes: .drawing)
        }
    }
    /// Drawn inside the bounds, above the content and the sublayers.
    public final var borderWidth: Double {
        get { drawing.borderWidth }
        set {
            let oldValue = drawing.borderWidth
            drawing.borderWidth = newValue
            didChange(.borderWidth, from: oldValue, writes: .drawing)
        }
    }
    public final var borderColor: Color {
        get { drawing.borderColor }
        set {
            let oldValue = drawing.borderColor
            drawing.borderColor = newValue
            didChange(.borderColor, from: oldValue, writes: .drawing)
        }
    }
    /// Clips the sublayers (and contents) to the rounded bounds.
    public final var masksToBounds: Bool {
        get { drawing.masksToBounds }
        set {
            drawing.masksToBounds = newValue
            noteChange(writes: .drawing)
        }
    }
    /// An image drawn to fill the bounds; named by asset, resolved by the renderer.
    public final var contents: ImageAsset? {
        get { drawing.contents }
        set {
            drawing.contents = newValue
            noteChange(writes: .drawing)
        }
    }

    // MARK: - Identity

    /// For a presentation copy, the model layer it shows (CALayer's `model()`); nil for a copy
    /// the model no longer caches (an older frame's, kept by someone) and once the model is
    /// gone.
    public final var modelLayer: Layer? { modelReference }
    /// Not weak: a weak reference gives the model a side table, which makes every retain and
    /// release of it slower; only the model's current copy points to it, and the model clears
    /// that pointer when it drops the copy or goes (`presentation()`, `deinit`).
    private unowned(unsafe) var modelReference: Layer?
    /// A name for debugging and tests.
    public final var name: String? { didSet { noteRevision(.other) } }

    // MARK: - Behaviour

    /// When false, neither this layer nor its sublayers are found by hit testing (UIKit's
    /// `isUserInteractionEnabled`).
    public final var isUserInteractionEnabled = true { didSet { noteRevision(.other) } }
    /// Per-property implicit actions, by property name (`"position"`); `.none` turns the
    /// implicit animation of that property off (CALayer's `actions` with NSNull).
    public final var actions: [String: LayerAction] = [:]
    /// Recognizers that receive the pointer when a press starts on this layer or below.
    public final private(set) var gestureRecognizers: [GestureRecognizer] = []

    // MARK: - Tree

    // `sublayers` is with the per-frame state above: every frame walks the tree.
    public final private(set) weak var superlayer: Layer? { didSet { noteRevision(.other) } }

    /// A new layer on `timeline`.
    public init(timeline: Timeline) {
        self.timeline = timeline
        self.isPresentation = false
    }

    /// A presentation copy of `model`'s own properties (not its sublayers or animations).
    public required init(presentationOf model: Layer) {
        timeline = model.timeline
        isPresentation = true
        takeModelValues(from: model)
    }

    deinit {
        cachedPresentation?.modelReference = nil
    }

    /// Sets this presentation copy's own properties to `model`'s, as a new copy has them (a
    /// copy is reused for the next frame when nobody else holds it). Subclasses add theirs.
    func takeModelValues(from model: Layer) {
        modelReference = model
        name = model.name
        position = model.position
        bounds = model.bounds
        anchorPoint = model.anchorPoint
        transform = model.transform
        opacity = model.opacity
        isHidden = model.isHidden
        drawing = model.drawing
        isUserInteractionEnabled = model.isUserInteractionEnabled
        sublayers = model.sublayers
        if superlayer !== model.superlayer { superlayer = model.superlayer }
        revision = model.revision
    }

    /// Sets the properties in `written` of this presentation copy to `model`'s again, the
    /// others having kept the model's values (the model has not changed since the copy took
    /// them). Subclasses take their drawing for `.subclassDrawing`; `.other` is never asked.
    func retakeModelValues(_ written: PresentationWrites, from model: Layer) {
        if written.contains(.position) { position = model.position }
        if written.contains(.bounds) { bounds = model.bounds }
        if written.contains(.anchorPoint) { anchorPoint = model.anchorPoint }
        if written.contains(.transform) { transform = model.transform }
        if written.contains(.opacity) { opacity = model.opacity }
        if written.contains(.drawing) { drawing = model.drawing }
    }

    /// The frame in the superlayer's space: the bounds placed by position and anchor point
    /// and, when there is a transform, the box around the transformed bounds.
    public final var frame: Rect {
        get { Rect(origin: .zero, size: bounds.size).applying(sizeOnlyTransformToSuperlayer) }
        set {
            bounds.size = newValue.size
            position = Point(
                x: newValue.minX + anchorPoint.x * newValue.width,
                y: newValue.minY + anchorPoint.y * newValue.height)
        }
    }

    private var sizeOnlyTransformToSuperlayer: AffineTransform {
        AffineTransform(translationX: -anchorPoint.x * bounds.width, y: -anchorPoint.y * bounds.height)
            .concatenating(transform)
            .concatenating(AffineTransform(translationX: position.x, y: position.y))
    }

    /// Maps the layer's own coordinates to its superlayer's (model values of this layer).
    public final var transformToSuperlayer: AffineTransform {
        AffineTransform(translationX: -bounds.minX, y: -bounds.minY)
            .concatenating(sizeOnlyTransformToSuperlayer)
    }

    // MARK: - Tree editing

    /// Appends `layer` on top of the other sublayers, taking it from any previous superlayer.
    public final func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` at `index` (0 is at the back).
    public final func insertSublayer(_ layer: Layer, at index: Int) {
        precondition(!isPresentation, "presentation layers cannot be edited")
        precondition(layer !== self, "a layer cannot contain itself")
        layer.removeFromSuperlayer()
        sublayers.insert(layer, at: min(max(index, 0), sublayers.count))
        layer.superlayer = self
        revision &+= 1
        timeline.noteTreeChange()
        layer.timeline.noteAttach(layer)  // its animations (and its sublayers') join the tree
    }

    /// Detaches the layer from its superlayer; its animations keep running.
    public final func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        // The first match, not `removeAll`: a layer is in its superlayer once, and rewriting
        // every sibling cost a retain and a release each (2,000 bubbles, dozens popping a frame).
        if let index = parent.sublayers.firstIndex(where: { $0 === self }) {
            parent.sublayers.remove(at: index)
        }
        parent.revision &+= 1
        superlayer = nil
        dropPresentationCopy()
        timeline.noteTreeChange()
    }

    /// Lets go of the cached presentation copy (a layer out of the tree is not drawn), unless
    /// someone else holds it: a popped bubble's copy, made for its pop, outlived it in every
    /// checkpoint that keeps the bubble, as much memory as the layer itself (issue 39). The
    /// next `presentation()` makes a new one.
    private func dropPresentationCopy() {
        guard isKnownUniquelyReferenced(&cachedPresentation) else { return }
        cachedPresentation?.modelReference = nil
        cachedPresentation = nil
        cachedTime = .nan
    }

    /// Adds a recognizer that receives presses starting on this layer or its sublayers.
    public final func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.layer = self
        gestureRecognizers.append(recognizer)
    }

    public final func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
    }

    /// Sets the implicit action of one property (`.none` turns it off).
    public final func setAction<Value>(_ action: LayerAction, for property: LayerProperty<Value>) {
        actions[property.name] = action
    }

    // MARK: - Animations

    /// Adds a copy of `animation` under `key`, replacing an animation with the same key
    /// (which then reports finished = false). A `beginTime` of 0 becomes the current frame
    /// time; a nil key gets a unique one. The copy's `source` is the caller's line (`fileID`
    /// and `line`: leave them to their defaults, or pass on a caller's; `CallSite`).
    public final func add(
        _ animation: LayerAnimation, forKey key: String?, fileID: String = #fileID, line: Int = #line
    ) {
        add(animation, forKey: key, source: CallSite(fileID: fileID, line: line))
    }

    /// `add(_:forKey:)` with the source given (an implicit animation's is its transaction's).
    /// `copies`: false for an animation nobody else holds (the engine's own implicit one),
    /// which then runs itself instead of a copy.
    final func add(_ animation: LayerAnimation, forKey key: String?, source: CallSite?, copies: Bool = true) {
        precondition(!isPresentation, "animations are added to model layers")
        let copy = copies ? animation.copy() : animation
        copy.source = source
        if let source, let edit = timeline.timingFunctionEdit, !copy.isSpring {
            copy.timingFunction = edit(source, copy.timingFunction)
        }
        if copy.beginTime == 0 { copy.beginTime = timeline.currentTime }
        if let source, let edit = timeline.durationEdit, !copy.isSpring {
            let own = (duration: copy.effectiveDuration, delay: copy.beginTime - timeline.currentTime)
            let edited = edit(source, own.duration, own.delay)
            if edited.duration != own.duration { copy.duration = edited.duration }
            if edited.delay != own.delay { copy.beginTime = timeline.currentTime + edited.delay }
        }
        let resolvedKey: String
        if let key {
            resolvedKey = key
            removeAnimation(forKey: key)
        } else {
            anonymousKeyCounter += 1
            resolvedKey = "anonymous-\(anonymousKeyCounter)"
        }
        animationEntries.append((resolvedKey, copy))
        revision &+= 1
        timeline.didAdd(copy, to: self)
    }

    /// Adds `animation` itself (not a copy) under `key` as it ran before a checkpoint that left
    /// this layer out, for its scene to make again (`TimelineCheckpoint.restore(rebuilding:)`):
    /// its settings are the ones it was added with then, its begin time already resolved (not
    /// 0 for now, nor edited again: `Timeline.timingFunctionEdit`), `source` the line that
    /// added it. One that had finished then (`hasFinished`) is marked so and not tracked by the
    /// transactions open now, so that no completion runs twice; one that had not is tracked
    /// by them, as when it was added. The layer takes its place in the timeline's list of
    /// animated layers from the restore, not now.
    public final func addRestored(
        _ animation: LayerAnimation, forKey key: String, source: CallSite?, hasFinished: Bool
    ) {
        precondition(!isPresentation, "animations are added to model layers")
        animation.source = source
        animation.hasFinished = hasFinished
        animationEntries.append((key, animation))
        revision &+= 1
        if !hasFinished {
            for transaction in timeline.transactionStack { transaction.track(animation) }
        }
        timeline.noteAttach(self)
        timeline.noteModelChange()
    }

    /// The animation under `key` (the copy that runs; changing it has no effect).
    public final func animation(forKey key: String) -> LayerAnimation? {
        animationEntries.first { $0.key == key }?.animation
    }

    /// The keys of the attached animations, in the order they were added.
    public final var animationKeys: [String] { animationEntries.map(\.key) }

    /// Removes the animation under `key`; its completion reports finished = false unless it
    /// had already finished.
    public final func removeAnimation(forKey key: String) {
        guard let index = animationEntries.firstIndex(where: { $0.key == key }) else { return }
        let removed = animationEntries.remove(at: index).animation
        revision &+= 1
        timeline.didRemove(removed, from: self)
    }

    /// Removes every animation, as `removeAnimation(forKey:)` does each.
    public final func removeAllAnimations() {
        for key in animationKeys { removeAnimation(forKey: key) }
    }

    /// Removes animations that finished at or before `time` and are removed on completion;
    /// returns those that finished just now (for their callbacks).
    @inline(__always)
    func removeFinishedAnimations(at time: MediaTime) -> [LayerAnimation] {
        if time < earliestEnd - Self.endMargin { return [] }  // nothing can have ended yet
        return removeEndedAnimations(at: time)
    }

    /// `removeFinishedAnimations(at:)` once an animation may have ended.
    private func removeEndedAnimations(at time: MediaTime) -> [LayerAnimation] {
        defer { earliestEnd = Self.earliestEnd(of: animationEntries) }
        var finished: [LayerAnimation] = []
        for entry in animationEntries where !entry.animation.hasFinished && entry.animation.hasEnded(at: time)
        {
            entry.animation.hasFinished = true
            isAnimatingTime = .nan
            finished.append(entry.animation)
        }
        if !finished.isEmpty {
            animationEntries.removeAll { $0.animation.hasFinished && $0.animation.isRemovedOnCompletion }
            revision &+= 1
        }
        return finished
    }

    /// Whether an animation is changing the layer's values in the current frame (one that has
    /// ended and only holds its end value does not count).
    public final var isAnimatingNow: Bool { isAnimating(at: timeline.currentTime) }

    /// Whether any attached animation is still changing values at `time`. Asked several
    /// times a frame (the timeline, the damage, the renderer), so the answer is kept for the
    /// time asked until the animations change.
    func isAnimating(at time: MediaTime) -> Bool {
        if isAnimatingTime == time { return isAnimatingAnswer }
        // Before the (finite) earliest end of the unfinished animations, one of them still runs.
        let answer =
            earliestEnd.isFinite && time < earliestEnd - Self.endMargin
            || animationEntries.contains { !$0.animation.hasFinished && !$0.animation.hasEnded(at: time) }
        isAnimatingTime = time
        isAnimatingAnswer = answer
        return answer
    }

    /// Numbers the keys of animations added without one.
    private var anonymousKeyCounter = 0
    /// Where the timeline keeps this layer in its list of animated layers; -1 when it is not
    /// in it (`Timeline.endFrame`).
    var timelineSlot = -1
    /// What the last checkpoint saved of this layer (`sharedSavedState()`), so that the next
    /// one shares it while nothing it holds has changed; weak: the checkpoints keep it, and it
    /// keeps the layer.
    private weak var lastSave: SharedLayerSave?
    /// Set while `savedStateLeavingOutSublayers()` saves this layer.
    private var savesNoSublayers = false

    /// Seconds: `removeFinishedAnimations` checks each animation from this long before the
    /// earliest end on, so that rounding in `endTime` cannot make it a frame late.
    static let endMargin: MediaTime = 1e-6

    private static func earliestEnd(of entries: [(key: String, animation: LayerAnimation)]) -> MediaTime {
        var earliest = MediaTime.infinity
        for entry in entries where !entry.animation.hasFinished {
            earliest = min(earliest, entry.animation.endTime)
        }
        return earliest
    }

    // MARK: - Checkpoints

    /// What this model layer holds now, as values (its sublayers, animations and recognizers
    /// by reference: `Timeline.checkpoint(of:)` saves their own state), and the function that
    /// puts it back on this same object: time travel's checkpoints (docs/ARCHITECTURE.md
    /// § Time travel). Putting it back gives the layer a new `revision`, so that whatever is
    /// kept by revision (presentations, the renderer's damage) takes it as a change; run it
    /// with actions disabled. Subclasses add what they store.
    open func savedState() -> () -> Void {
        let saved = checkpoint
        return { [self] in restore(saved) }
    }

    /// `savedState()` with no sublayers: the layer's scene makes them again on a restore
    /// (`Timeline.checkpoint(of:rebuilding:)`), and its restore leaves it with none.
    final func savedStateLeavingOutSublayers() -> () -> Void {
        savesNoSublayers = true
        defer { savesNoSublayers = false }
        return savedState()
    }

    /// `savedState()`, or the one the last checkpoint took when nothing it holds has changed
    /// since (the same closure, so checkpoints share it: a layer that stays as it was costs a
    /// checkpoint a reference, not a copy of its values), and whether it is new. Only for the
    /// engine's own classes, whose every change of what `savedState()` keeps moves `revision`
    /// or is compared here; a subclass may keep more (it saves anew each time).
    final func sharedSavedState() -> (save: SharedLayerSave, isNew: Bool) {
        if let last = lastSave, last.matches(self) { return (last, false) }
        let save = SharedLayerSave(of: self, restore: savedState())
        let kind = ObjectIdentifier(type(of: self))
        if kind == ObjectIdentifier(Layer.self) || kind == ObjectIdentifier(ShapeLayer.self)
            || kind == ObjectIdentifier(TextLayer.self)
        {
            lastSave = save
        }
        return (save, true)
    }

    /// A saved state and what says it is still the layer's: its `revision` (which every model
    /// change moves), and what changes without moving it.
    final class SharedLayerSave {
        /// The layer it saved (the checkpoint's list of layers).
        let layer: Layer
        let restore: () -> Void
        let revision: Int
        let timelineSlot: Int
        let earliestEnd: MediaTime
        let actions: [String: LayerAction]
        let gestureRecognizers: [GestureRecognizer]
        /// Not a reference: a weak one would give the superlayer a side table. The saved state
        /// keeps it alive, so no other layer takes its address meanwhile.
        let superlayer: ObjectIdentifier?

        init(of layer: Layer, restore: @escaping () -> Void) {
            (self.layer, self.restore) = (layer, restore)
            (revision, timelineSlot, earliestEnd) = (layer.revision, layer.timelineSlot, layer.earliestEnd)
            (actions, gestureRecognizers) = (layer.actions, layer.gestureRecognizers)
            superlayer = layer.superlayer.map(ObjectIdentifier.init)
        }

        func matches(_ layer: Layer) -> Bool {
            revision == layer.revision && timelineSlot == layer.timelineSlot
                && earliestEnd.bitPattern == layer.earliestEnd.bitPattern
                && superlayer == layer.superlayer.map(ObjectIdentifier.init)
                && gestureRecognizers.elementsEqual(layer.gestureRecognizers, by: ===)
                && actions == layer.actions
        }
    }

    /// What `savedState()` keeps of a layer, as one value: every stored property of `Layer`
    /// is either a field here, by its name, or in `notCheckpointed` (a test checks, with
    /// `Mirror`).
    struct Checkpoint {
        let position: Point
        let bounds: Rect
        let anchorPoint: Point
        let transform: AffineTransform
        let opacity: Double
        let isHidden: Bool
        let drawing: LayerDrawing
        let name: String?
        let isUserInteractionEnabled: Bool
        let actions: [String: LayerAction]
        let gestureRecognizers: [GestureRecognizer]
        let sublayers: [Layer]
        let superlayer: Layer?
        let animationEntries: [(key: String, animation: LayerAnimation)]
        let anonymousKeyCounter: Int
        let timelineSlot: Int
        let earliestEnd: MediaTime
    }

    /// What a checkpoint leaves out: constants, what `animationEntries` sets again
    /// (`hasAnimations`, `soleAnimation`), caches a new `revision` resets, and what only
    /// presentation copies use.
    static let notCheckpointed: Set = [
        "isPresentation", "hasAnimations", "presentationWrites", "isAnimatingAnswer", "revision",
        "cachedPresentation", "cachedCopy", "cachedTime", "cachedRevision", "isAnimatingTime",
        "soleAnimation",
        "timeline", "serial", "modelReference", "lastSave", "savesNoSublayers",
    ]

    /// This layer's state now.
    var checkpoint: Checkpoint {
        Checkpoint(
            position: position, bounds: bounds, anchorPoint: anchorPoint, transform: transform,
            opacity: opacity,
            isHidden: isHidden, drawing: drawing, name: name,
            isUserInteractionEnabled: isUserInteractionEnabled,
            actions: actions, gestureRecognizers: gestureRecognizers,
            sublayers: savesNoSublayers ? [] : sublayers.checkpointCopy,
            superlayer: superlayer,
            animationEntries: animationEntries, anonymousKeyCounter: anonymousKeyCounter,
            timelineSlot: timelineSlot, earliestEnd: earliestEnd)
    }

    /// Puts `saved` back on this layer.
    private func restore(_ saved: Checkpoint) {
        (position, bounds, anchorPoint, transform) = (
            saved.position, saved.bounds, saved.anchorPoint, saved.transform
        )
        (opacity, isHidden, drawing) = (saved.opacity, saved.isHidden, saved.drawing)
        (name, isUserInteractionEnabled) = (saved.name, saved.isUserInteractionEnabled)
        (actions, gestureRecognizers) = (saved.actions, saved.gestureRecognizers)
        if !sublayers.elementsEqual(saved.sublayers, by: ===) {
            // Layers made since are no longer this one's (unless the checkpoint has them
            // elsewhere, which their own restore says).
            let kept = Set(saved.sublayers.map(ObjectIdentifier.init))
            for layer in sublayers where !kept.contains(ObjectIdentifier(layer)) && layer.superlayer === self
            {
                layer.superlayer = nil
            }
            sublayers = saved.sublayers
        }
        if superlayer !== saved.superlayer { superlayer = saved.superlayer }
        (animationEntries, anonymousKeyCounter, timelineSlot) =
            (saved.animationEntries, saved.anonymousKeyCounter, saved.timelineSlot)
        earliestEnd = saved.earliestEnd
        cachedTime = .nan
        revision &+= 1
    }

    // MARK: - Presentation

    /// A copy with every animation applied at the timeline's current time (model values
    /// where nothing animates). A layer with no animation is its own presentation; treat
    /// the result as read-only.
    public final func presentation() -> Self {
        // Made by `type(of: self).init` (`updatePresentation`), so of this layer's own class.
        unsafeDowncast(updatePresentation().takeUnretainedValue(), to: Self.self)
    }

    /// Calls `body` with `presentation()`, lent rather than returned: no retain and release
    /// of the copy, atomic writes to its header that a walk over thousands of layers pays for
    /// each (docs/internals/rendering-many-layers.md). `body` must not change the layer
    /// tree, nor keep the copy.
    @inlinable
    public final func withPresentation<Result>(_ body: (Layer) throws -> Result) rethrows -> Result {
        try updatePresentation()._withUnsafeGuaranteedRef(body)
    }

    /// The presentation copy, brought to the current frame, not retained: `self`, or the copy
    /// `cachedPresentation` holds.
    @usableFromInline
    final func updatePresentation() -> Unmanaged<Layer> {
        if isPresentation || !hasAnimations { return Unmanaged.passUnretained(self) }
        let now = timeline.currentTime
        if cachedTime == now, cachedRevision == revision, let cachedCopy { return cachedCopy }
        cachedTime = now
        cachedRevision = revision
        // Last frame's copy is reused when only this layer holds it (no allocation per layer
        // per frame); one that someone kept stays as it was, and a new one is made.
        if isKnownUniquelyReferenced(&cachedPresentation), let cachedCopy {
            // Borrowed rather than retained and released around every step: an atomic write
            // to its header each (`cachedPresentation` holds it throughout).
            cachedCopy._withUnsafeGuaranteedRef { reused in
                if reused.revision == revision && !reused.presentationWrites.contains(.other) {
                    // The model has not changed since the copy took its values (every change
                    // moves the revision): what differs is what was written on the copy since,
                    // mostly last frame's animated values, so only that goes back to the model's.
                    reused.retakeModelValues(reused.presentationWrites, from: self)
                } else {
                    reused.takeModelValues(from: self)
                }
                applyAnimations(to: reused, at: now)
            }
            return cachedCopy
        }
        cachedPresentation?.modelReference = nil
        let copy = type(of: self).init(presentationOf: self)
        applyAnimations(to: copy, at: now)
        cachedPresentation = copy
        return Unmanaged.passUnretained(copy)  // held by `cachedPresentation`
    }

    /// Applies the attached animations at `now` to `copy`, this layer's presentation.
    @inline(__always)
    private func applyAnimations(to copy: Layer, at now: MediaTime) {
        copy.presentationWrites = []
        if let soleAnimation {
            soleAnimation._withUnsafeGuaranteedRef { $0.apply(to: copy, at: now) }
        } else {
            for entry in animationEntries {
                entry.animation.apply(to: copy, at: now)
            }
        }
    }

    /// The value of `property` as the screen shows it now.
    public final func presentationValue<Value>(of property: LayerProperty<Value>) -> Value? {
        property.get(presentation())
    }

    // MARK: - Change tracking

    /// Notes a change of a property that does not animate; on a presentation copy, notes
    /// what was written (`writes`).
    func noteChange(writes: PresentationWrites) {
        guard !isPresentation else {
            presentationWrites.formUnion(writes)
            return
        }
        revision &+= 1
        timeline.noteModelChange()
    }

    /// Notes a change that draws nothing by itself (the name, interaction, the superlayer):
    /// cached presentations take it, nothing is redrawn.
    private func noteRevision(_ writes: PresentationWrites) {
        guard !isPresentation else {
            presentationWrites.formUnion(writes)
            return
        }
        revision &+= 1
    }

    /// Called by every animatable property's `didSet`: notes the change and runs the
    /// implicit action. The property is only made when needed: a presentation copy's
    /// properties are set every frame, and making it copies its name and accessors.
    func didChange<Value>(
        _ makeProperty: @autoclosure () -> LayerProperty<Value>, from oldValue: Value,
        writes: PresentationWrites
    ) {
        guard !isPresentation else {
            presentationWrites.formUnion(writes)
            return
        }
        revision &+= 1
        timeline.noteModelChange()
        guard superlayer != nil else { return }
        let property = makeProperty()
        guard property.hasImplicitAnimation else { return }
        guard let newValue = property.get(self), newValue != oldValue else { return }
        timeline.runImplicitAction(for: property, of: self, from: oldValue)
    }

    /// The presentation value of `property` as it was before the model changed to its
    /// current value (for implicit animations, which start where the screen is).
    func presentationValue<Value>(of property: LayerProperty<Value>, withModelValue model: Value) -> Value {
        // Without animations the copy is the model: its value, without making the copy. So
        // too when none of them writes the property (a bubble's opacity faded in its pop while
        // its path animation holds its position): the copy would only be made and freed.
        guard !animationEntries.isEmpty else { return model }
        if property.isEngineOwn,
            !animationEntries.contains(where: { $0.animation.mayWrite(engineOwnProperty: property.name) })
        {
            return model
        }
        let copy = type(of: self).init(presentationOf: self)
        property.set(copy, model)
        for entry in animationEntries {
            entry.animation.apply(to: copy, at: timeline.currentTime)
        }
        return property.get(copy) ?? model
    }
}
