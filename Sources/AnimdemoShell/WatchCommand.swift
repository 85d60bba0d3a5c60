import ArgumentParser
import Foundation

/// `animdemo watch DIR [-- OPTIONS]`: the package in DIR (one `animdemo new` wrote) built and
/// run with live reload, as `swift run NAME --watch` in it does (README § Write your own scene).
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract:
            "Build and run a package of your own, reloading its window at the same moment on every save.",
        discussion: """
            The same as `swift run NAME --watch` in DIR. Options after -- go to its window \
            (--scene, --size, --set, …).
            """)

    @Argument(help: ArgumentHelp("The package's folder.", valueName: "DIR"))
    var folder: String

    @Argument(parsing: .postTerminator, help: "The window's options, after --.")
    var options: [String] = []

    func run() throws {
        let package = URL(fileURLWithPath: folder).standardizedFileURL
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
        else {
            throw ExitWithMessage(
                message: "\(folder) has no Package.swift: name a package's folder", status: 2)
        }
        let product = try Self.product(in: package)
        let supervisor = WatchSupervisor(package: package, product: product, arguments: options)
        Foundation.exit(try supervisor.run(builtBinary: nil))
    }

    /// The package's program: the one folder of `Sources` with a `main.swift`.
    static func product(in package: URL) throws -> String {
        let sources = package.appendingPathComponent("Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        let programs = folders.filter {
            FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/main.swift").path)
        }.sorted()
        guard programs.count == 1, let program = programs.first else {
            throw ExitWithMessage(
                message:
                    "\(package.path)/Sources has \(programs.count) programs (folders with a main.swift); "
                    + "run `swift run NAME --watch` in it instead", status: 2)
        }
        return program
    }

    /// `--watch` given to a package's own program: its package is the folder above the `.build`
    /// the program is in, the product its name; the running build is the first one.
    static func superviseThisProgram() throws -> Int32 {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" && folder.lastPathComponent != ".build" {
            folder = folder.deletingLastPathComponent()
        }
        let package = folder.deletingLastPathComponent()
        guard folder.lastPathComponent == ".build",
            FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path)
        else {
            throw ExitWithMessage(
                message:
                    "--watch rebuilds the package the program was built in; \(executable.path) is in none "
                    + "(run it with `swift run \(ShellScenes.programName) --watch` in its package)", status: 2
            )
        }
        let arguments = Array(CommandLine.arguments.dropFirst()).filter { $0 != "--watch" }
        // `.build/<triple>/release/NAME` when it was built with -c release: rebuilds keep that.
        let configuration =
            executable.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "debug"
        let supervisor = WatchSupervisor(
            package: package, product: executable.lastPathComponent, arguments: arguments,
            configuration: configuration)
        return try supervisor.run(builtBinary: executable.path)
    }
}
