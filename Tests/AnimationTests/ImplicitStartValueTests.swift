import Testing

@testable import Animation

/// An implicit animation starts where the screen is: `Layer.presentationValue(of:withModelValue:)`
/// applies the layer's animations to a copy unless none of them can write the property
/// (`LayerAnimation.mayWrite(engineOwnProperty:)`), when the model's old value is the answer.
/// Each case sets a property, with actions on, on a layer mid-way through other animations,
/// and checks the implicit animation's `fromValue`.
@Suite("Implicit animations start from the presentation value")
struct ImplicitStartValueTests {
    /// A layer in a tree at (50, 50), opacity 0.8, scaled 2 × 1, with a path animation on its
    /// position (turning it along the path when `turns`), the clock 0.5 s into it.
    struct Fixture {
        let timeline = Timeline()
        let root: Layer
        let layer: Layer

        init(turns: Bool) {
            root = Layer(timeline: timeline)
            layer = Layer(timeline: timeline)
            layer.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
            layer.position = Point(x: 50, y: 50)
            layer.transform = AffineTransform(scaleX: 2, y: 1)
            layer.opacity = 0.8
            root.addSublayer(layer)
            layer.add(KeyframeAnimation.bubbleFloat(turns: turns), forKey: "float")
            timeline.beginFrame(at: 0.5)
        }

        /// The `fromValue` of the implicit animation that setting `property` to `value` adds.
        func implicitStart<Value>(_ property: LayerProperty<Value>, to value: Value) -> Value? {
            timeline.transaction { _ in property.set(layer, value) }
            return (layer.animation(forKey: property.name) as? BasicAnimation<Value>)?.fromValue
        }
    }

    @Test("a property no animation writes starts from the model's old value")
    func untouchedProperty() {
        let fixture = Fixture(turns: true)
        #expect(fixture.implicitStart(.opacity, to: 0.3) == 0.8)
    }

    @Test("the transform of a layer turned along its path starts turned")
    func turnedTransform() throws {
        let fixture = Fixture(turns: true)
        let shown = fixture.layer.presentation().transform
        let start = try #require(fixture.implicitStart(.transform, to: .identity))
        #expect(start == shown)
        #expect(start != AffineTransform(scaleX: 2, y: 1))
    }

    @Test("without rotation the path leaves the transform as the model has it")
    func unturnedTransform() {
        let fixture = Fixture(turns: false)
        #expect(fixture.implicitStart(.transform, to: .identity) == AffineTransform(scaleX: 2, y: 1))
    }

    @Test("a group's opacity animation gives the opacity's start")
    func groupedOpacity() throws {
        let fixture = Fixture(turns: false)
        let fade = BasicAnimation(keyPath: .opacity)
        fade.fromValue = 0.1
        fade.toValue = 0.1
        fade.duration = 2
        let group = AnimationGroup()
        group.animations = [fade]
        group.duration = 2
        fixture.layer.add(group, forKey: "group")
        let start = try #require(fixture.implicitStart(.opacity, to: 0.3))
        #expect(abs(start - 0.1) < 1e-9)
    }

    @Test("an animation of a property made from a key path may write any value")
    func keyPathProperty() throws {
        let fixture = Fixture(turns: false)
        let level = LayerProperty<Double>("level", \Layer.opacity)
        let fade = BasicAnimation(keyPath: level)
        fade.fromValue = 0.1
        fade.toValue = 0.1
        fade.duration = 2
        fixture.layer.add(fade, forKey: "level")
        let start = try #require(fixture.implicitStart(.opacity, to: 0.3))
        #expect(abs(start - 0.1) < 1e-9)
    }
}
