import Animation
import Foundation
import Render
import TestSupport
import Testing

/// An installed animdemo writes packages of one's own (README § Install): `Scripts/install.sh`
/// ships the sources under PREFIX/share/animdemo/package, read-only, and `new` builds against
/// them, not against the checkout the program was built from.
@Suite("animdemo installed, new")
struct InstalledCopyTests {
    @Test(
        "slow (~2-4 min, it builds the scaffold): installed into a prefix, `new` writes a package against the installed sources that builds and renders"
    )
    func installedCopyWritesScenes() throws {
        let work = (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-installed-\(UUID())")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer {
            _ = try? ScaffoldPackage.run(["chmod", "-R", "u+w", work], in: "/")
            try? FileManager.default.removeItem(atPath: work)
        }
        let prefix = (work as NSString).appendingPathComponent("prefix")
        let manual = (work as NSString).appendingPathComponent("animdemo.1")
        try Data(".TH ANIMDEMO 1\n".utf8).write(to: URL(fileURLWithPath: manual))
        // The program this test run built; the man page is not what is tested here.
        let install = try ScaffoldPackage.run(
            [
                "PREFIX=\(prefix)", "BINARY=\(ProgramRun.executable.path)", "MANPAGE=\(manual)",
                "Scripts/install.sh",
            ], in: ProgramRun.packageRoot.path)
        try #require(install.status == 0, "install.sh: \(install.output)")
        let sources = "\(prefix)/share/animdemo/package"
        #expect(FileManager.default.fileExists(atPath: "\(sources)/installed-copy"))
        // Read-only by its mode (root may write anything, so not by trying).
        let mode =
            try FileManager.default.attributesOfItem(atPath: "\(sources)/Sources/Scenes/Scene.swift")[
                .posixPermissions] as? Int
        #expect(
            mode == 0o444, "the installed sources' mode is \(mode.map { String($0, radix: 8) } ?? "unknown")")

        let package = (work as NSString).appendingPathComponent("Mine")
        let made = try ScaffoldPackage.run(
            ["\(prefix)/bin/animdemo", "new", "Mine", "--path", package], in: work)
        try #require(made.status == 0, "new: \(made.output)")
        let manifest = try String(contentsOfFile: "\(package)/Package.swift", encoding: .utf8)
        #expect(manifest.contains("path: \"\(sources)\""), "the package does not build on the installed copy")
        #expect(!manifest.contains(ProgramRun.packageRoot.path + "\""), "the package names the checkout")

        let build = try ScaffoldPackage.run(["swift", "build"], in: package)
        try #require(build.status == 0, "swift build: \(build.output.suffix(3000))")
        let render = try ScaffoldPackage.run(
            [".build/debug/Mine", "render", "--scene", "mine", "--at", "1", "--out", "o"], in: package)
        try #require(render.status == 0, "render: \(render.output)")
        let frame = try RenderedFrame(contentsOfPNG: "\(package)/o/mine-001000.png")
        // The starter's square, orange (255, 149, 0) a quarter in from the left: within 0.02 a
        // channel (8-bit pixels, rounding).
        let color = try #require(frame.color(at: Point(x: 200, y: 300)))
        #expect(abs(color.red - 1) < 0.02 && abs(color.green - 149 / 255) < 0.02 && color.blue < 0.02)
    }
}
