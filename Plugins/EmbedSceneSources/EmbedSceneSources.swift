import Foundation
import PackagePlugin

/// Builds the Scenes target's Swift files into the SceneSources target as string literals
/// (the EmbedSources tool writes one generated file), so that the program shows a scene's
/// code wherever it is installed, away from its checkout. The command lists every file as an
/// input: the build runs it again when one changes, and not otherwise.
///
/// Applied to a target of another package (a package of one's own, README § Write your own
/// scene), it builds that target's own files into it as `<Target>Sources.files`, which the
/// package's main.swift passes to `AnimdemoShell.main(scenes:sources:)`.
@main
struct EmbedSceneSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        if target.name != "SceneSources", let own = target as? SourceModuleTarget {
            let files = own.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
            let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(own.name)Sources.swift")
            // Paths are kept relative to the target's conventional folder (Sources/NAME).
            let root = context.package.directoryURL.appendingPathComponent("Sources/\(own.name)")
            return [
                .buildCommand(
                    displayName: "Embedding \(own.name)'s sources (\(files.count) files)",
                    executable: try context.tool(named: "EmbedSources").url,
                    arguments: ["--type", "\(own.name)Sources", root.path, output.path]
                        + files.map(\.path),
                    inputFiles: files, outputFiles: [output])
            ]
        }
        guard
            let scenes = context.package.targets.first(where: { $0.name == "Scenes" }) as? SourceModuleTarget
        else {
            throw EmbedError.noScenesTarget
        }
        let files = scenes.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedSceneSources.swift")
        return [
            .buildCommand(
                displayName: "Embedding the scenes' sources (\(files.count) files)",
                executable: try context.tool(named: "EmbedSources").url,
                arguments: [
                    context.package.directoryURL.appendingPathComponent("Sources/Scenes").path, output.path,
                ] + files.map(\.path),
                inputFiles: files, outputFiles: [output])
        ]
    }
}

enum EmbedError: Error, CustomStringConvertible {
    case noScenesTarget
    var description: String { "EmbedSceneSources: the package has no Scenes target" }
}
