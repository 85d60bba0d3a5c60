import ArgumentParser
import Foundation
import Scenes

/// `animdemo knobs --scene NAME [--json]`: the scene's knobs, the tutorial's constants.
struct KnobsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "knobs", abstract: "List a scene's knobs: name, value, range, step, unit, description.")

    /// Only what applies to a list of knobs: the scene and its `--set` values (not the size,
    /// scale, seed or assets that `SceneOptions` has for the modes that draw).
    @Option(
        parsing: .unconditional, help: "The scene: \(SceneCatalog.all.map(\.name).joined(separator: ", ")).")
    var scene = SceneCatalog.all[0].name

    @Option(
        name: .customLong("set"), parsing: .unconditionalSingleValue,
        help: "Show a knob turned: NAME=VALUE (repeatable).")
    var settings: [String] = []

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

    func validate() throws {
        _ = try changedKnobs()
    }

    /// The scene's knobs and the `--set` values, checked against them.
    func changedKnobs() throws -> (knobs: [Knob], changed: [String: KnobValue]) {
        guard let index = SceneCatalog.index(of: scene) else {
            let names = SceneCatalog.all.map(\.name).joined(separator: ", ")
            throw ValidationError("unknown scene \"\(scene)\"; the scenes are: \(names)")
        }
        let knobs = SceneCatalog.all[index].knobs
        var changed: [String: KnobValue] = [:]
        for setting in settings {
            do {
                let (name, value) = try KnobAssignment.parse(setting, knobs: knobs)
                changed[name] = value
            } catch {
                throw ValidationError(error.description)
            }
        }
        return (knobs, changed)
    }

    func run() throws {
        let (knobs, changed) = try changedKnobs()
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
