import Animation
import Render
import Session
import TestSupport
import Testing

/// The shell's text fits its boxes (docs/ARCHITECTURE.md § Keys): a long message wraps, and
/// the help panel's lines wrap in their columns.
@Suite("Overlay text")
struct OverlayTextTests {
    /// The text layers under the session's layer called `name`, with their own frames in it.
    static func texts(in name: String, of session: SceneSession) throws -> [TextLayer] {
        let box = try #require(session.rootLayer.allLayers.first { $0.name == name })
        return box.allLayers.compactMap { $0 as? TextLayer }
    }

    @Test(
        "a long message wraps inside the scene: every character of it shows, nothing is cut",
        arguments: [800, 320])
    func longToast(width: Int) throws {
        let tester = try SceneTester(scene: "checkmark", size: Size(width: Double(width), height: 240))
        let message =
            "cannot save a screenshot in /home/someone/a/very/deep/folder/of/screenshots/that/goes/on: "
            + "Permission denied"
        tester.session.showMessage(message)
        try tester.tick()
        let lines = try Self.texts(in: "toast", of: tester.session)
        let box = try #require(tester.session.rootLayer.allLayers.first { $0.name == "toast" })
        #expect(box.frame.minX >= 10 && box.frame.maxX <= Double(width) - 10, "\(box.frame)")
        for line in lines {
            let textWidth = TextMetrics.width(of: line.string, fontSize: line.fontSize)
            #expect(
                textWidth <= line.frame.width + 0.5, "text \(textWidth) px in a \(line.frame.width) px line")
            #expect(!line.string.contains("…"), "\(line.string)")
        }
        let shown = lines.map(\.string).joined().filter { $0 != " " }
        #expect(shown == message.filter { $0 != " " }, "\(lines.map(\.string))")
        #expect(lines.count > 1)
    }

    @Test("a short message is shown whole, in a box of its own width")
    func shortToast() throws {
        let tester = try SceneTester(scene: "checkmark")
        tester.session.showMessage("saved animdemo-checkmark-20260101-120000.png")
        try tester.tick()
        let toast = try #require(try Self.texts(in: "toast", of: tester.session).first)
        #expect(toast.string == "saved animdemo-checkmark-20260101-120000.png")
        let textWidth = TextMetrics.width(of: toast.string, fontSize: toast.fontSize)
        #expect(toast.frame.width >= textWidth && toast.frame.width <= textWidth + 30, "\(toast.frame)")
    }

    @Test(
        "every help line fits its column inside the panel, and every line can be scrolled to",
        arguments: [("fish", 800), ("fish", 500), ("tictactoe", 800), ("checkmark", 640)])
    func helpFits(scene: String, width: Int) throws {
        let tester = try SceneTester(scene: scene, size: Size(width: Double(width), height: 600))
        try tester.key("h")
        try tester.tick()
        let panel = try #require(tester.session.rootLayer.allLayers.first { $0.name == "help" })
        #expect(panel.frame.minX >= 0 && panel.frame.maxX <= Double(width), "\(panel.frame)")
        var seen = Set<String>()
        for _ in 0..<10 {
            let texts = try Self.texts(in: "help", of: tester.session)
            for text in texts {
                let textWidth = TextMetrics.width(of: text.string, fontSize: text.fontSize, bold: text.isBold)
                #expect(
                    textWidth <= text.frame.width + 0.5,
                    "\"\(text.string)\" is \(textWidth) px in \(text.frame)")
                #expect(text.frame.minX >= 0 && text.frame.maxX <= panel.bounds.width, "\(text.frame)")
                #expect(text.frame.maxY <= panel.bounds.height, "\(text.string) below the panel")
                seen.insert(text.string)
            }
            try tester.key("Page_Down")  // the help is topmost: it scrolls
            try tester.tick()
        }
        // Shown whole, wrapped over lines maybe: every word is drawn, none cut with "…".
        let words = Set(seen.flatMap { $0.split(separator: " ").map(String.init) })
        for line in tester.session.helpLines {
            for word in (line.key + " " + line.action).split(separator: " ") {
                #expect(words.contains(String(word)), "\(word) of \(line) never shown")
            }
        }
        #expect(tester.session.describe().elided.isEmpty, "\(tester.session.describe().elided)")
    }
}
