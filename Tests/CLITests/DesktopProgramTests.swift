import Foundation
import Scenes
import TestSupport
import Testing

/// animdemo as a desktop program (README § Install): the version, aligned lists, help texts,
/// the README's keys table, the install into a prefix and its uninstall, the desktop entry,
/// and pictures saved in the XDG pictures folder when started from it.
@Suite("Desktop program")
struct DesktopProgramTests {
    static let root = ProgramRun.packageRoot

    @Test("--version prints the version that Sources/AnimdemoShell/Version.swift defines")
    func version() throws {
        let file = Self.root.appendingPathComponent("Sources/AnimdemoShell/Version.swift")
        let source = try String(contentsOf: file, encoding: .utf8)
        let defined = try #require(
            source.split(separator: "\"").dropFirst().first.map(String.init),
            "no version string in Version.swift")
        let result = try ProgramRun.animdemo(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == defined + "\n")
        #expect(defined.split(separator: ".").count == 3, "\(defined) is not MAJOR.MINOR.PATCH")
    }

    @Test("--list prints two aligned columns: every description starts at the same column")
    func listIsAligned() throws {
        let result = try ProgramRun.animdemo(["--list"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == SceneCatalog.all.count)
        let longest = SceneCatalog.all.map(\.name.count).max() ?? 0
        for (line, name) in zip(lines, SceneCatalog.all.map(\.name)) {
            let characters = Array(line)
            // The name, spaces up to the longest name plus two, then the description.
            #expect(String(characters.prefix(name.count)) == name, "\(line)")
            #expect(
                characters[name.count..<(longest + 2)].allSatisfy { $0 == " " },
                "\"\(line)\": the description should start at column \(longest + 2)")
            #expect(characters.count > longest + 2 && characters[longest + 2] != " ", "\"\(line)\"")
        }
    }

    @Test(
        "render --help shows --at, needed but with --session; knobs --help lists only what applies to knobs")
    func helpTexts() throws {
        let render = try ProgramRun.animdemo(["render", "--help"])
        #expect(render.status == 0)
        let usage = try #require(render.stdout.split(separator: "\n").first { $0.hasPrefix("USAGE:") })
        // Optional in the usage line only because a session file gives its own moment: the
        // option's help says when it is needed.
        let flat = render.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("--at <SECONDS> A time in seconds to render"), "\(render.stdout)")
        #expect(flat.contains("at least one, but with --session: its moment"), "\(render.stdout)")
        #expect(usage.contains(" --out <out>") && !usage.contains("[--out"), "\(usage)")

        let knobs = try ProgramRun.animdemo(["knobs", "--help"])
        #expect(knobs.status == 0)
        for option in ["--scene", "--set", "--json"] {
            #expect(knobs.stdout.contains(option), "knobs --help lacks \(option)")
        }
        for option in ["--size", "--seed", "--scale", "--assets", "--fps", "--bubbles"] {
            #expect(!knobs.stdout.contains(option), "knobs --help lists \(option), which knobs ignores")
        }
        let missing = try ProgramRun.animdemo(["render", "--out", "/tmp/animdemo-cli"])
        #expect(missing.status == 2 && missing.stderr.contains("--at"), "\(missing.stderr)")
    }

    @Test("the README's keys table is the one KeyTable prints (the help overlay's)")
    func readmeKeysTable() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- keys:"), "README has no keys marker")
        let end = try #require(readme.range(of: "<!-- /keys -->"), "README has no end-of-keys marker")
        let block = readme[start.upperBound..<end.lowerBound]
        let table = block.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .joined(separator: "\n")
        let printed = try ProgramRun.animdemo(["keys", "--markdown"])
        #expect(printed.status == 0)
        #expect(table == printed.stdout, "README § Keys differs from `animdemo keys --markdown`")
        #expect(printed.stdout.contains("| `space` |") && printed.stdout.contains("| `q` | quit |"))
        // Without --markdown, each panel's own keys follow in a section of their own.
        let plain = try ProgramRun.animdemo(["keys"])
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("\nin the knobs (k) panel:\n  Up, Down"), "\(plain.stdout)")
    }

    /// Every file and folder under `folder`, by relative path, with each file's bytes.
    static func snapshot(of folder: URL) throws -> [String: Data?] {
        var entries: [String: Data?] = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: folder.path) else { return entries }
        for case let path as String in walker {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            _ = manager.fileExists(atPath: full, isDirectory: &isFolder)
            entries[path] = isFolder.boolValue ? nil : manager.contents(atPath: full)
        }
        return entries
    }

    @Test(
        "install into a prefix, run from it, validate its desktop entry, uninstall: the prefix is as it was")
    func installAndUninstall() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("animdemo-prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let prefix = base.appendingPathComponent("home/.local")
        // What a home prefix may already hold: a program and a share/ folder of other programs.
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("share/applications"), withIntermediateDirectories: true)
        try Data("other".utf8).write(to: prefix.appendingPathComponent("share/applications/other.desktop"))
        let before = try Self.snapshot(of: base)

        // The built program and a stand-in man page (CI checks the generated page in the .deb).
        let manual = base.appendingPathComponent("animdemo.1")
        try Data(".Dd November 24, 2026\n.Dt ANIMDEMO 1\n.Sh NAME\n.Nm animdemo\n".utf8).write(to: manual)
        let environment = [
            "PREFIX": prefix.path, "BINARY": ProgramRun.executable.path, "MANPAGE": manual.path,
        ]
        let script = Self.root.appendingPathComponent("Scripts/install.sh").path
        let install = try ProcessRunner.run(script, [], environment: environment, timeout: 60)
        #expect(install.status == 0, "install.sh: \(install.errorOutput)")

        let installed = try Self.snapshot(of: prefix)
        for path in [
            "bin/animdemo", "share/animdemo/fish.png", "share/animdemo/bubble.png",
            "share/applications/animdemo.desktop", "share/icons/hicolor/48x48/apps/animdemo.png",
            "share/icons/hicolor/256x256/apps/animdemo.png", "share/man/man1/animdemo.1.gz",
            "share/bash-completion/completions/animdemo", "share/zsh/site-functions/_animdemo",
            "share/fish/vendor_completions.d/animdemo.fish", "share/animdemo/install-manifest",
        ] {
            #expect(installed[path] != nil, "\(path) was not installed")
        }
        let entry = String(
            decoding: try Data(
                contentsOf: prefix.appendingPathComponent("share/applications/animdemo.desktop")),
            as: UTF8.self)
        #expect(entry.contains("Exec=\(prefix.path)/bin/animdemo --from-desktop\n"), "\(entry)")
        #expect(entry.contains("Icon=animdemo\n"))
        if let validator = ProcessRunner.which("desktop-file-validate") {
            let validation = try ProcessRunner.run(
                validator, [prefix.appendingPathComponent("share/applications/animdemo.desktop").path])
            #expect(validation.status == 0 && validation.output.isEmpty, "\(validation.output)")
        } else {
            Issue.record("desktop-file-validate is not installed: apt-get install desktop-file-utils")
        }
        let bash = String(
            decoding: installed["share/bash-completion/completions/animdemo"].flatMap { $0 } ?? Data(),
            as: UTF8.self)
        #expect(bash.contains("render") && bash.contains("--scene"), "the bash completion lacks the commands")

        // The installed program, run from elsewhere, draws with the installed images: the same
        // picture as with `--assets` naming them, and another once the installed fish is changed.
        let program = prefix.appendingPathComponent("bin/animdemo").path
        let shared = prefix.appendingPathComponent("share/animdemo")
        func render(_ extra: [String], into name: String) throws -> Data {
            let out = base.appendingPathComponent(name)
            let run = try ProcessRunner.run(
                program, ["render", "--scene", "fish", "--at", "1", "--out", out.path] + extra,
                environment: ["ANIMDEMO_ASSETS": ""], timeout: 60)
            #expect(run.status == 0, "\(run.errorOutput)")
            defer { try? FileManager.default.removeItem(at: out) }
            return try Data(contentsOf: out.appendingPathComponent("fish-001000.png"))
        }
        let found = try render([], into: "found")
        #expect(found == (try render(["--assets", shared.path], into: "named")))
        let fish = shared.appendingPathComponent("fish.png")
        let original = try Data(contentsOf: fish)
        try Data(contentsOf: shared.appendingPathComponent("bubble.png")).write(to: fish)
        #expect(found != (try render([], into: "changed")), "the installed program did not read its images")
        try original.write(to: fish)

        let uninstall = try ProcessRunner.run(script, ["uninstall"], environment: environment, timeout: 60)
        #expect(uninstall.status == 0, "uninstall: \(uninstall.errorOutput)")
        try FileManager.default.removeItem(at: manual)
        let after = try Self.snapshot(of: base)
        #expect(after == before, "left behind: \(Set(after.keys).symmetricDifference(before.keys).sorted())")
    }

    @Test("started from the desktop entry, s saves into the XDG pictures folder's animdemo folder")
    func desktopScreenshotsGoToPictures() throws {
        let xdotool = try MissingTool.require("xdotool", package: "xdotool")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("animdemo-home-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent(".config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        // xdg-user-dir reads this file; without xdg-user-dir the program takes ~/Pictures.
        let pictures =
            ProcessRunner.which("xdg-user-dir") == nil
            ? home.appendingPathComponent("Pictures") : home.appendingPathComponent("Bilder")
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8).write(
            to: config.appendingPathComponent("user-dirs.dirs"))
        let server = try Xvfb()
        defer { server.stop() }
        let environment = [
            "DISPLAY": server.display, "HOME": home.path, "XDG_CONFIG_HOME": config.path, "GDK_SCALE": "",
        ]
        let program = try ChildProcess(
            ProgramRun.executable.path, ["--from-desktop", "--scene", "checkmark", "--size", "320x240"],
            environment: environment)
        defer { program.stop() }
        let window = pollUntil(timeout: 15, interval: 0.05) { () -> String? in
            let search = try? ProcessRunner.run(
                xdotool, ["search", "--onlyvisible", "--pid", "\(program.pid)"], environment: environment)
            return search?.output.split(separator: "\n").first.map(String.init)
        }
        let id = try #require(window, "no window: \(program.errorOutput)")
        _ = try ProcessRunner.run(xdotool, ["mousemove", "--window", id, "5", "5"], environment: environment)
        _ = try ProcessRunner.run(xdotool, ["key", "s"], environment: environment)
        let folder = pictures.appendingPathComponent("animdemo")
        let saved = pollUntil(timeout: 10) { () -> [String]? in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let pngs = names.filter { $0.hasPrefix("animdemo-checkmark-") && $0.hasSuffix(".png") }
            return pngs.isEmpty ? nil : pngs
        }
        #expect(saved?.count == 1, "no screenshot in \(folder.path): \(program.errorOutput)")
    }
}
