import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The layer tree (`j`): the scene's layers, model beside presentation, the selected one
/// outlined on the scene and its rows selected in the inspector. Driven as a person does,
/// through events scripts and the panels.
@Suite("Layer tree panel")
struct LayerTreePanelTests {
    typealias Node = SessionDescription.LayerNode

    /// Every layer of the described tree, depth first.
    static func flatten(_ nodes: [Node]) -> [Node] {
        nodes.flatMap { [$0] + flatten($0.sublayers) }
    }

    static func node(_ name: String, in description: SessionDescription) throws -> Node {
        try #require(flatten(description.layers).first { $0.name == name }, "no layer \(name)")
    }

    /// Where the tree shows layer `name`'s line at scene time `time` after `events`: its middle,
    /// window pixels.
    func line(
        of name: String, scene: String, events: String, at time: MediaTime,
        size: Size = Size(width: 800, height: 600), scale: Double = 1
    ) throws -> Point {
        let probe = try SceneTester(
            scene: scene, size: Size(width: size.width * scale, height: size.height * scale), events: events,
            scale: scale)
        _ = try probe.render(at: time)
        let rect = try #require(
            try Self.node(name, in: probe.session.describe()).rect, "\(name) is scrolled away")
        // Describe's lengths are in --size units; a tester's script is in the window's pixels.
        return Point(x: (rect[0] + rect[2] / 2) * scale, y: (rect[1] + rect[3] / 2) * scale)
    }

    @Test("checkmark: b3's model and presentation differ while its strokes run and agree after")
    func checkmarkModelAndPresentation() throws {
        let events = "0.05 key j; 0.3 tap 400 150"
        let tester = try SceneTester(scene: "checkmark", events: events)
        _ = try tester.render(at: 0.5)
        let running = try Self.node("b3", in: tester.session.describe())
        #expect(running.differs.contains("strokeEnd"), "\(running.differs)")
        #expect(running.model["strokeEnd"] != running.presentation["strokeEnd"])
        #expect(running.animations.contains("b3.strokeEnd"), "\(running.animations)")
        // The presentation value is the engine's at the playhead (the layer's own presentation).
        let layer = try tester.presentation(of: "b3")
        let shape = try #require(layer as? ShapeLayer)
        guard case .numbers(let presented)? = running.presentation["strokeEnd"], presented.count == 1 else {
            Issue.record(
                "strokeEnd is not one number: \(String(describing: running.presentation["strokeEnd"]))")
            return
        }
        #expect(abs(presented[0] - shape.strokeEnd) < 1e-12, "\(presented[0]) vs \(shape.strokeEnd)")
        guard case .numbers(let model)? = running.model["strokeEnd"], model.count == 1 else {
            Issue.record("strokeEnd's model is not one number")
            return
        }
        #expect(abs(presented[0] - model[0]) > 0.01, "model \(model[0]), presentation \(presented[0])")
        _ = try tester.render(at: 3)
        let settled = tester.session.describe()
        for node in Self.flatten(settled.layers) {
            #expect(node.differs.isEmpty, "\(node.name): \(node.differs)")
            #expect(node.animations.isEmpty, "\(node.name): \(node.animations)")
        }
    }

    @Test("elastic: the bouncing control point's position differs mid-spring and agrees once settled")
    func elasticModelAndPresentation() throws {
        let events = "0.05 key j; 0.2 drag 400 60 400 200 0.4; 0.61 up 400 200"
        let tester = try SceneTester(scene: "elastic", events: events)
        _ = try tester.render(at: 0.75)
        let bouncing = try Self.node("c", in: tester.session.describe())
        #expect(bouncing.differs.contains("position"), "\(bouncing.differs)")
        let model = try #require(bouncing.model["position"])
        let shown = try #require(bouncing.presentation["position"])
        #expect(model != shown)
        _ = try tester.render(at: 2.5)
        let settled = try Self.node("c", in: tester.session.describe())
        #expect(settled.differs.isEmpty, "\(settled.differs)")
        #expect(settled.model["position"] == settled.presentation["position"])
    }

    @Test("the fish's presentation position is where the picture draws it, its model position is not")
    func presentationAgainstPixels() throws {
        let tester = try SceneTester(scene: "fish", events: "0.05 key j")
        let frame = try tester.render(at: 1)
        let described = tester.session.describe()
        let root = try #require(described.layers.first)
        guard case .numbers(let toWindow)? = root.model["transform"], toWindow.count == 6 else {
            Issue.record("the scene's root has no transform")
            return
        }
        let fish = try Self.node("fish", in: described)
        #expect(fish.differs.contains("position"), "\(fish.differs)")
        guard case .numbers(let shown)? = fish.presentation["position"],
            case .numbers(let model)? = fish.model["position"]
        else {
            Issue.record("fish has no position")
            return
        }
        // The fish's yellow in the picture: its box, window pixels.
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        let sceneWidth = Int(described.sceneRect[2])
        for y in 0..<Int(described.sceneRect[3]) {
            for x in 0..<sceneWidth {
                guard let color = frame.color(x: x, y: y), color.red > 0.85, color.green > 0.6,
                    color.blue < 0.45
                else { continue }
                box =
                    box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y)) } ?? (
                        x, y, x, y
                    )
            }
        }
        let drawn = try #require(box, "no fish drawn")
        // The layer's frame in the window: its presentation frame scaled by the scene's root.
        let scale = toWindow[0]
        let expected = Rect(
            x: fish.frame[0] * scale, y: fish.frame[1] * scale, width: fish.frame[2] * scale,
            height: fish.frame[3] * scale)
        #expect(
            abs(fish.frame[0] + fish.frame[2] / 2 - shown[0]) < 1e-3, "frame \(fish.frame), position \(shown)"
        )
        // The yellow lies inside the presentation frame (2 px of antialiasing), and spans most of it.
        #expect(
            Double(drawn.minX) >= expected.minX - 2 && Double(drawn.maxX) <= expected.maxX + 2,
            "\(drawn) in \(expected)")
        #expect(
            Double(drawn.minY) >= expected.minY - 2 && Double(drawn.maxY) <= expected.maxY + 2,
            "\(drawn) in \(expected)")
        #expect(Double(drawn.maxX - drawn.minX) > expected.width * 0.5, "\(drawn) in \(expected)")
        // The model position is elsewhere: not where the fish is drawn.
        #expect(abs(model[0] - shown[0]) * scale > expected.width, "model \(model), presentation \(shown)")
    }

    /// Checkmark mid-animation with the inspector and the tree open, b3's line clicked.
    func selectB3(size: Size = Size(width: 800, height: 600), scale: Double = 1) throws -> SceneTester {
        let events = "0.05 key i; 0.1 key j; 0.3 tap 200 150; 0.45 key space"
        let point = try line(of: "b3", scene: "checkmark", events: events, at: 0.5, size: size, scale: scale)
        let tester = try SceneTester(
            scene: "checkmark", size: Size(width: size.width * scale, height: size.height * scale),
            events: events + "; 0.5 tap \(point.x) \(point.y)", scale: scale)
        _ = try tester.render(at: 0.55)
        return tester
    }

    @Test("a click on a layer's line outlines that layer and selects its rows in the inspector")
    func selectionOutlinesAndSelectsRows() throws {
        let tester = try selectB3()
        let described = tester.session.describe()
        #expect(described.selectedLayer == "b3")
        #expect(described.selectedRow?.hasPrefix("b3.") == true, "\(described.selectedRow ?? "none")")
        let outline = try #require(described.layerOutline, "no outline")
        // The outline is b3's: the box the inspector outlines when its b3 row is hovered.
        let row = try #require(described.inspector.first { $0.name == "b3.strokeEnd" })
        let rect = try #require(row.rect)
        let hover = "; 0.6 move \(rect[0] + 30) \(rect[1] + rect[3] / 2)"
        let hovering = try SceneTester(
            scene: "checkmark",
            events: "0.05 key i; 0.1 key j; 0.3 tap 200 150; 0.45 key space" + hover)
        _ = try hovering.render(at: 0.65)
        let inspectorOutline = try #require(hovering.session.describe().hover?.outline)
        for (mine, theirs) in zip(outline, inspectorOutline) {
            #expect(abs(mine - theirs) < 1e-6, "\(outline) vs \(inspectorOutline)")
        }
        // …and not the others': b1's path box is another.
        let frame = try tester.render()
        // Drawn: the outline's cyan dashes on the box's edges, the rows' amber bar in the inspector.
        let cyan = Color(red: 0.3, green: 0.9, blue: 1)
        var dashes = 0
        for x in Int(outline[0])...Int(outline[0] + outline[2]) {
            for y in [Int(outline[1].rounded()), Int((outline[1] + outline[3]).rounded())] {
                for dy in -1...1
                where frame.color(x: x, y: y + dy)?.isClose(to: cyan, within: 40.0 / 255) == true {
                    dashes += 1
                }
            }
        }
        #expect(dashes > 50, "\(dashes) cyan pixels on the outline's top and bottom")
        let accent = Color(red: 1, green: 0.75, blue: 0.2)
        for name in ["b3.strokeColor", "b3.strokeStart", "b3.strokeEnd"] {
            let rect = try #require(described.inspector.first { $0.name == name }?.rect, "\(name)")
            let bar = frame.color(x: 1, y: Int(rect[1] + rect[3] / 2))
            #expect(
                bar?.isClose(to: accent, within: 24.0 / 255) == true, "\(name): \(String(describing: bar))")
        }
        let other = try #require(described.inspector.first { $0.name == "b1.strokeStart" }?.rect)
        #expect(
            frame.color(x: 1, y: Int(other[1] + other[3] / 2))?.isClose(to: accent, within: 24.0 / 255)
                != true)
        #expect(described.elided.isEmpty, "\(described.elided)")
    }

    @Test("Down and Up move the selection through the tree; Escape closes it, the selection stays")
    func keysMoveTheSelection() throws {
        let events = "0.05 key i; 0.1 key j; 0.3 tap 200 150; 0.45 key space"
        let point = try line(of: "b3", scene: "checkmark", events: events, at: 0.5)
        let tester = try SceneTester(
            scene: "checkmark", events: events + "; 0.5 tap \(point.x) \(point.y); 0.52 key Down")
        _ = try tester.render(at: 0.55)
        let down = tester.session.describe()
        #expect(down.selectedLayer == "Layer 2")
        #expect(down.selectedRow == nil, "Layer 2 has no animation: \(down.selectedRow ?? "")")
        #expect(down.sceneTime == 0.45, "Down moved the selection, not the playhead")
        let back = try SceneTester(
            scene: "checkmark",
            events: events + "; 0.5 tap \(point.x) \(point.y); 0.52 key Down; 0.53 key Up; 0.54 key Escape")
        _ = try back.render(at: 0.6)
        let up = back.session.describe()
        #expect(up.selectedLayer == "b3")
        #expect(!up.panels.contains { $0.name == "layers" })
        #expect(up.layerOutline == nil, "no outline with the tree closed")
    }

    @Test("the selection comes back from a session file, the same pixels")
    func sessionFile() throws {
        let tester = try selectB3()
        let before = try tester.render()
        let state = try WatchState(json: try tester.session.watchState(window: nil).encoded())
        #expect(state.panelViews?["layers"]?.layer == "b3")
        let resumed = try SceneTester(scene: "checkmark")
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        let after = try resumed.render()
        #expect(resumed.session.describe().selectedLayer == "b3")
        #expect(resumed.session.describe().layerOutline == tester.session.describe().layerOutline)
        #expect(after.pixels == before.pixels)
    }

    @Test(
        "fits from 375×667 up, at scale 2 too: nothing cut without a way to read it",
        arguments: [(375.0, 667.0, 1.0), (375, 667, 2), (800, 600, 2), (1920, 1080, 1)])
    func fits(width: Double, height: Double, scale: Double) throws {
        let tester = try selectB3(size: Size(width: width, height: height), scale: scale)
        let described = tester.session.describe()
        #expect(described.selectedLayer == "b3")
        #expect(described.panels.contains { $0.name == "layers" })
        #expect(!described.elided.contains { $0.place == "layers" }, "\(described.elided)")
        #expect(described.layerOutline != nil)
    }

    @Test("nothing is drawn again while nothing the tree shows changes")
    func idleCostsNothing() throws {
        let tester = try selectB3()
        _ = try tester.render()
        let before = tester.session.layerTreeDrawCount
        _ = try tester.tick(30)
        #expect(tester.session.layerTreeDrawCount == before, "paused: drawn again")
    }
}
