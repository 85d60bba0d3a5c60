import Foundation

/// A package `animdemo new` wrote in a temporary folder, as a new user has it (README § Write
/// your own scene): for the slow tests that build it (Tests/CLITests, Tests/WindowTests).
///
/// Building it builds the animdemo libraries again in its own `.build` (about 30 s of the
/// machine alone, a minute or two beside other builds); its dependencies resolve from SwiftPM's
/// cache, which building animdemo filled, or from the copies an install ships, so it builds
/// offline.
public final class ScaffoldPackage: @unchecked Sendable {
    /// The package's folder.
    public let folder: String
    /// The package's, its program's and its scene's type name (`Orbit`).
    public let name: String
    /// The prefix animdemo was installed under for `installed(name:)`'s package (its `new` wrote
    /// it, against PREFIX/share/animdemo/package); nil for a package the checkout's `new` wrote.
    public let prefix: String?
    /// What `remove()` removes: the package's folder, or the folder holding it and the prefix.
    private let root: String

    /// Writes the package `name` with the built animdemo's `new`, against this checkout.
    public init(name: String = "Orbit") throws {
        self.name = name
        folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-scaffold-\(UUID())")
        root = folder
        prefix = nil
        let made = try ProgramRun.animdemo(["new", name, "--path", folder])
        guard made.status == 0 else { throw ScaffoldError("animdemo new \(name) failed: \(made.stderr)") }
    }

    private init(name: String, folder: String, prefix: String, root: String) {
        self.name = name
        self.folder = folder
        self.prefix = prefix
        self.root = root
    }

    /// Installs the built animdemo under a prefix in a new temporary folder (Scripts/install.sh,
    /// the program this test run built, a stand-in man page) and writes the package `name` with
    /// the installed program's `new`, as a user who installed animdemo does: it builds against
    /// the installed, read-only copy of the sources (README § Install).
    public static func installed(name: String = "Orbit") throws -> ScaffoldPackage {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-installed-\(UUID())")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let package = ScaffoldPackage(
            name: name, folder: (root as NSString).appendingPathComponent(name),
            prefix: (root as NSString).appendingPathComponent("prefix"), root: root)
        let manual = (root as NSString).appendingPathComponent("animdemo.1")
        try Data(".TH ANIMDEMO 1\n".utf8).write(to: URL(fileURLWithPath: manual))
        let install = try run(
            [
                "PREFIX=\(package.prefix ?? "")", "BINARY=\(ProgramRun.executable.path)", "MANPAGE=\(manual)",
                "Scripts/install.sh",
            ], in: ProgramRun.packageRoot.path)
        guard install.status == 0 else { throw ScaffoldError("install.sh: \(install.output)") }
        let made = try run(
            ["\(package.prefix ?? "")/bin/animdemo", "new", name, "--path", package.folder], in: root)
        guard made.status == 0 else { throw ScaffoldError("installed animdemo new \(name): \(made.output)") }
        return package
    }

    deinit { remove() }

    nonisolated(unsafe) private static var shared: ScaffoldPackage?
    /// Whether the shared scaffold's build is up to date: built, and its editable files not
    /// written since.
    nonisolated(unsafe) private static var sharedIsBuilt = false
    private static let sharedLock = NSLock()

    /// Runs `body` with the test process's one shared scaffold (written the first time, removed
    /// when the process exits), built, and no other test using it: building the animdemo
    /// libraries again is most of a scaffold test's time, so the suites that need a scaffold
    /// (CLITests' and WindowTests', one test binary) build it once. It is the one a user who
    /// installed animdemo writes (`installed(name:)`): InstalledCopyTests checks the install and
    /// what it wrote, the others use the package. The files a test may edit, the scene and its
    /// test, are put back afterwards.
    public static func withShared<T>(_ body: (ScaffoldPackage) throws -> T) throws -> T {
        try sharedLock.withLock {
            if shared == nil { atexit { ScaffoldPackage.shared?.remove() } }
            let package = try shared ?? ScaffoldPackage.installed()
            shared = package
            // A `swift build` with nothing to do still costs 5-7 s of CPU (the manifests,
            // the plan): build only when a test wrote the editable files since the last build.
            if !sharedIsBuilt {
                try package.build()
                sharedIsBuilt = true
            }
            let editable = [package.sceneFile, package.testFile]
            let originals = try editable.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            let written = {
                editable.map {
                    try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date
                }
            }
            let before = written()
            defer {
                // Written (even back to the same text: its build may be of the edit) or
                // removed: put back, and built again before the next test uses it.
                if written() != before {
                    sharedIsBuilt = false
                    for (path, data) in zip(editable, originals) {
                        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
                    }
                }
            }
            return try body(package)
        }
    }

    /// Removes the folder and everything built in it, and the prefix (install.sh makes the
    /// installed sources' files read-only, not their folders, so they can be removed).
    public func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// `swift build` in the package; throws with the end of its output if it fails.
    public func build() throws {
        let build = try run(["swift", "build"])
        guard build.status == 0 else { throw ScaffoldError("swift build: \(build.output.suffix(2000))") }
    }

    /// The built program, `.build/debug/NAME`.
    public var program: String { path(".build/debug/\(name)") }

    /// The scene's source file, `Sources/NAMEScene/NAMEScene.swift`.
    public var sceneFile: String { path("Sources/\(name)Scene/\(name)Scene.swift") }

    /// The scene's test file, `Tests/NAMETests/NAMETests.swift`.
    public var testFile: String { path("Tests/\(name)Tests/\(name)Tests.swift") }

    /// `relative` inside the package.
    public func path(_ relative: String) -> String { (folder as NSString).appendingPathComponent(relative) }

    /// Runs `arguments` (through env) in the package to completion; the status and both streams
    /// together.
    public func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Self.run(arguments, in: folder)
    }

    /// Runs `arguments` (through env) in `folder` to completion; the status and both streams
    /// together.
    public static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// A scaffold that could not be written or built.
public struct ScaffoldError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
