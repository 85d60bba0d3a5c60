import ArgumentParser
import Foundation
import Scenes

/// `animdemo knobs --scene NAME [--json]`: the scene's knobs, the tutorial's constants.
struct KnobsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "knobs", abstract: "List a scene's knobs: name, value, range, step, unit, description.",
        usage: "\(ShellScenes.programName) knobs [--scene <scene>] [--set <NAME=VALUE> ...] [--json]",
        discussion: """
            Of the scene options, these two apply here:
              --scene <scene>         The scene: \(ShellScenes.all.map(\.name).joined(separator: ", ")) \
            (default: \(ShellScenes.all[0].name)).
              --set <NAME=VALUE>      Show a knob turned (repeatable).
            """)

    /// The root command's options, of which only `--scene` and `--set` apply to a list of
    /// knobs: hidden from `knobs --help`, whose usage and discussion name those two. (The same
    /// `SceneOptions` type as the root's, so that ArgumentParser hands its values on.)
    @OptionGroup(visibility: .hidden) var options: SceneOptions

    @Flag(help: "Print a JSON array of objects.")
    var json = false

    /// One knob as `knobs --json` prints it.
    struct Entry: Encodable {
        var name: String
        var value: Scalar
        var min: Scalar
        var max: Scalar
        var step: Scalar
        var unit: String
        var description: String
        /// For a choice knob, its values; for a curve knob, the named curves.
        var choices: [String]?
    }

    /// A number for a number knob, text for the others.
    enum Scalar: Encodable, CustomStringConvertible {
        case number(Double)
        case text(String)

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .text(let text): try container.encode(text)
            }
        }

        var description: String {
            switch self {
            case .number(let number): KnobAssignment.formatNumber(number)
            case .text(let text): text
            }
        }
    }

    func run() throws {
        let knobs = ShellScenes.all[try options.sceneIndex()].knobs
        let changed = try options.knobs()
        let entries = knobs.map { knob in
            var entry = Self.entry(knob)
            if let value = changed[knob.name] { entry.value = Self.scalar(value, for: knob) }
            return entry
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(entries), as: UTF8.self))
            return
        }
        for entry in entries {
            let unit = entry.unit.isEmpty ? "" : " \(entry.unit)"
            let range =
                entry.choices.map { $0.joined(separator: " | ") }
                ?? "\(entry.min)…\(entry.max) by \(entry.step)"
            print("\(entry.name) = \(entry.value)\(unit)  (\(range))  \(entry.description)")
        }
    }

    static func scalar(_ value: KnobValue, for knob: Knob) -> Scalar {
        if case .number(let number) = value { return .number(number) }
        return .text(KnobAssignment.text(of: value, for: knob))
    }

    static func entry(_ knob: Knob) -> Entry {
        let value = scalar(knob.defaultValue, for: knob)
        switch knob.kind {
        case .number(let range, let step):
            return Entry(
                name: knob.name, value: value, min: .number(range.lowerBound), max: .number(range.upperBound),
                step: .number(step), unit: knob.unit, description: knob.description)
        case .choice(let names):
            return Entry(
                name: knob.name, value: value, min: .text(names.first ?? ""), max: .text(names.last ?? ""),
                step: .number(1), unit: knob.unit, description: knob.description, choices: names)
        case .curve:
            return Entry(
                name: knob.name, value: value, min: .text("0,-10,0,-10"), max: .text("1,10,1,10"),
                step: .text("named curves"), unit: knob.unit, description: knob.description,
                choices: Knob.namedCurves.map(\.name))
        }
    }
}
