/// The files `animdemo new NAME` writes: a package whose program is the shell for one starter
/// scene, with a test and a README. Paths relative to the package's folder.
struct Scaffold {
    var name: String
    /// The animdemo package the new one depends on, by path.
    var animdemoPath: String

    /// The scene's `--scene` name.
    var sceneName: String { name.lowercased() }

    var files: [(path: String, text: String)] {
        [
            ("Package.swift", packageManifest),
            ("Sources/\(name)/main.swift", main),
            ("Sources/\(name)Scene/\(name)Scene.swift", scene),
            ("Tests/\(name)Tests/\(name)Tests.swift", test),
            ("README.md", readme),
            (".gitignore", "/.build\n"),
        ]
    }

    /// `import` lines, one a line (not literal lines in the templates: Tests/ArchitectureTests
    /// reads every line that starts with `import` as an import of this target).
    static func imports(_ modules: String...) -> String {
        modules.map { "import " + $0 }.joined(separator: "\n")
    }

    var packageManifest: String {
        """
        // swift-tools-version:6.0
        \(Self.imports("PackageDescription"))

        let package = Package(
            name: "\(name)",
            platforms: [.macOS(.v13)],
            dependencies: [
                // The animdemo package `animdemo new` was run from: the engine, the scenes' protocol,
                // the whole program (AnimdemoShell) and the scene tester.
                .package(name: "animdemo", path: "\(animdemoPath)")
            ],
            targets: [
                .target(
                    name: "\(name)Scene",
                    dependencies: [
                        .product(name: "Animation", package: "animdemo"),
                        .product(name: "Scenes", package: "animdemo"),
                    ],
                    // The scene's own code built in as \(name)SceneSources.files, for the code panel (e).
                    plugins: [.plugin(name: "EmbedSceneSources", package: "animdemo")]),
                .executableTarget(
                    name: "\(name)",
                    dependencies: ["\(name)Scene", .product(name: "AnimdemoShell", package: "animdemo")]),
                .testTarget(
                    name: "\(name)Tests",
                    dependencies: [
                        "\(name)Scene",
                        .product(name: "Animation", package: "animdemo"),
                        .product(name: "TestSupport", package: "animdemo"),
                    ]),
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    var main: String {
        """
        \(Self.imports("AnimdemoShell", "\(name)Scene"))

        // The whole animdemo program for this package's scenes: the window, render, record, knobs,
        // bench, time travel, the panels, screenshots and recordings (`\(name) --help`).
        // includingTutorials: true puts animdemo's own scenes after them. The sources are the
        // scene target's own files, for the code panel (e).
        AnimdemoShell.main(
            scenes: [\(name)Scene.descriptor], sources: \(name)SceneSources.files, includingTutorials: false)

        """
    }

    var scene: String {
        """
        \(Self.imports("Animation", "Scenes"))

        /// A rounded square that springs to the other side of the window on every click.
        /// Change a colour, the spring, add a layer; `swift run \(name)` shows it.
        public final class \(name)Scene: Scene {
            /// How the program lists and builds the scene: `--scene \(sceneName)`, `\(name) --list`.
            public static let descriptor = SceneDescriptor(
                name: "\(sceneName)", summary: "click: the square springs to the other side",
                hint: "click anywhere", gestures: [("click", "the square springs across")],
                knobs: [Knobs.stiffness.knob]
            ) { \(name)Scene(context: $0) }

            /// A knob: a constant people may turn (the knob panel, `\(name) knobs`, `--set stiffness=400`).
            static let stiffnessDefault = 200.0
            enum Knobs {
                static let stiffness = KnobKey<Double>(
                    "stiffness", KnobDeclaration("static let stiffnessDefault"),
                    tutorial: \(name)Scene.stiffnessDefault, in: 20...1000, step: 10, unit: "",
                    "the spring's stiffness: higher is quicker")
            }

            public let title = "\(name)"
            public let rootLayer: Layer
            private let square: Layer
            private let knobs: KnobSettings
            private var bounds = Rect.zero
            private var onRight = false

            init(context: SceneContext) {
                knobs = context.knobs
                rootLayer = Layer(timeline: context.timeline)
                rootLayer.backgroundColor = Color(red255: 30, green255: 34, blue255: 56)
                square = Layer(timeline: context.timeline)
                square.name = "square"
                square.bounds = Rect(x: 0, y: 0, width: 120, height: 120)
                square.cornerRadius = 24
                square.backgroundColor = Color(red255: 255, green255: 149, blue255: 0)
                rootLayer.addSublayer(square)
                // Input: gesture recognizers on layers, as in UIKit.
                rootLayer.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.toggle() })
            }

