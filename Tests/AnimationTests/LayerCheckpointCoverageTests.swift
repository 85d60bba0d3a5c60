import TestSupport
import Testing

@testable import Animation

/// A layer's checkpoint is one value (`Layer.Checkpoint`): every stored property of `Layer`
/// is in it or named as not saved, so a property added later fails here until it is either.
/// The same for the engine's other stateful objects that `Timeline.checkpoint(of:)` saves:
/// timers, display links and gesture recognizers.
@Suite("Engine checkpoint coverage: layers, timers, display links, recognizers")
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
}
