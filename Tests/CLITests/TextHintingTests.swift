import Foundation
import Render
import TestSupport
import Testing

/// A process draws text the same way whatever text it drew or measured before (`FontFaces` in
/// Sources/Render/Cairo). Cairo kept the hinting fontconfig chose for the first size of each face
/// a process used, and DejaVu is unhinted below 7.5 pixels: the window, which had drawn its
/// help's bold keys, drew the floating scene's 5.9-pixel "Balloon" tab otherwise than `render`
/// of the same moment (SessionPropertyTests, seed 2026 with `d` among its keys).
///
/// In a fresh process each: the test process's own first text would decide for all its tests.
@Suite("Text is drawn the same whatever the process drew before")
struct TextHintingTests {
    /// The floating scene at 500×380 with the four panels open is 129 pixels tall, its bold
    /// "Balloon" tab 5.9 pixels. Opening the help first, its 12-pixel bold keys are laid out
    /// before the tab is drawn; opening it last, the panels are too small to lay out any (each
    /// says what it needs) and the tab is the first bold text drawn. The panels stack in the
    /// other order, but the scene's rect and tree are the same: its pixels must be equal, byte
    /// for byte (one renderer, one tree; before the fix, 76 pixels of the tab up to 66/255).
    @Test("the floating scene's tabs under four panels opened in either order")
    func tabsWhateverOpenedFirst() throws {
        try LimitedRun.withScratch("text-hinting") { folder in
            func render(_ events: String, into name: String) throws -> (
                frame: RenderedFrame, sceneRect: [Int]
            ) {
                let out = folder.appendingPathComponent(name)
                let run = try ProgramRun.animdemo([
                    "render", "--scene", "floating", "--size", "500x380", "--events", events, "--at", "1",
                    "--out", out.path, "--describe",
                ])
                #expect(run.status == 0, "\(run.stderr)")
                let json = try JSONSerialization.jsonObject(
                    with: Data(contentsOf: out.appendingPathComponent("floating-001000.json")))
                let described = try #require(json as? [String: Any])
                let rect = try #require(described["sceneRect"] as? [Double]).map { Int($0.rounded()) }
                let frame = try RenderedFrame(
                    contentsOfPNG: out.appendingPathComponent("floating-001000.png").path)
                return (frame, rect)
            }
            let helpFirst = try render("0 key h; 0 key k; 0 key e; 0 key i", into: "help-first")
            let helpLast = try render("0 key i; 0 key e; 0 key k; 0 key h", into: "help-last")
            #expect(
                helpFirst.sceneRect == [0, 0, 500, 129], "the panels' sizes changed: \(helpFirst.sceneRect)")
            try #require(helpFirst.sceneRect == helpLast.sceneRect)
            let (x, y, width, height) = (
                helpFirst.sceneRect[0], helpFirst.sceneRect[1], helpFirst.sceneRect[2], helpFirst.sceneRect[3]
            )
            var differing = 0
            for row in y..<(y + height) {
                for column in x..<(x + width) {
                    let index = row * helpFirst.frame.width + column
                    if helpFirst.frame.pixels[index] != helpLast.frame.pixels[index] { differing += 1 }
                }
            }
            #expect(differing == 0, "\(differing) pixels of the scene differ")
        }
    }
}
