import Animation
import Session
import Testing

/// A drag never outlives its button (`PointerTracker`): a release lost to an unmap, a grab or
/// a focus change is made up, and a motion without the button ends the drag.
@Suite("Pointer tracker")
struct PointerTrackerTests {
    let a = Point(x: 10, y: 20)
    let b = Point(x: 30, y: 40)
    let c = Point(x: 50, y: 60)

    @Test("press, moves with the button, release: delivered as they are")
    func ordinaryDrag() {
        var tracker = PointerTracker()
        #expect(tracker.filter(.down(a)) == [.down(a)])
        #expect(tracker.filter(.move(b), isButtonHeld: true) == [.move(b)])
        #expect(tracker.filter(.up(b)) == [.up(b)])
        #expect(!tracker.isButtonDown)
        #expect(tracker.filter(.move(c), isButtonHeld: false) == [.move(c)])
    }

    @Test("a motion without the button while a drag is on: the release is made up where the pointer was")
    func motionWithoutButton() {
        var tracker = PointerTracker()
        _ = tracker.filter(.down(a))
        _ = tracker.filter(.move(b), isButtonHeld: true)
        #expect(tracker.filter(.move(c), isButtonHeld: false) == [.up(b), .move(c)])
        #expect(!tracker.isButtonDown)
        // The real release, if it comes after all, is not delivered twice.
        #expect(tracker.filter(.up(c)) == [])
    }

    @Test("losing the pointer mid-drag releases it at the last position; with no drag, nothing")
    func cancel() {
        var tracker = PointerTracker()
        #expect(tracker.cancel() == [])
        _ = tracker.filter(.down(a))
        _ = tracker.filter(.move(b), isButtonHeld: true)
        #expect(tracker.cancel() == [.up(b)])
        #expect(tracker.cancel() == [])
        #expect(tracker.filter(.move(c), isButtonHeld: true) == [.move(c)])  // no press seen: a hover
    }

    @Test("a second press without a release ends the first drag first")
    func secondPress() {
        var tracker = PointerTracker()
        _ = tracker.filter(.down(a))
        #expect(tracker.filter(.down(c)) == [.up(a), .down(c)])
        #expect(tracker.isButtonDown)
    }

    @Test("keys pass through; a motion whose button state is unknown changes nothing")
    func keysAndUnknownState() {
        var tracker = PointerTracker()
        _ = tracker.filter(.down(a))
        #expect(tracker.filter(.key(.space)) == [.key(.space)])
        #expect(tracker.filter(.move(b)) == [.move(b)])
        #expect(tracker.isButtonDown)
    }
}
