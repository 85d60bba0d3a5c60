import Animation
import Foundation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The download scene as the user sees it: angles measured from pixels at chosen times, the
/// easeOut trajectory frame by frame, 100 % without additions, the settings switch (idle during
/// the multi-step run), the label's lines, layouts and goldens.
@Suite struct DownloadSceneTests {
    /// Where the scene puts its indicators in a window of `size`, in window pixels: the demo's
    /// layout (RMViewController.m, Main.storyboard), worked out here independently of the
    /// scene's code, at min(width, height) / 375 pixels a point.
    struct Geometry {
        var size = Size(width: 800, height: 600)
        /// Pixels per point.
        var scale: Double { min(size.width, size.height) / 375 }
        /// The window in points.
        var points: Size { Size(width: size.width / scale, height: size.height / scale) }
        /// Whether the demo's column fits: the switch ends at 74, the first indicator 60 below,
        /// three of 80 with 40 between end at 454, and 40 for the last label.
        var isDemoColumn: Bool { points.height >= 494 }
        /// The first indicator's top-left corner, points: the demo's (centred, 134 down), or
        /// centred in the height and in the width right of the switch (which ends at 273).
        var origin: Point {
            isDemoColumn
                ? Point(x: (points.width - 80) / 2, y: 134)
                : Point(x: 273 + (points.width - 273 - 80) / 2, y: points.height / 2 - 160)
        }
        /// An indicator's side, pixels: 80 points.
        var side: Double { 80 * scale }
        /// The centre of indicator `index` (0 closed, 1 filled, 2 mixed, top to bottom), pixels.
        func center(_ index: Int) -> Point {
            Point(x: origin.x + 40, y: origin.y + 40 + 120 * Double(index)) * scale
        }
        /// Half the 2-point stroke, pixels.
        var halfStroke: Double { scale }
        /// The closed ring and the mixed type's cover ring: 40 − coverWidth points.
        var ringRadius: Double { 38 * scale }
        /// The filled and mixed pies: 80 · 0.45 − coverWidth = 34 points.
        var pieRadius: Double { 34 * scale }
        var closed: Point { center(0) }
        var filled: Point { center(1) }
        var mixed: Point { center(2) }
        /// The switch's centre, pixels: its frame is (222, 43, 51, 31) points.
        var switchCenter: Point { Point(x: 247.5, y: 58.5) * scale }
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
    /// (each sample blue when any of radius − 1, radius, radius + 1 is, so that a 2-point
    /// stroke, 3.2 px at 800×600, is found whatever its sub-pixel position).
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
    /// about 1 px (0.9° at r = 61 px) and samples are 0.5° apart: ±1.5° covers both.
    private func closedDegrees(_ frame: RenderedFrame) -> Double {
        sweptDegrees(frame, center: geometry.closed, radius: geometry.ringRadius)
    }

    /// A pie's angle, degrees: sampled at 0.8 of its radius (clear of anything drawn inside, which
    /// stays within 0.6), minus the half-stroke on each straight edge (2 · 1.3° for 1.6 px at
    /// 43.5 px) that makes the pie look that much wider; a whole disc has no edges.
    private func pieDegrees(_ frame: RenderedFrame, center: Point) -> Double {
        let radius = 0.8 * geometry.pieRadius
        let strokeDegrees = 2 * (geometry.halfStroke / radius) * 180 / .pi
        let measured = sweptDegrees(frame, center: center, radius: radius)
        return measured == 0 || measured == 360 ? measured : measured - strokeDegrees
    }

