import Animation
import Foundation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The download scene as the user sees it: angles measured from pixels at chosen times, the
/// easeOut trajectory frame by frame, the done check, a restart on click, layouts and goldens.
@Suite struct DownloadSceneTests {
    /// Where the scene puts its indicators in a window of `size` (the scene's layout, computed
    /// here independently of the scene's code).
    struct Geometry {
        var size = Size(width: 800, height: 600)
        var side: Double { 0.7 * min(size.width / 3, size.height) }
        func center(_ index: Int) -> Point {
            Point(x: size.width / 3 * (Double(index) + 0.5), y: size.height / 2)
        }
        /// The closed ring and the mixed type's cover ring: side/2 − coverWidth.
        var ringRadius: Double { side / 2 - 2 }
        /// The filled and mixed pies: side · 0.45 − coverWidth.
        var pieRadius: Double { side * 0.45 - 2 }
        var closed: Point { center(0) }
        var filled: Point { center(1) }
        var mixed: Point { center(2) }
    }

    private let geometry = Geometry()

    private func frames(
        at times: [MediaTime], events: String = "", size: Size = Size(width: 800, height: 600)
    ) throws -> [MediaTime: RenderedFrame] {
        try SceneTester.frames(scene: "download", size: size, events: events, at: times)
    }

    // MARK: - Pixel probes

    /// The indicator's blue (16, 119, 234) and anything at least a third of it over white or
    /// grey: blue − red is 0.85 for the colour, 0 for white and grey, ≈ 0.43 half-covered.
    private static func isBlue(_ color: Color?) -> Bool {
        guard let color else { return false }
        return color.blue - color.red > 0.3
    }

    /// Degrees of the circle of `radius` around `center` that are blue, sampled every 0.5°
    /// (each sample blue when any of radius − 1, radius, radius + 1 is, so that a 2 px stroke
    /// is found whatever its sub-pixel position).
    private func sweptDegrees(_ frame: RenderedFrame, center: Point, radius: Double) -> Double {
        let samples = 720
        var count = 0
        for k in 0..<samples {
            let angle = (-90 + (Double(k) + 0.5) * 360 / Double(samples)) * .pi / 180
            let direction = Point(x: cos(angle), y: sin(angle))
            let isHit = [-1.0, 0, 1].contains { dr in
                Self.isBlue(frame.color(at: center + direction * (radius + dr)))
            }
            if isHit { count += 1 }
        }
        return Double(count) * 360 / Double(samples)
    }

    /// The closed ring's angle, degrees: sampled on its stroke. A butt end is antialiased over
    /// about 1 px (0.6° at r = 91) and samples are 0.5° apart: ±1.5° covers both.
    private func closedDegrees(_ frame: RenderedFrame) -> Double {
        sweptDegrees(frame, center: geometry.closed, radius: geometry.ringRadius)
    }

    /// A pie's angle, degrees: sampled at 0.8 of its radius (clear of the done check, which
    /// stays within 0.6), minus the 1 px half-stroke on each straight edge (2 · 0.87° at 65.6
    /// px) that makes the pie look that much wider; a whole disc has no edges.
    private func pieDegrees(_ frame: RenderedFrame, center: Point) -> Double {
        let radius = 0.8 * geometry.pieRadius
        let strokeDegrees = 2 * (1 / radius) * 180 / .pi
        let measured = sweptDegrees(frame, center: center, radius: radius)
        return measured == 0 || measured == 360 ? measured : measured - strokeDegrees
    }

    /// The share of blue pixels in the pie's disc (radius + 1 for its stroke), 0…1.
    private func pieShare(_ frame: RenderedFrame, center: Point) -> Double {
        let r = geometry.pieRadius + 1
        let box = Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
        var inside = 0
        var blue = 0
        for y in Int(box.minY)...Int(box.maxY) {
            for x in Int(box.minX)...Int(box.maxX) {
                guard hypot(Double(x) + 0.5 - center.x, Double(y) + 0.5 - center.y) <= r else { continue }
                inside += 1
                if Self.isBlue(frame.color(x: x, y: y)) { blue += 1 }
            }
        }
        return Double(blue) / Double(max(inside, 1))
    }

    /// The three angles, closed / filled / mixed, degrees.
    private func angles(_ frame: RenderedFrame) -> [Double] {
        [
            closedDegrees(frame), pieDegrees(frame, center: geometry.filled),
            pieDegrees(frame, center: geometry.mixed),
        ]
    }

