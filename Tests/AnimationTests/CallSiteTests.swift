import Animation
import Testing

/// Issue 27: every animation, block, transaction, timer and display link records the line
/// that started it (`CallSite`), once, when it is made.
@Suite("Call sites")
struct CallSiteTests {
    let timeline = Timeline()
    let root: Layer
    let layer: ShapeLayer

    init() {
        root = Layer(timeline: timeline)
        layer = ShapeLayer(timeline: timeline)
        timeline.transaction { $0.disableActions = true }
        root.addSublayer(layer)
    }

    /// The file ID of this file, as the engine records it.
    static let fileID = "AnimationTests/CallSiteTests.swift"

    @Test("add(_:forKey:) records its caller's line on the copy it runs; the animation given has none")
    func add() throws {
        let draw = BasicAnimation(keyPath: .strokeEnd)
        draw.toValue = 1
        let line = #line + 1
        layer.add(draw, forKey: "draw")
        let running = try #require(layer.animation(forKey: "draw"))
        #expect(running.source == CallSite(fileID: Self.fileID, line: line))
        #expect(running.source?.description == "CallSiteTests.swift:\(line)")
        #expect(running.source?.fileName == "CallSiteTests.swift")
        #expect(running.source?.moduleName == "AnimationTests")
        #expect(draw.source == nil)
        #expect(running.copy().source == running.source)
    }

    @Test("a helper that passes fileID and line on records its caller's line")
    func forwarded() throws {
        func helper(fileID: String = #fileID, line: Int = #line) {
            layer.add(BasicAnimation(keyPath: .opacity), forKey: "fade", fileID: fileID, line: line)
        }
        let line = #line + 1
        helper()
        #expect(layer.animation(forKey: "fade")?.source?.line == line)
    }

    @Test("a block animation's implicit animations carry the line of the animate call")
    func block() throws {
        let line = #line + 1
        timeline.animate(duration: 1) { layer.strokeEnd = 0.5 }
        #expect(layer.animation(forKey: "strokeEnd")?.source == CallSite(fileID: Self.fileID, line: line))
        let springLine = #line + 1
        timeline.animate(duration: 1, dampingRatio: 0.5) { layer.opacity = 0.5 }
        #expect(layer.animation(forKey: "opacity")?.source?.line == springLine)
    }

    @Test("a transaction's implicit animations carry the line that opened it, the innermost one's")
    func transactions() throws {
        let line = #line + 1
        timeline.transaction { _ in layer.strokeEnd = 0.5 }
        #expect(layer.animation(forKey: "strokeEnd")?.source?.line == line)

        let outerLine = #line + 1
        let outer = timeline.beginTransaction()
        layer.opacity = 0.5
        let innerLine = #line + 1
        timeline.transaction { _ in layer.strokeStart = 0.2 }
        timeline.commitTransaction()
        #expect(outer.source?.line == outerLine)
        #expect(layer.animation(forKey: "opacity")?.source?.line == outerLine)
        #expect(layer.animation(forKey: "strokeStart")?.source?.line == innerLine)
    }

    @Test("an implicit animation of the frame's implicit transaction has no source: no call opened it")
    func implicitTransaction() throws {
        layer.strokeEnd = 0.5
        #expect(layer.animation(forKey: "strokeEnd") != nil)
        #expect(layer.animation(forKey: "strokeEnd")?.source == nil)
        #expect(timeline.currentTransaction.source == nil)
        timeline.commitImplicitTransaction()
    }

    @Test("timers, delays and display links record their caller's line")
    func timersAndLinks() {
        let timerLine = #line + 1
        let timer = timeline.schedule(after: 1, repeats: true) { _ in }
        let delayLine = #line + 1
        let delay = timeline.delay(0.5) {}
        let linkLine = #line + 1
        let link = timeline.addDisplayLink { _ in }
        #expect(timer.source == CallSite(fileID: Self.fileID, line: timerLine))
        #expect(delay.source == CallSite(fileID: Self.fileID, line: delayLine))
        #expect(link.source == CallSite(fileID: Self.fileID, line: linkLine))
        #expect(link.source.description == "CallSiteTests.swift:\(linkLine)")
    }

    @Test("a file ID without a module is its own file name")
    func bareFileID() {
        #expect(CallSite(fileID: "Scene.swift", line: 3).description == "Scene.swift:3")
        #expect(
            CallSite(fileID: "Scenes/Fish/FishScene.swift", line: 309).description == "FishScene.swift:309")
    }
}
