import Animation
import TestSupport

@testable import Scenes

// Shared by the checkmark tests: what the strokes show, the tutorial's timeline as formulas,
// and the geometry of the strokes in window pixels. The scene itself runs in a `SceneTester`.

/// The stroke ranges of b1, b2 and b3 and their colour.
struct Strokes: Equatable, CustomStringConvertible {
    var b1: ClosedRange<Double>
    var b2: ClosedRange<Double>
    var b3: ClosedRange<Double>
    var color: Color

    /// The check at rest: the ranges the check animations end on (the scene starts here).
    static let check = Strokes(b1: 0...0.81, b2: 0...0.06, b3: 0.804...1, color: C4Blue)
    /// The X at rest: the ranges the X animations end on.
    static let x = Strokes(b1: 0.88...1, b2: 0.15...1, b3: 0...0.19, color: C4Pink)

    var ranges: [ClosedRange<Double>] { [b1, b2, b3] }

    /// The largest difference of any stroke end or colour component.
    func distance(to other: Strokes) -> Double {
        var largest = 0.0
        for (a, b) in zip(ranges, other.ranges) {
            largest = max(largest, abs(a.lowerBound - b.lowerBound), abs(a.upperBound - b.upperBound))
        }
        for (a, b) in [
            (color.red, other.color.red), (color.green, other.color.green), (color.blue, other.color.blue),
        ] {
            largest = max(largest, abs(a - b))
        }
        return largest
    }

    var description: String {
        func format(_ range: ClosedRange<Double>) -> String { "\(range.lowerBound)…\(range.upperBound)" }
        return "b1 \(format(b1)), b2 \(format(b2)), b3 \(format(b3)), \(color)"
    }
}

extension Strokes {
    /// What `scene` shows now: its shapes' presentation values at the last frame's time.
    init(shownBy scene: CheckmarkScene) {
        let (b1, b2, b3) = (scene.b1.presentation(), scene.b2.presentation(), scene.b3.presentation())
        self.init(
            b1: b1.strokeStart...b1.strokeEnd, b2: b2.strokeStart...b2.strokeEnd,
            b3: b3.strokeStart...b3.strokeEnd, color: b1.strokeColor)
    }
}

// MARK: - The tutorial's timeline as formulas

/// One animation of one value: from `from` to `to` over `duration` seconds from `start`,
/// with `curve`.
struct Segment {
    var start: MediaTime
    var duration: MediaTime
    var curve: TimingFunction
    var from: Double
    var to: Double
}

/// A value over time: `initial`, then each segment from its start (a later segment takes
/// over from an earlier one).
struct Track {
    var initial: Double
    var segments: [Segment] = []

    func value(at time: MediaTime) -> Double {
        guard let segment = segments.last(where: { $0.start <= time }) else { return initial }
        let fraction = min(max((time - segment.start) / segment.duration, 0), 1)
        return segment.from + (segment.to - segment.from) * segment.curve.progress(at: fraction)
    }
}

/// The frame time at which something due at `time` happens: timers fire, and completions
/// run, on the first frame at or after it (the engine's rule; on a device it is the next
/// turn of the run loop).
func firstFrameTime(atOrAfter time: MediaTime, fps: Int) -> MediaTime {
    var frame = Int((time * Double(fps)).rounded(.down))
    while Double(frame) / Double(fps) < time { frame += 1 }
    while frame > 0 && Double(frame - 1) / Double(fps) >= time { frame -= 1 }
    return Double(frame) / Double(fps)
}

/// The tutorial's values for a click at `click` (on the frame grid of `fps`), from rest in
/// `from` (`.check` runs toX(), `.x` runs toCheck()), written out from checkmark-c4.md:
/// d = 0.5, dc = 0.25, delays 0.15, 0.3 (toX) and 0.5 (toCheck), the colour over d + dc.
struct TutorialTimeline {
    var b1Start: Track
    var b1End: Track
    var b2Start: Track
    var b2End: Track
    var b3Start: Track
    var b3End: Track
    var color: [Track]

