import Foundation
import PackagePlugin

/// Builds the Scenes target's Swift files into the SceneSources target as string literals
/// (the EmbedSources tool writes one generated file), so that the program shows a scene's
/// code wherever it is installed, away from its checkout. The command lists every file as an
/// input: the build runs it again when one changes, and not otherwise.
@main
struct EmbedSceneSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
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