    /// The share of blue pixels in the pie's disc (radius + half the stroke), 0…1.
    private func pieShare(_ frame: RenderedFrame, center: Point) -> Double {
        let r = geometry.pieRadius + geometry.halfStroke
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
        // Ring ±1.5° (see closedDegrees); pies ±2°: their antialiased edges at 0.8 r are half a
        // pixel in 43.5, 0.7° each, on top of the 0.5° sampling.
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
        // type's cover ring blue; 1/255 per channel of rounding, plus the 3.2 px stroke covering
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
        // The share counts the pie's 2-point stroke (half outside each straight edge: 2rh / π(r +
        // h)², 1.7 % for h = 1.6 px) and antialiased rim pixels half in, half out: ±1.2 %.
        let h = geometry.halfStroke
        let stroke = 2 * geometry.pieRadius * h / (Double.pi * pow(geometry.pieRadius + h, 2))
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

    @Test("at 100 % the indicators are the library's: no check, no percentage (as at every step)")
    func doneWithoutAdditions() throws {
        let tester = try SceneTester(scene: "download")
        let scene = try tester.scene(as: DownloadScene.self)
        try tester.advance(to: 5)
        #expect(scene.indicators.allSatisfy { $0.downloadedRatio == 1 })
        // No layer beyond the library's: the ring, the animating layer and our debug ticks
        // (hidden), and the percentage label, hidden.
        for indicator in scene.indicators {
            #expect(indicator.displayLabel.isHidden)
            let shown = indicator.layer.sublayers.filter { !$0.isHidden }
            #expect(shown.allSatisfy { $0 === indicator.animatingLayer || $0 === indicator.coverPathLayer })
        }
        let frame = try #require(try frames(at: [5])[5])
        // Where the old check's corner was, (−0.12, 0.31) of the radius from the centre: white
        // inside the ring, blue in the pies (0.02 for rounding).
        func corner(_ center: Point, _ radius: Double) -> Point {
            Point(x: center.x - 0.12 * radius, y: center.y + 0.31 * radius)
        }
        #expect(
            frame.color(at: corner(geometry.closed, geometry.ringRadius))?.isClose(to: .white, within: 0.02)
                == true)
        #expect(Self.isBlue(frame.color(at: corner(geometry.filled, geometry.pieRadius))))
        #expect(Self.isBlue(frame.color(at: corner(geometry.mixed, geometry.pieRadius))))
        // Inside the closed ring: nothing but white (a check or a centred label would show).
        let inner = geometry.ringRadius - 3 * geometry.halfStroke
        let c = geometry.closed
        let inside = Rect(x: c.x - inner / 2, y: c.y - inner / 2, width: inner, height: inner)
        #expect(frame.count(in: inside) { !$0.isClose(to: .white, within: 0.02) } == 0)
        // Under each indicator: no text (the label's grey).
        for index in 0..<3 {
            let center = geometry.center(index)
            let s = geometry.scale
            let band = Rect(
                x: center.x - 30 * s, y: center.y + geometry.side / 2 + 4 * s, width: 60 * s, height: 20 * s)
            #expect(frame.count(in: band) { !$0.isClose(to: .white, within: 0.02) } == 0, "under #\(index)")
        }
        try expectAngles(frame, 360, "5 s")
    }

    @Test("the switch toggled twice (o twice) after the download restarts it from 0")
    func restartByToggling() throws {
        let shots = try frames(at: [5.5, 6.9, 9.6], events: "5.0 key o; 5.0 key o")
        try expectAngles(shots[5.5], 0, "5.5 s (restarted at 5 s)")
        let restarted = try #require(shots[5.5])
        #expect(pieShare(restarted, center: geometry.filled) == 0)  // nothing left
        try expectAngles(shots[6.9], 36, "6.9 s (first step at 6 s)")
        try expectAngles(shots[9.6], 360, "9.6 s (last step at 9 s)")
    }

    @Test(
        "during the multi-step download the switch takes no input: o and clicks do nothing until the last update",
        arguments: ["tap", "key"])
    func switchIdleDuringDownload(input: String) throws {
        let s = geometry.switchCenter
        let toggle = { (time: Double) in input == "tap" ? "\(time) tap \(s.x) \(s.y)" : "\(time) key o" }
        // At 0.5 s (before the first update), 1.2 s (mid-update) and 3.9 s (just before the last).
        let events = [0.5, 1.2, 3.9].map(toggle).joined(separator: "; ")
        let tester = try SceneTester(scene: "download", events: events)
        let scene = try tester.scene(as: DownloadScene.self)
        try tester.advance(to: 3.95)
        #expect(scene.settingSwitch.isOn)
        #expect(scene.settingsLines.map(\.string) == ["Multi Time", "Animation"])
        #expect(!scene.isSwitchInteractionEnabled)
        #expect(scene.settingSwitch.knob.animationKeys.isEmpty)  // the knob never moved
        // The download went on as if nothing had been pressed: 40 % at 2.9 s, 100 % at 4.6 s.
        let shots = try SceneTester.frames(scene: "download", events: events, at: [2.9, 4.6])
        try expectAngles(shots[2.9], 144, "2.9 s")
        try expectAngles(shots[4.6], 360, "4.6 s")
        // From the last update (4 s) it takes input again.
        try tester.advance(to: 4.0)
        #expect(scene.isSwitchInteractionEnabled)
        #expect(scene.handleKey(.character("o")))
        #expect(!scene.settingSwitch.isOn)
    }

