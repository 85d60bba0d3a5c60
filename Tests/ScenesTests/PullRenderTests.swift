import Animation
import Render
import TestSupport
import Testing

@testable import Scenes

/// Pixel probes for the pull scene, named apart from other scenes' test helpers.
enum PullPixels {
    /// The bar and the wave, RGB(57, 67, 89).
    static let fill = PullScene.barTintColor
    /// The table, RGB(250, 250, 251).
    static let table = PullScene.tableBackgroundColor
    /// The loading circle, RGB(78, 221, 200).
    static let circle = ElasticPullToRefreshLoadingViewCircle.tintColor

    /// Whether a pixel is the circle's teal, antialiased over the fill or the table: green
    /// well above red (neither the fill, the table, the separators nor black text is).
    static func isCircle(_ color: Color) -> Bool { color.green - color.red > 0.15 }

    /// Whether a pixel is text: darker than the separators (230/255) and not the fill's blue.
    static func isText(_ color: Color) -> Bool { color.red < 0.6 && abs(color.blue - color.red) < 0.1 }
}

@Suite("Pull scene: pixels")
struct PullRenderTests {
    /// An iPhone 6's screen, as in PullSceneTests: one point a pixel either way.
    static let size = PullSceneTests.size

    static func frames(events: String, at times: [MediaTime]) throws -> [MediaTime: RenderedFrame] {
        try SceneTester.frames(scene: "pull", size: size, events: events, at: times)
    }

