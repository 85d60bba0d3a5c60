import Animation
import Scenes
import TestSupport
import Testing

@testable import Session

/// The shell's keys are one table (`SceneSession.shellKeys`, docs/ARCHITECTURE.md § Keys) that
/// both dispatches and makes the help and README § Keys, and each panel is one line of
/// `PanelKind.all` whose key opens it.
@Suite("Shell key table")
struct ShellKeyTableTests {
    /// Every key of every row, with the row's label.
    static let keys: [(key: Key, label: String)] = SceneSession.shellKeys.flatMap { shellKey in
        shellKey.row.keys.map { ($0, shellKey.row.label) }
    }

    @Test("each key of the table dispatches to its own row, and no key is in two rows")
    func eachKeyDispatches() throws {
        for (key, label) in Self.keys {
            #expect(SceneSession.shellKey(for: key)?.row.label == label, "\(key) does not reach \(label)")
        }
        let all = Self.keys.map { "\($0.key)" }
        #expect(Set(all).count == all.count, "a key in two rows")
        // A key the table lacks is not the shell's: it goes on to the scene.
        #expect(SceneSession.shellKey(for: .character("m")) == nil)
    }

    @Test("no shell or panel key takes a key a scene declares, on any of its screens")
    func shellKeysLeaveTheScenesKeys() throws {
        // The curve editor's first key, z, was the floating music screen's Straight button.
        let shell = Set(Self.keys.map { "\($0.key)" })
        for descriptor in SceneCatalog.all {
            let tester = try SceneTester(scene: descriptor.name)
            var declared: Set<String> = []
            // A scene with screens (floating's n) declares other keys on each: each screen once.
            for _ in 0..<6 {
                for help in tester.session.scene.keyHelp { declared.insert("\(help.key)") }
                try tester.key("n")
                try tester.tick()
            }
            #expect(
                declared.intersection(shell).isEmpty, "\(descriptor.name): \(declared.intersection(shell))")
        }
    }

    @Test("each key pressed in a session is taken by the shell, not passed to the scene")
    func eachKeyIsTaken() throws {
        for (key, label) in Self.keys {
            let tester = try SceneTester(scene: "checkmark")
            var requests: [SessionRequest] = []
            let taken = tester.session.handleShellKey(key, at: 0, requests: &requests)
            #expect(taken, "\(label): \(key) was not taken")
        }
    }

    @Test("the help lists the table's rows; the steps' row only where the program's scenes have steps")
    func helpRows() throws {
        let tutorials = try SceneTester(scene: "checkmark").session
        let labels = tutorials.helpLines.map(\.key)
        for shellKey in SceneSession.shellKeys { #expect(labels.contains(shellKey.row.label)) }
        #expect(tutorials.helpLines.contains { $0.action.hasPrefix("the scene's step before / after") })
        #expect(KeyTable.shellKeys.count == SceneSession.shellKeys.count)

        let own = [SceneDescriptor(name: "own", summary: "") { OwnScene(context: $0) }]
        let session = try SceneTester(scene: "own", in: own).session
        let ownLabels = session.helpLines.map(\.key)
        #expect(!ownLabels.contains("[, ]"), "a program without steps offers none")
        #expect(ownLabels.contains("space") && ownLabels.contains("k"))
        #expect(!session.helpLines.contains { $0.action.contains("tutorial") }, "\(session.helpLines)")
    }

    @Test("each panel's key opens it and closes it again; names are unique", arguments: PanelKind.all.indices)
    func panelKeys(index: Int) throws {
        let kind = PanelKind.all[index].kind
        let names = PanelKind.all.map { $0.kind.name }
        #expect(names.filter { $0 == kind.name }.count == 1)
        guard let row = kind.toggle else {
            #expect(!kind.isKept, "\(kind.name) opens by itself: a reload does not keep it")
            return
        }
        let tester = try SceneTester(scene: "checkmark")
        let session = tester.session
        let key = try #require(row.keys.first)
        try session.runFrame(at: 0, input: [.key(key)])
        #expect(session.describe().panels.map(\.name) == [kind.name])
        try session.runFrame(at: 1 / 60.0, input: [.key(key)])
        #expect(session.describe().panels.isEmpty)
    }

    @Test("`animdemo keys`' panel sections are what the help lists while each panel is open")
    func panelSectionsAreTheHelps() throws {
        let sections = KeyTable.panelKeys
        #expect(sections.map(\.panel).contains("knobs (k)"))
        for type in PanelKind.all {
            let kind = type.kind
            guard let key = kind.toggle?.keys.first else { continue }
            let session = try SceneTester(scene: "checkmark").session
            try session.runFrame(at: 0, input: [.key(key)])
            let own = session.helpLines.filter { $0.key.hasPrefix("\(kind.name): ") }
            let section = sections.first { $0.panel.hasPrefix("\(kind.name) (") }
            #expect(own.isEmpty == (section == nil), "\(kind.name)")
            guard let section else { continue }
            #expect(section.keys.map(\.key) == own.map { String($0.key.dropFirst(kind.name.count + 2)) })
            #expect(section.keys.map(\.action) == own.map(\.action))
        }
    }

    /// A scene of one's own, without tutorial steps.
    final class OwnScene: Scene {
        let title = "Own"
        let rootLayer: Layer

        init(context: SceneContext) {
            rootLayer = Layer(timeline: context.timeline)
        }

        func layout(in bounds: Rect) {}
    }
}