    @Test(
        "One Time Animation: a click on the switch (or o) takes every indicator to 100 % in one 1-s update",
        arguments: ["tap", "key"])
    func oneTimeAnimation(input: String) throws {
        // After the multi-step download (its last update at 4 s, when the switch takes input
        // again): the indicators start over from 0 and go to 100 % in one update.
        let toggle =
            input == "tap" ? "4.6 tap \(geometry.switchCenter.x) \(geometry.switchCenter.y)" : "4.6 key o"
        let tester = try SceneTester(scene: "download", events: toggle)
        let scene = try tester.scene(as: DownloadScene.self)
        try tester.advance(to: 4.5)
        #expect(scene.settingSwitch.isOn)
        #expect(scene.settingsLines.map(\.string) == ["Multi Time", "Animation"])
        let shots = try SceneTester.frames(scene: "download", events: toggle, at: [4.55, 5.1, 5.7])
        try expectAngles(shots[4.55], 360, "4.55 s, before the toggle")
        // 0.5 s into the 1-s update: easeOut(0.5) of the whole turn.
        try expectAngles(shots[5.1], 360 * TimingFunction.easeOut.progress(at: 0.5), "5.1 s")
        try expectAngles(shots[5.7], 360, "5.7 s, done")
        try tester.advance(to: 4.7)
        #expect(!scene.settingSwitch.isOn)
        #expect(scene.settingsLines.map(\.string) == ["One Time", "Animation"])
        #expect(scene.indicators.allSatisfy { $0.animationDuration == 1 })
        // Nothing more happens.
        try tester.advance(to: 8)
        #expect(scene.indicators.allSatisfy { $0.downloadedRatio == 1 })
        #expect(scene.downloadedBytes == 100)
    }

    @Test("a click beside the switch changes nothing; on again, the download starts over in steps")
    func switchBackOn() throws {
        let events = "4.5 tap 20 300; 4.6 key o; 6.0 key o"
        let tester = try SceneTester(scene: "download", events: events)
        let scene = try tester.scene(as: DownloadScene.self)
        try tester.advance(to: 4.55)
        #expect(scene.settingSwitch.isOn)
        let shots = try SceneTester.frames(scene: "download", events: events, at: [6.5, 7.9])
        try expectAngles(shots[6.5], 0, "6.5 s: restarted at 6 s")
        try expectAngles(shots[7.9], 36, "7.9 s: the first step at 7 s")
        try tester.advance(to: 6.1)
        #expect(scene.settingSwitch.isOn)
        #expect(scene.indicators.allSatisfy { $0.animationDuration == 0.5 })
    }

