import Foundation

/// A private X server for one test: Xvfb on a display number it picks itself, stopped (by its
/// pid) in `stop()` or when the value goes away.
///
/// `-displayfd 1` makes Xvfb choose a free display (it skips numbers with a lock file or a
/// socket in /tmp/.X11-unix) and write the number on stdout once it accepts connections, so
/// there is no guessing and no race with other servers on the machine.
public final class Xvfb {
    /// `:N`, for `DISPLAY`.
    public let display: String
    /// `127.0.0.1:N` when it listens on TCP: the same server, reached as a remote one.
    public let tcpDisplay: String?
    /// The server process.
    public let process: ChildProcess

    /// Starts a server with one screen of `width` × `height` at depth 24.
    /// - `listensOnTCP`: also listen on 127.0.0.1 (port 6000 + N), so that a client can reach
    ///   it as a remote display would (`127.0.0.1:N`), where MIT-SHM cannot be used.
    public init(width: Int = 1024, height: Int = 768, listensOnTCP: Bool = false, timeout: Double = 10) throws
    {
        let executable = try MissingTool.require("Xvfb", package: "xvfb")
        let server = try ChildProcess(
            executable,
            ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-noreset"]
                + (listensOnTCP ? ["-listen", "tcp"] : ["-nolisten", "tcp"]))
        let number = pollUntil(timeout: timeout, interval: 0.01) { () -> Int? in
            let text = server.output
            guard text.hasSuffix("\n") else { return server.isRunning ? nil : -1 }
            return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        }
        guard let number, number >= 0 else {
            server.stop()
            throw XvfbError(message: "Xvfb did not start within \(timeout) s: \(server.errorOutput)")
        }
        process = server
        display = ":\(number)"
        tcpDisplay = listensOnTCP ? "127.0.0.1:\(number)" : nil
    }

    deinit { stop() }

    /// Ends the server (SIGTERM, then SIGKILL if it lingers).
    public func stop() {
        process.send(SIGTERM)
        if process.waitForExit(timeout: 3) == nil { process.stop() }
    }

    /// Environment for a client of this server.
    public var environment: [String: String] { ["DISPLAY": display] }

    /// Runs xdotool against this server and returns its output; throws with its stderr if it
    /// fails (or `MissingTool` if xdotool is not installed).
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(
            try MissingTool.require("xdotool", package: "xdotool"), arguments, environment: environment)
        guard result.status == 0 else {
            throw XvfbError(
                message: "xdotool \(arguments.joined(separator: " ")) failed: \(result.errorOutput)")
        }
        return result.output
    }
}

/// Xvfb would not start.
public struct XvfbError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
