import Animation
import Foundation
import Render
import Scenes
import Session
import TestSupport
import Testing

/// The graph of a layer (`y` with a layer selected in `j`): for motion no animation row names,
/// the elastic wave's band, driven by a display link while the finger pulls it. Driven as a
/// person does, through events scripts and the panels, and checked against the frames a seek
/// to each time shows.
@Suite("Graph of a layer")
struct LayerGraphTests {
    /// The inspector, the graph and the layer tree open; the band pulled down and let go; paused
    /// at 1.7 s, after the bounce settled.
    static let pull =
        "0.05 key i; 0.1 key y; 0.15 key j; 0.2 drag 400 60 400 200 0.4; 0.61 up 400 200; 1.7 key space"

    static let panels = "0.05 key i; 0.1 key y; 0.15 key j"

    /// The pull for a window of `size` at `scale` (script coordinates are window pixels) with
    /// `panels` opened first: the same drag, placed in the scene's rect as the panels leave it.
    func pull(size: Size, scale: Double, panels: String = panels) throws -> String {
        if size == Size(width: 800, height: 600), scale == 1, panels == Self.panels { return Self.pull }
        let probe = try SceneTester(
            scene: "elastic", size: Size(width: size.width * scale, height: size.height * scale),
            events: panels, scale: scale)
        _ = try probe.render(at: 0.18)
        let rect = probe.session.describe().sceneRect.map { $0 * scale }
        let x = rect[0] + rect[2] * 0.8
        let (top, bottom) = (rect[1] + rect[3] * 0.3, rect[1] + rect[3] - 1)
        return panels + "; 0.2 drag \(x) \(top) \(x) \(bottom) 0.4; "
            + "0.61 up \(x) \(bottom); 1.7 key space"
    }

    /// The pull, then a click on layer `name`'s line in the tree at 1.8 s and `then` (more of
    /// the script), run to 1.9 s.
    func select(
        _ name: String, then: String = "", size: Size = Size(width: 800, height: 600), scale: Double = 1,
        panels: String = panels
    ) throws -> SceneTester {
        let pull = try pull(size: size, scale: scale, panels: panels)
        let point = try LayerTreePanelTests().line(
            of: name, scene: "elastic", events: pull, at: 1.8, size: size, scale: scale)
        let tester = try SceneTester(
            scene: "elastic", size: Size(width: size.width * scale, height: size.height * scale),
            events: pull + "; 1.8 tap \(point.x) \(point.y)" + then, scale: scale)
        _ = try tester.render(at: 1.9)
        return tester
    }

