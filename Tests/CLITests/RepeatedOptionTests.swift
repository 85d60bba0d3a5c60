import Foundation
import TestSupport
import Testing

/// Every option that takes a value and every flag, in every command's help, is refused when
/// given twice (README § Command line): a new option cannot slip past the check unnoticed.
@Suite("Repeated options")
struct RepeatedOptionTests {
    /// Options that may repeat.
    static let repeatable: Set<String> = ["--at", "--set"]

    /// The options with a value (`--name <value>`) that `animdemo [command] --help` lists.
    static func valuedOptions(of command: [String]) throws -> [String] {
        let help = try ProgramRun.animdemo(command + ["--help"])
        return help.stdout.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 2, words[0].hasPrefix("--"), words[1].hasPrefix("<") else { return nil }
            return String(words[0])
        }
    }

    @Test(
        "an option with a value given twice is one line and status 2",
        arguments: [
            [], ["render"], ["record"], ["bench"], ["knobs"],
        ])
    func givenTwice(command: [String]) throws {
        let options = try Self.valuedOptions(of: command)
        #expect(options.contains("--scene"), "no options read from the help of \(command)")
        for option in options where !Self.repeatable.contains(option) {
            let result = try ProgramRun.animdemo(
                command + [option, "1", "\(option)=2"], environment: ["DISPLAY": ""])
            #expect(result.status == 2, "\(command) \(option) twice: status \(result.status)")
            #expect(
                result.stderr == "animdemo: error: \(option) is given more than once; give it once\n",
                "\(command) \(option) twice: \(result.stderr)")
        }
    }

    /// The flags (`--name` with no value, `--help` aside) that `animdemo [command] --help` lists.
    static func flags(of command: [String]) throws -> [String] {
        let help = try ProgramRun.animdemo(command + ["--help"])
        let valued = Set(try valuedOptions(of: command))
        return help.stdout.split(separator: "\n").flatMap { line -> [String] in
            let words = line.split(separator: " ")
            guard words.count >= 2, words[0].hasPrefix("--"), !words[1].hasPrefix("<") else { return [] }
            // `--baseline, --floor`: each spelling; a wrapped description may start with `--size`.
            return words.prefix { $0.hasPrefix("--") }.map { String($0.trimmingSuffix(",")) }
                .filter { $0 != "--help" && !valued.contains($0) }
        }
    }

    @Test(
        "a flag given twice is one line and status 2 (knobs --json --json)",
        arguments: [[], ["render"], ["record"], ["bench"], ["knobs"]])
    func flagGivenTwice(command: [String]) throws {
        let flags = try Self.flags(of: command)
        if command == ["knobs"] { #expect(flags.contains("--json"), "no flags read from the help of knobs") }
        for flag in flags {
            let result = try ProgramRun.animdemo(command + [flag, flag], environment: ["DISPLAY": ""])
            #expect(result.status == 2, "\(command) \(flag) twice: status \(result.status)")
            #expect(
                result.stderr == "animdemo: error: \(flag) is given more than once; give it once\n",
                "\(command) \(flag) twice: \(result.stderr)")
        }
    }
}

extension Substring {
    /// Without one trailing `suffix`.
    fileprivate func trimmingSuffix(_ suffix: String) -> Substring {
        hasSuffix(suffix) ? dropLast(suffix.count) : self
    }
}