    init(clickAt click: MediaTime, from rest: Strokes, fps: Int) {
        let d = 0.5
        let dc = 0.25
        func at(_ time: MediaTime) -> MediaTime { firstFrameTime(atOrAfter: time, fps: fps) }
        let target = rest == .check ? Strokes.x : Strokes.check
        b1Start = Track(initial: rest.b1.lowerBound)
        b1End = Track(initial: rest.b1.upperBound)
        b2Start = Track(initial: rest.b2.lowerBound)
        b2End = Track(initial: rest.b2.upperBound)
        b3Start = Track(initial: rest.b3.lowerBound)
        b3End = Track(initial: rest.b3.upperBound)
        color = [
            Track(initial: rest.color.red), Track(initial: rest.color.green), Track(initial: rest.color.blue),
        ]
        let colors = [
            (rest.color.red, target.color.red), (rest.color.green, target.color.green),
            (rest.color.blue, target.color.blue),
        ]
        for (index, (from, to)) in colors.enumerated() {
            color[index].segments = [
                Segment(start: click, duration: d + dc, curve: .easeInEaseOut, from: from, to: to)
            ]
        }
        if rest == .check {
            // toX(): b1ToX now, b3ToX after 0.15 s, b2ToX after 0.3 s; b1 and b2 chain a second
            // animation (dc, easeOut) on completion.
            let b1Chain = at(click + d)
            b1Start.segments = [
                Segment(start: click, duration: d, curve: .easeIn, from: 0, to: 0.6),
                Segment(start: b1Chain, duration: dc, curve: .easeOut, from: 0.6, to: 0.88),
            ]
            b1End.segments = [Segment(start: b1Chain, duration: dc, curve: .easeOut, from: 0.81, to: 1.0)]
            let b3Begin = at(click + 0.15)
            b3Start.segments = [
                Segment(start: b3Begin, duration: d, curve: .easeInEaseOut, from: 0.804, to: 0)
            ]
            b3End.segments = [
                Segment(start: b3Begin, duration: d, curve: .easeInEaseOut, from: 1.0, to: 0.19)
            ]
            let b2Begin = at(click + 0.3)
            let b2Chain = at(b2Begin + d)
            b2Start.segments = [Segment(start: b2Begin, duration: d, curve: .easeIn, from: 0, to: 0.15)]
            b2End.segments = [
                Segment(start: b2Begin, duration: d, curve: .easeIn, from: 0.06, to: 0.21),
                Segment(start: b2Chain, duration: dc, curve: .easeOut, from: 0.21, to: 1.0),
            ]
        } else {
            // toCheck(): b2ToCheck now (its chain after d); b3ToCheck and b1ToCheck after 0.5 s,
            // b1's chain after that.
            let b2Chain = at(click + d)
            b2Start.segments = [Segment(start: b2Chain, duration: dc, curve: .easeOut, from: 0.15, to: 0)]
            b2End.segments = [
                Segment(start: click, duration: d, curve: .easeIn, from: 1.0, to: 0.21),
                Segment(start: b2Chain, duration: dc, curve: .easeOut, from: 0.21, to: 0.06),
            ]
            let later = at(click + 0.5)
            b3Start.segments = [Segment(start: later, duration: d, curve: .easeInEaseOut, from: 0, to: 0.804)]
            b3End.segments = [Segment(start: later, duration: d, curve: .easeInEaseOut, from: 0.19, to: 1.0)]
            let b1Chain = at(later + d)
            b1Start.segments = [
                Segment(start: later, duration: d, curve: .easeIn, from: 0.88, to: 0.6),
                Segment(start: b1Chain, duration: dc, curve: .easeOut, from: 0.6, to: 0),
            ]
            b1End.segments = [Segment(start: later, duration: d, curve: .easeIn, from: 1.0, to: 0.81)]
        }
    }

    func strokes(at time: MediaTime) -> Strokes {
        Strokes(
            b1: b1Start.value(at: time)...b1End.value(at: time),
            b2: b2Start.value(at: time)...b2End.value(at: time),
            b3: b3Start.value(at: time)...b3End.value(at: time),
            color: Color(
                red: color[0].value(at: time), green: color[1].value(at: time), blue: color[2].value(at: time)
            ))
    }
}

// MARK: - Geometry in window pixels

/// The three whole paths of the scene, in artboard coordinates (points), and where the
/// artboard sits in a window of `size`: the circle's centre (103.8, 103.8) on the window's
/// centre, `scale` pixels per point (the window's shorter side is 375 points).
struct CheckmarkGeometry {
    let paths: [BezierPath]
    let center: Point
    /// Pixels per point.
    let scale: Double

    /// The paths come from the scene as a `SceneTester` builds it; the placement is worked out
    /// here from the tutorial's `b1.center = canvas.center` and the 375-point shorter side, not
    /// read from the scene.
    init(size: Size) throws {
        let scene = try SceneTester(scene: "checkmark", size: size).scene(as: CheckmarkScene.self)
        paths = [scene.b1.path, scene.b2.path, scene.b3.path]
        center = Point(x: size.width / 2, y: size.height / 2)
        scale = min(size.width, size.height) / 375
    }

    /// The strokes' width in pixels: 2 points.
    var lineWidth: Double { 2 * scale }

    /// The window point at `fraction` of the length of shape `index` (0: b1, 1: b2, 2: b3).
    func point(shape index: Int, at fraction: Double) -> Point {
        let p = paths[index].point(atFraction: fraction) ?? .zero
        return Point(x: center.x + (p.x - 103.8) * scale, y: center.y + (p.y - 103.8) * scale)
    }

    /// The distance from `point` (window pixels) to the nearest drawn centre line of the
    /// strokes in `strokes`, sampled every 0.1 % of each path's length (under 1.5 px at the
    /// largest sizes tested).
    func clearance(of point: Point, from strokes: Strokes) -> Double {
        var nearest = Double.infinity
        for (index, range) in strokes.ranges.enumerated() where range.lowerBound < range.upperBound {
            var f = range.lowerBound
            while f <= range.upperBound {
                nearest = min(nearest, point.distance(to: self.point(shape: index, at: f)))
                f += 0.001
            }
            nearest = min(nearest, point.distance(to: self.point(shape: index, at: range.upperBound)))
        }
        return nearest
    }
}
