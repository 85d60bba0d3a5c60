import Foundation
import Session

/// The DocC tutorial "Write your own scene" (`new NAME --docc CATALOG`, hidden): the package
/// `new` writes, read and then changed step by step: the starter, a knob, `--watch`, a test,
/// checkpoints. Every code file is a whole file as the reader has it at that step, made from
/// `Scaffold`'s own templates (the reader's changes are edits of them, each anchored on a line
/// the template has), so the tutorial cannot drift from what `new` writes: a test checks that
/// the committed files are what this writes, and that the last step's files build and pass
/// their test in a scaffolded package. Written as `Tutorials/WriteYourOwnScene.tutorial` and
/// `Resources/orbit-step-N-FILE.swift` (for NAME Orbit); the pictures come from
/// Scripts/scaffold-tutorial-media.sh.
struct ScaffoldTutorial {
    /// The scaffold the tutorial follows; it depends on the sources a `.deb` install ships.
    var scaffold: Scaffold

    init(name: String) {
        scaffold = Scaffold(name: name, animdemoPath: "/usr/share/animdemo/package")
    }

    /// A template line missing that a step's edit is anchored on: the template changed, and
    /// the step must follow it.
    struct StaleEdit: Error, CustomStringConvertible {
        var anchor: String
        var description: String {
            "the scaffold's template no longer has the line the tutorial edits: \(anchor)"
        }
    }

    /// One step: its caption, the file it shows (the package's path) and that file's text, and
    /// the picture beside it (under Resources/).
    struct Step {
        var caption: String
        var path: String
        var text: String
        var image: String
        var fileName: String { (path as NSString).lastPathComponent }
    }

    struct Section {
        var title: String
        var intro: String
        var image: String
        var steps: [Step]
    }

    var name: String { scaffold.name }
    var lower: String { scaffold.sceneName }
    var scenePath: String { "Sources/\(name)Scene/\(name)Scene.swift" }
    var testPath: String { "Tests/\(name)Tests/\(name)Tests.swift" }

    /// `text` with each `(anchor, replacement)` applied once; an anchor must occur exactly once.
    static func edited(_ text: String, _ edits: [(String, String)]) throws -> String {
        var text = text
        for (anchor, replacement) in edits {
            guard let range = text.range(of: anchor), text[range.upperBound...].range(of: anchor) == nil
            else {
                throw StaleEdit(anchor: anchor)
            }
            text.replaceSubrange(range, with: replacement)
        }
        return text
    }

    /// The scene with a second knob: the spring's damping, read on every click.
    func sceneWithKnob() throws -> String {
        try Self.edited(
            scaffold.scene,
            [
                (
                    "knobs: [Knobs.stiffness.knob]",
                    "knobs: [Knobs.stiffness.knob, Knobs.damping.knob]"
                ),
                (
                    "static let stiffnessDefault = 200.0\n",
                    "static let stiffnessDefault = 200.0\n    static let dampingDefault = 10.0\n"
                ),
                (
                    "        \"the spring's stiffness: higher is quicker\")\n",
                    """
                            "the spring's stiffness: higher is quicker")
                            static let damping = KnobKey<Double>(
                                "damping", KnobDeclaration("static let dampingDefault"),
                                tutorial: \(name)Scene.dampingDefault, in: 1...40, step: 1, unit: "",
                                "the spring's damping: lower wobbles longer")

                    """
                ),
                (
                    "spring.stiffness = knobs[Knobs.stiffness]\n",
                    "spring.stiffness = knobs[Knobs.stiffness]\n        spring.damping = knobs[Knobs.damping]\n"
                ),
            ])
    }

    /// The scene after the save under `--watch`: a disc instead of a rounded square.
    func sceneWatched() throws -> String {
        try Self.edited(try sceneWithKnob(), [("square.cornerRadius = 24", "square.cornerRadius = 60")])
    }

    /// The scene that saves its own state for time travel's checkpoints.
    func sceneWithCheckpoints() throws -> String {
        try Self.edited(
            try sceneWatched(),
            [
                (
                    scaffold.checkpointsComment,
                    """
                    /// Time travel saves the scene every few seconds and, to reach a moment, puts the
                    /// nearest save back instead of replaying from the start. The engine saves the
                    /// layers, their animations and recognizers; the scene saves its own properties
                    /// that change, and returns what puts them back.
                    extension \(name)Scene: CheckpointingScene {
                        public func savedState() -> () -> Void {
                            let (bounds, onRight) = (self.bounds, self.onRight)
                            return { [self] in
                                self.bounds = bounds
                                self.onRight = onRight
                            }
                        }
                    }

                    """
                )
            ])
    }

