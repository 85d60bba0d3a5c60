import Foundation
import Scenes
import Session

/// The DocC tutorial of a scene's steps (`steps --docc CATALOG`): the same captions and the same
/// code as the window's steps, written as `Tutorials/NAME.tutorial` and the code files of its
/// steps in `Resources/`. The tutorial is in the sections of its `TutorialGuide` (each opening
/// with a paragraph and a still of its last step) and ends with the guide's questions. A step's
/// code is a whole file as the reader has it then (`StepCode.readerText`), broken to the code
/// pane's 80 columns (`CodeWrap`): `NAME-step-N-FILE.swift`, one for every file the step
/// changes, each naming the file's version before it (`previousFile`) so that DocC highlights
/// what the step adds. The pictures (`NAME-poster.png`, `NAME-step-N.png` and `.gif`) come
/// from Scripts/tutorial-media.sh. The files are generated, and a test checks that the
/// committed ones are what this writes.
enum StepsDocC {
    /// The code pane's width in columns at a 1280-pixel-wide window.
    static let codeWidth = 80

    /// One code file of a step: the scene's file it is a version of, and its text.
    struct CodeFile: Equatable {
        var step: Int
        /// The scene's file (`FishScene.swift`).
        var name: String
        var text: String
        /// Its name under Resources/.
        func resource(scene: String) -> String {
            "\(scene)-step-\(step)-\(name.replacingOccurrences(of: ".swift", with: "")).swift"
        }
    }

