import TestSupport
import Testing

@testable import Animation

/// A layer's checkpoint is one value (`Layer.Checkpoint`): every stored property of `Layer`
/// is in it or named as not saved, so a property added later fails here until it is either.
@Suite("Layer checkpoint coverage")
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
}
