import Foundation
import Testing

@testable import Animation

/// docs/SEMANTICS.md § Keyframe animations (paths) and § Springs, through layers.
@Suite("Keyframe paths and spring animations")
struct KeyframePathTests {
    /// A short line then a long curve: equal time per segment whatever the lengths.
    func lineThenCurve() -> BezierPath {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.addCurve(
            to: Point(x: 210, y: 0), controlPoint1: Point(x: 60, y: 100),
            controlPoint2: Point(x: 160, y: -100))
        return path
    }

    @Test("each path segment gets the same time; inside one the Bézier parameter follows time")
    func equalTimePerSegment() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let float = KeyframeAnimation(keyPath: .position)
        float.path = lineThenCurve()
        float.duration = 2
        layer.add(float, forKey: "float")
        timeline.beginFrame(at: 0.5)  // half of the first (short) segment
        #expect(layer.presentation().position.distance(to: Point(x: 5, y: 0)) <= 1e-9)
        timeline.beginFrame(at: 1.0)  // the end of the line, whatever its length
        #expect(layer.presentation().position.distance(to: Point(x: 10, y: 0)) <= 1e-9)
        timeline.beginFrame(at: 1.5)  // t = 0.5 on the cubic: (P0 + 3C1 + 3C2 + P3) / 8
        let expected = Point(x: (10 + 180 + 480 + 210) / 8.0, y: 0)
        #expect(layer.presentation().position.distance(to: expected) <= 1e-9)
    }

    @Test("paced mode on a path moves at constant speed by arc length")
    func pacedPath() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        var path = BezierPath()
        path.move(to: .zero)
        path.addLine(to: Point(x: 10, y: 0))
        path.addLine(to: Point(x: 10, y: 90))
        let paced = KeyframeAnimation(keyPath: .position)
        paced.path = path
        paced.calculationMode = .paced
        paced.duration = 1
        layer.add(paced, forKey: "p")
        timeline.beginFrame(at: 0.5)  // 50 of 100 px: 40 px down the second line
        #expect(layer.presentation().position.distance(to: Point(x: 10, y: 40)) <= 1e-6)
    }

    @Test("rotation mode auto turns the layer to the path's tangent")
    func rotationAuto() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        var path = BezierPath()
        path.move(to: .zero)
        path.addLine(to: Point(x: 0, y: 100))  // straight down: a quarter turn clockwise
        let move = KeyframeAnimation(keyPath: .position)
        move.path = path
        move.rotationMode = .auto
        move.duration = 1
        layer.add(move, forKey: "m")
        timeline.beginFrame(at: 0.5)
        let turned = layer.presentation().transform
        #expect(turned.distance(to: AffineTransform(rotationAngle: .pi / 2)) <= 1e-12)
    }

    @Test("the path's segments are kept until the path changes, then taken from the new one")
    func pathChanged() {
        let float = KeyframeAnimation(keyPath: .position)
        float.path = lineThenCurve()
        #expect(float.place(at: 0.25)?.point.distance(to: Point(x: 5, y: 0)) ?? .infinity <= 1e-9)
        var down = BezierPath()
        down.move(to: .zero)
        down.addLine(to: Point(x: 0, y: 100))
        float.path = down
        #expect(float.place(at: 0.25)?.point.distance(to: Point(x: 0, y: 25)) ?? .infinity <= 1e-9)
        float.path?.addLine(to: Point(x: 100, y: 100))  // changed in place: two segments now
        #expect(float.place(at: 0.75)?.point.distance(to: Point(x: 50, y: 100)) ?? .infinity <= 1e-9)
        float.path = down
        float.timingFunctions = [.easeIn]  // one segment: its function warps the whole float
        let warped = TimingFunction.easeIn.progress(at: 0.5) * 100
        #expect(float.place(at: 0.5)?.point.distance(to: Point(x: 0, y: warped)) ?? .infinity <= 1e-9)
        #expect(float.place(at: 1.5)?.point == Point(x: 0, y: 100))  // clamped to the end
        float.path = nil
        #expect(float.place(at: 0.5) == nil)
    }

    @Test("a path animates point properties only; on another property it wins over values and does nothing")
    func pathOnOtherProperty() {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        layer.opacity = 0.7
        let fade = KeyframeAnimation(keyPath: .opacity)
        fade.path = lineThenCurve()
        fade.values = [0, 1]
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        timeline.beginFrame(at: 0.5)
        #expect(layer.presentation().opacity == 0.7)
        var given: [String] = []
        Double.withPathValue(at: Point(x: 1, y: 2)) { given.append("\($0)") }
        Point.withPathValue(at: Point(x: 1, y: 2)) { given.append("\($0)") }
        #expect(given == ["\(Point(x: 1, y: 2))"])
    }

    @Test(
        "a spring animation follows the closed form for the default spring",
        arguments: [
            (0.1, 0.340300), (0.3, 1.124355), (0.5, 1.074591), (1.0, 1.002170),
        ])
    func springAnimation(time: Double, expected: Double) {
        let timeline = Timeline()
        let layer = Layer(timeline: timeline)
        let spring = SpringAnimation(keyPath: .position)
        spring.fromValue = Point(x: 0, y: 0)
        spring.toValue = Point(x: 100, y: 0)
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: "s")
        timeline.beginFrame(at: time)
        // docs/SEMANTICS.md's samples have 6 decimals: ±5e-7 of 100 px, plus rounding.
        #expect(abs(layer.presentation().position.x - 100 * expected) <= 1e-4)
    }
}
