import Animation
import Foundation
import TestSupport
import Testing

@testable import Scenes

/// The library's maths, driven directly: the paths computed ahead, the radius rule, and the
/// keyframe animation as the presentation tree sees it frame by frame.
@Suite struct DownloadIndicatorTests {
    /// An indicator of `type` laid out in a square of `side` pixels, with the demo's radius.
    private func indicator(_ type: DownloadIndicator.IndicatorType, side: Double = 200) -> DownloadIndicator {
        let timeline = Timeline()
        let indicator = DownloadIndicator(type: type, timeline: timeline)
        indicator.radiusPercent = DownloadScene.demoRadiusPercent
        timeline.transaction { transaction in
            transaction.disableActions = true
            indicator.loadIndicator()
            indicator.layout(in: Rect(x: 0, y: 0, width: side, height: side))
        }
        return indicator
    }

    private func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
    private func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

    // MARK: - Constants

    @Test("the library's and the demo's constants")
    func constants() {
        #expect(DownloadIndicator.defaultAnimationDuration == 0.5)
        #expect(DownloadIndicator.defaultCoverWidth == 2)
        #expect(DownloadIndicator.keyframePathsPerSecond == 60)
        #expect(DownloadIndicator.startAngle == -Double.pi / 2)
        #expect(DownloadScene.indicatorColor == Color(red: 16 / 255, green: 119 / 255, blue: 234 / 255))
        #expect(DownloadScene.demoRadiusPercent == 0.45)
        #expect(DownloadScene.downloadSteps == [10, 30, 10, 50])
        #expect(DownloadScene.totalBytes == 100)
        #expect(DownloadScene.firstUpdateDelay == 1)
        #expect(DownloadScene.updateInterval == 1)
        #expect(DownloadScene.oneTimeAnimationDuration == 1)
        #expect(DownloadScene.indicatorSide == 80)
        #expect(DownloadScene.firstIndicatorGap == 60)
        #expect(DownloadScene.indicatorGap == 40)
        #expect(DownloadScene.labelFrame == Rect(x: 30, y: 36, width: 125, height: 56))
        #expect(DownloadScene.labelFontSize == 17)
        #expect(DownloadScene.switchFrame == Rect(x: 222, y: 43, width: 51, height: 31))
        #expect(Switch.size == Size(width: 51, height: 31))
    }

    @Test(
        "radius rule: min(w, h) · radiusPercent − coverWidth; closed keeps 0.5",
        arguments: [
            (DownloadIndicator.IndicatorType.closed, 0.5, 0.5),
            (.filled, 0.5, 0.45),
            (.mixed, 0.4, 0.45),
        ])
    func radiusRule(type: DownloadIndicator.IndicatorType, defaultPercent: Double, demoPercent: Double) {
        let fresh = DownloadIndicator(type: type, timeline: Timeline())
        #expect(fresh.radiusPercent == defaultPercent)
        fresh.radiusPercent = 0.7  // outside 0…0.5: ignored, as setRadiusPercent:
        #expect(fresh.radiusPercent == defaultPercent)
        let demo = indicator(type, side: 200)
        #expect(demo.radiusPercent == demoPercent)
        #expect(abs(demo.radius - (200 * demoPercent - 2)) <= 1e-12)  // exact up to rounding
    }

    // MARK: - Paths computed ahead

    @Test(
        "ceil(duration · 60) + 1 paths",
        arguments: [(0.5, 31), (1.0, 61), (0.25, 16), (0.51, 32), (0.01, 2)])
    func pathCount(duration: Double, expected: Int) {
        let indicator = indicator(.filled)
        let paths = indicator.keyframePaths(
            duration: duration, lastUpdatedAngle: radians(-90), newAngle: radians(36 - 90),
            radius: indicator.radius, type: .filled)
        #expect(paths.count == expected)
    }

    @Test(
        "paths from −90° at 12 o'clock, end angles evenly spaced from the last to the new angle",
        arguments: DownloadIndicator.IndicatorType.allCases)
    func pathAngles(type: DownloadIndicator.IndicatorType) throws {
        let indicator = indicator(type)
        let center = Point(x: 100, y: 100)
        let (from, to) = (radians(36 - 90), radians(144 - 90))  // 10 % → 40 %
        let paths = indicator.keyframePaths(
            duration: 0.5, lastUpdatedAngle: from, newAngle: to, radius: indicator.radius, type: type)
        try #require(paths.count == 31)
        for (frame, path) in paths.enumerated() {
            let arc = try #require(DownloadArcEnds(path, type: type))
            // Start: 12 o'clock on the circle; exact up to rounding (1e-9 px).
            #expect(arc.start.distance(to: Point(x: 100, y: 100 - indicator.radius)) <= 1e-9)
            // End: angle linear in the frame number, on the circle (1e-9: rounding only).
            let expected = from + (to - from) * Double(frame) / 30
            let end = arc.end - center
            #expect(abs(remainder(atan2(end.y, end.x) - expected, 2 * .pi)) <= 1e-9, "frame \(frame)")
            #expect(abs(hypot(end.x, end.y) - indicator.radius) <= 1e-9, "frame \(frame)")
        }
    }

