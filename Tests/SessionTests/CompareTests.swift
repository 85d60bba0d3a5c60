import Animation
import Render
import Scenes
import TestSupport
import Testing

@testable import Session

/// Two settings side by side (`--compare`, `|`): each half is the scene alone at the half's
/// size with its knobs, pixel for pixel, under the same input in scene points.
@Suite("Compare side by side")
struct CompareTests {
    /// A value of the scene's first number knob other than its default (its range's other
    /// end), as `NAME=VALUE`; nil for a scene without one.
    static func turnedKnob(of descriptor: SceneDescriptor) -> (String, KnobValue)? {
        for knob in descriptor.knobs {
            if case .number(let range, _) = knob.kind, case .number(let value) = knob.defaultValue {
                return (knob.name, .number(value == range.lowerBound ? range.upperBound : range.lowerBound))
            }
        }
        return nil
    }

    /// `value`'s number, if it is one.
    static func number(_ value: KnobValue) -> Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// A headless session of `scene` at `size` and `scale`, with `knobs`, comparing with
    /// `compare` if given, fed `events` (an events script).
    static func host(
        _ scene: String, size: Size, knobs: [String: KnobValue] = [:], compare: [String: KnobValue]? = nil,
        events: String = "", scale: Double = 1
    ) throws -> HeadlessHost {
        let catalog = SceneCatalog.all
        let index = try #require(catalog.firstIndex { $0.name == scene })
        let canvas = FrameRenderer()
        let session = SceneSession(
            catalog: catalog, index: index, size: size, seed: 1, images: canvas.images, scale: scale,
            knobs: knobs, showsHints: false, compare: compare)
        return HeadlessHost(
            session: session, fps: 60, events: try EventScript(parsing: events, fps: 60), canvas: canvas)
    }

