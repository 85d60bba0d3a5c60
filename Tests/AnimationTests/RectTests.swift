import Animation
import Testing

/// Rectangle containment, as CGRectContainsRect: edges may touch, null rectangles contain and
/// are contained by nothing.
@Suite("Rect")
struct RectTests {
    let frame = Rect(x: 0, y: 0, width: 800, height: 600)

    @Test("a rectangle contains itself and what lies inside, edges touching")
    func contains() {
        #expect(frame.contains(frame))
        #expect(frame.contains(Rect(x: 0, y: 0, width: 800, height: 1)))
        #expect(frame.contains(Rect(x: 799, y: 599, width: 1, height: 1)))
    }

    @Test(
        "what reaches past any edge by any amount is not contained",
        arguments: [
            Rect(x: -0.001, y: 0, width: 10, height: 10), Rect(x: 0, y: -0.5, width: 10, height: 10),
            Rect(x: 790, y: 0, width: 10.001, height: 10), Rect(x: 0, y: 0, width: 10, height: 600.5),
            Rect.null,
        ])
    func notContained(other: Rect) {
        #expect(!frame.contains(other))
        #expect(!Rect.null.contains(frame))
    }
}