    @Test(
        "every path of a type has the same elements, whatever its angle",
        arguments: DownloadIndicator.IndicatorType.allCases)
    func equalStructure(type: DownloadIndicator.IndicatorType) {
        let indicator = indicator(type)
        // 0 → 100 % in one update crosses every quarter turn, where UIKit's arcs add a cubic.
        let paths = indicator.keyframePaths(
            duration: 0.5, lastUpdatedAngle: radians(-90), newAngle: radians(270), radius: indicator.radius,
            type: type)
        let kinds = paths[0].elements.map(Kind.init)
        let arc = Array(repeating: Kind.curve, count: DownloadIndicator.arcPieceCount)
        #expect(kinds == (type == .closed ? [.move] + arc : [.move, .line] + arc + [.close]))
        for (frame, path) in paths.enumerated() {
            #expect(path.hasSameStructure(as: paths[0]), "frame \(frame)")
        }
    }

    @Test("the engine's own addArc changes its elements at a quarter turn (why we build our own)")
    func engineArcsDiffer() {
        func arc(_ sweep: Double) -> BezierPath {
            var path = BezierPath()
            path.addArc(
                withCenter: .zero, radius: 50, startAngle: radians(-90), endAngle: radians(-90 + sweep),
                clockwise: true)
            return path
        }
        #expect(!arc(80).hasSameStructure(as: arc(100)))
        let ours = indicator(.closed)
        let a = ours.path(startAngle: radians(-90), endAngle: radians(-10), radius: 50, type: .closed)
        let b = ours.path(startAngle: radians(-90), endAngle: radians(10), radius: 50, type: .closed)
        #expect(a.hasSameStructure(as: b))
    }

    @Test("half-way between two neighbouring paths is the arc of the angle half-way", arguments: [0, 14, 29])
    func inBetween(frame: Int) throws {
        let indicator = indicator(.closed)
        let center = Point(x: 100, y: 100)
        let (from, to) = (radians(90), radians(270))  // 50 % → 100 %: the largest step, 6°
        let paths = indicator.keyframePaths(
            duration: 0.5, lastUpdatedAngle: from, newAngle: to, radius: indicator.radius, type: .closed)
        let halfway = paths[frame].interpolated(to: paths[frame + 1], fraction: 0.5)
        let arc = try #require(DownloadArcEnds(halfway, type: .closed))
        let end = arc.end - center
        let expected = from + (to - from) * (Double(frame) + 0.5) / 30
        // A chord's midpoint: the angle is exact (symmetry), the radius short by
        // r(1 − cos 3°) = 0.13 px at r = 98; allow 1e-9 rad and 0.15 px.
        #expect(abs(remainder(atan2(end.y, end.x) - expected, 2 * .pi)) <= 1e-9)
        #expect(abs(hypot(end.x, end.y) - indicator.radius) <= 0.15)
        // Every piece stays near the circle: sample each cubic (same 0.15 px bound).
        for segment in halfway.segments {
            for t in stride(from: 0.0, through: 1, by: 0.125) {
                let p = segment.point(at: t) - center
                #expect(abs(hypot(p.x, p.y) - indicator.radius) <= 0.15, "t \(t)")
            }
        }
    }

    // MARK: - The animation

    @Test("an update sets the model to the last path first and animates easeOut for 0.5 s")
    func updateAnimates() throws {
        let stepper = FrameStepper()
        let indicator = DownloadIndicator(type: .closed, timeline: stepper.timeline)
        stepper.timeline.transaction { transaction in
            transaction.disableActions = true
            indicator.loadIndicator()
            indicator.layout(in: Rect(x: 0, y: 0, width: 200, height: 200))
        }
        stepper.advance(seconds: 1)
        indicator.update(totalBytes: 100, downloadedBytes: 10)
        #expect(indicator.animatingLayer.path == indicator.paths.last)
        #expect(indicator.paths.count == 31)
        let animation = try #require(
            indicator.animatingLayer.animation(forKey: "path") as? KeyframeAnimation<BezierPath>)
        #expect(animation.values == indicator.paths)
        #expect(animation.duration == 0.5)
        #expect(animation.timingFunction == .easeOut)
        #expect(abs(indicator.lastSourceAngle - radians(-54)) <= 1e-12)
    }

    /// Kinds of path element, for comparing structures.
    private enum Kind: Equatable {
        case move, line, quadCurve, curve, close
        init(_ element: PathElement) {
            switch element {
            case .move: self = .move
            case .line: self = .line
            case .quadCurve: self = .quadCurve
            case .curve: self = .curve
            case .close: self = .close
            }
        }
    }
}

/// Where an indicator path's arc starts and ends (its first point on the circle and the last
/// cubic's end point).
struct DownloadArcEnds {
    let start: Point
    let end: Point

    init?(_ path: BezierPath, type: DownloadIndicator.IndicatorType) {
        let elements = path.elements
        let startElement = type == .closed ? elements.first : elements.dropFirst().first
        var last: Point?
        for element in elements.reversed() {
            if case .curve(let end, _, _) = element {
                last = end
                break
            }
        }
        switch startElement {
        case .move(let p)?, .line(let p)?:
            guard let last else { return nil }
            start = p
            end = last
        default:
            return nil
        }
    }
}
