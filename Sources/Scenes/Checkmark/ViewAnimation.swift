import Animation

/// C4's `ViewAnimation` (`C4ViewAnimation` in the tutorial): a block of property changes
/// that animates over `duration` with a `curve` when told to `animate()`, and tells its
/// completion observers when it is done.
///
/// It is the engine's block animation, `timeline.animate(duration:curve:changes:completion:)`,
/// which is what C4's `animate()` does on iOS (a `UIView.animate` block around a
/// `CATransaction` with the duration, the curve's timing function and a completion block):
/// - every animatable property changed in the block animates from what the screen shows
///   to the new model value, with the curve, fillMode both (docs/SEMANTICS.md § Checkmark (C4));
/// - the completion observers run once every animation the block started has ended (the
///   transaction's completion block), at the end of the frame in which the last one ended.
///
/// Where it differs from C4, and why:
/// - C4 keeps finished shape-layer animations attached (not removed, holding their end
///   value); the engine removes them, which shows the same picture because the model already
///   holds that end value.
/// - C4 posts the completed event on the next turn of the run loop; here observers run at the
///   end of the frame the animation ended in, so a chained animation begins at that frame.
/// - A block that changes nothing (every value already the model's) completes at once, as
///   the engine's `animate` (and UIKit's) does; C4 on Core Animation would run a
///   do-nothing animation for `duration` first. It only happens when a transition is
///   interrupted.
/// - `cancel()` is ours: see its doc.
final class ViewAnimation {
    /// C4's `Animation.Curve`, with the timing function each stands for.
    enum Curve: Hashable {
        case linear, easeOut, easeIn, easeInOut
        /// Any cubic Bézier (ours: a knob may set one).
        case custom(TimingFunction)

        /// C4's named curve for `timingFunction` if there is one, else a custom one.
        init(_ timingFunction: TimingFunction) {
            let named: [Curve] = [.linear, .easeOut, .easeIn, .easeInOut]
            self = named.first { $0.timingFunction == timingFunction } ?? .custom(timingFunction)
        }

        /// The Core Animation curve C4 gives the block's transaction.
        var timingFunction: TimingFunction {
            switch self {
            case .linear: .linear
            case .easeOut: .easeOut
            case .easeIn: .easeIn
            case .easeInOut: .easeInEaseOut
            case .custom(let timingFunction): timingFunction
            }
        }
    }

    /// Seconds; C4's default is 1.
    var duration: MediaTime = 1
    /// C4's default for view animations is `.easeInOut`, as from C4 1.1.0 (docs/SEMANTICS.md
    /// § Checkmark (C4)).
    var curve = Curve.easeInOut
    /// The property changes to animate.
    let animations: () -> Void

    private let timeline: Timeline
    private var completionObservers: [() -> Void] = []
    /// Counts calls of `animate()` and `cancel()`: only the latest run may report completion.
    private var run = 0

    /// An animation of `animations` over `duration` seconds on `timeline` (C4's
    /// `ViewAnimation(duration:) { }`; the timeline is ours, C4 has one global clock).
    init(duration: MediaTime, on timeline: Timeline, animations: @escaping () -> Void) {
        self.duration = duration
        self.timeline = timeline
        self.animations = animations
    }

    /// Adds `action` to run each time the animation completes.
    func addCompletionObserver(_ action: @escaping () -> Void) {
        completionObservers.append(action)
    }

    /// Runs the block inside a block animation with the duration and curve; the observers
    /// run when every animation it started has ended. The animations' source is the caller's
    /// line (`b1ToX.animate()`), not this one.
    func animate(fileID: String = #fileID, line: Int = #line) {
        run += 1
        let thisRun = run
        timeline.animate(
            duration: duration, curve: curve.timingFunction, fileID: fileID, line: line, changes: animations
        ) {
            [weak self] in
            guard let self, self.run == thisRun else { return }
            for observer in self.completionObservers { observer() }
        }
    }

    /// Ours, not C4's: the run in progress will not tell its observers when it ends (or when
    /// a later animation of the same property replaces it, which Core Animation reports as an
    /// end too). Its animations go on until something else animates those properties.
    func cancel() {
        run += 1
    }
}

// MARK: - Checkpoints

extension ViewAnimation: CheckpointedObject {
    /// Its settings and run, and who waits for it (CheckmarkScene's checkpoints).
    struct Checkpoint {
        let duration: MediaTime
        let curve: Curve
        let completionObservers: [() -> Void]
        let run: Int
    }

    /// What it animates and on which timeline: constants.
    static let notCheckpointed: Set = ["animations", "timeline"]

    var checkpoint: Checkpoint {
        Checkpoint(duration: duration, curve: curve, completionObservers: completionObservers, run: run)
    }

    func restore(_ saved: Checkpoint) {
        (duration, curve, completionObservers, run) = (
            saved.duration, saved.curve, saved.completionObservers, saved.run
        )
    }
}
