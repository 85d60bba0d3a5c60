import Animation
import Scenes
import TestSupport
import Testing

/// Checkpoints that cannot forget: every object of the scenes' own classes that a scene
/// reaches saves one value (`CheckpointedObject`), and every stored property of its class is in
/// that value or named as not saved, so a property added later fails here until it is either.
/// Each scene runs at every step with its input (`CheckpointTests.input`), so that the objects
/// it makes on the way (a finish line, the floating demo's switches) are reached too.
@Suite("Checkpoint coverage")
struct CheckpointCoverageTests {
    /// Objects of the scenes' module that are not the scene's to save.
    static let savedByTheSession: Set<String> = ["KnobSettings"]

    /// What is wrong with `object`, one line each.
    static func problems(of object: AnyObject) -> [String] {
        let type: AnyClass = Swift.type(of: object)
        let name = String(describing: type)
        if object is Layer {
            // The engine saves a layer; a subclass of the scene's would need to save what it
            // adds itself.
            let own = CheckpointCoverage.storedProperties(of: object, as: type)
            return own.isEmpty ? [] : ["\(name) is a layer that stores \(own.sorted()): nothing saves them"]
        }
        if let checkpointed = object as? any CheckpointedObject {
            return CheckpointCoverage.problems(of: checkpointed)
        }
        if savedByTheSession.contains(name) { return [] }
        return ["\(name) is not a CheckpointedObject: nothing says what of it a checkpoint saves"]
    }

    @Test("every object a scene reaches saves all its stored properties", arguments: CheckpointTests.steps)
    func everyObjectSavesEverything(scene: String, step: Int?) throws {
        let (events, seconds) = try CheckpointTests.input(for: scene)
        let tester = try SceneTester(
            scene: scene, size: CheckpointTests.size, fps: CheckpointTests.fps, events: events, step: step)
        var problems: Set<String> = []
        var types: Set<String> = []
        for _ in 0..<Int(seconds * 4) {
            try tester.advance(seconds: 0.25)
            for object in CheckpointCoverage.objects(reachableFrom: tester.scene, inModule: "Scenes") {
                types.insert(String(describing: Swift.type(of: object)))
                problems.formUnion(Self.problems(of: object))
            }
        }
        #expect(types.contains(String(describing: Swift.type(of: tester.scene))))
        #expect(problems.isEmpty, "\(scene) step \(step.map(String.init) ?? "–"): \(problems.sorted())")
    }

    @Test("the check fails for a stored property in neither list, and for a stale name")
    func checkCanFail() {
        final class Example {
            var saved = 1
            var forgotten = 2
            let constant = 3
        }
        struct Saved { let saved: Int }
        let problems = CheckpointCoverage.problems(
            of: Example(), checkpoint: Saved(saved: 1), notCheckpointed: ["constant", "gone"])
        #expect(problems.count == 2)
        #expect(problems.contains { $0.contains("forgotten") })
        #expect(problems.contains { $0.contains("gone") })
    }
}
