import Animation
import TestSupport
import Testing

@testable import Scenes

/// JRMFloatingAnimation 0.1.2 as ported (Scenes/JRMFloatingAnimation, docs/SEMANTICS.md § Fish
/// (JRMFloatingAnimation)): each option changes the motion as the library's code says.
@Suite("Floating: JRMFloatingAnimation's options, as its code says")
struct FloatingLibraryTests {
    /// A cubic Bézier's point at `u`, written out (not the engine's).
    static func bezier(_ path: FloatingPath, _ u: Double) -> Point {
        let a = (1 - u) * (1 - u) * (1 - u)
        let b = 3 * (1 - u) * (1 - u) * u
        let c = 3 * (1 - u) * u * u
        let d = u * u * u
        return Point(
            x: a * path.start.x + b * path.cp1.x + c * path.cp2.x + d * path.end.x,
            y: a * path.start.y + b * path.cp1.y + c * path.cp2.y + d * path.end.y)
    }

    /// Whether the path's control points are `a` and `b`, in either order (the coin), to 1e-9
    /// (x − w recomputed from the end rounds differently in the last bit).
    static func hasControls(_ path: FloatingPath, _ a: Point, _ b: Point) -> Bool {
        let close = { (p: Point, q: Point) in p.distance(to: q) <= 1e-9 }
        return (close(path.cp1, a) && close(path.cp2, b)) || (close(path.cp1, b) && close(path.cp2, a))
    }

    static let start = Point(x: 200, y: 500)

    static func paths(
        _ shape: FloatingShape, width: Double = 150, sinks: Bool = false, count: Int = 200
    ) -> [FloatingPath] {
        let random = SeededRandom(seed: 7)
        var generator = random
        return (0..<count).map { _ in
            FloatingPath.make(
                shape, from: start, size: 20, animationWidth: width, minAnimationHeight: 100,
                maxAnimationHeight: 300, sinks: sinks, using: &generator)
        }
    }

    @Test("the library's defaults: initWithStartingPoint")
    func defaults() {
        let options = FloatingAnimationOptions(startingPoint: Point(x: 100, y: 300))
        // Exact: the numbers in JRMFloatingAnimationView.m's init.
        #expect(options.maxAnimationHeight == 300 && options.minAnimationHeight == 100)
        #expect(options.maxFloatObjectSize == 20 && options.minFloatObjectSize == 10)
        #expect(options.animationDuration == 2 && options.floatingShape == .straight)
        #expect(options.removeOnCompletion && !options.pop && !options.fadeOut && !options.varyAlpha)
        #expect(options.startingPointWidth == 0 && options.animationWidth == 0 && !options.objectsShouldSink)
        #expect(FloatingAnimationOptions.popScale == 1.3 && FloatingAnimationOptions.popDuration == 0.1)
        #expect(FloatingAnimationOptions.alphaRange == 0.1...1.0)
    }

