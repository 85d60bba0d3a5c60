import Animation
import Foundation
import Session
import TestSupport
import Testing

@testable import Render
@testable import Scenes

/// The scenes at the tutorials' own sizes (docs/ARCHITECTURE.md § Points): each frame is
/// compared with a reference drawn here straight through Cairo from the tutorial's numbers
/// (no layers, no session), at 375 × 667, the iPhone 6's screen at a pixel a point, and at
/// 800 × 600 and 1600 × 1000, 1.6 and 2.67 pixels a point.
///
/// The comparison is on "ink": how much of a colour each pixel holds over the background,
/// 0…1, read from the channel where the two differ most. Two pictures of the same shapes at the
/// same place have the same total ink and the same centroid; a line one point too wide or a
/// shape half a point off shows in one or the other.
@Suite("Scenes at the tutorials' sizes, against references drawn from the tutorials' numbers")
struct TutorialSizeTests {
    /// The phone's screen, a pixel a point; a desktop window, 1.6; a large one, 2.67.
    static let sizes = [
        Size(width: 375, height: 667), Size(width: 800, height: 600), Size(width: 1600, height: 1000),
    ]

    // MARK: - Ink

    /// How much of `ink` a picture holds over `background` in `region`: the total (pixels) and
    /// its centroid.
    struct Ink: CustomStringConvertible {
        var total = 0.0
        var centroid = Point.zero
        /// Reads the channel where `ink` and `background` differ most straight from the pixels
        /// (the frames are opaque, so premultiplied bytes are the colour's).
        init(_ frame: RenderedFrame, ink: Color, background: Color, in region: Rect) {
            let channels = [
                (shift: UInt32(16), ink.red, background.red), (shift: 8, ink.green, background.green),
                (shift: 0, ink.blue, background.blue),
            ]
            guard let (shift, full, none) = channels.max(by: { abs($0.1 - $0.2) < abs($1.1 - $1.2) }) else {
                return
            }
            let pixels = frame.pixels
            var sum = 0.0
            var x = 0.0
            var y = 0.0
            for row in max(Int(region.minY), 0)..<min(Int(region.maxY.rounded(.up)), frame.height) {
                for column in max(Int(region.minX), 0)..<min(Int(region.maxX.rounded(.up)), frame.width) {
                    let value = Double((pixels[row * frame.width + column] >> shift) & 0xFF) / 255
                    let share = min(max((value - none) / (full - none), 0), 1)
                    sum += share
                    x += share * (Double(column) + 0.5)
                    y += share * (Double(row) + 0.5)
                }
            }
            total = sum
            centroid = sum > 0 ? Point(x: x / sum, y: y / sum) : .zero
        }

        var description: String { "ink \(total) px at \(centroid)" }
    }

    /// A picture drawn straight through Cairo: the background, then `draw` in window pixels.
    static func reference(size: Size, background: Color, draw: (CairoContext) -> Void) throws
        -> RenderedFrame
    {
        let surface = try CairoSurface(width: Int(size.width), height: Int(size.height))
        let context = CairoContext(surface: surface)
        context.clear(to: background)
        draw(context)
        surface.withHandleFlush()
        return RenderedFrame(surface: surface)
    }

