// CheckmarkScene.swift
    private func setup() {
        rootLayer.backgroundColor = C4Purple

        b1 = createBezier1()
        b2 = createBezier2()
        b3 = createBezier3()
        b1.name = "b1"
        b2.name = "b2"
        b3.name = "b3"
        let shapes: [Shape] = [b1, b2, b3]
// …

        b1.addSublayer(b2)
        b1.addSublayer(b3)
        rootLayer.addSublayer(b1)
        addGuides()

// …

    // …
    }
    // …
    func createBezier1() -> Shape {
        var bezier = BezierPath()
        bezier.move(to: Point(177.2, 30.4))
        bezier.addCurve(
            to: Point(103.8, 0), controlPoint1: Point(158.4, 11.6), controlPoint2: Point(132.5, 0))
        bezier.addCurve(
            to: Point(0, 103.8), controlPoint1: Point(46.5, 0), controlPoint2: Point(0, 46.5))
        bezier.addCurve(
            to: Point(103.8, 207.6), controlPoint1: Point(0, 161.1), controlPoint2: Point(46.5, 207.6))
        bezier.addCurve(
            to: Point(207.6, 103.8), controlPoint1: Point(161.1, 207.6), controlPoint2: Point(207.6, 161.1))
        bezier.addCurve(
            to: Point(177.2, 30.4), controlPoint1: Point(207.6, 75.1), controlPoint2: Point(196, 49.2))
        bezier.addLine(to: Point(69.2, 138.4))
        return Shape(bezier, timeline: timeline)
    }
    func createBezier2() -> Shape {
        var bezier = BezierPath()
        bezier.move(to: Point(90.9, 138.4))
        bezier.addLine(to: Point(10.6, 58.1))
        bezier.addCurve(
            to: Point(0, 103.8), controlPoint1: Point(3.8, 71.9), controlPoint2: Point(0, 87.4))
        bezier.addCurve(
            to: Point(103.8, 207.6), controlPoint1: Point(0, 161.1), controlPoint2: Point(46.5, 207.6))
        bezier.addCurve(
            to: Point(207.7, 103.8), controlPoint1: Point(161.1, 207.6), controlPoint2: Point(207.7, 161.1))
        bezier.addCurve(
            to: Point(103.9, 0), controlPoint1: Point(207.7, 46.5), controlPoint2: Point(161.3, 0))
        bezier.addCurve(
            to: Point(10.7, 58.1), controlPoint1: Point(63, 0), controlPoint2: Point(27.6, 23.7))
        return Shape(bezier, timeline: timeline)
    }
    func createBezier3() -> Shape {
        var bezier = BezierPath()
        bezier.move(to: Point(138.4, 138.4))
        bezier.addLine(to: Point(30.4, 30.4))
        bezier.addCurve(
            to: Point(0, 103.8), controlPoint1: Point(11.6, 49.2), controlPoint2: Point(0, 75.1))
        bezier.addCurve(to: Point(42, 187.2), controlPoint1: Point(0, 138), controlPoint2: Point(16.5, 168.3))
        bezier.addLine(to: Point(160, 69.2))
        return Shape(bezier, timeline: timeline)
    }