    /// The test with a second one: two clicks, with a low damping, bring the square back.
    func testWithSecondClick() throws -> String {
        try Self.edited(
            scaffold.test,
            [
                (
                    "    #expect(!isOrange(try tester.render().color(at: Point(x: 200, y: 300))))\n}\n",
                    """
                        #expect(!isOrange(try tester.render().color(at: Point(x: 200, y: 300))))
                    }

                    /// The knob set as `--set` would, and the square's layer read instead of pixels.
                    @Test("a second click springs the square back, however it wobbles")
                    func secondClickBringsItBack() throws {
                        let tester = try SceneTester(
                            scene: "\(lower)", in: [\(name)Scene.descriptor], knobs: ["damping=4"])
                        let square = try #require(tester.layer(named: "square"))
                        // Layers are in points; the square rests at 200 and 600 window pixels.
                        let left = tester.points(Point(x: 200, y: 300)).x
                        let right = tester.points(Point(x: 600, y: 300)).x
                        tester.tap(Point(x: 400, y: 300))
                        try tester.advance(seconds: 0.1)
                        let x = square.presentation().position.x
                        #expect(x > left + 1 && x < right - 1)  // mid-swing
                        try tester.advance(seconds: 5)  // settled: damping 4 takes about 4 s
                        tester.tap(Point(x: 400, y: 300))
                        try tester.advance(seconds: 5)
                        // Back where it started, within half a point.
                        #expect(abs(square.presentation().position.x - left) < 0.5)
                    }

                    """
                )
            ])
    }

