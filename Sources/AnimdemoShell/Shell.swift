import ArgumentParser
import Foundation
import SceneSources
import Scenes

/// The whole animdemo program — the window, `render`, `record`, `knobs`, `bench`, `keys`,
/// `new`, time travel, the panels, screenshots and recordings — for the scenes a package lists.
///
/// A package of one's own needs only a `main.swift` (README § Write your own scene):
///
/// ```swift
/// import AnimdemoShell
///
/// AnimdemoShell.main(
///     scenes: [OrbitScene.descriptor], sources: OrbitSceneSources.files, includingTutorials: false)
/// ```
public enum AnimdemoShell {
    /// Parses the command line, runs the command and exits: status 0 on success or help, 2 on
    /// bad input or no display, 1 when the X server went away, 128 + N after signal N
    /// (SIGINT 130, SIGTERM 143, SIGHUP 129).
    ///
    /// - Parameters:
    ///   - scenes: the scenes, in the order of the keys 1…9; the first is the default `--scene`.
    ///   - sources: their Swift files, for the code panel (`e`): `(path, text)`, as the
    ///     EmbedSceneSources plugin builds them into a target (`<Target>Sources.files`).
    ///   - includingTutorials: whether animdemo's own scenes follow them.
    ///   - programName: the name in the window title, usage lines, error messages and capture
    ///     files' names (default: the executable's).
    public static func main(
        scenes: [SceneDescriptor], sources: [(path: String, text: String)] = [],
        includingTutorials: Bool = true, programName: String? = nil
    ) -> Never {
        let all = scenes + (includingTutorials ? SceneCatalog.all : [])
        let name =
            programName
            ?? CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "animdemo"
        guard !all.isEmpty else {
            FileHandle.standardError.write(Data("\(name): error: no scenes to show\n".utf8))
            exit(2)
        }
        ShellScenes.all = all
        ShellScenes.programName = name
        ShellScenes.includesTutorials = includingTutorials
        SceneSources.packageFiles = sources.map { SceneSources.File(path: $0.path, text: $0.text) }
        run()
    }

    private static func run() -> Never {
        let name = ShellScenes.programName
        do {
            if let problem = RepeatedOptions.problem(in: CommandLine.arguments.dropFirst()) {
                throw ExitWithMessage(message: problem, status: 2)
            }
            var command = try AnimDemo.parseAsRoot()
            try command.run()
            exit(0)
        } catch let interrupted as Interrupted {
            exit(128 + interrupted.signal)  // the shell's status for a signal; the run said what it saved
        } catch let error as ExitWithMessage {
            FileHandle.standardError.write(Data("\(name): error: \(error.message)\n".utf8))
            exit(error.status)
        } catch {
            if AnimDemo.exitCode(for: error).isSuccess {
                let message = AnimDemo.fullMessage(for: error)
                // The man page's source (swift-argument-parser's generate-manual reads this dump and
                // drops every character beyond ASCII: 0…100 would read 0100).
                let dump = CommandLine.arguments.contains("--experimental-dump-help")
                print(dump ? ManualText.ascii(message) : message)
                exit(0)
            }
            // One line: ArgumentParser's messages may add hints on lines of their own.
            let message =
                AnimDemo.message(for: error).split(whereSeparator: \.isNewline).first.map(String.init)
                ?? "\(error)"
            FileHandle.standardError.write(Data("\(name): error: \(message)\n".utf8))
            exit(2)
        }
    }
}

/// The scenes this run of the shell shows and the program's name: set once by
/// `AnimdemoShell.main` before the command line is parsed, read by the commands.
enum ShellScenes {
    nonisolated(unsafe) static var all: [SceneDescriptor] = SceneCatalog.all
    nonisolated(unsafe) static var programName = "animdemo"
    /// Whether animdemo's own scenes are among them (`animdemo` itself): then `new` and
    /// `watch DIR` are there too.
    nonisolated(unsafe) static var includesTutorials = true

    /// Whether a scene has tutorial steps (`steps`, `--step`).
    static var haveSteps: Bool { all.contains { !$0.steps.isEmpty } }

    /// The index of the scene called `name`, if there is one.
    static func index(of name: String) -> Int? { all.firstIndex { $0.name == name } }
}