    /// The pixels of `rect` (whole pixels) of `image`, row by row.
    static func pixels(of image: RenderedFrame, in rect: Rect) -> [UInt32] {
        let all = image.pixels
        var result: [UInt32] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            let start = y * image.width + Int(rect.minX)
            result += all[start..<(start + Int(rect.width))]
        }
        return result
    }

    /// Taps at `points` (scene-relative pixels) on frames 20 and 40, delivered in the half at
    /// `origin` (window pixels).
    static func schedule(_ host: HeadlessHost, taps points: [Point], origin: Point) {
        var events: [TimedEvent] = []
        for (number, point) in points.enumerated() {
            let time = Double(20 + 20 * number) / 60
            events.append(TimedEvent(time: time, event: .down(point + origin)))
            events.append(TimedEvent(time: time + 2.0 / 60, event: .up(point + origin)))
        }
        host.schedule(events)
    }

    @Test(
        "each half of --compare is the scene alone at that size with its knobs, with taps in either half",
        arguments: SceneCatalog.all.map(\.name),
        [Size(width: 800, height: 600), Size(width: 375, height: 667)])
    func halvesAreTheSceneAlone(scene: String, size: Size) throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        let turned = Self.turnedKnob(of: descriptor)
        let compare = turned.map { [$0.0: $0.1] } ?? [:]
        let frame = 90
        let halves = SceneSession.compareHalves(of: Rect(origin: .zero, size: size))
        let taps = [
            Point(x: halves.first.width * 0.5, y: halves.first.height * 0.5),
            Point(x: halves.first.width * 0.3, y: halves.first.height * 0.6),
        ]
        let both = try Self.host(scene, size: size, compare: compare)
        // The first tap in A's half, the second in B's: both reach both copies.
        Self.schedule(both, taps: [taps[0]], origin: halves.first.origin)
        both.schedule([
            TimedEvent(time: 40.0 / 60, event: .down(taps[1] + halves.second.origin)),
            TimedEvent(time: 42.0 / 60, event: .up(taps[1] + halves.second.origin)),
        ])
        let window = try both.render(frame: frame)
        #expect(both.session.mainRect == halves.first)
        for (rect, knobs) in [(halves.first, [String: KnobValue]()), (halves.second, compare)] {
            let alone = try Self.host(scene, size: rect.size, knobs: knobs)
            Self.schedule(alone, taps: taps, origin: .zero)
            let expected = try alone.render(frame: frame)
            let half = Self.pixels(of: window, in: rect)
            let differing = zip(half, expected.pixels).filter { $0 != $1 }.count
            #expect(half.count == expected.pixels.count)
            #expect(differing == 0, "\(scene) \(size) half \(rect): \(differing) pixels differ (tolerance 0)")
        }
    }

    @Test(
        "time travel takes both halves back: each is the scene alone at that moment",
        arguments: SceneCatalog.all.map(\.name))
    func travelBackShowsBothAlone(scene: String) throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        let compare = Self.turnedKnob(of: descriptor).map { [$0.0: $0.1] } ?? [:]
        let size = Size(width: 800, height: 600)
        let halves = SceneSession.compareHalves(of: Rect(origin: .zero, size: size))
        let taps = [Point(x: 200, y: 300), Point(x: 120, y: 360)]
        let both = try Self.host(scene, size: size, compare: compare)
        Self.schedule(both, taps: taps, origin: halves.second.origin)  // in B's half: A gets them too
        for _ in 0..<90 { try both.step() }
        both.session.seek(toTime: 30.0 / 60, at: both.time(ofFrame: both.frame))
        var window: RenderedFrame?
        try both.step { root in
            window = try both.canvas.render(
                root, size: both.session.size, background: .black, omitting: both.session.windowOnlyLayers)
        }
        let image = try #require(window)
        #expect(abs(both.session.sceneTimeline.currentTime - 0.5) < 1e-9)
        for (rect, knobs) in [(halves.first, [String: KnobValue]()), (halves.second, compare)] {
            let alone = try Self.host(scene, size: rect.size, knobs: knobs)
            Self.schedule(alone, taps: taps, origin: .zero)
            let expected = try alone.render(frame: 30)
            let differing = zip(Self.pixels(of: image, in: rect), expected.pixels).filter { $0 != $1 }.count
            #expect(
                differing == 0, "\(scene) half \(rect) at 0.5 s: \(differing) pixels differ (tolerance 0)")
        }
    }

    @Test(
        "--describe's compare gives each half's rect and knobs, A then B; the two differ in the knob turned")
    func describedHalves() throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "checkmark" })
        let (name, value) = try #require(Self.turnedKnob(of: descriptor))
        let host = try Self.host("checkmark", size: Size(width: 800, height: 600), compare: [name: value])
        try host.step()
        let compare = try #require(host.session.describe().compare)
        #expect(compare.count == 2)
        #expect(compare.map(\.sceneRect) == [[0, 0, 399, 600], [400, 0, 399, 600]])
        let number = try #require(Self.number(value))
        #expect(compare[1].knobs[name] == .number(number))
        #expect(compare[0].knobs[name] != compare[1].knobs[name])
    }

    @Test(
        "a 1-px line between the halves, side by side and stacked, at scale 1 and 2: every pixel of it the line's grey, in neither half",
        arguments: [
            Size(width: 800, height: 600), Size(width: 375, height: 667), Size(width: 1920, height: 1080),
        ],
        [1.0, 2.0])
    func lineBetweenHalves(size: Size, scale: Double) throws {
        let pixels = Size(width: size.width * scale, height: size.height * scale)
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "checkmark" })
        let (name, value) = try #require(Self.turnedKnob(of: descriptor))
        let host = try Self.host("checkmark", size: pixels, compare: [name: value])
        let image = try host.render(frame: 30)
        let halves = try #require(host.session.compareRects)
        let line = SceneSession.compareLine(between: (halves.a, halves.b))
        let sideBySide = halves.b.minX > halves.a.minX
        #expect(sideBySide == (size.width >= size.height), "\(size): \(halves)")
        // 1 px at every scale, between the halves, touching both, overlapping neither.
        #expect((sideBySide ? line.width : line.height) == 1, "\(size) ×\(scale): line \(line)")
        #expect(line.intersection(halves.a).isEmpty && line.intersection(halves.b).isEmpty)
        #expect(
            sideBySide
                ? line.minX == halves.a.maxX && line.maxX == halves.b.minX
                : line.minY == halves.a.maxY && line.maxY == halves.b.minY)
        #expect(halves.a.size == halves.b.size)
        let grey = (CompareTwin.lineColor.red * 255).rounded()
        var off = 0
        var count = 0
        for y in Int(line.minY)..<Int(line.maxY) {
            for x in Int(line.minX)..<Int(line.maxX) {
                count += 1
                guard let color = image.color(x: x, y: y) else { continue }
                // Tolerance: 1 of 255 per channel (the renderer's rounding).
                let channels = [color.red, color.green, color.blue].map { ($0 * 255).rounded() }
                if channels.contains(where: { abs($0 - grey) > 1 }) { off += 1 }
            }
        }
        #expect(count == Int(sideBySide ? line.height : line.width), "\(size) ×\(scale): \(count) pixels")
        #expect(off == 0, "\(size) ×\(scale): \(off) of \(count) pixels of the line are not its grey")
    }

    @Test(
        "| compares the tutorial's knobs (A, left) with the turned ones (B, right), and time travel takes both back"
    )
    func barKeyWhilePlayingThenTravel() throws {
        let size = Size(width: 800, height: 600)
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "checkmark" })
        let (name, value) = try #require(Self.turnedKnob(of: descriptor))
        let host = try Self.host("checkmark", size: size, knobs: [name: value])
        for _ in 0..<30 { try host.step() }
        host.schedule([TimedEvent(time: 30.0 / 60, event: .key(.character("|")))])
        for _ in 0..<30 { try host.step() }
        let session = host.session
        #expect(session.isComparing)
        let halves = SceneSession.compareHalves(of: Rect(origin: .zero, size: size))
        #expect(session.mainRect == halves.second)
        let compare = try #require(session.describe().compare)
        let number = try #require(Self.number(value))
        #expect(compare[1].knobs[name] == .number(number))
        #expect(compare[0].knobs[name] != .number(number))
        // Back in time: both halves show the earlier moment, each as its scene alone there.
        host.schedule([TimedEvent(time: 60.0 / 60, event: .key(.character(" ")))])
        try host.step()
        session.seek(toTime: 40.0 / 60, at: host.time(ofFrame: host.frame))
        let twin = try #require(session.compareTwin)
        try host.step()
        #expect(abs(session.sceneTimeline.currentTime - 40.0 / 60) < 1e-9)
        #expect(abs(twin.machine.sceneTimeline.currentTime - 40.0 / 60) < 1e-9)
        // `|` again ends it: the scene has the whole rect again.
        host.schedule([TimedEvent(time: host.time(ofFrame: host.frame), event: .key(.character("|")))])
        try host.step()
        #expect(!session.isComparing)
        #expect(session.mainRect == Rect(origin: .zero, size: size))
        #expect(session.describe().compare == nil)
    }
}
