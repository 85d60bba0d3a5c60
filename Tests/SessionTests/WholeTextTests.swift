import Animation
import Render
import Scenes
import TestSupport
import Testing

@testable import Session

/// Every text the window draws is whole (issue 35): the help and the panels wrap instead of
/// ending rows in "…", toasts wrap and keep their key, the recording dot has a place of its
/// own, a tutorial step's caption stays on screen, and a window too small for a panel says so.
/// `render --describe`'s `elided` lists every text drawn shortened: these tests want it empty.
@Suite("Whole text")
struct WholeTextTests {
    static let scenes = SceneCatalog.all.map(\.name)

    /// The texts drawn under the layer called `name`.
    static func texts(in name: String, of session: SceneSession) -> [TextLayer] {
        guard let box = session.rootLayer.allLayers.first(where: { $0.name == name }) else { return [] }
        return box.allLayers.compactMap { $0 as? TextLayer }.filter { !$0.isHidden }
    }

    static func size(_ text: String) -> Size {
        let parts = text.split(separator: "x").compactMap { Double($0) }
        return Size(width: parts[0], height: parts[1])
    }

    @Test(
        "the help elides nothing from 375×667 up, and every key and action can be scrolled to, whole",
        arguments: ["375x667", "800x600", "1280x720", "1920x1080"], ["", "k"])
    func helpWhole(size: String, alsoOpen: String) throws {
        for scene in Self.scenes {
            let tester = try SceneTester(scene: scene, size: Self.size(size))
            if !alsoOpen.isEmpty { try tester.key(alsoOpen) }
            try tester.key("h")
            try tester.tick()
            var seen: [String] = []
            for _ in 0..<12 {
                let elided = tester.session.describe().elided
                #expect(elided.isEmpty, "\(scene) at \(size): \(elided.map(\.text))")
                seen += Self.texts(in: "help", of: tester.session).map(\.string)
                try tester.key("Page_Down")  // the help is topmost: it scrolls
                try tester.tick()
            }
            // Every word of every entry is drawn (an entry may wrap over lines).
            let drawn = Set(seen.flatMap { $0.split(separator: " ").map(String.init) })
            for line in tester.session.helpLines {
                for word in (line.key + " " + line.action).split(separator: " ") {
                    #expect(
                        drawn.contains(String(word)),
                        "\(scene) at \(size): \"\(word)\" of \(line) never shown")
                }
            }
        }
    }

    /// The panels a key opens (`PanelKind.all`; the build's problem opens by itself).
    static let panelKinds = PanelKind.all.map { $0.kind }.filter { $0.toggle != nil }

    @Test(
        "at 800×600 every panel of PanelKind.all, opened alone after the scene ran, elides nothing, with no row selected and with each",
        arguments: scenes)
    func everyPanelAloneWhole(scene: String) throws {
        // The inspector open from the start, so that its log has the scene's rows; taps where
        // the scenes that wait for one start (the tictactoe board, the checkmark's button), a
        // drag down (the elastic wave, the pull's refresh).
        let tester = try SceneTester(
            scene: scene, events: "0.1 key i; 0.5 tap 200 150; 0.8 drag 400 100 400 400 0.4; 1.5 tap 400 300")
        try tester.advance(to: 3)
        let inspector = try #require(tester.session.panels.lazy.compactMap { $0 as? InspectorPanel }.first)
        let labels = inspector.rowLabels
        #expect(!labels.isEmpty, "\(scene): no rows after 3 s")
        if scene == "checkmark" {
            // The issue's case: b3.strokeEnd's curve is b3.curve's, a knob ("knob b3.c…").
            #expect(labels.contains("b3.strokeEnd"), "\(labels)")
        }
        try tester.key("i")  // closed: each panel below is opened alone
        try tester.tick(2)
        #expect(tester.session.describe().panels.isEmpty)
        for selected in [nil] + labels.map(Optional.some) {
            inspector.select(row: selected)
            for kind in Self.panelKinds {
                // Only the panels that show the selected row are opened again for each row.
                guard selected == nil || kind.name == "graph" || kind.name == "curve" else { continue }
                let key = try #require(kind.toggle?.keys.first)
                tester.send([.key(key)])
                try tester.tick(2)
                let described = tester.session.describe()
                #expect(described.panels.map(\.name) == [kind.name])
                #expect(
                    described.elided.isEmpty,
                    "\(scene), \(kind.name), row \(selected ?? "none"): \(described.elided.map(\.text))")
                tester.send([.key(key)])
                try tester.tick(2)
            }
        }
    }

    @Test(
        "the inspector's detail line is whole in a narrow window: the placeholder and a hovered row's timing",
        arguments: [1.0, 2.0])
    func inspectorDetailWhole(scale: Double) throws {
        // Three marks played, paused; the pointer first off the rows, then on the last row (the
        // third mark, under its tap's header: its name is cut in the name column, the detail
        // line gives it whole).
        func at(_ x: Double, _ y: Double) -> String { "\(x * scale) \(y * scale)" }
        let tester = try SceneTester(
            scene: "tictactoe", size: Size(width: 375 * scale, height: 667 * scale),
            events: "0.1 key i; 0.5 tap \(at(60, 230)); 1 tap \(at(180, 230)); 1.5 tap \(at(60, 330)); "
                + "3 key space; 3.2 move \(at(300, 10)); 4 move \(at(100, 600))", scale: scale)
        for (time, hoversRow) in [(3.5, false), (4.5, true)] {
            try tester.advance(to: time)
            let description = tester.session.describe()
            let rowLabels = Set(description.inspector.map(\.name))
            let cut = description.elided.filter { $0.place == "inspector" && !rowLabels.contains($0.text) }
            #expect(cut.isEmpty, "at \(scale)×, \(time) s: \(cut.map(\.text))")
            let detail = Self.texts(in: "inspector", of: tester.session).map(\.string).joined(separator: " ")
            if !hoversRow {
                #expect(detail.contains("the red line is the scene's time"), "\(detail)")
            } else {
                let row = description.hover?.row ?? "no row hovered"
                #expect(detail.contains(row) && detail.contains("duration"), "at \(scale)×: \(detail)")
            }
        }
    }

    @Test("a long toast wraps inside the scene and keeps every word, at scale 1 and 2, with panels open")
    func toastWraps() throws {
        for scale in [1.0, 2.0] {
            let tester = try SceneTester(
                scene: "checkmark", size: Size(width: 375 * scale, height: 667 * scale), scale: scale)
            for key in ["i", "k", "e"] { try tester.key(key) }
            let message = "recording WEBP: press g to stop and save"
            tester.session.showMessage(message)
            try tester.tick()
            let lines = Self.texts(in: "toast", of: tester.session)
            #expect(lines.map(\.string).joined(separator: " ") == message, "\(lines.map(\.string))")
            let box = try #require(tester.session.rootLayer.allLayers.first { $0.name == "toast" })
            let scene = tester.session.sceneRect
            #expect(box.frame.minX >= scene.minX && box.frame.maxX <= scene.maxX, "\(box.frame) in \(scene)")
            for line in lines {
                let width = TextMetrics.width(of: line.string, fontSize: line.fontSize)
                #expect(width <= line.frame.width + 0.5, "\"\(line.string)\" \(width) px in \(line.frame)")
            }
            let elided = tester.session.describe().elided.filter { $0.place == "toast" }
            #expect(elided.isEmpty, "\(elided)")
        }
        // A message with no room for a word of it still breaks between its letters, never cut.
        let narrow = try SceneTester(scene: "checkmark", size: Size(width: 120, height: 400))
        let path = "saved /home/someone/Pictures/animdemo-checkmark-20260101-120000.png"
        narrow.session.showMessage(path)
        try narrow.tick()
        #expect(
            Self.texts(in: "toast", of: narrow.session).map(\.string).joined()
                == path.replacingOccurrences(
                    of: " ", with: ""))
        #expect(narrow.session.describe().elided.isEmpty)
    }

    @Test("the recording dot is beside the status line, not on it", arguments: [1.0, 2.0])
    func recordingDot(scale: Double) throws {
        let tester = try SceneTester(
            scene: "fish", size: Size(width: 800 * scale, height: 600 * scale), scale: scale)
        try tester.key("space")
        try tester.key("h")
        tester.session.isRecording = true
        try tester.tick()
        let status = try #require(tester.session.rootLayer.allLayers.first { $0.name == "status" })
        let dot = try #require(tester.session.rootLayer.allLayers.first { $0.name == "recording dot" })
        #expect(!status.isHidden && !dot.isHidden)
        #expect(tester.session.statusText.contains("recording"), "\(tester.session.statusText)")
        #expect(status.frame.intersection(dot.frame).isEmpty, "status \(status.frame), dot \(dot.frame)")
        // Both in the scene's corner, not over the help on the right.
        let scene = tester.session.sceneRect
        #expect(
            dot.frame.maxX <= scene.maxX && status.frame.maxX <= scene.maxX, "\(dot.frame) \(status.frame)")
        tester.session.isRecording = false
        try tester.tick()
        #expect(dot.isHidden)
    }

    @Test("a tutorial step's caption stays on screen, whole, for as long as the scene is at that step")
    func stepBar() throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "tictactoe" })
        let tester = try SceneTester(scene: "tictactoe", size: Size(width: 375, height: 667), step: 2)
        let caption = descriptor.steps[1].caption
        for time in [0.1, 3.0, 8.0] {  // long after any toast has gone
            try tester.advance(to: time)
            let described = tester.session.describe()
            #expect(described.stepBar?.contains(caption) == true, "\(String(describing: described.stepBar))")
            #expect(described.stepBar?.hasPrefix("step 2 of \(descriptor.steps.count)") == true)
            let drawn = Self.texts(in: "step", of: tester.session).map(\.string).joined(separator: " ")
            #expect(drawn.contains(caption), "the bar draws \"\(drawn)\"")
            #expect(described.elided.isEmpty, "\(described.elided)")
        }
        let bar = try #require(tester.session.rootLayer.allLayers.first { $0.name == "step" })
        #expect(
            abs(bar.frame.minY - tester.session.sceneRect.maxY) < 0.5, "the bar is under the scene's bottom")
        try tester.key("bracketright")
        try tester.advance(seconds: 3)
        #expect(tester.session.describe().stepBar?.hasPrefix("step 3 of") == true)
        // The scene itself (no step chosen) has no bar.
        let plain = try SceneTester(scene: "tictactoe")
        try plain.tick()
        #expect(plain.session.describe().stepBar == nil)
        #expect(Self.texts(in: "step", of: plain.session).isEmpty)
    }

    /// Rects of `--describe` (`[x, y, width, height]`) as rects.
    static func rect(_ box: [Double]) -> Rect { Rect(x: box[0], y: box[1], width: box[2], height: box[3]) }

    @Test(
        "the step bar has a band of its own: the scene's rect ends where it starts, at every step, with panels open or not, at scale 1 and 2",
        arguments: SceneCatalog.all.filter { !$0.steps.isEmpty }.map(\.name))
    func stepBarOwnBand(scene: String) throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == scene })
        let cases: [(size: Size, panels: [String], scale: Double)] = [
            (Size(width: 375, height: 667), ["i", "k", "e"], 1), (Size(width: 800, height: 600), [], 1),
            (Size(width: 800, height: 600), ["i"], 2), (Size(width: 1920, height: 1080), ["k"], 1),
        ]
        for step in 1...descriptor.steps.count {
            for (size, panels, scale) in cases {
                let tester = try SceneTester(
                    scene: scene, size: Size(width: size.width * scale, height: size.height * scale),
                    step: step, scale: scale)
                for key in panels { try tester.key(key) }
                try tester.advance(to: 0.5)
                let described = tester.session.describe()
                let what = "\(scene) step \(step) at \(size) ×\(scale) with \(panels)"
                let bar = Self.rect(try #require(described.stepBarRect, "\(what): no bar"))
                let sceneRect = Self.rect(described.sceneRect)
                // Whole pixels: a shared edge is no overlap; 0.001 px for the rounding of `box`.
                #expect(bar.minY >= sceneRect.maxY - 0.001, "\(what): bar \(bar) over the scene \(sceneRect)")
                #expect(abs(bar.minY - sceneRect.maxY) < 0.001, "\(what): bar \(bar) not under \(sceneRect)")
                #expect(bar.maxY <= size.height + 0.001, "\(what): bar \(bar) out of the window")
                for panel in described.panels {
                    let rect = Self.rect(panel.rect)
                    #expect(
                        rect.intersection(bar).isEmpty || rect.intersection(bar).height < 0.001,
                        "\(what): the bar \(bar) over \(panel.name) \(rect)")
                }
                // At 375 px the inspector's name column is 110 px wide: a long row name is cut
                // there (the footer gives it whole on hover); nothing else may be cut.
                let rows = Set(described.inspector.map(\.name))
                let cut = described.elided.filter { $0.place != "inspector" || !rows.contains($0.text) }
                #expect(cut.isEmpty, "\(what): \(cut.map(\.text))")
                let drawn = Self.texts(in: "step", of: tester.session).map(\.string).joined(separator: " ")
                #expect(drawn == described.stepBar, "\(what): the bar draws \"\(drawn)\"")
            }
        }
    }

    @Test("the inspector's header counts rows, not the groups' headers among them")
    func inspectorHeaderCountsRows() throws {
        // Three marks: three groups (a tap each), each header a line of the list.
        let tester = try SceneTester(
            scene: "tictactoe", size: Size(width: 375, height: 667),
            events: "0.1 key i; 0.5 tap 60 230; 1 tap 180 230; 1.5 tap 60 330; 3 key space")
        try tester.advance(to: 3.5)
        let described = tester.session.describe()
        let groups = try #require(described.inspectorGroups)
        #expect(groups.count >= 2, "\(groups.map(\.name))")
        let shownRows = described.inspector.filter { $0.rect != nil }.count
        let header = try #require(
            Self.texts(in: "inspector", of: tester.session).map(\.string).first {
                $0.hasPrefix("inspector ·")
            })
        let rows = described.inspector.count
        let shownHeaders = groups.filter { $0.rect != nil }.count
        #expect(shownHeaders >= 1)
        // The rows shown are the last ones of the list (it follows the newest).
        #expect(header.contains("rows \(rows - shownRows + 1)–\(rows) of \(rows)"), "\(header): \(rows) rows")
        // Every group collapsed: headers alone, no rows to count.
        #expect(
            InspectorPanel.range(rows: [.header(0), .header(1)], first: 0, shown: 2)
                == "every group collapsed")
        #expect(InspectorPanel.range(rows: [], first: 0, shown: 3) == "no animation yet")
    }

    @Test(
        "the inspector's footer is whole for every row and header hovered, in every scene, at 800×600, 1920×1080 and 375×667",
        arguments: scenes)
    func inspectorFooterWholeOnHover(scene: String) throws {
        for size in ["800x600", "1920x1080", "375x667"] {
            let window = Self.size(size)
            // As in everyPanelAloneWhole: the taps and drag that start the scenes, then paused.
            let tester = try SceneTester(
                scene: scene, size: window,
                events:
                    "0.1 key i; 0.5 tap 200 150; 0.8 drag 300 100 300 380 0.4; 1.5 tap 300 300; 3 key space")
            try tester.advance(to: 3.2)
            let rowCount = tester.session.describe().inspector.count
            if size == "800x600" { #expect(rowCount > 0, "\(scene): no rows") }
            let panel = Self.rect(try #require(tester.session.describe().panels.first).rect)
            // The list from its top: a wheel up over the rows, then a page at a time down.
            let over = Point(x: panel.midX, y: panel.midY)
            for _ in 0..<40 { tester.send([.scroll(dy: -1, at: over)]) }
            try tester.tick()
            var hovered = Set<String>()
            var lastPage: [String] = []
            for _ in 0..<200 {
                let described = tester.session.describe()
                let lines =
                    described.inspector.compactMap { row in row.rect.map { (row.name, $0) } }
                    + (described.inspectorGroups ?? []).compactMap { group in
                        group.rect.map { (group.name, $0) }
                    }
                let page = lines.map(\.0).sorted()
                if page == lastPage { break }
                lastPage = page
                for (name, box) in lines {
                    let rect = Self.rect(box)
                    tester.send([.move(Point(x: rect.minX + 40, y: rect.midY))])
                    try tester.tick()
                    let now = tester.session.describe()
                    #expect(
                        now.hover?.row == name,
                        "\(scene) at \(size): \(name) not hovered: \(String(describing: now.hover))")
                    // At 375 px the name column is 110 px wide: a long row or group name is cut
                    // there, and the footer gives it whole on hover; nothing else may be cut.
                    let names = Set(now.inspector.map(\.name) + (now.inspectorGroups ?? []).map(\.name))
                    let cut = now.elided.filter {
                        size != "375x667" || $0.place != "inspector" || !names.contains($0.text)
                    }
                    #expect(cut.isEmpty, "\(scene) at \(size), \(name) hovered: \(cut.map(\.text))")
                    let footer = Self.texts(in: "inspector", of: tester.session).map(\.string).joined(
                        separator: " ")
                    #expect(footer.contains(name), "\(scene) at \(size): the footer of \(name): \(footer)")
                    hovered.insert(name)
                }
                tester.send([.scroll(dy: 1, at: over)])
                try tester.tick()
            }
            #expect(
                hovered.count >= rowCount, "\(scene) at \(size): \(hovered.count) of \(rowCount) rows hovered"
            )
        }
    }

    @Test(
        "a window too small for a panel says so instead of counting rows it cannot show",
        arguments: ["i", "k", "e", "h"])
    func tinyWindow(panel: String) throws {
        let tester = try SceneTester(
            scene: "tictactoe", size: Size(width: 240, height: 180),
            events: "0.1 key \(panel); 0.3 tap 40 40; 0.6 tap 120 40; 0.9 tap 40 90")
        try tester.advance(to: 2)
        let texts = tester.session.rootLayer.allLayers.compactMap { $0 as? TextLayer }.map(\.string)
        #expect(texts.contains { $0.contains("needs") }, "\(texts)")
        #expect(!texts.contains { $0.contains("rows") && $0.contains("of") }, "\(texts)")
        // Made large enough again, the panel draws itself and the note is gone.
        tester.resize(to: Size(width: 800, height: 600))
        try tester.advance(seconds: 0.2)
        let grown = tester.session.rootLayer.allLayers.compactMap { $0 as? TextLayer }.map(\.string)
        #expect(!grown.contains { $0.contains("needs") }, "\(grown)")
    }

    @Test("t says what it did: slow motion on, off, or back to 100 % from a rate < chose")
    func slowMotionToast() throws {
        let tester = try SceneTester(scene: "checkmark")
        try tester.key("t")
        try tester.tick()
        #expect(tester.session.toastText == "slow motion: 10× slower")
        try tester.key("t")
        try tester.tick()
        #expect(tester.session.toastText == "slow motion off")
        let halved = try SceneTester(scene: "checkmark")
        try halved.key("less")
        try halved.key("less")
        try halved.tick()
        #expect(halved.session.playbackRate == 0.25)
        try halved.key("t")
        try halved.tick()
        #expect(halved.session.playbackRate == 1)
        #expect(
            halved.session.toastText == "playback 100 % (from 25 %)",
            "\(String(describing: halved.session.toastText))")
    }

    @Test("p on a choice knob writes the tutorial's value as Swift, not \"// tutorial: tutorial\"")
    func choiceKnobCode() throws {
        let tester = try SceneTester(scene: "tictactoe", knobs: ["finishLineColor=red"])
        try tester.key("k")
        try tester.key("p")
        var printed: [String] = []
        for _ in 0..<5 {
            let result = try tester.tick()
            for case .output(let text) in result?.commands ?? [] { printed.append(text) }
        }
        let code = printed.joined(separator: "\n")
        #expect(code.contains("finishLineColor"), "\(code)")
        #expect(code.contains("= .red  // "), "\(code)")
        #expect(code.contains("(tutorial: .tutorial)"), "\(code)")
        #expect(!code.contains("// tutorial: tutorial"), "\(code)")
    }

    @Test("the floating scene's hint sends to the tabs where they are: at the top")
    func floatingHint() throws {
        let descriptor = try #require(SceneCatalog.all.first { $0.name == "floating" })
        #expect(descriptor.hint.contains("tabs at the top"), "\(descriptor.hint)")
        let tester = try SceneTester(scene: "floating", showsHints: true)
        try tester.tick()
        let tabs = try #require(tester.session.describe().hint)
        #expect(!tabs.contains("bottom"))
    }
}