    @Test("at rest: the dark bar 64 px tall over the light table, rows 44 px apart with separators")
    func rest() throws {
        let frame = try #require(try Self.frames(events: "", at: [0.5])[0.5])
        // Axis-aligned edges on whole pixels: exact boxes; colours to 1/255 rounding (0.005).
        let bar = frame.boundingBox { $0.isClose(to: PullPixels.fill, within: 0.005) }
        #expect(bar == Rect(x: 0, y: 0, width: 375, height: 64))
        // Separators: 1 px at the bottom of each row, from x = 15.
        for row in 0..<13 {
            let y = 64 + 44 * row + 43
            #expect(
                frame.color(x: 300, y: y)?.isClose(to: PullScene.separatorColor, within: 0.005) == true,
                "row \(row)")
            #expect(
                frame.color(x: 10, y: y)?.isClose(to: PullPixels.table, within: 0.005) == true, "row \(row)")
            #expect(
                frame.color(x: 300, y: y - 20)?.isClose(to: PullPixels.table, within: 0.005) == true,
                "row \(row)")
        }
        // Each row's label sits 15 px in, in the row's middle.
        let label = try #require(
            frame.boundingBox(in: Rect(x: 0, y: 64, width: 375, height: 43)) { PullPixels.isText($0) })
        #expect(label.minX >= 15 && label.maxX < 40, "\(label)")
        #expect(abs(label.midY - (64 + 22)) <= 3, "\(label)")
        #expect(frame.count { PullPixels.isCircle($0) } == 0)
        // The light status bar on the bar's top 20 px: the time in the middle, the battery at
        // the right, white; nothing white lower in the bar.
        func isWhite(_ color: Color) -> Bool { color.red > 0.8 && color.green > 0.8 && color.blue > 0.8 }
        let time = try #require(
            frame.boundingBox(in: Rect(x: 150, y: 0, width: 75, height: 20), where: isWhite))
        #expect(abs(time.midX - 187.5) <= 2 && time.minY >= 2 && time.maxY <= 18, "\(time)")
        let battery = try #require(
            frame.boundingBox(in: Rect(x: 300, y: 0, width: 75, height: 20), where: isWhite))
        #expect(battery.maxX <= 375 - 5 + 0.5 && battery.maxX > 360, "\(battery)")
        #expect(frame.boundingBox(in: Rect(x: 0, y: 20, width: 375, height: 44), where: isWhite) == nil)
    }

    @Test("an off-centre pull leaves no grey seam at the loading view's bottom (2 px a point)")
    func noSeamUnderCircle() throws {
        // Issue 42's pull at --scale 2: the pull view's bottom falls inside a pixel row, where
        // the mask by composition left a 30-point hairline of RGB(209, 211, 217) over the table.
        let frame = try #require(
            try SceneTester.frames(
                scene: "pull", size: Size(width: 750, height: 1334),
                events: "0.2 down 40 300; 0.3 move 40 400; 0.4 move 40 480; 0.5 move 40 520", at: [0.6])[0.6])
        // The circle's frame is x 345…405 px; under the wave there, rows 176…197 px are the
        // table's RGB(250, 250, 251): nothing darker than 240/255 (the seam was 209).
        let region = Rect(x: 330, y: 176, width: 90, height: 22)
        #expect(frame.count(in: region) { min($0.red, $0.green, $0.blue) < 240.0 / 255 } == 0)
        // The circle is there, above the seam's row, inside the wave.
        #expect(frame.count(in: Rect(x: 330, y: 100, width: 90, height: 76)) { PullPixels.isCircle($0) } > 20)
    }

    @Test("a short pull clips the circle above the wave: no teal below the band")
    func circleClipped() throws {
        // A 25-point pull: the band is 25 tall, the circle 30 across, centred 0 from its top.
        let travel = PullSceneTests.fingerTravel(forPull: 25)
        let events =
            "0.1 down 187 100; 0.2 move 187 112; 0.3 move 187 \(112 + travel / 2); 0.4 move 187 \(112 + travel)"
        let frame = try #require(try Self.frames(events: events, at: [0.5])[0.5])
        let teal = frame.boundingBox { PullPixels.isCircle($0) }
        let band = try #require(
            frame.boundingBox(in: Rect(x: 0, y: 64, width: 375, height: 100)) {
                $0.isClose(to: PullPixels.fill, within: 0.05)
            })
        // The circle shows (its stroke is drawn to 0.9·25/95 of the way round, from the top)…
        let circle = try #require(teal)
        // …and stays above the band's bottom under it.
        let bottomUnder = try #require(
            frame.boundingBox(in: Rect(x: circle.minX, y: 64, width: circle.width, height: 100)) {
                $0.isClose(to: PullPixels.fill, within: 0.05)
            })
        #expect(circle.maxY <= bottomUnder.maxY + 1, "circle \(circle), band under it \(bottomUnder)")
        #expect(band.maxY > 64)
    }

    @Test(
        "the circle is masked by the wave's shape: it shows down to the wave's sloping bottom in each column, not cut at one height"
    )
    func circleMaskedByWave() throws {
        // At 4 pixels a point (1500 × 2668), a pull of about 50 points with the finger at
        // x = 320 points: the circle (10 … 40 points down) sits on the wave's left flank, whose
        // bottom rises about 5 points across it from right to left.
        let s = 4.0
        let events = [(0.1, "down", 100.0), (0.2, "move", 112), (0.3, "move", 172), (0.4, "move", 232)]
            .map { "\($0.0) \($0.1) \(320 * s) \($0.2 * s)" }.joined(separator: "; ")
        let tester = try SceneTester(
            scene: "pull", size: Size(width: 375 * s, height: 667 * s), events: events)
        let frame = try tester.render(at: 0.5)
        let circle = try #require(frame.boundingBox { PullPixels.isCircle($0) })
        var waveBottoms: [Double] = []
        var tealBottoms: [Double] = []
        var cutColumns = 0
        for x in stride(from: 172.5 * s, to: 202.5 * s, by: 1) {
            let column = Rect(x: x, y: 64 * s, width: 1, height: 100 * s)
            let wave = try #require(
                frame.boundingBox(in: column) {
                    $0.isClose(to: PullPixels.fill, within: 0.05) || PullPixels.isCircle($0)
                })
            waveBottoms.append(wave.maxY)
            guard x >= circle.minX, x < circle.maxX,
                let teal = frame.boundingBox(in: column, where: PullPixels.isCircle)
            else { continue }
            // No teal outside the wave: one pixel of antialiasing at its edge.
            #expect(teal.maxY <= wave.maxY + 1, "x \(x): circle to \(teal.maxY), wave to \(wave.maxY)")
            tealBottoms.append(teal.maxY)
            if teal.maxY >= wave.maxY - 1 { cutColumns += 1 }
        }
        // The wave cuts the circle in some columns…
        #expect(cutColumns >= 8, "\(cutColumns) columns cut")
        // …and the circle shows a point or more below the wave's highest bottom over its frame,
        // where a rectangle clip at that height (the old approximation) would hide it.
        let highestBottom = try #require(waveBottoms.min())
        let lowestTeal = try #require(tealBottoms.max())
        #expect(
            lowestTeal > highestBottom + s, "circle to \(lowestTeal), wave's highest bottom \(highestBottom)")
    }

    /// The drag of the goldens: pressed at (120, 100), pulled to (120, 380) over 0.5 s and
    /// released: past the threshold (a pull of about 116 points), the apex left of the middle.
    static let goldenDrag = "0.1 drag 120 100 120 380 0.5"

    /// The goldens, each with probes that state what it shows: the arguments of `golden(_:)`,
    /// and what `GoldenGuardTests` counts as used.
    static let goldens: [SceneGolden] = [
        SceneGolden(scene: "pull", events: goldenDrag, at: 0.5, size: size) { pulled in
            // Mid-pull: the wave hangs under the finger (x 120) deeper than at the edges, and
            // the circle shows in it.
            func bottom(atX x: Int) -> Double {
                let column = Rect(x: Double(x), y: 0, width: 1, height: 667)
                return pulled.boundingBox(in: column) { $0.isClose(to: PullPixels.fill, within: 0.05) }?.maxY
                    ?? 0
            }
            let apex = bottom(atX: 120)
            #expect(apex > bottom(atX: 5) + 40, "apex \(apex), left \(bottom(atX: 5))")
            #expect(apex > bottom(atX: 370) + 40, "apex \(apex), right \(bottom(atX: 370))")
            #expect(pulled.count { PullPixels.isCircle($0) } > 20)
        },
        SceneGolden(scene: "pull", events: goldenDrag, at: 1.8, size: size) { loading in
            // Loading: a flat band 50 below the bar, the circle spinning in it.
            #expect(loading.color(x: 5, y: 64 + 48)?.isClose(to: PullPixels.fill, within: 0.01) == true)
            #expect(loading.color(x: 370, y: 64 + 48)?.isClose(to: PullPixels.fill, within: 0.01) == true)
            #expect(loading.color(x: 5, y: 64 + 52)?.isClose(to: PullPixels.table, within: 0.01) == true)
            let circle = try #require(loading.boundingBox { PullPixels.isCircle($0) })
            #expect(abs(circle.midX - 187.5) <= 2 && abs(circle.midY - (64 + 25)) <= 2, "\(circle)")
        },
        SceneGolden(scene: "pull", events: goldenDrag, at: 4.5, size: size) { refreshed in
            // Refreshed and closed: no band, no circle, no scroll indicator, the first row
            // still "0" (the demo reloads nothing).
            #expect(refreshed.color(x: 187, y: 64 + 5)?.isClose(to: PullPixels.table, within: 0.01) == true)
            #expect(refreshed.count { PullPixels.isCircle($0) } == 0)
            #expect(refreshed.color(x: 371, y: 64 + 100)?.isClose(to: PullPixels.table, within: 0.01) == true)
            let label = try #require(
                refreshed.boundingBox(in: Rect(x: 0, y: 64, width: 375, height: 43)) { PullPixels.isText($0) }
            )
            #expect(label.width < 15, "\(label)")  // "0", 10 px wide
        },
    ]

    @Test("goldens: mid-pull, loading, refreshed", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