    @Test("curve right: r then w; end (x + w, y − r), controls (x, y − ¾r) and (x + w, y − ¼r), either order")
    func curveRight() {
        var swaps = Set<Bool>()
        for path in Self.paths(.curveRight) {
            let w = path.end.x - Self.start.x
            let r = Self.start.y - path.end.y
            // Ranges: w from 50 to W (150), r from min to max; exact sums of the draws.
            #expect((50...150).contains(w) && (100...300).contains(r))
            #expect(path.shape == .curveRight)
            #expect(
                Self.hasControls(path, Point(x: 200, y: 500 - 0.75 * r), Point(x: 200 + w, y: 500 - 0.25 * r))
            )
            swaps.insert(path.cp1.x != 200)
        }
        #expect(swaps == [false, true], "the coin never swapped (or always did)")
    }

    @Test("curve left: the mirror image, ending w to the left")
    func curveLeft() {
        for path in Self.paths(.curveLeft) {
            let w = Self.start.x - path.end.x
            let r = Self.start.y - path.end.y
            #expect((50...150).contains(w) && (100...300).contains(r))
            #expect(
                Self.hasControls(path, Point(x: 200, y: 500 - 0.75 * r), Point(x: 200 - w, y: 500 - 0.25 * r))
            )
        }
    }

    @Test("straight: r = rand(1, W), h = rand(−min, −max); end (x, y + h + size), controls x ∓ r half-way")
    func straight() {
        for path in Self.paths(.straight) {
            #expect(path.end.x == 200)
            let h = path.end.y - 20 - 500
            #expect((-300 ... -100).contains(h), "h \(h)")
            let mid = (500 + path.end.y) / 2
            let r = abs(path.cp1.x - 200)
            #expect((1...150).contains(r))
            #expect(Self.hasControls(path, Point(x: 200 - r, y: mid), Point(x: 200 + r, y: mid)))
        }
    }

    @Test("triangle up: each object takes curve left, curve right or straight, about a third each")
    func triangleUp() {
        let paths = Self.paths(.triangleUp, count: 300)
        var counts: [FloatingShape: Int] = [:]
        for path in paths { counts[path.shape, default: 0] += 1 }
        #expect(Set(counts.keys) == [.curveLeft, .curveRight, .straight])
        // 300 picks of three: each count is 100 ± 35 except with probability below 1e-4.
        #expect(counts.values.allSatisfy { abs($0 - 100) <= 35 }, "\(counts)")
    }

    @Test("sink (pull request #9): every path mirrored about the start's y, so it goes down")
    func sink() {
        let up = Self.paths(.curveRight, count: 20)
        let down = Self.paths(.curveRight, sinks: true, count: 20)
        for (a, b) in zip(up, down) {
            // Same draws; y offsets change sign, exact up to rounding of 2y − v.
            #expect(abs(b.end.y - (1000 - a.end.y)) <= 1e-9 && b.end.x == a.end.x)
            #expect(b.end.y > Self.start.y)
        }
    }

    // MARK: - The view, on the engine's clock

    /// A floating view at (200, 500) on a bare timeline, in a 375-point-wide superview.
    static func view(_ configure: (inout FloatingAnimationOptions) -> Void) -> (
        FloatingAnimationView, FrameStepper
    ) {
        let stepper = FrameStepper()
        let view = FloatingAnimationView(
            startingPoint: start, timeline: stepper.timeline, random: SeededRandom(seed: 3))
        view.superviewWidth = 375
        view.addImage("bubble")
        configure(&view.options)
        return (view, stepper)
    }

    @Test(
        "an object's centre follows its path linearly in time, from its frame's origin, for animationDuration"
    )
    func followsPath() throws {
        let (view, stepper) = Self.view { $0.animationDuration = 3 }
        let object = try #require(view.animate())
        stepper.commitCurrentFrame()
        // The path starts at the frame's origin (x, y − size/2), not at the centre.
        #expect(object.path.start == Point(x: 200, y: 500 - object.size / 2))
        for frame in 1...180 {
            stepper.step()
            let u = Double(frame) / 180
            let shown = object.imageView.presentation().position
            // Linear keyframes along one cubic: the Bézier parameter is the time; 1e-9 of rounding.
            #expect(shown.distance(to: Self.bezier(object.path, u)) <= 1e-9, "frame \(frame)")
        }
    }

    @Test("fadeOut: alpha to 0 over the float on ease in-out; off, it stays")
    func fadeOut() throws {
        let (view, stepper) = Self.view { $0.fadeOut = true }
        let faded = try #require(view.animate())
        let (plainView, plainStepper) = Self.view { _ in }
        let plain = try #require(plainView.animate())
        stepper.commitCurrentFrame()
        plainStepper.commitCurrentFrame()
        // easeInEaseOut's progress (docs/SEMANTICS.md, 6 decimals): at 0.25 and 0.75 of 2 s.
        for (time, progress) in [(0.5, 0.129162), (1.0, 0.5), (1.5, 0.870838)] {
            stepper.advance(to: time)
            plainStepper.advance(to: time)
            // The table's ±5e-7 and the solver's 1e-6.
            #expect(abs(faded.imageView.presentation().opacity - (1 - progress)) <= 2e-6, "at \(time) s")
            #expect(plain.imageView.presentation().opacity == 1)
        }
    }

    @Test("pop: the end's 0.1-s dissolve grows the object to 1.3×; without it, the same size; then it goes")
    func pop() throws {
        for pops in [true, false] {
            let (view, stepper) = Self.view { $0.pop = pops }
            let object = try #require(view.animate())
            stepper.commitCurrentFrame()
            stepper.advance(to: 2)  // the float's end: its completion starts the dissolve
            let scale = object.imageView.transform.a
            #expect(scale == (pops ? 1.3 : 1), "pop \(pops): scale \(scale)")
            #expect(object.imageView.superlayer != nil)
            stepper.advance(to: 2.15)  // 0.1 s of dissolve and a frame of rounding
            #expect(object.imageView.superlayer == nil, "removeOnCompletion: still there")
            #expect(view.objects.isEmpty)
        }
    }

    @Test("removeOnCompletion off: the object stays at its end; the completion block sees it")
    func staysAtEnd() throws {
        var completed: [Layer] = []
        let (view, stepper) = Self.view { $0.removeOnCompletion = false }
        view.imageViewAnimationCompleted = { completed.append($0) }
        let object = try #require(view.animate())
        stepper.commitCurrentFrame()
        stepper.advance(to: 3)
        #expect(object.imageView.superlayer === view.layer)
        #expect(completed.count == 1 && completed.first === object.imageView)
        // Held at the path's end (fillMode forwards, not removed): exact.
        #expect(object.imageView.presentation().position == object.path.end)
    }

    @Test("varyAlpha: alphas random in 0.1…1; off, all 1")
    func varyAlpha() throws {
        let (view, _) = Self.view { $0.varyAlpha = true }
        let alphas = (0..<40).compactMap { _ in view.animate()?.imageView.opacity }
        #expect(alphas.count == 40 && alphas.allSatisfy { (0.1...1).contains($0) })
        #expect(Set(alphas).count > 30 && (alphas.min() ?? 1) < 0.4 && (alphas.max() ?? 0) > 0.7)
        let (plain, _) = Self.view { _ in }
        #expect((0..<10).compactMap { _ in plain.animate()?.imageView.opacity }.allSatisfy { $0 == 1 })
    }

    @Test("sizes: from min to max; min above max makes every object min-sized")
    func sizes() throws {
        let (view, _) = Self.view {
            $0.minFloatObjectSize = 5
            $0.maxFloatObjectSize = 30
        }
        let sizes = (0..<40).compactMap { _ in view.animate()?.size }
        #expect(sizes.allSatisfy { (5...30).contains($0) } && (sizes.max() ?? 0) - (sizes.min() ?? 0) > 15)
        let (crossed, _) = Self.view {
            $0.minFloatObjectSize = 40
            $0.maxFloatObjectSize = 30
        }
        #expect((0..<10).compactMap { _ in crossed.animate()?.size }.allSatisfy { $0 == 40 })
    }

    @Test("startingPointWidth: the start's x varies over the width around it; 0: exactly the start")
    func startingPointWidth() throws {
        let (view, _) = Self.view { $0.startingPointWidth = 100 }
        let xs = (0..<40).compactMap { _ in view.animate()?.path.start.x }
        #expect(xs.allSatisfy { (150...250).contains($0) } && (xs.max() ?? 0) - (xs.min() ?? 0) > 60)
        let (plain, _) = Self.view { _ in }
        #expect((0..<10).compactMap { _ in plain.animate()?.path.start.x }.allSatisfy { $0 == 200 })
    }

    @Test(
        "animationWidth 0: the shape's default — straight 2 × size, curve right to the superview's right edge"
    )
    func defaultWidths() throws {
        let (straight, _) = Self.view { _ in }
        for _ in 0..<40 {
            let object = try #require(straight.animate())
            #expect(abs(object.path.cp1.x - 200) <= 2 * object.size)
        }
        let (right, _) = Self.view { $0.floatingShape = .curveRight }
        let ends = (0..<60).compactMap { _ in right.animate()?.path.end.x }
        // w from 50 to 375 − 200 = 175.
        #expect(ends.allSatisfy { (250...375).contains($0) } && (ends.max() ?? 0) > 350)
    }
}
