import Foundation
import Scenes
import Session

/// The DocC tutorial of a scene's steps (`steps --docc CATALOG`): the same captions and the same
/// code as the window's steps, written as `Tutorials/NAME.tutorial` and one code file a step,
/// `Resources/NAME-step-N.swift` (DocC highlights what changed from one step's file to the
/// next). Each step shows `Resources/NAME-step-N.gif`, which Scripts/tutorial-media.sh records
/// with `animdemo record --step N`. The files are generated, and a test checks that the
/// committed ones are what this writes.
enum StepsDocC {
    /// The files for `descriptor`, by their path under the catalog.
    static func files(for descriptor: SceneDescriptor, code: StepCode) -> [(path: String, text: String)] {
        let name = descriptor.name
        var files: [(path: String, text: String)] = []
        var steps: [String] = []
        for (index, step) in descriptor.steps.enumerated() {
            let number = index + 1
            let codeFile = "\(name)-step-\(number).swift"
            files.append(("Resources/\(codeFile)", code.excerpt(atStep: number)))
            steps += [
                "@Step {",
                "    \(escaped(step.caption))",
                "",
                "    @Code(name: \"\(name).swift\", file: \"\(codeFile)\") {",
                "        @Image(source: \"\(name)-step-\(number).gif\", alt: \"Step \(number) of the \(name) scene, recorded by animdemo.\")",
                "    }",
                "}",
            ]
        }
        let tutorial = descriptor.tutorial
        let original =
            tutorial.map { "It follows \($0.line), <\($0.url)>, step by step." }
            ?? "It is one of animdemo's scenes."
        let last = descriptor.steps.count
        let text = """
            @Tutorial(time: \(max(5, last * 2))) {
                @Intro(title: "\(escaped(title(of: descriptor)))") {
                    \(escaped(descriptor.summary.prefix(1).uppercased() + descriptor.summary.dropFirst())).
                    \(escaped(original))

                    @Image(source: "\(name)-step-\(last).gif", alt: "The finished \(name) scene, recorded by animdemo.")
                }

                @Section(title: "Build it step by step") {
                    @ContentAndMedia {
                        Each step is a stage of the scene that runs: `animdemo --scene \(name) --step N` opens it \
            in the window, where `[` and `]` go to the step before and after and `e` shows this code with \
            the step's new lines marked. The code beside each step is the scene's own Swift, as compiled: \
            the lines present at that step, with the lines it adds highlighted.

                        @Image(source: "\(name)-step-1.gif", alt: "The first step of the \(name) scene.")
                    }

                    @Steps {
            \(steps.map { "            \($0)" }.joined(separator: "\n"))
                    }
                }
            }

            """
        files.insert(("Tutorials/\(name).tutorial", text), at: 0)
        return files
    }

    /// The tutorial's page title: the scene's name and what it ports.
    static func title(of descriptor: SceneDescriptor) -> String {
        guard let tutorial = descriptor.tutorial else { return "The \(descriptor.name) scene" }
        return "The \(descriptor.name) scene: \(tutorial.title)"
    }

    /// `text` safe inside a directive's quoted argument (`@Intro(title: "…")`): its straight
    /// double quotes become typographic ones.
    static func escaped(_ text: some StringProtocol) -> String {
        String(text).replacingOccurrences(of: "\"", with: "\u{201D}")
    }

    /// Writes the files for `descriptor` into the catalog folder `catalog`; a folder that
    /// cannot be made or a file that cannot be written is one line, status 2.
    static func write(for descriptor: SceneDescriptor, code: StepCode, into catalog: URL) throws {
        try checkFolder(catalog.path)
        for file in files(for: descriptor, code: code) {
            let url = catalog.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                let reason = (error as NSError).localizedFailureReason ?? error.localizedDescription
                throw ExitWithMessage(message: "--docc: cannot write \(url.path): \(reason)", status: 2)
            }
        }
    }

    /// Refuses, before anything is written, a catalog path that is not a folder and cannot
    /// become one (Foundation would say only "NSCocoaErrorDomain error 512").
    static func checkFolder(_ path: String) throws {
        if let file = OutputFolder.firstNonFolder(in: path) {
            let what = file == path ? "--docc \(path)" : "\(file) in --docc \(path)"
            throw ExitWithMessage(message: "\(what) is not a folder", status: 2)
        }
    }
}
