import Animation

/// A scene that time travel can restore from checkpoints instead of replaying it from its
/// start (docs/ARCHITECTURE.md § Time travel).
///
/// A checkpoint is taken after a frame, on the running instance: the engine saves what it
/// runs (`Timeline.checkpoint(of:)`: the layers' model values and tree, their animations,
/// the timers, display links and recognizers, each object's state as values), the session
/// what it holds (knobs, the press in progress), and the scene what only it knows, here.
/// Restoring puts those values back on the same objects, so the closures the scene made
/// (timers' callbacks, completions, recognizers' actions) are the ones it runs on, reaching
/// the same objects: nothing is copied or rebuilt, and the frames that follow are the
/// uninterrupted run's, byte for byte. A scene whose heavy load comes and goes between two
/// checkpoints may instead save that load as numbers and make it again (`rebuiltLayer`).
public protocol CheckpointingScene: Scene {
    /// The scene's own state now, as values (and objects by reference): every stored property
    /// that can change, of the scene and of the helper objects it keeps; its random
    /// generators' `state`. Not the layers of its tree, the animated ones, timers, display
    /// links or recognizers, which the engine saves, nor the knobs, which the session does; a
    /// layer it keeps outside its tree to add again later, it saves with `Layer.savedState()`.
    /// Returns what puts it back, which runs before the engine's: what its setters do to
    /// layers and timers, the engine's restore undoes.
    func savedState() -> () -> Void

    /// A layer whose sublayers the scene saves as the few values they are made from and makes
    /// again on a restore, instead of a checkpoint keeping them (and their animations,
    /// transactions and closures) alive: the engine leaves them out
    /// (`Timeline.checkpoint(of:rebuilding:)`). For loads whose objects all come and go
    /// between two checkpoints (the fish's bubbles, issue 39). Nil (the default): none.
    var rebuiltLayer: Layer? { get }

    /// `savedState()` for a checkpoint that leaves out the sublayers of `rebuiltLayer`: what
    /// puts the scene back (before the engine's restore, as `savedState()`'s) without them,
    /// and what makes them again (after it). The new layers and animations are other objects
    /// than the run's, so an inspector that knows animations by object does not restore such
    /// a checkpoint (`TimeMachine.checkpoint(toReplayUpTo:…)`).
    func savedStateRebuildingLayers() -> (state: () -> Void, layers: RebuiltLayers)
}

/// What a scene saves of the layers it makes again on a restore (`CheckpointingScene`'s
/// `rebuiltLayer`), and the function that makes them.
public struct RebuiltLayers {
    /// How many layers it will make (none: the checkpoint is as one that keeps them).
    public let count: Int
    /// What it keeps, estimated in bytes (`SceneCheckpoints.estimatedBytes`).
    public let estimatedBytes: Int
    /// Makes them again, under `rebuiltLayer`, as they were: run inside the engine's restore,
    /// after it (`TimelineCheckpoint.restore(rebuilding:)`), with actions disabled.
    public let rebuild: () -> Void

    public init(count: Int, estimatedBytes: Int, rebuild: @escaping () -> Void) {
        (self.count, self.estimatedBytes, self.rebuild) = (count, estimatedBytes, rebuild)
    }
}

extension CheckpointingScene {
    public var rebuiltLayer: Layer? { nil }

    public func savedStateRebuildingLayers() -> (state: () -> Void, layers: RebuiltLayers) {
        (savedState(), RebuiltLayers(count: 0, estimatedBytes: 0) {})
    }
}
