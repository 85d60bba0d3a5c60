import Animation
import Foundation
import Render
import TestSupport
import Testing

/// The scaffold as a new user meets it: `animdemo new Orbit`, `swift build`, `Orbit render`,
/// `swift test`, in a temporary folder (`ScaffoldPackage.withShared`: it builds the animdemo
/// libraries again in the scaffold's own `.build`, offline, once for this, the installed copy's
/// and the window's scaffold tests; it is the package an installed animdemo writes). A package
/// the checkout's `new` writes is the same files against the checkout's sources, which
/// `swift build` here builds: that its dependencies resolve offline is checked apart.
@Suite("animdemo new, built")
struct ScaffoldBuildTests {
    @Test(
        "slow (~1-2 min, or less after the shared build): the scaffold builds, its render draws the starter's square, its swift test passes"
    )
    func buildsRendersAndTests() throws {
        try ScaffoldPackage.withShared { package in
            let folder = package.folder

            let render = try package.run([
                ".build/debug/Orbit", "render", "--scene", "orbit", "--at", "1", "--out", "o",
            ])
            try #require(render.status == 0, "render: \(render.output)")
            let frame = try RenderedFrame(
                contentsOfPNG: (folder as NSString).appendingPathComponent("o/orbit-001000.png"))
            // The starter's square rests a quarter in from the left, in the middle: orange
            // (255, 149, 0) there, the background (30, 34, 56) on the right. 8-bit pixels: within
            // 1/255 a channel; 0.02 leaves room for rounding.
            func close(_ color: Color?, _ red: Int, _ green: Int, _ blue: Int) -> Bool {
                guard let color else { return false }
                return abs(color.red - Double(red) / 255) < 0.02
                    && abs(color.green - Double(green) / 255) < 0.02
                    && abs(color.blue - Double(blue) / 255) < 0.02
            }
            #expect(close(frame.color(at: Point(x: 200, y: 300)), 255, 149, 0))
            #expect(close(frame.color(at: Point(x: 600, y: 300)), 30, 34, 56))

            // The program speaks of itself: its own knobs command, no tutorial steps, no fish's
            // bubbles, no `new` or `watch DIR` (those are animdemo's).
            let help = try package.run([".build/debug/Orbit", "--help"])
            try #require(help.status == 0, "Orbit --help: \(help.output)")
            let words = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("`Orbit knobs --scene NAME` lists them"), "\(help.output)")
            #expect(words.contains("the Orbit folder in the pictures folder"), "\(help.output)")
            for foreign in [
                "animdemo knobs", "animdemo steps", "--bubbles", "--step", "\n  new ", "\n  steps ",
                "\n  watch ",
            ] {
                #expect(!help.output.contains(foreign), "Orbit --help has \(foreign): \(help.output)")
            }

            // The code panel (e) shows the package's own scene: its source, built in by the
            // EmbedSceneSources plugin, fills the panel with lines of text (without it, one line says
            // there is no source).
            let code = try package.run([
                ".build/debug/Orbit", "render", "--scene", "orbit", "--events", "0 key e", "--at", "0.1",
                "--out",
                "code",
                "--describe",
            ])
            try #require(code.status == 0, "render: \(code.output)")
            let described = try String(
                contentsOfFile: package.path("code/orbit-000100.json"), encoding: .utf8)
            #expect(described.contains("\"file\" : \"OrbitScene.swift\""), "\(described)")
            let panel = try RenderedFrame(contentsOfPNG: package.path("code/orbit-000100.png"))
            let rowsWithText = (30..<600).filter { y in
                (410..<800).contains { x in (panel.color(x: x, y: y)?.green ?? 0) > 0.5 }
            }
            // 38 lines of 15 px, glyphs about 10 px tall: some 380 rows; a lone message, a dozen.
            #expect(rowsWithText.count > 200, "\(rowsWithText.count) rows of the code panel have text")

            let test = try package.run(["swift", "test"])
            #expect(test.status == 0, "swift test: \(test.output.suffix(2000))")
            #expect(test.output.contains("a click springs the square to the right half"))

            // The DocC tutorial's last step as a reader has typed it (ScaffoldTutorialTests): the
            // scene with a second knob, a disc and checkpoints, and the test with a second test,
            // build, and both tests pass.
            let tutorial = ScaffoldTutorialTests.lastVersions(try ScaffoldTutorialTests.written())
            try #require(tutorial["OrbitScene.swift"]).write(
                toFile: package.sceneFile, atomically: true, encoding: .utf8)
            try #require(tutorial["OrbitTests.swift"]).write(
                toFile: package.path("Tests/OrbitTests/OrbitTests.swift"), atomically: true, encoding: .utf8)
            let tutorialTest = try package.run(["swift", "test"])
            #expect(tutorialTest.status == 0, "swift test: \(tutorialTest.output.suffix(2000))")
            #expect(tutorialTest.output.contains("a second click springs the square back"))
        }
    }

    @Test(
        "a package the checkout's `new` writes names the checkout and resolves its dependencies (from SwiftPM's cache, offline)"
    )
    func checkoutPackageResolves() throws {
        let package = try ScaffoldPackage()
        defer { package.remove() }
        let manifest = try String(contentsOfFile: package.path("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("path: \"\(ProgramRun.packageRoot.path)\""), "\(manifest)")
        let resolved = try package.run(["swift", "package", "resolve"])
        #expect(resolved.status == 0, "swift package resolve: \(resolved.output.suffix(2000))")
        #expect(
            FileManager.default.fileExists(atPath: package.path(".build/checkouts/swift-argument-parser")),
            "\(resolved.output)")
    }
}
