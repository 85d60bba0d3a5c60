/// An object whose state time travel's checkpoints save as one value, `Checkpoint`, so that
/// none of its stored properties can be forgotten: each is either a field of that value (by
/// the same name) or named in `notCheckpointed`, and a test compares the object's stored
/// properties, read by `Mirror`, with the two (`TestSupport`'s `unsavedStoredProperties`),
/// as `LayerDrawing`'s test does for what a layer draws.
///
/// A checkpoint keeps the value; restoring puts it back on the same object, so the closures
/// the object's owner made keep reaching it (docs/ARCHITECTURE.md § Time travel).
public protocol CheckpointedObject: AnyObject {
    /// Every stored property that can change and that nothing else saves, as values (objects
    /// by reference: they save themselves).
    associatedtype Checkpoint
    /// Its state now.
    var checkpoint: Checkpoint { get }
    /// Puts `checkpoint` back on this object.
    func restore(_ checkpoint: Checkpoint)
    /// The stored properties `Checkpoint` leaves out: constants, caches, and objects whose
    /// own state is saved elsewhere (the engine's layers, timers and recognizers).
    static var notCheckpointed: Set<String> { get }
}

extension CheckpointedObject {
    /// Its state now, and what puts it back.
    public func savedState() -> () -> Void {
        let saved = checkpoint
        return { [self] in restore(saved) }
    }
}

/// `CheckpointedObject`'s contract for the engine's public types whose `Checkpoint` is their
/// own business (timers, display links, transactions): the same, internal, so that the value
/// can stay internal (a public protocol's witnesses must be public).
protocol InternallyCheckpointed: AnyObject {
    associatedtype Checkpoint
    var checkpoint: Checkpoint { get }
    func restore(_ checkpoint: Checkpoint)
    static var notCheckpointed: Set<String> { get }
}

extension InternallyCheckpointed {
    /// Its state now, and what puts it back (`Timeline.checkpoint(of:)`).
    func savedState() -> () -> Void {
        let saved = checkpoint
        return { [self] in restore(saved) }
    }
}

/// The `Checkpoint` of an object with nothing to save: all it stores is constant.
public struct NothingToCheckpoint: Sendable {
    public init() {}
}

extension CheckpointedObject where Checkpoint == NothingToCheckpoint {
    public var checkpoint: NothingToCheckpoint { NothingToCheckpoint() }
    public func restore(_ checkpoint: NothingToCheckpoint) {}
}

extension Array {
    /// A copy of the elements in storage of their own that holds just them, for a checkpoint to
    /// keep an array its object goes on changing (issue 39). Kept as is, the checkpoint shares
    /// the array's storage, the object's next change copies it into storage of the same
    /// capacity (twice that when full), and the checkpoint goes on holding the old one with its
    /// room to grow, up to twice what it needs: the timeline's list of animated layers and
    /// its ends, a view's list of objects, a layer's sublayers. Copied here, the checkpoint
    /// holds only the elements and the object changes its own storage in place.
    public var checkpointCopy: [Element] {
        capacity > count ? withUnsafeBufferPointer { Array($0) } : self
    }
}
