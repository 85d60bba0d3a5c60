import ArgumentParser
import Foundation

/// `animdemo new NAME [--path DIR]`: a package of one's own whose program is the shell for its
/// own scene (README § Write your own scene).
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Write a package with a scene of your own and the whole program for it.",
        discussion: """
            The package depends on animdemo's sources by path, so it builds offline: those an \
            install ships (PREFIX/share/animdemo/package), else the package this program was \
            built from. Its program NAME has every command animdemo has, for its scene \
            (--scene the name in lower case).
            """)

    @Argument(help: "The package, its program and its scene's type: a Swift identifier (e.g. Orbit).")
    var name: String

    @Option(
        name: .customLong("path"), parsing: .unconditional,
        help: ArgumentHelp("The package's folder (default: ./NAME); it may exist if empty.", valueName: "DIR")
    )
    var path: String?

    /// The DocC tutorial "Write your own scene", made from the templates for NAME, instead of a
    /// package (Sources/AnimdemoShell/AnimdemoShell.docc: `new Orbit --docc CATALOG`).
    @Option(
        name: .customLong("docc"), parsing: .unconditional,
        help: ArgumentHelp("Write the DocC tutorial of the scaffold into CATALOG.", visibility: .hidden))
    var doccCatalog: String?

    /// The animdemo package this program was built from: three folders above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The sources an install ships beside the program (Scripts/install.sh), from its folder.
    static var installedCopy: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("share/animdemo/package")
    }

    /// The animdemo package a new one depends on: the installed copy of the sources beside the
    /// program (the program's own version), else the checkout it was built from; nil if neither
    /// is there.
    static var animdemoPackage: URL? {
        [installedCopy, packageRoot].first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Package.swift").path)
        }
    }

    /// Module names the scaffold's own would clash with (animdemo's products and their targets).
    static let takenNames: Set<String> = [
        "Animation", "Render", "Scenes", "Session", "X11Host", "Benchmarks", "TestSupport", "AnimdemoShell",
        "SceneSources", "ArgumentParser", "Foundation", "Testing", "XCTest", "Swift", "Glibc", "Dispatch",
    ]

    func run() throws {
        if let problem = Self.nameProblem(name) { throw ExitWithMessage(message: problem, status: 2) }
        if let doccCatalog {
            guard !doccCatalog.isEmpty else {
                throw ExitWithMessage(message: "--docc names no folder", status: 2)
            }
            return try ScaffoldTutorial(name: name).write(into: URL(fileURLWithPath: doccCatalog))
        }
        let folder = path ?? name
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw ExitWithMessage(message: "\(folder) is a file, not a folder", status: 2)
            }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? ["?"]
            guard contents.isEmpty else {
                throw ExitWithMessage(
                    message: "\(folder) is not empty; name a new or empty folder", status: 2)
            }
        }
        guard let root = Self.animdemoPackage?.path else {
            throw ExitWithMessage(
                message: "no animdemo sources to build against: neither \(Self.installedCopy.path) nor the "
                    + "package this program was built from, \(Self.packageRoot.path); install animdemo with "
                    + "its Scripts/install.sh (it ships them) or run `new` from a clone of animdemo",
                status: 2)
        }
        let files = Scaffold(name: name, animdemoPath: root).files
        var made: [String] = []
        do {
            for (relative, text) in files {
                let file = (folder as NSString).appendingPathComponent(relative)
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
                    throw ExitWithMessage(message: "cannot write \(file)", status: 2)
                }
                made.append(file)
            }
        } catch {
            for file in made { try? FileManager.default.removeItem(atPath: file) }
            if let error = error as? ExitWithMessage { throw error }
            throw ExitWithMessage(
                message: "cannot write in \(folder): \(error.localizedDescription)", status: 2)
        }
        print(
            "Wrote the package \(name) in \(folder): in it, `swift run \(name)` opens the window, "
                + "`swift test` tests the scene.")
    }

    /// Why `name` cannot name the package, its program and its scene; nil if it can.
    static func nameProblem(_ name: String) -> String? {
        let letters = name.unicodeScalars
        let isIdentifier =
            letters.first.map { $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) } ?? false
            && letters.allSatisfy {
                $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
            }
        guard isIdentifier else {
            return
                "\"\(name)\" is not a Swift identifier (letters, digits and _, not starting with a digit; e.g. Orbit)"
        }
        guard !takenNames.contains(name), name.lowercased() != "animdemo" else {
            return "\"\(name)\" is the name of one of animdemo's own modules; choose another"
        }
        return nil
    }
}
