import ArgumentParser
import Foundation
import Scenes
import Session

/// `animdemo steps --scene NAME [--json]`: the scene's tutorial as steps, each one's caption
/// (`--step N` opens, renders or records it; docs/ARCHITECTURE.md § Tutorial steps).
struct StepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps", abstract: "List the steps of a scene's tutorial: number and caption.",
        usage: "\(ShellScenes.programName) steps [--scene <scene>] [--json]",
        discussion: """
            Of the scene options, this one applies here:
              --scene <scene>         The scene: \(ShellScenes.all.map(\.name).joined(separator: ", ")) \
            (default: \(ShellScenes.all[0].name)).
            `--step N` on the window, `render` and `record` runs step N.
            """)

    /// The root command's options, of which only `--scene` applies (as in `knobs`).
    @OptionGroup(visibility: .hidden) var options: SceneOptions

    @Flag(help: "Print a JSON array of objects, one a step: step (from 1) and caption.")
    var json = false

    @Option(
        name: .customLong("code"), parsing: .unconditional,
        help: ArgumentHelp(
            "Print the code of step N: the lines of the scene's source present then, each after a mark: + for a line the step adds, - for one it removes.",
            valueName: "N"))
    var codeStep: Int?

    @Option(
        help: ArgumentHelp(
            "Write the scene's DocC tutorial into the catalog folder DIR: Tutorials/NAME.tutorial and each step's code in Resources/.",
            valueName: "DIR"))
    var docc: String?

    /// One step as `steps --json` prints it.
    struct Entry: Encodable {
        var step: Int
        var caption: String
    }

    func run() throws {
        let descriptor = ShellScenes.all[try options.sceneIndex()]
        guard !descriptor.steps.isEmpty else {
            throw ExitWithMessage(message: "the scene \"\(descriptor.name)\" has no steps yet", status: 2)
        }
        if let docc {
            // An empty path would write into the current folder. Checked before anything is printed.
            guard !docc.isEmpty else { throw ExitWithMessage(message: "--docc names no folder", status: 2) }
            try StepsDocC.checkFolder(docc)
        }
        if codeStep != nil || docc != nil {
            let code = try stepCode(of: descriptor)
            if let codeStep {
                guard descriptor.steps.indices.contains(codeStep - 1) else {
                    throw ExitWithMessage(
                        message:
                            "--code: \(descriptor.name) has steps 1…\(descriptor.steps.count), not \(codeStep)",
                        status: 2)
                }
                print(code.excerpt(atStep: codeStep, marked: true), terminator: "")
            }
            if let docc {
                try StepsDocC.write(for: descriptor, code: code, into: URL(fileURLWithPath: docc))
            }
            return
        }
        let entries = descriptor.steps.enumerated().map {
            Entry(step: $0.offset + 1, caption: $0.element.caption)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return
        }
        print(AlignedColumns.format(entries.map { ["\($0.step)", $0.caption] }), terminator: "")
    }

    /// The scene's marked tutorial code, from the sources built into the program.
    private func stepCode(of descriptor: SceneDescriptor) throws -> StepCode {
        do {
            guard let code = try StepCode.forFolder(named: descriptor.name) else {
                throw ExitWithMessage(
                    message: "the scene \"\(descriptor.name)\" has no marked step code", status: 2)
            }
            return code
        } catch let error as StepCode.MarkerError {
            throw ExitWithMessage(message: "step markers: \(error)", status: 1)
        }
    }
}
