import Foundation
import Testing

/// `Scripts/lottie-check.py` (docs/LOTTIE.md § How it is checked): validates a Lottie file
/// against the format's schema, and draws its frames with rlottie to compare them with
/// animdemo's PNGs. Needs Python with lottie-specs, jsonschema, pillow and rlottie-python
/// (`.ci/run` installs them); without them a test fails naming what to install.
public enum LottieCheck {
    /// One frame compared: ink overlap (IoU) and mean colour difference (levels of 255).
    public struct Comparison: Decodable, Sendable {
        public var frame: Int
        public var iou: Double
        public var colour: Double
    }

    /// Runs the script with `arguments`; its standard output's lines, or an issue recorded
    /// naming its status and standard error (and no lines).
    public static func run(_ arguments: [String]) throws -> [String] {
        let script = ProgramRun.packageRoot.appendingPathComponent("Scripts/lottie-check.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Issue.record(
                "lottie-check.py \(arguments.first ?? ""): status \(process.terminationStatus): \(errors)")
            return []
        }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Whether `file` validates against the Lottie schema.
    public static func isValid(_ file: String) throws -> Bool {
        try run(["validate", file]).first?.contains("\"valid\": true") == true
    }

    /// rlottie's frames of `file` compared with PNGs: `frames` maps a frame number to a PNG's path.
    public static func compare(_ file: String, frames: [(frame: Int, png: String)]) throws -> [Comparison] {
        try run(["compare", file] + frames.map { "\($0.frame)=\($0.png)" }).map {
            try JSONDecoder().decode(Comparison.self, from: Data($0.utf8))
        }
    }
}
