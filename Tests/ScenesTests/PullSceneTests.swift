import Animation
import Foundation
import Render
import TestSupport
import Testing

@testable import Scenes

/// The pull scene (DGElasticPullToRefresh on its demo's table) driven through a `SceneTester`:
/// the library's constants, the refresh and the pull that falls short, the list's momentum,
/// rubber band and wheel, the loading circle and the wave, against numbers worked out here from
/// docs/SEMANTICS.md § Elastic (DGElasticPullToRefresh) and § Scroll view (UIScrollView).
@Suite("Pull scene: the list, the pull and the refresh")
struct PullSceneTests {
    /// An iPhone 6's screen, 375 × 667: one point a pixel whether the session lays scenes out
    /// in pixels or in points (375 on the shorter side). The table is 667 − 64 = 603 tall under
    /// the bar, 30 rows of 44 = 1320 of content, so the offset rests within 0 … 717.
    static let size = Size(width: 375, height: 667)
    static let tableHeight = 603.0
    static let maxOffset = 30 * 44 - 603.0
    /// The middle of the screen, where the finger and the wheel go unless a test says.
    static let middleX = 187.0

    /// The rubber band, from docs/SEMANTICS.md § Scroll view (UIScrollView): x past an end
    /// shows as (1 − 1/(x·0.55/d + 1))·d.
    static func rubberBand(_ x: Double, d: Double = tableHeight) -> Double {
        (1 - 1 / (x * 0.55 / d + 1)) * d
    }

    /// The finger's travel that shows `pull` past an end (the rubber band's inverse).
    static func fingerTravel(forPull pull: Double, d: Double = tableHeight) -> Double {
        pull * d / (0.55 * (d - pull))
    }

    /// A tester on the pull scene at 375 × 667 and its parts.
    struct Rig {
        let tester: SceneTester
        let scene: PullScene
        var view: ElasticPullToRefreshView { scene.pullToRefreshView }
        var offset: Double { scene.tableView.contentOffset.y }

        init(fps: Int = 60, knobs: [String] = []) throws {
            tester = try SceneTester(scene: "pull", size: PullSceneTests.size, fps: fps, knobs: knobs)
            scene = try tester.scene(as: PullScene.self)
            try tester.tick()
        }

        /// Presses at (x, y), moves 12 down (the pan begins: the list does not move yet),
        /// then `travel` further in `steps` moves a frame apart; the finger stays down.
        func press(x: Double = PullSceneTests.middleX, y: Double = 100, travel: Double, steps: Int = 2) throws
        {
            tester.send([.down(Point(x: x, y: y))])
            try tester.tick()
            tester.send([.move(Point(x: x, y: y + 12))])
            try tester.tick()
            for step in 1...steps {
                tester.send([.move(Point(x: x, y: y + 12 + travel * Double(step) / Double(steps)))])
                try tester.tick()
            }
        }

        /// Holds the finger still for 0.2 s (a move to the same place every frame, so that the
        /// recognizer's velocity, over the last 0.1 s of moves, falls to 0), then lifts it;
        /// runs the release frame.
        func holdAndRelease(at point: Point) throws {
            for _ in 0..<Int((0.2 * Double(tester.fps)).rounded()) {
                tester.send([.move(point)])
                try tester.tick()
            }
            tester.send([.up(point)])
            try tester.tick()
        }
    }

    // MARK: - Constants

