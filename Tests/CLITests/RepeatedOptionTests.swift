import Foundation
import TestSupport
import Testing

/// Every option that takes a value, in every command's help, is refused when given twice
/// (README § Command line): a new option cannot slip past the check unnoticed.
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
}