    /// The code files of step `step`: a version of every file the step changes, the one it
    /// adds most to first, a type's extension files (`FishScene+Rebuild.swift`) after the
    /// others, so that the caption goes with the scene's own code; the previous step's first
    /// file unchanged when it changes none.
    static func codeFiles(_ code: StepCode, atStep step: Int) -> [CodeFile] {
        let changed = code.files.compactMap { file -> (CodeFile, Int)? in
            guard let text = readerFile(code, file, atStep: step),
                step == 1 || text != readerFile(code, file, atStep: step - 1)
            else { return nil }
            return (CodeFile(step: step, name: file.name, text: text), file.addedLines(atStep: step).count)
        }
        let sorted = changed.enumerated().sorted {
            let (first, second) = ($0.element.0.name.contains("+"), $1.element.0.name.contains("+"))
            if first != second { return second }
            return ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset)
        }.map(\.element.0)
        if !sorted.isEmpty || step <= 1 { return sorted }
        return codeFiles(code, atStep: step - 1).prefix(1).map { file in
            var file = file
            file.step = step
            if let source = code.files.first(where: { $0.name == file.name }),
                let text = readerFile(code, source, atStep: step)
            {
                file.text = text
            }
            return file
        }
    }

    /// `file` as the reader types it into a package of their own at step `step`
    /// (`StepCode.readerText` broken to the pane's width): where it imports the engine it
    /// imports the `Scenes` library too, which has the `Scene` protocol and what a scene uses
    /// (in animdemo the file is part of that library). A test type-checks each step's files
    /// as a module of their own against both libraries.
    static func readerFile(_ code: StepCode, _ file: StepCode.File, atStep step: Int) -> String? {
        guard let text = code.readerText(of: file, atStep: step) else { return nil }
        let wrapped = CodeWrap.wrap(text, width: codeWidth)
        var lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false)
        let opening = lines.prefix { $0.isEmpty || $0.hasPrefix("//") || $0.hasPrefix("import ") }
        guard !opening.contains("import Scenes"),
            let last = opening.lastIndex(where: { $0.hasPrefix("import ") })
        else { return wrapped }
        lines.insert("import Scenes", at: last + 1)
        if lines.indices.contains(last + 2), !lines[last + 2].isEmpty { lines.insert("", at: last + 2) }
        return lines.joined(separator: "\n")
    }

    /// The files for `descriptor`, by their path under the catalog.
    static func files(for descriptor: SceneDescriptor, code: StepCode) -> [(path: String, text: String)] {
        let name = descriptor.name
        let guide = TutorialGuide.of(scene: name, stepCount: descriptor.steps.count)
        var files: [(path: String, text: String)] = []
        var previous: [String: String] = [:]
        var sections: [String] = []
        var first = 1
        for section in guide.sections {
            let numbers = first..<min(first + section.stepCount, descriptor.steps.count + 1)
            first = numbers.upperBound
            var steps: [String] = []
            for number in numbers {
                for (index, file) in codeFiles(code, atStep: number).enumerated() {
                    let resource = file.resource(scene: name)
                    files.append(("Resources/\(resource)", file.text))
                    let caption =
                        index == 0
                        ? descriptor.steps[number - 1].caption
                        : otherFileCaption(file, code: code)
                    let before = previous[file.name].map { ", previousFile: \"\($0)\"" } ?? ""
                    previous[file.name] = resource
                    steps += [
                        "@Step {",
                        "    \(escaped(caption))",
                        "",
                        "    @Code(name: \"\(file.name)\", file: \"\(resource)\"\(before)) {",
                        "        @Image(source: \"\(name)-step-\(number).gif\", alt: \"Step \(number) of the \(name) scene, recorded by animdemo.\")",
                        "    }",
                        "}",
                    ]
                }
            }
            let last = numbers.upperBound - 1
            sections +=
                [
                    "@Section(title: \"\(escaped(section.title))\") {",
                    "    @ContentAndMedia {",
                    "        \(section.intro.replacingOccurrences(of: "\n", with: " "))",
                    "",
                    "        @Image(source: \"\(name)-step-\(last).png\", alt: \"The \(name) scene at step \(last), where this section ends.\")",
                    "    }",
                    "",
                    "    @Steps {",
                ] + steps.map { "        \($0)" } + ["    }", "}", ""]
        }
        let tutorial = descriptor.tutorial
        let original =
            tutorial.map { "It follows \($0.line), <\($0.url)>, step by step." }
            ?? "It is one of animdemo's scenes."
        let text = """
            @Tutorial(time: \(max(10, descriptor.steps.count * 3))) {
                @Intro(title: "\(escaped(title(of: descriptor)))") {
                    \(escaped(descriptor.summary.prefix(1).uppercased() + descriptor.summary.dropFirst())).
                    \(escaped(original)) Each step is a stage of the scene that runs: \
            `animdemo --scene \(name) --step N` opens it in the window, where `[` and `]` go to the \
            step before and after and `e` shows the step's code.

                    @Image(source: "\(name)-poster.png", alt: "The finished \(name) scene, drawn by animdemo.")
                }

            \(sections.map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n"))
            \(assessments(guide.questions))}

            """
        let trimmed = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.allSatisfy { $0 == " " } ? "" : String($0)
        }
        files.insert(("Tutorials/\(name).tutorial", trimmed.joined(separator: "\n")), at: 0)
        return files
    }

    /// The caption of a step's second or later file (DocC numbers it as a step of its own):
    /// the scene's step it belongs to, the file, and the functions the step adds to it.
    static func otherFileCaption(_ file: CodeFile, code: StepCode) -> String {
        let added =
            code.files.first { $0.name == file.name }.map { source in
                source.addedLines(atStep: file.step).sorted().compactMap { number -> String? in
                    let line = source.lines[number - 1]
                    guard !line.trimmingPrefix(" ").hasPrefix("//"), let range = line.firstRange(of: "func ")
                    else { return nil }
                    return "`" + line[range.upperBound...].prefix { $0 != "(" } + "()`"
                }
            } ?? []
        let step = "Step \(file.step) of the scene (`--step \(file.step)`) goes on in `\(file.name)`"
        guard !added.isEmpty else { return step + "." }
        return step + ", which it gives \(added.joined(separator: ", "))."
    }

    /// The questions as `@Assessments`, indented for the tutorial's body; empty when none.
    static func assessments(_ questions: [TutorialGuide.Question]) -> String {
        guard !questions.isEmpty else { return "" }
        var lines = ["@Assessments {"]
        for (number, question) in questions.enumerated() {
            lines += [
                "    @MultipleChoice {",
                "        \(question.prompt.replacingOccurrences(of: "\n", with: " "))", "",
            ]
            // The guides list the right answer first; here it moves, question by question, so
            // that its place gives nothing away.
            var choices = question.choices
            if let right = choices.firstIndex(where: \.isCorrect) {
                let answer = choices.remove(at: right)
                choices.insert(answer, at: (number + 1) % (choices.count + 1))
            }
            for choice in choices {
                lines += [
                    "        @Choice(isCorrect: \(choice.isCorrect)) {",
                    "            \(choice.text)",
                    "",
                    "            @Justification(reaction: \"\(choice.isCorrect ? "That's right." : "Not quite.")\") {",
                    "                \(choice.explanation)",
                    "            }",
                    "        }",
                ]
            }
            lines += ["    }"]
        }
        lines += ["}"]
        return lines.map { "    \($0)" }.joined(separator: "\n") + "\n"
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
        try write(files(for: descriptor, code: code), into: catalog)
    }

    /// Writes `files` (paths under the catalog) into `catalog`; a folder that cannot be made or
    /// a file that cannot be written is one line, status 2.
    static func write(_ files: [(path: String, text: String)], into catalog: URL) throws {
        for file in files {
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
