import TestSupport
import Testing

@testable import Animation

/// A layer's checkpoint is one value (`Layer.Checkpoint`): every stored property of `Layer`
/// is in it or named as not saved, so a property added later fails here until it is either.
/// The same for the engine's other stateful objects that `Timeline.checkpoint(of:)` saves:
/// the timeline itself, timers, display links, gesture recognizers and their dispatcher,
/// transactions and animations.
@Suite("Engine checkpoint coverage: every stateful object of the engine")
struct LayerCheckpointCoverageTests {
    @Test("every stored property of a layer is in its checkpoint or named as not saved")
    func layer() {
        let layer = Layer(timeline: Timeline())
        let problems = CheckpointCoverage.problems(
            of: layer, as: Layer.self, checkpoint: layer.checkpoint, notCheckpointed: Layer.notCheckpointed)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// The shape and text layers each add their drawn state (saved as one value) and caches.
    @Test("shape and text layers save their drawn state")
    func subclasses() {
        let timeline = Timeline()
        #expect(
            CheckpointCoverage.storedProperties(of: ShapeLayer(timeline: timeline), as: ShapeLayer.self)
                == ["shapeDrawing", "trimMeasureCache"])
        #expect(
            CheckpointCoverage.storedProperties(of: TextLayer(timeline: timeline), as: TextLayer.self)
                == ["textDrawing"])
    }

    @Test("every stored property of a timer and of a display link is in its checkpoint or named as not saved")
    func timersAndDisplayLinks() {
        let timeline = Timeline()
        let timer = timeline.schedule(after: 0.5, repeats: true) { _ in }
        let link = timeline.addDisplayLink { _ in }
        let problems =
            CheckpointCoverage.problems(
                of: timer, checkpoint: timer.checkpoint, notCheckpointed: ScheduledTimer.notCheckpointed)
            + CheckpointCoverage.problems(
                of: link, checkpoint: link.checkpoint, notCheckpointed: DisplayLink.notCheckpointed)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// `GestureRecognizer`'s own properties are in its checkpoint; each recognizer saves what
    /// it adds in its `savedState()` override, so a property added to one fails here until that
    /// override saves it and this list has it.
    @Test(
        "every stored property of a recognizer is in its checkpoint; the subclasses store what their override saves"
    )
    func recognizers() {
        let tap = TapGestureRecognizer { _ in }
        let problems = CheckpointCoverage.problems(
            of: tap, as: GestureRecognizer.self, checkpoint: tap.checkpoint,
            notCheckpointed: GestureRecognizer.notCheckpointed)
        #expect(problems.isEmpty, "\(problems)")
        #expect(CheckpointCoverage.storedProperties(of: tap, as: TapGestureRecognizer.self) == ["start"])
        #expect(
            CheckpointCoverage.storedProperties(
                of: PanGestureRecognizer { _ in }, as: PanGestureRecognizer.self)
                == ["start", "samples"])
        #expect(
            CheckpointCoverage.storedProperties(
                of: ScrollWheelGestureRecognizer { _ in }, as: ScrollWheelGestureRecognizer.self)
                == ["windowDelta"])
    }

    @Test(
        "every stored property of the timeline, a transaction and the gesture dispatcher is in its checkpoint or named"
    )
    func timelineTransactionsDispatcher() {
        let timeline = Timeline()
        let transaction = Transaction(inheriting: nil, isImplicit: false)
        let dispatcher = GestureDispatcher()
        let problems =
            CheckpointCoverage.problems(
                of: timeline, checkpoint: timeline.checkpoint, notCheckpointed: Timeline.notCheckpointed)
            + CheckpointCoverage.problems(
                of: transaction, checkpoint: transaction.checkpoint,
                notCheckpointed: Transaction.notCheckpointed)
            + CheckpointCoverage.problems(
                of: dispatcher, checkpoint: dispatcher.checkpoint,
                notCheckpointed: GestureDispatcher.notCheckpointed)
        #expect(problems.isEmpty, "\(problems)")
    }

    /// An animation's settings are copied by `Layer.add` and never change on the running copy;
    /// what does (`hasFinished`, `transactions`) is its run checkpoint. Each kind adds settings
    /// only: a property added to one fails here until it is named as a setting or saved.
    @Test(
        "every stored property of an animation is in its run checkpoint or a setting; the kinds add settings only"
    )
    func animations() {
        let basic = BasicAnimation(keyPath: .opacity)
        let problems = CheckpointCoverage.problems(
            of: basic, as: LayerAnimation.self, checkpoint: basic.runCheckpoint,
            notCheckpointed: LayerAnimation.notCheckpointed)
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            CheckpointCoverage.storedProperties(of: basic, as: PropertyAnimation<Double>.self) == ["keyPath"])
        #expect(
            CheckpointCoverage.storedProperties(of: basic, as: BasicAnimation<Double>.self)
                == ["fromValue", "toValue", "byValue"])
        #expect(
            CheckpointCoverage.storedProperties(
                of: SpringAnimation(keyPath: .position), as: SpringAnimation<Point>.self)
                == ["damping", "mass", "stiffness", "initialVelocity"])
        // Its segment caches are made from its settings, the same on every run.
        #expect(
            CheckpointCoverage.storedProperties(
                of: KeyframeAnimation(keyPath: .position), as: KeyframeAnimation<Point>.self)
                == [
                    "values", "keyTimes", "timingFunctions", "path", "calculationMode", "rotationMode",
                    "segmentCache",
                    "soleSegment",
                ])
        #expect(
            CheckpointCoverage.storedProperties(of: AnimationGroup(), as: AnimationGroup.self) == [
                "animations"
            ])
    }
}
