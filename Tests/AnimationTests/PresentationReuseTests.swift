import Testing

@testable import Animation

/// `Layer.presentation()` reuses last frame's copy and, when the model has not changed since
/// the copy took its values, takes back only what was written on it
/// (docs/internals/rendering-many-layers.md). Each case compares the reused copy with a copy
/// made from scratch (every model value, then every animation), property by property, frame
/// after frame.
@Suite("Presentation copies reused without a full copy")
struct PresentationReuseTests {
    /// What happens to the model (or to a copy) between two frames.
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        case nothing
        case boundsAndTransform
        case name
        case hidden
        case interaction
        case implicitOpacity
        case animationAdded
        case animationRemoved
        case writeOnDroppedCopy
        case reparented
        case contents

        var testDescription: String { rawValue }
    }

    /// A tree with one layer under three animations that read and overwrite its values: a
    /// path with rotationMode auto (position, and the model's transform turned), a `byValue`
    /// move on top (adds to what the path gave) and an opacity with only `toValue` (starts
    /// from the model's).
    struct Fixture {
        let timeline = Timeline()
        let root: Layer
        let otherRoot: Layer
        let layer: Layer

        init() {
            root = Layer(timeline: timeline)
            otherRoot = Layer(timeline: timeline)
            layer = Layer(timeline: timeline)
            layer.name = "bubble"
            layer.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
            layer.position = Point(x: 50, y: 50)
            layer.transform = AffineTransform(scaleX: 2, y: 1)
            layer.opacity = 0.8
            layer.contents = ImageAsset(named: "bubble")
            root.addSublayer(layer)
            layer.add(KeyframeAnimation.bubbleFloat(turns: true), forKey: "float")
            let nudge = BasicAnimation(keyPath: .position)
            nudge.byValue = Point(x: 5, y: -3)
            nudge.duration = 1.5
            layer.add(nudge, forKey: "nudge")
            let fade = BasicAnimation(keyPath: .opacity)
            fade.toValue = 0.2
            fade.duration = 1.5
            layer.add(fade, forKey: "fade")
        }

        func apply(_ change: Change) {
            timeline.transaction { transaction in
                transaction.disableActions = change != .implicitOpacity
                switch change {
                case .nothing: break
                case .boundsAndTransform:
                    layer.bounds = Rect(x: 0, y: 0, width: 30, height: 12)
                    layer.transform = AffineTransform(rotationAngle: 0.5)
                case .name: layer.name = "renamed"
                case .hidden: layer.isHidden = true
                case .interaction: layer.isUserInteractionEnabled = false
                case .implicitOpacity: layer.opacity = 0.4
                case .animationAdded:
                    let grow = BasicAnimation(keyPath: .bounds)
                    grow.toValue = Rect(x: 0, y: 0, width: 40, height: 40)
                    grow.duration = 1
                    layer.add(grow, forKey: "grow")
                case .animationRemoved: layer.removeAnimation(forKey: "nudge")
                case .writeOnDroppedCopy:
                    let copy = layer.presentation()
                    copy.bounds = Rect(x: 0, y: 0, width: 1, height: 1)
                    copy.opacity = 0.01
                    copy.name = "scribbled"
                    copy.backgroundColor = .black
                case .reparented: otherRoot.addSublayer(layer)
                case .contents: layer.contents = ImageAsset(named: "fish")
                }
            }
        }
    }

    /// A copy made from scratch, as the first frame makes it: every model value, then every
    /// animation in order.
    static func freshCopy(of layer: Layer) -> Layer {
        let copy = type(of: layer).init(presentationOf: layer)
        for entry in layer.animationEntries {
            entry.animation.apply(to: copy, at: layer.timeline.currentTime)
        }
        return copy
    }

    /// Every property a copy takes from its model, compared exactly: the reused copy runs the
    /// same arithmetic on the same values, so it must give the same bits. Returns whether all
    /// were the same (a loop stops at the first frame that differs).
    @discardableResult
    static func expectSame(
        _ reused: Layer, _ fresh: Layer, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var allSame = true
        func check(_ same: Bool, _ what: String) {
            #expect(same, "\(what) differs \(context)", sourceLocation: sourceLocation)
            allSame = allSame && same
        }
        check(reused.name == fresh.name, "name")
        check(reused.position == fresh.position, "position")
        check(reused.bounds == fresh.bounds, "bounds")
        check(reused.anchorPoint == fresh.anchorPoint, "anchorPoint")
        check(reused.transform == fresh.transform, "transform")
        check(reused.opacity == fresh.opacity, "opacity")
        check(reused.isHidden == fresh.isHidden, "isHidden")
        check(reused.drawing == fresh.drawing, "drawing")
        check(reused.isUserInteractionEnabled == fresh.isUserInteractionEnabled, "isUserInteractionEnabled")
        check(reused.sublayers.elementsEqual(fresh.sublayers, by: ===), "sublayers")
        check(reused.superlayer === fresh.superlayer, "superlayer")
        check(reused.revision == fresh.revision, "revision")
        check(reused.modelLayer === fresh.modelLayer, "modelLayer")
        if let reused = reused as? ShapeLayer, let fresh = fresh as? ShapeLayer {
            check(reused.shapeDrawing == fresh.shapeDrawing, "shapeDrawing")
        }
        return allSame
    }

    @Test(
        "the reused copy equals a fresh one every frame, before and after a change",
        arguments: Change.allCases)
    func sameAsFresh(change: Change) {
        let fixture = Fixture()
        let layer = fixture.layer
        var previous: ObjectIdentifier?
        for frame in 1...90 {
            let time = Double(frame) / 60
            fixture.timeline.beginFrame(at: time)
            let reused = layer.presentation()
            let identity = ObjectIdentifier(reused)
            if let previous {
                // Nobody kept last frame's copy, so this is the same object, filled again.
                #expect(identity == previous, "frame \(frame): a new copy")
            }
            previous = identity
            guard Self.expectSame(reused, Self.freshCopy(of: layer), "at frame \(frame) (\(change))") else {
                return
            }
            if frame == 44 { fixture.apply(change) }  // after this frame's copy: the next one shows it
            fixture.timeline.commitImplicitTransaction()
            fixture.timeline.endFrame()
        }
    }

    @Test("the path's turn is taken from the model's transform every frame, not added up")
    func rotationDoesNotAccumulate() {
        let fixture = Fixture()
        for frame in 1...10 {
            fixture.timeline.beginFrame(at: Double(frame) / 60)
            _ = fixture.layer.presentation()
        }
        // The turn along the tangent goes on the model's transform (scale 2, 1), not on last
        // frame's turned one: turns added up would no longer match a fresh copy.
        let shown = fixture.layer.presentation().transform
        #expect(shown == Self.freshCopy(of: fixture.layer).transform)
        #expect(shown != fixture.layer.transform)  // turned at all
    }

    @Test("a copy someone keeps does not change when the model and the animations change")
    func keptCopyStays() {
        let fixture = Fixture()
        fixture.timeline.beginFrame(at: 0.5)
        let kept = fixture.layer.presentation()
        let position = kept.position
        let transform = kept.transform
        let opacity = kept.opacity
        fixture.timeline.beginFrame(at: 0.75)
        fixture.apply(.boundsAndTransform)
        fixture.apply(.animationRemoved)
        let identity: ObjectIdentifier
        do {
            let now = fixture.layer.presentation()
            #expect(now !== kept)
            Self.expectSame(now, Self.freshCopy(of: fixture.layer), "after a kept copy")
            identity = ObjectIdentifier(now)
        }
        #expect(kept.position == position && kept.transform == transform && kept.opacity == opacity)
        #expect(kept.bounds == Rect(x: 0, y: 0, width: 20, height: 10))
        // The layer's own copy (not the kept one) goes on being reused, and stays right.
        fixture.timeline.beginFrame(at: 1)
        let again = fixture.layer.presentation()
        #expect(ObjectIdentifier(again) == identity)
        Self.expectSame(again, Self.freshCopy(of: fixture.layer), "one frame later")
    }

    @Test("a shape layer's stroke animation and a model colour change between frames")
    func shapeLayer() {
        let timeline = Timeline()
        let shape = ShapeLayer(timeline: timeline)
        shape.path = BezierPath(ovalIn: Rect(x: 0, y: 0, width: 40, height: 40))
        let draw = BasicAnimation(keyPath: .strokeEnd)
        draw.fromValue = 0
        draw.duration = 1
        shape.add(draw, forKey: "draw")
        for frame in 1...30 {
            timeline.beginFrame(at: Double(frame) / 60)
            if frame == 15 { shape.fillColor = Color(red: 1, green: 0, blue: 0) }
            let reused = shape.presentation()
            guard Self.expectSame(reused, Self.freshCopy(of: shape), "at frame \(frame)") else { return }
            #expect(abs(reused.strokeEnd - Double(frame) / 60) <= 1e-12)  // linear, from 0 to 1
        }
        #expect(shape.presentation().fillColor == Color(red: 1, green: 0, blue: 0))
    }
}

extension KeyframeAnimation where Value == Point {
    /// A bubble's float for the tests: along a curve 200 points up over 2 s, held at its end,
    /// turning the layer along the path when `turns`.
    static func bubbleFloat(turns: Bool) -> KeyframeAnimation<Point> {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addCurve(
            to: Point(x: 100, y: -200), controlPoint1: Point(x: -50, y: -100),
            controlPoint2: Point(x: 150, y: -100))
        let float = KeyframeAnimation(keyPath: .position)
        float.path = path
        if turns { float.rotationMode = .auto }
        float.duration = 2
        float.fillMode = .forwards
        float.isRemovedOnCompletion = false
        return float
    }
}