            /// Called on every resize, with implicit animations off.
            public func layout(in bounds: Rect) {
                self.bounds = bounds
                square.position = restingPoint
            }

            /// Where the square rests: a quarter of the way in from the left or the right.
            private var restingPoint: Point {
                Point(x: bounds.width * (onRight ? 0.75 : 0.25), y: bounds.height / 2)
            }

            private func toggle() {
                let spring = SpringAnimation(keyPath: .position)  // CASpringAnimation
                spring.stiffness = knobs[Knobs.stiffness]
                spring.fromValue = square.presentation().position  // from where it is on screen
                onRight.toggle()
                spring.toValue = restingPoint
                spring.duration = spring.settlingDuration
                square.position = restingPoint  // the model: where it ends
                square.add(spring, forKey: "position")  // replaces the implicit animation
            }
        }

        \(checkpointsComment)
        """
    }

    /// The scene's commented, opt-in checkpoints: what a scene without them gets, and what
    /// uncommenting them asks. The tutorial's last section replaces these lines.
    var checkpointsComment: String {
        """
        // Time travel (Left, Right, the time bar) runs the scene again from its start to reach
        // an earlier frame: always right, slower the longer it has run. Uncomment this to let
        // it restore a checkpoint instead, taken every 2 s: it must save every stored property
        // that can change (the layers, animations, timers and recognizers are the engine's to
        // save), and the test `seeksLandExactly` tells when one is forgotten.
        //
        // extension \(name)Scene: CheckpointingScene {
        //     public func savedState() -> () -> Void {
        //         let saved = (bounds, onRight)
        //         return { [self] in (bounds, onRight) = saved }
        //     }
        // }

        """
    }

    var test: String {
        """
        \(Self.imports("Animation", "TestSupport", "Testing", "\(name)Scene"))

        /// The scene on the virtual clock, driven as a person would: a click, then pixels.
        @Test("a click springs the square to the right half")
        func clickMovesTheSquare() throws {
            let tester = try SceneTester(scene: "\(sceneName)", in: [\(name)Scene.descriptor])
            try tester.advance(seconds: 0.5)
            let orange = Color(red255: 255, green255: 149, blue255: 0)
            // 8-bit pixels: a channel is within 1/255 of the colour; 0.02 leaves room for rounding.
            func isOrange(_ color: Color?) -> Bool {
                guard let color else { return false }
                return abs(color.red - orange.red) < 0.02 && abs(color.green - orange.green) < 0.02
                    && abs(color.blue - orange.blue) < 0.02
            }
            #expect(isOrange(try tester.render().color(at: Point(x: 200, y: 300))))
            #expect(!isOrange(try tester.render().color(at: Point(x: 600, y: 300))))

            tester.tap(Point(x: 400, y: 300))
            try tester.advance(seconds: 3)  // the spring settles in well under 3 s
            #expect(isOrange(try tester.render().color(at: Point(x: 600, y: 300))))
            #expect(!isOrange(try tester.render().color(at: Point(x: 200, y: 300))))
        }

        /// Time travel lands on the frames of a run that was never interrupted, byte for byte,
        /// whether the scene restores checkpoints (`CheckpointingScene`) or runs from its start.
        @Test("seeks back land on the frames of an uninterrupted run")
        func seeksLandExactly() throws {
            try expectCheckpointsReplayExactly(
                scene: "\(sceneName)", in: [\(name)Scene.descriptor], events: "0.5 tap 200 150; 2.1 tap 200 150")
        }

        """
    }

    var readme: String {
        """
        # \(name)

        A scene of your own on animdemo's engine, with the whole animdemo program around it
        (written by `animdemo new \(name)`). The scene is `Sources/\(name)Scene/\(name)Scene.swift`.

            swift run \(name)          # the window: click it; h for help, the panels, time travel
            swift run \(name) --watch  # the same, reloaded at the same moment on every save
            swift test                 # drives the scene and checks its pixels

        `swift run \(name) render --scene \(sceneName) --at 1 --out frames` draws a frame;
        `swift run \(name) --help` lists every command.

        """
    }
}