    func sections() throws -> [Section] {
        let program = name
        return [
            Section(
                title: "Make the package",
                intro: """
                    `animdemo new \(name)` writes a package of your own: a scene, a program for it \
                    and a test. The program has every command animdemo has, for your scene.
                    """,
                image: "\(lower)-starter.png",
                steps: [
                    Step(
                        caption: """
                            In a terminal, run `animdemo new \(name)`: it writes the package in `./\(name)` \
                            (`--path DIR` for another folder). Its `Package.swift` depends on animdemo's \
                            sources by path, those an install ships in `/usr/share/animdemo/package` or a \
                            clone, so it builds offline. The scene's target applies the \
                            `EmbedSceneSources` plugin, which builds the scene's own code into the \
                            program for the code panel (`e`).
                            """,
                        path: "Package.swift", text: scaffold.packageManifest, image: "\(lower)-starter.png"),
                    Step(
                        caption: """
                            `main.swift` is one call: `AnimdemoShell.main` gives the scene the window, \
                            `render`, `record`, `knobs`, time travel, the panels, screenshots and \
                            recordings. `cd \(name)` and `swift run \(program)`: the first build compiles \
                            animdemo's libraries in the package (\(ScaffoldTutorial.firstBuild)); later \
                            builds compile only what changed. Click the window.
                            """,
                        path: "Sources/\(name)/main.swift", text: scaffold.main, image: "\(lower)-starter.gif"
                    ),
                ]),
            Section(
                title: "Read the starter",
                intro: """
                    The scene is a class that conforms to `Scene`: a layer tree built on the scene's \
                    timeline, a layout for the window's size, and a tap recognizer, as a view \
                    controller would have in UIKit.
                    """,
                image: "\(lower)-starter.png",
                steps: [
                    Step(
                        caption: """
                            The `descriptor` names the scene for the command line (`--scene \(lower)`), \
                            says what to do in the window and lists its knobs. `layout(in:)` runs on \
                            every resize with implicit animations off. A click runs `toggle()`, which \
                            springs the square across from where it is on screen, its presentation, \
                            to its model position, where it ends.
                            """,
                        path: scenePath, text: scaffold.scene, image: "\(lower)-starter.gif")
                ]),
            Section(
                title: "Add a knob",
                intro: """
                    A knob is a constant people may turn while the scene runs: `k` opens the knob \
                    panel, `\(program) knobs --scene \(lower)` lists the knobs, `--set NAME=VALUE` \
                    starts with another value. The starter's stiffness is one.
                    """,
                image: "\(lower)-knob.png",
                steps: [
                    Step(
                        caption: """
                            Add a second knob, the spring's damping: its default as a `static let` (the \
                            knob panel prints a changed value as that line, to paste back), its range \
                            and step, and the line in `toggle()` that reads it on every click. \
                            `swift run \(program) --set damping=3` wobbles.
                            """,
                        path: scenePath, text: try sceneWithKnob(), image: "\(lower)-knob.gif")
                ]),
            Section(
                title: "Change it while it runs",
                intro: """
                    `swift run \(program) --watch` rebuilds the package on every save of its sources \
                    and brings the window back with the new code at the same moment: the new build \
                    replays the recorded input (every frame's time, the clicks, the window's size, \
                    the knobs) up to the moment the old one showed. A build that fails shows its \
                    first error in a red panel while the old window runs on; new code that crashes \
                    or hangs is reported the same way, and the last good build comes back.
                    """,
                image: "\(lower)-watch.png",
                steps: [
                    Step(
                        caption: """
                            Run `swift run \(program) --watch`, click, and while the square swings make it \
                            a disc: a corner radius of half its side. Save: a second or two later the \
                            window shows a disc, at the same moment of its swing.
                            """,
                        path: scenePath, text: try sceneWatched(), image: "\(lower)-watch.png")
                ]),
            Section(
                title: "Test it",
                intro: """
                    `swift test` runs the scene on a virtual clock with animdemo's scene tester: \
                    advance time, click, drag, press keys, and check the pixels of the frame the \
                    program would draw or the layers themselves.
                    """,
                image: "\(lower)-watch.png",
                steps: [
                    Step(
                        caption: """
                            The test `new` wrote clicks the scene and checks that the orange has moved \
                            from the left half to the right: it still passes with the disc.
                            """,
                        path: testPath, text: scaffold.test, image: "\(lower)-watch.png"),
                    Step(
                        caption: """
                            A second test sets the damping knob as `--set` would and reads the \
                            square's layer: mid-swing after the first click, back where it started \
                            after the second.
                            """,
                        path: testPath, text: try testWithSecondClick(), image: "\(lower)-knob.gif"),
                ]),
            Section(
                title: "Save checkpoints",
                intro: """
                    Time travel (the arrow keys, the timeline) reaches a moment by replaying the \
                    scene's input from its start. A scene that saves its own state lets it start \
                    from the nearest checkpoint instead, which keeps long sessions quick.
                    """,
                image: "\(lower)-watch.png",
                steps: [
                    Step(
                        caption: """
                            Conform to `CheckpointingScene`: `savedState()` keeps the scene's own stored \
                            properties that change, as values, and returns the closure that puts them \
                            back. The layers, their animations and the recognizers are the engine's to \
                            save; the knobs are the program's.
                            """,
                        path: scenePath, text: try sceneWithCheckpoints(), image: "\(lower)-watch.png")
                ]),
        ]
    }

    /// The first build's time, as docs/PERFORMANCE.md § Live reload measures it.
    static let firstBuild =
        "77 s on a quiet two-core machine, 93 s beside a load of 60 % on both cores, up to 3½ minutes beside other builds"

    static let questions: [TutorialGuide.Question] = [
        TutorialGuide.Question(
            prompt: "What does `--watch` do with the running scene when you save?",
            choices: [
                TutorialGuide.Choice(
                    text:
                        "It builds the package again and replays the recorded input with the new code, up to the same moment",
                    isCorrect: true,
                    explanation:
                        "Right: a scene is deterministic, so the new build needs only its input, not the old objects."
                ),
                TutorialGuide.Choice(
                    text: "It copies the old build's objects into the new one", isCorrect: false,
                    explanation:
                        "No: the new build makes its own objects; only the input, the moment and the window's state pass."
                ),
                TutorialGuide.Choice(
                    text: "It starts the scene again from its first frame", isCorrect: false,
                    explanation:
                        "No: the window comes back at the moment the old build showed, mid-swing if it was."),
            ]),
        TutorialGuide.Question(
            prompt: "Why does `toggle()` start the spring from `square.presentation().position`?",
            choices: [
                TutorialGuide.Choice(
                    text:
                        "Because `position` is the model, where the square ends; the presentation is where it is on screen now",
                    isCorrect: true,
                    explanation:
                        "Right: a click in the middle of a swing springs on from where the square is."),
                TutorialGuide.Choice(
                    text: "Because `position` is not set until the first layout", isCorrect: false,
                    explanation: "No: `layout(in:)` sets it before any click."),
                TutorialGuide.Choice(
                    text: "Because the presentation is cheaper to read", isCorrect: false,
                    explanation:
                        "No: it is a copy with the animations applied; it is read for where the square is."),
            ]),
        TutorialGuide.Question(
            prompt: "What must a scene's `savedState()` keep?",
            choices: [
                TutorialGuide.Choice(
                    text: "Its own stored properties that change, such as `onRight` and `bounds`",
                    isCorrect: true,
                    explanation:
                        "Right: the engine saves the layers, animations and recognizers; only the scene knows its own properties."
                ),
                TutorialGuide.Choice(
                    text: "Every layer's position and colour", isCorrect: false,
                    explanation: "No: the engine saves the layers' state itself."),
                TutorialGuide.Choice(
                    text: "The knobs' values", isCorrect: false,
                    explanation: "No: the program keeps the knobs."),
            ]),
    ]

