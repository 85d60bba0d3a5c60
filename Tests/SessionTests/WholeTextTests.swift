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
            abs(bar.frame.maxY - tester.session.sceneRect.maxY) < 0.5, "the bar is along the scene's bottom")
        try tester.key("bracketright")
        try tester.advance(seconds: 3)
        #expect(tester.session.describe().stepBar?.hasPrefix("step 3 of") == true)
        // The scene itself (no step chosen) has no bar.
        let plain = try SceneTester(scene: "tictactoe")
        try plain.tick()
        #expect(plain.session.describe().stepBar == nil)
        #expect(Self.texts(in: "step", of: plain.session).isEmpty)
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
