import Foundation
import Testing

/// docs/ARCHITECTURE.md § Modules: who may import whom, and what the pure targets never call.
@Suite("Architecture")
struct ImportRulesTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    func sourceFiles(of target: String) throws -> [URL] {
        let folder = Self.sources.appendingPathComponent(target)
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        else {
            return []
        }
        // A DocC catalogue's code files are the reader's (they import the library as a package
        // of one's own would), not the target's: the compiler never sees them.
        return enumerator.compactMap { $0 as? URL }.filter {
            $0.pathExtension == "swift" && !$0.pathComponents.contains { $0.hasSuffix(".docc") }
        }
    }

    func imports(in file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                words[..<index].allSatisfy({
                    ["internal", "public", "private", "@testable", "@_exported"].contains($0)
                })
            else { return nil }
            return String(words[index + 1])
        }
    }

    @Test(
        "each target imports only what is below it",
        arguments: [
            ("Animation", ["Foundation", "Synchronization"]),
            ("Scenes", ["Animation", "Foundation"]),
            ("SceneSources", []),
            ("EmbedSources", ["Foundation"]),
            ("Render", ["Animation", "CCairo", "CGIF", "CSprites", "CWebP", "Foundation"]),
            ("Session", ["Animation", "Render", "Scenes", "SceneSources", "Foundation"]),
            ("X11Host", ["Animation", "Render", "Session", "Scenes", "CX11", "Glibc", "Foundation"]),
            ("Benchmarks", ["Animation", "Render", "Session", "Foundation"]),
            ("LottieExport", ["Animation", "Foundation"]),
            (
                "AnimdemoShell",
                [
                    "Animation", "Render", "Scenes", "SceneSources", "Session", "X11Host", "Benchmarks",
                    "LottieExport", "ArgumentParser", "Foundation", "Glibc",
                ]
            ),
            ("animdemo", ["AnimdemoShell"]),
            ("TestSupport", ["Animation", "Render", "Scenes", "Session", "Foundation", "Testing"]),
        ])
    func allowedImports(target: String, allowed: [String]) throws {
        let files = try sourceFiles(of: target)
        #expect(!files.isEmpty, "no sources found for \(target)")
        for file in files {
            for module in try imports(in: file) {
                #expect(allowed.contains(module), "\(target)/\(file.lastPathComponent) imports \(module)")
            }
        }
    }

    @Test(
        "C modules are imported only inside Render/Cairo, Render/Recording and X11Host/Xlib, as internal imports"
    )
    func cImportsStayInside() throws {
        for (target, folder, module) in [
            ("Render", "Cairo", "CCairo"), ("Render", "Cairo", "CSprites"), ("Render", "Recording", "CGIF"),
            ("Render", "Recording", "CWebP"),
            ("X11Host", "Xlib", "CX11"),
        ] {
            for file in try sourceFiles(of: target) {
                let text = try String(contentsOf: file, encoding: .utf8)
                guard text.contains("import \(module)") else { continue }
                #expect(
                    file.deletingLastPathComponent().lastPathComponent == folder,
                    "\(file.path) imports \(module)")
                #expect(
                    text.contains("internal import \(module)"),
                    "\(file.path): use `internal import \(module)`")
            }
        }
    }

    @Test(
        "the engine knows no key name, window title or help text",
        arguments: ["Animation"])
    func noShellInTheEngine(target: String) throws {
        for file in try sourceFiles(of: target) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in [
                "\"space\"", "\"Tab\"", "\"ISO_Left_Tab\"", "\"F12\"", "\"Escape\"", "keysym", "Keysym",
                "windowTitle", "helpLines", "HostCommand", "SceneSession", "animdemo —",
            ] {
                #expect(!text.contains(forbidden), "\(file.lastPathComponent) mentions \(forbidden)")
            }
        }
    }

    @Test(
        "no benchmark scaffolding in the product's targets",
        arguments: ["Animation", "Render", "Scenes", "Session"])
    func noBenchmarks(target: String) throws {
        for file in try sourceFiles(of: target) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in ["Benchmark", "DirectCairo", "benchmarkRandom"] {
                #expect(!text.contains(forbidden), "\(file.lastPathComponent) mentions \(forbidden)")
            }
        }
    }

    @Test("comments cite the repository's own docs, never a file outside it")
    func citations() throws {
        for target in [
            "Animation", "Render", "Scenes", "Session", "X11Host", "Benchmarks", "LottieExport",
            "TestSupport",
            "animdemo",
        ] {
            for file in try sourceFiles(of: target) {
                let text = try String(contentsOf: file, encoding: .utf8)
                // The planning documents outside the repository, by name (spelled so that this
                // file does not cite them itself).
                let outside = ["REFERENCE", "DESIGN", "STYLE"].map { $0 + ".md" } + ["the issue"]
                for forbidden in outside {
                    #expect(
                        !text.contains(forbidden), "\(target)/\(file.lastPathComponent) cites \(forbidden)")
                }
            }
        }
    }

    @Test("Animation and Scenes stay pure: no C, no platform, no clocks", arguments: ["Animation", "Scenes"])
    func pure(target: String) throws {
        for file in try sourceFiles(of: target) {
            let text = try String(contentsOf: file, encoding: .utf8)
            for forbidden in [
                "import CCairo", "import CX11", "import Render", "import X11Host", "import Glibc",
                "Date()", "DispatchTime.now", "clock_gettime", "usleep(", "systemUptime", "CFAbsoluteTime",
            ] {
                #expect(!text.contains(forbidden), "\(file.lastPathComponent) uses \(forbidden)")
            }
        }
    }
}
