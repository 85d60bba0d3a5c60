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
        // Step 3 drops step 2's only line; nothing is there before step 1 to remove.
        #expect(file.removedLines(atStep: 3) == [8])
        #expect(file.removedLines(atStep: 2).isEmpty)
        #expect(file.removedLines(atStep: 1).isEmpty)
        #expect(!file.isMarked(10))
        #expect(throws: StepCode.MarkerError.self) { try StepCode.parse("// step 1 {\nx\n", name: "U.swift") }
        #expect(throws: StepCode.MarkerError.self) {
            try StepCode.parse("// step 1 {\n// } step 2\n", name: "U.swift")
        }
        #expect(throws: StepCode.MarkerError.self) { try StepCode.parse("// step one {\n", name: "U.swift") }
    }

    @Test("each tutorial marks code for every one of its steps, and every step adds some")
    func everyStepAddsCode() throws {
        #expect(Self.tutorials.count == 7)
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
        #expect(try excerpt("floating", 1).contains("func buildBalloons()"))
        #expect(try !excerpt("floating", 1).contains("func buildFish()"))
        #expect(try !excerpt("floating", 2).contains("func updateGuideLines()"))
        #expect(try excerpt("floating", 3).contains("func updateGuideLines()"))
        #expect(try excerpt("floating", 5).contains("tractor?.presentation().frame.origin"))
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

    @Test("tictactoe's step 2 removes step 1's square-ended line: marked − in the panel, - in the diff")
    func removedLinesAreShown() throws {
        let tester = try SceneTester(scene: "tictactoe", events: "0.1 key e", step: 2)
        try tester.advance(to: 0.2)
        let code = try #require(tester.session.describe().code)
        let file = try StepCode.parse(try #require(SceneSources.text(ofFile: code.file)), name: code.file)
        let removed = try #require(code.removed)
        #expect(!removed.isEmpty)
        #expect(removed == file.removedLines(atStep: 2).sorted())
        #expect(removed.contains { file.lines[$0 - 1].contains("addThickLine(") })
        #expect(Set(removed).isDisjoint(with: try #require(code.later)), "removed, not a later step's")
        let texts = tester.session.rootLayer.allLayers.compactMap { ($0 as? TextLayer)?.string }
        // The header may wrap at the panel's width: its words, joined.
        #expect(texts.joined(separator: " ").contains("step 2 of 4 · + this step, − removed ·"))
        #expect(texts.contains("−\(removed[0])"), "the first removed line is shown, numbered −")

        let diff = try #require(try StepCode.forFolder(named: "tictactoe")).excerpt(atStep: 2, marked: true)
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0.hasPrefix("-") && $0.contains("func addThickLine") })
        #expect(lines.contains { $0.hasPrefix("+") })
        let code2 = diff.split(separator: "\n").filter { !$0.hasPrefix("// ") }
        #expect(code2.allSatisfy { ["+", "-", " "].contains($0.first) }, "every code line carries a mark")
        // Unmarked, the excerpt is the code present at the step, without the removed lines.
        let plain = try #require(try StepCode.forFolder(named: "tictactoe")).excerpt(atStep: 2)
        #expect(!plain.contains("func addThickLine"))
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

/// The tutorials' code as whole files (`StepCode.readerText`) broken to the code pane's width
/// (`CodeWrap`), as `steps --docc` writes them.
@Suite("Step code as the reader's files")
struct ReaderCodeTests {
    /// `text` without its spaces, line ends and the `" + "` that cutting a string adds: what a
    /// re-broken line must keep.
    static func tokens(_ text: String) -> String {
        text.replacingOccurrences(of: "\"\\s*\\+\\s*\"", with: "", options: .regularExpression)
            .filter { !$0.isWhitespace }
    }

    @Test("a long line is broken to at most 80 columns where Swift allows, keeping every token")
    func wrapsCode() {
        let lines = [
            "        bezier.addCurve(to: Point(103.8, 207.6), controlPoint1: Point(161.1, 207.6), controlPoint2: Point(46.5, 207.6))",
            "                    if self.stage >= .choreography { self.toCheck() } else { self.toCheckAllAtOnce() }",
            "        for animation in [b1ToX, b1ToCheck, b2ToX, b2ToCheck, b3ToX, b3ToCheck, b4ToX, b4ToCheck] {",
            "        guard stage >= .paths else { return }  // the first step: the empty arcs only, nothing else yet",
            "            \"swimming: animateWithDuration of one leg (ease in-out), to 200 pt past the right edge\")",
            "        mixedIndicator.closedIndicatorBackgroundStrokeColor = Self.indicatorColorOfTheMixedType",
        ]
        for line in lines {
            let wrapped = CodeWrap.wrap(line)
            let broken = wrapped.split(separator: "\n")
            #expect(broken.count > 1, "\(line)")
            #expect(broken.allSatisfy { $0.count <= 80 }, "\(wrapped)")
            // Comments move but stay; code keeps its tokens in order.
            let code = broken.filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
            #expect(Self.tokens(code) == Self.tokens(line.components(separatedBy: "  //")[0]), "\(wrapped)")
        }
        #expect(CodeWrap.wrap("    let short = 1\n") == "    let short = 1\n")
    }

    @Test("a long comment is word-wrapped with its own marker; a drawing in a comment is left as it is")
    func wrapsComments() {
        let comment = "    /// " + Array(repeating: "word", count: 30).joined(separator: " ")
        let wrapped = CodeWrap.wrap(comment).split(separator: "\n")
        #expect(wrapped.count == 3, "14 words a line")
        #expect(wrapped.allSatisfy { $0.hasPrefix("    /// ") && $0.count <= 80 })
        let drawing =
            "///  t = 1 s      ●━━━━━━━━━━●            line stroked to half way, moving circle there"
        #expect(CodeWrap.wrap(drawing) == drawing)
    }

    @Test("a step's file is whole: no markers, no other step's code, the scene file's declarations kept")
    func readerText() throws {
        let code = try #require(try StepCode.forFolder(named: "tictactoe"))
        let finishLine = try #require(code.files.first { $0.name == "FinishLine.swift" })
        let first = try #require(code.readerText(of: finishLine, atStep: 1))
        let last = try #require(code.readerText(of: finishLine, atStep: 4))
        for text in [first, last] {
            #expect(!text.contains("// step "))
            #expect(!text.contains("// } step "))
            #expect(text.contains("final class FinishLine"), "the file's own declarations")
            #expect(!text.contains("\n\n\n"))
        }
        #expect(!first.contains("func addDrawingLine"))
        #expect(last.contains("func addDrawingLine"))
        // A later step keeps every line of the one before it that no `only` region holds.
        let earlier = try #require(code.readerText(of: finishLine, atStep: 3)).split(separator: "\n")
        var remaining = last.split(separator: "\n")[...]
        for line in earlier {
            guard let index = remaining.firstIndex(of: line) else {
                Issue.record("step 4 lost \(line)")
                break
            }
            remaining = remaining[(index + 1)...]
        }
    }

    @Test("a …Steps.swift file keeps only the tutorial code and the declarations around it")
    func stepsFile() throws {
        let code = try #require(try StepCode.forFolder(named: "checkmark"))
        let steps = try #require(code.files.first { $0.name == "CheckmarkSteps.swift" })
        let third = try #require(code.readerText(of: steps, atStep: 3))
        #expect(third.hasPrefix("extension CheckmarkScene {\n"))
        #expect(third.contains("func toXAllAtOnce()"))
        #expect(!third.contains("enum Stage"), "the stages are the steps' scaffolding")
        #expect(code.readerText(of: steps, atStep: 4) == nil, "step 3 only")
    }
}