    /// Expects the same ink in `frame` and `reference`: totals within `share` of each other,
    /// centroids within `distance` pixels.
    static func expectSameInk(
        _ frame: RenderedFrame, _ reference: RenderedFrame, ink: Color, background: Color, in region: Rect,
        share: Double = 0.01, distance: Double = 0.05, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let drawn = Ink(frame, ink: ink, background: background, in: region)
        let expected = Ink(reference, ink: ink, background: background, in: region)
        #expect(expected.total > 0, "\(what): the reference has no ink", sourceLocation: sourceLocation)
        #expect(
            abs(drawn.total - expected.total) <= share * expected.total,
            "\(what): \(drawn), reference \(expected)", sourceLocation: sourceLocation)
        #expect(
            drawn.centroid.distance(to: expected.centroid) <= distance,
            "\(what): \(drawn), reference \(expected)", sourceLocation: sourceLocation)
    }

    /// Pixels per point in a window of `size`, and the window's size in points.
    static func scale(_ size: Size) -> Double { min(size.width, size.height) / 375 }
    static func points(_ size: Size) -> Size {
        Size(width: size.width / scale(size), height: size.height / scale(size))
    }

    // MARK: - Checkmark: 207.6 points across, strokes 2 points

    @Test(
        "checkmark: the check's strokes, 2 points wide on the 207.6-point artboard, centred", arguments: sizes
    )
    func checkmark(size: Size) throws {
        let frame = try SceneTester(scene: "checkmark", size: size).render(at: 0.5)
        // The tutorial's PaintCode paths (taken from the scene: the paths are its data, not
        // what is tested), trimmed to the check state, stroked 2 points wide with round caps
        // and joins in C4Blue, the artboard's (103.8, 103.8) on the window's centre.
        let scene = try SceneTester(scene: "checkmark", size: size).scene(as: CheckmarkScene.self)
        let s = Self.scale(size)
        let ranges = [(scene.b1.path, 0.0, 0.81), (scene.b2.path, 0.0, 0.06), (scene.b3.path, 0.804, 1.0)]
        let reference = try Self.reference(size: size, background: C4Purple) { context in
            context.concatenate(
                AffineTransform(translationX: -103.8, y: -103.8).concatenating(
                    AffineTransform(scaleX: s, y: s)
                ).concatenating(AffineTransform(translationX: size.width / 2, y: size.height / 2)))
            for (path, start, end) in ranges {
                context.stroke(
                    path.trimmed(from: start, to: end),
                    style: StrokeStyle(
                        color: C4Blue, width: 2, cap: .round, join: .round, miterLimit: 10, dashes: [],
                        dashPhase: 0))
            }
        }
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        // The same Cairo calls through another chain of transforms: equal to rounding.
        Self.expectSameInk(
            frame, reference, ink: C4Blue, background: C4Purple, in: whole, share: 0.005, distance: 0.02,
            "the check at \(size)")
        // The ink says the width: the check's strokes are at least its circle, 2π · 103.8 · 0.81
        // points long, and at most three whole circles, 2 points wide: 1057…3913 points².
        let ink = Ink(frame, ink: C4Blue, background: C4Purple, in: whole).total / (s * s)
        #expect(ink > 1057 && ink < 3913, "\(ink) points² of ink at \(size)")
    }

    // MARK: - Fish: 200 points wide

    @Test("fish: the fish 200 points wide in the middle, from its image", arguments: sizes)
    func fish(size: Size) throws {
        let frame = try SceneTester(scene: "fish", size: size, events: "0 key m").render(at: 0.5)
        let s = Self.scale(size)
        let images = ImageStore()
        let fishImage = try #require(images.image(named: "fish"))
        let rect = Rect(
            x: size.width / 2 - 100 * s, y: size.height / 2 - 100 * s, width: 200 * s, height: 200 * s)
        let reference = try Self.reference(size: size, background: fishBackgroundColor) { context in
            context.draw(fishImage, in: rect, alpha: 1)
        }
        // The fish at rest is placed on whole pixels (at most half a pixel off, as before
        // points): centroids within 0.75 px; its ink, through another filter, within 2 %. Ink is
        // read as pure yellow over white: the yellow fish's difference from white is its blue.
        let region = rect.insetBy(dx: -4, dy: -4)
        let yellow = Color(red: 1, green: 1, blue: 0)
        Self.expectSameInk(
            frame, reference, ink: yellow, background: fishBackgroundColor, in: region, share: 0.02,
            distance: 0.75, "the fish at \(size)")
        // Its warm pixels span 6.5…193.5 of its 200 points (FishRenderTests.warmExtent).
        let box = try #require(frame.boundingBox(where: FishTest.isFish))
        #expect(abs(box.width - 187 * s) <= 3, "fish \(box.width) px wide at \(size)")
    }

    // MARK: - Tictactoe: the finish line, radius 12 and 25 wide

    @Test("tictactoe: the finish line's circles of radius 12 and line 25 wide, in points", arguments: sizes)
    func finishLine(size: Size) throws {
        let s = Self.scale(size)
        let points = Self.points(size)
        // The board: 300 points, centred; fields 100 points.
        let board = Point(x: (points.width - 300) / 2, y: (points.height - 300) / 2)
        func center(_ field: Int) -> Point {
            Point(x: board.x + 50 + 100 * Double(field % 3), y: board.y + 50 + 100 * Double(field / 3)) * s
        }
        let clicks = [0, 3, 1, 4, 2].enumerated().map { index, field in
            let point = center(field)
            return String(format: "%.3f tap %.3f %.3f", 0.1 + 0.2 * Double(index), point.x, point.y)
        }.joined(separator: "\n")
        let frame = try SceneTester(scene: "tictactoe", size: size, events: clicks).render(at: 3.5)
        let start = center(0)
        let end = center(2)
        let reference = try Self.reference(size: size, background: .white) { context in
            context.concatenate(AffineTransform(scaleX: s, y: s))
            for point in [start, end] {
                let circle = BezierPath(
                    ovalIn: Rect(x: point.x / s - 12, y: point.y / s - 12, width: 24, height: 24))
                context.fill(circle, color: finishLineColor)
                context.stroke(
                    circle,
                    style: StrokeStyle(
                        color: finishLineColor, width: 1, cap: .butt, join: .miter, miterLimit: 10,
                        dashes: [],
                        dashPhase: 0))
            }
            var line = BezierPath()
            line.move(to: start * (1 / s))
            line.addLine(to: end * (1 / s))
            context.stroke(
                line,
                style: StrokeStyle(
                    color: finishLineColor, width: 25, cap: .butt, join: .miter, miterLimit: 10, dashes: [],
                    dashPhase: 0))
        }
        // The line covers marks and a veiled board, the reference white: compare the pixels that
        // are wholly the line's colour, which neither background touches (5/255).
        func isLine(_ color: Color) -> Bool { color.isClose(to: finishLineColor, within: 0.02) }
        let drawnBox = try #require(frame.boundingBox(where: isLine))
        let expectedBox = try #require(reference.boundingBox(where: isLine))
        for (a, b) in [
            (drawnBox.minX, expectedBox.minX), (drawnBox.maxX, expectedBox.maxX),
            (drawnBox.minY, expectedBox.minY), (drawnBox.maxY, expectedBox.maxY),
        ] {
            #expect(abs(a - b) <= 1, "line \(drawnBox), reference \(expectedBox) at \(size)")
        }
        let drawn = Double(frame.count(where: isLine))
        let expected = Double(reference.count(where: isLine))
        // The edge pixels (the perimeter, 2 · 345 points) may fall either side of the
        // threshold over different backgrounds: within 1 px of perimeter, at most.
        #expect(abs(drawn - expected) <= 2 * 345 * s, "\(drawn) line pixels, reference \(expected)")
        // 25 points tall: the rows of the middle of the line.
        #expect(abs(drawnBox.height - 25 * s) <= 2, "\(drawnBox.height) px tall at \(size)")
    }

    // MARK: - Download: 80-point indicators, 2-point lines

    @Test(
        "download: the rings of the closed and mixed indicators, radius 38 and 2 points wide, in the demo's layout",
        arguments: sizes)
    func download(size: Size) throws {
        let frame = try SceneTester(scene: "download", size: size).render(at: 0.5)
        let s = Self.scale(size)
        let points = Self.points(size)
        // The demo's column when it fits (494 points), else right of the switch (which ends at
        // 273), centred in the height (DownloadScene's header).
        let origin =
            points.height >= 494
            ? Point(x: (points.width - 80) / 2, y: 134)
            : Point(x: 273 + (points.width - 353) / 2, y: points.height / 2 - 160)
        let closed = Point(x: origin.x + 40, y: origin.y + 40)
        let mixed = Point(x: origin.x + 40, y: origin.y + 280)
        for (center, ink) in [(closed, Color(white: 0.5)), (mixed, DownloadScene.indicatorColor)] {
            let reference = try Self.reference(size: size, background: .white) { context in
                context.concatenate(AffineTransform(scaleX: s, y: s))
                let ring = BezierPath(ovalIn: Rect(x: center.x - 38, y: center.y - 38, width: 76, height: 76))
                context.stroke(
                    ring,
                    style: StrokeStyle(
                        color: ink, width: 2, cap: .butt, join: .miter, miterLimit: 10, dashes: [],
                        dashPhase: 0))
            }
            let region = Rect(x: (center.x - 40) * s, y: (center.y - 40) * s, width: 80 * s, height: 80 * s)
            // Arcs of four cubics in the scene, an oval in the reference: 2 % of ink, 0.05 px.
            Self.expectSameInk(
                frame, reference, ink: ink, background: .white, in: region, share: 0.02, distance: 0.05,
                "the ring at \(center) at \(size)")
        }
    }
}
