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
        if stage >= .strokes {
            for shape in shapes {
                shape.fillColor = .clear
                shape.lineWidth = knobs[Knobs.lineWidth]
                shape.strokeColor = C4Blue
            }
            startInCheckState()
        }

        b1.addSublayer(b2)
        b1.addSublayer(b3)
        rootLayer.addSublayer(b1)
        addGuides()

        createB1Animations()
        createB2Animations()
        createB3Animations()

        guard stage >= .xState else { return }
        rootLayer.addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                self.stopPreviousTransition()
                if self.x {
                    if self.stage >= .choreography { self.toCheck() } else { self.toCheckAllAtOnce() }
                    if self.stage >= .complete { self.animate(C4Blue) }
                } else {
                    if self.stage >= .choreography { self.toX() } else { self.toXAllAtOnce() }
                    if self.stage >= .complete { self.animate(C4Pink) }
                }
                self.x = !self.x
            })
    }
    /// Ours: the stroke ranges that b1ToCheck, b2ToCheck and b3ToCheck (with their chains)
    /// end on.
    private func startInCheckState() {
        b1.strokeStart = 0.0
        b1.strokeEnd = 0.81
        b2.strokeStart = 0.0
        b2.strokeEnd = 0.06
        b3.strokeStart = 0.804
        b3.strokeEnd = 1.0
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
    // …
    /// The colour of all three shapes, over d + dc (the curve is left to C4's default).
    func animate(_ color: Color) {
        let colorAnimation = ViewAnimation(duration: dKnob + dcKnob, on: timeline) { [unowned self] in
            self.b1.strokeColor = color
            self.b2.strokeColor = color
            self.b3.strokeColor = color
        }
        colorAnimation.curve = curve(Knobs.colorAnimationCurve)
        self.colorAnimation = colorAnimation  // kept, as the b1… animations are
        colorAnimation.animate()
    }
    // …
    private func createB1Animations() {
        b1ToX = ViewAnimation(duration: d, on: timeline) { [unowned self] in
            self.b1.strokeStart = 0.6
        }
        b1ToX.curve = .easeIn
        b1ToX.addCompletionObserver { [unowned self] in
            let a = ViewAnimation(duration: self.dcKnob, on: self.timeline) {
                self.b1.strokeStart = 0.88
                self.b1.strokeEnd = 1.0
            }
            a.curve = self.curve(Knobs.aCurve)
            a.animate()
        }

        b1ToCheck = ViewAnimation(duration: d, on: timeline) { [unowned self] in
            self.b1.strokeStart = 0.6
            self.b1.strokeEnd = 0.81
        }
        b1ToCheck.curve = .easeIn
        b1ToCheck.addCompletionObserver { [unowned self] in
            let a = ViewAnimation(duration: self.dcKnob, on: self.timeline) {
                self.b1.strokeStart = 0.0
            }
            a.curve = self.curve(Knobs.aCurve)
            a.animate()
        }
    }
    private func createB2Animations() {
        b2ToX = ViewAnimation(duration: d, on: timeline) { [unowned self] in
            self.b2.strokeStart = 0.15
            self.b2.strokeEnd = 0.21
        }
        b2ToX.curve = .easeIn
        b2ToX.addCompletionObserver { [unowned self] in
            let a = ViewAnimation(duration: self.dcKnob, on: self.timeline) {
                self.b2.strokeEnd = 1.0
            }
            a.curve = self.curve(Knobs.aCurve)
            a.animate()
        }

        b2ToCheck = ViewAnimation(duration: d, on: timeline) { [unowned self] in
            self.b2.strokeEnd = 0.21
        }
        b2ToCheck.curve = .easeIn
        b2ToCheck.addCompletionObserver { [unowned self] in
            let a = ViewAnimation(duration: self.dcKnob, on: self.timeline) {
                self.b2.strokeStart = 0.0
                self.b2.strokeEnd = 0.06
            }
            a.curve = self.curve(Knobs.aCurve)
            a.animate()
        }
    }
    private func createB3Animations() {
        b3ToX = ViewAnimation(duration: d, on: timeline) { [unowned self] in
            self.b3.strokeStart = 0.0
            self.b3.strokeEnd = 0.19
        }

        b3ToCheck = ViewAnimation(duration: d, on: timeline) { [unowned self] in
            self.b3.strokeStart = 0.804
            self.b3.strokeEnd = 1.0
        }
    }
    // …
    func toX() {
        applyTimingKnobs()
        b1ToX.animate()
        delay(knobs[Knobs.b3ToXDelay]) { [weak self] in
            self?.b3ToX.animate()
        }
        delay(knobs[Knobs.b2ToXDelay]) { [weak self] in
            self?.b2ToX.animate()
        }
    }
    func toCheck() {
        applyTimingKnobs()
        b2ToCheck.animate()
        delay(knobs[Knobs.toCheckDelay]) { [weak self] in
            self?.b3ToCheck.animate()
            self?.b1ToCheck.animate()
        }
    }
