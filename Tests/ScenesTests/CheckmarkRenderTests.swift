import Animation
import Foundation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The checkmark scene as `animdemo render` draws it: where the strokes are and are not, their
/// colour, the layout, and goldens paired with those probes.
@Suite("Checkmark: rendered frames")
struct CheckmarkRenderTests {
    /// Colour tolerance: 8-bit channels round each component (≤ ½/255, and the premultiplied
    /// round trip another ½/255); every stroke probe sits on a stroke's centre line and takes
    /// the best of the 3 × 3 pixels around it (`nearestColor`), one of which the 2-point stroke
    /// (2.7 px and more at the sizes tested) covers fully.
    static let colorTolerance = 2.0 / 255

    /// A "nothing here" probe must be this far from every stroke's centre line, pixels: half
    /// the line width, the pixel's own half-diagonal (0.71 px), antialiasing (1 px), and the
    /// sampling of `clearance` (≤ 1.5 px), rounded up.
    static func clearance(_ geometry: CheckmarkGeometry) -> Double {
        (geometry.lineWidth / 2 + 3.3).rounded(.up)
    }

    /// Points on the check that the X does not cover: (shape, fraction of its length).
    static let checkProbes: [(Int, Double)] = [(1, 0.045), (2, 0.85), (2, 0.92), (2, 0.98)]
    /// Points on the X that the check does not cover.
    static let xProbes: [(Int, Double)] = [(0, 0.9), (0, 0.94), (2, 0.02), (2, 0.17)]
    /// Points on the circle, drawn by b1 in the check and by b2 in the X.
    static let circleProbes: [(Int, Double)] = [(0, 0.05), (0, 0.3), (0, 0.55), (0, 0.78)]

    func render(
        size: Size = Size(width: 800, height: 600), fps: Int = 60, events: String = "", at times: [MediaTime]
    )
        throws -> [MediaTime: RenderedFrame]
    {
        try SceneTester.frames(scene: "checkmark", size: size, fps: fps, events: events, at: times)
    }

