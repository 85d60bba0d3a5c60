import Animation
import TestSupport
import Testing

@testable import Render

/// The damage walk finds every change that moves pixels, a change of order among sublayers
/// too (docs/ARCHITECTURE.md § Damage): each frame drawn incrementally is compared with a
/// whole draw of the same tree, exactly (a missed change is a stale pixel).
@Suite("Damage of changes in order, and random edits")
struct DamageOrderTests {
    static let size = Size(width: 320, height: 200)

    /// A window root with a panel of `rows` rows of three cells, drawn once.
    struct Window {
        let stepper = FrameStepper()
        let root: Layer
        let panel: Layer
        let renderer = FrameRenderer()
        let canvas: IncrementalCanvas

        init(rows: Int = 8) throws {
            let timeline = stepper.timeline
            root = Layer(timeline: timeline)
            root.anchorPoint = .zero
            root.bounds = Rect(origin: .zero, size: DamageOrderTests.size)
            root.backgroundColor = .white
            panel = Layer(timeline: timeline)
            panel.frame = Rect(x: 200, y: 0, width: 120, height: 200)
            panel.backgroundColor = Color(white: 0.9)
            root.addSublayer(panel)
            for index in 0..<rows {
                let row = Layer(timeline: timeline)
                row.frame = Rect(x: 0, y: Double(index) * 20, width: 120, height: 20)
                for cell in 0..<3 {
                    let box = Layer(timeline: timeline)
                    box.frame = Rect(x: 4 + Double(cell) * 38, y: 4, width: 34, height: 12)
                    box.backgroundColor = Color(
                        red: 0.2 * Double(cell), green: 0.5, blue: 0.05 * Double(index))
                    row.addSublayer(box)
                }
                panel.addSublayer(row)
            }
            canvas = try IncrementalCanvas(width: 320, height: 200, images: renderer.images)
            stepper.commitCurrentFrame()
            canvas.draw(root)
        }

        /// Runs `change` without implicit animations, steps a frame, draws it incrementally and
        /// expects the pixels of a whole draw.
        func frame(_ change: () -> Void = {}, sourceLocation: SourceLocation = #_sourceLocation) throws {
            stepper.timeline.transaction { transaction in
                transaction.disableActions = true
                change()
            }
            stepper.step()
            canvas.draw(root)
            let expected = try renderer.render(root, size: DamageOrderTests.size)
            let comparison = try #require(GoldenImage.compare(try canvas.snapshot(), expected))
            #expect(
                comparison.differingPixels == 0, "frame \(stepper.frame): \(comparison)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("two overlapping layers that swap places are repainted where they overlap")
    func overlappingReorder() throws {
        let window = try Window()
        let red = Layer(timeline: window.stepper.timeline)
        red.frame = Rect(x: 40, y: 60, width: 40, height: 40)
        red.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let blue = Layer(timeline: window.stepper.timeline)
        blue.frame = Rect(x: 60, y: 80, width: 40, height: 40)
        blue.backgroundColor = Color(red: 0, green: 0, blue: 1)
        try window.frame {
            window.root.addSublayer(red)
            window.root.addSublayer(blue)
        }
        // Only the order changes: no layer's own drawing or place does.
        try window.frame { window.root.insertSublayer(blue, at: 0) }
        try window.frame { window.root.addSublayer(blue) }
        // A hidden sibling between them leaves, then comes back: no change of order is seen.
        let hidden = Layer(timeline: window.stepper.timeline)
        hidden.isHidden = true
        try window.frame { window.root.insertSublayer(hidden, at: 1) }
        try window.frame { hidden.isHidden = false }
    }

    /// Seeded random edits of a tree of rectangles (colours, moves, hiding, removal, new
    /// layers, moves between superlayers and in order, animations), every frame compared with
    /// a whole draw.
    @Test("random edits: every incremental frame is a whole draw's")
    func randomEdits() throws {
        var random = SplitMix(seed: 53)
        let window = try Window()
        let timeline = window.stepper.timeline
        for _ in 0..<240 {
            var layers: [Layer] = []
            var pending = [window.root]
            while let layer = pending.popLast() {
                layers.append(layer)
                pending += layer.sublayers
            }
            let target = layers[Int.random(in: 1..<layers.count, using: &random)]
            let edits = Int.random(in: 0...3, using: &random) == 0
            try window.frame {
                guard edits else { return }
                switch Int.random(in: 0..<9, using: &random) {
                case 0: target.backgroundColor = Color(white: Double.random(in: 0...1, using: &random))
                case 1: target.position.x += Double(Int.random(in: -5...5, using: &random))
                case 2: target.isHidden.toggle()
                case 3: target.opacity = target.opacity < 1 ? 1 : 0.5
                case 4:
                    guard target !== window.panel else { return }
                    target.removeFromSuperlayer()
                case 5:
                    let layer = Layer(timeline: timeline)
                    layer.frame = Rect(
                        x: Double(Int.random(in: 0...40, using: &random)),
                        y: Double(Int.random(in: 0...40, using: &random)), width: 12, height: 9)
                    layer.backgroundColor = Color(red: 0.8, green: 0.3, blue: 0.1)
                    target.addSublayer(layer)
                case 6:
                    let other = layers[Int.random(in: 1..<layers.count, using: &random)]
                    var above: Layer? = other
                    while let layer = above, layer !== target { above = layer.superlayer }
                    guard above == nil, target !== window.panel else { return }
                    other.addSublayer(target)  // not into its own subtree
                case 7:
                    let move = BasicAnimation(keyPath: .position)
                    move.toValue = Point(
                        x: Double(Int.random(in: 0...300, using: &random)),
                        y: Double(Int.random(in: 0...180, using: &random)))
                    move.duration = Double(Int.random(in: 1...30, using: &random)) / 60
                    target.add(move, forKey: "move")
                default: target.superlayer?.insertSublayer(target, at: 0)
                }
            }
        }
    }
}
