import ArgumentParser
import Foundation

// Exit statuses: 0 success or help, 2 bad input or no display, 1 the X server went away,
// 128 + N after signal N (SIGINT 130, SIGTERM 143, SIGHUP 129; Render/Interruption.swift).
do {
    if let problem = RepeatedOptions.problem(in: CommandLine.arguments.dropFirst()) {
        throw ExitWithMessage(message: problem, status: 2)
    }
    var command = try AnimDemo.parseAsRoot()
    try command.run()
} catch let interrupted as Interrupted {
    exit(128 + interrupted.signal)  // the shell's status for a signal; the run said what it saved
} catch let error as ExitWithMessage {
    FileHandle.standardError.write(Data("animdemo: error: \(error.message)\n".utf8))
    exit(error.status)
} catch {
    if AnimDemo.exitCode(for: error).isSuccess {
        let message = AnimDemo.fullMessage(for: error)
        // The man page's source (swift-argument-parser's generate-manual reads this dump and
        // drops every character beyond ASCII: 0…100 would read 0100).
        let dump = CommandLine.arguments.contains("--experimental-dump-help")
        print(dump ? ManualText.ascii(message) : message)
        exit(0)
    }
    // One line: ArgumentParser's messages may add hints on lines of their own.
    let message =
        AnimDemo.message(for: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
    FileHandle.standardError.write(Data("animdemo: error: \(message)\n".utf8))
    exit(2)
}
