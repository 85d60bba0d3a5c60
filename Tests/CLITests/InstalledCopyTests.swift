import Animation
import Foundation
import Render
import TestSupport
import Testing

/// An installed animdemo writes packages of one's own (README § Install): `Scripts/install.sh`
/// ships the sources under PREFIX/share/animdemo/package, read-only, and `new` builds against
/// them, not against the checkout the program was built from. The test process's shared
/// scaffold is that package (`ScaffoldPackage.withShared`, built once for every scaffold test).
@Suite("animdemo installed, new")
struct InstalledCopyTests {
    @Test(
        "slow (~2-4 min unless another test built the shared scaffold): installed into a prefix, `new` writes a package against the installed sources that builds and renders"
    )
    func installedCopyWritesScenes() throws {
        try ScaffoldPackage.withShared { package in
            let prefix = try #require(
                package.prefix, "the shared scaffold was not written by an installed copy")
            let sources = "\(prefix)/share/animdemo/package"
            #expect(FileManager.default.fileExists(atPath: "\(sources)/installed-copy"))
            // Read-only by its mode (root may write anything, so not by trying).
            let mode =
                try FileManager.default.attributesOfItem(atPath: "\(sources)/Sources/Scenes/Scene.swift")[
                    .posixPermissions] as? Int
            #expect(
                mode == 0o444,
                "the installed sources' mode is \(mode.map { String($0, radix: 8) } ?? "unknown")")

            let manifest = try String(contentsOfFile: package.path("Package.swift"), encoding: .utf8)
            #expect(
                manifest.contains("path: \"\(sources)\""), "the package does not build on the installed copy")
            #expect(!manifest.contains(ProgramRun.packageRoot.path + "\""), "the package names the checkout")

            let render = try package.run([
                package.program, "render", "--scene", package.name.lowercased(), "--at", "1", "--out", "o",
            ])
            try #require(render.status == 0, "render: \(render.output)")
            let frame = try RenderedFrame(
                contentsOfPNG: package.path("o/\(package.name.lowercased())-001000.png"))
            // The starter's square, orange (255, 149, 0) a quarter in from the left: within 0.02 a
            // channel (8-bit pixels, rounding).
            let color = try #require(frame.color(at: Point(x: 200, y: 300)))
            #expect(abs(color.red - 1) < 0.02 && abs(color.green - 149 / 255) < 0.02 && color.blue < 0.02)
        }
    }
}
