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
/// uninterrupted run's, byte for byte.
public protocol CheckpointingScene: Scene {
    /// The scene's own state now, as values (and objects by reference): every stored property
    /// that can change, of the scene and of the helper objects it keeps; its random
    /// generators' `state`. Not the layers of its tree, the animated ones, timers, display
    /// links or recognizers, which the engine saves, nor the knobs, which the session does; a
    /// layer it keeps outside its tree to add again later, it saves with `Layer.savedState()`.
    /// Returns what puts it back, which runs before the engine's: what its setters do to
    /// layers and timers, the engine's restore undoes.
    func savedState() -> () -> Void
}
