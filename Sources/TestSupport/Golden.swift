import Animation
import Foundation
import Render
import Testing

/// The outcome of comparing a frame with a golden image (docs/ARCHITECTURE.md § Tests).
public struct ImageComparison: CustomStringConvertible {
    public var differingPixels: Int
    public var totalPixels: Int
    public var largestChannelDelta: Int
    /// The box around the differing pixels (x0, y0, x1, y1), nil if none.
    public var differenceBox: (Int, Int, Int, Int)?
    public var differingFraction: Double { Double(differingPixels) / Double(max(totalPixels, 1)) }

    public var description: String {
        let box = differenceBox.map { "(\($0.0), \($0.1))…(\($0.2), \($0.3))" } ?? "none"
        return "\(differingPixels) of \(totalPixels) pixels differ (fraction \(differingFraction)), "
            + "largest channel delta \(largestChannelDelta)/255, box \(box)"
    }
}

/// Compares images and keeps golden files (`Goldens/<scene>-<MMMMMM>.png`).
public enum GoldenImage {
    /// Per-pixel comparison: a pixel differs when a channel (premultiplied ARGB bytes) differs
    /// by more than `maxChannelDelta`.
    public static func compare(_ actual: RenderedFrame, _ expected: RenderedFrame, maxChannelDelta: Int = 2)
        -> ImageComparison?
    {
        guard actual.width == expected.width, actual.height == expected.height else { return nil }
        let a = actual.pixels
        let b = expected.pixels
        var differing = 0
        var largest = 0
        var box: (Int, Int, Int, Int)?
        for index in 0..<a.count where a[index] != b[index] {
            var delta = 0
            for shift in stride(from: 0, through: 24, by: 8) {
                let ca = Int((a[index] >> UInt32(shift)) & 0xFF)
                let cb = Int((b[index] >> UInt32(shift)) & 0xFF)
                delta = max(delta, abs(ca - cb))
            }
            largest = max(largest, delta)
            guard delta > maxChannelDelta else { continue }
            differing += 1
            let x = index % actual.width
            let y = index / actual.width
            if let current = box {
                box = (min(current.0, x), min(current.1, y), max(current.2, x), max(current.3, y))
            } else {
                box = (x, y, x, y)
            }
        }
        return ImageComparison(
            differingPixels: differing, totalPixels: a.count, largestChannelDelta: largest, differenceBox: box
        )
    }

    /// Whether this run records goldens instead of comparing (ANIMDEMO_RECORD_GOLDENS=1).
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["ANIMDEMO_RECORD_GOLDENS"] == "1"
    }

    /// The `Goldens/` folder beside a test file (`#filePath` of the caller).
    public static func directory(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    }

    /// Where a failed comparison leaves its evidence: `.build/golden-failures/` of the package.
    static func failureDirectory(for goldens: URL) -> URL {
        var folder = goldens
        while folder.path != "/"
            && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent(".build/golden-failures")
    }

    /// Checks `frame` against `directory/name.png`. Recording (ANIMDEMO_RECORD_GOLDENS=1)
    /// writes the golden and fails ("recorded — look at it, then commit"). Returns nil when it
    /// matches, else a message naming the evidence: `NAME-actual.png` and `NAME-diff.png`
    /// (differing pixels red over a faded copy of the golden) under `.build/golden-failures/`.
    public static func mismatch(
        _ frame: RenderedFrame, named name: String, in directory: URL, tolerance: GoldenTolerance = .standard
    ) -> String? {
        let path = directory.appendingPathComponent("\(name).png").path
        if isRecording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do {
                try frame.writePNG(to: path)
            } catch {
                return "could not record \(path): \(error)"
            }
            return "recorded \(path) — look at it, then commit"
        }
        guard let golden = try? RenderedFrame(contentsOfPNG: path) else {
            return "missing golden \(path); record it with ANIMDEMO_RECORD_GOLDENS=1"
        }
        guard let comparison = compare(frame, golden, maxChannelDelta: tolerance.maxChannelDelta) else {
            return "size \(frame.width)x\(frame.height) differs from the golden's "
                + "\(golden.width)x\(golden.height)"
        }
        guard comparison.differingFraction > tolerance.maxDifferingFraction else { return nil }
        let failures = failureDirectory(for: directory)
        try? FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
        let actualPath = failures.appendingPathComponent("\(name)-actual.png").path
        let diffPath = failures.appendingPathComponent("\(name)-diff.png").path
        try? frame.writePNG(to: actualPath)
        try? RenderedFrame.difference(frame, golden, threshold: tolerance.maxChannelDelta).writePNG(
            to: diffPath)
        return "\(name): \(comparison); actual \(actualPath), diff \(diffPath)"
    }

    /// The PNG files in `directory` that no name in `used` accounts for.
    public static func unused(in directory: URL, used: Set<String>) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
            .filter { !used.contains($0) }.sorted()
    }
}

/// How far a frame may differ from its golden (docs/ARCHITECTURE.md § Tests).
public struct GoldenTolerance: Sendable {
    /// A pixel differs when any channel differs by more than this (of 255).
    public var maxChannelDelta: Int
    /// The comparison fails when more than this fraction of the pixels differ.
    public var maxDifferingFraction: Double

    public init(maxChannelDelta: Int, maxDifferingFraction: Double) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDifferingFraction = maxDifferingFraction
    }

    /// 2/255: antialiasing rounding between Cairo/pixman builds; 0.05 %: at 800×600 240
    /// pixels, so a one-pixel shift of any edge longer than that fails.
    public static let standard = GoldenTolerance(maxChannelDelta: 2, maxDifferingFraction: 0.0005)
}

/// Compares `frame` with the golden `name` beside the calling test file and records an issue
/// at the caller when it differs (or when recording): the message names the actual frame and
/// the diff image it leaves under `.build/golden-failures/`.
public func expectMatchesGolden(
    _ frame: RenderedFrame, _ name: String, tolerance: GoldenTolerance = .standard,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = GoldenImage.directory(besides: filePath)
    if let message = GoldenImage.mismatch(frame, named: name, in: directory, tolerance: tolerance) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
