import Foundation
import TestSupport

/// Runs the built animdemo under limits of its own: address space (`ulimit -v`), a file
/// system of a chosen size, or with a folder prepared for it.
enum LimitedRun {
    /// How a run ended and what it printed.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// animdemo with `arguments`, its address space capped at `megabytes` MiB: a run that
    /// needs more dies (status 134 or 139) instead of taking the machine's memory.
    static func animdemo(_ arguments: [String], addressSpaceMegabytes megabytes: Int) throws -> Outcome {
        try shell(
            "ulimit -v \(megabytes * 1024); exec \"$0\" \"$@\"",
            [ProgramRun.executable.path] + arguments)
    }

    /// `script` run by /bin/sh with `arguments` as `$0`, `$1`, …
    static func shell(_ script: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh folder path under the temporary folder (not created), removed by `body`'s end.
    static func withScratch<T>(_ name: String, _ body: (URL) throws -> T) rethrows -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "animdemo-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }
}