    @Test(
        "the label's two lines sit as a two-line UILabel sets them: one line height (20.28 points) apart, centred"
    )
    func labelLines() throws {
        // HelveticaNeue 17: line height (0.952 + 0.213 + 0.028) · 17 = 20.281 points; the pair,
        // 40.562 tall, centred in the label's 56: its top 7.719 below the label's (36).
        let lineHeight = 1.193 * 17
        let frames = DownloadScene.labelLineFrames()
        #expect(frames.count == 2)
        for (index, frame) in frames.enumerated() {
            // Sums of short decimals: 1e-9 points.
            #expect(abs(frame.minY - (36 + (56 - 2 * lineHeight) / 2 + Double(index) * lineHeight)) <= 1e-9)
            #expect(abs(frame.height - lineHeight) <= 1e-9)
            #expect(frame.minX == 30 && frame.width == 125)
        }
        // On screen: the two lines' baselines (the ink's bottoms: neither line has a descender)
        // are one line height apart, ±1.5 px for round letters' overshoot and antialiasing;
        // the old layout put them 28 points apart (44.8 px here).
        let frame = try #require(try self.frames(at: [0.5])[0.5])
        let s = geometry.scale
        func isInk(_ color: Color) -> Bool { color.red < 0.5 && color.blue < 0.5 }
        let first = try #require(
            frame.boundingBox(in: Rect(x: 30 * s, y: 36 * s, width: 125 * s, height: 28 * s), where: isInk))
        let second = try #require(
            frame.boundingBox(in: Rect(x: 30 * s, y: 64 * s, width: 125 * s, height: 28 * s), where: isInk))
        #expect(
            abs(second.maxY - first.maxY - lineHeight * s) <= 1.5, "baselines \(first.maxY), \(second.maxY)")
        // Centred in the label: the ink's middle near the label's middle (64 points), within
        // the difference between the renderer's font and HelveticaNeue (3 points).
        #expect(abs((first.minY + second.maxY) / 2 - 64 * s) <= 3 * s, "ink \(first.minY)…\(second.maxY)")
    }

    @Test("the switch is drawn as iOS 7's: green with the knob right when on, white with it left when off")
    func switchPixels() throws {
        let shots = try frames(at: [4.4, 5.0], events: "4.5 key o")
        let on = try #require(shots[4.4])
        let off = try #require(shots[5.0])
        let s = geometry.scale
        let green = Switch.onColor
        // On: the track's left half green, the knob (white) on the right.
        #expect(on.color(at: Point(x: 232, y: 58.5) * s)?.isClose(to: green, within: 0.02) == true)
        #expect(on.color(at: Point(x: 257.5, y: 58.5) * s)?.isClose(to: .white, within: 0.02) == true)
        // Off: white where the track was green, the knob now on the left.
        #expect(off.color(at: Point(x: 257.5, y: 58.5) * s)?.isClose(to: .white, within: 0.02) == true)
        let track = Rect(x: 222 * s, y: 43 * s, width: 51 * s, height: 31 * s)
        #expect(off.count(in: track) { $0.isClose(to: green, within: 0.1) } == 0)
    }

    // MARK: - Layout

    @Test(
        "the demo's layout: 80-point indicators stacked 40 apart, under the switch or beside it",
        arguments: [
            Size(width: 375, height: 667), Size(width: 800, height: 600), Size(width: 1600, height: 1000),
            Size(width: 500, height: 700),
        ])
    func layout(size: Size) throws {
        let geometry = Geometry(size: size)
        let frame = try #require(try frames(at: [4.5], size: size)[4.5])
        // Each indicator's own square, with room for its rim.
        let squares = (0..<3).map { index in
            let center = geometry.center(index)
            let half = geometry.side / 2 + 10
            return Rect(x: center.x - half, y: center.y - half, width: 2 * half, height: 2 * half)
        }
        // Outer edges: rings 38 + 1 = 39 points, pies 34 + 1 = 35 points; antialiased pixels
        // count from a third covered, so each edge may move by a pixel: ±1.5 px on sizes, ±1 on
        // centres.
        let h = geometry.halfStroke
        let ring = 2 * (geometry.ringRadius + h)
        let expectedWidths = [ring, 2 * (geometry.pieRadius + h), ring]
        for index in 0..<3 {
            let box = try #require(frame.boundingBox(in: squares[index]) { Self.isBlue($0) })
            #expect(abs(box.width - expectedWidths[index]) <= 1.5, "\(size) #\(index): width \(box.width)")
            #expect(abs(box.height - expectedWidths[index]) <= 1.5, "\(size) #\(index): height \(box.height)")
            #expect(abs(box.midX - geometry.center(index).x) <= 1, "\(size) #\(index): centre x \(box.midX)")
            #expect(abs(box.midY - geometry.center(index).y) <= 1, "\(size) #\(index): centre y \(box.midY)")
        }
    }

    @Test("the knob percentage=on shows the percentage under each indicator")
    func labels() throws {
        let tester = try SceneTester(scene: "download", knobs: ["percentage=on"])
        let scene = try tester.scene(as: DownloadScene.self)
        for (time, text) in [(0.5, "0%"), (1.1, "10%"), (2.1, "40%"), (3.1, "50%"), (4.1, "100%")] {
            try tester.advance(to: time)
            for indicator in scene.indicators {
                #expect(indicator.displayLabel.string == text, "at \(time) s")
            }
        }
        // The text is drawn under the indicators: grey pixels in the band below each one.
        let frame = try SceneTester(scene: "download", size: geometry.size, knobs: ["percentage=on"])
            .render(at: 1.9)
        for index in 0..<3 {
            let center = geometry.center(index)
            let s = geometry.scale
            let band = Rect(
                x: center.x - 30 * s, y: center.y + geometry.side / 2 + 4 * s, width: 60 * s, height: 20 * s)
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
        tester.resize(to: Size(width: 375, height: 667))  // the demo's column: the stack moves
        try tester.advance(to: 1.25)
        let side = 80.0  // points, at any window size
        let center = Point(x: side / 2, y: side / 2)
        let arc = try #require(DownloadArcEnds(filled.animatingLayer.presentation().path, type: .filled))
        let end = arc.end - center
        // Same timing as before the resize (easeOut half-way: 24.647°), on the new radius
        // 0.45 · 80 − 2 = 34 points; tolerances as in the trajectory test, and 0.01 points for
        // the blend's chord.
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
