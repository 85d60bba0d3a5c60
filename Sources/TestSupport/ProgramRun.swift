import Foundation

/// Runs the built `animdemo` and collects its output.
public struct ProgramRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// The package root (from this file's compiled-in path).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The executable: `$ANIMDEMO_BIN`, else `.build/debug/animdemo` under the package root.
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["ANIMDEMO_BIN"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.appendingPathComponent(".build/debug/animdemo")
    }

    /// Runs animdemo with `arguments` to completion (it must not open a window).
    public static func animdemo(_ arguments: [String], environment: [String: String] = [:]) throws
        -> ProgramRun
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ProgramRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
