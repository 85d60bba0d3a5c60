import Animation
import Render
import TestSupport
import Testing

@testable import Scenes

/// JRMFloatingAnimation's demo app as the floating scene runs it, at the phone's 375 × 667
/// points (a pixel a point): the four screens, their controls driven as a person would, the
/// knobs over them, and goldens paired with probes.
@Suite("Floating: the demo app's four screens")
struct FloatingSceneTests {
    static let phone = Size(width: 375, height: 667)
    /// The bar's tabs: Balloon, Fish, Music, Tractor, each a quarter of the width, y 21…65.
    static func tab(_ screen: FloatingScene.Screen) -> String {
        "tap \(375.0 / 8 * Double(2 * screen.rawValue + 1)) 42"
    }

    func tester(_ events: String = "", knobs: [String] = []) throws -> (SceneTester, FloatingScene) {
        let tester = try SceneTester(scene: "floating", size: Self.phone, events: events, knobs: knobs)
        return (tester, try tester.scene(as: FloatingScene.self))
    }

    @Test("the tabs and n switch screens; the help names the next one and the screen's keys")
    func switching() throws {
        let (tester, scene) = try tester("0.1 \(Self.tab(.music)); 0.2 key n; 0.3 \(Self.tab(.fish))")
        #expect(scene.screen == .balloon)
        try tester.advance(to: 0.1)
        #expect(scene.screen == .music && scene.tabs[2].isBold && !scene.tabs[0].isBold)
        try tester.advance(to: 0.2)
        #expect(scene.screen == .tractor)
        try tester.advance(to: 0.3)
        #expect(scene.screen == .fish)
        #expect(scene.keyHelp.first.map { $0.key == .character("n") && $0.action.contains("Music") } == true)
        #expect(scene.keyHelp.map(\.key).contains(.character("c")))
    }

    @Test("balloons: one a second from below the screen, 5-s floats; they stay under the bar and turn blue")
    func balloons() throws {
        let (tester, scene) = try tester()
        try tester.advance(to: 1)
        #expect(scene.floatingView.objects.count == 1)
        let first = try #require(scene.floatingView.objects.first)
        // From the bottom + 100 (frame y = 667 + 100 − 50), to y + h + 100 with h = −(767 − 64):
        // the centre ends at 114, the balloon's top at the bar's bottom. Exact sums.
        #expect(first.size == 100 && first.path.start.y == 717 && first.path.end.y == 114)
        #expect((0...375).contains(first.path.start.x))  // the whole width around 187.5
        try tester.advance(to: 6.2)  // 1 + 5 s of float + the 0.1-s dissolve and a frame
        #expect(first.imageView.superlayer != nil)
        #expect(first.imageView.contents == ImageAsset(named: "blueballoon"))
        #expect(scene.floatingView.objects.count == 6)
    }

    @Test("fish: a click on the chest releases a bubble with pop and varyAlpha; the switches turn them off")
    func fishScreen() throws {
        let (tester, scene) = try tester(
            "0 \(Self.tab(.fish)); 0.2 tap 150 560; 0.3 tap 212 98; 0.3 tap 212 137; 0.4 tap 150 560")
        try tester.advance(to: 0.2)
        let options = scene.effectiveOptions
        // The demo's values: the chest at (37.5, 467); the start half-way between its x and its
        // right edge + 100, 50 below its top; exact.
        #expect(options.startingPoint == Point(x: 168.75, y: 517) && options.startingPointWidth == 100)
        #expect(options.pop && options.varyAlpha && options.animationWidth == 50)
        #expect(options.minFloatObjectSize == 5 && options.maxFloatObjectSize == 30)
        #expect(options.minAnimationHeight == 100 && options.maxAnimationHeight == 200)
        #expect(scene.floatingView.objects.count == 1)
        try tester.advance(to: 0.4)
        #expect(scene.popSwitch?.isOn == false && scene.varyAlphaSwitch?.isOn == false)
        #expect(!scene.effectiveOptions.pop && !scene.effectiveOptions.varyAlpha)
        #expect(scene.floatingView.objects.count == 2)
        #expect(scene.floatingView.objects.last?.imageView.opacity == 1)
    }