    /// Expects a pixel at `point` (of the 3 × 3 around it) to be `color`.
    static func expectColor(
        _ frame: RenderedFrame, at point: Point, _ color: Color, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let actual = frame.nearestColor(around: point, to: color)
        #expect(
            actual?.isClose(to: color, within: colorTolerance) == true,
            "\(what) at \(point): \(actual.map(\.description) ?? "outside") ≠ \(color)",
            sourceLocation: sourceLocation)
    }

    /// Expects the stroke probes of `drawn` in `color` and the probes of `absent` to show the
    /// background, having checked that those are clear of every stroke of `state`.
    static func expectState(
        _ frame: RenderedFrame, geometry: CheckmarkGeometry, drawn: [(Int, Double)], absent: [(Int, Double)],
        state: Strokes, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (shape, fraction) in drawn {
            let point = geometry.point(shape: shape, at: fraction)
            expectColor(
                frame, at: point, state.color, "b\(shape + 1) at \(fraction)", sourceLocation: sourceLocation)
        }
        for (shape, fraction) in absent {
            let point = geometry.point(shape: shape, at: fraction)
            let room = geometry.clearance(of: point, from: state)
            #expect(
                room >= clearance(geometry),
                "probe b\(shape + 1) at \(fraction) is only \(room) px from a stroke",
                sourceLocation: sourceLocation)
            let actual = frame.color(at: point)
            let shown = actual.map(\.description) ?? "outside"
            #expect(
                actual?.isClose(to: C4Purple, within: colorTolerance) == true,
                "background (b\(shape + 1) at \(fraction)) at \(point): \(shown)",
                sourceLocation: sourceLocation)
        }
    }

    /// The box of the pixels that are not the background, or nil.
    static func strokeBox(_ frame: RenderedFrame) -> Rect? {
        frame.boundingBox { !$0.isClose(to: C4Purple, within: 8.0 / 255) }
    }

    /// The check at rest in a window of `size`: its probes in C4Blue, the X's clear, the
    /// background C4Purple, and the circle centred.
    static func expectCheckAtRest(
        _ frame: RenderedFrame, size: Size, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let geometry = try CheckmarkGeometry(size: size)
        expectState(
            frame, geometry: geometry, drawn: checkProbes + circleProbes, absent: xProbes, state: .check,
            sourceLocation: sourceLocation)
        expectColor(
            frame, at: Point(x: 2, y: 2), C4Purple, "the background (C4Purple)",
            sourceLocation: sourceLocation)
        // The circle (radius 103.8 points, stroke 2) is the outline: its box is 209.6 points
        // wide and centred; ±1.5 px for antialiased edge pixels on either side.
        let box = try #require(strokeBox(frame), sourceLocation: sourceLocation)
        let side = 209.6 * geometry.scale
        #expect(abs(box.midX - size.width / 2) <= 1.5, "box \(box)", sourceLocation: sourceLocation)
        #expect(abs(box.midY - size.height / 2) <= 1.5, "box \(box)", sourceLocation: sourceLocation)
        #expect(
            abs(box.width - side) <= 3 && abs(box.height - side) <= 3, "box \(box), \(side) expected",
            sourceLocation: sourceLocation)
    }

    /// The X at rest in a window of `size`: its probes in C4Pink, the check's clear, centred.
    static func expectXAtRest(
        _ frame: RenderedFrame, size: Size, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let geometry = try CheckmarkGeometry(size: size)
        expectState(
            frame, geometry: geometry, drawn: xProbes + circleProbes, absent: checkProbes, state: .x,
            sourceLocation: sourceLocation)
        let box = try #require(strokeBox(frame), sourceLocation: sourceLocation)
        #expect(
            abs(box.midX - size.width / 2) <= 1.5 && abs(box.midY - size.height / 2) <= 1.5, "box \(box)",
            sourceLocation: sourceLocation)
    }

    @Test(
        "at rest: the check in C4Blue, the circle centred in the window",
        arguments: [
            Size(width: 800, height: 600), Size(width: 1024, height: 768), Size(width: 500, height: 700),
        ])
    func checkAtRest(size: Size) throws {
        let frame = try #require(try render(size: size, at: [0.5])[0.5])
        try Self.expectCheckAtRest(frame, size: size)
    }

    @Test(
        "one click: the X in C4Pink at rest",
        arguments: [Size(width: 800, height: 600), Size(width: 500, height: 700)])
    func xAtRest(size: Size) throws {
        let frame = try #require(try render(size: size, events: "0.5 tap 400 300", at: [2.0])[2.0])
        try Self.expectXAtRest(frame, size: size)
    }

    @Test(
        "two clicks, at rest or mid-transition, anywhere, give back the very same check",
        arguments: [
            "0.5 tap 400 300; 2.5 tap 20 580", "0.5 tap 790 10; 0.85 tap 400 300",
            "0.5 tap 1 1; 0.62 tap 1 1",
        ])
    func backToCheck(events: String) throws {
        let rest = try #require(try render(at: [0.5])[0.5])
        let frame = try #require(try render(events: events, at: [4.5])[4.5])
        let comparison = try #require(GoldenImage.compare(frame, rest, maxChannelDelta: 0))
        // The same end values give the same pixels, byte for byte.
        #expect(comparison.differingPixels == 0, "\(comparison)")
    }

    @Test("mid-transition, the strokes are where the tutorial's curves put them")
    func midTransition() throws {
        let frames = try render(events: "0.5 tap 400 300", at: [0.75, 0.8])
        let geometry = try CheckmarkGeometry(size: Size(width: 800, height: 600))
        let timeline = TutorialTimeline(clickAt: 0.5, from: .check, fps: 60)
        // Each case puts probes 0.025 of the path's length (19 to 32 px at 1.6 px per point) on
        // either side of a moving stroke end; a round cap reaches 1.6 px, so they are clear of
        // it. The other curves would put that end 0.08 or more away and leave a probe wrong.
        let cases: [(time: MediaTime, shape: Int, isStart: Bool, value: Double, why: String)] = [
            // 0.25 s after the click, b1ToX: 0.6 × easeIn(0.5), docs/SEMANTICS.md's table (linear or
            // easeInOut: 0.3).
            (0.75, 0, true, 0.6 * 0.315357, "b1.strokeStart, b1ToX, easeIn"),
            // 0.15 s into b3ToX (it waits 0.15 s), the default curve: 1 − 0.81 × easeInOut(0.3),
            // 0.838 (linear: 0.757).
            (0.8, 2, false, 1 - 0.81 * TimingFunction.easeInEaseOut.progress(at: 0.3), "b3.strokeEnd, b3ToX"),
        ]
        for (time, shape, isStart, value, why) in cases {
            let frame = try #require(frames[time])
            let state = timeline.strokes(at: time)
            let range = state.ranges[shape]
            // The formulas above and the timeline's agree (table: 6 decimals).
            #expect(abs((isStart ? range.lowerBound : range.upperBound) - value) <= 1e-6, "\(why)")
            let inside = isStart ? value + 0.025 : value - 0.025
            let outside = isStart ? value - 0.025 : value + 0.025
            Self.expectState(
                frame, geometry: geometry, drawn: [(shape, inside)], absent: [(shape, outside)], state: state)
        }
    }

    @Test("the colour is half-way between C4Blue and C4Pink half-way through d + dc")
    func colorHalfway() throws {
        // At 120 fps 0.375 s after the click is a frame; easeInOut(0.5) = 0.5 exactly.
        let frame = try #require(try render(fps: 120, events: "0.5 tap 400 300", at: [0.875])[0.875])
        let geometry = try CheckmarkGeometry(size: Size(width: 800, height: 600))
        let halfway = C4Blue.interpolated(to: C4Pink, fraction: 0.5)
        for (shape, fraction) in [(0, 0.7), (1, 0.03)] {
            Self.expectColor(
                frame, at: geometry.point(shape: shape, at: fraction), halfway, "b\(shape + 1) half-way")
        }
    }

    // MARK: - Goldens

    /// The goldens, each paired with probes that state what it shows: the arguments of
    /// `golden(_:)`, and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        SceneGolden(scene: "checkmark", at: 0.5) { frame in
            try expectCheckAtRest(frame, size: Size(width: 800, height: 600))
        },
        SceneGolden(scene: "checkmark", events: "0.5 tap 400 300", at: 2.0) { frame in
            try expectXAtRest(frame, size: Size(width: 800, height: 600))
        },
        SceneGolden(scene: "checkmark", events: "0.5 tap 400 300", at: 0.9) { frame in
            // 0.4 s after the click: b1's circle part still drawn, in the colour the tutorial's
            // timeline has reached (easeInOut over 0.75 s); b3 is half-way through b3ToX
            // (0.402…0.595), so its long stroke is gone.
            let state = TutorialTimeline(clickAt: 0.5, from: .check, fps: 60).strokes(at: 0.9)
            expectState(
                frame, geometry: try CheckmarkGeometry(size: Size(width: 800, height: 600)),
                drawn: [(0, 0.55), (0, 0.7)], absent: [(2, 0.85), (2, 0.92), (2, 0.98)], state: state)
        },
    ]

    @Test("goldens: the check, the X, and the transition between", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