    /// What a picture shows, for its `alt` text.
    func alt(_ image: String) -> String {
        switch image {
        case "\(lower)-starter.png":
            "The starter: an orange rounded square on its way across a dark blue window."
        case "\(lower)-starter.gif": "A click springs the starter's square to the other side."
        case "\(lower)-knob.png", "\(lower)-knob.gif":
            "With the damping turned down, the square wobbles about its end."
        case "\(lower)-watch.png": "After the save under --watch: a disc in the middle of its swing."
        default: "The \(lower) scene, drawn by \(name)."
        }
    }

    /// The files, by their path under the catalog.
    func files() throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        var previous: [String: String] = [:]
        var number = 0
        var body: [String] = []
        for section in try sections() {
            var steps: [String] = []
            for step in section.steps {
                number += 1
                let resource =
                    "\(lower)-step-\(number)-\(step.fileName.replacingOccurrences(of: ".swift", with: "")).swift"
                files.append(("Resources/\(resource)", CodeWrap.wrap(step.text, width: StepsDocC.codeWidth)))
                let before = previous[step.path].map { ", previousFile: \"\($0)\"" } ?? ""
                previous[step.path] = resource
                steps += [
                    "@Step {",
                    "    \(step.caption.replacingOccurrences(of: "\n", with: " "))",
                    "",
                    "    @Code(name: \"\(step.fileName)\", file: \"\(resource)\"\(before)) {",
                    "        @Image(source: \"\(step.image)\", alt: \"\(alt(step.image))\")",
                    "    }",
                    "}",
                ]
            }
            body +=
                [
                    "@Section(title: \"\(StepsDocC.escaped(section.title))\") {",
                    "    @ContentAndMedia {",
                    "        \(section.intro.replacingOccurrences(of: "\n", with: " "))",
                    "",
                    "        @Image(source: \"\(section.image)\", alt: \"\(alt(section.image))\")",
                    "    }",
                    "",
                    "    @Steps {",
                ] + steps.map { "        \($0)" } + ["    }", "}", ""]
        }
        let text = """
            @Tutorial(time: 20) {
                @Intro(title: "Write your own scene") {
                    Make a package with a scene of your own, see it move in the window, and change it \
            while it runs: every save reloads the window with the new code at the same moment. The \
            package's program has every tool animdemo has around a scene: time travel, the timeline \
            inspector, knobs, the code panel, screenshots and recordings. Each step's file is whole, \
            as you have it then, with what the step changes highlighted.

                    @Image(source: "\(lower)-poster.png", alt: "The \(lower) scene's square in the middle of its swing.")
                }

            \(body.map { $0.isEmpty ? "" : "    \($0)" }.joined(separator: "\n"))
            \(StepsDocC.assessments(Self.questions))}

            """
        let trimmed = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.allSatisfy { $0 == " " } ? "" : String($0)
        }
        files.insert(("Tutorials/WriteYourOwnScene.tutorial", trimmed.joined(separator: "\n")), at: 0)
        return files
    }

    /// Writes the files into the catalog folder `catalog`.
    func write(into catalog: URL) throws {
        try StepsDocC.checkFolder(catalog.path)
        let files: [(path: String, text: String)]
        do {
            files = try self.files()
        } catch {
            throw ExitWithMessage(message: "--docc: \(error)", status: 1)
        }
        try StepsDocC.write(files, into: catalog)
    }
}
