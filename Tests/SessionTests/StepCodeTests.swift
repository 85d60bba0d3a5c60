import Animation
import SceneSources
import Scenes
import Session
import TestSupport
import Testing

/// The tutorials' code by step (docs/ARCHITECTURE.md § Tutorial steps): markers in the scenes'
/// own sources say which lines each step adds; the code panel marks them, and the DocC tutorial
/// shows them.
@Suite("Step code")
struct StepCodeTests {
    /// The five tutorials, which have steps.
    static let tutorials = SceneCatalog.all.filter { !$0.steps.isEmpty }

    @Test("every scene source's step markers pair up")
    func markersPairUp() throws {
        for folder in Set(SceneSources.files.map(\.folder)) {
            #expect(throws: Never.self, "\(folder)") { try StepCode.forFolder(named: folder) }
        }
    }

    @Test(
        "the parser nests regions, keeps `only` regions to their step, and rejects markers that do not pair")
    func parser() throws {
        let text = """
            // step 1 {
            a
            // step 3 {
            b
            // } step 3
            // } step 1
            // step 2 only {
            c
            // } step 2
            d
            """
        let file = try StepCode.parse(text, name: "T.swift")
        #expect(file.regions.count == 3)
        #expect((1...10).filter { file.isPresent($0, atStep: 1) } == [2])
        #expect((1...10).filter { file.isPresent($0, atStep: 2) } == [2, 8])
        #expect((1...10).filter { file.isPresent($0, atStep: 3) } == [2, 4])
        #expect(file.addedLines(atStep: 3) == [4])
        #expect(file.addedLines(atStep: 2) == [8])
        // Step 3's line and step 2's only line, not the markers.
        #expect(file.absentLines(atStep: 1) == [4, 8])
        #expect(file.absentLines(atStep: 3) == [8])
        #expect(!file.isMarked(10))
        #expect(throws: StepCode.MarkerError.self) { try StepCode.parse("// step 1 {\nx\n", name: "U.swift") }
        #expect(throws: StepCode.MarkerError.self) {
            try StepCode.parse("// step 1 {\n// } step 2\n", name: "U.swift")
        }
        #expect(throws: StepCode.MarkerError.self) { try StepCode.parse("// step one {\n", name: "U.swift") }
    }

    @Test("each tutorial marks code for every one of its steps, and every step adds some")
    func everyStepAddsCode() throws {
        #expect(Self.tutorials.count == 5)
        for descriptor in Self.tutorials {
            let code = try #require(try StepCode.forFolder(named: descriptor.name), "\(descriptor.name)")
            #expect(code.lastStep == descriptor.steps.count, "\(descriptor.name)")
            for step in 1...descriptor.steps.count {
                let added = code.files.reduce(0) { $0 + $1.addedLines(atStep: step).count }
                #expect(added > 0, "\(descriptor.name) step \(step) adds no lines")
                #expect(code.excerpt(atStep: step) != code.excerpt(atStep: step - 1))
            }
        }
    }

    @Test("a step's code holds that step's lesson: the thick line, the path, the spring, the colour")
    func stepsHoldTheirLessons() throws {
        func excerpt(_ scene: String, _ step: Int) throws -> String {
            try #require(try StepCode.forFolder(named: scene)).excerpt(atStep: step)
        }
        #expect(try excerpt("tictactoe", 1).contains("func addThickLine"))
        #expect(try !excerpt("tictactoe", 1).contains("func addStartCircle"))
        #expect(try !excerpt("tictactoe", 4).contains("func addThickLine"), "step 1 only")
        #expect(try excerpt("tictactoe", 4).contains("func addDrawingLine"))
        #expect(try !excerpt("fish", 2).contains("var zigzagPath"))
        #expect(try excerpt("fish", 3).contains("var zigzagPath"))
        #expect(try excerpt("fish", 4).contains("KeyframeAnimation(keyPath: .position)"))
        #expect(try excerpt("fish", 7).contains("func goFishGo()"))
        #expect(try !excerpt("elastic", 3).contains("animateControlPoints("))
        #expect(try excerpt("elastic", 4).contains("animateControlPoints("))
        #expect(try !excerpt("checkmark", 4).contains("animate(C4Pink)"))
        #expect(try excerpt("checkmark", 5).contains("animate(C4Pink)"))
        #expect(try excerpt("download", 3).contains("KeyframeAnimation(keyPath: .path)"))
        #expect(try !excerpt("download", 2).contains("KeyframeAnimation(keyPath: .path)"))
    }

    @Test(
        "the code panel at a step shows the step's file with its new lines marked + and later steps' dimmed")
    func codePanelAtStep() throws {
        let tester = try SceneTester(scene: "tictactoe", events: "0.1 key e", step: 3)
        try tester.advance(to: 0.2)
        let code = try #require(tester.session.describe().code)
        #expect(code.file == "FinishLine.swift")
        let file = try StepCode.parse(try #require(SceneSources.text(ofFile: code.file)), name: code.file)
        #expect(code.added == file.addedLines(atStep: 3).sorted())
        let lines = try #require(SceneSources.lines(ofFile: code.file))
        let added = try #require(code.added)
        #expect(added.contains { lines[$0 - 1].contains("func addMovingCircle") })
        #expect(added.allSatisfy { !lines[$0 - 1].contains("func addStartCircle") }, "step 2's, not new")
        #expect(try #require(code.later).contains { lines[$0 - 1].contains("func addDrawingLine") })
        let texts = tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
        #expect(texts.contains { $0.hasPrefix("code · step 3 of 4 · + this step · FinishLine.swift") })
        #expect(texts.contains("+\(added[0])"), "the first new line is shown, numbered +")

        // The scene as it is (no step) shows no step marks.
        let plain = try SceneTester(scene: "tictactoe", events: "0.1 key e")
        try plain.advance(to: 0.2)
        #expect(try #require(plain.session.describe().code).added == nil)
    }

    @Test("the help names the scene's tutorial")
    func helpNamesTheTutorial() throws {
        for descriptor in SceneCatalog.all {
            let tester = try SceneTester(scene: descriptor.name)
            let tutorial = try #require(descriptor.tutorial, "\(descriptor.name)")
            let line = try #require(tester.session.helpLines.first)
            #expect(line.key == "tutorial")
            #expect(line.action.contains(tutorial.title))
        }
    }
}