    @Test("the library's constants, the demo's colours and UIScrollView's numbers are kept")
    func constants() {
        let library = ElasticPullToRefreshConstants.library
        #expect(library.waveMaxHeight == 70)
        #expect(library.minOffsetToPull == 95)
        #expect(library.loadingContentInset == 50)
        #expect(library.loadingViewSize == 30)
        #expect(ElasticPullToRefreshView.waveHeightPerPull == 1.6 / 3)
        #expect(ElasticPullToRefreshView.bounceDurationDefault == 0.9)
        #expect(ElasticPullToRefreshView.libraryBounceDampingRatio == 0.43)
        #expect(ElasticPullToRefreshView.bounceAnimationHelperDurationFactor == 0.4)
        #expect(ElasticPullToRefreshView.stopAnimationDuration == 0.4)
        #expect(ElasticPullToRefreshLoadingViewCircle.lineWidth == 1)
        #expect(ElasticPullToRefreshLoadingViewCircle.maxStrokeEnd == 0.9)
        #expect(ElasticPullToRefreshLoadingViewCircle.strokeEndFactor == 0.9)
        #expect(ElasticPullToRefreshLoadingViewCircle.degreesPerProgressPastThreshold == 200)
        #expect(ElasticPullToRefreshLoadingViewCircle.rotationDuration == 1)
        #expect(
            ElasticPullToRefreshLoadingViewCircle.tintColor == Color(red255: 78, green255: 221, blue255: 200))
        #expect(PullScene.barTintColor == Color(red255: 57, green255: 67, blue255: 89))
        #expect(PullScene.tableBackgroundColor == Color(red255: 250, green255: 250, blue255: 251))
        #expect(PullScene.separatorColor == Color(red255: 230, green255: 230, blue255: 231))
        #expect(PullScene.numberOfRows == 30)
        #expect(PullScene.rowHeight == 44)
        #expect(PullScene.loadingDurationDefault == 1.5)
        #expect(ElasticPullToRefreshView.bounceFrameLift == 1)
        #expect(ScrollView.decelerationRateNormal == 0.998)
        #expect(ScrollView.rubberBandCoefficient == 0.55)
        #expect(ScrollView.bounceStiffness == 100)
        #expect(
            ElasticWave.Factors()
                == ElasticWave.Factors(
                    edgeShift: 0.28, outerControlPoint: 0.44, innerControlPoint: 0.71, innerWave: 0.64,
                    centerWave: 1.36))
    }

    @Test("its number in the catalogue switches to it from the first scene; the help lists the numbers")
    func numberKey() throws {
        let index = try #require(SceneCatalog.all.firstIndex { $0.name == "pull" })
        #expect(index > 0 && index < 9, "the pull is not the first scene and has a number key")
        #expect(SceneCatalog.all[index].knobs.count >= 5)
        let tester = try SceneTester(scene: SceneCatalog.all[0].name)
        try tester.key("\(index + 1)")
        try tester.tick()
        #expect(tester.session.sceneName == "pull")
        #expect(tester.session.windowTitle == "animdemo — Elastic pull to refresh")
        #expect(tester.session.helpLines.contains { $0.key == "1 … 9, Tab, Shift+Tab" })
    }

    @Test("at rest: 30 rows under the bar, the offset 0, nothing pulled, nothing running")
    func rest() throws {
        let rig = try Rig()
        #expect(rig.scene.rows == (0..<30).map { "\($0)" })
        #expect(rig.offset == 0)
        #expect(rig.view.state == .stopped)
        #expect(rig.view.layer.frame == Rect(x: 0, y: 0, width: 375, height: 0))
        #expect(rig.scene.tableView.layer.frame == Rect(x: 0, y: 64, width: 375, height: 603))
        #expect(rig.scene.tableView.maxContentOffsetY == Self.maxOffset)
        #expect(rig.tester.session.nextWakeTime == nil)
    }

    // MARK: - The refresh

    @Test(
        "released past 95 points: the bounce into loading 50 points down, the circle spinning; 1.5 s later the close, the 30 rows unchanged, then back to rest"
    )
    func refresh() throws {
        let rig = try Rig()
        let travel = 250.0
        try rig.press(travel: travel)
        let pull = Self.rubberBand(travel)  // 109.4: past 95
        #expect(abs(rig.offset + pull) <= 1e-9)  // the rubber band's formula, rounding only
        #expect(rig.view.state == .dragging)
        #expect(abs(rig.view.layer.frame.height - pull) <= 1e-9)

        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        #expect(rig.view.state == .animatingBounce)
        #expect(!rig.scene.tableView.isScrollEnabled)
        let releaseTime = rig.tester.time
        // During the bounce the view rides one point above the list's top (the library's
        // `y: -height - 1.0`); its height is the list's top.
        try rig.tester.tick()
        let bouncing = rig.view.layer.frame
        #expect(abs(bouncing.maxY + 1) <= 1e-9, "\(bouncing)")
        #expect(abs(bouncing.height + rig.offset) <= 1e-9, "\(bouncing), offset \(rig.offset)")
        // The spring block ends 0.9 s after the release (the frame at 0.9 s, or the next if
        // the sum rounds past it): loading, the list 50 points down.
        try rig.tester.advance(to: releaseTime + 0.9 - 2.0 / 60)
        #expect(rig.view.state == .animatingBounce)
        try rig.tester.advance(to: releaseTime + 0.9 + 1.0 / 60)
        #expect(rig.view.state == .loading)
        // The helper's animation ended at 0.36 s on 50 (interpolation rounds: 1e-9 points).
        #expect(abs(rig.offset + 50) <= 1e-9)
        #expect(abs(rig.scene.tableView.contentInset.top - 50) <= 1e-9)
        let band = rig.view.layer.frame
        #expect(band.minX == 0 && band.width == 375 && abs(band.minY + 50) <= 1e-9 && band.maxY == 0)
        #expect(rig.view.wave.controlPointViews.allSatisfy { abs($0.position.y - 50) <= 1e-9 })
        #expect(rig.scene.tableView.isScrollEnabled)

        // Spinning: one turn a second, linear; the angle read every frame for a second.
        let circle = rig.view.loadingView
        #expect(circle.shapeLayer.animationKeys == ["rotationAnimation"])
        var angles: [Double] = []
        var times: [Double] = []
        try rig.tester.advance(seconds: 1) { time in
            angles.append(circle.currentAngle())
            times.append(time)
        }
        var turned = 0.0
        for i in 1..<angles.count {
            var step = angles[i] - angles[i - 1]
            if step < -.pi { step += 2 * .pi }
            // 2π per second, one frame apart; the transform's decomposition rounds: 1e-9 rad.
            #expect(abs(step - 2 * .pi * (times[i] - times[i - 1])) <= 1e-9, "frame \(i): \(step) rad")
            turned += step
        }
        let span = try #require(times.last) - (try #require(times.first))
        #expect(abs(turned - 2 * .pi * span) <= 1e-8)
        #expect(rig.scene.rows.count == 30)

        // The load ends 1.5 s after loading began (the demo's `asyncAfter`): the close, and
        // the rows as they were (the demo reloads nothing).
        let rowLayers = rig.scene.tableView.layer.sublayers.filter { $0.name?.hasPrefix("cell ") == true }
        let timeline = rig.scene.tableView.layer.timeline
        let load = try #require(timeline.activeTimers.first { $0.name == "simulatedLoad" })
        #expect(abs(load.fireTime - load.scheduledAt - 1.5) <= 1e-12)
        try rig.tester.advance(to: load.fireTime - 1.0 / 60)
        #expect(rig.view.state == .loading)
        try rig.tester.advance(to: load.fireTime + 1.0 / 60)
        #expect(rig.view.state == .animatingToStopped)
        #expect(rig.scene.refreshCount == 1)
        #expect(rig.scene.rows == (0..<30).map { "\($0)" })
        #expect(rig.scene.tableView.contentSize.height == 30 * 44)
        let rowLayersAfter = rig.scene.tableView.layer.sublayers.filter {
            $0.name?.hasPrefix("cell ") == true
        }
        #expect(rowLayersAfter.count == 30 && zip(rowLayers, rowLayersAfter).allSatisfy { $0 === $1 })
        try rig.tester.advance(seconds: 0.4)
        #expect(rig.view.state == .stopped)
        #expect(rig.offset == 0)
        #expect(rig.scene.tableView.contentInset.top == 0)
        #expect(circle.shapeLayer.animationKeys.isEmpty)
        #expect(rig.view.layer.frame.height == 0)
        #expect(rig.tester.session.nextWakeTime == nil)  // at rest: the app idles
    }

    @Test("a drag to 60 points springs back with nothing loaded")
    func shortPull() throws {
        let rig = try Rig()
        let travel = Self.fingerTravel(forPull: 60)
        try rig.press(travel: travel)
        #expect(abs(rig.offset + 60) <= 1e-9)
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        #expect(rig.view.state == .stopped)
        #expect(rig.scene.tableView.isDecelerating)
        var offsets: [Double] = []
        try rig.tester.advance(seconds: 1.2) { _ in offsets.append(rig.offset) }
        // A critically damped spring from rest: straight back, never past the end.
        for i in 1..<offsets.count { #expect(offsets[i] >= offsets[i - 1], "frame \(i)") }
        #expect(offsets.allSatisfy { $0 <= 0 })
        #expect(offsets.last == 0)
        try rig.tester.advance(seconds: 3)
        #expect(rig.view.state == .stopped)
        #expect(rig.scene.rows.count == 30)
        #expect(rig.scene.refreshCount == 0)
        #expect(rig.view.loadingView.shapeLayer.animationKeys.isEmpty)
        #expect(rig.tester.session.nextWakeTime == nil)
    }

    @Test(
        "the threshold is the pull, not the finger: 94 points falls short, 96 loads",
        arguments: [
            (94.0, false), (96.0, true),
        ])
    func threshold(pull: Double, loads: Bool) throws {
        let rig = try Rig()
        let travel = Self.fingerTravel(forPull: pull)
        try rig.press(travel: travel)
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        #expect(rig.view.state == (loads ? .animatingBounce : .stopped))
    }

    @Test(
        "the knobs: minOffsetToPull 60 loads a 70-point pull; loadingContentInset 80 holds the list 80 down")
    func knobs() throws {
        let rig = try Rig(knobs: ["minOffsetToPull=60", "loadingContentInset=80"])
        let travel = Self.fingerTravel(forPull: 70)
        try rig.press(travel: travel)
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        #expect(rig.view.state == .animatingBounce)
        try rig.tester.advance(seconds: 1)
        #expect(rig.view.state == .loading)
        #expect(rig.offset == -80)
    }

    // MARK: - The bounce and the close, against their curves

    @Test(
        "the bounce: the wave's centre follows the library's spring (ζ 0.43, 0.9 s), the list's top eases to 50 in 0.36 s"
    )
    func bounceCurves() throws {
        let rig = try Rig(fps: 100)
        let travel = 250.0
        try rig.press(travel: travel)
        let pull = Self.rubberBand(travel)
        let waveHeight = min(pull * 1.6 / 3, 70)
        let c0 = pull - waveHeight + 1.36 * waveHeight
        #expect(abs(rig.view.wave.cControlPointView.position.y - c0) <= 1e-9)
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        let release = rig.tester.frame
        let c = rig.view.wave.cControlPointView
        for (fraction, x) in Self.librarySpringTable {
            try rig.tester.advance(to: Double(release) / 100 + 0.9 * fraction)
            // The table has 4 decimals: ±5e-5 of the 120-point travel, 0.006 points.
            let expected = 50 + (c0 - 50) * (1 - x)
            let y = c.presentation().position.y
            #expect(abs(y - expected) <= 0.01, "t/d \(fraction): c at \(y), expected \(expected)")
        }
        // The list's top: the helper's easeInEaseOut from the pull to 50 over 0.36 s
        // (docs/SEMANTICS.md § Timing functions: 0.129162, 0.5, 0.870838 at 0.25, 0.5, 0.75).
        let rig2 = try Rig(fps: 100)
        try rig2.press(travel: travel)
        try rig2.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        let start = Double(rig2.tester.frame) / 100
        for (fraction, eased) in [(0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838), (1.0, 1.0)] {
            try rig2.tester.advance(to: start + 0.36 * fraction)
            let expected = pull + (50 - pull) * eased
            // The table's 6 decimals: ±5e-7 × 60 points.
            #expect(
                abs(-rig2.offset - expected) <= 1e-4, "at \(fraction): \(-rig2.offset), expected \(expected)")
            #expect(abs(rig2.view.layer.frame.height - expected) <= 1e-4)
        }
    }

    /// The library's bounce, `UIView.animate(withDuration: 0.9, usingSpringWithDamping: 0.43,
    /// initialSpringVelocity: 0)`: x(t) at t/d = 0.1 … 0.9 for the reconstruction of
    /// docs/SEMANTICS.md § Block spring animations (k 253.855256, c 13.702239), computed.
    static let librarySpringTable: [(fraction: Double, x: Double)] = [
        (0.1, 0.6055), (0.2, 1.1752), (0.3, 1.1665), (0.4, 0.9980), (0.5, 0.9509),
        (0.6, 0.9861), (0.7, 1.0102), (0.8, 1.0071), (0.9, 0.9991),
    ]

    @Test(
        "the bounce overshoots as a 0.43 spring does: 22.4 % past the band (the tutorial's 0.57 gives 11.3 %)",
        arguments: [250.0, 400.0])
    func bounceOvershoot(travel: Double) throws {
        let rig = try Rig(fps: 240)
        try rig.press(travel: travel)
        let pull = Self.rubberBand(travel)
        let waveHeight = min(pull * 1.6 / 3, 70)
        let c0 = pull - waveHeight + 1.36 * waveHeight
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        var ys: [Double] = []
        try rig.tester.advance(seconds: 0.9) { _ in
            ys.append(rig.view.wave.cControlPointView.presentation().position.y)
        }
        // Overshoot of an underdamped spring from rest: e^(−ζπ/√(1−ζ²)) of the distance.
        let zeta = 0.43
        let expected = exp(-zeta * .pi / (1 - zeta * zeta).squareRoot())  // 0.22396
        let peak = try #require(ys.min())
        let overshoot = (50 - peak) / (c0 - 50)
        // Within 2 % of the overshoot: sampled every 1/240 s, the peak is missed by at most
        // ω²·x·(Δt/2)²/2 ≈ 0.0001 of the distance, well inside it.
        #expect(abs(overshoot - expected) <= 0.02 * expected, "overshoot \(overshoot), expected \(expected)")
        // The tutorial's damping would overshoot half as far.
        #expect(overshoot > 0.113 * 1.5)
    }

    @Test(
        "the scroll indicator: hidden at rest, shown while the finger drags, shorter by the pull, faded 0.1 s after the list stops"
    )
    func scrollIndicator() throws {
        let rig = try Rig()
        let indicator = rig.scene.tableView.verticalScrollIndicator
        #expect(indicator.presentation().opacity == 0)
        // The visible share of the content along the track: 597 · 603 / 1320 points.
        let track = Self.tableHeight - 6
        let normalLength = track * Self.tableHeight / (30 * 44)
        let pull = 60.0
        let travel = Self.fingerTravel(forPull: pull)
        try rig.press(travel: travel)
        #expect(indicator.presentation().opacity == 1)
        // In the list's visible coordinates: 3 points from the right edge and the top, 2.5
        // wide, as long as the visible share less the pull (rounding only: 1e-9 points).
        let content = indicator.frame
        let frame = Rect(
            x: content.minX, y: content.minY - rig.offset, width: content.width, height: content.height)
        #expect(abs(frame.minX - (375 - 3 - 2.5)) <= 1e-9 && frame.width == 2.5, "\(frame)")
        #expect(abs(frame.minY - 3) <= 1e-9, "\(frame)")
        #expect(abs(frame.height - (normalLength - pull)) <= 1e-9, "\(frame)")
        // Always on top of the list's content and the pull view.
        #expect(rig.scene.tableView.layer.sublayers.last === indicator)
        // Released short of 95: it bounces back, the indicator still shown, then fades.
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        #expect(indicator.presentation().opacity == 1)
        while rig.scene.tableView.isDecelerating { try rig.tester.tick() }
        let stop = rig.tester.time
        #expect(abs(indicator.frame.height - normalLength) <= 1e-9)
        try rig.tester.advance(to: stop + 0.05)
        let fading = indicator.presentation().opacity
        #expect(fading > 0.3 && fading < 0.7, "opacity \(fading) half-way through the fade")
        try rig.tester.advance(to: stop + 0.1 + 1.0 / 60)
        #expect(indicator.presentation().opacity == 0)
        // A wheel notch shows it for 0.5 s, then it fades.
        rig.tester.send([.scroll(dy: 40, at: Point(x: Self.middleX, y: 300))])
        try rig.tester.tick()
        #expect(indicator.presentation().opacity == 1)
        #expect(rig.offset > 0)
        try rig.tester.advance(seconds: 0.45)
        #expect(indicator.presentation().opacity == 1)
        try rig.tester.advance(seconds: 0.2)
        #expect(indicator.presentation().opacity == 0)
        #expect(rig.tester.session.nextWakeTime == nil)
    }

    @Test("the close: the list's top eases from 50 to 0 in 0.4 s, the band with it")
    func closeCurve() throws {
        let rig = try Rig(fps: 100)
        let travel = 250.0
        try rig.press(travel: travel)
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        while rig.view.state != .animatingToStopped { try rig.tester.tick() }
        let start = rig.tester.time
        #expect(rig.offset == -50)
        for (fraction, eased) in [(0.25, 0.129162), (0.5, 0.5), (0.75, 0.870838)] {
            try rig.tester.advance(to: start + 0.4 * fraction)
            let expected = 50 * (1 - eased)
            #expect(
                abs(-rig.offset - expected) <= 1e-4, "at \(fraction): \(-rig.offset), expected \(expected)")
            #expect(abs(rig.view.layer.frame.height - expected) <= 1e-4)
            // The band is flat at the list's top while it closes.
            #expect(rig.view.wave.controlPointViews.allSatisfy { abs($0.position.y - expected) <= 1e-4 })
        }
        // Done on the frame at 0.4 s, or the next if the sum rounds below it; exactly at rest.
        try rig.tester.advance(to: start + 0.41)
        #expect(rig.view.state == .stopped)
        #expect(rig.offset == 0)
    }

    // MARK: - The wave and the circle while pulling

    @Test(
        "while pulling, the seven points follow the library's layout for the pull",
        arguments: [
            (187.5, 40.0), (60.0, 120.0), (330.0, 250.0),
        ])
    func waveLayout(x: Double, pull: Double) throws {
        let rig = try Rig()
        try rig.press(x: x, travel: Self.fingerTravel(forPull: pull))
        #expect(abs(rig.offset + pull) <= 1e-9)
        // The library's layoutSubviews, worked out here: height = pull, the wave min(h/3·1.6, 70).
        let width = 375.0
        let waveHeight = min(pull / 3 * 1.6, 70)
        let baseHeight = pull - waveHeight
        let minLeftX = min((x - width / 2) * 0.28, 0)
        let maxRightX = max(width + (x - width / 2) * 0.28, width)
        let left = x - minLeftX
        let right = maxRightX - x
        let expected = [
            Point(x: minLeftX, y: baseHeight),
            Point(x: minLeftX + left * 0.44, y: baseHeight),
            Point(x: minLeftX + left * 0.71, y: baseHeight + waveHeight * 0.64),
            Point(x: x, y: baseHeight + waveHeight * 1.36),
            Point(x: maxRightX - right * 0.71, y: baseHeight + waveHeight * 0.64),
            Point(x: maxRightX - right * 0.44, y: baseHeight),
            Point(x: maxRightX, y: baseHeight),
        ]
        for (view, point) in zip(rig.view.wave.controlPointViews, expected) {
            // Rounding only (the offset itself is computed): 1e-9 points.
            #expect(
                view.position.distance(to: point) <= 1e-9,
                "\(view.name ?? "") at \(view.position), expected \(point)")
        }
        // From the table's top to the content's top: y = −height in the content.
        let frame = rig.view.layer.frame
        #expect(frame.minX == 0 && frame.width == 375 && frame.maxY == 0)
        #expect(abs(frame.height - pull) <= 1e-9)
        // Nothing animates while pulling: layout with actions off.
        #expect(rig.scene.rootLayer.allLayers.allSatisfy { $0.animationKeys.isEmpty })
    }

    @Test(
        "the circle: strokeEnd = min(0.9·progress, 0.9), turned 200° per threshold past it",
        arguments: [
            0.2, 0.5, 0.99, 1.0, 1.3, 1.8,
        ])
    func loadingCircleProgress(progress: Double) throws {
        let rig = try Rig()
        let pull = 95 * progress
        try rig.press(travel: Self.fingerTravel(forPull: pull))
        let circle = rig.view.loadingView
        #expect(abs(circle.shapeLayer.strokeEnd - min(0.9 * progress, 0.9)) <= 1e-9)
        var expectedAngle = -Double.pi / 2
        if progress > 1 { expectedAngle += (progress - 1) * 200 * .pi / 180 }
        let angle = circle.currentAngle()
        var difference = (angle - expectedAngle).truncatingRemainder(dividingBy: 2 * .pi)
        if difference > .pi { difference -= 2 * .pi }
        if difference < -.pi { difference += 2 * .pi }
        #expect(abs(difference) <= 1e-9, "angle \(angle), expected \(expectedAngle)")
        #expect(circle.shapeLayer.lineWidth == 1)
        #expect(circle.layer.bounds.size == Size(width: 30, height: 30))
        // In the middle, (50 − 30)/2 = 10 from the top once the band is 50 tall, centred in it
        // before, never above it.
        let originY = max(min((pull - 30) / 2, 10), 0)
        let frame = circle.layer.convert(Point(x: 0, y: 0), to: rig.view.layer)
        #expect(abs(frame.x - 172.5) <= 1e-9 && abs(frame.y - originY) <= 1e-9, "\(frame)")
    }

    // MARK: - The list: momentum, rubber band, wheel

    @Test("momentum: a flick carries the list further than the finger, slowing by 0.998 per millisecond")
    func momentum() throws {
        let rig = try Rig()
        // 100 points up in 0.1 s (six moves of 16.7: the pan begins on the first), released.
        try rig.tester.drag(
            from: Point(x: Self.middleX, y: 500), to: Point(x: Self.middleX, y: 400), seconds: 0.1)
        try rig.tester.tick()  // the release
        let released = rig.offset
        #expect(abs(released - 100 * 5 / 6) <= 1e-9)  // the first move is the pan's slop
        var offsets = [released]
        try rig.tester.advance(seconds: 5) { _ in offsets.append(rig.offset) }
        let steps = zip(offsets, offsets.dropFirst()).map { $1 - $0 }.filter { $0 != 0 }
        // Each frame's step is 0.998^(1000/60) of the one before: the closed form v0·r^(t/ms),
        // integrated between frames; exact up to rounding (1e-9 relative).
        let ratio = pow(0.998, 1000.0 / 60)
        for i in 1..<steps.count {
            #expect(abs(steps[i] / steps[i - 1] - ratio) <= 1e-9, "step \(i): \(steps[i] / steps[i - 1])")
        }
        // It stops when less than half a point is left: the sum of the geometric series of
        // steps, less under half a point.
        let limit = released + steps[0] / (1 - ratio)
        let rest = try #require(offsets.last)
        #expect(rest <= limit && limit - rest < 0.5, "rest \(rest), limit \(limit)")
        // Further than the finger went (100 points), and inside the ends.
        #expect(rest - released > 100)
        #expect(rest > 0 && rest < Self.maxOffset)
        // The first step gives the release velocity: about the finger's 1000 points a second.
        let velocity = steps[0] * -1000 * log(0.998) / (1 - ratio)
        #expect(abs(velocity - 1000) <= 1, "velocity \(velocity)")
        #expect(!rig.scene.tableView.isDecelerating)
        #expect(rig.tester.session.nextWakeTime == nil)
    }

    @Test("a hard flick runs into the end, bounces past it and settles exactly on it")
    func flickIntoTheEnd() throws {
        let rig = try Rig()
        try rig.tester.drag(
            from: Point(x: Self.middleX, y: 500), to: Point(x: Self.middleX, y: 200), seconds: 0.1)
        try rig.tester.tick()
        var offsets: [Double] = []
        try rig.tester.advance(seconds: 4) { _ in offsets.append(rig.offset) }
        let furthest = try #require(offsets.max())
        #expect(furthest > Self.maxOffset + 10, "furthest \(furthest)")
        #expect(offsets.last == Self.maxOffset)
        #expect(rig.tester.session.nextWakeTime == nil)
    }

    @Test(
        "rubber band: past the top and past the bottom the list shows (1 − 1/(x·0.55/d + 1))·d",
        arguments: [
            20.0, 100.0, 300.0, 1000.0,
        ])
    func rubberBanding(travel: Double) throws {
        let top = try Rig()
        try top.press(travel: travel, steps: 1)
        #expect(abs(top.offset + Self.rubberBand(travel)) <= 1e-9)

        let bottom = try Rig()
        bottom.tester.send([.scroll(dy: 5000, at: Point(x: Self.middleX, y: 300))])
        try bottom.tester.tick()
        #expect(bottom.offset == Self.maxOffset)
        bottom.tester.send([.down(Point(x: Self.middleX, y: 500))])
        try bottom.tester.tick()
        bottom.tester.send([.move(Point(x: Self.middleX, y: 488))])
        try bottom.tester.tick()
        bottom.tester.send([.move(Point(x: Self.middleX, y: 488 - travel))])
        try bottom.tester.tick()
        #expect(abs(bottom.offset - Self.maxOffset - Self.rubberBand(travel)) <= 1e-9)
        // Let go: straight back to the end, exactly.
        try bottom.holdAndRelease(at: Point(x: Self.middleX, y: 488 - travel))
        try bottom.tester.advance(seconds: 1.5)
        #expect(bottom.offset == Self.maxOffset)
    }

    @Test("the wheel: 40-pixel notches scroll the list, clamped to the ends, no pull from it")
    func wheel() throws {
        let rig = try Rig()
        rig.tester.send([.scroll(dy: 120, at: Point(x: Self.middleX, y: 300))])
        try rig.tester.tick()
        #expect(rig.offset == 120)
        rig.tester.send([.scroll(dy: -40, at: Point(x: Self.middleX, y: 300))])
        try rig.tester.tick()
        #expect(rig.offset == 80)
        rig.tester.send([.scroll(dy: -400, at: Point(x: Self.middleX, y: 300))])
        try rig.tester.tick()
        #expect(rig.offset == 0)
        #expect(rig.view.state == .stopped)
        #expect(rig.view.layer.frame.height == 0)
        rig.tester.send([.scroll(dy: 5000, at: Point(x: Self.middleX, y: 300))])
        try rig.tester.tick()
        #expect(rig.offset == Self.maxOffset)
        // Over the bar, the wheel scrolls nothing.
        rig.tester.send([.scroll(dy: -40, at: Point(x: Self.middleX, y: 30))])
        try rig.tester.tick()
        #expect(rig.offset == Self.maxOffset)
        // Only the scroll indicator's hide is due (0.5 s after the last notch, then its fade).
        #expect(rig.tester.session.nextWakeTime != nil)
        try rig.tester.advance(seconds: 0.7)
        #expect(rig.tester.session.nextWakeTime == nil)
    }

    @Test("a resize lays the list out for the new size: the ends move, a settled list stays inside them")
    func resize() throws {
        let rig = try Rig()
        rig.tester.send([.scroll(dy: 5000, at: Point(x: Self.middleX, y: 300))])
        try rig.tester.tick()
        #expect(rig.offset == Self.maxOffset)
        rig.tester.resize(to: Size(width: 375, height: 800))
        try rig.tester.tick()
        // The table is 800 − 64 = 736 tall: the bottom end is 1320 − 736 = 584.
        #expect(rig.scene.tableView.layer.bounds.size == Size(width: 375, height: 736))
        #expect(rig.offset == 30 * 44 - 736)
        #expect(rig.scene.navigationBar.frame == Rect(x: 0, y: 0, width: 375, height: 64))
    }

    @Test("the debug overlay shows the wave's seven control points; off again, they hide")
    func debugOverlay() throws {
        let rig = try Rig()
        #expect(rig.view.wave.controlPointViews.allSatisfy { $0.isHidden })
        try rig.tester.key("d")
        try rig.tester.tick()
        #expect(rig.view.wave.controlPointViews.allSatisfy { !$0.isHidden })
        try rig.tester.key("d")
        try rig.tester.tick()
        #expect(rig.view.wave.controlPointViews.allSatisfy { $0.isHidden })
    }

    @Test("the events-script verb: wheel X Y DY scrolls as the window's wheel does")
    func wheelScript() throws {
        let tester = try SceneTester(
            scene: "pull", size: Self.size, events: "0.1 wheel 187 300 120; 0.2 wheel 187 300 40")
        let scene = try tester.scene(as: PullScene.self)
        try tester.advance(to: 0.3)
        #expect(scene.tableView.contentOffset.y == 160)
    }

    @Test("the inspector's names: the display links, the load timer, the layers")
    func names() throws {
        let rig = try Rig()
        let travel = 250.0
        try rig.press(travel: travel)
        try rig.holdAndRelease(at: Point(x: Self.middleX, y: 100 + 12 + travel))
        try rig.tester.advance(seconds: 1)
        let timeline = rig.scene.tableView.layer.timeline
        #expect(Set(timeline.activeDisplayLinks.compactMap(\.name)) == ["scrollAnimation", "displayLink"])
        #expect(timeline.activeTimers.compactMap(\.name) == ["simulatedLoad"])
        let names = Set(rig.scene.rootLayer.allLayers.compactMap(\.name))
        for name in [
            "view", "navigationBar", "tableView", "pullToRefreshView", "shapeLayer", "loadingView",
            "loadingViewCircle", "loadingViewMask", "bounceAnimationHelperView", "l3", "c", "r3", "cell 0",
        ] {
            #expect(names.contains(name), "no layer called \(name)")
        }
    }
}