    private func expectAngles(
        _ frame: RenderedFrame?, _ expected: Double, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = try #require(frame, sourceLocation: sourceLocation)
        let measured = angles(frame)
        // Ring ±1.5° (see closedDegrees); pies ±2°: their antialiased edges at 0.8 r are one
        // pixel in 66, 0.9° each, on top of the 0.5° sampling.
        #expect(
            abs(measured[0] - expected) <= 1.5, "closed at \(label): \(measured[0])°",
            sourceLocation: sourceLocation)
        #expect(
            abs(measured[1] - expected) <= 2, "filled at \(label): \(measured[1])°",
            sourceLocation: sourceLocation)
        #expect(
            abs(measured[2] - expected) <= 2, "mixed at \(label): \(measured[2])°",
            sourceLocation: sourceLocation)
    }

    // MARK: - The download, from pixels

    @Test("nothing is swept before the first update at 1 s; the rings are there")
    func emptyBeforeOneSecond() throws {
        let shots = try frames(at: [0, 0.5, 0.99])
        for time in [0, 0.5, 0.99] {
            try expectAngles(shots[time], 0, "\(time) s")
        }
        let frame = try #require(shots[0.5])
        // The closed type's background ring is UIColor.gray (0.5) at 6 o'clock, the mixed
        // type's cover ring blue; 1/255 per channel of rounding, plus the 2 px stroke covering
        // the probed pixel only partly: probe the darkest of three pixels across the ring.
        /// The pixels across the ring at 6 o'clock below `center`.
        func acrossRing(below center: Point) -> [Color] {
            (-1...1).compactMap { dy in
                frame.color(at: Point(x: center.x, y: center.y + geometry.ringRadius + Double(dy)))
            }
        }
        let closedBottom = acrossRing(below: geometry.closed).min { $0.red < $1.red }
        #expect(closedBottom.map { abs($0.red - 0.5) <= 0.1 && abs($0.blue - 0.5) <= 0.1 } == true)
        #expect(acrossRing(below: geometry.mixed).contains { Self.isBlue($0) })
        // The filled type shows nothing at all yet.
        #expect(pieShare(frame, center: geometry.filled) == 0)
    }

    @Test("10 % at rest after the first step, then 40 %, 50 % and 100 %")
    func steps() throws {
        let shots = try frames(at: [1.9, 2.9, 3.9, 4.5])
        try expectAngles(shots[1.9], 36, "1.9 s")
        try expectAngles(shots[2.9], 144, "2.9 s")
        try expectAngles(shots[3.9], 180, "3.9 s")
        try expectAngles(shots[4.5], 360, "4.5 s")
    }

    @Test("half-way through an update the angle follows easeOut (68.5 %), not linear (50 %)")
    func easeOutHalfway() throws {
        let shots = try frames(at: [1.25, 4.25])
        // 0 → 36°: easeOut(0.5) = 0.684643 of the step (docs/SEMANTICS.md), linear would be 18°.
        try expectAngles(shots[1.25], 36 * 0.684643, "1.25 s")
        // 180° → 360°: 180 + 180 · 0.684643 = 303.2°.
        try expectAngles(shots[4.25], 180 + 180 * 0.684643, "4.25 s")
    }

    @Test("the pie's share of its disc is the downloaded share")
    func pieShareMatches() throws {
        let shots = try frames(at: [1.9, 3.9, 4.5])
        // The share counts the pie's 2 px stroke (1 px outside each straight edge: 2r / πr²
        // = 0.8 %) and antialiased rim pixels half in, half out: ±1.2 % around it.
        let stroke = 2 * geometry.pieRadius / (Double.pi * pow(geometry.pieRadius + 1, 2))
        for (time, expected) in [(1.9, 0.1), (3.9, 0.5), (4.5, 1.0)] {
            let frame = try #require(shots[time])
            for center in [geometry.filled, geometry.mixed] {
                let share = pieShare(frame, center: center)
                let target = min(expected + stroke, 1)
                #expect(abs(share - target) <= 0.012, "at \(time) s: \(share), expected \(target)")
            }
        }
    }

    // MARK: - Done and restart

    @Test("at 100 % each indicator draws a check once the last update has finished")
    func doneCheck() throws {
        let shots = try frames(at: [4.5, 5])
        let before = try #require(shots[4.5])
        let after = try #require(shots[5])
        // The check's corner is at (−0.12, 0.31) of the radius from the centre; the check is
        // 0.09 r wide, so the probed pixel is well inside its stroke.
        func corner(_ center: Point, _ radius: Double) -> Point {
            Point(x: center.x - 0.12 * radius, y: center.y + 0.31 * radius)
        }
        let closed = corner(geometry.closed, geometry.ringRadius)
        let filled = corner(geometry.filled, geometry.pieRadius + 1)
        let mixed = corner(geometry.mixed, geometry.pieRadius + 1)
        // Before: white inside the ring, blue pies (no check yet).
        #expect(before.color(at: closed)?.isClose(to: .white, within: 0.02) == true)
        #expect(Self.isBlue(before.color(at: filled)))
        #expect(Self.isBlue(before.color(at: mixed)))
        // After: a blue check in the ring, white checks on the pies; 0.05 for antialiasing.
        #expect(after.color(at: closed)?.isClose(to: DownloadScene.indicatorColor, within: 0.05) == true)
        #expect(after.color(at: filled)?.isClose(to: .white, within: 0.05) == true)
        #expect(after.color(at: mixed)?.isClose(to: .white, within: 0.05) == true)
        // The ring and the pies stay whole around the check.
        try expectAngles(after, 360, "5 s")
    }

    @Test("a click restarts the download from 0, also in the middle of an update")
    func restartOnClick() throws {
        let shots = try frames(at: [5.5, 6.9, 9.6], events: "5.0 tap 400 300")
        try expectAngles(shots[5.5], 0, "5.5 s (restarted at 5 s)")
        let restarted = try #require(shots[5.5])
        #expect(pieShare(restarted, center: geometry.filled) == 0)  // nothing left, not even the check
        try expectAngles(shots[6.9], 36, "6.9 s (first step at 6 s)")
        try expectAngles(shots[9.6], 360, "9.6 s (last step at 9 s)")

        let midway = try frames(at: [1.3, 2.9], events: "1.2 tap 100 100")
        try expectAngles(midway[1.3], 0, "1.3 s (restarted at 1.2 s, mid-update)")
        try expectAngles(midway[2.9], 36, "2.9 s (first step at 2.2 s, at rest from 2.7 s)")
    }

    // MARK: - Layout

    @Test(
        "each indicator is centred in its third, 0.7 · min(w / 3, h) across",
        arguments: [
            Size(width: 800, height: 600), Size(width: 1024, height: 768), Size(width: 500, height: 700),
        ])
    func layout(size: Size) throws {
        let geometry = Geometry(size: size)
        let frame = try #require(try frames(at: [4.5], size: size)[4.5])
        let thirds = (0..<3).map {
            Rect(x: size.width / 3 * Double($0), y: 0, width: size.width / 3, height: size.height)
        }
        // Outer edges: rings r + 1 = side/2 − 1, pies 0.45 side − 1; antialiased pixels count
        // from a third covered, so each edge may move by a pixel: ±1.5 px on sizes, ±1 on centres.
        let expectedWidths = [geometry.side - 2, 2 * geometry.pieRadius + 2, geometry.side - 2]
        for index in 0..<3 {
            let box = try #require(frame.boundingBox(in: thirds[index]) { Self.isBlue($0) })
            #expect(abs(box.width - expectedWidths[index]) <= 1.5, "\(size) #\(index): width \(box.width)")
            #expect(abs(box.height - expectedWidths[index]) <= 1.5, "\(size) #\(index): height \(box.height)")
            #expect(abs(box.midX - geometry.center(index).x) <= 1, "\(size) #\(index): centre x \(box.midX)")
            #expect(abs(box.midY - geometry.center(index).y) <= 1, "\(size) #\(index): centre y \(box.midY)")
        }
    }

    @Test("the labels show the percentage under each indicator")
    func labels() throws {
        let tester = try SceneTester(scene: "download")
        let scene = try tester.scene(as: DownloadScene.self)
        for (time, text) in [(0.5, "0%"), (1.1, "10%"), (2.1, "40%"), (3.1, "50%"), (4.1, "100%")] {
            try tester.advance(to: time)
            for indicator in scene.indicators {
                #expect(indicator.displayLabel.string == text, "at \(time) s")
            }
        }
        // The text is drawn under the indicators: grey pixels in the band below each one.
        let frame = try #require(try frames(at: [1.9])[1.9])
        for index in 0..<3 {
            let center = geometry.center(index)
            let band = Rect(x: center.x - 50, y: center.y + geometry.side / 2 + 4, width: 100, height: 30)
            let grey = frame.count(in: band) { $0.red < 0.8 && abs($0.red - $0.blue) < 0.05 }
            #expect(grey >= 50, "label #\(index): \(grey) grey pixels")
        }
    }

    // MARK: - The trajectory, frame by frame

    @Test("the first update follows easeOut on every frame and ends on the model path")
    func trajectory() throws {
        let tester = try SceneTester(scene: "download")
        let closed = try tester.scene(as: DownloadScene.self).closedIndicator
        let center = Point(x: closed.layer.bounds.width / 2, y: closed.layer.bounds.height / 2)
        func endDegrees() throws -> Double {
            let path = closed.animatingLayer.presentation().path
            let arc = try #require(DownloadArcEnds(path, type: .closed))
            let end = arc.end - center
            return atan2(end.y, end.x) * 180 / .pi + 90
        }
        try tester.advance(to: 0.99)
        #expect(closed.animatingLayer.presentation().path.isEmpty == false)
        #expect(closed.animatingLayer.animation(forKey: "path") == nil)
        var worst = (frame: 0, error: 0.0)
        var wentBack: [Int] = []
        var previous = -1.0
        for frame in 60...90 {
            try tester.advance(to: Double(frame) / 60)
            let expected = 36 * TimingFunction.easeOut.progress(at: (Double(frame) - 60) / 30)
            let measured = try endDegrees()
            if abs(measured - expected) > worst.error { worst = (frame, abs(measured - expected)) }
            if measured < previous { wentBack.append(frame) }
            previous = measured
        }
        // Between keyframes the engine blends two arcs 1.2° apart: the angle is off by under
        // 1e-4° (chord against arc); 1e-3° allows for the timing solver's 1e-6 as well.
        #expect(worst.error <= 1e-3, "frame \(worst.frame) is \(worst.error)° off the easeOut curve")
        #expect(wentBack.isEmpty, "the angle went back on frames \(wentBack)")
        try tester.advance(to: 1.6)
        #expect(closed.animatingLayer.animation(forKey: "path") == nil)
        #expect(abs(try endDegrees() - 36) <= 1e-9)
    }

    @Test("a resize in the middle of an update keeps it going at the new size")
    func resizeMidUpdate() throws {
        let tester = try SceneTester(scene: "download")
        let filled = try tester.scene(as: DownloadScene.self).filledIndicator
        try tester.advance(to: 1.1)
        // Laid out again at the start of the next frame (1.1 s + 1/60), as a window's resize is:
        // mid-update either way, and the angle below depends only on the update's start.
        tester.resize(to: Size(width: 1200, height: 900))
        try tester.advance(to: 1.25)
        let side = 0.7 * 400.0
        let center = Point(x: side / 2, y: side / 2)
        let arc = try #require(DownloadArcEnds(filled.animatingLayer.presentation().path, type: .filled))
        let end = arc.end - center
        // Same timing as before the resize (easeOut half-way: 24.647°), on the new radius
        // 0.45 · 280 − 2 = 124 px; tolerances as in the trajectory test, and 0.01 px for the
        // blend's chord (0.005 px at this step).
        let degrees = atan2(end.y, end.x) * 180 / .pi + 90
        #expect(abs(degrees - 36 * TimingFunction.easeOut.progress(at: 0.5)) <= 1e-3)
        #expect(abs(hypot(end.x, end.y) - (0.45 * side - 2)) <= 0.01)
        try tester.advance(to: 1.6)
        #expect(filled.animatingLayer.animation(forKey: "path") == nil)
    }

    // MARK: - Goldens

    /// The goldens, each paired with probes that state what it shows: the arguments of
    /// `golden(_:)`, and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        // Intent behind the pictures: the window is white in its corners, and the indicators
        // show the angle of the moment (as in easeOutHalfway and doneCheck).
        SceneGolden(scene: "download", at: 1.25) { frame in
            #expect(frame.color(x: 5, y: 5)?.isClose(to: .white, within: 0.01) == true)
            try DownloadSceneTests().expectAngles(frame, 36 * 0.684643, "1.25 s")  // easeOut half-way
        },
        SceneGolden(scene: "download", at: 5.0) { frame in
            #expect(frame.color(x: 5, y: 5)?.isClose(to: .white, within: 0.01) == true)
            try DownloadSceneTests().expectAngles(frame, 360, "5 s")  // done
        },
    ]

    @Test("goldens: mid-update and done", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
