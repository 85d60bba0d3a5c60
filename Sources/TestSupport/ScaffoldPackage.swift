import Foundation

/// A package `animdemo new` wrote in a temporary folder, as a new user has it (README § Write
/// your own scene): for the slow tests that build it (Tests/CLITests, Tests/WindowTests).
///
/// Building it builds the animdemo libraries again in its own `.build` (about 30 s of the
/// machine alone, a minute or two beside other builds); its dependencies resolve from SwiftPM's
/// cache, which building animdemo filled, so it builds offline.
public final class ScaffoldPackage: @unchecked Sendable {
    /// The package's folder.
    public let folder: String
    /// The package's, its program's and its scene's type name (`Orbit`).
    public let name: String

    /// Writes the package `name` with the built animdemo's `new`.
    public init(name: String = "Orbit") throws {
        self.name = name
        folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("animdemo-scaffold-\(UUID())")
        let made = try ProgramRun.animdemo(["new", name, "--path", folder])
        guard made.status == 0 else { throw ScaffoldError("animdemo new \(name) failed: \(made.stderr)") }
    }

    deinit { remove() }

    nonisolated(unsafe) private static var shared: ScaffoldPackage?
    private static let sharedLock = NSLock()

    /// Runs `body` with the test process's one shared scaffold (written the first time, removed
    /// when the process exits), built, and no other test using it: building the animdemo
    /// libraries again is most of a scaffold test's time, so the suites that need a scaffold
    /// (CLITests' and WindowTests', one test binary) build it once. The files a test may edit,
    /// the scene and its test, are put back afterwards.
    public static func withShared<T>(_ body: (ScaffoldPackage) throws -> T) throws -> T {
        try sharedLock.withLock {
            if shared == nil { atexit { ScaffoldPackage.shared?.remove() } }
            let package = try shared ?? ScaffoldPackage()
            shared = package
            try package.build()
            let editable = [package.sceneFile, package.testFile]
            let originals = try editable.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            defer {
                for (path, data) in zip(editable, originals) {
                    try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
                }
            }
            return try body(package)
        }
    }

    /// Removes the folder and everything built in it.
    public func remove() { try? FileManager.default.removeItem(atPath: folder) }

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
