import Testing

@testable import Session

/// The curve a row plots in its bar: as many points as its width shows, the ends kept.
@Suite("Inspector curves")
struct InspectorCurveTests {
    @Test("a narrow bar plots a point every 2 px, a wide one every sample, both ends always")
    func plotted() {
        // 25 samples over 9 px: 0.375 px apart, so every 6th (2.25 px apart) and the last.
        #expect(InspectorPanel.plotted(samples: 25, across: 9, scale: 1) == [0, 6, 12, 18, 24])
        // The same bar at scale 2 is twice as many pixels: the same points.
        #expect(InspectorPanel.plotted(samples: 25, across: 18, scale: 2) == [0, 6, 12, 18, 24])
        // 180 px: 7.5 px apart, every sample.
        #expect(InspectorPanel.plotted(samples: 25, across: 180, scale: 1) == Array(0...24))
        // A stride that does not end on the last sample still ends there.
        #expect(
            InspectorPanel.plotted(samples: 25, across: 20, scale: 1) == [0, 3, 6, 9, 12, 15, 18, 21, 24])
        #expect(InspectorPanel.plotted(samples: 25, across: 5, scale: 1) == [0, 10, 20, 24])
        // Nothing wide, two samples, none.
        #expect(InspectorPanel.plotted(samples: 25, across: 0, scale: 1) == [0, 24])
        #expect(InspectorPanel.plotted(samples: 2, across: 1, scale: 1) == [0, 1])
        #expect(InspectorPanel.plotted(samples: 0, across: 100, scale: 1).isEmpty)
    }
}