    @Test("fish: the three buttons show and hide the guide lines of the options in force")
    func guideLines() throws {
        let (tester, scene) = try tester(
            "0 \(Self.tab(.fish)); 0.1 tap 187 299; 0.2 tap 187 333; 0.3 tap 187 365; 0.4 tap 187 299",
            knobs: ["maxAnimationHeight=250"])
        try tester.advance(to: 0.3)
        for line in FloatingScene.GuideLine.allCases {
            #expect(scene.guideLines[line]?.isHidden == false, "\(line) hidden")
        }
        // The max line from the start up by maxAnimationHeight (the knob's 250): exact.
        let max = try #require(scene.guideLines[.maxAnimationHeight]?.path)
        #expect(max.elements == [.move(to: Point(x: 168.75, y: 517)), .line(to: Point(x: 168.75, y: 267))])
        let width = try #require(scene.guideLines[.startingPointWidth]?.path)
        #expect(width.elements == [.move(to: Point(x: 118.75, y: 517)), .line(to: Point(x: 218.75, y: 517))])
        try tester.advance(to: 0.4)
        #expect(scene.guideLines[.maxAnimationHeight]?.isHidden == true)
    }

    @Test("music: the four buttons set floatingShape and release a note each; the switch turns fadeOut off")
    func music() throws {
        let (tester, scene) = try tester(
            "0 \(Self.tab(.music)); 0.1 tap 187 129; 0.2 tap 187 155; 0.3 tap 187 185; 0.4 tap 187 215; "
                + "0.5 tap 251 243; 0.6 key z")
        try tester.advance(to: 0.45)
        let objects = scene.floatingView.objects
        #expect(objects.count == 4)
        #expect(objects.map(\.imageView.name).allSatisfy { ["note1", "note2", "note3"].contains($0) })
        let shapes = objects.map(\.path.shape)
        #expect(shapes[0] == .straight && shapes[1] == .curveRight && shapes[3] == .curveLeft)
        #expect(scene.screenOptions.floatingShape == .curveLeft && scene.effectiveOptions.fadeOut)
        // The sax at (37.5, 433.5); notes from its centre + (55, −20): exact.
        #expect(scene.effectiveOptions.startingPoint == Point(x: 192.5, y: 513.5))
        try tester.advance(to: 0.6)
        #expect(scene.fadeSwitch?.isOn == false && !scene.effectiveOptions.fadeOut)
        #expect(scene.floatingView.objects.last?.path.shape == .straight)
    }