    @Test(
        "the band's layer, selected in the tree: its position at every frame of the axis, as a seek shows it")
    func bandAgainstSeeks() throws {
        let tester = try select("shapeLayer")
        let described = tester.session.describe()
        #expect(described.selectedLayer == "shapeLayer")
        #expect(described.selectedRow == nil, "the band has no animation row")
        let graph = try #require(described.graph, "no graph")
        #expect(graph.layer == "shapeLayer" && graph.row == nil)
        // The first property that moves, in the tree's order: the band's position (its bounds
        // follow the finger, and its position their middle).
        #expect(graph.property == "position" && graph.components == ["x", "y"])
        // It covers the axis within the history: from the scene's first frame to the moment.
        let axis = try #require(described.inspectorAxis)
        #expect(axis == [0, 6])
        let first = try #require(graph.samples.first)
        let last = try #require(graph.samples.last)
        #expect(first[0] == 0, "the history's first frame")
        #expect(abs(last[0] - described.sceneTime) < 1e-6, "\(last[0]) vs \(described.sceneTime)")
        // A frame every 1/60 s while it played (times rounded to 1e-6).
        for (before, after) in zip(graph.samples, graph.samples.dropFirst()) {
            #expect(after[0] - before[0] > 0 && after[0] - before[0] <= 1.0 / 60 + 2e-6, "\(before[0])")
        }
        let ys = graph.samples.map { $0[2] }
        let travel = (ys.max() ?? 0) - (ys.min() ?? 0)
        #expect(travel > 40, "the band moves: y spans \(travel)")
        // Each sample is the layer's presentation at that time as a run there shows it
        // (`render --at`): describe rounds to 1e-6, so within 2e-6.
        let moving = graph.samples.indices.filter { index in
            index > 0 && abs(graph.samples[index][2] - graph.samples[index - 1][2]) > 0.5
        }
        #expect(moving.count > 20, "\(moving.count) frames where the band moved")
        let picked = [0] + stride(from: 0, to: moving.count, by: max(moving.count / 5, 1)).map { moving[$0] }
        for index in picked {
            let sample = graph.samples[index]
            let run = try SceneTester(scene: "elastic", events: Self.pull)
            _ = try run.render(at: sample[0])
            let shown = try run.presentation(of: "shapeLayer")
            #expect(abs(shown.position.x - sample[1]) <= 2e-6, "x at \(sample[0])")
            #expect(
                abs(shown.position.y - sample[2]) <= 2e-6,
                "y at \(sample[0]): \(shown.position.y) vs \(sample[2])")
        }
        // And as a seek back in the paused window shows it.
        let seekIndex = moving[moving.count / 2]
        // The frame's own time (describe rounds it; a seek between two frames runs one of its own).
        let time = (graph.samples[seekIndex][0] * 60).rounded() / 60
        tester.session.seek(toTime: time, at: tester.host.time(ofFrame: tester.host.frame))
        _ = try tester.render()
        let sought = try tester.presentation(of: "shapeLayer")
        #expect(abs(sought.position.y - graph.samples[seekIndex][2]) <= 2e-6, "sought to \(time)")
        #expect(tester.session.describe().graph?.samples == graph.samples, "a seek leaves the graph as it is")
    }

    @Test("Tab and Shift+Tab cycle the properties that move: the band's bounds, then its path's box")
    func tabCyclesProperties() throws {
        let bounds = try select("shapeLayer", then: "; 1.82 key y; 1.845 key y; 1.862 key Tab")
        let boundsGraph = try #require(bounds.session.describe().graph)
        #expect(boundsGraph.property == "bounds" && boundsGraph.components == ["x", "y", "width", "height"])
        let heights = boundsGraph.samples.map { $0[4] }
        #expect((heights.max() ?? 0) - (heights.min() ?? 0) > 40, "the band's height moves")
        #expect(heights.last == 50, "at rest, the band is 50 high")

        let path = try select("shapeLayer", then: "; 1.82 key y; 1.845 key y; 1.862 key Tab; 1.878 key Tab")
        let pathGraph = try #require(path.session.describe().graph)
        #expect(pathGraph.property == "path" && pathGraph.components == ["x", "y", "width", "height"])
        // The path's box at each frame: its height is the wave's lowest point, which moves.
        let pathHeights = pathGraph.samples.map { $0[4] }
        #expect((pathHeights.max() ?? 0) - (pathHeights.min() ?? 0) > 40)
        let run = try SceneTester(scene: "elastic", events: Self.pull)
        let sample = pathGraph.samples[pathHeights.firstIndex(of: pathHeights.max() ?? 0) ?? 0]
        _ = try run.render(at: sample[0])
        let shape = try #require(try run.presentation(of: "shapeLayer") as? ShapeLayer)
        let box = shape.path.bounds
        #expect(
            abs(box.height - sample[4]) <= 2e-6 && abs(box.width - sample[3]) <= 2e-6, "\(box) vs \(sample)")

        // Shift+Tab goes back round: from position to the last that moves.
        let back = try select("shapeLayer", then: "; 1.82 key y; 1.845 key y; 1.862 key ISO_Left_Tab")
        let backGraph = try #require(back.session.describe().graph)
        #expect(backGraph.property != "position" && backGraph.layer == "shapeLayer")
        #expect(
            backGraph.property == "path" || backGraph.property.hasSuffix("Color"), "\(backGraph.property)")

        // A click on the graph's header does what Tab does, wherever the graph is in the stack
        // (here under the layer tree, which has the keys).
        let graphPanel = try #require(bounds.session.describe().panels.first { $0.name == "graph" })
        let header = "; 1.85 tap \(graphPanel.rect[0] + 100) \(graphPanel.rect[1] + 8)"
        let clicked = try select("shapeLayer", then: header)
        #expect(clicked.session.describe().graph?.property == "bounds")
        #expect(clicked.session.describe().scene == "elastic")
    }

    @Test(
        "a control point with a row: selecting the layer graphs the layer; a click on a row graphs the row again"
    )
    func layerSelectedLast() throws {
        let tester = try select("c")
        let described = tester.session.describe()
        #expect(described.selectedRow == "c.position", "the tree selects the layer's row too")
        let graph = try #require(described.graph)
        #expect(graph.layer == "c" && graph.property == "position")
        // The layer's graph has the pull (the display link moves the point) before the row's
        // bounce begins.
        let row = try #require(described.inspector.first { $0.name == "c.position" })
        let beforeRow = graph.samples.filter { $0[0] < row.start - 1e-6 }.map { $0[2] }
        #expect((beforeRow.max() ?? 0) - (beforeRow.min() ?? 0) > 40, "the pull moves c before its row")
        // A click on the row's name: the row's graph, its span only.
        let rect = try #require(row.rect)
        let clicked = try select("c", then: "; 1.85 tap \(rect[0] + 30) \(rect[1] + rect[3] / 2)")
        let rowGraph = try #require(clicked.session.describe().graph)
        #expect(rowGraph.row == "c.position" && rowGraph.layer == nil)
        #expect(abs((rowGraph.samples.first?[0] ?? 0) - row.start) < 1 / 60 + 1e-6)
    }

    @Test("it zooms with the inspector's axis: + twice, and the graph starts where the axis does")
    func zoomsWithTheAxis() throws {
        // The inspector opened last, so that it takes + (the keys go to the topmost panel).
        let panels = "0.05 key j; 0.1 key y; 0.15 key i"
        let whole = try select("shapeLayer", panels: panels)
        let wholeGraph = try #require(whole.session.describe().graph)
        #expect(wholeGraph.samples.first?[0] == 0)
        let zoomed = try select("shapeLayer", then: "; 1.82 key plus; 1.85 key plus", panels: panels)
        let described = zoomed.session.describe()
        // 1.5 s on the axis: paged so that the moment, 1.7 s, sits in it (`axisStart(at:)`).
        let axis = try #require(described.inspectorAxis)
        #expect(axis == [0.75, 2.25], "\(axis)")
        let graph = try #require(described.graph)
        #expect(graph.layer == "shapeLayer")
        let first = try #require(graph.samples.first)
        #expect(first[0] >= axis[0] - 1e-6 && first[0] < axis[0] + 1.0 / 60, "\(first[0])")
        #expect(graph.samples.last?[0] == wholeGraph.samples.last?[0])
        // The same frames as the whole graph's from there.
        let tail = wholeGraph.samples.filter { $0[0] >= first[0] - 1e-9 }
        #expect(tail == graph.samples)
    }

    @Test("the layer's graph comes back from a session file: the same samples, the same pixels")
    func sessionFile() throws {
        let tester = try select("shapeLayer", then: "; 1.82 key y; 1.845 key y; 1.862 key Tab")
        let before = try tester.render()
        let state = try WatchState(json: try tester.session.watchState(window: nil).encoded())
        #expect(state.panelViews?["graph"]?.layer == "shapeLayer")
        #expect(state.panelViews?["graph"]?.property == "bounds")
        let resumed = try SceneTester(scene: "elastic")
        #expect(resumed.session.resume(from: state, at: 0) != nil)
        let after = try resumed.render()
        let graph = try #require(resumed.session.describe().graph)
        #expect(graph.layer == "shapeLayer" && graph.property == "bounds")
        #expect(graph.samples == tester.session.describe().graph?.samples)
        #expect(after.pixels == before.pixels)
    }

    @Test("paused, nothing is replayed again; playing, each new frame replays one frame")
    func idleAndPlayingCost() throws {
        let tester = try select("shapeLayer")
        _ = try tester.render()
        let before = tester.session.layerGraphReplayedFrames
        #expect(before > 60)
        _ = try tester.tick(30)
        #expect(tester.session.layerGraphReplayedFrames == before, "paused: replayed again")
        // Playing on: the replica goes on from where it was, a frame for each new one.
        let playing = try select("shapeLayer", then: "; 1.85 key space")
        _ = try playing.render(at: 2.0)
        let start = playing.session.layerGraphReplayedFrames
        _ = try playing.tick(30)
        let added = playing.session.layerGraphReplayedFrames - start
        #expect(added >= 29 && added <= 31, "\(added) frames replayed for 30 played")
        #expect(playing.session.describe().graph?.layer == "shapeLayer")
    }

    @Test(
        "fits from 375×667 up, at scale 2 too",
        arguments: [(375.0, 667.0, 1.0), (800, 600, 2), (1920, 1080, 1)])
    func fits(width: Double, height: Double, scale: Double) throws {
        // The inspector too would leave the scene no room at 375×667: the tree, then the graph.
        let tester = try select(
            "shapeLayer", size: Size(width: width, height: height), scale: scale,
            panels: "0.05 key j; 0.1 key y")
        let described = tester.session.describe()
        #expect(described.graph?.layer == "shapeLayer")
        #expect(described.graph?.property == "position", "the band was pulled: it moved")
        #expect(!described.elided.contains { $0.place == "graph" }, "\(described.elided)")
    }
}