    @Test(
        "tractor: right to left in 5 s on ease in-out, over and over; a dust cloud every 0.2 s from its pipe")
    func tractor() throws {
        let (tester, scene) = try tester("0 key n; 0 key n; 0 key n")
        try tester.advance(to: 0)
        let tractor = try #require(scene.tractor)
        // (time, easeInEaseOut's progress): docs/SEMANTICS.md's table.
        let table: [(time: MediaTime, progress: Double)] = [(1.25, 0.129162), (2.5, 0.5), (3.75, 0.870838)]
        var newest: Layer?
        var puffs = 0
        while tester.time < 4 {
            try tester.tick()
            let frame = tractor.presentation().frame
            if let row = table.first(where: { abs($0.time - tester.time) < 1e-9 }) {
                // From x = 375 to −80; the table's ±5e-7 and the solver's 1e-6 over 455 points.
                #expect(
                    abs(frame.minX - (375 - 455 * row.progress)) <= 1e-3, "x \(frame.minX) at \(row.time) s")
                #expect(frame.minY == 333.5)
            }
            // A new puff starts at the tractor's origin + (40, 20) as shown on its frame (its
            // path at its own frame's origin, y − size/2): exact up to rounding.
            guard let puff = scene.floatingView.objects.last, puff.imageView !== newest else { continue }
            newest = puff.imageView
            puffs += 1
            #expect(abs(puff.path.start.x - (frame.minX + 40)) <= 1e-9)
            #expect(abs(puff.path.start.y - (333.5 + 20 - puff.size / 2)) <= 1e-9)
            // Curve right with the demo's animationWidth 20: w from 50 to 20.
            #expect(puff.path.shape == .curveRight && (20...50).contains(puff.path.end.x - puff.path.start.x))
        }
        #expect((19...20).contains(puffs), "\(puffs) puffs in 4 s")
        try tester.advance(to: 5.05)
        #expect(tractor.presentation().frame.minX > 370)  // starts over from the right edge
        // Puffs every 0.2 s, faded and removed after 2.1 s: 11 in flight in steady state.
        #expect((10...12).contains(scene.floatingView.objects.count), "\(scene.floatingView.objects.count)")
    }

    @Test("steps: the bar has the screens of the steps so far and n goes round them; guide lines from step 3")
    func steps() throws {
        // Screens in the bar at steps 1…5: balloon; + fish (steps 2 and 3); + music; + tractor.
        for (step, count) in [1, 2, 2, 3, 4].enumerated().map({ ($0.offset + 1, $0.element) }) {
            let tester = try SceneTester(scene: "floating", size: Self.phone, events: "0.1 key n", step: step)
            let scene = try tester.scene(as: FloatingScene.self)
            let titles = FloatingScene.Screen.allCases.prefix(count).map(\.title)
            #expect(scene.tabs.map(\.string) == titles, "step \(step)")
            try tester.advance(to: 0.1)
            #expect(scene.screen == (count > 1 ? .fish : .balloon), "step \(step)")
            #expect(scene.guideLines.count == (step >= 3 ? 3 : 0), "step \(step)")
            #expect(scene.keyHelp.contains { $0.key == .character("x") } == (step >= 3), "step \(step)")
            #expect(
                scene.keyHelp.first?.action.contains(titles[min(2, count) % count]) == true, "step \(step)")
        }
    }

    @Test("the knobs override every screen's own values; at demo/0 the screen's stay")
    func knobs() throws {
        let (_, plain) = try tester()
        #expect(
            plain.effectiveOptions.animationDuration == 5 && plain.effectiveOptions.floatingShape == .straight
        )
        #expect(!plain.effectiveOptions.removeOnCompletion)
        let (tester, scene) = try tester(
            knobs: [
                "animationDuration=3", "floatingShape=curveLeft", "removeOnCompletion=on", "pop=on",
                "sink=on",
                "minFloatObjectSize=12", "maxFloatObjectSize=13", "animationWidth=60",
                "startingPointWidth=10",
                "minAnimationHeight=20", "maxAnimationHeight=30", "fadeOut=on", "varyAlpha=on",
            ])
        let options = scene.effectiveOptions
        #expect(options.animationDuration == 3 && options.floatingShape == .curveLeft)
        #expect(options.removeOnCompletion && options.pop && options.objectsShouldSink && options.fadeOut)
        #expect(options.varyAlpha && options.minFloatObjectSize == 12 && options.maxFloatObjectSize == 13)
        #expect(options.animationWidth == 60 && options.startingPointWidth == 10)
        #expect(options.minAnimationHeight == 20 && options.maxAnimationHeight == 30)
        try tester.advance(to: 1)
        let balloon = try #require(scene.floatingView.objects.first)
        // Sinking curve left: down from the start by 20…30, 50…60 to the left.
        #expect(balloon.path.shape == .curveLeft && balloon.path.end.y > balloon.path.start.y)
        try tester.advance(to: 4.2)  // 1 + 3 s + the dissolve: removed this time
        #expect(balloon.imageView.superlayer == nil)
    }

    @Test(
        "landscape (800×600, 500 × 375 points): the controls right of the chest, the saxophone in the window")
    func landscape() throws {
        let tester = try SceneTester(scene: "floating", events: "0 key n; 1 key n")
        let scene = try tester.scene(as: FloatingScene.self)
        try tester.advance(to: 0)
        let chest = try #require(scene.treasureChest?.frame)
        for control in [scene.popSwitch?.layer, scene.varyAlphaSwitch?.layer] {
            let frame = try #require(control?.frame)
            #expect(frame.minX >= chest.maxX, "\(frame) over the chest \(chest)")
        }
        try tester.advance(to: 1)
        // The sax 10 points above the bottom (375 − 210), exact; the fade switch right of it.
        #expect(scene.saxFrame.minY == 165 && scene.saxFrame.maxY <= 375)
        let fade = try #require(scene.fadeSwitch?.layer.frame)
        #expect(fade.minX >= scene.saxFrame.maxX)
    }

    // MARK: - Goldens

    /// Pixels of a red balloon, of a blue one, the blue guide line and so on.
    static func isRed(_ c: Color) -> Bool { c.red > 0.6 && c.green < 0.35 && c.blue < 0.4 }
    static func isBlueBalloon(_ c: Color) -> Bool { c.blue > 0.6 && c.red < 0.4 && c.green < 0.65 }
    static func isBubble(_ c: Color) -> Bool { c.blue > 0.6 && c.blue - c.red > 0.15 }
    static func isInk(_ c: Color) -> Bool { min(c.red, c.green, c.blue) < 0.9 }
    static func isGreen(_ c: Color) -> Bool { c.green - c.red > 0.2 && c.green - c.blue > 0.2 }
    static func isSandy(_ c: Color) -> Bool { c.red > c.green && c.green > c.blue && c.red - c.blue > 0.05 }

    static let goldens: [SceneGolden] = [
        SceneGolden(scene: "floating", at: 6.5, size: phone) { frame in
            // Intent: red balloons rising below the bar; the first, blue now, stopped under it
            // (its top at 64, its centre at 114).
            #expect(frame.count(in: Rect(x: 0, y: 170, width: 375, height: 497), where: isRed) > 2000)
            // Below the bar (whose tabs are blue text).
            let blue = try #require(
                frame.boundingBox(in: Rect(x: 0, y: 65, width: 375, height: 602), where: isBlueBalloon))
            #expect(blue.minY >= 63 && blue.minY <= 80 && blue.maxY <= 166, "blue balloon \(blue)")
        },
        SceneGolden(
            scene: "floating",
            events: "0.1 \(tab(.fish)); 0.2 tap 150 560; 0.3 tap 150 560; 0.4 tap 160 560; 0.5 tap 150 560; "
                + "0.6 tap 187 299; 0.65 tap 187 333; 0.7 tap 187 365",
            at: 1.2, size: phone
        ) { frame in
            // Intent: the chest; the red max line up from (168.75, 517) by 200, the purple min
            // line 10 to its left by 100, the blue startingPointWidth line 100 wide at 517;
            // bubbles above the chest.
            #expect(
                frame.count(in: Rect(x: 166, y: 320, width: 6, height: 190)) {
                    $0.red > 0.8 && $0.green < 0.2
                } > 300)
            #expect(
                frame.count(in: Rect(x: 122, y: 514, width: 94, height: 6)) { $0.blue > 0.8 && $0.red < 0.2 }
                    > 150)
            #expect(
                frame.count(in: Rect(x: 156, y: 420, width: 6, height: 90)) {
                    $0.red > 0.35 && $0.blue > 0.35 && $0.green < 0.2
                } > 150)
            #expect(frame.count(in: Rect(x: 60, y: 300, width: 250, height: 210), where: isBubble) > 100)
            #expect(frame.count(in: Rect(x: 37, y: 467, width: 200, height: 170), where: isSandy) > 5000)
        },
        SceneGolden(
            scene: "floating",
            events: "0.1 \(tab(.music)); 0.2 tap 187 129; 0.3 tap 187 155; 0.4 tap 187 185; 0.5 tap 187 215; "
                + "0.6 tap 187 129; 0.7 tap 187 155",
            at: 1.3, size: phone
        ) { frame in
            // Intent: the sax at the bottom left of the middle; notes between it and the controls.
            #expect(
                frame.count(in: Rect(x: 37, y: 433, width: 200, height: 200)) { $0.red - $0.blue > 0.4 }
                    > 3000)
            #expect(frame.count(in: Rect(x: 0, y: 290, width: 375, height: 140), where: isInk) > 20)
        },
        SceneGolden(scene: "floating", events: "0.1 \(tab(.tractor))", at: 2.5, size: phone) { frame in
            // Intent: the green tractor in the middle band, dust clouds behind it (to its right)
            // and above its pipe.
            let tractor = try #require(
                frame.boundingBox(in: Rect(x: 0, y: 330, width: 375, height: 90), where: isGreen))
            #expect(tractor.minY >= 333 && tractor.maxY <= 414)
            #expect(
                frame.count(in: Rect(x: tractor.minX + 20, y: 230, width: 375, height: 125), where: isSandy)
                    > 100)
            #expect(
                frame.count(
                    in: Rect(x: 0, y: 230, width: max(tractor.minX - 10, 0), height: 125), where: isSandy)
                    == 0)
        },
    ]

    @Test("goldens: balloons, the chest with its guide lines, music notes, dust clouds", arguments: goldens)
    func golden(_ golden: SceneGolden) throws {
        let frame = try golden.render()
        expectMatchesGolden(frame, golden.name)
        try golden.intent(frame)
    }
}
